"""Shared fixtures: hand-made pages and the shared gold corpora."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
PAGES = HERE / "pages"
CORPORA = HERE.parent.parent / "shared" / "corpora"


def corpus_pages(name: str):
    """``(id, record, body)`` for every page of a shared corpus (skip when absent)."""
    folder = CORPORA / name
    if not (folder / "ground-truth.json").exists():
        pytest.skip(f"shared corpus {name} not found beside the project")
    gt = json.loads((folder / "ground-truth.json").read_text(encoding="utf-8"))
    return [(pid, gt[pid], gzip.decompress((folder / "pages" / f"{pid}.html.gz").read_bytes())) for pid in sorted(gt)]


def block_pick_text(doc) -> str:
    """The text of ``auto``'s block pick alone on a parsed page (before the arbiter), for rules of its own."""
    from scrapy_webclean.extractors.auto import _auto_pick
    from scrapy_webclean.extractors.base import get_extractor, resolve_options

    return _auto_pick(doc, resolve_options(get_extractor("auto"), {}))[0].text()


def corpus_page(name: str, pid: str) -> tuple[dict, bytes]:
    """``(record, body)`` of one page of a shared corpus, read alone (skip when absent)."""
    folder = CORPORA / name
    if not (folder / "ground-truth.json").exists():
        pytest.skip(f"shared corpus {name} not found beside the project")
    gt = json.loads((folder / "ground-truth.json").read_text(encoding="utf-8"))
    return gt[pid], gzip.decompress((folder / "pages" / f"{pid}.html.gz").read_bytes())


@pytest.fixture
def webclean_crawler():
    """``webclean_crawler(*components, **settings)`` -> ``(crawler, *instances)``:
    a crawler from ``scrapy.utils.test.get_crawler`` (workers inline unless
    ``WEBCLEAN_WORKERS`` is set) with those scrapy-webclean components built
    on it and opened, as a crawl would, but without one (see ``_crawler.py``)."""
    from _crawler import webclean_crawler

    return webclean_crawler


@pytest.fixture
def bbc_page() -> bytes:
    return (PAGES / "bbc-article.html").read_bytes()


@pytest.fixture
def netease_page() -> bytes:
    return (PAGES / "163-article-gbk.html").read_bytes()


@pytest.fixture(scope="session")
def redis_server(tmp_path_factory):
    """A real redis-server on a free local port, for the whole session."""
    from _redisserver import RedisServer

    server = RedisServer(tmp_path_factory.mktemp("redis")).start()
    yield server
    server.stop(save=False)


@pytest.fixture
def redis_url(redis_server):
    """The session's Redis server, emptied for each test (restarted if a test stopped it)."""
    if redis_server.proc is None or redis_server.proc.poll() is not None:
        redis_server.start()
    client = redis_server.client()
    client.flushall()
    client.close()
    return redis_server.url


@pytest.fixture
def serve_pages():
    """``serve_pages({path: html_bytes})`` -> ``http://127.0.0.1:PORT``: a
    local HTTP server answering those paths (UTF-8 HTML), 404 elsewhere;
    stopped at the end of the test."""
    import http.server
    import threading

    servers = []

    def serve(pages: dict[str, bytes]) -> str:
        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                body = pages.get(self.path)
                self.send_response(200 if body is not None else 404)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.end_headers()
                self.wfile.write(body if body is not None else b"<h1>Not found</h1>")

            def log_message(self, *args):
                pass

        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        servers.append(server)
        return f"http://127.0.0.1:{server.server_address[1]}"

    yield serve
    for server in servers:
        server.shutdown()
        server.server_close()
