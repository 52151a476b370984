"""A ``<title>`` never closed.

The parser reads a title's content as text up to ``</title>``: when that end
tag is missing or misspelt (``</titlevalue="true" -->``, a page cut and pasted
together by a crawler or a CMS), the whole page becomes the title and the
body is empty, though a browser's user saw the story. :func:`close_title`
ends such a title at its misspelt end tag, as the browser's tab shows it;
a title never closed at all names nothing (as
:func:`~scrapy_webclean._meta_title.browser_title` reads it, so that
``og:title`` or the ``<h1>`` name the page), and its run-on words, up to the
first markup or line break, go with it. The rest parses as the page it was.
:class:`~scrapy_webclean._document.Document` calls it only when the parsed
title has swallowed markup (:func:`swallowed`, the test ``browser_title``
reads a title by), and parses again.
"""

from __future__ import annotations

import re

__all__ = ["TITLE_END", "close_title", "run_on", "swallowed"]

_TITLE_OPEN = re.compile(r"<title\b[^>]*>", re.IGNORECASE)
#: A misspelt closing tag ("</titlevalue=...") ends the title where the page meant it to.
TITLE_END = re.compile(r"</title", re.IGNORECASE)
#: Markup in a title's text: the ``<title>`` was left open and runs into the page's source.
_MARKUP = re.compile(r"<[!/?a-zA-Z]|-->|/>")
#: A title's text longer than this with markup in it runs into the page's source (a title that
#: shows a tag as words, "30 Years of <br> Tags", is short).
_RUN_ON_CHARS = 300
#: A run-on title's own words: leading white space, then up to markup or a line break.
_RUN_ON = re.compile(r"\s*[^<\r\n]*")
#: How much of the parsed title finds the ``<title>`` it came from.
_TITLE_PREFIX = 40


def run_on(title: str) -> bool:
    """Whether a title's text runs on into the page's markup (its ``<title>`` left open)."""
    return len(title) > _RUN_ON_CHARS and _MARKUP.search(title) is not None


def swallowed(title: str | None) -> bool:
    """Whether the parsed title took in markup: read past a misspelt end tag, or left open."""
    if not title or "<" not in title:
        return False
    return TITLE_END.search(title) is not None or run_on(title)


def close_title(source: str, title: str | None = None) -> str | None:
    """``source`` with its title ended at its misspelt end tag, or, when no end tag
    follows it, emptied of its run-on words; ``None`` without a title. The title is
    the ``<title>`` whose text begins as the parsed ``title`` does (one in a comment
    or a script before it is not the one the parser read), else the first."""
    opened = _TITLE_OPEN.search(source)
    if opened is None:
        return None
    start = (title or "").lstrip()[:_TITLE_PREFIX]
    if start:
        opened = next((o for o in _TITLE_OPEN.finditer(source)
                       if source[o.end():o.end() + _TITLE_PREFIX + 200].lstrip().startswith(start)), opened)
    end = TITLE_END.search(source, opened.end())
    if end is not None:
        return f"{source[:end.start()]}</title>{source[end.start():]}"
    run_on = _RUN_ON.match(source, opened.end())
    rest = run_on.end() if run_on is not None else opened.end()
    return f"{source[:opened.end()]}</title>{source[rest:]}"
