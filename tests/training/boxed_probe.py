"""Stories in a box's tag: ``page_runs.py --probe boxed`` turns the element holding a story's
paragraphs (a story of four or more, found as :mod:`short_probe` finds them) into an ``<aside>``, a
``<nav>`` or a ``<header>`` (one of the three by a hash of the gold text), keeping its attributes and
content. The gold text is unchanged.

Templates misuse these tags: a blog theme that sets each post in an ``<aside>``, a page builder's
``<header>`` round the whole page, a ``<nav>`` round the body of a table-of-contents article. The
peers mostly read no meaning into them; ``auto`` reads them as boxes beside the text unless they hold
the page's title heading and a short article (see docs/algorithms.md).
"""

from __future__ import annotations

from zlib import crc32

import lxml.html

from short_probe import parsed_story

#: The box tags, one picked for each page.
BOX_TAGS = ("aside", "nav", "header")
#: The containers re-tagged (not ``<body>``, nor a table's cell or a list).
_CONTAINERS = frozenset({"div", "section", "article", "main"})


def boxed(raw: bytes, charset: str | None, gold: str) -> bytes | None:
    """The page (as UTF-8) with its story's container re-tagged as a box; None where the story has
    under :data:`short_probe.MIN_PARAGRAPHS` paragraphs or its first and last paragraphs do not share
    a container."""
    story = parsed_story(raw, charset, gold)
    if story is None:
        return None
    root, found = story[0], [p for p, _ in story[1]]
    parent = found[0].getparent()
    if parent is None or parent.tag not in _CONTAINERS or found[-1].getparent() is not parent:
        return None
    parent.tag = BOX_TAGS[crc32(gold.encode("utf-8")) % len(BOX_TAGS)]
    return lxml.html.tostring(root, encoding="utf-8")
