"""Arbitration between ``auto``'s block pick and the propagation pick.

``auto`` chooses its body by block values (text, links, punctuation,
names); :mod:`._propagation` chooses by paragraph scores carried to
parents. Where they disagree, a small model (weights in
``arbiter.json``: boosted decision trees trained by
``tests/training/train_arbiter.py`` with
site-grouped cross-validation on the shared corpora) reads a few measures
of both picks and says which one to return. See ``docs/auto.md``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from itertools import compress
from operator import add, mul
from typing import Callable, Sequence

from .._deadline import CHECK_EVERY, check_deadline
from .._document import MEASURED, Document, Measures, union_mask
from .._packaged import trained_data
from .._classify import page_features
from .._render import NodeSelection, kept_mask
from .._walk import tag_positions
from ._auto_title_lines import TITLE_LINE_TAGS, _title_headings
from ._auto_forms import message_forms_in
from ._auto_phrases import _SENTENCE_ENDS
from ._auto_words import SHORT_ARTICLE
from ._pick_edges import edges_dropped
from ._propagation import Pick, propagation_pick

__all__ = ["FEATURES", "Candidate", "arbitrate", "combined", "decide", "features", "learned", "prefer_propagation",
           "propagation_selection"]

#: Names of the features, in the model's order.
FEATURES = (
    "log_a", "log_b", "log_page", "share_a", "share_b", "a_in_b", "b_in_a", "ld_a", "ld_b",
    "punct_a", "punct_b", "paras_a", "paras_b", "root_a_in_b", "root_b_in_a", "pos_a", "pos_b",
    "log_score_b", "strength_a", "empty_a", "cjk", "h1_a", "h1_b", "furniture_b_only", "tag_score",
)


_A_IN_B, _B_IN_A, _LOG_A, _LOG_B, _LD_A, _LD_B, _CJK, _TAG = (
    FEATURES.index(f) for f in ("a_in_b", "b_in_a", "log_a", "log_b", "ld_a", "ld_b", "cjk", "tag_score"))
#: Above this many CJK sentence marks per 100 characters, a page is in CJK script, and the fixed
#: rules alone arbitrate a block pick of 100 characters or more: the trees, learned from
#: 70 such pages of two sites' worth of templates, did not carry to CJK sites held out of their fitting.
_CJK_TREES = 1.0
#: The block pick yields when it is under ``a`` characters and the propagation pick has ``b`` or
#: more at a link density under ``ld``: (next to) nothing beside a body; a sliver beside a long one.
_YIELDS = tuple((math.log1p(a), math.log1p(b), ld) for a, b, ld in ((100, 500, 0.5), (250, 2000, 0.3)))
#: A short article's paragraphs (log characters).
_SHORT = math.log1p(SHORT_ARTICLE)
#: The page tagger's score (positive: an article; see classify), clipped: beyond it a page is surely one or the other.
_TAG_CLIP = 5.0
#: Two picks whose kept text is at least this share the other's hold one region (``favor``'s combinations).
_SAME_REGION = 0.5
#: ... and under this share, they stand apart: where the trees stand aside, the one the page's title opens wins.
_APART = 0.1
#: The most characters (other than white space) between a title line and the text it opens: a dateline, a source.
_TITLE_GAP = 100
#: The title lines looked at, the first ones (a page that repeats its title more often is not reading it out).
_TITLE_LINES = 8


@dataclass(slots=True)
class Candidate:
    """A pick as the arbiter sees it: its kept nodes and their measures."""

    kept: bytearray
    chars: int
    links: int
    punct: int
    paras: int
    first: int


def _candidate(doc: Document, m: Measures, kept: bytearray, punct: list[int],
               anchors: list[int], paragraphs: list[int]) -> Candidate:
    # Sums over the kept nodes at C speed (compress); the page's <a> and
    # <p> elements (see _anchors_and_paragraphs) looked up among their few.
    text_len = m.text_len
    chars = sum(compress(doc.own_len, kept))
    marks = sum(compress(punct, kept))
    links = sum(text_len[i] for i in anchors if kept[i])
    paras = sum(1 for i in paragraphs if kept[i] and text_len[i] >= 80)
    return Candidate(kept, chars, links, marks, paras, kept.find(1))


def _anchors_and_paragraphs(doc: Document) -> tuple[list[int], list[int]]:
    """The ``<a>`` and the ``<p>`` elements of ``doc`` (node numbers)."""
    return tag_positions(doc, "a"), tag_positions(doc, "p")


def _own_punct(doc: Document, m: Measures) -> list[int]:
    """Sentence punctuation (CJK and Latin) directly in each node; 0 in excluded ones."""
    own = doc.own_punct
    return list(map(mul, map(add, own.cjk, own.latin), m.excluded.translate(MEASURED)))


def features(doc: Document, m: Measures, a_root: int, a_kept: bytearray, strength: float,
             pick: Pick, b_kept: bytearray, furniture: bytearray) -> list[float]:
    """The arbiter's inputs for ``auto``'s pick (root, kept nodes, prose
    value, the nodes it read as furniture) against the propagation pick
    ``pick`` (and its kept nodes)."""
    punct = _own_punct(doc, m)
    tagged = _anchors_and_paragraphs(doc)
    a = _candidate(doc, m, a_kept, punct, *tagged)
    b = _candidate(doc, m, b_kept, punct, *tagged)
    both = sum(compress(doc.own_len, _both(a.kept, b.kept)))
    page = max(1, m.text_len[doc.body])
    n = max(1, len(doc))
    end = doc.end

    def ld(c: Candidate) -> float:
        return c.links / c.chars if c.chars else 1.0

    def pd(c: Candidate) -> float:
        return 100.0 * c.punct / c.chars if c.chars else 0.0

    return [
        math.log1p(a.chars), math.log1p(b.chars), math.log1p(page),
        a.chars / page, b.chars / page,
        both / a.chars if a.chars else 0.0, both / b.chars if b.chars else 0.0,
        ld(a), ld(b), min(pd(a), 10.0), min(pd(b), 10.0),
        math.log1p(a.paras), math.log1p(b.paras),
        1.0 if pick.root <= a_root < end[pick.root] else 0.0,
        1.0 if a_root <= pick.root < end[a_root] else 0.0,
        (a.first if a.first >= 0 else n) / n, (b.first if b.first >= 0 else n) / n,
        math.log1p(max(pick.score, 0.0)), math.log1p(max(strength, 0.0)) - math.log1p(page),
        1.0 if a.chars < 100 else 0.0,
        min(100.0 * m.cjk_punct[doc.body] / page, 5.0),
        _holds_h1(doc, a.kept), _holds_h1(doc, b.kept), _furniture_share(doc, b.kept, a.kept, furniture),
        max(-_TAG_CLIP, min(_TAG_CLIP, page_features(doc, doc.url)["score"])),
    ]


def _furniture_share(doc: Document, b: bytearray, a: bytearray, furniture: bytearray) -> float:
    """The share of the text ``b`` keeps and ``a`` does not that lies in ``furniture``
    (what the propagation pick adds, as the block pick read it)."""
    n = len(b)
    added = int.from_bytes(b, "little") & ~int.from_bytes(a, "little")
    total = sum(compress(doc.own_len, added.to_bytes(n, "little")))
    if not total:
        return 0.0
    inside = (added & int.from_bytes(furniture, "little")).to_bytes(n, "little")
    return sum(compress(doc.own_len, inside)) / total


def _both(a: bytearray, b: bytearray) -> bytes:
    """``a & b`` byte by byte for two node masks of one length, at C speed."""
    return (int.from_bytes(a, "little") & int.from_bytes(b, "little")).to_bytes(len(a), "little")


def _holds_h1(doc: Document, kept: bytearray) -> float:
    """1 when a kept node is an ``<h1>`` or sits right after the page's
    first ``<h1>`` (the headline opens the body), else 0."""
    tags = doc.tags
    if "h1" not in tags:
        return 0.5
    h = tags.index("h1")
    stop = min(len(tags), doc.end[h] + 30)
    return 1.0 if any(kept[i] for i in range(h, stop)) else 0.0


@lru_cache(maxsize=None)  # two models: read once each
def _model(name: str = "propagation") -> tuple[float, float, tuple[tuple[tuple[int, float, int, int, float], ...], ...],
                                              float]:
    """(base margin, learning rate, trees, threshold) from ``arbiter.json``:
    ``"propagation"`` (the propagation pick against the block pick) or
    ``"both"`` (what both picks keep against the block pick)."""
    data = trained_data(__package__, "arbiter.json", "features", FEATURES)
    part = data if name == "propagation" else data[name]
    trees = tuple(tuple((int(f), float(t), int(lo), int(hi), float(v)) for f, t, lo, hi, v in tree)
                  for tree in part["trees"])
    return float(part["base"]), float(part["rate"]), trees, float(part["threshold"])


def tree_margin(x: list[float], name: str = "propagation") -> float:
    """The boosted trees' log-odds that the other candidate (see :func:`_model`) is the better one."""
    base, rate, trees, _ = _model(name)
    total = 0.0
    for tree in trees:
        i = 0
        node = tree[0]
        while node[0] >= 0:
            i = node[2] if x[node[0]] <= node[1] else node[3]
            node = tree[i]
        total += node[4]
    return base + rate * total


def probability(x: list[float], name: str = "propagation") -> float:
    """The model's probability that the other candidate is the better one."""
    z = tree_margin(x, name)
    return 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, z))))


def arbitrate(doc: Document, m: Measures, selection: NodeSelection, strength: float, furniture: bytearray,
              threads: Sequence[int] = (), favor: str = "balanced") -> NodeSelection:
    """``selection``; or, where the models prefer it, the propagation pick or
    what both picks keep (``furniture``: the nodes the block pick read as furniture;
    ``threads``: the comment threads it found by their shape or names, see :func:`second_pick`).

    ``favor``: where the two picks hold one region, ``"precision"`` returns
    what both keep, ``"recall"`` what either keeps."""
    pick = second_pick(doc, m, threads)
    if pick.root < 0:
        return selection
    a_kept = kept_mask(doc, selection.root, selection.skip_mask())
    b_kept = kept_mask(doc, pick.root, pick.drop)
    x = features(doc, m, selection.root, a_kept, strength, pick, b_kept, furniture)
    if favor != "balanced" and _one_region(x):
        return combined(doc, m, selection.root, a_kept, pick, b_kept, favor == "precision")
    chosen = decide(x, probability, (_model("propagation")[3], _model("both")[3]),
                    lambda: _title_opens_only(doc, m, b_kept, a_kept))
    if chosen == "b":
        return propagation_selection(doc, m, pick, b_kept)
    if chosen == "c":
        return combined(doc, m, selection.root, a_kept, pick, b_kept, True)
    return selection


def propagation_selection(doc: Document, m: Measures, pick: Pick, kept: bytearray) -> NodeSelection:
    """The propagation pick as ``auto`` returns it (``kept``: the nodes it renders), less the
    boilerplate lines at its edges (see :func:`edges_dropped`)."""
    return NodeSelection(doc, pick.root, edges_dropped(doc, m, pick.root, pick.drop, kept), excluded=m.excluded)


def second_pick(doc: Document, m: Measures, threads: Sequence[int]) -> Pick:
    """The propagation pick, less the comment ``threads`` the block pick found by their shape
    or names (the classic method knows threads only by their names, and reads none on its retry
    when it found too little: a one-paragraph post's comments) and the comment forms in it (see
    :func:`message_forms_in`)."""
    pick = propagation_pick(doc, m)
    if pick.root < 0:
        return pick
    left_out = [*threads, *message_forms_in(doc, pick.root)]
    if left_out:
        pick.drop = union_mask(pick.drop, doc.subtree_mask(left_out))
    return pick


def _title_opens_only(doc: Document, m: Measures, kept: bytearray, other: bytearray) -> bool:
    """Whether a line that reads as the page's ``<title>`` opens the text of the pick whose kept
    nodes are ``kept`` and none opens ``other``'s (see :func:`_opens`)."""
    lines = _title_headings(doc, doc.title, TITLE_LINE_TAGS, m.text_len, _TITLE_LINES)
    return _opens(doc, kept, lines) and not _opens(doc, other, lines)


def _opens(doc: Document, kept: bytearray, lines: list[int]) -> bool:
    """Whether one of the title ``lines`` opens the kept text: between it and the first kept text
    (either way round: a kept title line may start the pick) lie under :data:`_TITLE_GAP`
    characters and no sentence (a dateline or a source line, not a story)."""
    own, end = doc.own_len, doc.end
    first = next((i for i in compress(range(len(kept)), kept) if own[i]), -1)
    if first < 0:
        return False
    for h in lines:
        if end[h] <= first:
            lo, hi, after = end[h], first, doc.tails[h]
        elif first <= h and kept[h]:
            lo, hi, after = first, h, None
        else:
            continue
        if sum(own[lo:hi]) < _TITLE_GAP and not _sentence_between(doc, lo, hi, after):
            return True
    return False


def _sentence_between(doc: Document, lo: int, hi: int, after: str | None) -> bool:
    """Whether ``after`` (the title line's tail) or a text or tail of the nodes from ``lo`` up to
    ``hi`` (a tail where the node ends before ``hi``) ends a sentence."""
    texts, tails, end = doc.texts, doc.tails, doc.end
    pieces = [after, *texts[lo:hi], *(tails[i] for i in range(lo, hi) if end[i] <= hi)]
    return any(p is not None and p.rstrip().endswith(_SENTENCE_ENDS) for p in pieces)


def combined(doc: Document, m: Measures, a_root: int, a: bytearray, pick: Pick, b: bytearray,
             both: bool) -> NodeSelection:
    """The nodes both picks keep (``both``) or either keeps, as one selection
    (``a``, ``b``: each pick's kept nodes, by :func:`kept_mask`)."""
    end, parent = doc.end, doc.parent
    if both:
        if pick.root <= a_root < end[pick.root]:
            root = a_root
        elif a_root <= pick.root < end[a_root]:
            root = pick.root
        else:
            root = a_root
    else:
        root = a_root
        while not root <= pick.root < end[root]:
            root = parent[root]
    drop = bytearray(len(doc))
    for i in range(root + 1, end[root]):
        if not i & CHECK_EVERY:
            check_deadline()
        keep = (a[i] and b[i]) if both else (a[i] or b[i] or (i < a_root and a_root < end[i])
                                           or (i < pick.root and pick.root < end[i]))
        if not keep:
            drop[i] = 1
    return NodeSelection(doc, root, drop, excluded=m.excluded)


def decide(x: list[float], prob: Callable[[list[float], str], float], thresholds: tuple[float, float],
           titled: Callable[[], bool] | None = None) -> str:
    """The candidate the arbiter returns, given the features ``x``, the models' probabilities
    (``prob(x, "propagation")``, ``prob(x, "both")``) and their thresholds: ``"b"`` the
    propagation pick, ``"c"`` what both picks keep, ``"a"`` the block pick. ``titled``, asked
    only where it decides: whether the page's title opens the propagation pick and not the block
    pick (see :func:`_title_opens_only`; training data has no pages, so no such rule)."""
    if prefer_propagation(x, lambda v: prob(v, "propagation"), thresholds[0]):
        return "b"
    if not learned(x):
        # No trees weigh the two cuts (a page in CJK script): where the picks
        # hold one region, what both keep, as favor="precision" returns; where
        # they stand apart, the one under the page's title (a story, not a box beside it).
        if _one_region(x):
            return "c"
        return "b" if max(x[_A_IN_B], x[_B_IN_A]) < _APART and titled is not None and titled() else "a"
    return "c" if prob(x, "both") > thresholds[1] else "a"


def _one_region(x: list[float]) -> bool:
    """Whether the two picks hold one region: each keeps at least :data:`_SAME_REGION` of the other's text."""
    return min(x[_A_IN_B], x[_B_IN_A]) >= _SAME_REGION


def prefer_propagation(x: list[float], prob: Callable[[list[float]], float], threshold: float) -> bool:
    """Whether the propagation pick wins, given the features ``x``."""
    if min(x[_A_IN_B], x[_B_IN_A]) > 0.9 and max(x[_A_IN_B], x[_B_IN_A]) > 0.98:
        return False  # one region, cut a little differently: the block pick's cut stands
    if any(x[_LOG_A] < a and x[_LOG_B] >= b and x[_LD_B] < ld for a, b, ld in _YIELDS):
        return True  # the safety net: (next to) nothing, or a sliver, where the paragraphs show a body
    if x[_LD_A] > 0.5 and x[_LD_B] < 0.2 and x[_LOG_B] >= _SHORT and x[_TAG] > 0:
        # Mostly links (a headline list) where the paragraphs show prose, on a page tagged an
        # article: a short article. (On a hub, the links are the content.)
        return True
    return learned(x) and prob(x) > threshold


def learned(x: list[float]) -> bool:
    """Whether the trees decide, beyond the fixed rules: not on a page in CJK script, unless
    the block pick is (next to) nothing (see docs/auto.md)."""
    return x[_CJK] <= _CJK_TREES or x[_LOG_A] < _YIELDS[0][0]
