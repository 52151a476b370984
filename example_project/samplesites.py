"""Serve the bundled sample of real news sites over HTTP on 127.0.0.1.

``sample_sites/<name>/`` holds real pages copied from the project's gold
corpora (see ``make_sample_sites.py``) with their real URLs. :class:`SampleSites`
serves them from a threaded HTTP server on a free port of 127.0.0.1, as an
HTTP *proxy* for their own URLs: a request for ``http://www.bbc.com/news/...``
sent through ``http://127.0.0.1:<port>`` gets the bundled page, so pages keep
their real host names (and each site its own site style tree) while nothing
leaves the machine. Anything not in the bundle is a 404; the real sites are
never contacted. The real URLs are ``https``; the bundle is served as plain
``http`` (a proxy cannot answer ``https`` without a certificate).

Pages are sent as stored, gzipped (``Content-Encoding: gzip``), with the
charset the real site declares (``gbk`` for 163.com). Each site also gets a
*generated* section index at ``/webclean-sample/index.html``, a plain list of
links to its bundled pages: the corpora hold article pages only, no real
section pages. Links between the real pages are the pages' own.
"""

from __future__ import annotations

import html
import json
import threading
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import urlsplit

BUNDLE = Path(__file__).resolve().parent / "sample_sites"
INDEX_PATH = "/webclean-sample/index.html"


@dataclass
class Site:
    name: str
    host: str
    charset: str
    folder: Path
    pages: dict[str, dict[str, str]]  # URL path -> {"file", "title", "url"}

    def index_page(self) -> bytes:
        items = "\n".join(f'<li><a href="{html.escape(path)}">{html.escape(page["title"])}</a></li>'
                          for path, page in sorted(self.pages.items()))
        return (f"<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>{self.host}: sample index</title>"
                f"</head><body><h1>{self.host}</h1><p>Generated index of the bundled sample.</p>"
                f"<ul>\n{items}\n</ul></body></html>\n").encode("utf-8")


def load_sites(root: Path = BUNDLE) -> dict[str, Site]:
    """The bundled sites by host name."""
    sites = {}
    for manifest in sorted(root.glob("*/manifest.json")):
        data = json.loads(manifest.read_text(encoding="utf-8"))
        sites[data["host"]] = Site(manifest.parent.name, data["host"], data["charset"], manifest.parent, data["pages"])
    return sites


class _Handler(BaseHTTPRequestHandler):
    server: _Server
    protocol_version = "HTTP/1.1"

    def do_GET(self) -> None:  # noqa: N802 - http.server's naming
        target = urlsplit(self.path)
        host = (target.hostname or self.headers.get("Host", "").split(":")[0]).lower()
        site = self.server.sites.get(host)
        status, ctype, body, gzipped = 404, "text/plain; charset=utf-8", b"not in the bundled sample\n", False
        if site is not None and target.path == INDEX_PATH:
            status, ctype, body = 200, "text/html; charset=utf-8", site.index_page()
        elif site is not None and target.path in site.pages:
            status, ctype, gzipped = 200, f"text/html; charset={site.charset}", True
            body = (site.folder / "pages" / site.pages[target.path]["file"]).read_bytes()
        if self.server.delay:
            threading.Event().wait(self.server.delay)
        try:
            self.send_response(status)
            self.send_header("Content-Type", ctype)
            if gzipped:
                self.send_header("Content-Encoding", "gzip")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
        except (BrokenPipeError, ConnectionResetError):  # the crawler went away (stopped, killed)
            self.close_connection = True

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002
        pass  # Scrapy logs every response already


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    # socketserver's default backlog is 5: a crawl opens 16 connections at
    # once, the kernel drops the SYNs that do not fit, and each of those
    # requests stalls for the client's one-second SYN retransmission.
    request_queue_size = 128
    sites: dict[str, Site]
    delay: float


class SampleSites:
    """The bundled sites, served on 127.0.0.1 while the object is started.

    ``delay`` adds that many seconds before each response (the benchmark
    uses it to stand for network latency).
    """

    def __init__(self, root: Path = BUNDLE, *, delay: float = 0.0, proxy: str | None = None) -> None:
        self.sites = load_sites(root)
        self.delay = delay
        self._server: _Server | None = None
        #: the address of a server started elsewhere (``python -m example_project.samplesites``)
        self._external = proxy

    def start(self) -> SampleSites:
        server = _Server(("127.0.0.1", 0), _Handler)
        server.sites, server.delay = self.sites, self.delay
        threading.Thread(target=server.serve_forever, name="sample-sites", daemon=True).start()
        self._server = server
        return self

    def stop(self) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None

    @property
    def proxy(self) -> str:
        if self._external:
            return self._external
        assert self._server is not None, "start() first"
        return f"http://127.0.0.1:{self._server.server_address[1]}"

    @property
    def start_urls(self) -> list[str]:
        return [f"http://{host}{INDEX_PATH}" for host in self.sites]

    def serves(self, url: str) -> bool:
        parts = urlsplit(url)
        site = self.sites.get((parts.hostname or "").lower())
        return site is not None and (parts.path in site.pages or parts.path == INDEX_PATH)

    @staticmethod
    def local_url(url: str) -> str:
        """``url`` as the bundle serves it (plain ``http``)."""
        return "http" + url[5:] if url.startswith("https:") else url


def main(argv: list[str] | None = None) -> None:
    """``python -m example_project.samplesites [--port N] [--latency S]``: serve
    the bundle until interrupted, for crawler processes started with
    ``-a proxy=<the address printed>`` (the distributed example)."""
    import argparse

    parser = argparse.ArgumentParser(description=main.__doc__)
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--latency", type=float, default=0.0, help="seconds before each response")
    args = parser.parse_args(argv)
    sample = SampleSites(delay=args.latency)
    server = _Server(("127.0.0.1", args.port), _Handler)
    server.sites, server.delay = sample.sites, sample.delay
    print(f"Serving {', '.join(sample.sites)} through http://127.0.0.1:{server.server_address[1]}", flush=True)
    print("Start URLs:", " ".join(sample.start_urls), flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


if __name__ == "__main__":
    main()
