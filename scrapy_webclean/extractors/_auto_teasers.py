"""Lists of teaser cards (three or more of a linked headline with a short summary), which the
block pick discounts as related stories beside an article, and the page whose list of cards is
its content (search results, a job board, a product grid): where such a list holds more prose
than the subtree chosen without it, and its cards open with their linked headlines, the page is
read as a listing. See docs/algorithms.md."""

from __future__ import annotations

from typing import Sequence

from .._document import Document, Measures
from .._walk import first_words_at, flagged

__all__ = ["TEASER_CARDS", "teaser_list", "teasers_outweigh"]

#: The fewest cards of a list of teasers, and the prose value a card holds at most on average (more: write-ups).
TEASER_CARDS, _CARD_PROSE = 3, 400
#: How many times the best subtree's prose a list of cards holds to be the page's content: a column of
#: teasers beside a short story may hold more than the story does.
_OUTWEIGHS = 2


def teaser_list(cards: int, items: int, prose: float, cut: int) -> bool:
    """Whether a node is a list of teaser cards: ``cards`` of its ``items``
    children holding text are a linked headline with a summary, its prose
    value is ``prose`` and ``cut`` of its cards end their text in an ellipsis
    (a cut summary). Cards with long write-ups are a listicle's body, or
    a blog's latest posts, whole."""
    return cards >= TEASER_CARDS and 2 * cards >= items and (prose < _CARD_PROSE * cards or 2 * cut >= cards)


def teasers_outweigh(doc: Document, m: Measures, named: bytearray, inlink: bytearray, roots: Sequence[int],
                     prose: Sequence[float], root: int, value: float) -> bool:
    """Whether the list of teaser cards (of ``roots``, each with the ``prose`` it held before it was
    discounted) holding the most prose outside furniture and beside ``root`` holds more than
    ``root`` (``value``), its cards opening with their linked headlines (half of them at least: a
    reader comment opens with its message, its author's link below it). One list is read: nested
    lists cost no more than one."""
    end = doc.end
    furniture: bytearray | None = None
    best, most = -1, _OUTWEIGHS * value
    for r, v in zip(roots, prose):
        if v <= most or r <= root < end[r]:
            continue
        if furniture is None:
            furniture = doc.subtree_mask(flagged(named))
        if not furniture[r]:
            best, most = r, v
    return best >= 0 and _open_linked(doc, m, inlink, best)


def _open_linked(doc: Document, m: Measures, inlink: bytearray, r: int) -> bool:
    """Whether half or more of the children of ``r`` holding text open with a link: the first of their
    text pieces holding a letter (a list number or a bracket before it aside) is inside an ``<a>``."""
    cards = opened = 0
    for c in doc.children(r):
        if not doc.tags[c] or not m.text_len[c]:
            continue
        cards += 1
        at = first_words_at(doc, c, excluded=m.excluded)
        opened += inlink[at] if at >= 0 else 0
    return cards > 0 and 2 * opened >= cards
