"""Responsive copies of the text inside a chosen body.

Page builders write one block several times, one copy per screen size
(``hide-on-mobile`` / ``hide-on-desktop``, ``desktop`` / ``tablet`` /
``mobile``, Bootstrap's ``d-md-none``, Framer's ``ssr-variant``), and a style
sheet shows one. A reader sees the text once. Inside the body returned, an
element named as such a copy whose text the body also holds elsewhere is left
out (when every copy is so named, the first in reading order stays). So is a
copy named hidden (``hidden``, ``is-hidden``, ``hide``) whose text the body
shows elsewhere: a post's preview, a quoted post a script opens.
"""

from __future__ import annotations

import re
from functools import lru_cache

from .._deadline import check_deadline
from .._document import Document
from .._render import NodeSelection

__all__ = ["without_variants"]

#: How a class (lower case) names a copy for one screen size.
_VARIANT = re.compile(
    r"(?:^|[\s_-])(?:mobile|desktop|tablet)(?:$|[\s_-])|(?:^|\s)ssr-variant(?:$|\s)|"
    r"(?:hidden|visible)-(?:xs|sm|md|lg|xl|up|down)\b|"
    r"(?:^|\s)(?:sm|md|lg|xl|2xl):hidden\b|\bd-(?:sm|md|lg|xl)-none\b|\b(?:hide|show)-for-(?:small|medium|large)\b|"
    # A copy a script shows in place of another (a post's preview, a quoted
    # post): named hidden, its text shown elsewhere.
    r"(?:^|[\s_-])(?:hidden|hide|invisible)(?:$|[\s_-])")
#: Copies shorter than this (non-space characters) are not looked at: labels repeat for other reasons.
_MIN_COPY = 80


def _is_variant(names: str) -> bool:
    return _VARIANT.search(names.lower()) is not None


#: A site repeats a few hundred class strings: their verdicts are remembered (bounded).
_variant_name = lru_cache(maxsize=8192)(_is_variant)


def without_variants(doc: Document, selection: NodeSelection, kept: bytearray) -> NodeSelection:
    """``selection`` without the screen-size copies of text it holds elsewhere
    (``kept``: the nodes it renders, its controls' aside: those are too short to
    hold a copy, see :func:`~scrapy_webclean.extractors.auto.tidy`)."""
    root = selection.root
    text_len, end = doc.measures.text_len, doc.end
    copies: list[int] = []
    i, stop = root + 1, end[root]
    while i < stop:
        if not kept[i] or text_len[i] < _MIN_COPY:
            i = end[i]  # nothing under it is kept or long enough
            continue
        read = doc.class_id_style(i)
        if read is not None and read[0] and _variant_name(read[0]):
            copies.append(i)
            i = end[i]  # the outermost copy
            continue
        i += 1
    if not copies:
        return selection
    check_deadline()
    whole = " ".join(selection.text().split())
    drop: list[int] = []
    for i in reversed(copies):  # the last copies go first: the first stays
        text = " ".join(NodeSelection(doc, i, selection.drop, excluded=selection.excluded).text().split())
        if len(text) >= _MIN_COPY and whole.count(text) >= 2:
            drop.append(i)
            whole = whole.replace(text, "", 1)
    return selection.without(drop)
