"""``auto``'s hand-set constants judged out of fold: nested site-grouped cross-validation of each one's value.

    python tests/training/constants_cv.py run [NAME ...] [-p 2] [--probe names]   # a page run per candidate value
    python tests/training/constants_cv.py cv [NAME ...] [--repeats 10] [--probe names]

``run`` extracts every shared page once with each candidate value of each
constant named (all of :data:`CONSTANTS` by default), the value patched into the
modules that read it, and saves the runs in ``.page-runs/`` as
``const-NAME=VALUE`` (the shipped value's run is ``const-base``, shared by
all); a run already saved is reused. ``cv`` then splits the pages into five
folds by site (``train_arbiter.fold_of``: no site in two folds) and, for each
fold, takes the value whose run scores best on the other four (the mean of
the corpora's F1; on a tie the shipped value) for that fold's pages. The
out-of-fold mean against the shipped value's, over ``--repeats`` splits, says
whether choosing the value from data holds on sites it was not chosen on;
the in-sample best is printed beside it. The arbiter's trees stay those
shipped (fitted on the picks of the shipped values), which leans the figures
a little towards the shipped values.
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any, NamedTuple

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
sys.path.insert(0, str(Path(__file__).resolve().parent))
import page_runs  # noqa: E402
from train_arbiter import fold_of, split_scores  # noqa: E402

FOLDS = 5
_EXT = "scrapy_webclean.extractors."


class Constant(NamedTuple):
    """Where a constant lives (``module:attribute`` of every module that binds it; ``index``: the
    element of a tuple it is), and the values tried (the shipped one among them)."""

    bindings: tuple[str, ...]
    values: tuple[Any, ...]
    index: int | None = None


#: The constants judged, by name. (Values that derive from another constant at import are left out.)
CONSTANTS: dict[str, Constant] = {
    "menu_anchor": Constant((_EXT + "_auto_blocks:_MENU_ANCHOR",), (20, 25, 30, 40, 50)),
    "headline_weight": Constant((_EXT + "_auto_blocks:_HEADLINE_WEIGHT",), (0.25, 0.5, 0.75, 1.0)),
    "headline_links": Constant((_EXT + "_auto_blocks:_HEADLINE_LINKS",), (12, 16, 20, 30, 40)),
    "unpunctuated_text": Constant((_EXT + "_auto_blocks:_UNPUNCTUATED_TEXT",), (20, 30, 40, 60, 80)),
    "unpunctuated_weight": Constant((_EXT + "_auto_blocks:_UNPUNCTUATED_WEIGHT",), (0.1, 0.2, 0.3, 0.5, 0.7)),
    "unpunctuated_links": Constant((_EXT + "_auto_blocks:_UNPUNCTUATED_LINKS",), (0.25, 0.5, 0.75, 1.0)),
    "prose_among_links": Constant((_EXT + "_auto_blocks:_PROSE_AMONG_LINKS",), (300, 400, 500, 700, 1000), 0),
    "legal_limit": Constant((_EXT + "_auto_phrases:_MARK_LIMIT", _EXT + "_auto_blocks:_MARK_LIMIT"),
                            (500, 700, 1000, 1500, 2000), 1),
    "promo_limit": Constant((_EXT + "_auto_phrases:_MARK_LIMIT", _EXT + "_auto_blocks:_MARK_LIMIT"),
                            (150, 200, 300, 400, 600), 3),
    "credit_limit": Constant((_EXT + "_auto_phrases:_MARK_LIMIT", _EXT + "_auto_blocks:_MARK_LIMIT"),
                             (150, 200, 300, 400, 600), 4),
    "own_text": Constant((_EXT + "_auto_select:_OWN_TEXT",), (150, 200, 300, 450, 600)),
    "promo_sentence": Constant((_EXT + "_auto_phrases:_PROMO_SENTENCE",), (40, 50, 60, 80, 100)),
    "soft_legal_prose": Constant((_EXT + "_legal_phrases:_SOFT_LEGAL_PROSE",
                                  _EXT + "_auto_phrases:_SOFT_LEGAL_PROSE"), (100, 125, 150, 200, 250)),
    "shouted": Constant((_EXT + "_auto_words:_SHOUTED", _EXT + "_auto_blocks:_SHOUTED"), (0.6, 0.7, 0.8, 0.9)),
    "flow_run": Constant((_EXT + "_auto_words:_FLOW_RUN", _EXT + "_auto_blocks:_FLOW_RUN"), (3, 4, 6, 8, 10)),
    "titled_share": Constant((_EXT + "_auto_titled:_TITLED_SHARE",), (0.3, 0.4, 0.5, 0.6, 0.7)),
    "thread_before": Constant((_EXT + "_auto_threads:_BEFORE",), (150, 200, 300, 450, 600)),
    "title_gap": Constant((_EXT + "_arbiter:_TITLE_GAP",), (50, 75, 100, 150, 200)),
    "teaser_cards": Constant((_EXT + "_auto_teasers:TEASER_CARDS", _EXT + "_auto_blocks:TEASER_CARDS"), (2, 3, 4, 5)),
    "card_prose": Constant((_EXT + "_auto_teasers:_CARD_PROSE",), (200, 300, 400, 600, 800)),
    "beside_share": Constant((_EXT + "_auto_columns:_BESIDE_SHARE",), (0.3, 0.4, 0.5, 0.6, 0.7)),
    "box_share": Constant((_EXT + "_auto_columns:_BOX_SHARE",), (0.3, 0.4, 0.5, 0.6, 0.7)),
    "thread_items": Constant((_EXT + "_auto_threads:_ITEMS",), (2, 3, 4, 5)),
    "thread_message": Constant((_EXT + "_auto_threads:_MESSAGE",), (15, 20, 30, 45, 60)),
    "consensus_agree": Constant((_EXT + "_consensus:_AGREE",), (0.3, 0.4, 0.5, 0.6, 0.7)),
    "cjk_trees": Constant((_EXT + "_arbiter:_CJK_TREES",), (0.5, 1.0, 2.0, 3.0)),
    "hidden_share": Constant((_EXT + "auto:_HIDDEN_SHARE",), (0.3, 0.5, 0.7)),
    "stated_min": Constant((_EXT + "auto:_STATED_MIN",), (50, 100, 200, 400)),
    "lead_in": Constant((_EXT + "_auto_lists:_LEAD_IN",), (20, 30, 40, 60, 80)),
    "prose_root_share": Constant((_EXT + "_auto_words:_PROSE_ROOT_SHARE", _EXT + "_auto_blocks:_PROSE_ROOT_SHARE"),
                                 (0.3, 0.4, 0.5, 0.6, 0.7)),
    "prose_root_sliver": Constant((_EXT + "_auto_words:_PROSE_ROOT_SLIVER",
                                   _EXT + "_auto_blocks:_PROSE_ROOT_SLIVER"), (0.3, 0.4, 0.5, 0.6, 0.7)),
    "trailing_headings": Constant((_EXT + "auto:_TRAILING_HEADINGS",), (1, 2, 3, 5)),
    "heading_line": Constant((_EXT + "auto:_HEADING_LINE",), (100, 150, 200, 300)),
}


def shipped(c: Constant) -> Any:
    """The value the package ships for ``c``."""
    module, attr = c.bindings[0].split(":")
    value = getattr(importlib.import_module(module), attr)
    return value if c.index is None else value[c.index]


def patch(c: Constant, value: Any) -> None:
    """Bind ``value`` to ``c`` in every module that reads it (the tuple it is an element of, rebuilt)."""
    for binding in c.bindings:
        module_name, attr = binding.split(":")
        module = importlib.import_module(module_name)
        if c.index is None:
            setattr(module, attr, value)
        else:
            old = getattr(module, attr)
            setattr(module, attr, old[:c.index] + (value,) + old[c.index + 1:])


def run_name(name: str, value: Any, probe: str) -> str:
    suffix = f"-{probe}" if probe else ""
    return f"const-{name}={value}{suffix}" if name else f"const-base{suffix}"


def ensure_runs(names: list[str], processes: int, probe: str) -> None:
    """Save a run for each candidate value of each constant (and the shipped values' run), where missing.
    Each run's worker processes are forked after the patch, so they read the patched value."""
    todo = [("", None)] + [(n, v) for n in names for v in CONSTANTS[n].values if v != shipped(CONSTANTS[n])]
    for name, value in todo:
        label = run_name(name, value, probe)
        if (page_runs.RUNS / f"{label}.json").exists():
            continue
        originals = {}
        if name:
            originals[name] = shipped(CONSTANTS[name])
            patch(CONSTANTS[name], value)
        print(f"== {label}", flush=True)
        try:
            page_runs.run(label, page_runs.CORPORA, [], "auto", {}, processes, probe)
        finally:
            for n, v in originals.items():
                patch(CONSTANTS[n], v)


def _load(label: str) -> dict[str, dict]:
    return json.loads((page_runs.RUNS / f"{label}.json").read_text())["pages"]


def _mean_f1(pages: dict[str, dict], keys: list[str], counts_of: dict[str, list[float]] | None = None) -> float:
    """The mean over the corpora of each corpus's F1 (``train_arbiter.split_scores``) of ``keys``' pages:
    their counts in the run, or in ``counts_of`` where given."""
    rows = [{"corpus": k.split("/")[0]} for k in keys]
    return split_scores(rows, [(counts_of or {}).get(k, pages[k]["counts"]) for k in keys])["mean"]


def judge(name: str, repeats: int, probe: str) -> str:
    """One constant's line: shipped value, in-sample best, and the out-of-fold choice against the shipped value."""
    c = CONSTANTS[name]
    base_value = shipped(c)
    runs = {v: _load(run_name(name, v, probe) if v != base_value else run_name("", None, probe)) for v in c.values}
    keys = sorted(runs[base_value])
    whole = {v: _mean_f1(r, keys) for v, r in runs.items()}
    best = max(c.values, key=lambda v: (whole[v], v == base_value))
    diffs, chosen = [], Counter()
    for repeat in range(repeats):
        fold = {k: fold_of(runs[base_value][k]["site"], repeat) for k in keys}
        oof: dict[str, list[float]] = {}
        for f in range(FOLDS):
            fitting = [k for k in keys if fold[k] != f]
            pick = max(c.values, key=lambda v: (_mean_f1(runs[v], fitting), v == base_value))
            chosen[pick] += 1
            oof.update({k: runs[pick][k]["counts"] for k in keys if fold[k] == f})
        diffs.append(_mean_f1(runs[base_value], keys, oof) - whole[base_value])
    up, down = sum(d > 1e-9 for d in diffs), sum(d < -1e-9 for d in diffs)
    picks = ", ".join(f"{v}: {n}" for v, n in sorted(chosen.items(), key=lambda x: -x[1]))
    return (f"{name:<20} shipped {base_value!s:<6} {whole[base_value]:.4f}  in-sample best {best!s:<6} "
            f"{whole[best] - whole[base_value]:+.4f}  out of fold {sum(diffs) / len(diffs):+.5f} "
            f"({up} up, {down} down)  chosen {picks}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("command", choices=("run", "cv"))
    ap.add_argument("names", nargs="*", help="constants (default: all)")
    ap.add_argument("-p", "--processes", type=int, default=2)
    ap.add_argument("--repeats", type=int, default=10, help="splits into folds, each with its own hash")
    ap.add_argument("--probe", default="", help="a page_runs.py probe (names: the pages without class and id)")
    args = ap.parse_args()
    names = args.names or list(CONSTANTS)
    unknown = [n for n in names if n not in CONSTANTS]
    if unknown:
        ap.error(f"unknown constants {unknown}: one of {', '.join(CONSTANTS)}")
    if args.command == "run":
        ensure_runs(names, args.processes, args.probe)
    else:
        for name in names:
            print(judge(name, args.repeats, args.probe), flush=True)


if __name__ == "__main__":
    main()
