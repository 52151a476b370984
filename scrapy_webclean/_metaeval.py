"""``python -m scrapy_webclean eval --metadata CORPUS...``: title, author and date scores.

Ours (``extract(..., extractor="auto")``) and trafilatura's
(``trafilatura.extract_metadata``, when installed) on the same pages in the
same run, scored by :mod:`scrapy_webclean._metascore`; each corpus whole
and split by site into folds 0-2 (where rules are developed) and 3-4
(held out), so that a rule fitted to the pages at hand shows as a gap.
Each field's score is over all pages, then (+) over the pages whose gold
has a value and (-) over those whose gold has none.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any, Callable

from ._api import extract
from ._encoding import decode_body
from ._metascore import FIELDS, field_correct, fold_of, score_fields
from ._scoring import load_corpus

__all__ = ["run_metadata_eval", "metadata_functions"]

Predict = Callable[[bytes, str | None, str | None], dict[str, Any]]
SPLITS = (("all", range(5)), ("folds 0-2", range(3)), ("folds 3-4", range(3, 5)))


def _ours(raw: bytes, url: str | None, charset: str | None) -> dict[str, Any]:
    r = extract(raw, url, encoding=charset)
    return {"title": r.title, "author": r.author, "date": r.date}


def metadata_functions(peers: bool = True) -> dict[str, Predict]:
    """``{"ours": fn, "trafilatura": fn}`` (trafilatura where installed and ``peers``)."""
    fns: dict[str, Predict] = {"ours": _ours}
    if not peers:
        return fns
    try:
        import trafilatura
    except ImportError:
        return fns

    def traf(raw: bytes, url: str | None, charset: str | None) -> dict[str, Any]:
        m = trafilatura.extract_metadata(decode_body(raw, charset)[0], default_url=url)
        return {"title": m.title, "author": m.author, "date": m.date} if m is not None else {}

    fns["trafilatura"] = traf
    return fns


def _predict(fn: Predict, raw: bytes, rec: dict) -> dict[str, Any]:
    try:
        return fn(raw, rec.get("url"), rec.get("http_charset"))
    except Exception:  # a crash scores as nothing found
        return {}


def run_metadata_eval(args: argparse.Namespace) -> int:
    fns = metadata_functions(peers=not args.no_peers)
    rows = []
    for corpus in args.corpus:
        if not (corpus / "ground-truth.json").exists():
            print(f"webclean: {corpus} has no ground-truth.json", file=sys.stderr)
            return 2
        pages = [(pid, rec, raw) for pid, rec, raw in load_corpus(corpus) if "title" in rec]
        for name, fn in fns.items():
            preds = [(pid, rec, _predict(fn, raw, rec)) for pid, rec, raw in pages]
            for split, folds in SPLITS:
                m = score_fields((rec, pred) for _, rec, pred in preds if fold_of(rec.get("site")) in folds)
                rows.append({"corpus": corpus.name, "who": name, "split": split, **m})
                print(f"{corpus.name:<12} {name:<12} {split:<10} n {m['n']:<4} "
                      + "  ".join(f"{f} {m[f]:.3f} (+{m[f + '+']:.3f} -{m[f + '-']:.3f})" for f in FIELDS),
                      flush=True)
            if args.errors and name == "ours":
                _print_errors(preds)
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=1))
    return 0


def _print_errors(preds: list[tuple[str, dict, dict]]) -> None:
    for pid, rec, pred in preds:
        for f in FIELDS:
            if not field_correct(f, pred.get(f), rec.get(f)):
                print(f"  {pid} fold {fold_of(rec.get('site'))} {f}: ours {pred.get(f)!r} gold {rec.get(f)!r}")
