"""Item pipeline: fill items with the clean content of the page behind them.

For each item, :class:`ExtractionPipeline` takes the page the item came from
(noted by :class:`~scrapy_webclean.spidermiddlewares.pagesource.PageSourceMiddleware`),
runs ``WEBCLEAN_EXTRACTOR`` over it in the worker pool (``WEBCLEAN_WORKERS``
processes, ``WEBCLEAN_TIMEOUT`` seconds per page) - with the site's style
tree when the crawl has one - and fills the fields named by
``WEBCLEAN_FIELDS``. Any item type works (dicts, :class:`scrapy.Item`,
dataclasses, attrs: through itemadapter). The page, the pool and the tree
come through the crawler's coordinator (:mod:`scrapy_webclean.crawl`).

A page that fails or runs out of time is logged once and counted; its item
goes on with empty text and the reason in ``WEBCLEAN_ERROR_FIELD``, or is
dropped when ``WEBCLEAN_DROP_FAILED`` is set. Hub pages are not extracted
unless ``WEBCLEAN_EXTRACT_HUBS`` is set.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from itemadapter import ItemAdapter
from scrapy.exceptions import DropItem, NotConfigured

from .._dedup import ParagraphDedup
from .._overrides import PagePlan, page_plan
from ..crawl import ItemSources, PageSource, coordinator, site_affinity
from ..errors import ExtractionTimeout, WebcleanError
from ..settings import PAGE_FIELDS
from ..workers import EXTRACT_PRIORITY
from ..workers.jobs import extract_fields

if TYPE_CHECKING:
    from scrapy import Spider
    from scrapy.crawler import Crawler

    # typing.Self requires Python 3.11
    from typing_extensions import Self

logger = logging.getLogger(__name__)

__all__ = ["ExtractionPipeline"]

#: Page types of bodies that cannot be a page (see PageTypeMiddleware).
UNPAGE_KINDS = ("empty", "binary", "not_html")


class ExtractionPipeline:
    """Extract the page behind each item into the item's fields.

    ``process_item`` is a coroutine: the reactor keeps downloading while the
    page is extracted in a worker process.
    """

    def __init__(self, crawler: Crawler) -> None:
        self.coordinator = coord = coordinator(crawler)
        self.config = coord.config
        if not self.config.enabled:
            raise NotConfigured
        self.crawler = crawler
        self.stats = crawler.stats
        self._dedup = (ParagraphDedup(self.config.dedup_repeats, self.config.dedup_max_entries)
                       if self.config.dedup_repeats else None)
        self._warned: set[tuple[type, str]] = set()
        self._sources: ItemSources | None = None
        self._applied_sites: set[str] = set()
        coord.extracting = True
        coord.start_pool()

    @classmethod
    def from_crawler(cls, crawler: Crawler) -> Self:
        return cls(crawler)

    def open_spider(self, spider: Spider | None = None) -> None:
        # ``spider`` is optional: Scrapy >= 2.14 no longer passes it.
        self._sources = self.coordinator.sources
        if self._sources is None:
            logger.warning(
                "ExtractionPipeline is enabled but PageSourceMiddleware is not: items pass through"
                " unextracted. Enable both with ADDONS = {'scrapy_webclean.Addon': 100}.",
                extra={"crawler": self.crawler})

    async def process_item(self, item: Any, spider: Spider | None = None) -> Any:
        source = self._sources.pop(item) if self._sources is not None else None
        if source is None:
            self.stats.inc_value("webclean/items/skipped/no_page")
            return item
        if source.dont_webclean:
            self.stats.inc_value("webclean/items/skipped/dont_webclean")
            return item
        if not source.is_html:
            self.stats.inc_value("webclean/items/skipped/not_html")
            return item
        adapter = ItemAdapter(item)
        try:
            plan = page_plan(self.config, source.webclean, source.extractor, source.site)
        except WebcleanError as exc:
            return self._fail(item, adapter, source, "failed", str(exc))
        page_values = {"url": source.url, "page_type": source.page_type, "page_score": source.page_score}
        missing = [plan.fields[name] for name in PAGE_FIELDS
                   if name in plan.fields and not self._set(adapter, plan.fields[name], page_values[name])]
        if source.page_type == "hub" and not self.config.extract_hubs:
            self._undeclared(adapter, missing)
            self.stats.inc_value("webclean/items/skipped/hub")
            return item
        if source.page_type in UNPAGE_KINDS:
            # An HTML response whose body is empty, binary or not HTML.
            self._undeclared(adapter, missing)
            self.stats.inc_value(f"webclean/items/skipped/{source.page_type}")
            return item
        return await self._extract(item, adapter, source, plan, missing)

    async def _extract(self, item: Any, adapter: ItemAdapter, source: PageSource, page: PagePlan,
                       missing: list[str]) -> Any:
        if source.failed is not None:
            # Tagging the page ran out of time (or killed its worker):
            # extracting it would too.
            return self._fail(item, adapter, source, *source.failed, fields=page.fields)
        if self.config.maxsize and len(source.body) > self.config.maxsize:
            return self._fail(item, adapter, source, "failed",
                              f"page of {len(source.body)} bytes exceeds WEBCLEAN_MAXSIZE={self.config.maxsize}")
        coord = self.coordinator
        plan = coord.extraction_plan(page)
        trees = coord.trees
        tree = await trees.tree_for(source.site) if trees is not None else None
        # Extracted already, from the parse that tagged the page or (for a
        # sample of the site) the one that learned the site's tree.
        values = coord.extracted(source, plan, tree)
        if values is not None:
            self.stats.inc_value("webclean/items/reused_parse")
        else:
            # A page tagged while its site was sampled may still be parsed
            # on the worker that sampled it.
            affinity = site_affinity(source.site) if trees is not None and source.site else None
            try:
                values, seconds = await coord.pool.run(
                    extract_fields, source.body, source.url, source.encoding, plan.extractor, plan.options,
                    plan.outputs, tree=tree, priority=EXTRACT_PRIORITY, affinity=affinity)
            except ExtractionTimeout as exc:
                coord.add_time("extract", coord.pool.timeout)
                return self._fail(item, adapter, source, "timeout", str(exc), fields=page.fields)
            except WebcleanError as exc:
                return self._fail(item, adapter, source, "failed", str(exc), fields=page.fields)
            coord.add_time("extract", seconds)
        if tree is not None:
            self.stats.inc_value("webclean/sst/pages_cleaned")
            if source.site not in self._applied_sites:
                self._applied_sites.add(source.site)
                self.stats.inc_value("webclean/sst/domains_applied")
        return self._fill(item, adapter, source, page.fields, plan.outputs, values, missing)

    def _fill(self, item: Any, adapter: ItemAdapter, source: PageSource, fields: dict[str, str],
              outputs: tuple[str, ...], values: dict[str, Any], missing: list[str]) -> Any:
        """Fill the item with the extracted ``values`` (after dedup and the language check)."""
        if self._dedup is not None and values.get("text"):
            text, dropped = self._dedup.filter(source.site, values["text"])
            if dropped:
                values = {**values, "text": text}
                self.stats.inc_value("webclean/dedup/paragraphs_dropped", dropped)
                self.stats.inc_value("webclean/dedup/items_changed")
        if self._other_language(values.get("language")):
            if self.config.other_language == "drop":
                self.stats.inc_value("webclean/items/dropped")
                raise DropItem(f"webclean: {source.url}: language {values['language']} is not "
                               f"{', '.join(sorted(self.config.target_languages))}")
            if self.config.error_field and not self._set(adapter, self.config.error_field,
                                                         f"language {values['language']}", force=True):
                missing.append(self.config.error_field)
        filled = 0
        for name in outputs:
            if name not in fields:
                continue  # asked for the language check only
            if self._set(adapter, fields[name], values[name]):
                filled += 1
            else:
                missing.append(fields[name])
        self._undeclared(adapter, missing)
        # An item that declares none of the extracted fields got nothing.
        self.stats.inc_value("webclean/items/extracted" if filled or not outputs else "webclean/items/no_field")
        return item

    def _other_language(self, language: str | None) -> bool:
        """Whether an item's language is outside the target ones (counted per action)."""
        if not self.config.target_languages or not language:
            return False
        if language.split("-")[0] in self.config.target_languages:
            return False
        self.stats.inc_value(f"webclean/language/{'dropped' if self.config.other_language == 'drop' else 'marked'}")
        return True

    def _fail(self, item: Any, adapter: ItemAdapter, source: PageSource, kind: str, reason: str, *,
              fields: dict[str, str] | None = None) -> Any:
        """Count a page that could not be extracted; keep its item or drop it."""
        self.stats.inc_value(f"webclean/items/{kind}")
        if self.config.drop_failed:
            self.stats.inc_value("webclean/items/dropped")
            # Scrapy logs the drop with this message: the page is logged once.
            raise DropItem(f"webclean: {source.url}: {reason}")
        logger.warning("webclean: extraction %s for %s: %s", "timed out" if kind == "timeout" else "failed",
                       source.url, reason, extra={"crawler": self.crawler})
        missing = []
        text_field = (self.config.fields if fields is None else fields).get("text")
        if text_field and not self._set(adapter, text_field, ""):
            missing.append(text_field)
        if self.config.error_field and not self._set(adapter, self.config.error_field, reason, force=True):
            missing.append(self.config.error_field)
        self._undeclared(adapter, missing)
        return item

    def _set(self, adapter: ItemAdapter, field: str, value: Any, *, force: bool = False) -> bool:
        """Fill ``field``; False when the item's class does not declare it."""
        if not force and not self.config.overwrite and adapter.get(field) not in (None, ""):
            return True  # the spider filled it: the spider knows best
        try:
            adapter[field] = value
        except KeyError:
            return False
        return True

    def _undeclared(self, adapter: ItemAdapter, missing: list[str]) -> None:
        """Count the values an item had no field for; warn once per item class
        (and again only for a field not named before)."""
        if not missing:
            return
        self.stats.inc_value("webclean/fields/undeclared", len(missing))
        cls = type(adapter.item)
        new = [field for field in missing if (cls, field) not in self._warned]
        if new:
            self._warned.update((cls, field) for field in new)
            logger.warning("webclean: %s declares no field %s; those values are left out (see WEBCLEAN_FIELDS"
                           " and the webclean/fields/undeclared stat)", cls.__name__,
                           ", ".join(map(repr, new)), extra={"crawler": self.crawler})

