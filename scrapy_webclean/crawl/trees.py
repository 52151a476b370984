"""A crawl's site style trees: sampled, learned, saved and loaded while it runs.

A site style tree (SST, Yi, Liu & Li, KDD 2003) marks what a site repeats on
every page - navigation, footers, "related" boxes - so the extractor can be
run on what is left. :class:`SiteTrees` keeps, per site (host name), a
bounded sample of its content pages as they are downloaded (zlib-compressed;
an LRU bound on the number of sites being sampled). Once a site has
``WEBCLEAN_SST_MIN_PAGES`` samples, a worker process builds its tree, saves
it under ``WEBCLEAN_SST_DIR`` and sends back the compiled cleaner; from then
on the pipeline cleans that site's pages with it. Trees saved by an earlier
crawl are loaded on first use, so the next crawl starts with them. With
``WEBCLEAN_SST_STORE`` (or scrapy-redis's ``REDIS_URL``) the processes of a
distributed crawl share the samples and trees through Redis instead, and
learn each tree once between them (:mod:`scrapy_webclean.crawl.shared`).

Items of a site whose tree is still being learned wait for it (at most
``WEBCLEAN_SST_WAIT`` seconds, and never once the downloader has nothing left
to fetch), so the first pages of a crawl are cleaned like the rest. The
crawler's coordinator holds the crawl's one :class:`SiteTrees`.
"""

from __future__ import annotations

import logging
import time
import zlib
from collections import OrderedDict
from collections.abc import Coroutine
from typing import TYPE_CHECKING, Any, Protocol

from scrapy.utils.defer import deferred_from_coro
from scrapy.utils.log import failure_to_exc_info
from twisted.python.failure import Failure

from ..errors import WebcleanError
from ..workers.jobs import LearnedTree, learn_site_tree, load_site_tree
from ..workers.pool import TREE_PRIORITY
from .plans import ExtractionPlan, TreeEntry, site_affinity
from .shared import Sample, SharedTrees
from .treefiles import TreeFiles, tree_filename

if TYPE_CHECKING:
    from scrapy.crawler import Crawler

    from ..settings import WebcleanConfig
    from ..workers.pool import WorkerPool
    from .sources import PageSource

logger = logging.getLogger(__name__)

__all__ = ["SiteTrees", "tree_filename"]

#: How often a waiting item or response checks for its tree (seconds).
_POLL = 0.02
#: Longest a response waits at tagging for its site's tree being learned or
#: loaded (seconds; never longer than WEBCLEAN_SST_WAIT).
MAX_HOLD = 5.0
#: Learning attempts per site before the crawl gives up on its tree.
_MAX_ATTEMPTS = 3
#: Sites with failed learning remembered, in multiples of WEBCLEAN_SST_MAX_DOMAINS.
_FORGET_AFTER = 10
#: zlib level for samples: level 1 gives most of the size win at little CPU.
_SAMPLE_LEVEL = 1


async def _sleep(seconds: float) -> None:
    from scrapy.utils.asyncio import is_asyncio_available

    if is_asyncio_available():
        import asyncio

        await asyncio.sleep(seconds)
        return
    from twisted.internet import reactor
    from twisted.internet.task import deferLater

    await deferLater(reactor, seconds)  # type: ignore[arg-type]



class Coordinator(Protocol):
    """What the site trees need of the crawl's
    :class:`~scrapy_webclean.crawl.coordinator.Coordinator`."""

    crawler: Crawler
    config: WebcleanConfig
    #: whether responses are tagged
    tagging: bool

    @property
    def pool(self) -> WorkerPool: ...
    def in_crawl(self) -> bool: ...
    def default_plan(self) -> ExtractionPlan | None: ...
    def add_time(self, name: str, seconds: float) -> None: ...
    def learned(self, urls: list[str], values: list[dict[str, Any] | None], plan: ExtractionPlan,
                tree: TreeEntry) -> None: ...


class SiteTrees:
    """Per-site style trees of one crawl (see the module docstring).

    The pipeline asks :meth:`tree_for`; the page-type middleware
    :meth:`hold`, :meth:`tree_now` and :meth:`sample_affinity`.
    """

    def __init__(self, coordinator: Coordinator) -> None:
        config = coordinator.config
        self.coordinator = coordinator
        self.crawler = coordinator.crawler
        self.stats = coordinator.crawler.stats
        self.config = config
        # Checked now, unless in shared mode (the trees live in the store).
        self.files = TreeFiles(self.crawler, config.sst_dir, check=not config.sst_store)
        self._samples: OrderedDict[str, list[Sample]] = OrderedDict()
        self._trees: OrderedDict[str, TreeEntry] = OrderedDict()
        #: sites whose tree is being learned or loaded
        self.learning: dict[str, bool] = {}
        self._jobs: set[Any] = set()  # their Deferreds, referenced until they end
        # Sites whose learning failed (attempts so far) and those given up
        # on: both bounded like the samples, least recently failed first
        # (a site forgotten here is simply sampled again if it comes back).
        self._given_up: OrderedDict[str, None] = OrderedDict()
        self._failures: OrderedDict[str, int] = OrderedDict()
        self._tagging = False
        self._versions = 0
        #: the shared mode (WEBCLEAN_SST_STORE), or None for files
        self.shared: SharedTrees | None = SharedTrees(self, config.sst_store) if config.sst_store else None

    @property
    def pool(self) -> WorkerPool:
        return self.coordinator.pool

    def default_plan(self) -> ExtractionPlan | None:
        """What a learning job extracts its samples with (``None``: nothing)."""
        return self.coordinator.default_plan()

    # -- the crawl's life ---------------------------------------------------

    def open(self) -> None:
        """The spider opened: find the saved trees, or start the store's loop."""
        self._tagging = self.coordinator.tagging
        if self.shared is None:
            self.files.open()
        elif self.coordinator.in_crawl():  # on its own (tests), the caller runs the store's tick
            self.shared.start()

    def close(self) -> None:
        if self.shared is not None:
            self.shared.stop()

    # -- sampling -----------------------------------------------------------

    def settled(self, site: str) -> bool:
        """Whether ``site`` has a tree, is getting one, was given up, or has one saved."""
        return (site in self._trees or site in self.learning or site in self._given_up
                or self.files.unloaded(site))

    def see_page(self, source: PageSource, status: int) -> None:
        """A response was received: a content page may become a sample of its site."""
        site = source.site
        if self.shared is not None and site and site not in self._trees and site not in self.learning:
            self.shared.see(site)
        if not site or not source.is_html or source.dont_webclean or status != 200 or self.settled(site):
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
        self.spawn(site, self._learn(site, samples) if self.shared is None else self.shared.learn(site, samples))

    def sampling(self) -> list[str]:
        """The sites being sampled, least recently sampled first."""
        return list(self._samples)

    def sample_bytes(self) -> int:
        """The (compressed) bytes of the samples held."""
        return sum(len(packed) for samples in self._samples.values() for packed, _url, _encoding in samples)

    # -- learning and loading ---------------------------------------------

    def keep(self, site: str, cleaner: Any) -> TreeEntry:
        """Serve ``cleaner`` as ``site``'s tree from now on (a fresh version)."""
        self._versions += 1
        entry = self._trees[site] = TreeEntry((site, self._versions), cleaner)
        while len(self._trees) > self.config.sst_max_domains:
            old, _ = self._trees.popitem(last=False)
            # Still on disk (in the store): it is loaded again if the site comes back.
            if self.shared is not None:
                self.shared.forget(old)
            else:
                self.files.dropped(old)
        return entry

    async def _learn(self, site: str, samples: list[Sample]) -> None:
        path = self.files.save_path(site)
        # The job also extracts the samples with the tree it makes, from the
        # parse it learns them from: their items are waiting for the tree,
        # and would otherwise each parse their page again.
        plan = self.default_plan()
        try:
            # Learning parses (and extracts) every sample: each gets the
            # per-page time limit twice. Strict affinity: the worker that
            # tagged the samples holds their parses; another one, even an
            # idle one, would parse them all again.
            learned: LearnedTree = await self.pool.run(
                learn_site_tree, samples, path, plan, site, timeout=2 * self.pool.timeout * len(samples),
                priority=TREE_PRIORITY, affinity=site_affinity(site), strict=True)
        except WebcleanError as exc:
            self.failed(site, exc)
        else:
            if learned.save_error is not None:
                self.files.save_failed(site, path, learned.save_error)
            self.learned(site, samples, learned, plan, path if path and learned.save_error is None else "not saved")

    def failed(self, site: str, exc: Exception) -> None:
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

    def given_up(self) -> list[str]:
        """The sites whose learning failed too often, least recently first."""
        return list(self._given_up)

    def learned(self, site: str, samples: list[Sample], learned: LearnedTree, plan: ExtractionPlan | None,
                where: str) -> None:
        """Keep a tree just learned, and the samples it extracted."""
        self.coordinator.add_time("sst_learn", learned.seconds)
        entry = self.keep(site, learned.cleaner)
        if plan is not None and learned.values:
            self.coordinator.learned([url for _packed, url, _encoding in samples], learned.values, plan, entry)
        self.stats.inc_value("webclean/sst/domains_learned")
        logger.info("webclean: learned the site style tree of %s from %d pages (%s)", site, len(samples),
                    where, extra={"crawler": self.crawler})

    def _start_load(self, site: str) -> None:
        """Load the site's saved tree in a worker; meanwhile the site counts as pending."""
        self.files.loading(site)
        self.spawn(site, self._load(site))

    def spawn(self, site: str, job: Coroutine[Any, Any, None]) -> None:
        """Run a learning or loading coroutine; the site is pending until it ends."""
        # Marked first: a job that needs no real wait (inline pool, Twisted
        # reactor) has already finished, and unmarked the site, on return.
        self.learning[site] = True

        async def run() -> None:
            try:
                await job
            finally:  # as soon as the job ends, however it ends
                self.learning.pop(site, None)

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
            cleaner = await self.pool.run(load_site_tree, self.files.path(site), site, priority=TREE_PRIORITY)
        except WebcleanError as exc:
            self.stats.inc_value("webclean/sst/failed")
            logger.warning("webclean: ignoring the saved site style tree of %s: %s", site, exc,
                           extra={"crawler": self.crawler})
        else:
            self.stats.inc_value("webclean/sst/domains_loaded")
            self.keep(site, cleaner)

    # -- what the pipeline and the middleware ask ----------------------------

    def nothing_coming(self) -> bool:
        """True when no download is under way that could add a sample.

        Also true when the scraper is full (waiting items hold their
        responses): downloads are paused then, and waiting longer would only
        stall the crawl.
        """
        try:
            engine = self.crawler.engine
        except RuntimeError:  # no crawl: used on its own
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
        :func:`~scrapy_webclean.workers.jobs.classify_page`'s ``keep``)."""
        return None if self.settled(site) else site_affinity(site)

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
            if site not in self.learning and (
                    not sampling or site not in self._samples or self.nothing_coming()) and (
                    self.shared is None or not self.shared.waits(site, sampling)):
                return
            await _sleep(_POLL)

    def tree_now(self, site: str) -> tuple[bool, TreeEntry | None]:
        """``(settled, entry)``: whether :meth:`tree_for` would answer ``site``
        at once with ``entry``. Not settled while a tree may still come
        (being sampled, learned or loaded, or not seen yet)."""
        entry = self._trees.get(site)
        if entry is not None:
            return True, entry
        if self.shared is not None:
            if site not in self.learning:
                self.shared.see(site)  # looks the site up in the store once
        elif self.files.unloaded(site):
            # First sight of a site with a saved tree: load it now, so the
            # site's next pages find it settled.
            self._start_load(site)
        return site in self._given_up, None

    async def tree_for(self, site: str) -> TreeEntry | None:
        """The site's tree and its key, or ``None`` when it has none.

        Waits (see the module docstring) while the site's tree is being
        sampled or learned. The key changes whenever the tree does.
        """
        _settled, entry = self.tree_now(site)  # starts loading a saved tree
        if entry is not None:
            self._trees.move_to_end(site)
            return entry
        await self._wait(site, self.config.sst_wait, sampling=True)
        return self._trees.get(site)

    def held(self) -> list[str]:
        """The sites whose tree this process holds, least recently used first."""
        return list(self._trees)
