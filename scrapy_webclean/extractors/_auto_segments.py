"""A story the template splits in two (see :func:`root_copies`): the root's copies beside it."""

from __future__ import annotations

import math

from .._document import Document, Measures
from .._walk import holds_any, tag_positions, tag_positions_of

#: The most characters the siblings between two segments of a story may hold (an advertisement's
#: label, a video's title, a newsletter's call).
SEGMENT_GAP = 200
#: A segment holds net prose value, or this share of the root's prose at least (with the story's
#: tags, share buttons and related links after it, which the pruning leaves out).
SEGMENT_SHARE = 0.25
#: Between two nameless segments: an embedded player or an ad slot, and at most this many characters.
PLAIN_GAP = 30
#: The most characters a story's headline may follow in its unit beyond those before the root's own (a
#: date line above it), and the most before the root's own that count so (a share bar above both).
DATELINE, HEADLINE_LEAD = 50, 200
_EMBEDS = frozenset({"iframe", "ins", "embed", "object", "video"})


def root_copies(doc: Document, m: Measures, dead: bytearray, named: bytearray, root: int, pos: list[float],
                neg: list[float]) -> list[int]:
    """The siblings of ``root`` that continue its story: of its tag and its name (its class, else
    its id), outside dead and furniture subtrees, of net prose value (``pos`` over ``neg``) or
    :data:`SEGMENT_SHARE` of the root's, each with at most :data:`SEGMENT_GAP` characters in the
    siblings between it and the next one towards ``root``. Templates split a story around an
    advertisement or a video into two wrappers alike, and the block pick's root is the larger one.
    Where the root has neither class nor id, two divisions alike are any two divisions: a copy
    needs net prose value, and an embedded player or an ad slot (:data:`_EMBEDS`) with at most
    :data:`PLAIN_GAP` characters between. Not an ``<article>``'s copies, nor a copy after the root
    that opens with an ``<h1>`` (after a dateline, and the lines the root has above its own: a
    share bar): those are stories of their own."""
    parent = doc.parent[root]
    if parent < doc.body or doc.tags[root] == "article":
        return []
    tag, end, text_len, name = doc.tags[root], doc.end, m.text_len, _name(doc, root)
    plain = not name[0]
    embeds = tag_positions_of(doc, _EMBEDS) if plain else []
    before = _before_h1(doc, root)
    lead = before if before <= HEADLINE_LEAD else 0  # (one template sets the same lines above each headline)
    row = list(doc.children(parent))
    at = row.index(root)
    found: list[int] = []
    for side in (row[at + 1:], row[at - 1::-1] if at else []):
        gap, embed = 0, False
        for c in side:
            if doc.tags[c] == tag and _name(doc, c) == name and not dead[c] and not named[c] \
                    and (pos[c] > neg[c] or (not plain and pos[c] >= SEGMENT_SHARE * pos[root])) \
                    and (embed or not plain) and not (c > root and _before_h1(doc, c) <= DATELINE + lead):
                found.append(c)
                gap, embed = 0, False
                continue
            gap += text_len[c]
            embed = embed or holds_any(embeds, c, end[c])
            if gap > (PLAIN_GAP if plain else SEGMENT_GAP):
                break
    return sorted(found)


def headed_copy(doc: Document, h: int, o: int, root: int) -> tuple[int, int]:
    """The children of the nearest element inside ``root`` holding both ``h`` and ``o`` (two
    ``<h1>``) that hold each, when they are of one tag and name and hold one ``<h1>`` each: two
    stories in one template; else ``(-1, -1)``."""
    parent, end = doc.parent, doc.end
    common = parent[h]
    while common >= root and not common <= o < end[common]:
        common = parent[common]
    if common < root:
        return -1, -1
    a, c = h, o
    while parent[a] != common:
        a = parent[a]
    while parent[c] != common:
        c = parent[c]
    if a == h or doc.tags[a] != doc.tags[c] or _name(doc, a) != _name(doc, c) \
            or len(tag_positions(doc, "h1", a, end[a])) != 1 or len(tag_positions(doc, "h1", c, end[c])) != 1:
        return -1, -1
    return a, c


def _name(doc: Document, i: int) -> tuple[str, str]:
    """``i``'s class, else its id, with the attribute's name; ``("", "")`` for neither (read as the
    block pick read them: :meth:`~scrapy_webclean._document.Document.class_id_style`)."""
    read = doc.class_id_style(i)
    if read is not None:
        for key, value in (("class", read[0]), ("id", read[1])):
            if value and value.strip():
                return key, value.strip()
    return "", ""


def _before_h1(doc: Document, i: int) -> float:
    """The characters of ``i``'s text before its first ``<h1>`` (infinite without one)."""
    heads = tag_positions(doc, "h1", i, doc.end[i])
    return sum(doc.own_len[i:heads[0]]) if heads else math.inf
