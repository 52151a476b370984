"""Benchmark: learning time and memory of a SiteStyleTree as pages accumulate.

Not collected by pytest (run it by hand)::

    python tests/benchmarks/sst_learning.py [--corpus ../shared/corpora/site-bbc]
                                            [--sizes 50,100,200,400] [--score]

The corpus has about 80 pages of one site; larger runs cycle through them,
each later cycle a variant: the article's paragraphs (those whose text is in
the gold article) are reshuffled word by word and some are dropped, and the
URL changes, so every page has new content inside the same template, as a
crawl of one site would. For each size it reports the learning time (bytes
in, parse included, without tracemalloc), the peak and retained memory while
learning (tracemalloc), the tree's size (``stats()``) and the size of its
saved JSON and of its pickled compiled cleaner. ``--score`` also learns from
variants of the even pages only and cleans the odd, unseen pages, to check
that a tree of hundreds of pages still keeps the articles.
"""

from __future__ import annotations

import argparse
import gzip
import json
import pickle
import random
import sys
import time
import tracemalloc
from pathlib import Path

import lxml.html

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import scrapy_webclean as wc  # noqa: E402
from scrapy_webclean._document import parse  # noqa: E402
from scrapy_webclean._scoring import page_counts, summarize  # noqa: E402


def load(corpus: Path) -> list[tuple[dict, bytes]]:
    gt = json.loads((corpus / "ground-truth.json").read_text(encoding="utf-8"))
    return [(gt[p], gzip.decompress((corpus / "pages" / f"{p}.html.gz").read_bytes())) for p in sorted(gt)]


def variant(rec: dict, body: bytes, cycle: int) -> tuple[str, bytes]:
    """The page with its article paragraphs reshuffled (cycle 0: the page itself)."""
    if cycle == 0:
        return rec["url"], body
    rng = random.Random(f"{rec['url']}#{cycle}")
    root = lxml.html.fromstring(parse(body, rec["url"], encoding=rec.get("http_charset")).source)
    gold = rec["articleBody"]
    for p in root.iter("p"):
        text = p.text_content().strip()
        if len(text) < 40 or text not in gold:
            continue
        if rng.random() < 0.25:
            p.drop_tree()
            continue
        words = text.split()
        rng.shuffle(words)
        for child in list(p):
            p.remove(child)
        p.text = " ".join(words)
    return f"{rec['url']}?variant={cycle}", lxml.html.tostring(root, encoding="utf-8")


def pages_for(base: list[tuple[dict, bytes]], n: int) -> list[tuple[str, bytes]]:
    out = []
    cycle = 0
    while len(out) < n:
        for rec, body in base:
            if len(out) == n:
                break
            out.append(variant(rec, body, cycle))
        cycle += 1
    return out


def learn(pages: list[tuple[str, bytes]]) -> wc.SiteStyleTree:
    tree = wc.SiteStyleTree(max_pages=max(len(pages), 1))
    for url, body in pages:
        tree.add_page(body, url, encoding="utf-8")
    return tree


def measure(pages: list[tuple[str, bytes]]) -> dict:
    t0 = time.perf_counter()
    tree = learn(pages)
    seconds = time.perf_counter() - t0
    del tree
    tracemalloc.start()
    tree = learn(pages)
    retained, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    stats = tree.stats()
    return {
        "pages": len(tree), "seconds": seconds, "ms_per_page": 1000 * seconds / max(len(pages), 1),
        "peak_mb": peak / 2 ** 20, "retained_mb": retained / 2 ** 20,
        "elements": stats["elements"], "styles": stats["styles"], "features": stats["features"],
        "json_kb": len(json.dumps(tree.to_dict(), ensure_ascii=False)) / 1024,
        "compiled_kb": len(pickle.dumps(tree.compile())) / 1024,
    }


def score(base: list[tuple[dict, bytes]], n: int) -> dict:
    train, test = base[0::2], base[1::2]
    tree = learn(pages_for(train, n))
    counts = {"whole page": [], "sst": [], "link_density": [], "link_density+sst": []}
    empty = wc.SiteStyleTree()
    for rec, body in test:
        doc = parse(body, rec["url"], encoding=rec.get("http_charset"))
        gold = rec["articleBody"]
        counts["whole page"].append(page_counts(gold, wc.extract(doc, extractor="sst", site_tree=empty).text))
        counts["sst"].append(page_counts(gold, wc.extract(doc, extractor="sst", site_tree=tree).text))
        counts["link_density"].append(page_counts(gold, wc.extract(doc, extractor="link_density").text))
        counts["link_density+sst"].append(
            page_counts(gold, wc.extract(doc, extractor="link_density", site_tree=tree).text))
    return {name: summarize(c) for name, c in counts.items()}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--corpus", type=Path, default=ROOT.parent / "shared" / "corpora" / "site-bbc")
    ap.add_argument("--sizes", default="50,100,200,400")
    ap.add_argument("--score", action="store_true")
    args = ap.parse_args()
    base = load(args.corpus)
    sizes = [int(s) for s in args.sizes.split(",")]
    print(f"corpus {args.corpus.name}: {len(base)} pages, cycled with variants")
    print(f"{'pages':>6} {'learn s':>8} {'ms/page':>8} {'peak MB':>8} {'kept MB':>8} {'elements':>9} "
          f"{'styles':>7} {'features':>9} {'JSON KB':>8} {'compiled KB':>12}")
    for n in sizes:
        r = measure(pages_for(base, n))
        print(f"{r['pages']:>6} {r['seconds']:>8.2f} {r['ms_per_page']:>8.1f} {r['peak_mb']:>8.1f} "
              f"{r['retained_mb']:>8.1f} {r['elements']:>9} {r['styles']:>7} {r['features']:>9} "
              f"{r['json_kb']:>8.0f} {r['compiled_kb']:>12.0f}", flush=True)
    if args.score:
        for n in sizes:
            res = score(base, n)
            print(f"learned from {n} variants of the even pages, cleaning the odd pages: " + "; ".join(
                f"{name} P {m['precision']:.3f} R {m['recall']:.3f}" for name, m in res.items()), flush=True)


if __name__ == "__main__":
    main()
