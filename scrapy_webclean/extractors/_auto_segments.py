"""A story the template splits in two (see :func:`root_copies`): the root's copies beside it."""

from __future__ import annotations

from .._document import Document

#: The most characters the siblings between two segments of a story may hold (an advertisement's
#: label, a video's title, a newsletter's call).
SEGMENT_GAP = 200
#: A segment holds net prose value, or this share of the root's prose at least (with the story's
#: tags, share buttons and related links after it, which the pruning leaves out).
SEGMENT_SHARE = 0.25


def root_copies(doc: Document, dead: bytearray, named: bytearray, root: int, pos: list[float],
             neg: list[float]) -> list[int]:
    """The siblings of ``root`` that continue its story: of its tag and its class (its id where it
    has no class; a root with neither has none), outside dead and furniture subtrees, of net prose
    value (``pos`` over ``neg``) or :data:`SEGMENT_SHARE` of the root's, each with at most
    :data:`SEGMENT_GAP` characters in the siblings between it and the next one towards ``root``.
    Templates split a story around an advertisement or a video into two wrappers alike, and the
    block pick's root is the larger one."""
    parent = doc.parent[root]
    if doc.tags[root] == "article":
        return []  # (two articles side by side are two stories: a feed, an infinite scroll's next one)
    key = "class" if (doc.nodes[root].get("class") or "").strip() else "id"
    name = doc.nodes[root].get(key)
    if parent < doc.body or not name or not name.strip():
        return []
    tag, end, own = doc.tags[root], doc.end, doc.own_len
    row = list(doc.children(parent))
    at = row.index(root)
    found: list[int] = []
    for side in (row[at + 1:], row[at - 1::-1] if at else []):
        gap = 0
        for c in side:
            if doc.tags[c] == tag and doc.nodes[c].get(key) == name and not dead[c] and not named[c] \
                    and (pos[c] > neg[c] or pos[c] >= SEGMENT_SHARE * pos[root]) \
                    and not (c > root and _headed(doc, c)):
                found.append(c)
                gap = 0
                continue
            gap += sum(own[c:end[c]])
            if gap > SEGMENT_GAP:
                break
    return sorted(found)


def _headed(doc: Document, i: int) -> bool:
    """Whether an ``<h1>`` opens ``i``'s text: a story of its own (an infinite scroll's next one)."""
    own, stop = doc.own_len, doc.end[i]
    first = next((j for j in range(i, stop) if own[j]), stop)
    try:
        return doc.tags.index("h1", i, stop) <= first
    except ValueError:
        return False
