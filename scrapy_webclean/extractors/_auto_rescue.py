"""The furniture rescue of ``auto``'s block pick: the names of subtrees read as furniture (by name, or
a ``<nav>``/``<aside>``) struck where they turn out to hold the page's story (see :func:`_rescue`)."""

from __future__ import annotations

from .._classify import page_features
from .._deadline import CHECK_EVERY, check_deadline
from .._document import Document
from .._walk import holds_any, marked_above, subtree_text
from ._auto_mark import _Marks
from ._auto_title_lines import _beside, _title_headings, _title_region
from ._auto_phrases import _BOX_LABEL_CHARS, _BYLINE
from ._auto_words import _HEADINGS, BOX_TAG, SHORT_ARTICLE, names_page_end, opener


def _rescue(doc: Document, marks: _Marks, pos: list[float], neg: list[float], stated: int,
            title: str | None) -> int:
    """Strike the names of furniture-named wrappers that hold most of the page's prose (prose, not net
    value: a reference page's text is dense in links; the page's as it was before any name is struck,
    so the order of the wrappers does not matter), their values added to their ancestors'. Never a
    comment thread or a ``<nav>``/``<aside>`` for its size alone (a short story's comments outweigh it;
    a hub's menu holds more prose than its headlines) but when the page's title heading is in it (a
    story under a comment-named wrapper, an opinion column's "section-comment", or in an aside: 200
    characters of prose, or more than the rest of the page), or (a box, on a page not read as a hub)
    over twice the page's prose outside furniture, a box inside another named subtree judged once that
    one is, against the page's prose then (a forum post's signature in an <aside>); nor a wrapper
    named as the page's footer (:func:`._auto_words.names_page_end`) while any prose lies outside
    furniture (a site's description there outweighs a one-paragraph story). The outermost subtree named
    as furniture that shows the stated body (see ``stated``) is the body, the comments in it its posts:
    returned (the thread), else -1. No name is struck for size when the page's title heads a short
    article's worth of prose outside furniture beside the named subtree (see :func:`_beside`): a post
    next to a longer profile, a story around a slideshow."""
    parent, end, body = doc.parent, doc.end, doc.body
    dead, named = marks.dead, marks.named
    thread = -1
    a = stated
    while a > body:
        if named[a] and not dead[a]:
            thread = a
        a = parent[a]
    region: tuple[int, int, list[int]] | None = None  # the title's region, found at the first big subtree
    page = pos[body]  # the page's prose outside furniture, before any name is struck
    hub = page_features(doc, doc.url)["score"] <= 0
    later = list[int]()  # untitled boxes in named subtrees: judged once those are
    for i in range(len(doc) - 1, body, -1):
        if not i & CHECK_EVERY:
            check_deadline()
        k = named[i]
        if not k or dead[i]:
            continue
        if k == BOX_TAG:  # a <nav> or <aside>: the story when the title heading or twice the page's prose is in it
            titled = holds_any(_title_headings(doc, title), i, end[i])
            if not titled and thread < 0 and marked_above(parent, named, i, body):
                later.append(i)
                continue
            big = (pos[i] >= SHORT_ARTICLE or pos[i] > page) if titled else _outweighs(pos, i, page, hub)
        elif k == 2 and pos[i] > page:
            # A comment thread's name only with the page's title heading in it (an opinion column's
            # "section-comment").
            big = holds_any(_title_headings(doc, title), i, end[i])  # (read once a parse: a shared list)
        else:
            big = k == 1 and pos[i] > page and not (page > 0 and names_page_end(doc, i))
        if big and thread < 0:
            if region is None:  # no name struck yet: the values are the page's own
                region = _title_region(doc, dead, named, pos, neg, title)
            big = not _beside(end, region, i, pos, k == BOX_TAG and not _opens_labelled(doc, i))
        if big or (thread >= 0 and thread <= i < end[thread] and (k == 2 or i <= stated < end[i])):
            _strike(parent, named, pos, neg, i)
    for i in later:  # against the page's prose (and title region) as they are now, the subtrees around decided
        if not marked_above(parent, named, i, body) and _outweighs(pos, i, pos[body], hub) \
                and not _beside(end, region or _title_region(doc, dead, named, pos, neg, title), i, pos,
                                not _opens_labelled(doc, i)):
            _strike(parent, named, pos, neg, i)
    return thread


def _outweighs(pos: list[float], i: int, page: float, hub: bool) -> bool:
    """Whether untitled box ``i`` holds over twice the page's prose outside furniture (``page``), a
    short article's at least, on a page not read as a hub: the story set in a box."""
    return pos[i] > max(2 * page, SHORT_ARTICLE) and not hub


def _strike(parent: list[int], named: bytearray, pos: list[float], neg: list[float], i: int) -> None:
    """Strike the name of ``i``: its values are added to its ancestors' up to the nearest one named."""
    named[i] = 0
    a, dp, dn = parent[i], pos[i], neg[i]
    while a >= 0:
        pos[a] += dp
        neg[a] += dn
        if named[a]:
            break
        a = parent[a]


def _opens_labelled(doc: Document, box: int) -> bool:
    """Whether the first words of ``box`` are a heading of its own that reads as a box's label (4-40
    characters other than white space, no byline): an "Analysis" beside the story, not the headline,
    a subheading or a byline opening the story's own element."""
    k = opener(doc, box, _HEADINGS)
    if k < 0:
        return False
    text = subtree_text(doc, k)
    return _BOX_LABEL_CHARS[0] <= len("".join(text.split())) <= _BOX_LABEL_CHARS[1] and not _BYLINE.match(text)
