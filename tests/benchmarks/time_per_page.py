"""``auto``'s CPU time per page against trafilatura's, page by page in one process.

    python tests/benchmarks/time_per_page.py [--corpus articles-en,modern-web] [--runs 3]

For each page of each corpus, ``extract(body, url, encoding=...).text`` and
``trafilatura.extract`` on the decoded page (as ``scoreboard --peers`` calls
it) are each timed with ``time.process_time``, alternating, ``--runs`` times;
a page's time is its minimum. The figure is the ratio of the two medians
over the pages. Both run in the same process on the same pages, so the
machine's load weighs on both alike. Beside it, the same ratio for each
page's first run only ("first"): the page seen once, its class names and
texts new to the memo tables (apart from those earlier pages of the site
used), as ``scoreboard --peers`` times each page, so closer to its figure;
the minimum is a later run's, with those tables warm. Needs trafilatura
(``pip install '.[peers]'``).
"""

from __future__ import annotations

import argparse
import gzip
import json
import statistics
import sys
import time
from pathlib import Path

from w3lib.encoding import html_to_unicode

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # this checkout's package, not an installed one
import scrapy_webclean  # noqa: E402

CORPORA = Path(__file__).resolve().parents[3] / "shared" / "corpora"


def _cpu(fn) -> float:
    start = time.process_time()
    fn()
    return time.process_time() - start


def measure(corpus: Path, runs: int) -> tuple[float, float, float, float]:
    """Median CPU seconds per page of ``auto`` and of trafilatura on ``corpus``: each page's
    minimum over the runs, then its first run's."""
    import trafilatura

    gold = json.loads((corpus / "ground-truth.json").read_text("utf-8"))
    ours: list[float] = []
    theirs: list[float] = []
    ours_first: list[float] = []
    theirs_first: list[float] = []
    for pid in sorted(gold):
        record = gold[pid]
        raw = gzip.decompress((corpus / "pages" / f"{pid}.html.gz").read_bytes())
        url, charset = record.get("url"), record.get("http_charset")
        decoded = html_to_unicode(f"text/html; charset={charset}" if charset else None, raw)[1]
        a: list[float] = []
        b: list[float] = []
        for _ in range(runs):
            a.append(_cpu(lambda: scrapy_webclean.extract(raw, url, encoding=charset).text))
            b.append(_cpu(lambda: trafilatura.extract(decoded, url=url)))
        ours.append(min(a))
        theirs.append(min(b))
        ours_first.append(a[0])
        theirs_first.append(b[0])
    return (statistics.median(ours), statistics.median(theirs),
            statistics.median(ours_first), statistics.median(theirs_first))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--corpora", type=Path, default=CORPORA)
    ap.add_argument("--corpus", default="articles-en,modern-web", help="comma-separated corpus names")
    ap.add_argument("--runs", type=int, default=3, help="runs per page; its minimum counts")
    args = ap.parse_args()
    for name in args.corpus.split(","):
        ours, theirs, ours_first, theirs_first = measure(args.corpora / name, args.runs)
        print(f"{name:<12} auto {1000 * ours:.2f} ms  trafilatura {1000 * theirs:.2f} ms  "
              f"ratio {ours / theirs:.2f}x   first run: auto {1000 * ours_first:.2f} ms  "
              f"trafilatura {1000 * theirs_first:.2f} ms  ratio {ours_first / theirs_first:.2f}x")


if __name__ == "__main__":
    main()
