"""``scrapy crawl news``: crawl news sites from hub pages to articles.

With no arguments the spider crawls the bundled sample of two real sites
(BBC News, NetEase Money), served on 127.0.0.1 by a server it starts itself
(see :mod:`example_project.samplesites`). With ``-a start_urls=URL[,URL...]``
it crawls those sites instead.

The spider only routes: it follows the links of every page (hub pages
lead to articles, articles to related ones, up to ``DEPTH_LIMIT``) and
yields ``{"url": ...}`` for the pages the
:class:`~scrapy_webclean.downloadermiddlewares.pagetype.PageTypeMiddleware`
tagged as content; the scrapy-webclean pipeline fills in title, text and
the rest. The project sets ``WEBCLEAN_LINKS``, so a tagged page comes with
its links, read from the parse the tagging worker made; the spider parses a
page itself only when they are missing (scrapy-webclean off, or a page it
did not tag).
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urljoin, urlsplit

import scrapy
from scrapy import signals
from scrapy.utils.response import get_base_url

from ..samplesites import SampleSites


class NewsSpider(scrapy.Spider):
    name = "news"
    # hub -> articles -> the articles' own related links
    custom_settings = {"DEPTH_LIMIT": 2}

    def __init__(self, start_urls: str | list[str] | None = None, latency: str | float = 0,
                 proxy: str | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        if isinstance(start_urls, str):
            start_urls = [u.strip() for u in start_urls.split(",") if u.strip()]
        self.start_urls = list(start_urls or [])
        #: seconds the bundled server waits before each response (benchmarks)
        self.latency = float(latency)
        #: a bundled-sample server already running (python -m example_project.samplesites)
        self.proxy = proxy
        self.sample: SampleSites | None = None

    def serves_sample(self) -> bool:
        """Whether the spider crawls the bundled sample (no start URLs given)."""
        return not self.start_urls

    @classmethod
    def from_crawler(cls, crawler: Any, *args: Any, **kwargs: Any) -> NewsSpider:
        spider = super().from_crawler(crawler, *args, **kwargs)
        if spider.serves_sample():
            spider.sample = SampleSites(delay=spider.latency, proxy=spider.proxy)
            if not spider.proxy:
                spider.sample.start()
                crawler.signals.connect(spider.sample.stop, signal=signals.engine_stopped)
            # Local copies have no robots.txt to obey (and its request would
            # go to the real site, not through the bundle's proxy), and a
            # local server needs no politeness delay.
            crawler.settings.set("ROBOTSTXT_OBEY", False, priority="spider")
            crawler.settings.set("DOWNLOAD_DELAY", 0, priority="spider")
            spider.logger.info("Serving the bundled sample sites (%s) through %s",
                               ", ".join(spider.sample.sites), spider.sample.proxy)
        return spider

    def request(self, url: str, **kwargs: Any) -> scrapy.Request:
        if self.sample is not None:
            url = self.sample.local_url(url)
            kwargs.setdefault("meta", {})["proxy"] = self.sample.proxy
        return scrapy.Request(url, **kwargs)

    async def start(self) -> Any:
        for url in self.sample.start_urls if self.sample is not None else self.start_urls:
            yield self.request(url)

    @staticmethod
    def links(response: scrapy.http.TextResponse) -> list[str]:
        """The page's links, absolute and without fragment, each once (what
        ``webclean_links`` holds), from a parse of our own."""
        # Plain strings from lxml: a news page has hundreds of links, and a
        # Selector per link costs more than the rest.
        base = get_base_url(response)  # once: response.urljoin() looks it up per call
        hrefs = response.selector.root.xpath("//a/@href | //area/@href")
        return list(dict.fromkeys(urljoin(base, h.strip()).split("#")[0] for h in hrefs if h.strip()))

    def parse(self, response: scrapy.http.Response) -> Any:
        if not isinstance(response, scrapy.http.TextResponse):
            return
        page_type = response.meta.get("webclean_page_type")
        # Untagged (scrapy-webclean off): every page but the start pages.
        if page_type == "content" or (page_type is None and response.meta.get("depth", 0) > 0):
            yield {"url": response.url}
        host = urlsplit(response.url).hostname
        links = response.meta.get("webclean_links")
        for url in self.links(response) if links is None else links:
            if urlsplit(url).hostname != host:
                continue
            if self.sample is not None:
                url = self.sample.local_url(url)
                if not self.sample.serves(url):
                    continue
            yield self.request(url)
