"""Remember which page each scraped item came from.

:class:`~scrapy_webclean.pipelines.extraction.ExtractionPipeline` extracts
the page *behind* an item, but an item pipeline only receives the item.
Rather than have every spider copy ``response.body`` into its items (where it
would end up in the exported feed), this spider middleware notes, for every
item a callback yields, a :class:`PageSource`: the body (the response's own
bytes object, not a copy), URL, HTTP charset, page type and the per-request
``webclean`` meta keys. The pipeline takes the entry with :meth:`pop`; entries
of items that never reach it (dropped by an earlier pipeline, failed) are
forgotten on the ``item_scraped``, ``item_dropped`` and ``item_error``
signals, so nothing outlives its item.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from scrapy import signals
from scrapy.exceptions import NotConfigured
from scrapy.http import HtmlResponse, TextResponse
from scrapy.spidermiddlewares.base import BaseSpiderMiddleware
from scrapy.utils.httpobj import urlparse_cached
from w3lib.encoding import http_content_type_encoding

from .._overrides import skips
from .._startup import crawler_config

if TYPE_CHECKING:
    from scrapy.crawler import Crawler
    from scrapy.http import Response

logger = logging.getLogger(__name__)

__all__ = ["PageSource", "PageSourceMiddleware", "http_charset", "page_source"]


@dataclass(slots=True, frozen=True)
class PageSource:
    """What the extraction pipeline needs to know about an item's page.

    ``encoding`` is the charset of the HTTP ``Content-Type`` header (the
    extractor's decoder also reads BOMs and ``<meta>``, and decodes GB2312 as
    GB18030, so it is given the declared charset rather than Scrapy's guess).
    ``site`` is the host the page's site style tree is kept under.
    """

    url: str
    body: bytes
    encoding: str | None
    site: str
    is_html: bool
    page_type: str | None
    page_score: float | None
    dont_webclean: bool
    #: the request's ``webclean_extractor`` and ``webclean`` meta keys, as given
    extractor: Any
    webclean: Any = None
    #: ``(plan key, values)`` when the page-type middleware extracted the page
    #: from the parse it tagged it with (see ExtractionPipeline.plan)
    extracted: tuple[Any, dict[str, Any]] | None = None
    #: ``(kind, reason)`` when tagging the page timed out or crashed a worker
    failed: tuple[str, str] | None = None


def _is_html(response: Response) -> bool:
    if isinstance(response, HtmlResponse):
        return True
    if not isinstance(response, TextResponse):
        return False
    ctype = response.headers.get(b"Content-Type", b"").lower()
    return b"html" in ctype


def http_charset(response: Response) -> str | None:
    """The charset of the response's ``Content-Type`` header, if it names one."""
    ctype = response.headers.get(b"Content-Type")
    return http_content_type_encoding(ctype.decode("latin-1")) if ctype else None


def page_source(response: Response, meta: dict[str, Any] | None = None) -> PageSource:
    """The :class:`PageSource` of ``response``.

    ``meta`` is the request's meta, for a downloader middleware (where the
    response is not tied to its request yet); by default ``response.meta``.
    """
    if meta is None:
        meta = response.meta
    return PageSource(
        url=response.url,
        body=response.body,
        encoding=http_charset(response),
        site=(urlparse_cached(response).hostname or "").lower(),
        is_html=_is_html(response),
        page_type=meta.get("webclean_page_type"),
        page_score=meta.get("webclean_page_score"),
        dont_webclean=skips(meta),
        extractor=meta.get("webclean_extractor"),
        webclean=meta.get("webclean"),
        extracted=meta.get("_webclean_extracted"),
        failed=meta.get("_webclean_failed"),
    )


class PageSourceMiddleware(BaseSpiderMiddleware):
    """Spider middleware: note the page behind each item the spider yields.

    Enabled by :class:`~scrapy_webclean.addon.Addon`; find the instance with
    ``crawler.get_spider_middleware(PageSourceMiddleware)``.
    """

    def __init__(self, crawler: Crawler) -> None:
        if not crawler_config(crawler).enabled:
            raise NotConfigured
        super().__init__(crawler)
        # id(item) -> (item, source); the item is kept so its id cannot be
        # reused by another object while the entry lives.
        self._sources: dict[int, tuple[Any, PageSource]] = {}
        for signal in (signals.item_scraped, signals.item_dropped, signals.item_error):
            crawler.signals.connect(self._forget, signal=signal)

    def get_processed_item(self, item: Any, response: Response | None) -> Any:
        if response is not None:
            self._sources[id(item)] = (item, page_source(response))
        return item

    def pop(self, item: Any) -> PageSource | None:
        """The page ``item`` came from (removed from the middleware), or ``None``."""
        entry = self._sources.get(id(item))
        if entry is None or entry[0] is not item:
            return None
        del self._sources[id(item)]
        return entry[1]

    def _forget(self, item: Any, **kwargs: Any) -> None:
        self.pop(item)

    def __len__(self) -> int:
        return len(self._sources)
