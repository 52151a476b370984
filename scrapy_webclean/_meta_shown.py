"""Title, author and date: declared candidates checked against what the page shows.

:func:`settle_title` and :class:`ShownFields` take the ranked declared
candidates collected by :mod:`._metadata` and the page's visible text, and
settle the three fields a reader sees under the headline (the title at
once: the extractor reads it; author and date when first asked for):

* **title**: the ``<h1>`` that agrees with a declared title, else the
  declared title without the site's name (:func:`._meta_title.choose_title`);
* **author**: the first declared byline that still names a person once
  cleaned (not the site, not a handle, not a job title), else the byline
  shown near the headline;
* **date**: the publication date as the page shows it: one labelled
  "Published" anywhere (a label line's over one a sentence tells); else
  the declared publication date when the page shows it too (or shows the
  day before or after it: the declared time is UTC, the shown day the
  site's), or on a discussion thread (its first post's date; the dates
  shown near the title are replies' and members'; a thread by JSON-LD, not
  an FAQ's questions, or by a publication date declared per post); else
  the day in the URL's path (a permalink's); else an unlabelled date shown
  just above or below the headline (a byline's; further above, it is a
  sidebar's list); else, on a page with a byline, the "Updated" date
  shown there (over a declared publication date it does not show); else
  the declared publication date. Never a modified date over a publication
  date the page shows, nor a declared modified date.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from datetime import date, datetime, timedelta
from typing import AbstractSet, Any, Callable, Sequence

from ._document import Document
from ._meta_author import BYLINE_CLASS, SiteNames, clean_authors, firm_name, shown_byline
from ._meta_date import find_dates, parse_date, url_date
from ._meta_title import browser_title, choose_title, site_key, title_site_parts

__all__ = ["settle_title", "ShownFields"]

_HOST = re.compile(r"^[a-z][a-z0-9+.-]*://(?:www\.)?([^/:?#]+)", re.IGNORECASE)
#: Visible characters around the headline where a byline or an unlabelled date is looked for.
_BEFORE, _AFTER = 300, 2500
#: A declared time with its own (non-UTC) offset: its day is already the site's.
_LOCAL_OFFSET = re.compile(r"[+-](?!00:?00)\d\d:?\d\d\s*$")
#: Characters of a text piece showing a labelled date as a label line, not in a sentence.
_LABEL_LINE = 80
#: Ancestors of a text piece checked for a byline class.
_BYLINE_DEPTH = 4
#: A byline element holds none of these (an ``<article>`` classed ``author-jane-doe`` holds the post).
_HEADINGS = frozenset({"h1", "h2"})
#: Paragraphs a byline element may hold (an author box's bio), more: a post.
_BYLINE_PARAGRAPHS = 3
#: Elements of code, quotations and form labels (not ``<blockquote>``: old pages indent their whole
#: text with it), and the ancestors of a text piece checked for them.
_QUOTE_TAGS = frozenset({"pre", "code", "q", "samp", "kbd", "label"})
_QUOTE_DEPTH = 8
#: A login name: one lower-case word with a digit, or joined by ".", "-", "_".
_LOGIN = re.compile(r"^(?=\S*[a-z])(?:[a-z]+[._-][a-z0-9._-]+|[a-z]+\d[a-z0-9]*)$")
#: Classes of a quotation, a customer's testimonial, a reader's comment: the name there is not the author's.
_QUOTE_CLASS = re.compile(r"quote|testimonial|(?:^|\s)comment", re.IGNORECASE)


def _reference(doc: Document) -> date | None:
    ref = doc.memo.get("reference_date")
    if isinstance(ref, datetime):
        return ref.date()
    if isinstance(ref, date):
        return ref
    if isinstance(ref, str):
        value = parse_date(ref)
        return date.fromisoformat(value) if value else None
    return None


def _visible(doc: Document, headline: int | None) -> tuple[list[str], list[int], int | None]:
    """The visible text pieces, their nodes, and the headline's character offset.
    The whole page's: a site style tree's cleaning removes the byline and date
    lines as template (their place is the same on every page).

    The pieces of :func:`._document.text_nodes` in its order (an element's
    text on entering it, its tail once its subtree is done), in one loop
    over the node arrays without a call per node; the invisible mask is the
    measures' own when the page has nothing removed (the same mask)."""
    if doc.is_empty:
        return [], [], None
    excluded = doc.excluded_mask() if doc.removed is None else doc.invisible_mask()
    texts, tails, end, parent = doc.texts, doc.tails, doc.end, doc.parent
    root = doc.body
    pieces: list[str] = []
    owners: list[int] = []
    add, own = pieces.append, owners.append
    first = -1  # the first piece of a node at or after the headline
    limit = len(texts) if headline is None else headline
    stack: list[int] = []
    push, pop = stack.append, stack.pop
    i, stop = root, end[root]
    while i < stop:
        while stack and end[stack[-1]] <= i:
            j = pop()
            if j != root and tails[j]:
                if first < 0 and j >= limit:
                    first = len(pieces)
                add(tails[j])
                own(parent[j])
        if excluded[i]:
            if i != root and tails[i]:
                if first < 0 and i >= limit:
                    first = len(pieces)
                add(tails[i])
                own(parent[i])
            i = end[i]
            continue
        if texts[i]:
            if first < 0 and i >= limit:
                first = len(pieces)
            add(texts[i])
            own(i)
        push(i)
        i += 1
    while stack:
        j = pop()
        if j != root and tails[j]:
            if first < 0 and j >= limit:
                first = len(pieces)
            add(tails[j])
            own(parent[j])
    at = None if headline is None or first < 0 else sum(map(len, pieces[:first])) + first
    return pieces, owners, at


def _holds_no_post(tags: Sequence[str]) -> bool:
    """Whether a byline-classed element's descendants (``tags``) hold no post: no headline, at most a
    few paragraphs (an author box's bio; WordPress classes a whole post ``author-admin``)."""
    return not any(t in _HEADINGS for t in tags) and tags.count("p") <= _BYLINE_PARAGRAPHS


def _byline_test(doc: Document, owners: list[int]) -> Callable[[int], bool]:
    """Whether piece ``k``'s node or one of its near ancestors is a byline
    element (``rel``/``itemprop`` author, a byline class or id) that holds a
    byline, not a post's headline (WordPress classes a post's ``<article>``
    ``author-jane-doe``); each node looked at once, however many pieces share it."""
    parent, nodes, tags, end = doc.parent, doc.nodes, doc.tags, doc.end
    known: dict[int, bool] = {}

    def marks(i: int) -> bool:
        v = known.get(i)
        if v is None:
            el = nodes[i]
            v = known[i] = bool(tags[i]) and bool(
                el.get("rel") == "author" or el.get("itemprop") == "author"
                or BYLINE_CLASS.search(el.get("class") or "") or BYLINE_CLASS.search(el.get("id") or "")) \
                and _holds_no_post(tags[i + 1:end[i]])
        return v

    def in_byline(k: int) -> bool:
        i = owners[k]
        for _ in range(_BYLINE_DEPTH):
            if i < 0:
                return False
            if marks(i):
                return True
            i = parent[i]
        return False

    return in_byline


def _quoted_test(doc: Document, owners: list[int]) -> Callable[[int], bool]:
    """Whether piece ``k`` is in code, a quotation, a form's label or a comment (``<pre>``,
    ``<code>``, ``<q>``, ``<label>``, a class "quote", "testimonial", "comment..."): "GENERATED BY
    DEFAULT" in SQL, "- Ann Lee" under a quote, "Name:", "Posted by: Ann" under a comment, are no
    byline."""
    parent, tags, nodes = doc.parent, doc.tags, doc.nodes
    known: dict[int, bool] = {}

    def quoted(k: int) -> bool:
        start = owners[k]
        v = known.get(start)
        if v is None:
            i, v = start, False
            for _ in range(_QUOTE_DEPTH):
                if i < 0:
                    break
                if tags[i] in _QUOTE_TAGS or (tags[i] and _QUOTE_CLASS.search(nodes[i].get("class") or "")):
                    v = True
                    break
                i = parent[i]
            known[start] = v
        return v

    return quoted


def _span(at: int | None) -> tuple[int, int]:
    """The offsets around the headline (``at``) where a byline and its date are looked for."""
    return (at or 0) - _BEFORE, (at or 0) + _AFTER


def _window(pieces: list[str], at: int | None) -> range:
    start, stop, offset = None, len(pieces), 0
    lo, hi = _span(at)
    for k, p in enumerate(pieces):
        if start is None and offset >= lo:
            start = k
        if offset > hi:
            stop = k
            break
        offset += len(p) + 1
    return range(start or 0, stop)


def _labelled_published(found: list[tuple[int, str, str]], pieces: list[str]) -> str | None:
    """The first date labelled "Published" or "Posted on" that a short piece shows (a label
    line, "Posted on April 13, 2023"), else the first labelled one (one a sentence tells:
    "This post was originally published on ...")."""
    labelled = [(off, v) for off, v, label in found if label == "published"]
    if len(labelled) < 2:
        return labelled[0][1] if labelled else None
    starts, offset = [], 0
    for p in pieces:
        starts.append(offset)
        offset += len(p) + 1
    for off, v in labelled:
        piece = pieces[bisect_right(starts, off) - 1]
        if len(" ".join(piece.split())) <= _LABEL_LINE:
            return v
    return labelled[0][1]


def _choose_date(declared: Sequence[tuple[str, bool]], thread: bool, pieces: list[str],
                 found: list[tuple[int, str, str]], at: int | None, ref: date | None,
                 url: str | None, byline: Callable[[], bool]) -> str | None:
    published = _labelled_published(found, pieces)
    if published:
        return published
    raw, weak = next(((v, w) for v, w in declared if parse_date(v, ref)), (None, False))
    stated = parse_date(raw, ref) if raw else None
    lo, hi = _span(at)
    if stated:
        near = {v for off, v, label in found if lo <= off <= hi and label != "updated"}
        if stated in near:
            return stated
        if not _LOCAL_OFFSET.search(raw):
            # Declared in UTC, shown in the site's time zone: the day the reader sees.
            day = date.fromisoformat(stated)
            beside = [d.isoformat() for d in (day - timedelta(days=1), day + timedelta(days=1))
                      if d.isoformat() in near]
            if len(beside) == 1:
                return beside[0]
        if thread or any(v == stated for _, v, _ in found):
            return stated
    # A permalink's day (/2012/11/05/) over a date shown at the top (often today's, a header's).
    shown = url_date(url, ref) or next((v for off, v, label in found if lo <= off <= hi and not label), None)
    if shown:
        return shown
    updated = _byline_updated(found, at)
    if updated and byline():
        return updated  # the day an article's reader sees, over a publication date it does not show
    # A weak type's date (JSON-LD WebPage, which SEO plugins put on every page) counts only when shown.
    return None if weak else stated


def _byline_updated(found: list[tuple[int, str, str]], at: int | None) -> str | None:
    """The first date labelled "Updated" shown just above or below the headline: the
    date line of an article that shows no publication date ("By Ann Lee · Updated:
    December 9, 2025"). The caller takes it only on a page with a byline: a "Last
    updated" line without one is a listing's, a product's or a manual's revision stamp,
    not the page's date."""
    lo, hi = _span(at)
    return next((v for off, v, label in found if lo <= off <= hi and label == "updated"), None)


def settle_title(doc: Document, out: dict[str, Any], titles: Sequence[str],
                 headlines: Sequence[tuple[int, str]], logos: AbstractSet[int] = frozenset()) -> str | None:
    """Set ``title`` in ``out`` (see the module doc); returns the page's host. ``logos``: the
    headlines (node indexes) that link to the site's home page: the site's name, not a headline."""
    m = _HOST.match(doc.url or "")
    host = m.group(1).lower() if m else None
    shown = [t for i, t in headlines if i not in logos]
    names = [t for i, t in headlines if i in logos]
    page_title = browser_title(doc.title)
    declared = titles
    if page_title != doc.title:  # a <title> left open or with tags in it: as its site meant it
        declared = [t for t in (page_title if t == doc.title else t for t in titles) if t]
    title, heading = choose_title(shown, declared, out.get("sitename"), host, page_title, names)
    if title or page_title != doc.title:
        out["title"] = title or page_title
    if heading != title:
        out["_heading"] = heading  # the title as the headline reads: the extractor drops that heading
    return host


#: What gives a page's declared authors and dates, best first (the dates each with whether a weak
#: JSON-LD type declared it): called once, when a field that reads them is first asked for.
Declared = Callable[[], tuple[Sequence[Any], Sequence[tuple[str, bool]]]]


class ShownFields:
    """``author``, ``authors`` and ``date`` of a page, settled on first use
    (:meth:`get`): they read the page's whole visible text, which a caller
    asking only for the body and the title never needs. The visible text is
    gathered once for both fields."""

    __slots__ = ("doc", "titles", "title", "headlines", "sitename", "host", "_declared", "_authors_dates",
                 "thread", "reference", "_visible", "_values")

    def __init__(self, doc: Document, out: dict[str, Any], titles: Sequence[str],
                 headlines: Sequence[tuple[int, str]], host: str | None, declared: Declared,
                 thread: bool = False) -> None:
        """``declared``: what gives the declared authors and dates (see :data:`Declared`), called
        when either field is first asked for."""
        self.doc, self.titles, self.headlines, self.host = doc, titles, headlines, host
        self.title, self.sitename = out.get("_heading", out.get("title")), out.get("sitename")
        self._declared, self.thread = declared, thread
        self._authors_dates: tuple[Sequence[Any], Sequence[tuple[str, bool]]] | None = None
        self.reference = _reference(doc)  # now: the document may be extracted again with another
        self._visible: tuple[list[str], list[int], int | None] | None = None
        self._values: dict[str, Any] = {}

    @property
    def authors(self) -> Sequence[Any]:
        """The declared authors, best first."""
        return self._read_declared()[0]

    @property
    def dates(self) -> Sequence[tuple[str, bool]]:
        """The declared dates, best first, each with whether a weak JSON-LD type declared it."""
        return self._read_declared()[1]

    def _read_declared(self) -> tuple[Sequence[Any], Sequence[tuple[str, bool]]]:
        if self._authors_dates is None:
            self._authors_dates = self._declared()
        return self._authors_dates

    def visible(self) -> tuple[list[str], list[int], int | None]:
        if self._visible is None:
            key = site_key(self.title or "")
            hl = self.headlines
            headline = next((i for i, t in hl if site_key(t) == key), hl[0][0] if hl else None)
            self._visible = _visible(self.doc, headline)
        return self._visible

    def get(self, name: str) -> Any:
        """The value of ``author``, ``authors`` or ``date`` (``None`` when the page has none)."""
        values = self._values
        if name not in values:
            if name == "date":
                pieces, _, at = self.visible()
                found = find_dates(pieces, self.reference)
                day = _choose_date(self.dates, self.thread, pieces, found, at, self.reference, self.doc.url,
                                   lambda: bool(self.get("author")))
                values["date"] = day or None
            else:
                names = self._find_authors()
                values["authors"] = names or None
                values["author"] = ", ".join(names) if names else None
        return values[name]

    def _find_authors(self) -> list[str]:
        host = self.host
        declared = {site_key(self.sitename or ""), site_key(firm_name(self.sitename) or "")} \
            | title_site_parts(self.titles, self.title)
        names = SiteNames(declared, site_key(host.split(".")[-2]) if host and "." in host else None)
        shown: str | None = None
        for value in self.authors:
            found = clean_authors(value, names)
            if found and all(_LOGIN.match(n) for n in found):
                # A CMS account's login ("jane.doe", "jdoe-acme", "jd4x9k2") is a byline only if shown.
                shown = shown if shown is not None else " ".join(self.visible()[0]).lower()
                found = [n for n in found if n.lower() in shown]
            if found:
                return found
        pieces, owners, at = self.visible()
        return shown_byline(pieces, _window(pieces, at), _byline_test(self.doc, owners), names,
                            _quoted_test(self.doc, owners))
