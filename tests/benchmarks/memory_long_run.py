"""Memory over a long crawl: RSS before and after extracting many pages.

Not collected by pytest. Extracts ``--pages`` pages (default 20,000) in one
process, cycling through the shared corpora (``../shared/corpora``, when
present), the bundled test pages and hand-made hostile pages, with each
extractor in turn (``sst`` with a tree learned from the first pages), also
tagging every page with ``classify``. Reports RSS at the start (after a
warm-up of one pass over the page set, so caches and imports are counted
there) and at the end; growth over 50 MB fails (exit code 1).

    python tests/benchmarks/memory_long_run.py [--pages 20000]
"""

from __future__ import annotations

import argparse
import gc
import gzip
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CORPORA = ROOT.parent / "shared" / "corpora"


def rss_mb() -> float:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * 4096 / 2**20


def page_set() -> list[tuple[bytes, str]]:
    pages: list[tuple[bytes, str]] = []
    if CORPORA.is_dir():
        for path in sorted(CORPORA.glob("*/pages/*.html.gz"))[::4]:
            pages.append((gzip.decompress(path.read_bytes()), f"https://{path.parts[-3]}.example/{path.stem}"))
    for path in sorted((ROOT / "tests" / "pages").glob("*.html")):
        pages.append((path.read_bytes(), f"https://bundled.example/{path.stem}"))
    hostile = [
        b"", b"\x00" * 1000, b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 40,
        b"<div>" * 5000 + b"deep" + b"</div>" * 5000 + b"<p>after</p>",
        b"<p>" + b"<br>" * 20_000 + b"</p>",
        b"<table>" + b"<tr><td>cell</td></tr>" * 5000 + b"</table>",
        b"<div " + b"a " * 20_000 + b">x</div>",
        b'<!DOCTYPE x [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;&a;&a;">]><p>&b;</p>',
        '<meta charset="gb2312"><p>\u9555\u93d5\u7881\u4f60\u597d\u3002</p>'.encode("gbk"),
        b"\xff\xfe" + "<p>utf-16 page</p>".encode("utf-16-le"),
    ]
    pages += [(body, f"https://hostile.example/{k}") for k, body in enumerate(hostile)]
    return pages


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--pages", type=int, default=20_000)
    args = ap.parse_args()
    sys.path.insert(0, str(ROOT))
    import scrapy_webclean as wc

    pages = page_set()
    names = wc.available_extractors()
    tree = wc.SiteStyleTree()
    for body, url in pages[:10]:
        tree.add_page(body, url)

    def one(k: int) -> None:
        body, url = pages[k % len(pages)]
        name = names[(k // len(pages)) % len(names)]  # one extractor per pass over the pages
        try:
            wc.classify(body, url)
            r = wc.extract(body, url, extractor=name, site_tree=tree if name == "sst" else None)
            r.html  # noqa: B018 - rendered too
        except ValueError:
            pass

    for k in range(len(pages) * len(names)):
        one(k)  # warm-up: one pass over the page set with each extractor
    gc.collect()
    start = rss_mb()
    t0 = time.perf_counter()
    checkpoints = []
    for k in range(args.pages):
        one(k)
        if (k + 1) % max(1, args.pages // 10) == 0:
            gc.collect()
            checkpoints.append(round(rss_mb()))
    gc.collect()
    end = rss_mb()
    seconds = time.perf_counter() - t0
    print(f"{args.pages} pages ({len(pages)} distinct, {len(names)} extractors) in {seconds:.0f} s")
    print(f"RSS start {start:.0f} MB, end {end:.0f} MB, growth {end - start:+.1f} MB")
    print("RSS every tenth:", checkpoints)
    return 0 if end - start < 50 else 1


if __name__ == "__main__":
    sys.exit(main())
