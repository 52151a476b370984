"""PageTypeMiddleware: hub/content tags in response.meta, non-HTML untouched."""

from __future__ import annotations

import asyncio

from scrapy.http import HtmlResponse, Request, Response, TextResponse
from scrapy.utils.misc import build_from_crawler
from scrapy.utils.test import get_crawler

from scrapy_webclean import classify
from scrapy_webclean.downloadermiddlewares.pagetype import PageTypeMiddleware

HUB = ("<html><head><title>World news</title></head><body><h1>World</h1><ul>"
       + "".join(f"<li><a href='/news/world-{n}'>Storm closes roads and schools across the region {n}</a></li>"
                 for n in range(40))
       + "</ul></body></html>").encode()


def run(mw, response):
    return asyncio.run(mw.process_response(response.request, response))


def html(body, url="https://news.example/", meta=None, ctype="text/html; charset=utf-8"):
    return HtmlResponse(url, body=body, headers={"Content-Type": ctype}, request=Request(url, meta=meta or {}))


def test_tags_hub_and_content_like_classify(bbc_page, netease_page):
    crawler = get_crawler(settings_dict={"WEBCLEAN_WORKERS": 0})
    mw = build_from_crawler(PageTypeMiddleware, crawler)
    hub = run(mw, html(HUB, "https://news.example/world"))
    assert hub.request.meta["webclean_page_type"] == "hub"
    article = run(mw, html(bbc_page, "https://www.bbc.com/news/business-38632145"))
    assert article.request.meta["webclean_page_type"] == "content"
    expected = classify(bbc_page, "https://www.bbc.com/news/business-38632145", encoding="utf-8")
    assert article.request.meta["webclean_page_score"] == expected.score
    gbk = run(mw, html(netease_page, "https://money.163.com/article/1.html", ctype="text/html; charset=gbk"))
    assert gbk.request.meta["webclean_page_type"] == "content"
    assert crawler.stats.get_value("webclean/pages/hub") == 1
    assert crawler.stats.get_value("webclean/pages/content") == 2
    assert crawler.stats.get_value("webclean/time/classify") > 0


def test_non_html_and_dont_webclean_untouched():
    crawler = get_crawler(settings_dict={"WEBCLEAN_WORKERS": 0})
    mw = build_from_crawler(PageTypeMiddleware, crawler)
    url = "https://news.example/data.json"
    for response in (TextResponse(url, body=b'{"a": 1}', headers={"Content-Type": "application/json"},
                                  request=Request(url)),
                     Response(url + ".png", body=b"\x89PNG", request=Request(url + ".png")),
                     html(HUB, meta={"dont_webclean": True}), html(HUB, meta={"webclean": {"skip": True}})):
        assert run(mw, response) is response
        assert "webclean_page_type" not in response.request.meta
    assert crawler.stats.get_value("webclean/pages/hub") is None


def test_tags_in_worker_processes():
    crawler = get_crawler(settings_dict={"WEBCLEAN_WORKERS": 1})
    mw = build_from_crawler(PageTypeMiddleware, crawler)
    try:
        assert run(mw, html(HUB)).request.meta["webclean_page_type"] == "hub"
    finally:
        mw.coordinator.pool.close()


LINKS_PAGE = b"""<html><head><base href="https://cdn.example/base/"><title>Links</title></head><body>
<p><a href="story-1">one</a> <a href=" /story-2#comments ">two</a> <a href="story-1#top">one again</a>
<a href="mailto:desk@news.example">mail</a> <a href="javascript:void(0)">js</a> <a href="#">top</a>
<a>no href</a> <a href="">empty</a> <a href="HTTPS://Other.example/x">other</a></p>
<map><area href="/map-area" alt="area"></map></body></html>"""


def test_links_in_meta_when_asked():
    url = "https://news.example/world/"
    crawler = get_crawler(settings_dict={"WEBCLEAN_WORKERS": 0, "WEBCLEAN_LINKS": True})
    meta = run(build_from_crawler(PageTypeMiddleware, crawler), html(LINKS_PAGE, url)).request.meta
    # Resolved against <base href>, fragments dropped, each once, http(s) only, in page order.
    assert meta["webclean_links"] == ["https://cdn.example/base/story-1", "https://cdn.example/story-2",
                                      "https://cdn.example/base/", "https://Other.example/x",
                                      "https://cdn.example/map-area"]
    default = get_crawler(settings_dict={"WEBCLEAN_WORKERS": 0})
    assert "webclean_links" not in run(build_from_crawler(PageTypeMiddleware, default), html(LINKS_PAGE, url)).request.meta


def test_links_match_the_example_spiders_own_parse(bbc_page, netease_page):
    from example_project.spiders.news import NewsSpider

    crawler = get_crawler(settings_dict={"WEBCLEAN_WORKERS": 1, "WEBCLEAN_LINKS": True})
    mw = build_from_crawler(PageTypeMiddleware, crawler)
    try:
        for body, url, ctype in ((bbc_page, "https://www.bbc.com/news/business-38632145", "text/html; charset=utf-8"),
                                 (netease_page, "https://money.163.com/article/1.html", "text/html; charset=gbk"),
                                 (HUB, "https://news.example/world", "text/html")):
            response = run(mw, html(body, url, ctype=ctype))
            links = response.request.meta["webclean_links"]
            assert len(links) > 20
            own = [link for link in NewsSpider.links(response) if link.startswith(("http://", "https://"))]
            assert links == own
    finally:
        mw.coordinator.pool.close()


def test_links_are_bounded():
    from scrapy_webclean._document import parse
    from scrapy_webclean._links import MAX_LINKS, page_links

    body = "".join(f"<a href='/p{n}'>{n}</a>" for n in range(MAX_LINKS + 500))
    links = page_links(parse(body, "https://news.example/"), "https://news.example/")
    assert len(links) == MAX_LINKS
    assert links[:2] == ["https://news.example/p0", "https://news.example/p1"]
    assert page_links(parse(b"", "https://news.example/")) == []
    assert page_links(parse(b"<p>no links</p>"), None) == []


def test_links_cache_gives_what_urljoin_gives(bbc_page, netease_page):
    from urllib.parse import urljoin

    from scrapy_webclean import _links
    from scrapy_webclean._document import parse

    hrefs = ["x", "/y", "//cdn.example/z", "https://o.example/w", "http://s.example/v", "../q", "?page=2",
             " /spaced ", "/y#frag"]
    body = "".join(f"<a href='{h}'>{n}</a>" for n, h in enumerate(hrefs))
    pages = [(body, u) for u in ("https://s.example/a/b.html", "https://s.example/c/d/e.html",
                                 "http://s.example/a/b.html", "https://t.example/")]
    pages += [(bbc_page, "https://www.bbc.com/news/business-38632145"),
              (netease_page, "https://money.163.com/article/1.html")]
    _links._JOINED.clear()
    for _ in range(2):  # the second round answers from the cache
        for page, url in pages:
            doc = parse(page, url)
            expected = list(dict.fromkeys(
                j for j in (urljoin(url, a.get("href").strip()).partition("#")[0]
                            for a in doc.root.iter("a", "area") if a.get("href", "").strip())
                if j.startswith(("http://", "https://"))))
            assert _links.page_links(doc, url) == expected
    assert _links._JOINED


def test_links_cache_keeps_no_long_urls():
    from scrapy_webclean import _links
    from scrapy_webclean._document import parse

    _links._JOINED.clear()
    long_href = "/" + "x" * 5000
    doc = parse(f"<a href='{long_href}'>long</a><a href='/short'>short</a>", "https://news.example/")
    assert _links.page_links(doc, "https://news.example/") == ["https://news.example" + long_href,
                                                                "https://news.example/short"]
    assert list(_links._JOINED) == [("https://news.example", "/short")]


def test_a_copied_meta_does_not_carry_the_previous_pages_results(bbc_page):
    # meta=response.meta is a common idiom: the next page must not inherit
    # this page's tag, links or extraction, tagged or not.
    crawler = get_crawler(settings_dict={"WEBCLEAN_WORKERS": 0, "WEBCLEAN_LINKS": True})
    mw = build_from_crawler(PageTypeMiddleware, crawler)
    first = run(mw, html(bbc_page, "https://www.bbc.com/news/business-38632145"))
    copied = dict(first.request.meta, _webclean_extracted=("stale", {"text": "stale"}), _webclean_failed=("x", "y"))
    url = "https://news.example/data.json"
    untagged = TextResponse(url, body=b'{"a": 1}', headers={"Content-Type": "application/json"},
                            request=Request(url, meta=copied))
    meta = run(mw, untagged).request.meta
    assert not {"webclean_page_type", "webclean_page_score", "webclean_links", "_webclean_extracted",
                "_webclean_failed"} & set(meta)
    hub = run(mw, html(HUB, "https://news.example/world", meta=dict(first.request.meta))).request.meta
    assert hub["webclean_page_type"] == "hub"
    assert hub["webclean_links"][0] == "https://news.example/news/world-0"
    assert "_webclean_extracted" not in hub
