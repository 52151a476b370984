"""Fit the hub/content tagger's weights and report their site-grouped cross-validation.

    python tests/training/train_tagger.py ../shared/corpora [--threshold -1.0] [--write]

Pages are labelled as ``../shared/bin/pagetypes`` labels them (a page_type of
article or blog is content, listing or collection a hub; a page without one
is content). Each page gives the terms of :func:`scrapy_webclean._classify._terms`;
a logistic regression with each class weighing the same in total and a light
L2 penalty (batch gradient descent from zero: deterministic) fits a weight per
term. Out of fold: pages are put in the five folds of ``train_arbiter.py``
(a hash of their site, ``sites.site_of``), each fold scored by weights
fitted on the other four, over ``--repeats`` splits. The report gives hub and content recall at each
threshold, out of fold and for the weights in ``tagger.json`` now. A page is
content when its score exceeds the threshold; ``--write`` saves the weights
fitted on every page, the threshold folded into the bias, to ``tagger.json``.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
sys.path.insert(0, str(Path(__file__).resolve().parent))
import scrapy_webclean as wc  # noqa: E402
from scrapy_webclean._classify import TERMS, _score, _terms, _weights  # noqa: E402
from arbiter_data import pages as corpus_pages  # noqa: E402
from sites import site_of  # noqa: E402
from train_arbiter import FOLDS, fold_of  # noqa: E402

LABELS = {"article": "content", "blog": "content", "listing": "hub", "collection": "hub"}
MODEL = Path(__file__).resolve().parents[2] / "scrapy_webclean" / "tagger.json"
THRESHOLDS = (-1.5, -1.25, -1.0, -0.75, -0.5, -0.25, 0.0)
L2, STEPS, RATE = 1.0, 2000, 0.5
#: The sign each weight may take (what a term says of a page whatever the corpus): more prose, an
#: article's declared type or URL say content; links and headline links say hub. A weight pushed past 0
#: stays at 0: the labels (every page of a corpus without page types is content, home pages included)
#: are not to turn a hub's sign into content's.
SIGNS = {"prose_mass": 1, "prose_share": 1, "link_ratio": -1, "headlines": -1, "og_type": 1, "ld_type": 1,
         "root_url": -1, "article_url": 1}
#: Terms whose weight is set, not fitted: no labelled hub is a site's home page, so the labels cannot
#: weigh the home-page term (the former hand-set weight stays).
FIXED = {"root_url": -1.5}


def terms_of(f: dict[str, Any]) -> list[float]:
    """The terms of a page from :func:`scrapy_webclean.classify`'s features (its shares rounded as given there)."""
    return _terms(f["prose_mass"], f["prose_share"], f["link_ratio"], f["headline_links"], f["og_type"],
                  set(f["ld_types"]), f["url_shape"])


def pages(root: Path) -> list[dict]:
    """Every labelled page: its terms, label (1 content, 0 hub), site and shipped score."""
    out = []
    for corpus, pid, record, raw in corpus_pages(root):
        label = LABELS.get(record["page_type"]) if "page_type" in record else "content"
        if label is None:
            continue
        kind = wc.classify(raw, record.get("url"), encoding=record.get("http_charset"))
        f = kind.features
        if f.get("empty"):
            continue
        out.append({"x": terms_of(f), "y": 1.0 if label == "content" else 0.0, "score": kind.score,
                    "site": site_of(corpus, record, raw), "page": f"{corpus}/{pid}"})
    return out


def fit(rows: list[dict]) -> tuple[list[float], float]:
    """Class-balanced, L2-penalised logistic regression by batch gradient descent."""
    k = len(TERMS)
    w, b = [FIXED.get(name, 0.0) for name in TERMS], 0.0
    free = [name not in FIXED for name in TERMS]
    signs = [SIGNS[name] for name in TERMS]
    positives = sum(r["y"] for r in rows)
    weight = {1.0: len(rows) / (2 * positives), 0.0: len(rows) / (2 * (len(rows) - positives))}
    n = len(rows)
    for _ in range(STEPS):
        gw, gb = [0.0] * k, 0.0
        for r in rows:
            z = _score(w, b, r["x"])
            g = (1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z)))) - r["y"]) * weight[r["y"]]
            gb += g
            for j, x in enumerate(r["x"]):
                gw[j] += g * x
        b -= RATE * gb / n
        w = [(max(0.0, s * (a - RATE * (g / n + L2 * a / n))) * s if f else a)
             for a, g, s, f in zip(w, gw, signs, free)]
    return w, b


def unknown_url_terms(rows: list[dict]) -> list[float]:
    """The home-page and article-URL terms to give a page whose URL is not known: each term's mean
    over the pages of each class, the two classes weighing the same (as in :func:`fit`)."""
    at = [TERMS.index("root_url"), TERMS.index("article_url")]
    means = []
    for j in at:
        per_class = [sum(r["x"][j] for r in rows if r["y"] == y) / max(1, sum(r["y"] == y for r in rows))
                     for y in (0.0, 1.0)]
        means.append(round(sum(per_class) / 2, 4))
    return means


def recalls(rows: list[dict], scores: list[float], threshold: float) -> tuple[float, float]:
    hubs = [s for r, s in zip(rows, scores) if r["y"] == 0.0]
    content = [s for r, s in zip(rows, scores) if r["y"] == 1.0]
    return sum(s <= threshold for s in hubs) / len(hubs), sum(s > threshold for s in content) / len(content)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("corpora", type=Path)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--threshold", type=float, default=0.0, help="the score above which a page is content")
    ap.add_argument("--write", action="store_true", help=f"save the weights fitted on every page to {MODEL}")
    args = ap.parse_args()
    rows = pages(args.corpora)
    print(f"{len(rows)} pages: {sum(r['y'] == 0.0 for r in rows)} hubs, {sum(r['y'] == 1.0 for r in rows)} content")
    shipped_w, shipped_b = _weights()
    shipped = [_score(shipped_w, shipped_b, r["x"]) for r in rows]
    hub, content = recalls(rows, shipped, 0.0)
    print(f"tagger.json now (in-sample): hub recall {hub:.3f}, content recall {content:.3f}")
    oof_runs = []
    for repeat in range(args.repeats):
        scores = [0.0] * len(rows)
        for k in range(FOLDS):
            w, b = fit([r for r in rows if fold_of(r["site"], repeat) != k])
            for i, r in enumerate(rows):
                if fold_of(r["site"], repeat) == k:
                    scores[i] = _score(w, b, r["x"])
        oof_runs.append(scores)
    print("threshold   out of fold: hub recall  content recall  (mean of the repeats)")
    for t in THRESHOLDS:
        pairs = [recalls(rows, scores, t) for scores in oof_runs]
        print(f"{t:>9.2f}   {sum(p[0] for p in pairs) / len(pairs):>22.3f}  {sum(p[1] for p in pairs) / len(pairs):>14.3f}")
    w, b = fit(rows)
    print("weights fitted on every page:", {name: round(a, 3) for name, a in zip(TERMS, w)}, "bias", round(b, 3))
    unknown = unknown_url_terms(rows)
    print("the URL terms of a page without a URL (class-balanced means):", unknown)
    if args.write:
        data = {"terms": list(TERMS), "weights": [round(a, 4) + 0.0 for a in w], "bias": round(b - args.threshold, 4),
                "unknown_url": unknown}
        MODEL.write_text(json.dumps(data) + "\n", encoding="utf-8")
        print(f"wrote {MODEL} (threshold {args.threshold} folded into the bias)")


if __name__ == "__main__":
    main()
