"""ExtractionPipeline + PageSourceMiddleware, built with get_crawler (no crawl)."""

from __future__ import annotations

import asyncio
import dataclasses
import json

import pytest
import scrapy
from scrapy.exceptions import DropItem
from scrapy.http import HtmlResponse, Request, TextResponse
from scrapy.utils.misc import build_from_crawler
from scrapy.utils.test import get_crawler

from _crawler import webclean_crawler
from scrapy_webclean.errors import InvalidSettingError
from scrapy_webclean.pipelines.extraction import ExtractionPipeline
from scrapy_webclean.spidermiddlewares.pagesource import PageSourceMiddleware

ARTICLE = ("<html><head><title>Rain due on Tuesday - Weather</title></head><body>"
           "<div class='nav'><a href='/a'>Home</a> <a href='/b'>World</a> <a href='/c'>Sport</a></div>"
           "<div class='story'><h1>Rain due on Tuesday</h1>"
           "<p>Forecasters expect heavy rain to reach the west coast early on Tuesday morning, "
           "with up to forty millimetres falling on high ground before the evening.</p>"
           "<p>Drivers are advised to allow extra time, and ferry services may be delayed or cancelled "
           "as the wind rises through the afternoon.</p></div></body></html>")


class ArticleItem(scrapy.Item):
    url = scrapy.Field()
    title = scrapy.Field()
    text = scrapy.Field()


@dataclasses.dataclass
class ArticleRecord:
    url: str
    title: str | None = None
    text: str | None = None
    page_type: str | None = None
    webclean_error: str | None = None


def make(settings=None):
    return webclean_crawler(PageSourceMiddleware, ExtractionPipeline,
                            settings={"WEBCLEAN_SST_ENABLED": False, **(settings or {})})


def response(body=ARTICLE, url="https://news.example/2024/rain", meta=None, cls=HtmlResponse,
             ctype="text/html; charset=utf-8"):
    if isinstance(body, str):
        body = body.encode("utf-8")
    return cls(url, body=body, headers={"Content-Type": ctype}, request=Request(url, meta=meta or {}))


def process(crawler, carrier, pipeline, item, resp):
    [item] = list(carrier.process_spider_output(resp, [item]))
    return asyncio.run(pipeline.process_item(item))


@pytest.mark.parametrize("item", [{"url": "u"}, ArticleItem(url="u"), ArticleRecord(url="u")],
                         ids=["dict", "scrapy.Item", "dataclass"])
def test_fills_every_item_type(item):
    crawler, carrier, pipeline = make({"WEBCLEAN_FIELDS": ["title", "text", "page_type"]})
    out = process(crawler, carrier, pipeline, item, response(meta={"webclean_page_type": "content"}))
    out = dict(out) if not dataclasses.is_dataclass(out) else dataclasses.asdict(out)
    assert out["title"] == "Rain due on Tuesday"
    assert "forty millimetres" in out["text"] and "ferry services" in out["text"]
    assert "World" not in out["text"]
    assert crawler.stats.get_value("webclean/items/extracted") == 1
    assert crawler.stats.get_value("webclean/time/extract") > 0
    assert len(carrier) == 0  # nothing kept once the item is processed


def test_no_raw_bytes_in_item_and_feed_serializable():
    crawler, carrier, pipeline = make({"WEBCLEAN_FIELDS": {"title": "headline", "html": "body_html",
                                                           "extractor": "extractor", "url": "page_url"}})
    out = process(crawler, carrier, pipeline, {}, response())
    assert set(out) == {"headline", "body_html", "extractor", "page_url"}
    assert out["extractor"] == "auto" and out["page_url"] == "https://news.example/2024/rain"
    assert "<p>" in out["body_html"]
    json.dumps(out)  # every value a feed can export


def test_spider_values_win_unless_overwrite():
    crawler, carrier, pipeline = make()
    out = process(crawler, carrier, pipeline, {"title": "Mine"}, response())
    assert out["title"] == "Mine" and out["text"]
    crawler, carrier, pipeline = make({"WEBCLEAN_OVERWRITE": True})
    assert process(crawler, carrier, pipeline, {"title": "Mine"}, response())["title"].startswith("Rain")


def test_hub_pages_skipped_by_default():
    crawler, carrier, pipeline = make()
    out = process(crawler, carrier, pipeline, {}, response(meta={"webclean_page_type": "hub"}))
    assert out == {"page_type": "hub"}
    assert crawler.stats.get_value("webclean/items/skipped/hub") == 1
    crawler, carrier, pipeline = make({"WEBCLEAN_EXTRACT_HUBS": True})
    assert process(crawler, carrier, pipeline, {}, response(meta={"webclean_page_type": "hub"}))["text"]


def test_meta_overrides():
    crawler, carrier, pipeline = make({"WEBCLEAN_FIELDS": ["text", "extractor"]})
    assert process(crawler, carrier, pipeline, {}, response(meta={"dont_webclean": True})) == {}
    assert crawler.stats.get_value("webclean/items/skipped/dont_webclean") == 1
    out = process(crawler, carrier, pipeline, {}, response(meta={"webclean_extractor": "link_density"}))
    assert out["extractor"] == "link_density"
    out = process(crawler, carrier, pipeline, {}, response(meta={"webclean_extractor": "nope"}))
    assert out["text"] == ""
    assert out["webclean_error"].startswith("meta['webclean_extractor']='nope' is invalid: one of auto, ")
    assert crawler.stats.get_value("webclean/items/failed") == 1


def run_meta(webclean, settings=None, item=None, **meta):
    crawler, carrier, pipeline = make({"WEBCLEAN_FIELDS": ["title", "text", "extractor"], **(settings or {})})
    out = process(crawler, carrier, pipeline, {} if item is None else item,
                  response(meta={"webclean": webclean, **meta}))
    return crawler, out


def test_meta_webclean_extractor_and_options():
    _, out = run_meta({"extractor": "link_density"})
    assert out["extractor"] == "link_density" and "forty millimetres" in out["text"]
    # the dict wins over the older key
    _, out = run_meta({"extractor": "line_block"}, webclean_extractor="link_density")
    assert out["extractor"] == "line_block"
    # options of another extractor: that extractor's defaults plus these
    _, out = run_meta({"extractor": "link_density", "options": {"filter_words": ["ferry services"]}})
    assert out["extractor"] == "link_density" and "ferry" not in out["text"] and "forty" in out["text"]
    # options alone: over the configured ones, for the configured extractor
    settings = {"WEBCLEAN_EXTRACTOR": "auto", "WEBCLEAN_EXTRACTOR_OPTIONS": {"favor": "precision"}}
    _, out = run_meta({"options": {"min_text": 100000}}, settings)
    assert out["extractor"] == "auto" and "Home" in out["text"]  # too short a body: the whole page


def test_meta_webclean_fields_and_skip():
    _, out = run_meta({"fields": ["markdown", "url"]})
    assert set(out) == {"markdown", "url"} and out["markdown"].startswith("Forecasters")
    _, out = run_meta({"fields": {"title": "headline"}})
    assert out == {"headline": "Rain due on Tuesday"}
    _, out = run_meta({"fields": "title,extractor"})
    assert set(out) == {"title", "extractor"}
    crawler, out = run_meta({"skip": True})
    assert out == {} and crawler.stats.get_value("webclean/items/skipped/dont_webclean") == 1
    crawler, out = run_meta({"skip": False})
    assert out["text"] and crawler.stats.get_value("webclean/items/extracted") == 1


@pytest.mark.parametrize(("webclean", "message"), [
    ("auto", "meta['webclean']='auto' is invalid: a dict with keys extractor, options, fields, skip"),
    ({"extractr": "auto"}, "meta['webclean'] has an unknown key 'extractr' (did you mean 'extractor'?)"),
    ({"extractor": "nope"}, "meta['webclean']['extractor']='nope' is invalid: one of auto, "),
    ({"extractor": "sst"}, "meta['webclean']['extractor']='sst' is invalid: one of auto, "),
    ({"options": {"favor": "fast"}}, "meta['webclean']['options']={'favor': 'fast'} is invalid: "),
    ({"extractor": "link_density", "options": {"favor": "recall"}}, "unknown option(s) 'favor'"),
    ({"options": ["favor"]}, "meta['webclean']['options']=['favor'] is invalid: a dict of auto's options"),
    ({"fields": ["title", "body"]}, "meta['webclean']['fields']=['title', 'body'] is invalid: unknown field(s) body"),
    ({"fields": 3}, "meta['webclean']['fields']=3 is invalid: a list of field names or a dict"),
    ({"skip": "yes"}, "meta['webclean']['skip']='yes' is invalid: True or False"),
])
def test_meta_webclean_bad_values_fail_the_item(webclean, message, caplog):
    crawler, out = run_meta(webclean, item={"url": "u"})
    assert out["text"] == "" and message in out["webclean_error"]
    assert crawler.stats.get_value("webclean/items/failed") == 1
    assert crawler.stats.get_value("webclean/items/extracted") is None
    assert sum(message in r.getMessage() for r in caplog.records) == 1


class LinkItem(scrapy.Item):
    url = scrapy.Field()


def test_items_lacking_fields_get_what_fits_one_warning_per_class(caplog):
    crawler, carrier, pipeline = make({"WEBCLEAN_FIELDS": ["title", "text", "author", "page_type"]})
    for _ in range(3):
        out = process(crawler, carrier, pipeline, ArticleItem(url="u"), response())
        assert out["title"].startswith("Rain") and "forty millimetres" in out["text"]
    warnings = [r.getMessage() for r in caplog.records if "declares no field" in r.getMessage()]
    assert warnings == ["webclean: ArticleItem declares no field 'page_type', 'author'; those values are left out"
                        " (see WEBCLEAN_FIELDS and the webclean/fields/undeclared stat)"]
    assert crawler.stats.get_value("webclean/fields/undeclared") == 6
    assert crawler.stats.get_value("webclean/items/extracted") == 3
    # an item that declares none of the extracted fields is not counted as extracted
    process(crawler, carrier, pipeline, LinkItem(url="u"), response())
    assert crawler.stats.get_value("webclean/items/no_field") == 1
    assert crawler.stats.get_value("webclean/items/extracted") == 3
    assert sum("LinkItem declares no field 'page_type', 'title', 'text', 'author'" in r.getMessage()
               for r in caplog.records) == 1


def test_items_without_a_page_or_html_pass_through():
    crawler, carrier, pipeline = make()
    assert asyncio.run(pipeline.process_item({"a": 1})) == {"a": 1}
    assert crawler.stats.get_value("webclean/items/skipped/no_page") == 1
    out = process(crawler, carrier, pipeline, {"a": 2},
                  response(b'{"x": 1}', cls=TextResponse, ctype="application/json"))
    assert out == {"a": 2}
    assert crawler.stats.get_value("webclean/items/skipped/not_html") == 1


def test_failed_page_keeps_item_with_error_field_or_drops_it(caplog):
    big = ARTICLE.replace("</body>", "<p>" + "x" * 3000 + "</p></body>")
    crawler, carrier, pipeline = make({"WEBCLEAN_MAXSIZE": 1000})
    out = process(crawler, carrier, pipeline, {"url": "u"}, response(big))
    assert out["text"] == "" and "WEBCLEAN_MAXSIZE" in out["webclean_error"]
    assert crawler.stats.get_value("webclean/items/failed") == 1
    assert sum("extraction failed" in r.getMessage() for r in caplog.records) == 1
    crawler, carrier, pipeline = make({"WEBCLEAN_MAXSIZE": 1000, "WEBCLEAN_DROP_FAILED": True})
    with pytest.raises(DropItem, match="WEBCLEAN_MAXSIZE"):
        process(crawler, carrier, pipeline, {"url": "u"}, response(big))
    assert crawler.stats.get_value("webclean/items/dropped") == 1


def test_gbk_page_uses_http_charset(netease_page):
    crawler, carrier, pipeline = make()
    out = process(crawler, carrier, pipeline, {}, response(netease_page, url="https://money.163.com/a.html",
                                                           ctype="text/html; charset=gbk"))
    assert out["text"] and sum("\u4e00" <= ch <= "\u9fff" for ch in out["text"]) > 200


@pytest.mark.parametrize(("name", "value"), [
    ("WEBCLEAN_EXTRACTOR", "nope"),
    ("WEBCLEAN_EXTRACTOR_OPTIONS", {"ratio": "high"}),
    ("WEBCLEAN_EXTRACTOR_OPTIONS", {"colour": 1}),
    ("WEBCLEAN_FIELDS", ["title", "body"]),
    ("WEBCLEAN_TIMEOUT", 0),
    ("WEBCLEAN_WORKERS", -1),
    ("WEBCLEAN_WORKERS", "many"),
    ("WEBCLEAN_WORKERS_NICENESS", 20),
    ("WEBCLEAN_WORKERS_NICENESS", -1),
    ("WEBCLEAN_WORKERS_MAX_RSS", -1),
])
def test_invalid_settings_name_the_setting(name, value):
    settings = {name: value}
    if name == "WEBCLEAN_EXTRACTOR_OPTIONS":
        settings["WEBCLEAN_EXTRACTOR"] = "link_density"
    crawler = get_crawler(settings_dict=settings)
    with pytest.raises(InvalidSettingError, match=f"^{name}=.* is invalid: "):
        build_from_crawler(ExtractionPipeline, crawler)
