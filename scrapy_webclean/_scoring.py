"""Scoring extracted text against gold text: 4-token shingle overlap.

The measure of the public article-extraction benchmark (per-page shingle
counts, mean precision and mean recall over pages, F1 of the means), where
each CJK character counts as one token because those scripts put no spaces
between words.
"""

from __future__ import annotations

import gzip
import json
import re
import statistics
from collections import Counter
from pathlib import Path
from typing import Iterable, Iterator

from ._scripts import CJK

__all__ = ["tokens", "shingles", "page_counts", "shingle_f1", "summarize", "load_corpus", "corpus_files", "page_bytes"]

_TOKEN = re.compile(rf"[{CJK}]|[^\W{CJK}]+", re.UNICODE)


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


def shingle_f1(a: Counter, b: Counter) -> float:
    """F1 between two texts' :func:`shingles` (symmetric: how much of their text two outputs share)."""
    total = sum(a.values()) + sum(b.values())
    return 2.0 * sum((a & b).values()) / total if total else 0.0


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


def corpus_files(corpus: Path) -> Iterator[tuple[str, dict, Path]]:
    """Pages of a gold corpus folder, unread: ``(id, record, file)`` (``ID.html.gz``, else ``ID.html``)."""
    gt = json.loads((corpus / "ground-truth.json").read_text(encoding="utf-8"))
    for pid in sorted(gt):
        path = corpus / "pages" / f"{pid}.html.gz"
        yield pid, gt[pid], path if path.exists() else corpus / "pages" / f"{pid}.html"


def page_bytes(path: Path) -> bytes:
    """A corpus page's body (see :func:`corpus_files`), decompressed when gzipped."""
    raw = path.read_bytes()
    return gzip.decompress(raw) if path.suffix == ".gz" else raw


def load_corpus(corpus: Path) -> Iterator[tuple[str, dict, bytes]]:
    """Pages of a gold corpus folder: ``(id, record, body bytes)``."""
    for pid, record, path in corpus_files(corpus):
        yield pid, record, page_bytes(path)
