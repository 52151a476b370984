"""The ``links`` field: the links the extracted body keeps, absolute, each once."""

from __future__ import annotations

import asyncio
import json

from scrapy.http import HtmlResponse, Request

import scrapy_webclean as wc
from _crawler import webclean_crawler
from conftest import PAGES
from scrapy_webclean._document import load_document
from scrapy_webclean._links import page_links
from scrapy_webclean.pipelines.extraction import ExtractionPipeline
from scrapy_webclean.spidermiddlewares.pagesource import PageSourceMiddleware

STORY = " ".join(["The council voted on Tuesday to approve the new budget, which raises spending on schools."] * 3)
PAGE = f"""<html><head><title>Budget</title><base href="https://news.example.com/politics/"></head><body>
<nav><a href="/">Home</a> <a href="/world">World</a> <a href="/sport">Sport</a></nav>
<article><h1>Budget approved</h1>
<p>{STORY} See <a href="budget-2024.html#table">the   budget</a> and <a href="//council.example.org/minutes">the
minutes</a>.</p>
<p>{STORY} Ask <a href="mailto:ed@example.com">the editor</a> or read <a href="/politics/budget-2024.html">it again</a>.</p>
<table><tr><th>Item</th><th>Cost</th></tr><tr><td><a href="/roads">Roads</a></td><td>12m</td></tr></table>
<p>{STORY}</p></article>
<aside class="related"><a href="/other">Another story on the council's spending plans</a></aside></body></html>"""
URL = "https://news.example.com/politics/a.html"
BUDGET = {"url": "https://news.example.com/politics/budget-2024.html", "text": "the budget"}
MINUTES = {"url": "https://council.example.org/minutes", "text": "the minutes"}
ROADS = {"url": "https://news.example.com/roads", "text": "Roads"}


def test_the_body_links_resolved_against_the_base_each_once():
    # <base href> resolves them; the fragment goes; mailto: is no page; the second link to the
    # budget is the first one's URL (its first text kept); the menu and the related box are not the body.
    assert wc.extract(PAGE.encode(), URL).links == [BUDGET, MINUTES, ROADS]


def test_what_the_text_leaves_out_the_links_do_too():
    assert wc.extract(PAGE.encode(), URL, include_tables=False).links == [BUDGET, MINUTES]
    assert wc.extract(PAGE.encode(), URL, rules={"body": "//nav"}).links == [
        {"url": f"https://news.example.com/{path}", "text": text}
        for path, text in (("", "Home"), ("world", "World"), ("sport", "Sport"))]


def test_a_body_read_as_text_and_an_empty_page_have_none():
    lines = f'<p>{STORY}</p>'
    stated = (f'<html><head><script type="application/ld+json">{{"@type": "NewsArticle", "articleBody": '
              f'{json.dumps(STORY * 3)}}}</script></head><body><a href="/x">Subscribe to read</a>{lines[:40]}'
              f'</body></html>')
    result = wc.extract(stated.encode(), URL)
    assert result.text.startswith("The council voted") and result.links == []
    assert wc.extract(b"", URL).links == [] and wc.extract(b"\x00\x01binary", URL).links == []


def test_a_real_article_lists_its_own_links_only():
    body = (PAGES / "bbc-article.html").read_bytes()
    url = "https://www.bbc.com/news/business-38632145"
    result = wc.extract(body, url)
    urls = [link["url"] for link in result.links]
    assert len(urls) == len(set(urls)) and all(u.startswith(("http://", "https://")) for u in urls)
    every = page_links(load_document(body, url), url)
    assert set(urls) <= set(every) and len(urls) < len(every) // 4  # the story's, not the page's menus
    text = " ".join(result.text.split())
    assert all(link["text"] in text for link in result.links)
    assert result.to_dict()["links"] == result.links


def test_the_pipeline_fills_a_links_field():
    crawler, carrier, pipeline = webclean_crawler(
        PageSourceMiddleware, ExtractionPipeline, settings={"WEBCLEAN_SST_ENABLED": False,
                                                             "WEBCLEAN_FIELDS": ["links"]})
    response = HtmlResponse(URL, body=PAGE.encode(), headers={"Content-Type": "text/html; charset=utf-8"},
                            request=Request(URL))
    [item] = list(carrier.process_spider_output(response, [{}]))
    out = asyncio.run(pipeline.process_item(item))
    assert out == {"links": [BUDGET, MINUTES, ROADS]}
    json.dumps(out)
