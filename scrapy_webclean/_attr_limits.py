"""Capping the attributes of each tag (see :mod:`scrapy_webclean._parser_limits`,
whose tokenizer this shares): libxml2's cost grows with the square of a tag's
attributes."""

from __future__ import annotations

import re
import string

from ._parser_limits import (_ATTR_NAME, _NAME, _SEPARATORS, _SPACE, _UNQUOTED, RAW_TEXT_TAGS, _end, _splice,
                             _text_end, raw_end_tag)
from ._regex import HAS_ATOMIC, atomic, compile_atomic

__all__ = ["cap_attributes"]

# -- attributes -----------------------------------------------------------------
_VALUE = r"""(?:"[^"]*"|'[^']*'|[^\t\n\f\r >"'][^\t\n\f\r >]*)"""
#: One token of a tag after its name: a run of separators, or an attribute
#: (name, and a value after "=" when there is one).
_TOKEN = atomic(rf"""[\t\n\f\r /]+|[^\t\n\f\r />][^\t\n\f\r />=]*(?:[\t\n\f\r ]*=[\t\n\f\r ]*{_VALUE})?""")
_TOKENS = compile_atomic(rf"{_TOKEN}*", 0)


def _possessive(x: str, quantifier: str) -> str:
    """``x`` (one atom: a character class or a group) repeated by
    ``quantifier`` possessively: as often as it matches, never giving a
    repeat back (as an atomic group around the repeat, and faster)."""
    if HAS_ATOMIC:
        return f"{x}{quantifier}+"
    return atomic(f"{x}{quantifier}")


# The patterns above once more, every repeat in them possessive: each one
# takes what the atomic group around it would (what follows a repeat never
# starts with what it repeats), so they match what those do.
_SPACE_CHAR = r"[\t\n\f\r ]"
_SEPARATOR_CHAR = r"[\t\n\f\r /]"
_NAME_CHAR = r"[^\t\n\f\r />]"  # a tag name's (after its first letter), an attribute name's first
_ATTR_NAME_CHAR = r"[^\t\n\f\r />=]"
_FAST_NAME_CHAR = r"""[^\t\n\f\r />=<"']"""
_UNQUOTED_CHAR = r"[^\t\n\f\r >]"
_VALUE_ONCE = ("(?:" + '"' + _possessive('[^"]', "*") + '"|' + "'" + _possessive("[^']", "*") + "'|"
               + r"""[^\t\n\f\r >"']""" + _possessive(_UNQUOTED_CHAR, "*") + ")")
_SPACES_ONCE = _possessive(_SPACE_CHAR, "*")
_TOKEN_ONCE = ("(?:" + _possessive(_SEPARATOR_CHAR, "+") + "|" + _NAME_CHAR + _possessive(_ATTR_NAME_CHAR, "*")
               + _possessive(f"(?:{_SPACES_ONCE}={_SPACES_ONCE}{_VALUE_ONCE})", "?") + ")")
_FAST_ATTRIBUTE_ONCE = ("(?:" + _possessive(_SPACE_CHAR, "+") + _possessive(_FAST_NAME_CHAR, "+")
                        + _possessive(f"(?:={_VALUE_ONCE})", "?") + ")")
#: The first letter of a tag's name that does not start a raw-text tag's name (nor "plaintext"), under
#: ``re.IGNORECASE`` as the names read: a letter no such name starts with, or one that does, the rest of
#: each such name not following it. (One look ahead per tag at most, and only after those letters; under
#: the flag the two kinds of letters match no character in common: "ſ" is an "s", "K" a "k".)
_RAW_OR_PLAIN = sorted(RAW_TEXT_TAGS | {"plaintext"})
_RAW_FIRST = sorted({t[0] for t in _RAW_OR_PLAIN})
_NOT_RAW_LETTER = ("(?:[" + "".join(c + c.upper() for c in string.ascii_lowercase if c not in _RAW_FIRST) + "]|"
                   + "|".join(rf"{c}(?!(?:{'|'.join(t[1:] for t in _RAW_OR_PLAIN if t[0] == c)})(?=[\t\n\f\r />]))"
                              for c in _RAW_FIRST) + ")")


def _safe_run(max_tokens: int) -> re.Pattern[str]:
    """A pattern that consumes a run of markup needing no attention.

    That is: text, closed comments and bogus comments, stray ``<``, end
    tags, start tags of at most ``max_tokens`` tokens, and raw-text elements
    (``<script>``, ``<style>``, ...) whose start tag has at most that many,
    with their text. Each alternative and each repeat is atomic or
    possessive, so the scan is linear whatever the input. What it stops at
    (``<plaintext>``; a tag with more tokens; an unclosed comment or tag) is
    left to the Python loop of :func:`cap_attributes`.
    """
    tokens = _possessive(_TOKEN_ONCE, f"{{0,{max_tokens}}}")
    # The common tag: spaces before each attribute, none around "=", no
    # quotes, "/" or "<" in names. A fast path, bounded the same way.
    attributes = _possessive(_FAST_ATTRIBUTE_ONCE, f"{{0,{max_tokens // 2}}}") + rf"{_SPACES_ONCE}/?>"
    # The tag name (the Python loop's ``_NAME``) must be possessive too:
    # attribute names may use the same characters, and giving name
    # characters back to them is quadratic.
    rest = _possessive(_NAME_CHAR, "*")
    name = "[A-Za-z]" + rest
    name_end = r"(?=[\t\n\f\r />])"
    alternatives = "|".join((
        _possessive("[^<]", "+"),
        rf"</?{_NOT_RAW_LETTER}{rest}{attributes}",
        rf"<{_NOT_RAW_LETTER}{rest}{tokens}>",
        rf"</{name}{tokens}>",
        r"<!--(?:>|->|.*?--!?>)",
        r"<!(?!--)[^>]*>",
        r"<\?[^>]*>",
        r"</(?![A-Za-z])[^>]*>",
        r"<(?![A-Za-z!?/])",
    ))
    # A raw-text element (``<script>``, ``<style>``, ...) whose start tag is
    # of the common form and keeps under the cap (each attribute after a
    # space: one of the Python loop's attributes): the tag, then its text up
    # to its own end tag (or the end of the page), as the loop reads them
    # (see ``_text_end``: the same ``raw_end_tag``); the start tag's name in
    # ASCII case only, as ``str.lower`` reads it there.
    text = _possessive("[^<]", "*")
    raw = "|".join(
        rf"<{_ascii_any_case(t)}{name_end}{attributes}{text}"
        + _possessive(rf"(?:(?!{raw_end_tag(t)})<{text})", "*")
        for t in sorted(RAW_TEXT_TAGS))
    return compile_atomic(_possessive(f"(?:{alternatives}|{raw})", "*"), re.IGNORECASE | re.DOTALL)


def _ascii_any_case(name: str) -> str:
    """A pattern for ``name`` in any mix of ASCII case (not the Unicode case
    folding of ``re.IGNORECASE``, under which "ſ" is an "s")."""
    return "(?-i:" + "".join(f"[{c}{c.upper()}]" for c in name) + ")"


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
