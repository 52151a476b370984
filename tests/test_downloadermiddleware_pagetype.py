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
                     html(HUB, meta={"dont_webclean": True})):
        assert run(mw, response) is response
        assert "webclean_page_type" not in response.request.meta
    assert crawler.stats.get_value("webclean/pages/hub") is None


def test_tags_in_worker_processes():
    crawler = get_crawler(settings_dict={"WEBCLEAN_WORKERS": 1})
    mw = build_from_crawler(PageTypeMiddleware, crawler)
    try:
        assert run(mw, html(HUB)).request.meta["webclean_page_type"] == "hub"
    finally:
        mw._pool.close()
