"""End-to-end crawls (real Scrapy, real HTTP on 127.0.0.1, worker processes).

Each crawl runs in a subprocess (a Twisted reactor cannot be restarted in
one process) and leaves its feed and final stats in files for the asserts.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # real crawls

ROOT = Path(__file__).resolve().parent.parent
N_ARTICLES = 8
NAV = "Home World Business Technology Science"
FOOTER = "Copyright 2026 The Daily Example. All rights reserved."
WORDS = ("harbour council river budget school winter railway museum farmers election bridge hospital "
         "festival market library station forest coast village tunnel").split()


def article(n: int) -> str:
    # Each article its own sentences: only nav and footer repeat across pages.
    paras = []
    for p in range(4):
        words = [WORDS[(n * 7 + p * 3 + k * k) % len(WORDS)] for k in range(30)]
        paras.append(f"<p>Story {n} part {p}: the " + " ".join(words) + f" were discussed on day {n * 4 + p}.</p>")
    return (f"<html><head><title>Story {n}</title></head><body>"
            f"<div class='nav'>{''.join(f'<a href=/s/{w}>{w}</a> ' for w in NAV.split())}</div>"
            f"<div class='main'><h1>Story {n}</h1>{''.join(paras)}</div>"
            f"<div class='footer'><p>{FOOTER}</p></div></body></html>")


def hostile() -> str:
    # Slow to parse and measure: hundreds of thousands of elements.
    return "<html><body><div>" + "<p>x <a href='#'>y</a> z</p>" * 250_000 + "</div></body></html>"


def pages() -> dict[str, tuple[str, bytes]]:
    out = {f"/news/{n}": ("text/html; charset=utf-8", article(n).encode()) for n in range(N_ARTICLES)}
    out["/news/hostile"] = ("text/html; charset=utf-8", hostile().encode())
    out["/data.json"] = ("application/json", b'{"not": "html"}')
    links = "".join(f"<li><a href='{path}'>Headline for {path} in the news today</a></li>" for path in sorted(out))
    out["/"] = ("text/html; charset=utf-8", f"<html><body><h1>News</h1><ul>{links}</ul></body></html>".encode())
    return out


class _Handler(BaseHTTPRequestHandler):
    def do_GET(self) -> None:  # noqa: N802
        ctype, body = self.server.pages.get(self.path, ("text/plain", b"missing"))  # type: ignore[attr-defined]
        self.send_response(200 if self.path in self.server.pages else 404)  # type: ignore[attr-defined]
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture(scope="module")
def site():
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
    server.pages = pages()  # type: ignore[attr-defined]
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


SCRIPT = textwrap.dedent('''
    import json, sys
    import scrapy
    from scrapy import signals
    from scrapy.crawler import CrawlerProcess

    start, out, settings = sys.argv[1], sys.argv[2], json.loads(sys.argv[3])

    class NewsSpider(scrapy.Spider):
        name = "news"
        start_urls = [start]

        def parse(self, response):
            if response.meta.get("webclean_page_type") == "hub":
                yield from response.follow_all(css="a")
            else:
                yield {"url": response.url}

    def dump_stats(spider, reason):
        stats = {k: v for k, v in spider.crawler.stats.get_stats().items() if isinstance(v, (int, float, str))}
        with open(out + "/stats.json", "w") as f:
            json.dump(stats, f)

    process = CrawlerProcess({
        "ADDONS": {"scrapy_webclean.Addon": 100},
        "FEEDS": {out + "/items.jsonl": {"format": "jsonlines"}},
        "LOG_LEVEL": "INFO",
        **settings,
    })
    crawler = process.create_crawler(NewsSpider)
    crawler.signals.connect(dump_stats, signal=signals.spider_closed)
    process.crawl(crawler)
    process.start()
''')


def crawl(start: str, out: Path, **settings) -> tuple[list[dict], dict, str]:
    out.mkdir(parents=True, exist_ok=True)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    proc = subprocess.run([sys.executable, "-c", SCRIPT, start, str(out), json.dumps(settings)],
                          capture_output=True, text=True, timeout=240, cwd=out, env=env)
    assert proc.returncode == 0, proc.stderr[-3000:]
    items = [json.loads(line) for line in (out / "items.jsonl").read_text(encoding="utf-8").splitlines()]
    return items, json.loads((out / "stats.json").read_text()), proc.stderr


BASE = {"WEBCLEAN_WORKERS": 2, "WEBCLEAN_SST_MIN_PAGES": 4, "WEBCLEAN_TIMEOUT": 3.0,
        "WEBCLEAN_FIELDS": ["title", "text", "page_type"]}


def test_crawl_feed_stats_and_hostile_page(site, tmp_path):
    items, stats, log = crawl(site + "/", tmp_path / "one", WEBCLEAN_SST_DIR=str(tmp_path / "sst"), **BASE)
    by_url = {item["url"].rsplit("/", 1)[1]: item for item in items}
    # Every article in the feed, clean; the hostile page there too, with its error.
    for n in range(N_ARTICLES):
        item = by_url[str(n)]
        assert item["title"] == f"Story {n}" and item["page_type"] == "content"
        assert f"Story {n} part 3" in item["text"]
        assert FOOTER not in item["text"] and "Technology" not in item["text"]
        assert "webclean_error" not in item and "body" not in item
    bad = by_url["hostile"]
    assert bad["text"] == "" and "WEBCLEAN_TIMEOUT" in bad["webclean_error"]
    assert log.count("/news/hostile: no result within") + log.count("for http") >= 1
    assert stats["webclean/items/extracted"] == N_ARTICLES
    assert stats["webclean/items/timeout"] == 1
    assert stats["webclean/workers/restarted"] >= 1
    assert stats["webclean/pages/hub"] == 1
    assert stats["webclean/sst/domains_learned"] == 1
    assert stats["webclean/sst/pages_cleaned"] == N_ARTICLES
    # One parse per page: the samples are extracted by the job that learned
    # the tree, later pages by the job that tagged them (a response that
    # comes while the tree is being learned waits for it; one whose tagging
    # was already under way when learning began is parsed again).
    assert BASE["WEBCLEAN_SST_MIN_PAGES"] <= stats["webclean/items/reused_parse"] <= N_ARTICLES
    assert stats["webclean/time/extract"] > 0
    assert (tmp_path / "sst" / "127.0.0.1.sst").is_file()


def test_site_style_tree_persists_across_crawls(site, tmp_path):
    settings = {**BASE, "WEBCLEAN_SST_DIR": str(tmp_path / "sst"), "WEBCLEAN_MAXSIZE": 100_000}
    _, first, _ = crawl(site + "/", tmp_path / "first", **settings)
    assert first["webclean/sst/domains_learned"] == 1 and "webclean/sst/domains_loaded" not in first
    items, second, _ = crawl(site + "/", tmp_path / "second", **settings)
    assert second["webclean/sst/domains_loaded"] == 1 and "webclean/sst/domains_learned" not in second
    assert second["webclean/sst/pages_cleaned"] == N_ARTICLES
    texts = [item["text"] for item in items if "text" in item and "webclean_error" not in item]
    assert len(texts) == N_ARTICLES and not any(FOOTER in t for t in texts)


def test_site_rules_in_a_crawl(site, tmp_path):
    # WEBCLEAN_SITE_RULES reach the worker processes: the body and title as the rules give them.
    rules = {"127.0.0.1": {"body": "//div[@class='main']/p[position() > 1]", "title": "concat('Rule: ', //h1)"}}
    items, stats, _ = crawl(site + "/", tmp_path / "rules", **{
        **BASE, "WEBCLEAN_SST_ENABLED": False, "WEBCLEAN_SITE_RULES": rules,
        "WEBCLEAN_FIELDS": ["title", "text", "extractor"]})
    by_url = {item["url"].rsplit("/", 1)[1]: item for item in items}
    for n in range(N_ARTICLES):
        item = by_url[str(n)]
        assert item["extractor"] == "rules" and item["title"] == f"Rule: Story {n}"
        assert item["text"].startswith(f"Story {n} part 1: ") and f"Story {n} part 0" not in item["text"]
    assert stats["webclean/items/extracted"] == N_ARTICLES
