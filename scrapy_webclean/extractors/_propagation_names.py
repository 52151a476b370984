"""What a node's class, id and style tell the propagation pick
(:mod:`._propagation`), as readability reads them: a class weight (+25 for
a positive name, -25 for a negative one), and the subtrees ruled out before
any paragraph is scored (hidden ones, and unlikely-named ones unless a name
also says "maybe content")."""

from __future__ import annotations

from functools import lru_cache

from .._cache import BoundedCache
from .._deadline import CHUNK, check_deadline
from .._document import HIDDEN_STYLE, UNREAD, ClassIdStyle, Document, Measures
from ._auto_forms import login_boxes
from ._auto_words import _ARBITRARY_VALUE
from ._literals import literal_union

__all__ = ["node_weight", "positive_name", "ruled_out"]

# Each a set of words, searched for as a trie (see ``literal_union``): found wherever one of them occurs.
_UNLIKELY = literal_union((
    "combx", "comment", "community", "disqus", "extra", "foot", "header", "menu", "remark", "rss", "shoutbox",
    "sidebar", "sponsor", "ad-break", "agegate", "pagination", "pager", "popup", "tweet", "twitter"))
_MAYBE = literal_union(("and", "article", "body", "column", "main", "shadow", "content"))
_POSITIVE = literal_union(("article", "body", "content", "entry", "hentry", "main", "page", "post", "text", "blog",
                           "story"))
_NEGATIVE = literal_union((
    "combx", "comment", "com-", "contact", "foot", "footer", "footnote", "masthead", "media", "meta", "outbrain",
    "promo", "related", "scroll", "shoutbox", "sidebar", "sponsor", "shopping", "tags", "tool", "widget", "share",
    "social", "nav"))
#: Tags never ruled out for their names.
_NEVER_UNLIKELY = frozenset({"html", "body", "article", "main"})


def _weight(names: str) -> int:
    """Readability's class weight: -25 for a negative name, +25 for a positive one."""
    if not names:
        return 0
    return _cached_weight(names) if len(names) <= _CACHED_NAME else _class_weight(names)


def _unlikely(names: str) -> bool:
    return _cached_unlikely(names) if len(names) <= _CACHED_NAME else _is_unlikely(names)


# Lower case first and case-sensitive patterns: six times faster than
# re.IGNORECASE over these alternations.
def _lowered(names: str) -> str:
    """``names`` in lower case, without utility classes' arbitrary values (see ``_ARBITRARY_VALUE``)."""
    names = names.lower()
    return _ARBITRARY_VALUE.sub(" ", names) if "[" in names else names


def positive_name(names: str) -> bool:
    """Whether a class or id name reads as content to readability (``article``, ``body``, ``post``...)."""
    return bool(_POSITIVE.search(_lowered(names)))


def _class_weight(names: str) -> int:
    names = _lowered(names)
    return (25 if _POSITIVE.search(names) else 0) - (25 if _NEGATIVE.search(names) else 0)


def _is_unlikely(names: str) -> bool:
    names = _lowered(names)
    return bool(_UNLIKELY.search(names)) and not _MAYBE.search(names)


#: A site repeats a few hundred class strings: their verdicts are cached
#: (bounded; long strings are judged each time, never kept). Most names
#: only need the one (whether unlikely content), a few also their weight.
_CACHED_NAME = 200
_cached_weight = lru_cache(maxsize=8192)(_class_weight)
_cached_unlikely = lru_cache(maxsize=8192)(_is_unlikely)


def node_weight(doc: Document, i: int) -> int:
    """Node ``i``'s class weight (see :func:`_weight`), from its class and
    id (none without attributes)."""
    read = doc.class_id_style(i)
    return _weight("" if read is None else _joined(read[0], read[1]))


def _joined(cls: str | None, ident: str | None) -> str:
    return f"{cls or ''} {ident or ''}".strip()


def ruled_out(doc: Document, m: Measures, names: bool = True) -> bytearray:
    """Hidden (styled so, or by attribute: see Document.attribute_hidden) and (``names``) unlikely-named
    subtrees, log-in boxes, plus invisible tags (and, after the body's start, their subtrees)."""
    n, body = len(doc), doc.body
    tags, end = doc.tags, doc.end
    class_id_style = doc.class_id_style
    reads, more = doc.class_id_style_reads()  # (read in place, a call only for a node not read yet)
    out = bytearray(m.excluded)
    _out_beside_body(doc, out)
    verdicts = _RULED_OUT[names]
    seen = verdicts.get
    i = body + 1
    while i < n:  # the nodes after the body's start, each subtree ruled out skipped whole
        check_deadline()  # (once per chunk of nodes, not a test per node)
        chunk = min(n, i + CHUNK)
        while i < chunk:
            if not out[i]:
                read = reads[i]
                if read is UNREAD:
                    read = class_id_style(i)
                if read is None or tags[i] in _NEVER_UNLIKELY:
                    i += 1
                    continue
                verdict = seen(read)
                if verdict is None:
                    verdict = _rule_out(read, names)
                    if len(read[0] or "") + len(read[1] or "") + len(read[2] or "") < _CACHED_NAME:
                        verdicts.put(read, verdict)
                if not verdict and more[i] != 2:
                    i += 1  # (more 2: hidden, see Document.attribute_hidden)
                    continue
            e = end[i]  # the whole subtree is out
            out[i:e] = b"\x01" * (e - i)
            i = e
    for box in login_boxes(doc):  # a log-in box, whatever its names and styles
        out[box:end[box]] = b"\x01" * (end[box] - box)
    return out


def _out_beside_body(doc: Document, out: bytearray) -> None:
    """Rule out what follows the body's start under an ancestor that is
    out (the body, or an element holding it: never invisible, but a site
    tree may remove it): the whole body, or the ancestor's later children."""
    parent, end, below = doc.parent, doc.end, -1
    a = doc.body
    while a >= 0:
        if out[a]:
            start = a + 1 if below < 0 else end[below]
            out[start:end[a]] = b"\x01" * (end[a] - start)
        below, a = a, parent[a]


def _rule_out(read: ClassIdStyle, names: bool) -> bool:
    """Whether a node of this class, id and style is ruled out: hidden, or (``names``) unlikely content."""
    cls, ident, style = read
    return bool(style and HIDDEN_STYLE.search(style)) or (names and _unlikely(_joined(cls, ident)))


#: Verdicts of :func:`_rule_out` per (class, id, style), with the names read or not (bounded, short ones kept).
_RULED_OUT = {True: BoundedCache[ClassIdStyle, bool](8192), False: BoundedCache[ClassIdStyle, bool](1024)}
