"""The lines of a page that read as its title: the h1-h3 that do, else a line of another tag (a
template's styled division, an old page's table cell). The block pick reads them as the title
heading over a short article; the arbiter reads a wider set as the lines that may open a pick.
Also the region such a heading heads, and whether it stands beside a subtree named as furniture
(:func:`_beside`, the furniture rescue's test)."""

from __future__ import annotations

from collections.abc import Iterable

from .._document import Document
from .._meta_title import links_home
from .._walk import holds_any, tag_positions_of
from ._auto_blocks import _best_root
from ._auto_words import SHORT_ARTICLE, _title_key, title_reads

#: How far above a short article's prose a heading reading as the page's title may open its region.
_HEADED_LEVELS = 3
#: A tenth: what the title's region holds of a named subtree's prose to stand beside it (see :func:`_beside`).
_BESIDE_SHARE = 0.1

__all__ = ["TITLE_LINE_TAGS", "_title_headings"]

#: Headings that may read as the page's title over a short article.
_HEADLINE_TAGS = frozenset({"h1", "h2", "h3"})
#: Where a template may set the title line when not in a heading, and how many such lines are read.
TITLE_LINE_TAGS = frozenset({"h1", "h2", "h3", "h4", "b", "strong", "font", "span", "p", "div", "td", "th", "center"})
_FALLBACK_LINES = 2
_INLINE_TITLE_TAGS = frozenset({"b", "strong", "font", "span"})
#: How far above a title line a link holding no more than it is looked for (a permalink's wrappers).
_LINK_LEVELS = 6


def _title_headings(doc: Document, title: str | None, tags: Iterable[str] = _HEADLINE_TAGS,
                    text_len: list[int] | None = None, most: int = 0) -> list[int]:
    """The elements of ``tags`` (by default the headings h1-h3) that read as the page's title, in
    document order; the first ``most`` of them when it is not 0. With ``text_len``, only those
    whose length lets them (a wide set of tags holds every wrapper of the page: their text is
    not read). A line's key is the title's or a part of it over 10 letters (:func:`_is_title`).
    By default, when no h1-h3 reads as the title, the first lines of other tags that do
    (:func:`_title_lines`), for ``title`` and then for the page's ``<title>``. These are read once
    a parse, the other lines once a view (each pass of the block pick asks): a shared list."""
    if tags is not _HEADLINE_TAGS or text_len is not None or most:
        return _read_title_headings(doc, title, tags, text_len, most)
    headings = title_headlines(doc, title)
    return headings or _title_lines(doc, title) or (_title_lines(doc, doc.title) if doc.title != title else [])


def title_headlines(doc: Document, title: str | None) -> list[int]:
    """The h1-h3 that read as ``title``, in document order (no other lines): read once a parse."""
    key = ("title_headings", title)
    headings = doc.parse_memo.get(key)
    if headings is None:  # (the headings are the parse's; the other lines, measured in a view, the view's)
        headings = doc.parse_memo[key] = _read_title_headings(doc, title, _HEADLINE_TAGS, None, 0)
    return headings


def page_title_headings(doc: Document, title: str | None) -> list[int]:
    """The headings that read as the title found for the page, and the h1-h3 that read as its ``<title>``
    and are not the site's name linked to its home page."""
    found = _title_headings(doc, title)
    if doc.title == title:
        return found
    more = [i for i in title_headlines(doc, doc.title) if not links_home(doc.nodes[i], doc.url)]
    return sorted({*found, *more}) if more else found


def _title_lines(doc: Document, title: str | None) -> list[int]:
    """The first lines outside h1-h3 that read as the page's title (see :data:`TITLE_LINE_TAGS`),
    each a line of its own (an inline element's parent holds no more text than it does) and no link.
    Read once a view for each title (the page's ``<title>`` is looked for under two titles)."""
    key = ("title_lines", title)
    if key not in doc.memo:
        doc.memo[key] = _read_title_lines(doc, title)
    return doc.memo[key]


def _read_title_lines(doc: Document, title: str | None) -> list[int]:
    m = doc.measures
    out: list[int] = []
    for i in _read_title_headings(doc, title, TITLE_LINE_TAGS, m.text_len, 0):
        if not m.link_len[i] and _own_line(doc, m.text_len, i):
            out.append(i)
            if len(out) == _FALLBACK_LINES:
                break
    return out


def _own_line(doc: Document, text_len: list[int], i: int) -> bool:
    """Whether element ``i`` is a line of its own, outside a link: its text is all its parent's when it
    is an inline element, and no ``<a>`` round it (up to :data:`_LINK_LEVELS` above) holds the same text."""
    parent, tags, body = doc.parent, doc.tags, doc.body
    a = parent[i]
    if tags[i] in _INLINE_TITLE_TAGS and text_len[a] != text_len[i]:
        return False
    for _ in range(_LINK_LEVELS):
        if a <= body or text_len[a] != text_len[i]:
            break
        if tags[a] == "a":
            return False
        a = parent[a]
    return True


def _read_title_headings(doc: Document, title: str | None, tags: Iterable[str], text_len: list[int] | None,
                         most: int) -> list[int]:
    title_key = _title_key(title) if title else ""
    if not title_key:
        return []
    if text_len is not None:
        # A wide set of tags (a wrapper's): one pass over the nodes, the length tested first (most
        # fail it), not a search of the tags for each name.
        low, high = min(len(title_key), 11), 2 * len(title_key) + 20
        names, wanted = doc.tags, tags if isinstance(tags, frozenset) else frozenset(tags)
        found = [i for i in range(doc.body, len(names)) if low <= text_len[i] <= high and names[i] in wanted]
    else:
        found = tag_positions_of(doc, tags, doc.body)
    out = [i for i, titled in zip(found, title_reads(doc, found, title_key)) if titled]  # (in document order)
    return out[:most] if most else out


def _title_region(doc: Document, dead: bytearray, named: bytearray, pos: list[float], neg: list[float],
                  title: str | None) -> tuple[int, int, list[int]]:
    """The region of the best net value outside furniture, when a heading
    that reads as the page's title heads it and it holds half a short article's
    prose (else -1); the region's heading wrapper (see :func:`_heading_top`); the headings."""
    headings = _title_headings(doc, title)
    if not headings:
        return -1, -1, headings
    first = _best_root(doc.end, dead, named, pos, neg, doc.body)
    top = _heading_top(doc, first, headings)
    if pos[first] < SHORT_ARTICLE / 2 or top < 0:
        return -1, -1, headings
    return first, top, headings


def _beside(end: list[int], region: tuple[int, int, list[int]], i: int, pos: list[float], box: bool) -> bool:
    """Whether the title's region (see :func:`_title_region`) stands beside the named subtree ``i``: no title heading
    in ``i``, ``i`` outside the region's heading wrapper (``box``, a ``<nav>`` or ``<aside>``: the wrapper of the
    heading, of the region and of ``i`` is an article whose body a template set in a box tag) and the region holds a
    short article's prose or a tenth of ``i``'s (a one-paragraph story beside a sidebar, not a standfirst over a body
    named one)."""
    first, top, headings = region
    if first < 0 or holds_any(headings, i, end[i]) or pos[first] < min(SHORT_ARTICLE, _BESIDE_SHARE * pos[i]):
        return False
    return not (box or top == first) or not top <= i < end[top]


def _heading_top(doc: Document, root: int, headings: list[int]) -> int:
    """The lowest of ``root`` and its ancestors (up to three levels above it) where one of the page's title
    headings (see :func:`_title_headings`) opens ``root``'s region or sits inside it; -1 for none."""
    parent, top, stop = doc.parent, root, doc.end[root]
    for _ in range(_HEADED_LEVELS + 1):
        if holds_any(headings, top, stop):
            return top
        if parent[top] < doc.body:
            break
        top = parent[top]
    return -1


def title_heads(doc: Document, root: int, headings: list[int]) -> bool:
    """Whether one of the page's title headings (see :func:`_title_headings`)
    opens the region of ``root`` (up to three levels above it) or sits inside it."""
    return _heading_top(doc, root, headings) >= 0
