"""Scoring extracted text against gold text: 4-token shingle overlap.

The measure of the public article-extraction benchmark (per-page shingle
counts, mean precision and mean recall over pages, F1 of the means), where
each CJK character counts as one token because those scripts put no spaces
between words.
"""

from __future__ import annotations

import re
import statistics
from collections import Counter
from typing import Iterable

__all__ = ["tokens", "shingles", "page_counts", "summarize"]

_CJK_CLASS = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
_TOKEN = re.compile(rf"[{_CJK_CLASS}]|[^\W{_CJK_CLASS}]+", re.UNICODE)


def tokens(text: str | None) -> list[str]:
    """Word tokens, each CJK character a token of its own.

    >>> tokens("BBC 新闻 report")
    ['BBC', '新', '闻', 'report']
    """
    return _TOKEN.findall(text or "")


def shingles(text: str | None, n: int = 4) -> Counter:
    toks = tokens(text)
    if not toks:
        return Counter()
    return Counter(tuple(toks[i:i + n]) for i in range(max(1, len(toks) - n + 1)))


def page_counts(gold: str, predicted: str) -> tuple[float, float, float]:
    """Normalised (true positive, false positive, false negative) shingle shares."""
    t, p = shingles(gold), shingles(predicted)
    tp = sum((t & p).values())
    fp = sum((p - t).values())
    fn = sum((t - p).values())
    s = tp + fp + fn
    return (tp / s, fp / s, fn / s) if s else (0.0, 0.0, 0.0)


def _precision(tp: float, fp: float, fn: float) -> float:
    return 1.0 if fp == fn == 0 else (0.0 if tp == fp == 0 else tp / (tp + fp))


def _recall(tp: float, fp: float, fn: float) -> float:
    return 1.0 if fp == fn == 0 else (0.0 if tp == fn == 0 else tp / (tp + fn))


def summarize(counts: Iterable[tuple[float, float, float]]) -> dict[str, float]:
    """Mean precision, mean recall and their F1 over pages."""
    counts = list(counts)
    p = statistics.mean([_precision(*c) for c in counts if c[0] + c[1] > 0] or [0.0])
    r = statistics.mean([_recall(*c) for c in counts if c[0] + c[2] > 0] or [0.0])
    f = 2 * p * r / (p + r) if p + r else 0.0
    return {"f1": f, "precision": p, "recall": r, "n": len(counts)}
