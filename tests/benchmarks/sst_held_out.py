"""Benchmark: extraction with a site style tree learned without the page, as a crawl meets it.

Not collected by pytest (run it by hand)::

    python tests/benchmarks/sst_held_out.py [--extractors auto,link_density] [--min-pages 5] [--folds 5]

Two settings, each page extracted alone and with a tree that never saw it:

- the sites with ``--min-pages`` pages or more in the gold corpora that are not
  one site each, a site being the URL's host as in a crawl (else the site the
  page names: ``sites.site_of``), each page with a tree learned from the
  site's other pages;
- ``site-*`` corpora in ``--folds`` folds, each fold with a tree learned from
  the others.

Prints F1 per corpus, alone and with the tree (docs/sitestyletree.md, "Who
removes what").
"""

from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "training")]
import scrapy_webclean as wc  # noqa: E402
from scrapy_webclean._scoring import load_corpus, page_counts, summarize  # noqa: E402
from scrapy_webclean.extractors import get_extractor  # noqa: E402
from sites import site_of  # noqa: E402

CORPORA = ROOT.parent / "shared" / "corpora"
#: googlenews' pages that name no site.
_NO_SITE = "googlenews:unknown"

Page = tuple[str, dict[str, Any], bytes]


def _score(extractor: str, groups: list[tuple[list[Page], list[Page]]]) -> tuple[float | None, float]:
    """F1 of ``extractor`` alone (None for one that reads only cleaned pages: ``sst``) and with a
    tree, over (learned from, extracted) page groups."""
    needs_tree = get_extractor(extractor).needs_site_tree
    alone, cleaned = [], []
    for learn, test in groups:
        tree = wc.SiteStyleTree()
        for _, record, raw in learn:
            tree.add_page(raw, record["url"], encoding=record.get("http_charset"))
        for _, record, raw in test:
            gold, charset = record["articleBody"], record.get("http_charset")
            if not needs_tree:
                alone.append(page_counts(gold, wc.extract(raw, record["url"], encoding=charset,
                                                          extractor=extractor).text))
            cleaned.append(page_counts(gold, wc.extract(raw, record["url"], encoding=charset, extractor=extractor,
                                                        site_tree=tree).text))
    return (None if needs_tree else summarize(alone)["f1"]), summarize(cleaned)["f1"]


def held_out_groups(corpora: Path, min_pages: int, folds: int) -> dict[str, list[tuple[list[Page], list[Page]]]]:
    """Per corpus, the (learned from, extracted) groups of both settings."""
    out: dict[str, list[tuple[list[Page], list[Page]]]] = defaultdict(list)
    for corpus in sorted(p for p in corpora.iterdir() if (p / "ground-truth.json").exists()):
        pages = list(load_corpus(corpus))
        if corpus.name.startswith("site-"):
            for k in range(folds):
                out[corpus.name].append(([p for j, p in enumerate(pages) if j % folds != k],
                                         [p for j, p in enumerate(pages) if j % folds == k]))
            continue
        sites: dict[str, list[Page]] = defaultdict(list)
        for page in pages:
            host = urlsplit(page[1]["url"]).hostname or ""
            site = host if host and host != "unknown" else site_of(corpus.name, page[1], page[2])
            if site != _NO_SITE:
                sites[site].append(page)
        for site_pages in sites.values():
            if len(site_pages) >= min_pages:
                for k, page in enumerate(site_pages):
                    out[corpus.name].append((site_pages[:k] + site_pages[k + 1:], [page]))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--corpora", type=Path, default=CORPORA)
    ap.add_argument("--extractors", default="auto,link_density,line_block,relative_link_density")
    ap.add_argument("--min-pages", type=int, default=5)
    ap.add_argument("--folds", type=int, default=5)
    args = ap.parse_args()
    groups = held_out_groups(args.corpora, args.min_pages, args.folds)
    for extractor in args.extractors.split(","):
        for corpus, corpus_groups in groups.items():
            alone, cleaned = _score(extractor, corpus_groups)
            pages = sum(len(test) for _, test in corpus_groups)
            shown = "  -   " if alone is None else f"{alone:.4f}"
            print(f"{extractor:<22} {corpus:<12} {pages:>4} pages  alone {shown}  with a tree {cleaned:.4f}", flush=True)


if __name__ == "__main__":
    main()
