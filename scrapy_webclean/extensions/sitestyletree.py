"""Learn each site's style tree while the crawl runs, and keep it for the next.

:class:`SiteStyleTreeExtension` turns the crawl's site style trees on: it
gives the crawler's coordinator a :class:`~scrapy_webclean.crawl.trees.SiteTrees`
(which samples each site's content pages, learns its tree in a worker
process, saves it under ``WEBCLEAN_SST_DIR`` or shares it through
``WEBCLEAN_SST_STORE``, and loads the trees saved by an earlier crawl), and
feeds it the crawl's signals. The extraction pipeline then cleans each
site's pages with its tree; items of a site whose tree is still being
learned wait for it (at most ``WEBCLEAN_SST_WAIT`` seconds).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from scrapy import signals
from scrapy.exceptions import NotConfigured

from ..crawl import SiteTrees, coordinator, page_source, tree_filename

if TYPE_CHECKING:
    from scrapy.crawler import Crawler
    from scrapy.http import Request, Response

    # typing.Self requires Python 3.11
    from typing_extensions import Self

__all__ = ["SiteStyleTreeExtension", "tree_filename"]


class SiteStyleTreeExtension:
    """Per-site style trees: sampled, learned, saved and loaded during a crawl.

    ``self.trees`` (also the coordinator's ``trees``) answers
    :meth:`~scrapy_webclean.crawl.trees.SiteTrees.tree_for`.
    """

    def __init__(self, crawler: Crawler) -> None:
        coord = coordinator(crawler)
        if not coord.config.enabled or not coord.config.sst_enabled:
            raise NotConfigured
        self.crawler = crawler
        self.trees = coord.trees = SiteTrees(coord)
        crawler.signals.connect(self.spider_opened, signal=signals.spider_opened)
        crawler.signals.connect(self.spider_closed, signal=signals.spider_closed)
        crawler.signals.connect(self.response_received, signal=signals.response_received)
        coord.start_pool()

    @classmethod
    def from_crawler(cls, crawler: Crawler) -> Self:
        return cls(crawler)

    def spider_opened(self, spider: Any = None) -> None:
        self.trees.open()

    def spider_closed(self, spider: Any = None) -> None:
        self.trees.close()

    def response_received(self, response: Response, request: Request, **kwargs: Any) -> None:
        self.trees.see_page(page_source(response, request.meta), response.status)
