"""Line-block distribution (seed 003, CX-extractor by Chen Xin).

The page's visible text is cut into *lines*; a line's length is its number
of non-whitespace characters. A *block* is K consecutive lines counted
downward, its length ``Y(i) = len(i) + ... + len(i+K-1)``. The article is
where blocks are long and packed together: a region starts at the first
block with ``Y(start) > threshold`` whose next K blocks are all non-zero, and
ends at the first later block with ``Y(end) = Y(end+1) = 0``. Every such
region is kept in order (lines shorter than ``min_line_len`` left out); a
region holding a stop phrase ("Copyright", "版权所有") is dropped and the scan
goes on after it. The threshold is 86 for Chinese pages and 186 for English
ones, chosen from the share of CJK characters unless given.

Lines come from the one parsed document, not from a regex over the source.
The seed strips every tag and keeps the source's line breaks; here the text
pieces keep the newlines they hold (the whitespace between tags carries the
source's line structure), so ``block_lines=False`` reproduces that raw-line
mode. By default (the spec's choice) block-level tags also end lines,
because minified one-line HTML otherwise makes the whole page one line. In
that mode the empty lines between two runs of text come from the block
boundaries crossed, as if the page were printed one tag per line, and the
source's newlines only break lines (so a minified and a pretty-printed copy
of a page give the same blocks). Two refinements keep page-builder markup
from spacing every paragraph out of reach: a wrapper (a block whose only
content is one block child) adds no boundary, and boundaries are scaled by
the page's own typical spacing (:func:`_spacing_unit`; 1 on plain pages).
When no block passes the start rule, ``peak_fallback`` keeps the region
around the largest block, the paper's fourth condition, instead of nothing.

Bugs of public ports not repeated: whitespace really is removed before
lengths are taken, ``<br>`` breaks the line, a stop-phrase region does not
end the scan, and a region still open at the end of the page is closed there
instead of being lost.
"""

from __future__ import annotations

import re
from typing import Any, Mapping, Sequence

from .._deadline import CHECK_EVERY, check_deadline
from .._document import BLOCK_TAGS, Document, nonspace_len, walk_kept
from .._render import BlockSelection
from .._scripts import CJK
from .base import Extractor, Option, SelectionResult, register

__all__ = ["LineBlockExtractor", "document_lines", "line_regions", "cjk_share"]

#: The seed's thresholds: Chinese pages (the original CX paper) and English
#: ones (the Python fork, tuned on BBC News pages).
CJK_THRESHOLD = 86
LATIN_THRESHOLD = 186
#: A page whose visible text is at least this share CJK characters counts as
#: Chinese. Chinese pages mix in digits, Latin names and URLs but stay well
#: above it; English pages sit near zero.
CJK_PAGE_SHARE = 0.3
STOP_PHRASES = ("Copyright", "版权所有")

_CJK = re.compile(f"[{CJK}]")
_SPACE = re.compile(r"\s+")
_BR = frozenset({"br"})


@register
class LineBlockExtractor(Extractor):
    name = "line_block"
    summary = "seed 003: line-block distribution (CX-extractor), every dense text region"
    options = (
        Option("block_size", 3, int, "K, the lines per block (the paper requires K < 5)", minimum=1, maximum=4),
        Option("threshold", None, float, "block length that starts a region; None: 86 for Chinese pages, "
               "186 for others", minimum=0.0),
        Option("min_line_len", 5, int, "leave out region lines with fewer non-whitespace characters", minimum=0),
        Option("stop_phrases", STOP_PHRASES, "strings", "drop a region whose text contains any of these"),
        Option("single_region", False, bool, "keep only the region holding the largest block"),
        Option("peak_fallback", True, bool, "when no block passes the start rule, keep the region around the "
               "largest block (the paper's 'region holding the maximum') instead of nothing"),
        Option("block_lines", True, bool, "also end lines at block-level tags and <br> (False: the source's "
               "lines only, the seed's raw mode; <br> still breaks)"),
    )

    def select(self, doc: Document, opts: Mapping[str, Any]) -> SelectionResult:
        lines = document_lines(doc, block_lines=opts["block_lines"])
        threshold = opts["threshold"]
        if threshold is None:
            threshold = CJK_THRESHOLD if cjk_share(lines) >= CJK_PAGE_SHARE else LATIN_THRESHOLD
        lengths = [nonspace_len(line) if line else 0 for line in lines]
        regions = line_regions(lengths, opts["block_size"], threshold)
        if not regions and opts["peak_fallback"]:
            regions = peak_region(lengths, opts["block_size"])
        min_len = opts["min_line_len"]
        stops = opts["stop_phrases"]
        kept: list[tuple[int, list[str]]] = []
        for start, end, peak in regions:
            region = [lines[i] for i in range(start, end) if lengths[i] >= min_len]
            if stops:
                joined = "\n".join(region)
                if any(p in joined for p in stops):
                    continue
            kept.append((peak, region))
        if opts["single_region"] and kept:
            kept = [max(kept, key=lambda r: r[0])]
        return SelectionResult(BlockSelection([line for _, region in kept for line in region]))


def cjk_share(lines: Sequence[str]) -> float:
    """Share of CJK characters among the non-whitespace characters of ``lines``."""
    text = _SPACE.sub("", "".join(lines))
    return len(_CJK.findall(text)) / len(text) if text else 0.0


def line_regions(lengths: Sequence[int], k: int, threshold: float) -> list[tuple[int, int, int]]:
    """Every region of the line-block distribution, in order.

    ``lengths`` are the line lengths. Each region is ``(start, end, peak)``:
    its lines are ``start .. end-1`` and ``peak`` is the largest block
    length inside it. Past the last line, lines count as empty, so a region
    still open at the end of the page ends there.

    >>> line_regions([0, 50, 40, 30, 20, 0, 0, 0, 0, 9], 3, 100)
    [(1, 5, 120)]
    """
    n = len(lengths)
    padded = list(lengths) + [0] * (k + 1)
    ys = [sum(padded[i:i + k]) for i in range(n + 2)]
    ys += [0] * (k + 2)
    out: list[tuple[int, int, int]] = []
    i = 0
    while i < n:
        if ys[i] > threshold and all(ys[i + j] for j in range(1, k + 1)):
            start = i
            peak = ys[i]
            i += 1
            while i < n and (ys[i] or ys[i + 1]):
                if ys[i] > peak:
                    peak = ys[i]
                i += 1
            out.append((start, min(i, n), peak))
        i += 1
    return out


def document_lines(doc: Document, *, block_lines: bool = True) -> list[str]:
    """The visible text of ``doc``'s body as lines, in reading order.

    Text keeps the newlines it holds (the source's lines) and ``<br>``
    always ends a line. Without ``block_lines`` the gap between two runs of
    text is the newlines and ``<br>`` between them; with it, the block
    boundaries crossed (scaled, see :func:`_spacing_unit`) make the empty
    lines and a newline only breaks the line. Invisible and removed subtrees
    are left out (their tails are kept). Leading empty lines are dropped.
    """
    pieces = _text_runs(doc, block_lines)
    if not block_lines:
        gaps = [src + tag for tag, src, _ in pieces]
    else:
        unit = _spacing_unit(pieces)
        gaps = [max(-(-tag // unit), 1 if src else 0) for tag, src, _ in pieces]
    lines: list[str] = []
    cur: list[str] = []
    for gap, (tag, src, text) in zip(gaps, pieces):
        if gap and (cur or lines):
            lines.append("".join(cur))
            cur.clear()
            lines.extend([""] * (gap - 1))
        elif cur and (tag or src):
            cur.append(" ")
        cur.append(text)
    if cur:
        lines.append("".join(cur))
    return lines


def _spacing_unit(pieces: Sequence[tuple[int, int, str]]) -> int:
    """Block boundaries that make one line on this page.

    The seed assumes paragraphs sit on neighbouring source lines (``</p>``
    and ``<p>``: two boundaries, one empty line at most). Page builders
    wrap each paragraph in several divs, which would space paragraphs so far
    apart that no block ever reaches the threshold. So the boundaries are
    scaled by half the page's typical spacing between text runs (the median
    weighted by text length, so the article's spacing dominates, not the
    menu's); on a page of plain paragraphs the unit is 1 and nothing changes.
    """
    weighted = sorted((tag, nonspace_len(text)) for tag, _, text in pieces if tag)
    total = sum(w for _, w in weighted)
    acc = 0
    for tag, w in weighted:
        acc += w
        if acc * 2 >= total:
            return max(1, (tag + 1) // 2)
    return 1


def _text_runs(doc: Document, block_lines: bool) -> list[tuple[int, int, str]]:
    """The body's visible text as runs ``(boundaries, newlines, text)``.

    Each run is text holding no newline, with the block boundaries (tags
    counted by :func:`_counted_boundaries`) and source newlines crossed since
    the previous run. Whitespace-only text only adds its newlines.

    Subtrees removed by a site style tree (``doc.removed``) are blanked, not
    cut out: their tags and source lines still space the text around them,
    as if the template's text had been erased from the page. Cutting them
    out would pull the article and whatever followed the template together
    into one region.
    """
    if doc.is_empty:
        return []
    excluded = doc.excluded_mask()
    root = doc.body
    if excluded[root]:
        return []
    tags, end, texts, tails = doc.tags, doc.end, doc.texts, doc.tails
    removed = doc.removed
    hidden = doc.invisible_mask() if removed is not None else excluded
    counted = _counted_boundaries(doc, hidden) if block_lines else bytearray(
        1 if t == "br" else 0 for t in tags)
    out: list[tuple[int, int, str]] = []
    src = 0
    tag = 0
    blank_from = blank_stop = -1  # the removed subtree being walked, if any

    space = False  # whitespace seen since the last run, on the same line

    def feed(s: str, blank: bool = False) -> None:
        nonlocal src, tag, space
        if blank or s.isspace():  # most text between tags: only its newlines count
            src += s.count("\n")
            if not blank and s.strip("\n"):
                space = True
            return
        for n, part in enumerate(s.split("\n")):
            if n:
                src += 1
            if part and not part.isspace():
                out.append((tag, src, " " + part if space else part))
                src = tag = 0
                space = False
            elif part:
                space = True

    def leave(j: int) -> None:
        nonlocal tag
        if counted[j] and tags[j] != "br":
            tag += 1  # the end tag
        tail = tails[j]
        if j != root and tail:
            feed(tail, blank_from < j < blank_stop)

    def passed(i: int) -> None:
        tail = tails[i]
        if tail:
            feed(tail, blank_from < i < blank_stop)

    def enter(i: int) -> None:
        nonlocal tag, blank_from, blank_stop
        if removed is not None and removed[i] and i >= blank_stop:
            blank_from, blank_stop = i, end[i]  # walk it for its spacing only
        if counted[i]:
            tag += 1  # the start tag, or <br>
        text = texts[i]
        if text:
            feed(text, blank_from <= i < blank_stop)

    # A removed subtree (not an invisible one) is walked, blanked.
    skip = excluded if removed is None else bytearray(
        1 if (x and not (r and not h)) else 0 for x, r, h in zip(excluded, removed, hidden))
    walk_kept(doc, root, skip, enter, leave, passed)
    return out


def _counted_boundaries(doc: Document, excluded: bytearray) -> bytearray:
    """1 for a block element whose tags end a line.

    A wrapper - a block element whose only visible content is one block
    child - is left out: nesting without branching adds no structure.
    """
    n = len(doc.tags)
    tags, parent, own = doc.tags, doc.parent, doc.own_len
    kids = [0] * n
    block_kid = bytearray(n)
    for i in range(n):
        if not i & CHECK_EVERY:
            check_deadline()
        p = parent[i]
        if p >= 0 and not excluded[i]:
            kids[p] += 1
            if tags[i] in BLOCK_TAGS and tags[i] != "br":
                block_kid[p] = 1
    return bytearray(1 if (tags[i] in BLOCK_TAGS and not (kids[i] == 1 and block_kid[i] and not own[i])) else 0
                     for i in range(n))


def peak_region(lengths: Sequence[int], k: int) -> list[tuple[int, int, int]]:
    """The region around the largest block (the paper's fourth condition).

    Used when no block passes the start rule: the region grows from the
    largest block in both directions until K+1 empty lines, the same gap
    that ends a region of :func:`line_regions`. Same shape as its result.

    >>> peak_region([9, 0, 0, 0, 0, 30, 0, 40, 0, 0, 0, 0, 5], 3)
    [(5, 8, 70)]
    """
    n = len(lengths)
    if not n:
        return []
    ys = [sum(lengths[i:i + k]) for i in range(n)]
    top = max(range(n), key=ys.__getitem__)
    if not ys[top]:
        return []
    s = top
    while s > 0 and any(lengths[max(0, s - k - 1):s]):
        s -= 1
    e = top + 1
    while e < n and any(lengths[e:e + k + 1]):
        e += 1
    return [(s, e, ys[top])]
