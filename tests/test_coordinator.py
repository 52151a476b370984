"""The crawler's coordinator: one per crawler, shared by the components, which
never import each other; a page extracted at tagging is used by the pipeline
only with the plan and tree it was extracted with."""

from __future__ import annotations

import ast
import asyncio
from pathlib import Path

import pytest
from scrapy.http import HtmlResponse, Request

from scrapy_webclean.crawl import coordinator
from scrapy_webclean.downloadermiddlewares.pagetype import PageTypeMiddleware
from scrapy_webclean.extensions.sitestyletree import SiteStyleTreeExtension
from scrapy_webclean.pipelines.extraction import ExtractionPipeline
from scrapy_webclean.spidermiddlewares.pagesource import PageSourceMiddleware

PACKAGE = Path(__file__).resolve().parent.parent / "scrapy_webclean"
COMPONENTS = {
    "scrapy_webclean.downloadermiddlewares.pagetype": PACKAGE / "downloadermiddlewares" / "pagetype.py",
    "scrapy_webclean.spidermiddlewares.pagesource": PACKAGE / "spidermiddlewares" / "pagesource.py",
    "scrapy_webclean.pipelines.extraction": PACKAGE / "pipelines" / "extraction.py",
    "scrapy_webclean.extensions.sitestyletree": PACKAGE / "extensions" / "sitestyletree.py",
}


def _imported(path: Path, package: str) -> set[str]:
    """The modules a file imports (relative imports resolved), wherever in the file."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            base = package.split(".")[: len(package.split(".")) - max(node.level - 1, 0)] if node.level else []
            found.add(".".join(base + ([node.module] if node.module else [])))
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return found


def test_components_never_import_each_other():
    for name, path in COMPONENTS.items():
        imported = _imported(path, name.rsplit(".", 1)[0])
        others = {other for other in COMPONENTS if other != name}
        assert not imported & others, f"{name} imports {imported & others}"
        assert "scrapy_webclean.crawl" in imported, f"{name} does not take the crawler's coordinator"


def test_one_coordinator_and_one_config_per_crawler(webclean_crawler, tmp_path):
    crawler, ext, tagging, sources, pipeline = webclean_crawler(
        SiteStyleTreeExtension, PageTypeMiddleware, PageSourceMiddleware, ExtractionPipeline,
        WEBCLEAN_SST_DIR=str(tmp_path))
    coord = coordinator(crawler)
    assert tagging.coordinator is coord and pipeline.coordinator is coord
    assert pipeline.config is coord.config
    assert coord.trees is ext.trees and coord.sources is sources.sources
    assert coord.tagging and coord.extracting


ARTICLE = ("<html><head><title>Rain due on Tuesday</title></head><body>"
           "<div class='nav'><a href='/a'>Home</a> <a href='/b'>World</a></div><div class='story'>"
           "<h1>Rain due on Tuesday</h1><p>Forecasters expect heavy rain to reach the west coast early on Tuesday "
           "morning, with up to forty millimetres falling on high ground before the evening.</p><p>Drivers are "
           "advised to allow extra time, and ferry services may be delayed or cancelled as the wind rises.</p>"
           "</div></body></html>").encode()


def _crawl_one(webclean_crawler, meta, next_meta=None, **settings):
    """Tag a page, then hand its item (made from a response whose request
    meta is ``next_meta``, the tagged meta by default) to the pipeline."""
    crawler, tagging, sources, pipeline = webclean_crawler(
        PageTypeMiddleware, PageSourceMiddleware, ExtractionPipeline, WEBCLEAN_SST_ENABLED=False,
        WEBCLEAN_FIELDS=["text", "extractor"], **settings)
    url = "https://news.example/2024/rain"
    response = HtmlResponse(url, body=ARTICLE, headers={"Content-Type": "text/html; charset=utf-8"},
                            request=Request(url, meta=meta))
    asyncio.run(tagging.process_response(response.request, response))
    if next_meta is not None:
        response = response.replace(request=Request(url, meta={**response.request.meta, **next_meta}))
    [item] = list(sources.process_spider_output(response, [{}]))
    return crawler, asyncio.run(pipeline.process_item(item))


def test_the_tagging_jobs_extraction_is_used_for_its_own_plan(webclean_crawler):
    crawler, item = _crawl_one(webclean_crawler, {})
    assert "forty millimetres" in item["text"] and item["extractor"] == "auto"
    assert crawler.stats.get_value("webclean/items/reused_parse") == 1


@pytest.mark.parametrize("override", [{"webclean": {"extractor": "link_density"}},
                                      {"webclean": {"options": {"min_text": 100000}}}],
                         ids=["another extractor", "other options"])
def test_an_extraction_made_with_another_plan_is_not_used(webclean_crawler, override):
    """A spider that builds the item's request meta from the tagged one but
    asks for another extractor or options gets its own extraction."""
    crawler, item = _crawl_one(webclean_crawler, {}, override)
    assert crawler.stats.get_value("webclean/items/reused_parse") is None
    assert crawler.stats.get_value("webclean/items/extracted") == 1
    _, reference = _crawl_one(webclean_crawler, override)
    assert item == reference
