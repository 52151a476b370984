"""Remember which page each scraped item came from.

:class:`~scrapy_webclean.pipelines.extraction.ExtractionPipeline` extracts
the page *behind* an item, but an item pipeline only receives the item.
Rather than have every spider copy ``response.body`` into its items (where it
would end up in the exported feed), this spider middleware notes, for every
item a callback yields, a :class:`PageSource`: the body (the response's own
bytes object, not a copy), URL, HTTP charset, page type and the per-request
``webclean`` meta keys, in the table of item sources the crawler's
coordinator shares with the pipeline, which takes the entry; entries
of items that never reach it (dropped by an earlier pipeline, failed) are
forgotten on the ``item_scraped``, ``item_dropped`` and ``item_error``
signals, so nothing outlives its item.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from scrapy import signals
from scrapy.exceptions import NotConfigured
from scrapy.spidermiddlewares.base import BaseSpiderMiddleware

from ..crawl import ItemSources, PageSource, coordinator, http_charset, page_source

if TYPE_CHECKING:
    from scrapy.crawler import Crawler
    from scrapy.http import Response

logger = logging.getLogger(__name__)

# PageSource, http_charset and page_source live in scrapy_webclean.crawl.sources.
__all__ = ["PageSource", "PageSourceMiddleware", "http_charset", "page_source"]


class PageSourceMiddleware(BaseSpiderMiddleware):
    """Spider middleware: note the page behind each item the spider yields.

    Enabled by :class:`~scrapy_webclean.addon.Addon`. It fills the table of
    item sources of the crawler's coordinator, which the extraction
    pipeline empties.
    """

    def __init__(self, crawler: Crawler) -> None:
        coord = coordinator(crawler)
        if not coord.config.enabled:
            raise NotConfigured
        super().__init__(crawler)
        self.sources = coord.sources = ItemSources()
        for signal in (signals.item_scraped, signals.item_dropped, signals.item_error):
            crawler.signals.connect(self._forget, signal=signal)

    def get_processed_item(self, item: Any, response: Response | None) -> Any:
        if response is not None:
            self.sources.note(item, page_source(response))
        return item

    def pop(self, item: Any) -> PageSource | None:
        """The page ``item`` came from (removed from the table), or ``None``."""
        return self.sources.pop(item)

    def _forget(self, item: Any, **kwargs: Any) -> None:
        self.sources.pop(item)

    def __len__(self) -> int:
        return len(self.sources)
