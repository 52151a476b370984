"""Links that lead nowhere else, and a heading's button, read as the ``<span>`` they render as by every extractor (see
:func:`unlink_targets`; the flattening in :mod:`scrapy_webclean._parse` calls it once per page)."""

from __future__ import annotations

from typing import Any

from ._tags import HEADINGS as _HEADINGS
from ._walk import positions

__all__ = ["unlink_targets"]


def unlink_targets(nodes: list[Any], tags: list[str], parent: list[int], end: list[int]) -> None:
    """Read a named anchor that holds content (``<a name=...>`` with no
    ``href`` and no event handler: a link target, often left unclosed
    round whole sections of an old page) as the ``<span>`` it renders as,
    not as a link; and so a heading's own permalink, a link to a place on
    the page round the heading's words (``<h3 id=x><a href="#x">``), and a
    heading's button (an accordion's ``<h3><button aria-controls=x>``), which
    holds the title of the section it opens, not a control's label."""
    for i in positions(tags, "a"):
        el = nodes[i]
        href = el.get(b"href")  # (byte keys: not encoded per read)
        if href is not None:
            if href.startswith("#") and len(href) > 1 and _heading_s_own(nodes, tags, parent, i):
                tags[i] = "span"
            continue
        if el.get(b"name") is None:
            continue
        text = el.text
        if (end[i] > i + 1 or (text and not text.isspace())) and not _handled(el):
            tags[i] = "span"
    for i in positions(tags, "button"):
        if tags[parent[i]] in _HEADINGS:
            tags[i] = "span"  # an accordion's heading: its button holds the section's title


def _heading_s_own(nodes: list[Any], tags: list[str], parent: list[int], i: int) -> bool:
    """Whether link ``i`` to a place on the page is its heading's: inside a heading (or
    a wrapper in one), a permalink (``<h3 id=x><a href="#x">``) or the toggle of the section it heads
    (an accordion's ``href="#collapse-1"``), not a script's handle (an event handler)."""
    p = parent[i]
    if not (tags[p] in _HEADINGS or (p > 0 and tags[parent[p]] in _HEADINGS)):
        return False
    return not _handled(nodes[i])


def _handled(el: Any) -> bool:
    """Whether element ``el`` has an event handler (``onclick``...): a script's link, not a target or a title."""
    return any(k.startswith("on") for k in el.attrib)
