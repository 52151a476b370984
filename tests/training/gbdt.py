"""A small gradient-boosted tree classifier in pure Python (logistic loss,
sample weights, quantile-binned splits): deterministic, no dependencies.

The fitted model is plain data: ``{"base": float, "rate": float, "trees":
[[[feature, threshold, left, right, value], ...], ...]}``, read by
:func:`scrapy_webclean.extractors._arbiter.tree_margin` at run time.
"""

from __future__ import annotations

import math

BINS = 32


def _edges(values: list[float]) -> list[float]:
    s = sorted(set(values))
    if len(s) <= BINS:
        return [(a + b) / 2 for a, b in zip(s, s[1:])]
    return sorted({s[int(len(s) * q / BINS)] for q in range(1, BINS)})


def _bin(v: float, edges: list[float]) -> int:
    lo, hi = 0, len(edges)
    while lo < hi:
        mid = (lo + hi) // 2
        if v <= edges[mid]:
            hi = mid
        else:
            lo = mid + 1
    return lo


def fit(xs: list[list[float]], ys: list[float], ws: list[float], *, rounds: int = 150, depth: int = 3,
        rate: float = 0.1, min_leaf: float = 0.02, l2: float = 1.0) -> dict:
    n, k = len(xs), len(xs[0])
    edges = [_edges([x[j] for x in xs]) for j in range(k)]
    binned = [[_bin(x[j], edges[j]) for j in range(k)] for x in xs]
    total = sum(ws)
    ws = [w / total for w in ws]
    pos = sum(w for w, y in zip(ws, ys) if y > 0.5)
    base = math.log(max(pos, 1e-6) / max(1.0 - pos, 1e-6))
    margin = [base] * n
    trees = []
    min_h = min_leaf / 4.0
    for _ in range(rounds):
        g, h = [], []
        for m, y, w in zip(margin, ys, ws):
            p = 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, m))))
            g.append(w * (p - y))
            h.append(w * max(p * (1.0 - p), 1e-6))
        tree: list[list] = []
        _grow(tree, list(range(n)), binned, edges, g, h, depth, min_h, l2 / total if total else l2)
        trees.append(tree)
        for i in range(n):
            margin[i] += rate * _leaf(tree, xs[i])
    return {"base": base, "rate": rate, "trees": trees}


def _grow(tree: list, idx: list[int], binned: list[list[int]], edges: list[list[float]], g: list[float],
          h: list[float], depth: int, min_h: float, l2: float) -> int:
    me = len(tree)
    gs, hs = sum(g[i] for i in idx), sum(h[i] for i in idx)
    tree.append([-1, 0.0, -1, -1, -gs / (hs + l2)])
    if depth == 0 or hs < 2 * min_h:
        return me
    best = (0.0, -1, -1)
    parent_gain = gs * gs / (hs + l2)
    for j in range(len(edges)):
        nb = len(edges[j]) + 1
        if nb < 2:
            continue
        bg, bh = [0.0] * nb, [0.0] * nb
        for i in idx:
            b = binned[i][j]
            bg[b] += g[i]
            bh[b] += h[i]
        lg = lh = 0.0
        for b in range(nb - 1):
            lg += bg[b]
            lh += bh[b]
            rg, rh = gs - lg, hs - lh
            if lh < min_h or rh < min_h:
                continue
            gain = lg * lg / (lh + l2) + rg * rg / (rh + l2) - parent_gain
            if gain > best[0]:
                best = (gain, j, b)
    if best[1] < 0:
        return me
    _, j, b = best
    left = [i for i in idx if binned[i][j] <= b]
    right = [i for i in idx if binned[i][j] > b]
    node = tree[me]
    node[0], node[1] = j, edges[j][b]
    node[2] = _grow(tree, left, binned, edges, g, h, depth - 1, min_h, l2)
    node[3] = _grow(tree, right, binned, edges, g, h, depth - 1, min_h, l2)
    return me


def _leaf(tree: list, x: list[float]) -> float:
    i = 0
    while tree[i][0] >= 0:
        i = tree[i][2] if x[tree[i][0]] <= tree[i][1] else tree[i][3]
    return tree[i][4]


def margin(model: dict, x: list[float]) -> float:
    return model["base"] + model["rate"] * sum(_leaf(t, x) for t in model["trees"])
