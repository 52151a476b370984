"""Crawl throughput of the bundled example sites with scrapy-webclean on vs off.

Runs ``scrapy crawl news`` (the example project, from the repository root)
as a subprocess, alternating::

    off   -s WEBCLEAN_ENABLED=False     (no tagging, no extraction; the spider
          parses each page for its links)
    on    the example project's settings (WEBCLEAN_WORKERS default, and
          WEBCLEAN_LINKS: the spider follows the links the tagging workers
          list), a fresh WEBCLEAN_SST_DIR per run, so every "on" crawl also
          learns both site style trees
    warm  the same, with the trees saved by an earlier crawl

``--no-links`` runs "on" and "warm" with WEBCLEAN_LINKS=False: the spider
parses every page itself, as in "off", and the figures are the cost of
tagging and extraction alone.

at each simulated network latency (seconds the bundled server waits before
answering; 0 makes the crawl purely CPU-bound), and prints a Markdown table
of pages per second (responses / Scrapy's elapsed_time_seconds, median of the
repeats) and the on/off and warm/off ratios. Each repeat runs the three modes
back to back, and a ratio is the median of the repeats' own ratios, with
their range: a virtual machine's speed can drift by a third within minutes,
and neighbouring runs share most of the drift::

    python tests/benchmarks/crawl_throughput.py [--latency 0 0.1 0.3] [--repeat 3] [--workers N] [--polite] [--no-links]
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
_STAT = re.compile(r"'(elapsed_time_seconds|response_received_count|item_scraped_count)': ([0-9.]+)")


def crawl(latency: float, settings: dict[str, str], workdir: Path) -> tuple[float, int, int]:
    """``(seconds, responses, items)`` of one crawl."""
    cmd = [sys.executable, "-m", "scrapy", "crawl", "news", "-a", f"latency={latency}",
           "-O", str(workdir / "articles.jsonl"), "-s", "LOG_LEVEL=INFO"]
    for name, value in settings.items():
        cmd += ["-s", f"{name}={value}"]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    proc = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, env=env, timeout=900)
    if proc.returncode:
        raise SystemExit(proc.stderr[-2000:])
    stats = {k: float(v) for k, v in _STAT.findall(proc.stderr)}
    return stats["elapsed_time_seconds"], int(stats["response_received_count"]), int(stats.get("item_scraped_count", 0))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--latency", type=float, nargs="+", default=[0.0, 0.1, 0.3])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--workers", type=int, help="WEBCLEAN_WORKERS for the 'on' runs (default: its default)")
    parser.add_argument("--polite", action="store_true",
                        help="crawl with Scrapy's project-template politeness (DOWNLOAD_DELAY=1,"
                             " CONCURRENT_REQUESTS_PER_DOMAIN=1) instead of the example's unthrottled local crawl")
    parser.add_argument("--no-links", action="store_true",
                        help="WEBCLEAN_LINKS=False for the 'on' runs: the spider parses every page itself")
    args = parser.parse_args()
    load_before = load()
    extra = {"WEBCLEAN_WORKERS": str(args.workers)} if args.workers is not None else {}
    if args.no_links:
        extra["WEBCLEAN_LINKS"] = "False"
    pace = {"DOWNLOAD_DELAY": "1", "CONCURRENT_REQUESTS_PER_DOMAIN": "1"} if args.polite else {}
    with tempfile.TemporaryDirectory() as tmp:
        tmpdir = Path(tmp)
        warm_dir = tmpdir / "warm-sst"
        crawl(0.0, {"WEBCLEAN_SST_DIR": str(warm_dir), **extra}, tmpdir)  # trees for the "warm" runs
        print("| latency (s) | off (pages/s) | on, learning trees (pages/s) | on, saved trees (pages/s) "
              "| on/off (range) | warm/off (range) |")
        print("|---|---|---|---|---|---|")
        for latency in args.latency:
            rates: dict[str, list[float]] = {"off": [], "on": [], "warm": []}
            for run in range(args.repeat):
                modes = {
                    "off": {"WEBCLEAN_ENABLED": "False", **pace},
                    "on": {"WEBCLEAN_SST_DIR": str(tmpdir / f"sst-{latency}-{run}"), **extra, **pace},
                    "warm": {"WEBCLEAN_SST_DIR": str(warm_dir), **extra, **pace},
                }
                for mode, settings in modes.items():
                    seconds, responses, _items = crawl(latency, settings, tmpdir)
                    rates[mode].append(responses / seconds)
            off, on, warm = (statistics.median(rates[m]) for m in ("off", "on", "warm"))
            print(f"| {latency:g} | {off:.1f} | {on:.1f} | {warm:.1f} | {paired(rates['on'], rates['off'])} "
                  f"| {paired(rates['warm'], rates['off'])} |", flush=True)
    workers = args.workers if args.workers is not None else default_workers()
    print(f"\nWEBCLEAN_WORKERS={workers} (default on this machine: {default_workers()}; "
          f"os.cpu_count() = {os.cpu_count()}); WEBCLEAN_LINKS={not args.no_links}; "
          f"load average before {load_before}, after {load()}")


def paired(rates: list[float], off: list[float]) -> str:
    """Median and range of the ratios of runs made side by side."""
    ratios = [a / b for a, b in zip(rates, off)]
    return f"{statistics.median(ratios):.2f} ({min(ratios):.2f}-{max(ratios):.2f})"


def load() -> str:
    """The 1-minute load average (other work on the machine skews the figures)."""
    return f"{os.getloadavg()[0]:.2f}" if hasattr(os, "getloadavg") else "n/a"


def default_workers() -> int:
    sys.path.insert(0, str(ROOT))
    from scrapy_webclean.settings import WEBCLEAN_WORKERS

    return WEBCLEAN_WORKERS


if __name__ == "__main__":
    main()
