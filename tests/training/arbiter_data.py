"""Measure ``auto``'s block pick, the propagation pick and what both keep
on every page of the shared corpora: the arbiter's features, each one's
shingle counts against the gold text, and the page's site (``sites.site_of``) for
site-grouped folds.

    python tests/training/arbiter_data.py ../shared/corpora arbiter-data.jsonl

Deterministic: pages in sorted order, no randomness.
"""

from __future__ import annotations

import argparse
import json
import sys
from functools import cache
from pathlib import Path
from typing import Iterator

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # this checkout's package, not an installed one
from scrapy_webclean._api import load_document  # noqa: E402
from scrapy_webclean.extractors import get_extractor, resolve_options
from scrapy_webclean._scoring import load_corpus, page_counts as tp_fp_fn
from scrapy_webclean._render import NodeSelection, Selection, kept_mask
from scrapy_webclean.extractors._arbiter import combined, features, propagation_selection, second_pick
from scrapy_webclean.extractors._consensus import consensus, put_to_vote
from scrapy_webclean.extractors.auto import _auto_pick, tidy
from page_runs import REWRITES, rewrite
from sites import site_of


def pages(root: Path) -> Iterator[tuple[str, str, dict, bytes]]:
    """Every page of the gold corpora under ``root``: ``(corpus, id, record, body bytes)``."""
    for corpus in sorted(p for p in root.iterdir() if (p / "ground-truth.json").exists()):
        for pid, record, raw in load_corpus(corpus):
            yield corpus.name, pid, record, raw


def measure(raw: bytes, record: dict) -> dict:
    """Features (None where the arbiter does not run) and the (tp, fp, fn)
    shares against the gold text of the block pick (a), the propagation
    pick (b) and the nodes both keep (c), each without its controls and screen-size copies (as
    ``auto`` returns them); under ``net``, those of what
    ``auto`` returns instead of a pick that is (next to) nothing (the seed
    extractors' vote: the arbiter learns from the picks, is scored on what
    ``auto`` returns)."""
    opts = resolve_options(get_extractor("auto"), {})
    gold = record["articleBody"]
    doc = load_document(raw, record.get("url"), encoding=record.get("http_charset"))
    if doc.is_empty:
        return {"x": None, "a": tp_fp_fn(gold, "")}
    selection, _, strength, furniture, threads = _auto_pick(doc, opts)
    net: dict[str, tuple[float, float, float]] = {}  # what auto returns instead, where a pick is nothing

    @cache  # the seeds are asked once a page
    def vote() -> str | None:
        chosen = consensus(doc)
        return None if chosen is None else chosen.text()

    def counts(key: str, chosen: Selection) -> tuple[float, float, float]:
        if put_to_vote(doc, chosen) and vote() is not None:
            net[key] = tp_fp_fn(gold, vote())
        return tp_fp_fn(gold, chosen.text())

    a = counts("a", tidy(doc, selection) if isinstance(selection, NodeSelection) else selection)
    m = doc.measures
    pick = second_pick(doc, m, threads) if furniture is not None and isinstance(selection, NodeSelection) else None
    if pick is None or pick.root < 0:
        return {"x": None, "a": a} | ({"net": net} if net else {})
    skip = selection.skip_mask()
    a_kept, b_kept = kept_mask(doc, selection.root, skip), kept_mask(doc, pick.root, pick.drop)
    assert furniture is not None
    x = features(doc, m, selection.root, a_kept, strength, pick, b_kept, furniture)
    b = counts("b", tidy(doc, propagation_selection(doc, m, pick, b_kept)))
    c = counts("c", tidy(doc, combined(doc, m, selection.root, a_kept, pick, b_kept, True)))
    return {"x": x, "a": a, "b": b, "c": c} | ({"net": net} if net else {})


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("corpora", type=Path)
    ap.add_argument("out", type=Path)
    ap.add_argument("--probe", choices=REWRITES, default="",
                    help="rewrite each page first, as page_runs.py's --probe does")
    args = ap.parse_args()
    with args.out.open("w", encoding="utf-8") as out:
        for corpus, pid, record, raw in pages(args.corpora):
            rewritten = rewrite(raw, args.probe, record)
            if rewritten is None:  # (a short probe's page whose story it does not cut)
                continue
            row = measure(*rewritten)
            row.update(corpus=corpus, id=pid, site=site_of(corpus, record, raw))
            out.write(json.dumps(row) + "\n")


if __name__ == "__main__":
    main()
