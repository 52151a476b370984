"""Paragraph-score propagation: the classic Arc90 readability method, as a
second opinion for ``auto`` (see ``docs/auto.md``).

Every paragraph-like block (``p``, ``pre``, ``td``, a ``div`` holding no
block element) with at least 25 characters scores ``2 + commas +
min(chars / 100, 3)`` (1, and the pieces its commas part it into); its
parent gets the score and its grandparent half of it. Each such ancestor
starts from a weight for its tag and class/id names, and its total is
scaled by ``1 - link density``. The best ancestor and those of its siblings
that score well (or are link-free paragraphs, a block-free ``div`` among
them) are the body; inside, headings, lists, tables and divisions that look like
furniture (link-dense, image-heavy, negatively named) are left out.

One preorder and one reverse loop over the document's node arrays; the
tree is never changed. What class, id and style names say (weights, and
the subtrees ruled out before scoring) is in :mod:`._propagation_names`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from itertools import compress, islice

from .._deadline import CHECK_EVERY, CHUNK, check_deadline
from .._document import MEASURED, Document, Measures, nonspace_len, text_content
from .._tags import HEADINGS as _HEADINGS
from .._walk import merge_subtrees
from ._propagation_counts import Counts
from ._propagation_names import node_weight, ruled_out
from ._propagation_segments import segments
from ._auto_lists import KEPT_WHOLE, Lists
from ._auto_words import _BOX_LABEL_CHARS, _box_end

__all__ = ["Pick", "propagation_pick"]

#: What keeps a div from being read as a paragraph.
_DIV_BLOCKERS = frozenset({"a", "blockquote", "dl", "div", "img", "ol", "p", "pre", "table", "ul", "section",
                           "article"})
#: What ends a loose piece of a division's text: a block child, or a line break.
_PIECE_BREAKS = _DIV_BLOCKERS - {"a"} | {"br"}
_PARAGRAPHS = frozenset({"p", "pre", "td", "blockquote"})
_TAG_BASE = {"div": 5, "pre": 3, "td": 3, "blockquote": 3, "address": -3, "ol": -3, "ul": -3, "dl": -3,
             "dd": -3, "dt": -3, "li": -3, "form": -3, "h1": -5, "h2": -5, "h3": -5, "h4": -5, "h5": -5,
             "h6": -5, "th": -5}
_CLEANED = frozenset({"table", "ul", "div", "section", "form", "aside", "nav", "header", "footer"})
_FORMS = frozenset({"form", "input", "textarea", "select", "button", "iframe"})
_SENTENCE = re.compile(r"\.( |$)")


@dataclass(slots=True)
class Pick:
    """What the method chose: ``root`` (the best node's parent, or the best
    node itself), ``drop`` (nodes under ``root`` left out), ``best`` and its
    ``score``; ``root < 0`` when no paragraph scored."""

    root: int
    drop: bytearray
    best: int
    score: float


def _loose_pieces(doc: Document, m: Measures, i: int, commas: list[int]) -> list[tuple[int, int]]:
    """The text of division ``i`` outside its block children, as readability
    reads it (runs of text and inline elements between block children), as
    (characters, commas) of each run of 25 characters or more."""
    pieces: list[tuple[int, int]] = []
    tags, tails, text_len, end = doc.tags, doc.tails, m.text_len, doc.end
    first = doc.texts[i]
    chars, marks = (nonspace_len(first), _commas(first)) if first else (0, 0)
    c, stop = i + 1, end[i]
    while c < stop:  # the children
        if tags[c] in _PIECE_BREAKS:
            if chars >= 25:
                pieces.append((chars, marks))
            chars = marks = 0
        else:
            chars += text_len[c]
            marks += commas[c]
        tail = tails[c]
        if tail and not tail.isspace():  # white space: no characters, no commas
            chars += nonspace_len(tail)
            marks += _commas(tail)
        c = end[c]
    if chars >= 25:
        pieces.append((chars, marks))
    return pieces


def _comma_counts(doc: Document, out: bytearray) -> tuple[list[int], bytearray]:
    """Commas in each node's subtree outside ruled-out nodes (their tails count), and which nodes
    hold a block element outside them (a division that does is no paragraph): one loop for both."""
    n = len(doc)
    texts, tails, parent, tags = doc.texts, doc.tails, doc.parent, doc.tags
    counts = [0] * n  # (a node ruled out keeps its 0: what its children add to it is not added)
    blocked = bytearray(n)
    blockers = _DIV_BLOCKERS
    # A node ruled out counts only its tail's commas, for its parent: the few tails that are more than white
    # space (the parse listed them) are read first, then only the nodes not ruled out (found at C speed).
    for i in doc.tailed:
        p = parent[i]
        if out[i] and not (p and out[p]):
            piece = tails[i] or ""
            counts[p] += piece.count(",") if piece.isascii() else _commas(piece)
    for i in compress(range(n - 1, 0, -1), reversed(out.translate(MEASURED)[1:])):
        c = counts[i]
        text = texts[i]
        if text and not text.isspace():
            c += text.count(",") if text.isascii() else _commas(text)
        if tags[i] in blockers or blocked[i]:
            blocked[parent[i]] = 1
        counts[i] = c
        tail = tails[i]
        if tail and not tail.isspace():
            c += tail.count(",") if tail.isascii() else _commas(tail)
        if c:
            p = parent[i]
            if not (p and out[p]):
                counts[p] += c
    return counts, blocked


def _commas(text: str) -> int:
    """Commas in ``text``: Latin, CJK (full-width, enumeration) and Arabic script's (as Readability.js counts)."""
    return text.count(",") + text.count("，") + text.count("、") + text.count("\u060c")


#: A body shorter than this (non-space characters) is looked for again with
#: the unlikely-named subtrees back in.
_RETRY_CHARS = 250


def propagation_pick(doc: Document, m: Measures) -> Pick:
    """The readability-style body of ``doc`` under measures ``m``."""
    pick = _pick(doc, m, ruled_out(doc, m))
    kept = _kept_chars(doc, m, pick) if pick.root >= 0 else -1  # -1: no pick (any second one beats it)
    if kept < _RETRY_CHARS:
        second = _pick(doc, m, ruled_out(doc, m, names=False))
        if second.root >= 0 and _kept_chars(doc, m, second) > kept:
            return second
    return pick


def _kept_chars(doc: Document, m: Measures, pick: Pick) -> int:
    """Visible characters of ``pick``'s root outside its dropped subtrees."""
    drop, end, own, excluded = pick.drop, doc.end, doc.own_len, m.excluded
    total = 0
    i, stop = pick.root, end[pick.root]
    while i < stop:
        if drop[i] or excluded[i]:
            i = end[i]
            continue
        total += own[i]
        i += 1
    return total


def _pick(doc: Document, m: Measures, out: bytearray) -> Pick:
    n = len(doc)
    tags, parent, end = doc.tags, doc.parent, doc.end
    text_len, link_len = m.text_len, m.link_len
    score: dict[int, float] = {}
    weights: dict[int, int] = {}

    def start(c: int) -> None:
        if c not in score:
            w = node_weight(doc, c)
            weights[c] = w
            score[c] = float(_TAG_BASE.get(tags[c], 0) + w)

    def add(p: int, s: float) -> None:
        start(p)
        score[p] += s
        g = parent[p]
        if g >= 0:
            start(g)
            score[g] += s / 2.0

    commas, blocked = _comma_counts(doc, out)  # blocked: the divs holding a block element
    i = doc.body
    while i < n:
        check_deadline()  # (once per chunk of nodes, not a test per node)
        chunk = min(n, i + CHUNK)
        while i < chunk:
            if out[i]:
                i = end[i]  # ruled out with its subtree (see ruled_out)
                continue
            t = tags[i]
            if t == "div" and blocked[i]:
                # A division holding blocks: its loose text pieces are paragraphs of their own.
                for chars, marks in _loose_pieces(doc, m, i, commas):
                    add(i, 2.0 + marks + min(chars / 100.0, 3.0))
            elif t in _PARAGRAPHS or t == "div":
                c = text_len[i]
                p = parent[i]
                if c >= 25 and p >= 0:
                    add(p, 2.0 + commas[i] + min(c / 100.0, 3.0))
            i += 1
    if not score:
        return Pick(-1, bytearray(n), -1, 0.0)
    for c in score:
        tl = text_len[c]
        score[c] *= 1.0 - (link_len[c] / tl if tl else 0.0)
    best = _semantic_best(doc, m, score, max(score, key=lambda c: (score[c], -c)))
    top = score[best]
    root = parent[best] if parent[best] >= doc.body else best
    drop = bytearray(out)
    if root != best:
        _siblings(doc, m, score, best, top, root, drop, blocked)
    parts = segments(doc, m, score, best, top)
    if parts:
        root = merge_subtrees(doc, root, parts, drop)
    _clean(doc, m, score, weights, Counts(commas, blocked, root), root, best, drop)
    return Pick(root, drop, best, top)


def _semantic_best(doc: Document, m: Measures, score: dict[int, float], best: int) -> int:
    """readability-lxml 0.9's preferences over the best score: a scored node
    the page marks as its article body (``itemprop="articleBody"``, link
    density 0.1 or less); then, outside any ``<article>``, the nearest
    ``<main>`` holding twice the choice's text (500 characters at least) at
    a link density of 0.15 or less, scored afresh from its tag and names."""
    nodes, tags, parent, text_len, link_len = doc.nodes, doc.tags, doc.parent, m.text_len, m.link_len
    marked = [c for c in score
              if "articleBody" in (nodes[c].get("itemprop") or "").split() and link_len[c] <= 0.1 * text_len[c]]
    if marked:
        best = max(marked, key=lambda c: (score[c], -c))
    main, a = -1, best
    while a >= 0:
        if tags[a] == "article":
            return best
        if main < 0 and a != best and tags[a] == "main":
            main = a
        a = parent[a]
    if main < 0 or text_len[main] < max(500, 2 * text_len[best]) or link_len[main] > 0.15 * text_len[main]:
        return best
    score[main] = float(_TAG_BASE.get("main", 0) + node_weight(doc, main))
    return main


def _siblings(doc: Document, m: Measures, score: dict[int, float], best: int, top: float, root: int,
              drop: bytearray, blocked: bytearray) -> None:
    """Leave out the children of ``root`` that do not join ``best`` (a division holding no block is a
    paragraph, as readability turns it into one)."""
    threshold = max(10.0, 0.2 * top)
    end, tags = doc.end, doc.tags
    best_cls = doc.nodes[best].get("class")
    text_len, link_len = m.text_len, m.link_len
    for s in doc.children(root):
        if s == best or drop[s]:
            continue
        bonus = 0.2 * top if best_cls and doc.nodes[s].get("class") == best_cls else 0.0
        keep = s in score and score[s] + bonus >= threshold
        if not keep and (tags[s] == "p" or tags[s] == "div" and not blocked[s]):
            c = text_len[s]
            ld = link_len[s] / c if c else 0.0
            if c > 80 and ld < 0.25:
                keep = True
            elif 0 < c <= 80 and ld == 0 and _SENTENCE.search(text_content(doc.nodes[s])):
                keep = True
        if not keep:
            drop[s:end[s]] = b"\x01" * (end[s] - s)


def _clean(doc: Document, m: Measures, score: dict[int, float], weights: dict[int, int], counts: Counts,
           root: int, best: int, drop: bytearray) -> None:
    """Conditional cleaning of the kept region (headings, lists, tables, divisions)."""
    end, tags, blocked = doc.end, doc.tags, counts.blocked
    text_len, link_len = m.text_len, m.link_len
    lists = Lists(doc, m, (drop,))
    i, stop = root + 1, end[root]
    while i < stop:
        if not i & CHECK_EVERY:
            check_deadline()
        e = end[i]
        t = tags[i]
        if drop[i] or t in _FORMS:
            drop[i:e] = b"\x01" * (e - i)
            i = e
            continue
        if i == best:
            i += 1
            continue
        # (A box's label is of a label's length: _box_end's first test, made here for every node.)
        box = _box_end(doc, text_len, i) if _BOX_LABEL_CHARS[0] <= text_len[i] <= _BOX_LABEL_CHARS[1] else -1
        if box > 0:  # an author's box (as the block pick reads it)
            drop[i:box] = b"\x01" * (box - i)
            i = box
            continue
        c = text_len[i]
        ld = link_len[i] / c if c else 0.0
        if t in _HEADINGS:
            if _weight_of(doc, weights, i) < 0 or ld > 0.33:
                drop[i:e] = b"\x01" * (e - i)
                i = e
                continue
        elif t in _CLEANED and (t != "div" or blocked[i] and not _wraps_paragraph(doc, text_len, blocked, i)) \
                and _junk(doc, score, weights, counts, i, c, ld) \
                and not (t in KEPT_WHOLE and c and lists.kept_whole(i)):
            # (A division without blocks is a paragraph to readability: never cleaned; so is one that only
            # wraps a paragraph. A list or table the running text introduces, or a data table, is not
            # cleaned itself; what it holds is.)
            drop[i:e] = b"\x01" * (e - i)
            i = e
            continue
        i += 1


def _wraps_paragraph(doc: Document, text_len: list[int], blocked: bytearray, i: int) -> bool:
    """Whether division ``i`` holds one element and no text of its own, and that element is a
    paragraph (a ``<p>``, a division without blocks) or another such wrapper."""
    tags = doc.tags
    while True:
        kids = list(islice((c for c in doc.children(i) if tags[c]), 2))
        if len(kids) != 1 or text_len[kids[0]] != text_len[i]:
            return False
        only = kids[0]
        if tags[only] == "p" or tags[only] == "div" and not blocked[only]:
            return True
        if tags[only] != "div":
            return False
        i = only


def _weight_of(doc: Document, weights: dict[int, int], i: int) -> int:
    """Node ``i``'s class weight (see :func:`node_weight`), as scored or read now."""
    w = weights.get(i)
    return node_weight(doc, i) if w is None else w


def _junk(doc: Document, score: dict[int, float], weights: dict[int, int], counts: Counts, i: int,
          c: int, ld: float) -> bool:
    """Readability's conditional cleaning of one list, table or division ``i``."""
    w = _weight_of(doc, weights, i)
    if w + score.get(i, 0.0) < 0:
        return True
    if counts.commas[i] >= 10:
        return False
    p, img, li, inputs, embeds = counts.of(doc, i)
    li -= 100
    t = doc.tags[i]
    if p and img > 1 + p * 1.3:
        return True
    if li > p and t not in ("ul", "ol"):
        return True
    if inputs > p / 3:
        return True
    if c < 25 and (img == 0 or img > 2):
        return True
    if w < 25 and ld > 0.2:
        return True
    if w >= 25 and ld > 0.5:
        return True
    return (embeds == 1 and c < 75) or embeds > 1
