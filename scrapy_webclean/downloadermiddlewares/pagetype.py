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
from .._overrides import skips
from ..crawl import EXTRACTED_KEY, FAILED_KEY, Extracted, coordinator, is_html, page_source
from ..errors import ExtractionTimeout, WebcleanError
from ..workers import TAG_PRIORITY, WorkerCrashed
from ..workers.jobs import PageReport, classify_page

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
_META_KEYS = ("webclean_page_type", "webclean_page_score", "webclean_links", EXTRACTED_KEY, FAILED_KEY)


class PageTypeMiddleware:
    """Downloader middleware: ``response.meta["webclean_page_type"]`` = hub | content."""

    def __init__(self, crawler: Crawler) -> None:
        self.coordinator = coord = coordinator(crawler)
        if not coord.config.enabled:
            raise NotConfigured
        self.crawler = crawler
        self.stats = crawler.stats
        self.maxsize = coord.config.maxsize
        self.links = coord.config.links
        coord.tagging = True
        coord.start_pool()

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
        if skips(meta) or not 200 <= response.status < 300 or not is_html(response):
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
        try:
            report = await self._tag(response, meta)
        except (ExtractionTimeout, WorkerCrashed) as exc:
            meta[FAILED_KEY] = ("timeout" if isinstance(exc, ExtractionTimeout) else "failed", str(exc))
            return self._failed(response, exc)
        except WebcleanError as exc:
            return self._failed(response, exc)
        self.coordinator.add_time("classify", report.seconds)
        if report.charset is not None:
            self.stats.inc_value("webclean/pages/wrong_charset")
            logger.debug("webclean: %s is not in the charset its header says; decoded as %s", response.url,
                         report.charset, extra={"crawler": self.crawler})
        meta["webclean_page_type"] = report.kind
        meta["webclean_page_score"] = report.score
        if report.links is not None:
            meta["webclean_links"] = report.links
        self.stats.inc_value(f"webclean/pages/{report.kind}")
        return response

    async def _tag(self, response: Response, meta: dict[str, Any]) -> PageReport:
        """Tag the page in a worker; extract it from the same parse when the
        pipeline's work on it is settled (the values go in ``meta``)."""
        coord = self.coordinator
        # Trees matter to tagging only when a pipeline extracts the pages.
        trees = coord.trees if coord.extracting else None
        source = page_source(response, meta)
        if trees is not None and source.site:
            # A tree on its way (being learned or loaded) is worth the short
            # wait: the page is then tagged and extracted from one parse.
            await trees.hold(source.site)
        planned = coord.tagging_plan(meta, source.site)
        plan, tree = planned if planned is not None else (None, None)
        # A page of a site still being sampled is tagged on the worker that
        # will learn the site's tree, and stays parsed there for it.
        affinity = trees.sample_affinity(source.site) if trees is not None and source.site else None
        report: PageReport = await coord.pool.run(
            classify_page, source.body, source.url, source.encoding, plan, tree=tree, priority=TAG_PRIORITY,
            affinity=affinity, keep=affinity is not None, links=self.links)
        if report.values is not None and plan is not None:
            coord.add_time("extract", report.extract_seconds)
            meta[EXTRACTED_KEY] = Extracted(plan, tree.key if tree is not None else None, report.values)
        return report

    def _failed(self, response: Response, exc: Exception) -> Response:
        self.stats.inc_value("webclean/pages/failed")
        logger.warning("webclean: could not tag %s as hub or content: %s", response.url, exc,
                       extra={"crawler": self.crawler})
        return response
