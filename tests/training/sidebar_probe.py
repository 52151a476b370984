"""A sidebar of teasers beside a page's story: ``page_runs.py --probe sidebar`` and
``--probe sidebar-short`` (the story cut to its first two paragraphs, as ``short2`` cuts it).

Old templates set a column beside the story: recent posts with their excerpts, a book list with
blurbs, the section's headlines with a line each. Without class names (as on a site whose names no
rule knows), such a column is a block of linked headlines and prose that may outweigh a short story.
Each story of four paragraphs or more gets one, right after the element that holds its paragraphs:
six to nine items (by a hash of the gold text), each a linked headline and a two-sentence summary
(:data:`related_probe.TEASERS`), under a label. The gold text stays as it was (``sidebar-short``: cut
as the story is): every word of the column an extractor keeps counts against it.
"""

from __future__ import annotations

from typing import Any

import lxml.html

from comment_probe import gold_seed, put_after
from related_probe import TEASERS
from short_probe import cut_story, parsed_story

#: The probes, each by how many of the story's paragraphs it keeps (None: all).
SIDEBAR_PROBES = {"sidebar": None, "sidebar-short": 2}
#: The column's labels, one picked for each page.
LABELS = ("Recent posts", "Latest news", "Recommended reading", "In this section")


def sidebar_markup(seed: int) -> str:
    """A column of six to nine teasers (by ``seed``) under a label, without class names."""
    items = []
    for i in range(6 + seed % 4):
        headline, summary = TEASERS[(seed * 7 + i * 5) % len(TEASERS)]
        _, more = TEASERS[(seed * 7 + i * 5 + 1) % len(TEASERS)]
        slug = "-".join(headline.lower().split()[:5]).strip(":")
        items.append(f'<li><a href="/news/{slug}">{headline}</a><p>{summary} {more}</p></li>')
    return f"<div><h3>{LABELS[seed % len(LABELS)]}</h3><ul>{''.join(items)}</ul></div>"


def _holder(elements: list[Any]) -> Any:
    """The innermost element holding every one of ``elements``."""
    chains = [list(el.iterancestors()) for el in elements]
    common = set(chains[0]).intersection(*map(set, chains[1:]))
    return next(el for el in chains[0] if el in common)


def sidebar(raw: bytes, charset: str | None, gold: str, keep: int | None) -> tuple[bytes, str] | None:
    """The page (as UTF-8) with a column of teasers after its story's holder, and the gold text (the
    story cut to its first ``keep`` paragraphs when ``keep`` is given); None where the story has
    under :data:`short_probe.MIN_PARAGRAPHS` paragraphs."""
    story = parsed_story(raw, charset, gold)
    if story is None:
        return None
    root, found = story
    put_after(root, _holder([p for p, _ in found]), lxml.html.fragment_fromstring(sidebar_markup(gold_seed(gold))))
    if keep is not None:
        gold = cut_story(found, gold, keep)
    return lxml.html.tostring(root, encoding="utf-8"), gold
