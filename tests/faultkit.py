"""Helpers of the fault tests: a local site, crawls in subprocesses, process
tables read from /proc, and real read-only or full directories (tmpfs mounts).
"""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
import tempfile
import textwrap
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WORDS = ("harbour council river budget school winter railway museum farmers election bridge hospital "
         "festival market library station forest coast village tunnel").split()


def article(n: int, host: str = "news") -> str:
    """A news article of its own sentences; only nav and footer repeat."""
    paras = []
    for p in range(4):
        words = [WORDS[(n * 7 + p * 3 + k * k) % len(WORDS)] for k in range(30)]
        paras.append(f"<p>Story {n} part {p}: the " + " ".join(words) + f" were discussed on day {n * 4 + p}.</p>")
    return (f"<html><head><title>Story {n}</title></head><body>"
            f"<div class='nav'><a href='/'>Home</a> <a href='/w'>World</a> <a href='/b'>Business</a></div>"
            f"<div class='main'><h1>Story {n}</h1>{''.join(paras)}</div>"
            f"<div class='footer'><p>Copyright 2026 The {host} Example.</p></div></body></html>")


def hostile(paragraphs: int = 300_000) -> bytes:
    """A page that keeps a worker busy for seconds."""
    return ("<html><body><div>" + "<p>x <a href='#'>y</a> z</p>" * paragraphs + "</div></body></html>").encode()


class _Handler(BaseHTTPRequestHandler):
    def do_GET(self) -> None:  # noqa: N802
        pages = self.server.pages  # type: ignore[attr-defined]
        ctype, body = pages.get(self.path, ("text/plain", b"missing"))
        self.send_response(200 if self.path in pages else 404)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: object) -> None:
        pass


@contextlib.contextmanager
def serve(pages: dict[str, tuple[str, bytes]]) -> Iterator[str]:
    """Serve ``{path: (content type, body)}`` on 127.0.0.1; yields the base URL."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
    server.pages = pages  # type: ignore[attr-defined]
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def index(paths: list[str]) -> bytes:
    links = "".join(f"<li><a href='{p}'>Headline for {p} in the news today</a></li>" for p in paths)
    return f"<html><body><h1>News</h1><ul>{links}</ul></body></html>".encode()


CRAWL_SCRIPT = textwrap.dedent('''
    import json, sys
    import scrapy
    from scrapy import signals
    from scrapy.crawler import CrawlerProcess

    starts, out, settings = json.loads(sys.argv[1]), sys.argv[2], json.loads(sys.argv[3])
    items_at = json.loads(sys.argv[4])

    class NewsSpider(scrapy.Spider):
        name = "news"
        start_urls = starts

        def parse(self, response):
            # An item per page, and links followed from hubs; with items_at,
            # an item per page whose URL has one of those parts, whatever
            # its tag, and links followed from the others.
            if items_at is not None:
                item = any(part in response.url for part in items_at)
            else:
                item = response.meta.get("webclean_page_type") != "hub"
            if item:
                yield {"url": response.url}
            else:
                yield from response.follow_all(css="a")

    def dump_stats(spider, reason):
        stats = {k: v for k, v in spider.crawler.stats.get_stats().items() if isinstance(v, (int, float, str))}
        with open(out + "/stats.json", "w") as f:
            json.dump(stats, f)

    process = CrawlerProcess({
        "ADDONS": {"scrapy_webclean.Addon": 100},
        "FEEDS": {out + "/items.jsonl": {"format": "jsonlines"}},
        "LOG_LEVEL": "INFO", "TELNETCONSOLE_ENABLED": False,
        **settings,
    })
    crawler = process.create_crawler(NewsSpider)
    crawler.signals.connect(dump_stats, signal=signals.spider_closed)
    process.crawl(crawler)
    process.start()
''')


def _env() -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}


def start_crawl(starts: list[str], out: Path, items_at: list[str] | None = None,
                **settings: object) -> subprocess.Popen[bytes]:
    """A crawl of ``starts`` in a subprocess (feed, stats and log in ``out``)."""
    out.mkdir(parents=True, exist_ok=True)
    # The log goes to a file: a pipe would stay open while any worker
    # (which inherits it) lives, and waiting on it would wait for them.
    with open(out / "log.txt", "wb") as log:
        return subprocess.Popen([sys.executable, "-c", CRAWL_SCRIPT, json.dumps(starts), str(out),
                                 json.dumps(settings), json.dumps(items_at)],
                                stdout=subprocess.DEVNULL, stderr=log, cwd=out, env=_env())


def crawl(starts: list[str], out: Path, **settings: object) -> tuple[list[dict], dict, str]:
    """Run a crawl to its end: ``(items, stats, log)``."""
    proc = start_crawl(starts, out, **settings)
    proc.wait(timeout=300)
    log = (out / "log.txt").read_text(encoding="utf-8", errors="replace")
    assert proc.returncode == 0, log[-3000:]
    feed = out / "items.jsonl"
    items = [json.loads(line) for line in feed.read_text(encoding="utf-8").splitlines()] if feed.exists() else []
    return items, json.loads((out / "stats.json").read_text()), log


# -- processes ---------------------------------------------------------------

def _stat(pid: int) -> list[str] | None:
    try:
        raw = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return raw[raw.rindex(")") + 2:].split()


def alive(pid: int) -> bool:
    """True while ``pid`` runs (a zombie has ended)."""
    fields = _stat(pid)
    return fields is not None and fields[0] not in ("Z", "X")


def state(pid: int) -> str:
    """The process state letter (R running, S sleeping, Z zombie...), or ""."""
    fields = _stat(pid)
    return fields[0] if fields else ""


def children(pid: int) -> list[int]:
    """Live processes whose parent is ``pid``."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            fields = _stat(int(entry))
            if fields is not None and int(fields[1]) == pid and fields[0] not in ("Z", "X"):
                found.append(int(entry))
    return found


def cpu_seconds(pid: int) -> float:
    fields = _stat(pid)
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK") if fields else 0.0


def rss_mb(pid: int) -> float:
    try:
        return int(Path(f"/proc/{pid}/statm").read_text().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20
    except OSError:
        return 0.0


def wait_for(predicate, timeout: float, step: float = 0.05) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(step)
    return bool(predicate())


def workers_in(directory: Path) -> list[int]:
    """Live webclean worker processes whose working directory is
    ``directory`` (workers inherit their crawl's: orphans of a crawl run
    there, and no other test's)."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit() or not alive(int(entry)):
            continue
        try:
            cmdline = Path(f"/proc/{entry}/cmdline").read_bytes()
            cwd = os.readlink(f"/proc/{entry}/cwd")
        except OSError:
            continue
        if b"scrapy_webclean.workers.process import _serve" in cmdline and Path(cwd) == Path(directory):
            found.append(int(entry))
    return found


def kill_all(pids: list[int]) -> None:
    for pid in pids:
        with contextlib.suppress(OSError):
            os.kill(pid, 9)


# -- directories -------------------------------------------------------------

@contextlib.contextmanager
def mounted_tmpfs(options: str) -> Iterator[Path | None]:
    """A fresh tmpfs mounted with ``options`` (``ro``, ``size=64k``), or
    ``None`` where this process may not mount (not root, no privilege)."""
    where = Path(tempfile.mkdtemp(prefix="webclean-mnt-"))
    try:
        done = subprocess.run(["mount", "-t", "tmpfs", "-o", options, "tmpfs", str(where)],
                              capture_output=True, timeout=10)
    except (OSError, subprocess.SubprocessError):
        done = None
    if done is None or done.returncode:
        where.rmdir()
        yield None
        return
    try:
        yield where
    finally:
        subprocess.run(["umount", "-l", str(where)], capture_output=True, timeout=10)
        with contextlib.suppress(OSError):
            where.rmdir()
