"""Train ``auto``'s arbiter and report its site-grouped cross-validation.

    python tests/training/arbiter_data.py ../shared/corpora data.jsonl
    python tests/training/train_arbiter.py data.jsonl [--write]
    python tests/training/arbiter_data.py ../shared/corpora names.jsonl --probe names
    python tests/training/arbiter_data.py ../shared/corpora short2.jsonl --probe short2
    python tests/training/train_arbiter.py data.jsonl --augment names.jsonl --augment short2.jsonl --write

Boosted trees (``gbdt.py``: pure Python, deterministic) learn when the
propagation pick beats ``auto``'s block pick, and a second set when what
both picks keep does; each page weighs by how much the better one wins.
Pages are split into five folds by site (a hash of ``sites.site_of``), so
no site is in both the fitting and the scoring fold; three such splits are
averaged (``--repeats``). The report
gives, per corpus, ``auto`` without the arbiter, the out-of-fold figure
(each fold scored by a model fitted on the other four) and the in-sample
figure (one model fitted on everything, the one ``--write`` saves to
``scrapy_webclean/extractors/arbiter.json``).

With ``--augment``, the trees are also fitted on the same pages with their
``class`` and ``id`` names taken away (``arbiter_data.py --probe names``),
each copy in its site's fold: unseen sites name their blocks in ways the
block pick's word lists do not know, and its picks then look as they do on
the stripped pages; and on the pages with their stories cut to two
paragraphs (``--probe short2``, :mod:`short_probe`): a box beside a short story
may outweigh it. The copies are never scored with the pages; a table for each
file scores them apart.

To judge a change, save the splits of the code before it and compare the
code after it split by split (each split's folds are the same sites in both
runs, so the difference is the change's, not the split's):

    python tests/training/train_arbiter.py before.jsonl --augment before-names.jsonl --augment before-short2.jsonl \
        --repeats 10 --save before.json
    python tests/training/train_arbiter.py after.jsonl --augment after-names.jsonl --augment after-short2.jsonl \
        --repeats 10 --against before.json
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
from functools import partial
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from scrapy_webclean.extractors._arbiter import FEATURES, decide  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
import gbdt  # noqa: E402
from sites import site_bucket  # noqa: E402
from scrapy_webclean._scoring import summarize  # noqa: E402

FOLDS = 5
ROUNDS = int(os.environ.get("ARBITER_ROUNDS", "100"))
DEPTH = int(os.environ.get("ARBITER_DEPTH", "3"))
RATE = float(os.environ.get("ARBITER_RATE", "0.1"))
MIN_LEAF = float(os.environ.get("ARBITER_MIN_LEAF", "0.08"))
THRESHOLD = float(os.environ.get("ARBITER_THRESHOLD", "0.55"))
BOTH_THRESHOLD = float(os.environ.get("ARBITER_BOTH_THRESHOLD", "0.6"))
AUGMENT_WEIGHT = float(os.environ.get("ARBITER_AUGMENT_WEIGHT", "0.5"))
MODEL = Path(__file__).resolve().parents[2] / "scrapy_webclean" / "extractors" / "arbiter.json"


def fold_of(site: str, repeat: int = 0) -> int:
    """The fold of ``site`` in the ``repeat``-th split (a salted hash)."""
    return site_bucket(site, str(repeat) if repeat else "", FOLDS)


def out_of_fold(rows: list[dict], repeat: int = 0, extra: list[dict] | None = None) -> list[list[float]]:
    """Each row's chosen counts by trees fitted on the folds without its site
    (with the ``extra`` rows of those folds' sites: see ``--augment``)."""
    return scored_out_of_fold(rows + (extra or []), [rows], repeat)[0]


def scored_out_of_fold(fitted: list[dict], scored: list[list[dict]], repeat: int = 0) -> list[list[list[float]]]:
    """For each list of ``scored`` rows, each row's chosen counts by the trees fitted on the
    ``fitted`` rows of the folds without its site: one fitting per fold scores them all (the pages,
    their ``--augment`` copies, and ``--score`` rows, fitted on or not)."""
    outs: list[list[list[float]]] = [[r["a"] for r in part] for part in scored]
    for k in range(FOLDS):
        model = fit([r for r in fitted if fold_of(r["site"], repeat) != k])
        for part, out in zip(scored, outs):
            for i, r in enumerate(part):
                if fold_of(r["site"], repeat) == k:
                    out[i] = choose(model, r)
    return outs


def f1(t: list[float]) -> float:
    tp, fp, fn = t
    p = tp / (tp + fp) if tp + fp else (1.0 if fn == 0 else 0.0)
    r = tp / (tp + fn) if tp + fn else (1.0 if fp == 0 else 0.0)
    return 2 * p * r / (p + r) if p + r else 0.0


def _trees(rows: list[dict], other: str, threshold: float) -> dict:
    """Trees saying when candidate ``other`` beats the block pick (a), from rows
    with features, weighted by |F1(other) - F1(a)|, each corpus weighing the same."""
    size: dict[str, int] = {}
    for r in rows:
        size[r["corpus"]] = size.get(r["corpus"], 0) + 1
    data = [(r["x"], 1.0 if f1(r[other]) > f1(r["a"]) else 0.0,
             abs(f1(r[other]) - f1(r["a"])) * len(rows) / (len(size) * size[r["corpus"]]) * r.get("weight", 1.0))
            for r in rows if r["x"] is not None]
    data = [d for d in data if d[2] > 0.001]
    model = gbdt.fit([d[0] for d in data], [d[1] for d in data], [d[2] for d in data], rounds=ROUNDS,
                     depth=DEPTH, rate=RATE, min_leaf=MIN_LEAF)
    return {"threshold": threshold} | model


def fit(rows: list[dict]) -> dict:
    """The propagation pick's trees, and those of what both picks keep ("both")."""
    return ({"features": list(FEATURES)} | _trees(rows, "b", THRESHOLD)
            | {"both": _trees(rows, "c", BOTH_THRESHOLD)})


def prob(model: dict, x: list[float]) -> float:
    z = gbdt.margin(model, x)
    return 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, z))))


def choose(model: dict, r: dict) -> list[float]:
    """The counts of what ``auto`` returns for row ``r``: the candidate the
    models choose, as ``arbitrate`` does, or the seeds' vote where it is nothing."""
    x = r["x"]
    key = "a" if x is None else decide(x, lambda v, name: prob(model if name == "propagation" else model["both"], v),
                                       (model["threshold"], model["both"]["threshold"]))
    return returned(r, key)


def returned(r: dict, key: str) -> list[float]:
    """The counts of what ``auto`` returns with candidate ``key`` of row ``r`` (the seeds' vote where it is nothing)."""
    return r.get("net", {}).get(key, r[key])


def render(model: dict) -> str:
    """The model as JSON, one tree a line, numbers to 6 significant digits."""
    def r(v: float) -> float:
        return float(f"{v:.6g}")

    def part(m: dict, keys: tuple[str, ...]) -> str:
        trees = [[[f, r(t), lo, hi, r(v)] for f, t, lo, hi, v in tree] for tree in m["trees"]]
        head = {k: m[k] for k in keys}
        head["base"] = r(head["base"])
        body = ",\n".join(json.dumps(t, separators=(",", ":")) for t in trees)
        return json.dumps(head)[:-1] + ', "trees": [\n' + body + "\n]}"

    both = part(model["both"], ("threshold", "base", "rate"))
    return part(model, ("features", "threshold", "base", "rate"))[:-1] + ',\n"both": ' + both + "}\n"


def split_scores(rows: list[dict], oof: list[list[float]]) -> dict[str, float]:
    """Each corpus's F1 of one split's out-of-fold counts, and their mean (``"mean"``)."""
    scores = {c: summarize([tuple(oof[i]) for i, r in enumerate(rows) if r["corpus"] == c])["f1"]
              for c in sorted({r["corpus"] for r in rows})}
    return scores | {"mean": sum(scores.values()) / len(scores)}


def report(rows: list[dict], picks: dict[str, list[list[list[float]]]]) -> None:
    """One row per corpus: each pick's F1 (the mean over its repeats), and the mean of the corpora."""
    corpora = sorted({r["corpus"] for r in rows})
    print(f"{'corpus':<13}" + "".join(f"{name:>12}" for name in picks))
    scores = [[split_scores(rows, p) for p in runs] for runs in picks.values()]
    table = []
    for c in corpora:
        cells = [sum(run[c] for run in runs) / len(runs) for runs in scores]
        table.append(cells)
        print(f"{c:<13}" + "".join(f"{v:>12.3f}" for v in cells))
    print(f"{'mean':<13}" + "".join(f"{sum(col) / len(col):>12.4f}" for col in zip(*table)))


def paired(before: list[dict[str, float]], after: list[dict[str, float]]) -> list[str]:
    """Two runs' splits compared split by split: the mean difference, how many splits went up and
    down, and each corpus's mean in both."""
    n = min(len(before), len(after))
    if n == 0:
        return ["no splits in common"]
    diffs = [after[k]["mean"] - before[k]["mean"] for k in range(n)]
    lines = [f"{n} paired splits: mean {sum(diffs) / n:+.5f}, "
             f"{sum(d > 0 for d in diffs)} up, {sum(d < 0 for d in diffs)} down"]
    for c in before[0]:
        old, new = (sum(run[k][c] for k in range(n)) / n for run in (before, after))
        lines.append(f"  {c:<13}{old:.4f} -> {new:.4f} ({new - old:+.4f})")
    return lines


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("data", type=Path)
    ap.add_argument("--write", action="store_true", help=f"save the model fitted on every page to {MODEL}")
    ap.add_argument("--repeats", type=int, default=3,
                    help="cross-validate over this many different splits into folds and report the mean")
    ap.add_argument("--augment", type=Path, action="append", default=[],
                    help="rows of the same pages rewritten by a probe (arbiter_data.py --probe names): fitted on "
                         "with the rest, in their sites' folds; scored apart, never in the main table; "
                         "repeatable (a table for each file)")
    ap.add_argument("--score", type=Path, action="append", default=[],
                    help="rows of probed pages scored out of fold (by the trees fitted without their sites) and "
                         "never fitted on: how a setting does on a probe it did not see; repeatable")
    ap.add_argument("--save", type=Path, help="write each split's out-of-fold F1 per corpus to this JSON file")
    ap.add_argument("--against", type=Path, help="compare each split with the same split of a --save file")
    ap.add_argument("-p", "--processes", type=int, default=2, help="splits cross-validated at once")
    args = ap.parse_args()
    rows = [json.loads(line) for line in args.data.read_text("utf-8").splitlines()]
    files = [[json.loads(line) | {"weight": AUGMENT_WEIGHT} for line in path.read_text("utf-8").splitlines()]
             for path in args.augment]
    extra = [row for rows_of_file in files for row in rows_of_file]
    scored = [[json.loads(line) for line in path.read_text("utf-8").splitlines()] for path in args.score]
    with Pool(args.processes) as pool:  # the splits cross-validated side by side, each fold's trees fitted once
        picks = pool.map(partial(scored_out_of_fold, rows + extra, [rows, extra, *scored]), range(args.repeats))
    oof, extra_oof = [split[0] for split in picks], [split[1] for split in picks]
    if args.save or args.against:
        splits = [split_scores(rows, counts) for counts in oof]
        if args.save:
            args.save.write_text(json.dumps(splits), encoding="utf-8")
        if args.against:
            print("\n".join(paired(json.loads(args.against.read_text("utf-8")), splits)))
    full = fit(rows + extra)
    report(rows, {"auto-blocks": [[returned(r, "a") for r in rows]],
                  "out-of-fold": oof,
                  "in-sample": [[choose(full, r) for r in rows]]})
    start = 0
    for path, part in zip(args.augment, files):  # each file's pages, out of fold as the rest are
        stop = start + len(part)
        print(f"the probed pages of {path.name}:")
        report(part, {"auto-blocks": [[returned(r, "a") for r in part]],
                      "out-of-fold": [split[start:stop] for split in extra_oof],
                      "in-sample": [[choose(full, r) for r in part]]})
        start = stop
    for j, (path, part) in enumerate(zip(args.score, scored)):  # probed pages the trees never saw
        print(f"the probed pages of {path.name}, never fitted on:")
        report(part, {"auto-blocks": [[returned(r, "a") for r in part]],
                      "out-of-fold": [split[2 + j] for split in picks]})
    if args.write:
        MODEL.write_text(render(full), encoding="utf-8")
        print(f"wrote {MODEL}")


if __name__ == "__main__":
    main()
