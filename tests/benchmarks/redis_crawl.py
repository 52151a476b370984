"""Distributed crawl of the bundled sites: 1, 2 and 4 processes sharing one Redis.

Starts a redis-server on a free local port and the bundled sample server
(with a simulated network latency), then for each process count runs that
many ``scrapy crawl news_redis`` processes (scrapy-redis scheduler and
dupefilter, site style trees shared through the same Redis), pushes the
start URLs once all are up, and prints a Markdown table:

- pages/s: responses / seconds from the push to the last item done (the
  idle time a scrapy-redis process waits before closing is not counted);
- trees learned: site style trees learned, over all processes (2 sites);
- store round trips per page: requests scrapy-webclean's tree store sent to
  Redis, per response;
- all Redis commands per page: every command the server ran (scrapy-redis's
  queue and dupefilter included), per response.

Each process gets ``CONCURRENT_REQUESTS`` (default 2) at a time, so that
with a latency of 1 s one process fetches about 2 pages/s and the figures
show what more processes add. Redis is emptied between runs::

    python tests/benchmarks/redis_crawl.py [--processes 1 2 4] [--latency 1.0] [--concurrency 2] [--workers 1]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parent), str(HERE.parents[1])]

from _distributed import push_start_urls, start_crawlers  # noqa: E402
from _redisserver import RedisServer  # noqa: E402

from example_project.samplesites import SampleSites  # noqa: E402


def run(n: int, server: RedisServer, sample: SampleSites, settings: dict, tmp: Path) -> dict[str, float]:
    client = server.client()
    client.flushall()
    crawlers = start_crawlers(n, tmp, server.url, sample.proxy, settings)
    before = int(client.info("stats")["total_commands_processed"])
    pushed = time.time()
    push_start_urls(client, sample.start_urls)
    for c in crawlers:
        if c.wait(900):
            raise SystemExit(c.log.read_text()[-3000:])
    commands = int(client.info("stats")["total_commands_processed"]) - before
    client.close()
    stats = [c.stats() for c in crawlers]
    items = [item for c in crawlers for item in c.items()]
    pages = sum(s.get("response_received_count", 0) for s in stats)
    seconds = max(item["done_at"] for item in items) - pushed
    return {"pages": pages, "items": len(items), "seconds": seconds, "pages/s": pages / seconds,
            "learned": sum(s.get("webclean/sst/domains_learned", 0) for s in stats),
            "store": sum(s.get("webclean/sst/store_round_trips", 0) for s in stats) / pages,
            "commands": commands / pages,
            "cleaned": sum(s.get("webclean/sst/pages_cleaned", 0) for s in stats)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--processes", type=int, nargs="+", default=[1, 2, 4])
    parser.add_argument("--latency", type=float, default=1.0)
    parser.add_argument("--concurrency", type=int, default=2)
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    settings = {"CONCURRENT_REQUESTS": args.concurrency, "WEBCLEAN_WORKERS": args.workers,
                "MAX_IDLE_TIME_BEFORE_CLOSE": 7}
    with tempfile.TemporaryDirectory() as tmpdir:
        tmp = Path(tmpdir)
        server = RedisServer(tmp).start()
        sample = SampleSites(delay=args.latency).start()
        try:
            rows = []
            for n in args.processes:
                work = tmp / f"run{n}"
                work.mkdir()
                rows.append((n, run(n, server, sample, settings, work)))
        finally:
            sample.stop()
            server.stop(save=False)
    print(f"latency {args.latency} s, CONCURRENT_REQUESTS={args.concurrency} and WEBCLEAN_WORKERS={args.workers} "
          f"per process\n")
    print("| processes | pages | items (cleaned by a tree) | seconds | pages/s | trees learned "
          "| store round trips/page | all Redis commands/page |")
    print("|---:|---:|---:|---:|---:|---:|---:|---:|")
    for n, r in rows:
        print(f"| {n} | {r['pages']:.0f} | {r['items']} ({r['cleaned']:.0f}) | {r['seconds']:.1f} | {r['pages/s']:.2f} "
              f"| {r['learned']:.0f} | {r['store']:.2f} | {r['commands']:.1f} |")


if __name__ == "__main__":
    main()
