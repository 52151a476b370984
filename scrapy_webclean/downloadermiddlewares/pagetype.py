"""Tag each HTML response as a hub page or a content page.

:class:`PageTypeMiddleware` runs :func:`scrapy_webclean.classify` on every
HTML response (in the worker pool, so the reactor keeps downloading) and
stores the decision in ``response.meta["webclean_page_type"]`` (``"hub"`` or
``"content"``) and its score in ``response.meta["webclean_page_score"]``; a
body that cannot be a page is tagged ``"empty"``, ``"binary"`` or
``"not_html"`` instead (no score), each with its own stat. A
spider can follow links from hubs and yield items from content pages; the
extraction pipeline skips hubs unless ``WEBCLEAN_EXTRACT_HUBS`` is set. With
``WEBCLEAN_LINKS``, ``response.meta["webclean_links"]`` lists the page's links
as well, read from the same parse in the worker (see
:func:`~scrapy_webclean._links.page_links`), so the spider need not parse
the page in the reactor process to follow them.
Non-HTML responses, and requests with ``meta["dont_webclean"]``, pass
untouched.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from scrapy.exceptions import NotConfigured

from .._encoding import unpage_kind
from .._jobs import classify_page
from .._workers import TAG_PRIORITY, WorkerCrashed, crawler_pool, start_crawler_pool
from ..errors import ExtractionTimeout, WebcleanError
from .._overrides import skips
from .._startup import crawler_config
from ..spidermiddlewares.pagesource import _is_html, page_source

if TYPE_CHECKING:
    from scrapy import Request, Spider
    from scrapy.crawler import Crawler
    from scrapy.http import Response

    # typing.Self requires Python 3.11
    from typing_extensions import Self

logger = logging.getLogger(__name__)

__all__ = ["PageTypeMiddleware"]

#: What this middleware writes into ``response.meta``. A spider that builds
#: its next request with a copy of a response's meta (``meta=response.meta``
#: is a common idiom) would otherwise hand the next page this page's tag,
#: links and extraction.
_META_KEYS = ("webclean_page_type", "webclean_page_score", "webclean_links", "_webclean_extracted",
              "_webclean_failed")


class PageTypeMiddleware:
    """Downloader middleware: ``response.meta["webclean_page_type"]`` = hub | content."""

    def __init__(self, crawler: Crawler) -> None:
        config = crawler_config(crawler)
        if not config.enabled:
            raise NotConfigured
        self.crawler = crawler
        self.stats = crawler.stats
        self.maxsize = config.maxsize
        self.links = config.links
        self._pool: Any = None
        self._pipeline: Any = None
        self._sst: Any = None
        start_crawler_pool(crawler)

    @classmethod
    def from_crawler(cls, crawler: Crawler) -> Self:
        return cls(crawler)

    async def process_response(self, request: Request, response: Response,
                               spider: Spider | None = None) -> Response:
        # ``spider`` is optional: Scrapy >= 2.14 no longer passes it.
        meta = request.meta
        for key in _META_KEYS:
            meta.pop(key, None)
        # Error pages and redirects are not pages of the site's content.
        if skips(meta) or not 200 <= response.status < 300 or not _is_html(response):
            return response
        if self.maxsize and len(response.body) > self.maxsize:
            self.stats.inc_value("webclean/pages/too_large")
            return response
        unpage = unpage_kind(response.body)
        if unpage is not None:
            # Neither hub nor content: said as such, and counted apart.
            meta["webclean_page_type"] = unpage
            self.stats.inc_value(f"webclean/pages/{unpage}")
            return response
        if self._pool is None:
            from ..pipelines.extraction import ExtractionPipeline

            self._pool = crawler_pool(self.crawler)
            from ..extensions.sitestyletree import SiteStyleTreeExtension

            try:
                self._pipeline = self.crawler.get_item_pipeline(ExtractionPipeline)
            except RuntimeError:  # no engine: the middleware is used on its own
                self._pipeline = None
            self._sst = self.crawler.get_extension(SiteStyleTreeExtension) if self._pipeline is not None else None
        source = page_source(response, meta)
        if self._sst is not None and source.site:
            # A tree on its way (being learned or loaded) is worth the short
            # wait: the page is then tagged and extracted from one parse.
            await self._sst.hold(source.site)
        # One parse per page: when the pipeline's work on this page is
        # settled, the job that tags the page extracts it too.
        planned = self._pipeline.plan(meta, source.site) if self._pipeline is not None else None
        plan, tree, key = planned if planned is not None else (None, None, None)
        # A page of a site still being sampled is tagged on the worker that
        # will learn the site's tree, and stays parsed there for it.
        affinity = self._sst.sample_affinity(source.site) if self._sst is not None and source.site else None
        try:
            kind, score, seconds, values, extract_seconds, links, charset = await self._pool.run(
                classify_page, source.body, source.url, source.encoding, plan, tree=tree, priority=TAG_PRIORITY,
                affinity=affinity, keep=affinity is not None, links=self.links)
        except (ExtractionTimeout, WorkerCrashed) as exc:
            meta["_webclean_failed"] = ("timeout" if isinstance(exc, ExtractionTimeout) else "failed", str(exc))
            return self._failed(response, exc)
        except WebcleanError as exc:
            return self._failed(response, exc)
        self.stats.inc_value("webclean/time/classify", seconds)
        if charset is not None:
            self.stats.inc_value("webclean/pages/wrong_charset")
            logger.debug("webclean: %s is not in the charset its header says; decoded as %s", response.url, charset,
                         extra={"crawler": self.crawler})
        meta["webclean_page_type"] = kind
        meta["webclean_page_score"] = score
        if links is not None:
            meta["webclean_links"] = links
        if values is not None:
            self.stats.inc_value("webclean/time/extract", extract_seconds)
            meta["_webclean_extracted"] = (key, values)
        self.stats.inc_value(f"webclean/pages/{kind}")
        return response

    def _failed(self, response: Response, exc: Exception) -> Response:
        self.stats.inc_value("webclean/pages/failed")
        logger.warning("webclean: could not tag %s as hub or content: %s", response.url, exc,
                       extra={"crawler": self.crawler})
        return response
