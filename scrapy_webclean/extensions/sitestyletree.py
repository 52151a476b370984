"""Learn each site's style tree while the crawl runs, and keep it for the next.

A site style tree (SST, Yi, Liu & Li, KDD 2003) marks what a site repeats on
every page - navigation, footers, "related" boxes - so the extractor can be
run on what is left. :class:`SiteStyleTreeExtension` keeps, per site (host
name), a bounded sample of its content pages as they are downloaded
(zlib-compressed; an LRU bound on the number of sites being sampled). Once a
site has ``WEBCLEAN_SST_MIN_PAGES`` samples, a worker process builds its tree,
saves it under ``WEBCLEAN_SST_DIR`` and sends back the compiled cleaner; from
then on :class:`~scrapy_webclean.pipelines.extraction.ExtractionPipeline`
cleans that site's pages with it. Trees saved by an earlier crawl are loaded
on first use, so the next crawl starts with them. With ``WEBCLEAN_SST_STORE``
(or scrapy-redis's ``REDIS_URL``) the processes of a distributed crawl share
the samples and trees through Redis instead, and learn each tree once
between them (:mod:`scrapy_webclean.extensions._shared`).

Items of a site whose tree is still being learned wait for it (at most
``WEBCLEAN_SST_WAIT`` seconds, and never once the downloader has nothing left
to fetch), so the first pages of a crawl are cleaned like the rest.
"""

from __future__ import annotations

import hashlib
import logging
import os
import re
import time
import zlib
from collections import OrderedDict
from pathlib import Path
from typing import TYPE_CHECKING, Any

from scrapy import signals
from scrapy.exceptions import NotConfigured
from scrapy.utils.defer import deferred_from_coro
from scrapy.utils.log import failure_to_exc_info
from twisted.python.failure import Failure
from scrapy.utils.project import data_path

from .._jobs import learn_site_tree, load_site_tree
from .._workers import TREE_PRIORITY, crawler_pool, start_crawler_pool
from ..errors import WebcleanError
from .._startup import check_sst_dir, crawler_config
from ..spidermiddlewares.pagesource import page_source
from ._shared import SharedTrees

if TYPE_CHECKING:
    from scrapy.crawler import Crawler
    from scrapy.http import Request, Response

    # typing.Self requires Python 3.11
    from typing_extensions import Self

logger = logging.getLogger(__name__)

__all__ = ["SiteStyleTreeExtension", "tree_filename"]

#: Suffix of a saved tree: ``<site>.sst``.
TREE_SUFFIX = ".sst"
_UNSAFE = re.compile(r"[^a-z0-9.-]+")
#: Longest file name stem: 255 bytes is the limit of most file systems, and
#: a save writes a temporary name a few bytes longer.
_MAX_STEM = 200
#: How often a waiting item or response checks for its tree (seconds).
_POLL = 0.02
#: Longest a response waits at tagging for its site's tree being learned or
#: loaded (seconds; never longer than WEBCLEAN_SST_WAIT).
MAX_HOLD = 5.0
#: Learning attempts per site before the crawl gives up on its tree.
_MAX_ATTEMPTS = 3
#: Sites with failed learning remembered, in multiples of WEBCLEAN_SST_MAX_DOMAINS.
_FORGET_AFTER = 10
#: Pages whose extraction by a learning job is kept for their items (the
#: items are normally waiting already; this bounds what is never claimed).
_MAX_EXTRACTED = 1000
#: zlib level for samples: level 1 gives most of the size win at little CPU.
_SAMPLE_LEVEL = 1


def tree_filename(site: str) -> str:
    """The file name a site's tree is saved under (``www.bbc.com.sst``).

    One name per site: a character other than ``a-z 0-9 . -`` becomes
    ``_`` and the hex of its UTF-8 bytes (``a_b.test`` gives
    ``a_5fb.test.sst``, ``::1`` gives ``_3a_3a1.sst``), and a name too long
    for a file system ends in a hash of the whole site name instead.
    """
    name = _UNSAFE.sub(lambda m: "".join(f"_{b:02x}" for b in m.group().encode("utf-8", "surrogatepass")),
                       site) or "_"
    if len(name) > _MAX_STEM:
        name = name[: _MAX_STEM - 17] + "~" + hashlib.sha256(site.encode("utf-8", "surrogatepass")).hexdigest()[:16]
    return name + TREE_SUFFIX


def _stem(site: str) -> str:
    """The saved tree's file name without its suffix (what ``_on_disk`` holds)."""
    return tree_filename(site)[: -len(TREE_SUFFIX)]


def _affinity(site: str) -> tuple[str, str]:
    """The worker pool affinity of a site's sampled pages and of its learning job."""
    return ("sst-samples", site)


async def _sleep(seconds: float) -> None:
    from scrapy.utils.asyncio import is_asyncio_available

    if is_asyncio_available():
        import asyncio

        await asyncio.sleep(seconds)
        return
    from twisted.internet import reactor
    from twisted.internet.task import deferLater

    await deferLater(reactor, seconds)  # type: ignore[arg-type]


class SiteStyleTreeExtension:
    """Per-site style trees: sampled, learned, saved and loaded during a crawl.

    The pipeline finds it with ``crawler.get_extension(SiteStyleTreeExtension)``
    and asks :meth:`tree_for`.
    """

    def __init__(self, crawler: Crawler) -> None:
        config = crawler_config(crawler)
        if not config.enabled or not config.sst_enabled:
            raise NotConfigured
        self.crawler = crawler
        self.stats = crawler.stats
        self.config = config
        self.directory = Path(data_path(config.sst_dir))
        if not config.sst_store:  # shared mode: trees live in the store
            check_sst_dir(crawler, self.directory)
        self._samples: OrderedDict[str, list[tuple[bytes, str, str | None]]] = OrderedDict()
        self._trees: OrderedDict[str, tuple[tuple[str, int], Any]] = OrderedDict()
        self._learning: dict[str, bool] = {}  # sites whose tree is being learned or loaded
        self._jobs: set[Any] = set()  # their Deferreds, referenced until they end
        # Sites whose learning failed (attempts so far) and those given up
        # on: both bounded like the samples, least recently failed first
        # (a site forgotten here is simply sampled again if it comes back).
        self._given_up: OrderedDict[str, None] = OrderedDict()
        self._failures: OrderedDict[str, int] = OrderedDict()
        self._tagging = False
        self._on_disk: set[str] = set()
        self._saving = True  # False once WEBCLEAN_SST_DIR turned out unwritable
        self._save_failures = 0
        self._versions = 0
        #: page URL -> (plan key, values): samples the learning job extracted
        #: with the tree it made (see :meth:`extracted`)
        self._extracted: OrderedDict[str, tuple[tuple[Any, ...], dict[str, Any]]] = OrderedDict()
        self._pipeline: Any = None
        #: the shared mode (WEBCLEAN_SST_STORE), or None for files
        self.shared: SharedTrees | None = SharedTrees(self, config.sst_store) if config.sst_store else None
        crawler.signals.connect(self.spider_opened, signal=signals.spider_opened)
        crawler.signals.connect(self.spider_closed, signal=signals.spider_closed)
        crawler.signals.connect(self.response_received, signal=signals.response_received)
        start_crawler_pool(crawler)

    @classmethod
    def from_crawler(cls, crawler: Crawler) -> Self:
        return cls(crawler)

    # -- signals -----------------------------------------------------------

    def spider_opened(self, spider: Any = None) -> None:
        from ..downloadermiddlewares.pagetype import PageTypeMiddleware

        self._tagging = self.crawler.get_downloader_middleware(PageTypeMiddleware) is not None
        self.pool = crawler_pool(self.crawler)
        if self.shared is None:
            self._open_directory()
        from ..pipelines.extraction import ExtractionPipeline

        try:
            self._pipeline = self.crawler.get_item_pipeline(ExtractionPipeline)
        except RuntimeError:  # no engine: the extension is used on its own
            self._pipeline = None
        else:
            if self.shared is not None:  # on its own (tests), the caller runs the store's tick
                self.shared.start()

    def spider_closed(self, spider: Any = None) -> None:
        if self.shared is not None:
            self.shared.stop()

    def _open_directory(self) -> None:
        """Find the saved trees. ``WEBCLEAN_SST_DIR`` was checked when the
        extension was built (see :func:`~scrapy_webclean._startup.check_sst_dir`);
        should it have become unusable since (removed, its mount gone
        read-only), trees are learned in memory and not saved: said once,
        and counted in ``webclean/sst/dir_unusable``."""
        try:
            self.directory.mkdir(parents=True, exist_ok=True)
            self._on_disk = {p.name[: -len(TREE_SUFFIX)] for p in self.directory.glob("*" + TREE_SUFFIX)}
            self._saving = os.access(self.directory, os.W_OK | os.X_OK)
            why = None if self._saving else "not writable"
        except OSError as exc:
            self._saving = False
            self._on_disk = set()
            why = exc.strerror or str(exc)
        if why is not None:
            self.stats.set_value("webclean/sst/dir_unusable", 1)
            logger.error("webclean: cannot use WEBCLEAN_SST_DIR %s (%s): site style trees are learned in memory"
                         " for this crawl and not saved", self.directory, why, extra={"crawler": self.crawler})

    def response_received(self, response: Response, request: Request, **kwargs: Any) -> None:
        source = page_source(response, request.meta)
        site = source.site
        if self.shared is not None and site and site not in self._trees and site not in self._learning:
            self.shared.see(site)
        if (not site or not source.is_html or source.dont_webclean or response.status != 200
                or site in self._trees or site in self._learning or site in self._given_up
                or _stem(site) in self._on_disk):
            return
        # Content pages make the samples: the tree is for cleaning them. With
        # tagging on, an untagged page is one it refused (too large, failed).
        if source.page_type != "content" and (self._tagging or source.page_type is not None):
            return
        if self.config.maxsize and len(source.body) > self.config.maxsize:
            return
        samples = self._samples.get(site)
        if samples is None:
            samples = self._samples[site] = []
            while len(self._samples) > self.config.sst_max_domains:
                dropped, _ = self._samples.popitem(last=False)
                self.stats.inc_value("webclean/sst/domains_evicted")
                logger.debug("webclean: stopped sampling %s (WEBCLEAN_SST_MAX_DOMAINS)", dropped)
        self._samples.move_to_end(site)
        samples.append((zlib.compress(source.body, _SAMPLE_LEVEL), source.url, source.encoding))
        if self.shared is not None and self.shared.up and self.shared.is_open(site):
            # Kept here too, for learning alone if the store goes down.
            del samples[:-self.config.sst_min_pages]
            if self.shared.shares(site):
                self.shared.add(site, samples[-1])
            return
        self.sample_ready(site)

    def sample_ready(self, site: str) -> None:
        """Learn ``site``'s tree from this process's samples if there are enough."""
        samples = self._samples.get(site)
        if samples is None or len(samples) < self.config.sst_min_pages:
            return
        del self._samples[site]
        self._spawn(site, self._learn(site, samples) if self.shared is None else self.shared.learn(site, samples))

    # -- learning and loading ---------------------------------------------

    def _key(self, site: str) -> tuple[str, int]:
        # A fresh version per tree: a worker holding an older tree of the
        # same site is sent the new one.
        self._versions += 1
        return (site, self._versions)

    def _keep(self, site: str, cleaner: Any) -> tuple[tuple[str, int], Any]:
        entry = self._trees[site] = (self._key(site), cleaner)
        while len(self._trees) > self.config.sst_max_domains:
            old, _ = self._trees.popitem(last=False)
            # Still on disk (in the store): it is loaded again if the site comes back.
            if self.shared is not None:
                self.shared.forget(old)
            else:
                self._on_disk.add(_stem(old))
        return entry

    async def _learn(self, site: str, samples: list[tuple[bytes, str, str | None]]) -> None:
        path = str(self.directory / tree_filename(site)) if self._saving else None
        # The job also extracts the samples with the tree it makes, from the
        # parse it learns them from: their items are waiting for the tree,
        # and would otherwise each parse their page again.
        plan = self._pipeline.default_plan() if self._pipeline is not None else None
        try:
            # Learning parses (and extracts) every sample: each gets the
            # per-page time limit twice. Strict affinity: the worker that
            # tagged the samples holds their parses; another one, even an
            # idle one, would parse them all again.
            cleaner, seconds, values, save_error = await self.pool.run(
                learn_site_tree, samples, path, plan, site, timeout=2 * self.pool.timeout * len(samples),
                priority=TREE_PRIORITY, affinity=_affinity(site), strict=True)
        except WebcleanError as exc:
            self._failed(site, exc)
        else:
            if save_error is not None:
                self._save_failed(site, path, save_error)
            self._learned(site, samples, cleaner, seconds, values, plan,
                          path if path and save_error is None else "not saved")

    def _failed(self, site: str, exc: Exception) -> None:
        """A learning job failed: sample afresh (a bad sample should not
        cost the site its tree), up to ``_MAX_ATTEMPTS`` times."""
        self._failures[site] = failures = self._failures.pop(site, 0) + 1
        if failures >= _MAX_ATTEMPTS:
            self._given_up[site] = None
            del self._failures[site]
        bound = _FORGET_AFTER * self.config.sst_max_domains
        for table in (self._failures, self._given_up):
            while len(table) > bound:
                table.popitem(last=False)
        self.stats.inc_value("webclean/sst/failed")
        logger.warning("webclean: could not learn the site style tree of %s (attempt %d of %d): %s", site,
                       failures, _MAX_ATTEMPTS, exc, extra={"crawler": self.crawler})

    def _learned(self, site: str, samples: list[tuple[bytes, str, str | None]], cleaner: Any, seconds: float,
                 values: list[Any] | None, plan: Any, where: str) -> None:
        """Keep a tree just learned, and the samples it extracted."""
        self.stats.inc_value("webclean/time/sst_learn", seconds)
        entry = self._keep(site, cleaner)
        if plan is not None and values:
            key = self._pipeline.plan_key(plan[0], plan[1], entry)
            for (_packed, url, _encoding), extracted in zip(samples, values):
                if extracted is not None:
                    self._extracted[url] = (key, extracted)
            while len(self._extracted) > _MAX_EXTRACTED:
                self._extracted.popitem(last=False)
        self.stats.inc_value("webclean/sst/domains_learned")
        logger.info("webclean: learned the site style tree of %s from %d pages (%s)", site, len(samples),
                    where, extra={"crawler": self.crawler})

    def _save_failed(self, site: str, path: str | None, why: str) -> None:
        """A learned tree could not be saved: it is used all the same. The
        first failure is a warning, the next ones are counted only."""
        self._save_failures += 1
        self.stats.inc_value("webclean/sst/save_failed")
        level = logging.WARNING if self._save_failures == 1 else logging.DEBUG
        logger.log(level, "webclean: could not save the site style tree of %s to %s (%s); it is used for this"
                   " crawl (further failed saves are counted in webclean/sst/save_failed)", site, path, why,
                   extra={"crawler": self.crawler})

    def _start_load(self, site: str) -> None:
        """Load the site's saved tree in a worker; meanwhile the site counts as pending."""
        self._on_disk.discard(_stem(site))
        self._spawn(site, self._load(site))

    def _spawn(self, site: str, job: Any) -> None:
        """Run a learning or loading coroutine; the site is pending until it ends."""
        # Marked first: a job that needs no real wait (inline pool, Twisted
        # reactor) has already finished, and unmarked the site, on return.
        self._learning[site] = True

        async def run() -> None:
            try:
                await job
            finally:  # as soon as the job ends, however it ends
                self._learning.pop(site, None)

        d = deferred_from_coro(run())
        self._jobs.add(d)

        def done(result: Any) -> None:
            self._jobs.discard(d)
            if isinstance(result, Failure):
                logger.error("webclean: site style tree job for %s failed", site,
                             exc_info=failure_to_exc_info(result), extra={"crawler": self.crawler})

        d.addBoth(done)

    async def _load(self, site: str) -> None:
        try:
            cleaner = await self.pool.run(load_site_tree, str(self.directory / tree_filename(site)), site,
                                          priority=TREE_PRIORITY)
        except WebcleanError as exc:
            self.stats.inc_value("webclean/sst/failed")
            logger.warning("webclean: ignoring the saved site style tree of %s: %s", site, exc,
                           extra={"crawler": self.crawler})
        else:
            self.stats.inc_value("webclean/sst/domains_loaded")
            self._keep(site, cleaner)

    def _nothing_coming(self) -> bool:
        """True when no download is under way that could add a sample.

        Also true when the scraper is full (waiting items hold their
        responses): downloads are paused then, and waiting longer would only
        stall the crawl.
        """
        try:
            engine = self.crawler.engine
        except RuntimeError:  # no crawl: the extension is used on its own
            return True
        if engine is None:
            return True
        if engine.downloader.active:
            return False
        scraper_slot = getattr(getattr(engine, "scraper", None), "slot", None)
        if scraper_slot is not None and scraper_slot.needs_backout():
            return True
        scheduler = getattr(engine, "scheduler", None)
        try:
            return scheduler is None or not scheduler.has_pending_requests()
        except Exception:  # noqa: BLE001 - a shared scheduler (scrapy-redis) whose server is down
            return True

    def sample_affinity(self, site: str) -> tuple[str, str] | None:
        """The pool affinity of the tagging jobs of ``site`` while its pages
        may still become samples, else ``None``: the learning job runs where
        they ran, and reuses their parses (see
        :func:`~scrapy_webclean._jobs.classify_page`'s ``keep``)."""
        if (site in self._trees or site in self._learning or site in self._given_up
                or _stem(site) in self._on_disk):
            return None
        return _affinity(site)

    @staticmethod
    def site_affinity(site: str) -> tuple[str, str]:
        """The pool affinity of the jobs of ``site`` that may find one of its
        pages kept parsed where the site was sampled (its learning job, and
        the extraction of a page tagged while the site was sampled)."""
        return _affinity(site)

    def extracted(self, url: str) -> tuple[tuple[Any, ...], dict[str, Any]] | None:
        """``(plan key, values)`` when the learning job extracted the page at
        ``url`` (one of its samples) with the site's tree, else ``None``.
        The pipeline uses the values when the plan key is its own."""
        return self._extracted.pop(url, None)

    async def hold(self, site: str) -> None:
        """Wait while a job is learning or loading ``site``'s tree (at most
        :data:`MAX_HOLD` seconds, or ``WEBCLEAN_SST_WAIT`` if shorter).

        The tagging middleware calls this first: a page tagged once the tree
        is there is tagged and extracted with it from one parse, while a
        page tagged just before would be parsed again for its extraction
        (its item waits for the tree all the same). Loading a saved tree
        starts here on a site's first page. Returns at once for a site
        still being sampled, or settled.
        """
        self.tree_now(site)
        await self._wait(site, min(MAX_HOLD, self.config.sst_wait), sampling=False)

    async def _wait(self, site: str, seconds: float, *, sampling: bool) -> None:
        """Wait at most ``seconds`` while a job learns or loads ``site``'s
        tree; with ``sampling``, also while the site is being sampled and
        pages that could complete its sample may still come."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if site not in self._learning and (
                    not sampling or site not in self._samples or self._nothing_coming()) and (
                    self.shared is None or not self.shared.waits(site, sampling)):
                return
            await _sleep(_POLL)

    def tree_now(self, site: str) -> tuple[bool, tuple[tuple[str, int], Any] | None]:
        """``(settled, entry)``: whether :meth:`tree_for` would answer ``site``
        at once with ``entry``. Not settled while a tree may still come
        (being sampled, learned or loaded, or not seen yet)."""
        entry = self._trees.get(site)
        if entry is not None:
            return True, entry
        if self.shared is not None:
            if site not in self._learning:
                self.shared.see(site)  # looks the site up in the store once
        elif _stem(site) in self._on_disk:
            # First sight of a site with a saved tree: load it now, so the
            # site's next pages find it settled.
            self._start_load(site)
        return site in self._given_up, None

    async def tree_for(self, site: str) -> tuple[tuple[str, int], Any] | None:
        """``(key, compiled tree)`` for ``site``, or ``None`` when it has none.

        Waits (see the module docstring) while the site's tree is being
        sampled or learned. The key changes whenever the tree does.
        """
        _settled, entry = self.tree_now(site)  # starts loading a saved tree
        if entry is not None:
            self._trees.move_to_end(site)
            return entry
        await self._wait(site, self.config.sst_wait, sampling=True)
        return self._trees.get(site)
