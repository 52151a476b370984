"""Instructions ``auto`` executes per page, counted by callgrind: the same count for the same code
and pages whatever else the machine is doing, so a change of a fraction of a percent shows.

    python tests/benchmarks/instructions.py [--corpus articles-en,modern-web] [--against CHECKOUT]

Each corpus is extracted once, page by page (``extract(body, url, encoding=...).text``), in a
Python process run under ``valgrind --tool=callgrind``; a second process only loads the package and
the pages, and its count is taken off. ``--against`` counts another checkout's package the same
way (a ``git worktree`` of the commit before a change) and prints the ratio. Hash randomization is
off in both (``PYTHONHASHSEED=0``). The counts are instructions, not seconds: a change in memory
traffic or in what libxml2 does shows in them as it costs, one in cache misses not at all. Needs
valgrind (Debian's package ``valgrind``); articles-en and modern-web take about five minutes a checkout.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve()
CORPORA = HERE.parents[3] / "shared" / "corpora"
_COLLECTED = re.compile(r"Collected : (\d+)")


def _work(checkout: str, corpus: str, extract: bool) -> None:
    """The measured process: load the package of ``checkout`` and the pages; extract them if asked."""
    sys.path.insert(0, checkout)
    import scrapy_webclean

    folder = Path(corpus)
    gold = json.loads((folder / "ground-truth.json").read_text("utf-8"))
    pages = [(gzip.decompress((folder / "pages" / f"{pid}.html.gz").read_bytes()), record.get("url"),
              record.get("http_charset")) for pid, record in sorted(gold.items())]
    if extract:
        for raw, url, charset in pages:
            scrapy_webclean.extract(raw, url, encoding=charset).text


def _count(checkout: Path, corpus: Path, extract: bool) -> int:
    command = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, str(HERE),
               "--work", str(checkout), str(corpus), "1" if extract else "0"]
    done = subprocess.run(command, capture_output=True, text=True, env={**os.environ, "PYTHONHASHSEED": "0"})
    found = _COLLECTED.search(done.stderr)
    if done.returncode or not found:
        raise SystemExit(f"callgrind run failed ({' '.join(command)}):\n{done.stderr[-2000:]}")
    return int(found.group(1))


def per_page(checkout: Path, corpus: Path) -> float:
    """Instructions per page of ``auto`` from ``checkout`` on ``corpus``."""
    pages = len(json.loads((corpus / "ground-truth.json").read_text("utf-8")))
    return (_count(checkout, corpus, True) - _count(checkout, corpus, False)) / pages


def main() -> None:
    if len(sys.argv) == 5 and sys.argv[1] == "--work":
        _work(sys.argv[2], sys.argv[3], sys.argv[4] == "1")
        return
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--corpora", type=Path, default=CORPORA)
    ap.add_argument("--corpus", default="articles-en,modern-web", help="comma-separated corpus names")
    ap.add_argument("--against", type=Path, help="another checkout, counted the same way")
    args = ap.parse_args()
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed (Debian: apt-get install valgrind)")
    here = HERE.parents[2]
    for name in args.corpus.split(","):
        ours = per_page(here, args.corpora / name)
        line = f"{name:<12} {ours / 1e6:8.2f} M instructions a page"
        if args.against is not None:
            theirs = per_page(args.against.resolve(), args.corpora / name)
            line += f"   against {theirs / 1e6:8.2f} M: ratio {ours / theirs:.4f}"
        print(line, flush=True)


if __name__ == "__main__":
    main()
