"""A second story after the first: ``page_runs.py --probe next`` copies the story's unit (its
``<article>`` when one holds the story's container within three levels, else the container) and
sets the copy right after it, after a "Next article" label, with every Latin letter of its text
enciphered (:mod:`cipher_probe`): another story in the same template, as a page that preloads its
infinite scroll's next story holds. The gold text is unchanged.

Here the page's title and the first story's place are all that tell the two apart; every
extractor keeps both on most pages (see docs/auto.md): the probe checks that rules joining a
story's parts do not join two stories."""

from __future__ import annotations

from copy import deepcopy

import lxml.html

from cipher_probe import encipher_tree
from short_probe import parsed_story


def next_story(raw: bytes, charset: str | None, gold: str) -> bytes | None:
    """The page (as UTF-8) with a second story after its own; None where the story has under
    :data:`short_probe.MIN_PARAGRAPHS` paragraphs or they sit in ``<body>`` itself."""
    story = parsed_story(raw, charset, gold)
    if story is None:
        return None
    root, unit = story[0], story[1][0][0].getparent()
    if unit is None or unit.tag in ("body", "html"):
        return None
    a = unit
    for _ in range(3):
        a = a.getparent()
        if a is None or a.tag in ("body", "html"):
            break
        if a.tag == "article":
            unit = a
            break
    twin = deepcopy(unit)
    twin.tail = None
    encipher_tree(twin)
    label = unit.makeelement("div", {"class": "next-label"})
    label.text = "Next article"
    unit.addnext(label)
    label.addnext(twin)
    return lxml.html.tostring(root, encoding="utf-8")
