"""What the propagation pick's cleaning (:mod:`._propagation`) counts inside
a list, table or division it judges: paragraphs, images, list items, form
inputs and embeds, as readability-lxml counts them over the whole subtree.

A judged node's subtree is walked; when the walks would add up to more
than the kept region, the region is tallied once instead, at C speed where
it can (the positions of each tag, found with ``list.index``), and each
judged node reads its own counts by bisection: nested divisions do not walk
the same nodes again and again.
"""

from __future__ import annotations

from bisect import bisect_left
from dataclasses import dataclass, field
from itertools import accumulate, compress

from .._document import Document
from .._walk import tag_positions

__all__ = ["Counts", "Tally", "paragraphs", "tally"]


def paragraphs(doc: Document, blocked: bytearray, j: int) -> int:
    """How many paragraphs readability reads in node ``j``: a ``<p>``, a
    division without blocks, or the loose text pieces of one with blocks."""
    t = doc.tags[j]
    if t == "p":
        return 1
    if t != "div":
        return 0
    if not blocked[j]:
        return 1
    tails, text = doc.tails, doc.texts[j]
    pieces = sum(1 for c in doc.children(j) if not (tails[c] or " ").isspace())
    return pieces + (1 if text and not text.isspace() else 0)


@dataclass(slots=True)
class Tally:
    """Readability's counts in every subtree of a region: the positions of
    the nodes counted (sorted), and for paragraphs the running total of
    their count (``p_total[k]``: the paragraphs of the first ``k``)."""

    p_at: list[int]
    p_total: list[int]
    img_at: list[int]
    li_at: list[int]
    input_at: list[int]
    embed_at: list[int]

    def of(self, doc: Document, i: int) -> tuple[int, int, int, int, int]:
        """``(paragraphs, images, list items, inputs, embeds)`` in the
        subtree of ``i`` (``i`` itself left out)."""
        lo, hi = i + 1, doc.end[i]
        a, b = bisect_left(self.p_at, lo), bisect_left(self.p_at, hi)
        return (self.p_total[b] - self.p_total[a], _between(self.img_at, lo, hi), _between(self.li_at, lo, hi),
                _between(self.input_at, lo, hi), _between(self.embed_at, lo, hi))


def _between(at: list[int], lo: int, hi: int) -> int:
    return bisect_left(at, hi) - bisect_left(at, lo)


def tally(doc: Document, blocked: bytearray, root: int) -> Tally:
    """The :class:`Tally` of the subtree of ``root``."""
    lo, hi, nodes = root, doc.end[root], doc.nodes

    def at(tag: str) -> list[int]:
        return tag_positions(doc, tag, lo, hi)

    divs = at("div")
    p_at = sorted(at("p") + divs)
    counted = [1] * len(p_at)  # one paragraph each, but a division holding blocks: its loose pieces
    for j in compress(divs, map(blocked.__getitem__, divs)):
        counted[bisect_left(p_at, j)] = paragraphs(doc, blocked, j)
    p_total = list(accumulate(counted, initial=0))
    inputs = [j for j in at("input") if nodes[j].get("type") != "hidden"]
    return Tally(p_at, p_total, at("img"), at("li"), inputs, at("embed"))


def _walk(doc: Document, blocked: bytearray, i: int) -> tuple[int, int, int, int, int]:
    """:meth:`Tally.of` by a walk of the subtree of ``i``."""
    tags, nodes = doc.tags, doc.nodes
    p = img = li = inputs = embeds = 0
    for j in range(i + 1, doc.end[i]):
        x = tags[j]
        if x == "p" or x == "div":
            p += paragraphs(doc, blocked, j)
        elif x == "img":
            img += 1
        elif x == "li":
            li += 1
        elif x == "input":
            if nodes[j].get("type") != "hidden":
                inputs += 1
        elif x == "embed":
            embeds += 1
    return p, img, li, inputs, embeds


@dataclass(slots=True)
class Counts:
    """What readability's cleaning reads beside the measures: commas in each
    subtree, which divisions hold a block element, and the counts of
    :meth:`Tally.of` in judged subtrees.

    A judged subtree is walked while the walks add up to less than the kept
    region (most pages judge a few small lists); past that, the region is
    tallied once (nested divisions judged one inside the other would walk
    the same nodes again and again)."""

    commas: list[int]
    blocked: bytearray
    root: int  # the kept region's
    walked: int = 0
    region: Tally | None = field(default=None)

    def of(self, doc: Document, i: int) -> tuple[int, int, int, int, int]:
        """:meth:`Tally.of` for node ``i`` in the kept region."""
        root = self.root
        if self.region is None:
            size = doc.end[i] - i
            if self.walked + size <= doc.end[root] - root:
                self.walked += size
                return _walk(doc, self.blocked, i)
            self.region = tally(doc, self.blocked, root)
        return self.region.of(doc, i)
