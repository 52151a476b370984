"""Command-line batch speed: ``webclean extract DIR --parallel N`` beside
trafilatura's own batch mode (``trafilatura --input-dir DIR --output-dir OUT
--parallel N``) on the same pages, in the same run.

    python tests/benchmarks/cli_batch.py [--pages 1000] [--parallel 2] [--repeat 3]

The pages are the first ``--pages`` of the shared corpora (modern-web, then
dragnet, googlenews, cleaneval), written decompressed into one folder. Each
repeat runs both tools back to back, in alternating order; the figure is
pages per second of wall-clock time (process start included), median of the
repeats. Needs trafilatura (``pip install trafilatura``).
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

CORPORA = Path(__file__).resolve().parents[3] / "shared" / "corpora"
ORDER = ("modern-web", "dragnet", "googlenews", "cleaneval")


def write_pages(folder: Path, count: int) -> int:
    written = 0
    for corpus in ORDER:
        for path in sorted((CORPORA / corpus / "pages").glob("*.html.gz")):
            if written == count:
                return written
            (folder / f"{corpus}-{path.name[:-3]}").write_bytes(gzip.decompress(path.read_bytes()))
            written += 1
    return written


def timed(command: list[str]) -> tuple[float, subprocess.CompletedProcess]:
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True)
    return time.perf_counter() - start, done


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pages", type=int, default=1000)
    ap.add_argument("--parallel", type=int, default=2)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--fast", action="store_true", help="also run trafilatura --fast (no fallback extractors)")
    args = ap.parse_args()
    trafilatura = shutil.which("trafilatura", path=os.path.dirname(sys.executable)) or shutil.which("trafilatura")
    if trafilatura is None:
        print("trafilatura is not installed (pip install trafilatura)", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as tmp:
        pages = Path(tmp) / "pages"
        pages.mkdir()
        count = write_pages(pages, args.pages)
        print(f"{count} pages, {sum(p.stat().st_size for p in pages.iterdir()) / 1e6:.0f} MB, --parallel"
              f" {args.parallel}, load average before {os.getloadavg()[0]:.2f}")
        ours_cmd = [sys.executable, "-m", "scrapy_webclean", "extract", str(pages), "--parallel",
                    str(args.parallel), "--progress", "--output", f"{tmp}/out.jsonl"]
        times: dict[str, list[float]] = {"webclean": [], "trafilatura": [], "trafilatura --fast": []}
        for repeat in range(args.repeat):
            def theirs(out: str, *extra: str) -> list[str]:
                return [trafilatura, "--input-dir", str(pages), "--output-dir", f"{tmp}/{out}-{repeat}", *extra,
                        "--parallel", str(args.parallel)]

            runs = [("webclean", ours_cmd), ("trafilatura", theirs("trafilatura"))]
            if args.fast:
                runs.append(("trafilatura --fast", theirs("fast", "--fast")))
            for name, command in runs if repeat % 2 == 0 else runs[::-1]:
                seconds, done = timed(command)
                if done.returncode != 0:
                    print(f"{name} failed (exit {done.returncode}):\n{done.stderr[-3000:]}", file=sys.stderr)
                    return 1
                times[name].append(seconds)
                if name == "webclean":
                    records = [json.loads(line) for line in Path(f"{tmp}/out.jsonl").read_text().splitlines()]
                    detail = (f"{sum(bool(r.get('text')) for r in records)} with text, "
                              f"{sum('error' in r for r in records)} failed; {done.stderr.strip().splitlines()[-1]}")
                else:
                    out_dir = Path(command[command.index("--output-dir") + 1])
                    detail = f"{sum(p.is_file() for p in out_dir.rglob('*'))} output files"
                print(f"  repeat {repeat + 1} {name:<18} {seconds:6.1f} s {count / seconds:6.1f} pages/s  {detail}",
                      flush=True)
        for name, values in times.items():
            if not values:
                continue
            median = statistics.median(values)
            print(f"{name:<18} median {median:6.1f} s  {count / median:6.1f} pages/s")
        print(f"load average after {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
