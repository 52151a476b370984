"""``auto``'s CPU time per page: this checkout's package against another's, side by side in one process.

    python tests/benchmarks/side_by_side.py OLD [--corpus articles-en] [--rounds 5] [--cold]

OLD is a checkout (or its ``scrapy_webclean`` folder) of the code before a change, say a
``git worktree`` of it: its package is copied under another name and imported beside this
checkout's. Each page is run once in each, in alternating order, ``--rounds`` times; a page's
time is its minimum (``time.process_time`` around ``extract(body, url, encoding=...).text``), and
the figure is the median of the pages' ratios (new / old). Both packages meet the machine's load
alike, which moves ``time_per_page.py``'s medians by some 5% from run to run, so a change of a few
percent shows here and not there. With ``--cold``, both packages' memo tables (the verdicts they
keep per string across pages: phrase marks, class names, tag names; every ``BoundedCache`` and
bounded ``lru_cache`` of the package) are emptied before each page, as on a site's first page.
The texts are compared too: a change meant to leave the output alone must.
"""

from __future__ import annotations

import argparse
import functools
import importlib
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

HERE = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(HERE))  # this checkout's package, not an installed one
import scrapy_webclean  # noqa: E402
from scrapy_webclean._scoring import load_corpus  # noqa: E402

CORPORA = HERE.parent / "shared" / "corpora"


def load_old(path: Path, name: str = "scrapy_webclean_old", folder: Path | None = None) -> ModuleType:
    """The package of checkout ``path`` (or the package folder itself), copied into ``folder`` (a new
    temporary one by default) and imported as ``name``."""
    source = path / "scrapy_webclean" if (path / "scrapy_webclean").is_dir() else path
    if not (source / "__init__.py").is_file():
        raise SystemExit(f"no scrapy_webclean package at {path}")
    folder = folder or Path(tempfile.mkdtemp(prefix="side_by_side_"))
    shutil.copytree(source, folder / name, ignore=shutil.ignore_patterns("__pycache__"))
    sys.path.insert(0, str(folder))
    return importlib.import_module(name)


def memo_clearers(package: ModuleType) -> list[Callable[[], None]]:
    """What empties each memo table of ``package``'s modules: its ``BoundedCache`` tables (those in a
    module's dicts too) and its own bounded ``lru_cache`` functions (not the unbounded ones that hold
    data read once, as trained models, nor a library's a module imported)."""
    out: list[Callable[[], None]] = []
    prefix = package.__name__ + "."
    for name, module in sorted(sys.modules.items()):
        if name != package.__name__ and not name.startswith(prefix):
            continue
        for value in list(vars(module).values()):
            tables = list(value.values()) if isinstance(value, dict) and not _is_table(value) else [value]
            for table in tables:
                if _is_table(table):
                    out.append(table.clear)
                elif isinstance(table, functools._lru_cache_wrapper) and table.cache_info().maxsize is not None \
                        and table.__module__.startswith(prefix):  # (not a library's, imported by name)
                    out.append(table.cache_clear)
    return out


def _is_table(value: object) -> bool:
    """Whether ``value`` is a ``BoundedCache``, of either package (each has its own class)."""
    return isinstance(value, dict) and type(value).__name__ == "BoundedCache"


def compare(old: ModuleType, corpus: Path, rounds: int, cold: bool) -> tuple[list[float], list[float], int]:
    """Each page's minimum CPU seconds in the old and the new package, and how many texts differ."""
    found = [(body, record.get("url"), record.get("http_charset")) for _, record, body in load_corpus(corpus)]
    for package in (old, scrapy_webclean):  # (the modules a package imports when first used, imported)
        package.extract(*found[0][:2], encoding=found[0][2])
    clear = {id(old): memo_clearers(old), id(scrapy_webclean): memo_clearers(scrapy_webclean)}
    texts: dict[int, list[str]] = {id(old): [], id(scrapy_webclean): []}

    def run(package: ModuleType, body: bytes, url: str | None, charset: str | None, first: bool) -> float:
        if cold:
            for empty in clear[id(package)]:
                empty()
        start = time.process_time()
        text = package.extract(body, url, encoding=charset).text
        spent = time.process_time() - start
        if first:
            texts[id(package)].append(text)
        return spent

    times_old, times_new = [float("inf")] * len(found), [float("inf")] * len(found)
    for r in range(rounds):
        for k, (body, url, charset) in enumerate(found):
            order = (old, scrapy_webclean) if (k + r) % 2 else (scrapy_webclean, old)
            for package in order:
                spent = run(package, body, url, charset, r == 0)
                if package is old:
                    times_old[k] = min(times_old[k], spent)
                else:
                    times_new[k] = min(times_new[k], spent)
    differ = sum(a != b for a, b in zip(texts[id(old)], texts[id(scrapy_webclean)]))
    return times_old, times_new, differ


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("old", type=Path, help="a checkout (or its scrapy_webclean folder) of the code before")
    ap.add_argument("--corpora", type=Path, default=CORPORA)
    ap.add_argument("--corpus", default="articles-en", help="comma-separated corpus names")
    ap.add_argument("--rounds", type=int, default=5, help="runs of each page in each package; the minimum counts")
    ap.add_argument("--cold", action="store_true", help="empty both packages' memo tables before each page")
    args = ap.parse_args()
    old = load_old(args.old)
    for name in args.corpus.split(","):
        before, after, differ = compare(old, args.corpora / name, args.rounds, args.cold)
        ratios = [b / a for a, b in zip(before, after) if a > 0]
        print(f"{name:<12} {'cold' if args.cold else 'warm'}  median per-page ratio {statistics.median(ratios):.3f}  "
              f"(medians {1000 * statistics.median(before):.2f} -> {1000 * statistics.median(after):.2f} ms; "
              f"{len(ratios)} pages, {differ} texts differ)")


if __name__ == "__main__":
    main()
