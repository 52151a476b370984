"""Keeping a page within what the HTML parser can hold.

Two of libxml2's limits lose content or time on hostile pages, and both are
dealt with here, on the decoded source, before the one parse:

**Depth.** libxml2's HTML parser stops at a nesting depth of 2048 (256
without its huge-tree option): everything after the point where the page
first nests that deep is silently dropped, the text *after* the deep part
included. A page of 20,000 nested ``<div>`` followed by an article would
come back empty. :func:`limit_depth` rewrites such a source so that no
element opens deeper than a given depth: start tags (and their matching end
tags) that would open beyond it are removed, and their text stays where it
was. Only tags go; no character of text is removed, and raw-text elements
(``<script>``, ``<style>``, ...) keep their content hidden.

The depth is estimated with a tokenizer that follows the HTML tokenizer's
states (comments, quoted attribute values, raw text, ``<plaintext>``) and a
stack of open elements. Three estimates, each more pessimistic:

- ``"implied"``: end tags close up to their match, and the common implied
  end tags are applied (``<p>`` closed by a block, ``<li>`` by ``<li>``,
  table rows and cells, ...), as the parser does;
- ``"explicit"``: only end tags close elements (the parser may close more,
  so this never underestimates depth through an implied close);
- ``"count"``: nothing ever closes, so every kept start tag adds a level;
  after ``max_depth`` start tags no further start tag is kept. The parser
  cannot nest deeper than this, whatever it makes of the markup.

:class:`~scrapy_webclean._document.Document` parses the page as it is, and
only when the tree reaches the parser's limit re-parses the rewritten source,
trying the estimates in that order until the tree fits.

**Attributes.** libxml2 compares each attribute of a tag with every one
before it (to drop duplicates), and lxml reads attributes the same way: the
time grows with the square of one tag's attribute count (20,000 attributes
on one tag take seconds, 40,000 take tens of seconds).
:func:`~scrapy_webclean._attr_limits.cap_attributes` removes the attributes of
a tag beyond a maximum. It runs on every page, so
its common path is one regular-expression scan in C over the whole source;
only tags that are not plainly small (and raw-text elements) reach Python.

All the work here is linear in the source size: the regular expressions are
anchored, built from single character classes, and made atomic where they
repeat, so they cannot backtrack; outputs are assembled from slices.
"""

from __future__ import annotations

import re

__all__ = ["limit_depth", "MODES", "raw_end_tag"]

MODES = ("implied", "explicit", "count")

#: Elements that never have content or an end tag.
VOID_TAGS = frozenset({
    "area", "base", "basefont", "bgsound", "br", "col", "embed", "frame", "hr", "img", "input", "keygen",
    "link", "meta", "param", "source", "track", "wbr",
})
#: Elements whose content is text up to their own end tag (the parser reads
#: no markup inside them).
RAW_TEXT_TAGS = frozenset({"script", "style", "xmp", "iframe", "noembed", "noframes", "title", "textarea"})

_P_CLOSERS = frozenset({
    "address", "blockquote", "center", "dir", "div", "dl", "fieldset", "form", "h1", "h2", "h3", "h4", "h5",
    "h6", "hr", "li", "listing", "menu", "ol", "p", "pre", "table", "ul", "dd", "dt", "xmp",
})
_SECTION_CLOSERS = frozenset({"tbody", "thead", "tfoot"})
#: Current element -> start tags that close it (libxml2 checks the current
#: element only, repeatedly).
_CLOSED_BY: dict[str, frozenset[str]] = {
    "p": _P_CLOSERS,
    "li": frozenset({"li"}),
    "dt": frozenset({"dt", "dd"}),
    "dd": frozenset({"dt", "dd"}),
    "option": frozenset({"option", "optgroup"}),
    "tr": frozenset({"tr"}) | _SECTION_CLOSERS,
    "td": frozenset({"td", "th", "tr"}) | _SECTION_CLOSERS,
    "th": frozenset({"td", "th", "tr"}) | _SECTION_CLOSERS,
    "thead": _SECTION_CLOSERS,
    "tbody": _SECTION_CLOSERS,
    "tfoot": _SECTION_CLOSERS,
    "a": frozenset({"a"}),
}

# Each pattern is anchored (used with .match) and made of single character
# classes under a star: it consumes greedily and cannot backtrack.
_SPACE = re.compile(r"[\t\n\f\r ]*")
_SEPARATORS = re.compile(r"[\t\n\f\r /]*")
_NAME = re.compile(r"[A-Za-z][^\t\n\f\r />]*")
_ATTR_NAME = re.compile(r"[^\t\n\f\r />][^\t\n\f\r />=]*")
_UNQUOTED = re.compile(r"[^\t\n\f\r >]*")
_COMMENT_END = re.compile(r"--!?>")


def _end(pattern: re.Pattern[str], src: str, i: int) -> int:
    """Where ``pattern`` (one that matches here, if only the empty string) stops matching at ``i``."""
    m = pattern.match(src, i)
    if m is None:  # pragma: no cover - the callers' patterns always match here
        raise AssertionError(f"{pattern.pattern!r} does not match at {i}")
    return m.end()


def raw_end_tag(name: str) -> str:
    """The pattern of the end tag that closes the raw-text element ``name``
    (``<script>``, ``<style>``, ...): "</", the name in any case, and a
    character that ends a tag name. The one definition for the depth
    limit's tokenizer here and the attribute cap's scan
    (:mod:`scrapy_webclean._attr_limits`): both must read a raw-text
    element's text as ending at the same place."""
    # "</" outside the case-insensitive part lets a search skip ahead to
    # each "</" at C speed.
    return rf"</(?i:{name})[\t\n\f\r />]"


_RAW_END: dict[str, re.Pattern[str]] = {t: re.compile(raw_end_tag(t)) for t in RAW_TEXT_TAGS}


def _tag_end(src: str, i: int) -> tuple[int, bool]:
    """Read the attributes of a tag from ``i`` (just after its name).

    Returns ``(index after the closing '>', self-closing)``, or ``(-1,
    False)`` when the source ends inside the tag (the parser drops it).
    """
    n = len(src)
    while True:
        i = _end(_SEPARATORS, src, i)
        if i >= n:
            return -1, False
        if src[i] == ">":
            return i + 1, src[i - 1] == "/"
        i = _end(_SPACE, src, _end(_ATTR_NAME, src, i))
        if i < n and src[i] == "=":
            i = _end(_SPACE, src, i + 1)
            if i >= n:
                return -1, False
            quote = src[i]
            if quote == '"' or quote == "'":
                close = src.find(quote, i + 1)
                if close < 0:
                    return -1, False
                i = close + 1
            else:
                i = _end(_UNQUOTED, src, i)


def limit_depth(src: str, max_depth: int, mode: str = "implied", *,
                line_break_tags: frozenset[str] = frozenset()) -> str:
    """``src`` with every start tag that would open deeper than ``max_depth``
    removed, together with its end tag; text and other markup unchanged.

    ``mode`` is one of :data:`MODES` (see the module docstring). The removed
    tags of elements in ``line_break_tags`` become ``<br>`` (which nests
    nothing), so their text still starts a new line. A source that never
    nests that deep is returned as it is.

    >>> limit_depth("<div><div><div>deep</div></div></div><p>after</p>", 2)
    '<div><div>deep</div></div><p>after</p>'
    """
    if mode not in MODES:
        raise ValueError(f"mode must be one of {MODES}, not {mode!r}")
    implied = mode == "implied"
    count = mode == "count"
    n = len(src)
    stack = _OpenElements()
    cut: list[tuple[int, int, str]] = []  # source spans replaced, and by what
    opened = 0  # start tags kept so far ("count" mode)
    pos = 0
    while True:
        lt = src.find("<", pos)
        if lt < 0 or lt + 1 >= n:
            break
        skip = _comment_end(src, lt)
        if skip is not None:
            if skip < 0:
                break  # an unclosed comment runs to the end
            pos = skip
            continue
        if src[lt + 1] == "/":
            m = _NAME.match(src, lt + 2)
            assert m is not None  # else a bogus comment, skipped above
            after, _ = _tag_end(src, m.end())
            if after < 0:
                break
            pos = after
            # Close up to the innermost open element of that name, if any.
            open_at = stack.where.get(m.group().lower())
            if open_at:
                k = open_at[-1]
                if not stack.kept[k]:
                    cut.append((lt, after, "<br>" if stack.names[k] in line_break_tags else ""))
                stack.pop_to(k)
            continue
        m = _NAME.match(src, lt + 1)
        if m is None:
            pos = lt + 1
            continue
        after, self_closing = _tag_end(src, m.end())
        if after < 0:
            break
        pos = after
        name = m.group().lower()
        if implied:
            while stack.names and name in _CLOSED_BY.get(stack.names[-1], ()):
                stack.pop_to(len(stack.names) - 1)
        if name in VOID_TAGS:
            continue
        if name in RAW_TEXT_TAGS or name == "plaintext":
            # Its content is text (never markup, never cut) up to its end tag.
            resume = _text_end(src, name, after)
            if resume is None:
                break
            pos = resume
            continue
        if self_closing:
            continue
        keep = (opened if count else stack.depth_kept) < max_depth
        opened += keep
        if not keep:
            cut.append((lt, after, "<br>" if name in line_break_tags else ""))
        stack.push(name, keep)
    return _splice(src, cut)


class _OpenElements:
    """The elements open at the point the source is read to, innermost last."""

    __slots__ = ("names", "kept", "where", "depth_kept")

    def __init__(self) -> None:
        self.names: list[str] = []
        self.kept: list[bool] = []  # whether each one's start tag was kept
        self.where: dict[str, list[int]] = {}  # name -> its positions in ``names``
        self.depth_kept = 0  # open elements whose start tags were kept

    def push(self, name: str, keep: bool) -> None:
        self.where.setdefault(name, []).append(len(self.names))
        self.names.append(name)
        self.kept.append(keep)
        self.depth_kept += keep

    def pop_to(self, k: int) -> None:
        """Close the elements from position ``k`` in."""
        names, kept, where = self.names, self.kept, self.where
        while len(names) > k:
            where[names.pop()].pop()
            self.depth_kept -= kept.pop()


def _comment_end(src: str, lt: int) -> int | None:
    """Where the source resumes after the comment or bogus comment
    (``<!DOCTYPE ...>``, ``<?xml ...?>``, ``</ 3>``: up to ">") opened at
    ``lt``; -1 when it runs to the end; None when ``lt`` opens no comment."""
    c = src[lt + 1]
    if src.startswith("<!--", lt):
        if src.startswith(">", lt + 4) or src.startswith("->", lt + 4):
            return src.find(">", lt + 4) + 1
        m = _COMMENT_END.search(src, lt + 4)
        return -1 if m is None else m.end()
    if c == "!" or c == "?" or (c == "/" and _NAME.match(src, lt + 2) is None):
        gt = src.find(">", lt + 2)
        return -1 if gt < 0 else gt + 1
    return None


def _text_end(src: str, name: str, after: int) -> int | None:
    """Where markup resumes after the start tag ``name`` that ends at
    ``after``: the end tag of a raw-text element (script, style, ...), or
    ``after`` for another tag; ``None`` when the rest of the page is text
    (``<plaintext>``, or a raw-text element that is never closed)."""
    if name == "plaintext":
        return None
    if name in RAW_TEXT_TAGS:
        m = _RAW_END[name].search(src, after)
        return None if m is None else m.start()
    return after


def _splice(src: str, cuts: list[tuple[int, int, str]]) -> str:
    """``src`` with each span ``(start, end, replacement)`` (in order, not
    overlapping) replaced."""
    if not cuts:
        return src
    pieces = []
    start = 0
    for a, b, replacement in cuts:
        pieces.append(src[start:a])
        pieces.append(replacement)
        start = b
    pieces.append(src[start:])
    return "".join(pieces)
