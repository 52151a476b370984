"""Stories cut short: ``page_runs.py --probe short1`` (``short2``) keeps the first paragraph (two) of
each story of four or more and drops the rest, from the page and from its gold text.

A story's paragraphs are the ``<p>`` elements whose whole text (white space collapsed) is a line of
the gold text of 40 characters or more, each gold line matched once, in document order. A page with
fewer than four is left out of the probe's run. A dropped paragraph's tail (text after it, inside
its parent) stays where it was. The gold keeps its other lines: the headline, a dateline, a byline.

Unseen sites publish one- and two-paragraph stories (briefs, video pages) in the templates that
hold long ones on the shared pages: there a box beside the story may outweigh it.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

import lxml.html

from scrapy_webclean._document import parse

#: The probes, by the paragraphs each keeps.
SHORT_PROBES = {"short1": 1, "short2": 2}
#: A story must have this many paragraphs found for its page to be cut.
MIN_PARAGRAPHS = 4
#: A gold line shorter than this is no paragraph (a caption, a byline, a subheading).
MIN_LINE = 40
_SPACE = re.compile(r"\s+")


def _collapsed(text: str) -> str:
    return _SPACE.sub(" ", text).strip()


def _remove(el: Any) -> None:
    """``el`` taken out of its parent, its tail left in place."""
    parent = el.getparent()
    if el.tail:
        prev = el.getprevious()
        if prev is not None:
            prev.tail = (prev.tail or "") + el.tail
        else:
            parent.text = (parent.text or "") + el.tail
    parent.remove(el)


def story_paragraphs(root: Any, gold: str) -> list[tuple[Any, str]]:
    """The ``<p>`` elements under ``root`` whose whole text (white space collapsed) is a line of
    ``gold`` of :data:`MIN_LINE` characters or more, each gold line matched once, in document
    order, with their texts."""
    wanted = Counter(line for line in map(_collapsed, gold.split("\n")) if len(line) >= MIN_LINE)
    found = []
    for p in root.iter("p"):
        text = _collapsed("".join(p.itertext()))
        if wanted[text] > 0:
            wanted[text] -= 1
            found.append((p, text))
    return found


def parsed_story(raw: bytes, charset: str | None, gold: str) -> tuple[Any, list[tuple[Any, str]]] | None:
    """The page parsed as ``auto`` parses it (its lxml root) and its story's paragraphs (see
    :func:`story_paragraphs`); None where it has under :data:`MIN_PARAGRAPHS` of them."""
    root = parse(raw, encoding=charset).root
    if root is None:
        return None
    found = story_paragraphs(root, gold)
    return (root, found) if len(found) >= MIN_PARAGRAPHS else None


def shorten(raw: bytes, charset: str | None, gold: str, keep: int) -> tuple[bytes, str] | None:
    """The page (as UTF-8) and its gold text with all but the story's first ``keep`` paragraphs
    dropped; None where the story has under :data:`MIN_PARAGRAPHS` paragraphs."""
    story = parsed_story(raw, charset, gold)
    if story is None:
        return None
    root, found = story
    gold = cut_story(found, gold, keep)
    return lxml.html.tostring(root, encoding="utf-8"), gold


def cut_story(found: list[tuple[Any, str]], gold: str, keep: int) -> str:
    """Drop all but the first ``keep`` of a story's paragraphs ``found`` (see :func:`story_paragraphs`)
    from their page; the gold text ``gold`` without their lines."""
    lines = [line for line in map(_collapsed, gold.split("\n")) if line]
    dropped = Counter(text for _, text in found[keep:])
    for p, _ in found[keep:]:
        _remove(p)
    kept = []
    for line in lines:
        if dropped[line] > 0:
            dropped[line] -= 1
        else:
            kept.append(line)
    return "\n".join(kept)
