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
- Redis round trips per page: the requests every client sent to Redis
  (scrapy-redis's queue, dupefilter and start URLs, the tree store), per
  response, counted with MONITOR: a command, a script or a MULTI ... EXEC
  transaction counts once (a pipeline without a transaction, once per
  command);
- all Redis commands per page: every command the server ran (those a Lua
  script or a transaction runs included), per response.

Each process gets ``CONCURRENT_REQUESTS`` (default 2) at a time, so that
with a latency of 1 s one process fetches about 2 pages/s and the figures
show what more processes add. Redis is emptied between runs::

    python tests/benchmarks/redis_crawl.py [--processes 1 2 4] [--latency 1.0] [--concurrency 2] [--workers 1]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import threading
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parent), str(HERE.parents[1])]

from _distributed import push_start_urls, start_crawlers  # noqa: E402
from _redisserver import RedisServer  # noqa: E402

from example_project.samplesites import SampleSites  # noqa: E402


class RoundTrips(threading.Thread):
    """Counts the requests clients send to the server (see the module's documentation)."""

    OWN = ("INFO", "FLUSHALL", "RPUSH news_redis:start_urls")

    def __init__(self, server: RedisServer) -> None:
        import redis

        super().__init__(daemon=True)
        self.client = redis.Redis.from_url(server.url, socket_timeout=None)
        self.count = 0
        self._transactions: set[tuple[str, str]] = set()

    def run(self) -> None:
        import redis

        try:
            with self.client.monitor() as monitor:
                for command in monitor.listen():
                    self.observe(command)
        except redis.ConnectionError:  # the server stopped at the end
            pass

    def observe(self, command: dict) -> None:
        text, client = command["command"], (command["client_address"], command["client_port"])
        if command["client_type"] == "lua" or text.startswith(self.OWN):
            return
        if client in self._transactions:
            if text in ("EXEC", "DISCARD"):
                self._transactions.discard(client)
            return
        if text == "MULTI":
            self._transactions.add(client)
        self.count += 1


def run(n: int, server: RedisServer, sample: SampleSites, settings: dict, tmp: Path,
        trips: RoundTrips) -> dict[str, float]:
    client = server.client()
    client.flushall()
    crawlers = start_crawlers(n, tmp, server.url, sample.proxy, settings)
    time.sleep(0.5)  # MONITOR lags behind the server a little
    before, trips_before = int(client.info("stats")["total_commands_processed"]), trips.count
    pushed = time.time()
    push_start_urls(client, sample.start_urls)
    for c in crawlers:
        if c.wait(900):
            raise SystemExit(c.log.read_text()[-3000:])
    commands = int(client.info("stats")["total_commands_processed"]) - before
    time.sleep(0.5)
    round_trips = trips.count - trips_before
    client.close()
    stats = [c.stats() for c in crawlers]
    items = [item for c in crawlers for item in c.items()]
    pages = sum(s.get("response_received_count", 0) for s in stats)
    seconds = max(item["done_at"] for item in items) - pushed
    return {"pages": pages, "items": len(items), "seconds": seconds, "pages/s": pages / seconds,
            "learned": sum(s.get("webclean/sst/domains_learned", 0) for s in stats),
            "store": sum(s.get("webclean/sst/store_round_trips", 0) for s in stats) / pages,
            "commands": commands / pages, "trips": round_trips / pages,
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
        trips = RoundTrips(server)
        trips.start()
        try:
            rows = []
            for n in args.processes:
                work = tmp / f"run{n}"
                work.mkdir()
                rows.append((n, run(n, server, sample, settings, work, trips)))
        finally:
            sample.stop()
            server.stop(save=False)
    print(f"latency {args.latency} s, CONCURRENT_REQUESTS={args.concurrency} and WEBCLEAN_WORKERS={args.workers} "
          f"per process\n")
    print("| processes | pages | items (cleaned by a tree) | seconds | pages/s | trees learned "
          "| store round trips/page | Redis round trips/page | all Redis commands/page |")
    print("|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for n, r in rows:
        print(f"| {n} | {r['pages']:.0f} | {r['items']} ({r['cleaned']:.0f}) | {r['seconds']:.1f} | {r['pages/s']:.2f} "
              f"| {r['learned']:.0f} | {r['store']:.2f} | {r['trips']:.1f} | {r['commands']:.1f} |")


if __name__ == "__main__":
    main()
