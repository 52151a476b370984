"""Soak: a long crawl with faults injected while it runs (not collected by pytest).

Serves ``--sites`` sites (default 24, each on its own loopback address
127.0.0.N, so each is a host of its own with its own template) of
``--pages`` article pages in all (default 20,400), plus their hub pages and
a few pages that take a worker past ``WEBCLEAN_TIMEOUT``. Crawls them with
the add-on (``scrapy crawl``-like script in a subprocess, 2 workers) and,
while it runs, injects:

- SIGKILL to a busy worker and to an idle one, in turn, every ``--kill-every``
  seconds;
- the tree directory (a tmpfs mount) remounted read-only ``--readonly-after``
  seconds in, while sites are still learning their trees (skipped where this
  process may not mount);
- the timeout pages, one per few sites.

Reports pages in (article responses), items out, items failed with their
reasons, the RSS of every process at the start (once all sites are being
crawled) and at the end (the last sample before the crawl exits), and the
worker processes left running after the crawl process exits (orphans).
Prints a Markdown summary; exit 1 if an article page has no item, a worker
is orphaned, or the crawl process grew by 50 MB or more::

    python tests/benchmarks/soak.py [--pages 20400] [--sites 24] [--kill-every 20]
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import signal
import subprocess
import sys
import tempfile
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests"))

from faultkit import (  # noqa: E402
    alive, children, cpu_seconds, hostile, mounted_tmpfs, rss_mb, start_crawl, state, workers_in)

WORDS = ("harbour council river budget school winter railway museum farmers election bridge hospital festival "
         "market library station forest coast village tunnel orchard ferry quarry garden theatre clinic").split()
PER_HUB = 50
TIMEOUT = 4.0


def article(site: int, n: int) -> bytes:
    paras = []
    for p in range(3 + n % 4):
        words = [WORDS[(n * 7 + p * 3 + k * k + site) % len(WORDS)] for k in range(25 + (n + p) % 20)]
        paras.append(f"<p>Report {n} part {p}: the " + " ".join(words) + f" were discussed on day {n % 365}.</p>")
    nav = "".join(f"<a href='/hub/{k}'>Section {k} of site {site}</a> " for k in range(4))
    return (f"<html><head><title>Report {n} - Site {site}</title></head><body>"
            f"<div class='top s{site}'><div class='nav'>{nav}</div></div>"
            f"<div class='story'><h1>Report {n}</h1>{''.join(paras)}</div>"
            f"<div class='related'><h3>More from site {site}</h3><a href='/a/{(n + 1) % 10}'>Next report</a></div>"
            f"<div class='footer'><p>Copyright 2026 Site {site} News Ltd. All rights reserved.</p></div>"
            "</body></html>").encode()


class Site:
    """One host: ``count`` articles, hubs of PER_HUB links, maybe a timeout page."""

    def __init__(self, number: int, count: int, slow: bool) -> None:
        self.number, self.count, self.slow = number, count, slow
        self.hubs = (count + PER_HUB - 1) // PER_HUB
        self.article_hits: set[int] = set()

    def page(self, path: str) -> bytes | None:
        if path == "/":
            links = "".join(f"<li><a href='/hub/{k}'>Section {k}: all the reports of this week</a></li>"
                            for k in range(self.hubs))
            return f"<html><body><h1>Site {self.number}</h1><ul>{links}</ul></body></html>".encode()
        kind, _, rest = path.strip("/").partition("/")
        if kind == "hub" and rest.isdigit() and int(rest) < self.hubs:
            first = int(rest) * PER_HUB
            links = "".join(f"<li><a href='/a/{n}'>Report {n}: what the council decided this week</a></li>"
                            for n in range(first, min(first + PER_HUB, self.count)))
            if self.slow and rest == "0":
                links += "<li><a href='/slow'>A very long page of the archive, with all of it</a></li>"
            return f"<html><body><h1>Section {rest}</h1><ul>{links}</ul></body></html>".encode()
        if kind == "a" and rest.isdigit() and int(rest) < self.count:
            self.article_hits.add(int(rest))
            return article(self.number, int(rest))
        if kind == "slow" and self.slow:
            return SLOW
        return None


SLOW = hostile()


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def do_GET(self) -> None:  # noqa: N802
        body = self.server.site.page(self.path.split("?")[0])  # type: ignore[attr-defined]
        self.send_response(200 if body is not None else 404)
        body = body if body is not None else b"missing"
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: object) -> None:
        pass


class Faults:
    """Kills workers of the crawl ``pid`` busy and idle in turn, and makes
    the tree directory read-only, from a thread of this process."""

    def __init__(self, pid: int, every: float, tree_mount: Path | None, stop: threading.Event) -> None:
        self.pid, self.every, self.tree_mount, self.stop = pid, every, tree_mount, stop
        self.killed = collections.Counter()
        self.readonly_at: float | None = None
        self.samples: list[tuple[float, dict[int, float]]] = []

    def sample(self) -> None:
        procs = [self.pid, *children(self.pid)]
        self.samples.append((time.monotonic(), {p: rss_mb(p) for p in procs if alive(p)}))

    def _kill_one(self, want_busy: bool) -> bool:
        """SIGKILL a worker running right now (busy), or one that used no
        CPU for 0.3 s (idle, waiting for a job)."""
        workers = children(self.pid)
        before = {w: cpu_seconds(w) for w in workers}
        time.sleep(0.01 if want_busy else 0.3)
        for w in workers:
            busy = state(w) == "R" if want_busy else cpu_seconds(w) > before[w]
            if busy == want_busy and alive(w):
                os.kill(w, signal.SIGKILL)
                self.killed["busy" if want_busy else "idle"] += 1
                return True
        return False

    def run(self, started: float, readonly_after: float) -> None:
        busy = True
        next_kill = started + self.every
        while not self.stop.wait(1.0):
            if not alive(self.pid):
                return
            self.sample()
            now = time.monotonic()
            if now >= next_kill:
                # Idle workers are rare in a busy crawl: try a few times.
                for _ in range(50):
                    if self._kill_one(busy):
                        break
                busy = not busy
                next_kill = now + self.every
            if self.tree_mount is not None and self.readonly_at is None and now - started >= readonly_after:
                done = subprocess.run(["mount", "-o", "remount,ro", str(self.tree_mount)], capture_output=True)
                if done.returncode == 0:
                    self.readonly_at = now - started


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--pages", type=int, default=20_400)
    ap.add_argument("--sites", type=int, default=24)
    ap.add_argument("--kill-every", type=float, default=20.0)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--max-seconds", type=float, default=3600.0, help="the crawl is killed past this")
    ap.add_argument("--readonly-after", type=float, default=15.0,
                    help="seconds into the crawl when the tree directory becomes read-only (sites still learning)")
    args = ap.parse_args()
    per_site = args.pages // args.sites
    sites = [Site(n, per_site, slow=n % 6 == 0) for n in range(1, args.sites + 1)]
    servers = []
    port = 0
    for site in sites:
        server = ThreadingHTTPServer((f"127.0.0.{site.number}", port), _Handler)
        port = server.server_address[1]  # the same port on every address
        server.site = site  # type: ignore[attr-defined]
        server.daemon_threads = True
        threading.Thread(target=server.serve_forever, daemon=True).start()
        servers.append(server)
    out = Path(tempfile.mkdtemp(prefix="webclean-soak-"))
    with mounted_tmpfs("size=64m") as tree_mount:
        tree_dir = tree_mount if tree_mount is not None else out / "sst"
        starts = [f"http://127.0.0.{site.number}:{port}/" for site in sites]
        started = time.monotonic()
        # An item for every article and slow page, whatever its tag.
        proc = start_crawl(starts, out, items_at=["/a/", "/slow"], WEBCLEAN_WORKERS=args.workers,
                           WEBCLEAN_TIMEOUT=TIMEOUT, WEBCLEAN_SST_DIR=str(tree_dir),
                           WEBCLEAN_FIELDS=["title", "text", "page_type"], CONCURRENT_REQUESTS=32,
                           CONCURRENT_REQUESTS_PER_DOMAIN=4)
        stop = threading.Event()
        faults = Faults(proc.pid, args.kill_every, tree_mount, stop)
        thread = threading.Thread(target=faults.run, args=(started, args.readonly_after), daemon=True)
        thread.start()
        try:
            proc.wait(timeout=args.max_seconds)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        elapsed = time.monotonic() - started
        stop.set()
        thread.join()
        time.sleep(2.0)
        orphans = workers_in(out)
        for pid in orphans:
            os.kill(pid, signal.SIGKILL)
    for server in servers:
        server.shutdown()
        server.server_close()
    return report(args, sites, out, faults, elapsed, orphans, proc.returncode)


def report(args, sites, out: Path, faults: Faults, elapsed: float, orphans: list[int], code: int) -> int:
    items = [json.loads(line) for line in (out / "items.jsonl").read_text(encoding="utf-8").splitlines()]
    stats = json.loads((out / "stats.json").read_text())
    pages_in = sum(len(site.article_hits) for site in sites)
    articles = [item for item in items if "/a/" in item["url"]]
    failed = collections.Counter(item["webclean_error"].split(" (")[0][:70] for item in items if "webclean_error" in item)
    served_urls = {f"{site.number}/{n}" for site in sites for n in site.article_hits}
    got_urls = {"{}/{}".format(item["url"].split("/")[2].split(":")[0].rsplit(".", 1)[1], item["url"].rsplit("/", 1)[1])
                for item in articles}
    missing = served_urls - got_urls
    # Start: the first sample 20 s in (all sites being crawled, workers warm);
    # end: the last one with workers (the crawl closes its pool last).
    with_workers = [s for s in faults.samples if len(s[1]) > 1]
    first = next((s for s in with_workers if s[0] - faults.samples[0][0] >= 20), with_workers[0])
    last = with_workers[-1]
    crawl_pid = faults.pid
    growth = last[1].get(crawl_pid, 0.0) - first[1].get(crawl_pid, 0.0)
    lines = [
        f"# Soak: {len(sites)} sites, {pages_in} article pages, {elapsed:.0f} s, exit code {code}",
        "",
        "| measure | value |", "|---|---|",
        f"| article pages in (served) | {pages_in} |",
        f"| items out (articles, slow pages) | {len(articles)}, {len(items) - len(articles)} |",
        f"| article pages without an item | {len(missing)} |",
        f"| items failed | {sum(failed.values())} |",
        *[f"| - {reason} | {count} |" for reason, count in failed.most_common()],
        f"| workers killed busy / idle | {faults.killed['busy']} / {faults.killed['idle']} |",
        f"| tree directory read-only from | {'%.0f s' % faults.readonly_at if faults.readonly_at else 'not done'} |",
        f"| workers restarted (timeout / crash / lost), recycled | {stats.get('webclean/workers/restarted', 0)} "
        f"({stats.get('webclean/workers/restarted/timeout', 0)} / {stats.get('webclean/workers/restarted/crash', 0)}"
        f" / {stats.get('webclean/workers/restarted/lost', 0)}), {stats.get('webclean/workers/recycled', 0)} |",
        f"| trees learned, save failed | {stats.get('webclean/sst/domains_learned', 0)}, "
        f"{stats.get('webclean/sst/save_failed', 0)} |",
        f"| RSS crawl process start -> end (MB) | {first[1].get(crawl_pid, 0):.0f} -> {last[1].get(crawl_pid, 0):.0f}"
        f" ({growth:+.0f}) |",
        "| RSS workers start (MB) | " + ", ".join(f"{v:.0f}" for p, v in sorted(first[1].items()) if p != crawl_pid) + " |",
        "| RSS workers end (MB) | " + ", ".join(f"{v:.0f}" for p, v in sorted(last[1].items()) if p != crawl_pid) + " |",
        f"| orphaned workers after exit | {len(orphans)} |",
    ]
    print("\n".join(lines))
    print(json.dumps({"pages_in": pages_in, "items": len(items), "missing": len(missing), "failed": dict(failed),
                      "killed": dict(faults.killed), "rss_growth_mb": round(growth, 1), "orphans": len(orphans),
                      "elapsed_s": round(elapsed)}))
    return 1 if missing or orphans or growth >= 50 or code else 0


if __name__ == "__main__":
    sys.exit(main())
