"""One coordinator per crawler: what the scrapy-webclean components share.

The components - :class:`~scrapy_webclean.downloadermiddlewares.pagetype.PageTypeMiddleware`,
:class:`~scrapy_webclean.spidermiddlewares.pagesource.PageSourceMiddleware`,
:class:`~scrapy_webclean.pipelines.extraction.ExtractionPipeline` and
:class:`~scrapy_webclean.extensions.sitestyletree.SiteStyleTreeExtension` -
never import or look up each other. Each takes the crawler's
:class:`Coordinator` (:func:`coordinator`) in ``from_crawler`` and tells it
what it brings: page tagging, the table of item sources, extraction, the
site style trees. The coordinator owns

- the crawl's :class:`~scrapy_webclean.settings.WebcleanConfig`, built once;
- the worker pool (:mod:`scrapy_webclean.crawl.pool`);
- the site trees (:class:`~scrapy_webclean.crawl.trees.SiteTrees`), when
  the extension is on;
- the plans: what the pipeline will run on a page
  (:class:`~scrapy_webclean.workers.jobs.ExtractionPlan`);
- what was extracted ahead of the pipeline (:class:`~scrapy_webclean.crawl.plans.Extracted`).
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from .._overrides import PagePlan, page_plan, skips
from .._startup import crawler_config
from ..errors import WebcleanError
from ..settings import RESULT_FIELDS
from .plans import Extracted, ExtractionPlan, TreeEntry
from .pool import crawler_pool

if TYPE_CHECKING:
    from scrapy.crawler import Crawler

    from ..workers.pool import WorkerPool
    from .sources import ItemSources, PageSource
    from .trees import SiteTrees

__all__ = ["Coordinator", "coordinator"]

#: Pages whose extraction by a learning job is kept for their items (the
#: items are normally waiting already; this bounds what is never claimed).
MAX_LEARNED = 1000
#: Where a crawler keeps its coordinator.
_ATTRIBUTE = "_webclean_coordinator"


def coordinator(crawler: Crawler) -> Coordinator:
    """The one :class:`Coordinator` of ``crawler`` (made on first use).

    Raises :class:`~scrapy_webclean.errors.InvalidSettingError` (reported
    in one line) when a ``WEBCLEAN_*`` setting is invalid.
    """
    found = getattr(crawler, _ATTRIBUTE, None)
    if found is None:
        found = Coordinator(crawler)
        setattr(crawler, _ATTRIBUTE, found)
    return found


class Coordinator:
    """The config, pool, site trees, plans and early extractions of one crawler."""

    def __init__(self, crawler: Crawler) -> None:
        self.crawler = crawler
        self.config = crawler_config(crawler)
        #: set by the page-type middleware: responses are tagged
        self.tagging = False
        #: set by the pipeline: items are extracted
        self.extracting = False
        #: set by the page-source middleware: the page behind each item
        self.sources: ItemSources | None = None
        #: set by the site style tree extension
        self.trees: SiteTrees | None = None
        self._pool: WorkerPool | None = None
        #: page URL -> what the learning job of its site extracted (see :meth:`learned`)
        self._learned: OrderedDict[str, Extracted] = OrderedDict()

    # -- the worker pool ----------------------------------------------------

    @property
    def pool(self) -> WorkerPool:
        """The crawler's worker pool, made (and its workers started) on first use."""
        if self._pool is None:
            self._pool = crawler_pool(self.crawler, self.config)
        return self._pool

    @property
    def pool_started(self) -> bool:
        return self._pool is not None

    def start_pool(self) -> None:
        """Start the pool now if the crawler is crawling already.

        The components call this when Scrapy builds them, inside
        ``Crawler.crawl``: each worker is a fresh interpreter that takes about
        a tenth of a second of CPU to start, and started here it does so while
        Scrapy builds the engine and opens the spider, on the other cores,
        rather than while the first responses wait for it. A component built
        outside a crawl (``get_crawler`` in a test, the ``webclean`` command)
        starts no process until its first job.
        """
        if getattr(self.crawler, "crawling", False):
            _ = self.pool

    def add_time(self, name: str, seconds: float) -> None:
        """Add ``seconds`` to the ``webclean/time/<name>`` stat."""
        # Scrapy types stat counts as int; these are seconds.
        self.crawler.stats.inc_value(f"webclean/time/{name}", seconds)  # type: ignore[arg-type]

    def in_crawl(self) -> bool:
        """Whether the crawler has an engine (else a component is used on its own)."""
        try:
            return self.crawler.engine is not None
        except RuntimeError:  # Scrapy >= 2.14: not set yet
            return False

    # -- plans --------------------------------------------------------------

    def job_outputs(self, fields: Mapping[str, str]) -> tuple[str, ...]:
        """The result fields an extraction job returns: those of ``fields``
        (in their order), and the language when ``WEBCLEAN_TARGET_LANGUAGE``
        checks it."""
        outputs = tuple(name for name in fields if name in RESULT_FIELDS)
        if self.config.target_languages and "language" not in outputs:
            outputs += ("language",)
        return outputs

    def extraction_plan(self, page: PagePlan) -> ExtractionPlan:
        """The job plan of a page's :class:`~scrapy_webclean._overrides.PagePlan`."""
        return ExtractionPlan(page.extractor, page.options, self.job_outputs(page.fields), self.config.extract_hubs)

    def default_plan(self) -> ExtractionPlan | None:
        """The plan of a page without meta overrides; ``None`` when no
        pipeline extracts the crawl's items."""
        return self.extraction_plan(page_plan(self.config)) if self.extracting else None

    def tagging_plan(self, meta: Mapping[str, Any], site: str) -> tuple[ExtractionPlan, TreeEntry | None] | None:
        """What the pipeline will run on a page, if that is settled already.

        ``(plan, tree)`` for :func:`~scrapy_webclean.workers.jobs.classify_page`,
        which then extracts the page from the parse it tags it with; the
        result comes back in the request's meta and the pipeline uses it
        when its plan and tree are still these. ``None`` when nothing
        extracts the page, or while the site's tree may still come.
        """
        if not self.extracting or skips(meta):
            return None
        try:
            page = page_plan(self.config, meta.get("webclean"), meta.get("webclean_extractor"), site)
        except WebcleanError:
            return None  # the item says why
        tree = None
        if self.trees is not None:
            settled, tree = self.trees.tree_now(site)
            if not settled:
                return None
        return self.extraction_plan(page), tree

    # -- what was extracted ahead of the pipeline -----------------------------

    def learned(self, urls: list[str], values: list[dict[str, Any] | None], plan: ExtractionPlan,
                tree: TreeEntry) -> None:
        """Keep what a learning job extracted from its samples (at ``urls``) with ``tree``."""
        for url, extracted in zip(urls, values):
            if extracted is not None:
                self._learned[url] = Extracted(plan, tree.key, extracted)
        while len(self._learned) > MAX_LEARNED:
            self._learned.popitem(last=False)

    def extracted(self, source: PageSource, plan: ExtractionPlan, tree: TreeEntry | None) -> dict[str, Any] | None:
        """The values of ``source``'s page extracted already with ``plan``
        and ``tree``: from the parse that tagged the page or (for a sample
        of the site) the one that learned the site's tree; else ``None``."""
        found = source.extracted
        if (found is None or not found.is_for(plan, tree)) and tree is not None:
            found = self._learned.pop(source.url, None)
        return found.values if found is not None and found.is_for(plan, tree) else None
