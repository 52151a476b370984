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
title is longer than any title (:data:`TITLE_MAX`), and parses again.
"""

from __future__ import annotations

import re

__all__ = ["TITLE_MAX", "close_title"]

#: A title of more characters than this is a page that a title swallowed.
TITLE_MAX = 2000

_TITLE_OPEN = re.compile(r"<title\b[^>]*>", re.IGNORECASE)
_TITLE_END = re.compile(r"</title", re.IGNORECASE)
#: A run-on title's own words: leading white space, then up to markup or a line break.
_RUN_ON = re.compile(r"\s*[^<\r\n]*")


def close_title(source: str) -> str | None:
    """``source`` with its first title ended at its misspelt end tag, or, when no
    end tag follows it, emptied of its run-on words; ``None`` without a title."""
    opened = _TITLE_OPEN.search(source)
    if opened is None:
        return None
    end = _TITLE_END.search(source, opened.end())
    if end is not None:
        return f"{source[:end.start()]}</title>{source[end.start():]}"
    run_on = _RUN_ON.match(source, opened.end())
    rest = run_on.end() if run_on is not None else opened.end()
    return f"{source[:opened.end()]}</title>{source[rest:]}"
