"""SiteStyleTreeExtension and the site trees it gives the crawl: sampling
bounds, learning, saving (no crawl: get_crawler)."""

from __future__ import annotations

import asyncio

import pytest
from scrapy.exceptions import NotConfigured
from scrapy.http import HtmlResponse, Request
from scrapy.utils.misc import build_from_crawler
from scrapy.utils.test import get_crawler

from _crawler import webclean_crawler
from scrapy_webclean.downloadermiddlewares.pagetype import PageTypeMiddleware
from scrapy_webclean.errors import InvalidSettingError
from scrapy_webclean.extensions.sitestyletree import SiteStyleTreeExtension, tree_filename
from scrapy_webclean.crawl import page_source
from scrapy_webclean.workers import jobs as _jobs


def page(host: str, n: int, kind: str = "content") -> HtmlResponse:
    url = f"https://{host}/news/{n}"
    body = (f"<html><body><div class='nav'><a href='/'>Home</a> <a href='/w'>World</a></div>"
            f"<div class='story'><h1>Story {n}</h1><p>Paragraph {n} says something new: {n * 17} things.</p></div>"
            f"<div class='footer'>Copyright Example News</div></body></html>").encode()
    return HtmlResponse(url, body=body, headers={"Content-Type": "text/html; charset=utf-8"},
                        request=Request(url, meta={"webclean_page_type": kind}))


def make(tmp_path, **settings):
    """A crawler with the extension and tagging on; ``(crawler, its site trees)``."""
    crawler, ext, _tagging = webclean_crawler(SiteStyleTreeExtension, PageTypeMiddleware, settings={
        "WEBCLEAN_SST_DIR": str(tmp_path), "WEBCLEAN_SST_MIN_PAGES": 3, **settings})
    return crawler, ext.trees


def feed(trees, response):
    """``response`` received, as the extension passes it on."""
    trees.see_page(page_source(response, response.request.meta), response.status)


def learn(ext, host="news.example"):
    """Feed the extension 3 content pages and a hub; the tree it serves then."""

    async def main():
        for n in range(3):
            feed(ext, page(host, n))
        feed(ext, page(host, 9, kind="hub"))  # hubs are not samples
        return await ext.tree_for(host)

    return asyncio.run(main())


def test_learns_saves_and_serves_a_tree(tmp_path):
    crawler, ext = make(tmp_path)
    entry = learn(ext)
    assert entry is not None and entry[0][0] == "news.example"
    assert (tmp_path / "news.example.sst").is_file()
    assert crawler.stats.get_value("webclean/sst/domains_learned") == 1
    assert asyncio.run(ext.tree_for("other.example")) is None


def test_sample_affinity_only_while_a_site_may_give_samples(tmp_path):
    _, ext = make(tmp_path)
    assert ext.sample_affinity("news.example") == ext.sample_affinity("news.example") is not None
    assert ext.sample_affinity("news.example") != ext.sample_affinity("other.example")
    learn(ext)
    assert ext.sample_affinity("news.example") is None  # learned
    _, second = make(tmp_path)
    assert second.sample_affinity("news.example") is None  # saved by the first crawl


def test_saved_tree_is_loaded_by_the_next_crawl(tmp_path):
    _, first = make(tmp_path)
    assert learn(first) is not None
    crawler, second = make(tmp_path)
    assert asyncio.run(second.tree_for("news.example")) is not None
    assert crawler.stats.get_value("webclean/sst/domains_loaded") == 1


def test_a_saved_tree_is_loaded_for_its_own_site_only(tmp_path):
    """A tree file found under another site's name (copied, or written by a
    version whose names collided) is refused: that site learns its own."""
    import shutil

    _, first = make(tmp_path)
    assert learn(first, "a.example") is not None
    shutil.copy(tmp_path / tree_filename("a.example"), tmp_path / tree_filename("b.example"))
    crawler, second = make(tmp_path)
    assert asyncio.run(second.tree_for("b.example")) is None
    assert crawler.stats.get_value("webclean/sst/failed") == 1
    assert "webclean/sst/domains_loaded" not in crawler.stats.get_stats()
    entry = learn(second, "b.example")
    assert entry is not None and entry[0][0] == "b.example"
    assert asyncio.run(second.tree_for("a.example")) is not None  # its own file still loads


def test_sampled_domains_are_lru_bounded(tmp_path):
    crawler, ext = make(tmp_path, WEBCLEAN_SST_MAX_DOMAINS=2)
    for host in ("a.example", "b.example", "c.example"):
        feed(ext, page(host, 1))
    assert ext.sampling() == ["b.example", "c.example"]
    assert crawler.stats.get_value("webclean/sst/domains_evicted") == 1


def test_tree_file_names_are_safe():
    assert tree_filename("www.bbc.com") == "www.bbc.com.sst"
    assert tree_filename("../../etc/passwd") == ".._2f.._2fetc_2fpasswd.sst"


def test_tree_file_names_are_one_per_site():
    """Two sites never share a file (``a*b.test`` and ``a_b.test`` did), and
    a 253-byte host name still fits a file system's 255 bytes."""
    sites = ["a*b.test", "a_b.test", "a b.test", "a_2ab.test", "::1", "_1", "[::1]", "", "_", "é.test",
             "A.test", "a.test", "x" * 253, "x" * 252 + "y", "x" * 200, "x" * 201]
    names = [tree_filename(site) for site in sites]
    assert len(set(names)) == len(sites), names
    assert all(len(name.encode()) <= 255 - 16 and "/" not in name for name in names)


def test_disabled_or_invalid():
    with pytest.raises(NotConfigured):
        build_from_crawler(SiteStyleTreeExtension, get_crawler(settings_dict={"WEBCLEAN_SST_ENABLED": False}))
    with pytest.raises(InvalidSettingError, match="WEBCLEAN_SST_MIN_PAGES=1 is invalid"):
        build_from_crawler(SiteStyleTreeExtension, get_crawler(settings_dict={"WEBCLEAN_SST_MIN_PAGES": 1}))


def test_learning_job_extracts_its_samples_with_the_new_tree():
    """The job that learns a tree also extracts its samples with it, from the
    same parse: the same values the page's own extraction job would give."""
    import zlib

    from scrapy_webclean import extract
    from scrapy_webclean.workers.jobs import ExtractionPlan, extract_fields, learn_site_tree

    pages = [page("news.example", n) for n in range(4)]
    samples = [(zlib.compress(p.body), p.url, "utf-8") for p in pages]
    plan = ExtractionPlan("auto", {}, ("title", "text"))
    learned = learn_site_tree(samples, None, plan)
    cleaner, values = learned.cleaner, learned.values
    assert len(values) == 4
    for p, got in zip(pages, values):
        own, _ = extract_fields(p.body, p.url, "utf-8", "auto", {}, ("title", "text"), site_tree=cleaner)
        assert got == own
        assert "Home" not in got["text"] and "Copyright" not in got["text"]
        assert got["text"] == extract(p.body, p.url, site_tree=cleaner).text
    # Without a plan nothing is extracted.
    assert learn_site_tree(samples, None).values is None


def test_learning_job_reuses_the_parses_its_tagging_jobs_kept(monkeypatch):
    """Tagged with ``keep`` in the same process, a sample is not parsed
    again by the learning job, and the tree and values are the same."""
    import zlib

    prose = "The council met on Tuesday and agreed the budget after a long debate, its members said. " * 8
    pages = [HtmlResponse(f"https://kept.example/news/{n}", body=page("kept.example", n).body.replace(
        b"</p>", f" {prose}</p>".encode())) for n in range(4)]
    samples = [(zlib.compress(p.body), p.url, "utf-8") for p in pages]
    plan = _jobs.ExtractionPlan("auto", {}, ("title", "text"))
    fresh = _jobs.learn_site_tree(samples, None, plan)
    for p in pages[:3]:
        assert _jobs.classify_page(p.body, p.url, "utf-8", keep=True).kind == "content"
    # A page fetched again with other bytes is not taken for the kept one.
    _jobs.classify_page(pages[3].body.replace(b"Story", b"Storey"), pages[3].url, "utf-8", keep=True)
    parsed = []
    load = _jobs.load_document
    monkeypatch.setattr(_jobs, "load_document", lambda *a, **k: parsed.append(a[1]) or load(*a, **k))
    learned = _jobs.learn_site_tree(samples, None, plan)
    assert parsed == [pages[3].url]
    assert learned.values == fresh.values
    doc = load(pages[0].body, pages[0].url)
    assert learned.cleaner.noise_mask(doc) == fresh.cleaner.noise_mask(doc)
    assert len(_jobs._KEPT) == 1  # the changed page's parse, never claimed (bounded)
    # Bounded by count and by the bytes of the bodies behind them.
    for n in range(_jobs.MAX_KEPT_SAMPLES + 5):
        _jobs.classify_page(pages[0].body + b" " * n, f"{pages[0].url}?{n}", "utf-8", keep=True)
    assert len(_jobs._KEPT) == _jobs.MAX_KEPT_SAMPLES
    monkeypatch.setattr(_jobs, "MAX_KEPT_BYTES", 3 * len(pages[0].body))
    _jobs.classify_page(pages[1].body, pages[1].url, "utf-8", keep=True)
    assert len(_jobs._KEPT) <= 3 and _jobs._kept_bytes == sum(size for _doc, size in _jobs._KEPT.values())
    _jobs._KEPT.clear()
    _jobs._kept_bytes = 0


def test_extraction_job_reuses_a_parse_kept_while_the_site_was_sampled(monkeypatch):
    """A page tagged with ``keep`` that did not become a sample is extracted
    from its kept parse (in the same process), with the same values."""
    import zlib

    prose = "The council met on Tuesday and agreed the budget after a long debate, its members said. " * 8
    pages = [HtmlResponse(f"https://leftover.example/news/{n}", body=page("leftover.example", n).body.replace(
        b"</p>", f" {prose}</p>".encode())) for n in range(5)]
    cleaner = _jobs.learn_site_tree([(zlib.compress(p.body), p.url, "utf-8") for p in pages[:4]], None).cleaner
    outputs = ("title", "text")
    fresh, _ = _jobs.extract_fields(pages[4].body, pages[4].url, "utf-8", "auto", {}, outputs, site_tree=cleaner)
    assert _jobs.classify_page(pages[4].body, pages[4].url, "utf-8", keep=True).kind == "content"
    parsed = []
    load = _jobs.load_document
    monkeypatch.setattr(_jobs, "load_document", lambda *a, **k: parsed.append(a[1]) or load(*a, **k))
    monkeypatch.setattr(_jobs, "extract", lambda body, *a, **k: parsed.append(type(body).__name__) or
                        __import__("scrapy_webclean").extract(body, *a, **k))
    values, _ = _jobs.extract_fields(pages[4].body, pages[4].url, "utf-8", "auto", {}, outputs, site_tree=cleaner)
    assert values == fresh and "Copyright" not in values["text"]
    assert parsed == ["Document"] and not _jobs._KEPT  # taken, not parsed again
    # Not kept (or kept for other bytes): parsed from the body as before.
    values, _ = _jobs.extract_fields(pages[4].body, pages[4].url, "utf-8", "auto", {}, outputs, site_tree=cleaner)
    assert values == fresh and parsed[-1] == "bytes"


def test_hold_waits_for_a_tree_being_learned_and_no_longer(tmp_path):
    """A response of a site whose tree is being learned waits for it, so it
    is tagged and extracted with the tree from one parse - at most
    WEBCLEAN_SST_WAIT seconds; a site being sampled does not wait."""
    import time

    _, ext = make(tmp_path, WEBCLEAN_SST_WAIT=0.3)

    async def held(site, learning_for):
        if learning_for is not None:
            ext.learning[site] = True
            asyncio.get_running_loop().call_later(learning_for, ext.learning.pop, site, None)
        started = time.monotonic()
        await ext.hold(site)
        return time.monotonic() - started

    assert asyncio.run(held("sampled.example", None)) < 0.05
    assert 0.1 <= asyncio.run(held("learning.example", 0.1)) < 0.25
    assert 0.3 <= asyncio.run(held("stuck.example", 5.0)) < 0.45  # WEBCLEAN_SST_WAIT


def test_sites_whose_learning_fails_are_remembered_within_bounds(tmp_path, monkeypatch):
    """A site whose tree cannot be learned is sampled again (3 attempts),
    then given up on; over many such sites what is remembered stays bounded
    (10 x WEBCLEAN_SST_MAX_DOMAINS)."""
    from scrapy_webclean.errors import WebcleanError
    from scrapy_webclean.crawl import trees

    def failing(*args, **kwargs):
        raise WebcleanError("disk full")

    monkeypatch.setattr(trees, "learn_site_tree", failing)
    crawler, ext = make(tmp_path, WEBCLEAN_SST_MAX_DOMAINS=2)

    async def main():
        for h in range(30):
            for n in range(9):  # 3 samples per attempt
                feed(ext, page(f"site{h}.example", n))
                await asyncio.sleep(0)  # the learning job runs
        feed(ext, page("site29.example", 100))  # given up: no longer sampled

    asyncio.run(main())
    assert crawler.stats.get_value("webclean/sst/failed") == 90
    assert ext.given_up()[-1] == "site29.example" and len(ext.given_up()) == 20
    assert "site29.example" not in ext.sampling()
