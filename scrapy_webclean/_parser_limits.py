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
on one tag take seconds, 40,000 take tens of seconds). :func:`cap_attributes`
removes the attributes of a tag beyond a maximum. It runs on every page, so
its common path is one regular-expression scan in C over the whole source;
only tags that are not plainly small (and raw-text elements) reach Python.

All the work here is linear in the source size: the regular expressions are
anchored, built from single character classes, and made atomic where they
repeat, so they cannot backtrack; outputs are assembled from slices.
"""

from __future__ import annotations

import itertools
import re
import sys

__all__ = ["limit_depth", "cap_attributes", "MODES"]

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
# "</" outside the case-insensitive part lets the search skip ahead to each
# "</" at C speed.
_RAW_END: dict[str, re.Pattern[str]] = {
    t: re.compile(rf"</(?i:{t})[\t\n\f\r />]") for t in RAW_TEXT_TAGS
}


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
    names: list[str] = []  # the open elements, innermost last
    kept: list[bool] = []  # whether each open element's start tag was kept
    where: dict[str, list[int]] = {}  # name -> its positions in ``names``
    cut: list[tuple[int, int, str]] = []  # source spans replaced, and by what
    depth_kept = 0  # open elements whose start tags were kept
    opened = 0  # start tags kept so far ("count" mode)

    def pop_to(k: int) -> None:
        nonlocal depth_kept
        while len(names) > k:
            where[names.pop()].pop()
            depth_kept -= kept.pop()

    pos = 0
    while True:
        lt = src.find("<", pos)
        if lt < 0 or lt + 1 >= n:
            break
        c = src[lt + 1]
        if src.startswith("<!--", lt):
            if src.startswith(">", lt + 4) or src.startswith("->", lt + 4):
                pos = src.find(">", lt + 4) + 1
                continue
            m = _COMMENT_END.search(src, lt + 4)
            if m is None:
                break  # an unclosed comment runs to the end
            pos = m.end()
            continue
        m = _NAME.match(src, lt + 2) if c == "/" else None
        if c == "!" or c == "?" or (c == "/" and m is None):
            # A bogus comment (<!DOCTYPE ...>, <?xml ...?>, </ 3>): up to ">".
            gt = src.find(">", lt + 2)
            if gt < 0:
                break
            pos = gt + 1
            continue
        if m is not None:
            after, _ = _tag_end(src, m.end())
            if after < 0:
                break
            pos = after
            # Close up to the innermost open element of that name, if any.
            open_at = where.get(m.group().lower())
            if open_at:
                k = open_at[-1]
                if not kept[k]:
                    cut.append((lt, after, "<br>" if names[k] in line_break_tags else ""))
                pop_to(k)
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
            while names and name in _CLOSED_BY.get(names[-1], ()):
                pop_to(len(names) - 1)
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
        keep = (opened if count else depth_kept) < max_depth
        opened += keep
        if not keep:
            cut.append((lt, after, "<br>" if name in line_break_tags else ""))
        where.setdefault(name, []).append(len(names))
        names.append(name)
        kept.append(keep)
        depth_kept += keep
    return _splice(src, cut)


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


# -- attributes -----------------------------------------------------------------
_HAS_ATOMIC = sys.version_info >= (3, 11)
_atomic_ids = itertools.count()


def _atomic(x: str) -> str:
    """``x`` as an atomic group: once matched it is never re-entered, so a
    failure later in the pattern cannot make it backtrack."""
    if _HAS_ATOMIC:
        return f"(?>{x})"
    name = f"a{next(_atomic_ids)}"  # the classic emulation before Python 3.11
    return f"(?=(?P<{name}>{x}))(?P={name})"


_VALUE = r"""(?:"[^"]*"|'[^']*'|[^\t\n\f\r >"'][^\t\n\f\r >]*)"""
#: One token of a tag after its name: a run of separators, or an attribute
#: (name, and a value after "=" when there is one).
_TOKEN = _atomic(rf"""[\t\n\f\r /]+|[^\t\n\f\r />][^\t\n\f\r />=]*(?:[\t\n\f\r ]*=[\t\n\f\r ]*{_VALUE})?""")
_TOKENS = re.compile(rf"{_TOKEN}*")
_FAST_ATTRIBUTE = _atomic(rf"""[\t\n\f\r ]+[^\t\n\f\r />=<"']+(?:={_VALUE})?""")
_RAW_NAMES = "|".join(sorted(RAW_TEXT_TAGS))


def _safe_run(max_tokens: int) -> re.Pattern[str]:
    """A pattern that consumes a run of markup needing no attention.

    That is: text, closed comments and bogus comments, stray ``<``, end
    tags, and start tags of at most ``max_tokens`` tokens. Each alternative
    and each token is atomic, so the scan is linear whatever the input.
    What it stops at (a raw-text element such as ``<script>``, whose content
    must be skipped; ``<plaintext>``; a tag with more tokens; an unclosed
    comment or tag) is left to the Python loop of :func:`cap_attributes`.
    """
    tokens = rf"{_TOKEN}{{0,{max_tokens}}}"
    # The tag name must be atomic too: attribute names may use the same
    # characters, and giving name characters back to them is quadratic.
    name = _atomic(r"[A-Za-z][^\t\n\f\r />]*")
    name_end = r"(?=[\t\n\f\r />])"
    alternatives = "|".join((
        r"[^<]+",
        # The common tag: spaces before each attribute, none around "=", no
        # quotes, "/" or "<" in names. A fast path, bounded the same way.
        rf"</?(?!(?:plaintext|{_RAW_NAMES}){name_end}){name}{_FAST_ATTRIBUTE}"
        rf"{{0,{max_tokens // 2}}}[\t\n\f\r ]*/?>",
        rf"<(?!(?:plaintext|{_RAW_NAMES}){name_end}){name}{tokens}>",
        rf"</{name}{tokens}>",
        r"<!--(?:>|->|.*?--!?>)",
        r"<!(?!--)[^>]*>",
        r"<\?[^>]*>",
        r"</(?![A-Za-z])[^>]*>",
        r"<(?![A-Za-z!?/])",
    ))
    return re.compile(rf"{_atomic(alternatives)}*", re.IGNORECASE | re.DOTALL)


_SAFE_RUNS: dict[int, re.Pattern[str]] = {}


def cap_attributes(src: str, max_attributes: int) -> str:
    """``src`` with the attributes of each tag beyond the first
    ``max_attributes`` removed; everything else unchanged.

    >>> cap_attributes('<p a=1 b="2 >" c d>text</p>', 2)
    '<p a=1 b="2 >" >text</p>'
    """
    run = _SAFE_RUNS.get(max_attributes)
    if run is None:
        # Two tokens per attribute (the attribute and a separator) and one
        # more: a tag that fits has at most this many.
        run = _SAFE_RUNS.setdefault(max_attributes, _safe_run(2 * max_attributes + 1))
    n = len(src)
    cut: list[tuple[int, int, str]] = []
    pos = 0
    while True:
        pos = _end(run, src, pos)
        if pos >= n:
            break
        # A "<" the fast scan left to us: an unclosed comment, a raw-text or
        # <plaintext> start tag, a tag with many tokens, or a tag cut off by
        # the end of the page.
        if src.startswith("<!--", pos) or src[pos + 1:pos + 2] in ("!", "?", "/", ""):
            name_at = pos + 2 if src.startswith("</", pos) else -1
            if name_at < 0 or _NAME.match(src, name_at) is None:
                break  # a comment or bogus comment that never closes
        else:
            name_at = pos + 1
        m = _NAME.match(src, name_at)
        if m is None:  # pragma: no cover - the run consumes every other "<"
            break
        after = _read_attributes(src, m.end(), max_attributes, cut)
        if after < 0:
            break  # the page ends inside the tag
        if name_at == pos + 1:  # a start tag
            resume = _text_end(src, m.group().lower(), after)
            if resume is None:
                break
            after = resume
        pos = after
    return _splice(src, cut)


def _read_attributes(src: str, i: int, max_attributes: int, cut: list[tuple[int, int, str]]) -> int:
    """Read a tag's attributes from ``i``; record the span of those beyond
    ``max_attributes`` in ``cut``. Returns the index after the tag's ``>``,
    or -1 when the page ends inside the tag."""
    n = len(src)
    count = 0
    while True:
        i = _end(_SEPARATORS, src, i)
        if i >= n:
            return -1
        if src[i] == ">":
            return i + 1
        count += 1
        if count > max_attributes:
            # Skip the rest in one atomic scan, then cut it (keeping a
            # final "/" of a self-closing tag).
            j = _end(_TOKENS, src, i)
            if j >= n:
                return -1
            stop = j - 1 if src[j - 1] == "/" else j
            cut.append((i, stop, ""))
            return j + 1
        i = _end(_SPACE, src, _end(_ATTR_NAME, src, i))
        if i < n and src[i] == "=":
            i = _end(_SPACE, src, i + 1)
            if i >= n:
                return -1
            quote = src[i]
            if quote == '"' or quote == "'":
                close = src.find(quote, i + 1)
                if close < 0:
                    return -1
                i = close + 1
            else:
                i = _end(_UNQUOTED, src, i)
