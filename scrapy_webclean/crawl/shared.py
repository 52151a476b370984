"""The shared mode of a crawl's :class:`~scrapy_webclean.crawl.trees.SiteTrees`.

With ``WEBCLEAN_SST_STORE`` (or scrapy-redis's ``REDIS_URL``) naming a Redis
server, the crawler processes of a distributed crawl learn each site's tree
once between them (see :mod:`scrapy_webclean._treestore` for what Redis
holds):

1. On a site's first page a process asks the store for its tree; a
   published tree is loaded (in a worker, checked field by field).
2. Otherwise the process pushes the site's content pages to the shared
   sample (at most ``WEBCLEAN_SST_MIN_PAGES``, from every process). The
   process whose push completes it, or any process that finds it complete
   and unlocked, takes the site's lock (expiry ``WEBCLEAN_SST_LOCK_TIMEOUT``,
   renewed while it learns), learns the tree and publishes it once.
3. Every process polls the store for the sites it waits on (every
   :data:`TICK` once their sample is complete, every :data:`SAMPLING_POLL`
   while it is not) and loads the tree as soon as it is published; a process also rechecks the versions of
   the trees it holds, and loads a newer one without restarting.

When Redis cannot be reached the process says so once, counts it
(``webclean/sst/store_down``) and learns the sites it is sampling from its
own samples, as with files; it checks the server every few seconds and,
once it answers, rejoins (``webclean/sst/store_rejoined``), publishing the
trees it learned alone when no other is published. A tree in the store
that is not valid (corrupt, of another format version, not a tree) is
refused (``webclean/sst/store_refused``) and the site is learned by the
process alone.
"""

from __future__ import annotations

import logging
import time
from collections import OrderedDict
from collections.abc import Coroutine
from typing import TYPE_CHECKING, Any, Protocol

from twisted.internet import task

from .._treestore import RedisTreeStore, StoreDown
from ..errors import WebcleanError
from ..workers.jobs import LearnedTree, learn_shared_tree, load_shared_tree
from ..workers.pool import TREE_PRIORITY
from .plans import site_affinity

if TYPE_CHECKING:
    from scrapy.crawler import Crawler
    from scrapy.statscollectors import StatsCollector

    from ..settings import WebcleanConfig
    from ..workers.pool import WorkerPool
    from .plans import ExtractionPlan, TreeEntry

logger = logging.getLogger(__name__)

#: Seconds between two polls of the store for the sites whose sample is
#: complete (their tree is being learned: items wait for it) ...
TICK = 0.1
#: ... and for the sites still being sampled.
SAMPLING_POLL = 0.5
#: Seconds between two checks of the versions of the trees a process holds.
REFRESH = 5.0
#: Seconds between two attempts to reach a store that is down.
RETRY = 2.0
#: A site being sampled whose shared sample has not grown for this long,
#: while this process has nothing coming, is no longer waited for.
QUIET = 2.0

#: ``(zlib-compressed body, url, HTTP charset)`` of a sampled page
Sample = tuple[bytes, str, "str | None"]


class Trees(Protocol):
    """What the shared mode needs of a crawl's site trees
    (:class:`~scrapy_webclean.crawl.trees.SiteTrees`)."""

    crawler: Crawler
    stats: StatsCollector
    config: WebcleanConfig
    #: sites whose tree is being learned or loaded
    learning: dict[str, bool]

    @property
    def pool(self) -> WorkerPool: ...
    def default_plan(self) -> ExtractionPlan | None: ...
    def sample_ready(self, site: str) -> None: ...
    def nothing_coming(self) -> bool: ...
    def spawn(self, site: str, job: Coroutine[Any, Any, None]) -> None: ...
    def keep(self, site: str, cleaner: Any) -> TreeEntry: ...
    def failed(self, site: str, exc: Exception) -> None: ...
    def learned(self, site: str, samples: list[Sample], learned: LearnedTree, plan: ExtractionPlan | None,
                where: str) -> None: ...


class _Site:
    """A site whose tree is still to come from the store."""

    __slots__ = ("pending", "count", "grew")

    def __init__(self) -> None:
        self.pending = False  # the sample is complete: a learner has it, or will
        self.count = 0
        self.grew = time.monotonic()


class SharedTrees:
    """The store side of one crawl's site style trees."""

    def __init__(self, trees: Trees, url: str) -> None:
        self.trees = trees
        self.stats = trees.stats
        self.min_pages = trees.config.sst_min_pages
        self.store = RedisTreeStore(url, lock_timeout=trees.config.sst_lock_timeout, max_samples=self.min_pages,
                                    max_page_bytes=trees.config.maxsize or (64 << 20))
        self.up = True
        self._bound = 10 * trees.config.sst_max_domains
        self._open: OrderedDict[str, _Site] = OrderedDict()  # sites waiting on the store
        self._seen: OrderedDict[str, None] = OrderedDict()  # sites looked up
        self.versions: dict[str, int | None] = {}  # held trees: version in the store (None: ours alone)
        self._refused: dict[str, int] = {}  # site -> version of a tree refused
        self._locks: dict[str, Any] = {}
        self._unpublished: dict[str, bytes] = {}
        self._extended = self._refreshed = self._retried = self._polled = 0.0
        self._loop: task.LoopingCall | None = None

    # -- the crawl's life ---------------------------------------------------

    def start(self) -> None:
        self._loop = task.LoopingCall(self.tick)
        self._loop.start(TICK, now=False).addErrback(
            lambda f: logger.error("webclean: the site style tree store loop failed: %s", f.getErrorMessage(),
                                   extra={"crawler": self.trees.crawler}))

    def stop(self) -> None:
        if self._loop is not None and self._loop.running:
            self._loop.stop()
        for site, lock in list(self._locks.items()):
            self._guard(self.store.release, lock)
        self._locks.clear()
        self.stats.set_value("webclean/sst/store_round_trips", self.store.round_trips)
        self.store.close()

    def _guard(self, fn: Any, *args: Any) -> Any:
        """``fn(*args)``; ``None`` when the store is down (and said so)."""
        if not self.up:
            return None
        try:
            return fn(*args)
        except StoreDown as exc:
            self.down(exc)
            return None

    def down(self, exc: Exception) -> None:
        """Go on alone: learn the open sites from this process's samples."""
        if not self.up:
            return
        self.up = False
        self._retried = time.monotonic()
        self.stats.inc_value("webclean/sst/store_down")
        logger.warning("webclean: site style tree store unreachable (%s): learning site trees in this "
                       "process until it is back", exc, extra={"crawler": self.trees.crawler})
        self._locks.clear()  # they expire by themselves
        opened, self._open = self._open, OrderedDict()
        for site in opened:
            self.trees.sample_ready(site)

    def _rejoin(self) -> None:
        self.up = True
        self.stats.inc_value("webclean/sst/store_rejoined")
        logger.warning("webclean: site style tree store %s is back: sharing site trees again",
                       self.store.where, extra={"crawler": self.trees.crawler})
        # Sites met while down are looked up again on their next page.
        self._seen = OrderedDict((s, None) for s in self._seen if s in self.versions)
        for site, data in list(self._unpublished.items()):
            found = self._guard(self.store.publish, site, data)
            if found is None:
                return
            del self._unpublished[site]
            version, ours = found
            self.versions[site] = version if ours else None
            if ours:
                self.stats.inc_value("webclean/sst/store_published")

    # -- what the site trees ask ------------------------------------------

    def is_open(self, site: str) -> bool:
        """Whether ``site``'s tree is to come from the store (sampled or being learned)."""
        return site in self._open

    def shares(self, site: str) -> bool:
        """Whether ``site``'s samples go to the store (else: this process learns it)."""
        return self.up and site in self._open and not self._open[site].pending

    def waits(self, site: str, sampling: bool) -> bool:
        """Whether an item of ``site`` should wait for the store."""
        state = self._open.get(site)
        if state is None or not self.up:
            return False
        if state.pending:
            return True
        return sampling and (time.monotonic() - state.grew < QUIET or not self.trees.nothing_coming())

    def see(self, site: str) -> None:
        """A page of ``site``, which has no tree here: look it up once."""
        if site in self._seen or site in self._open or not self.up or site in self._refused:
            return
        self._seen[site] = None
        while len(self._seen) > self._bound:
            self._seen.popitem(last=False)
        versions = self._guard(self.store.versions, [site])
        if versions is None:
            return
        if versions[0] is not None:
            self.trees.spawn(site, self._fetch(site))
        else:
            self._opened(site)

    def forget(self, site: str) -> None:
        """``site``'s tree was dropped from memory: look it up again next time."""
        self._seen.pop(site, None)
        self.versions.pop(site, None)

    def _opened(self, site: str) -> _Site:
        state = self._open[site] = _Site()
        while len(self._open) > self._bound:
            self._open.popitem(last=False)
        return state

    def add(self, site: str, sample: Sample) -> None:
        """Push one of this process's samples of ``site``."""
        count = self._guard(self.store.add_sample, site, *sample)
        state = self._open.get(site)
        if count is None or state is None:
            return
        if count > state.count:
            state.count, state.grew = count, time.monotonic()
        if count >= self.min_pages:
            state.pending = True
            self._try_learn(site)

    # -- learning and loading ---------------------------------------------

    def _try_learn(self, site: str) -> None:
        """Learn the site's tree here if no other process holds its lock."""
        lock = self._guard(self.store.lock, site)
        if lock is None:
            return
        try:
            published = self.store.versions([site])[0]
            samples, bad = ([], 0) if published is not None else self.store.samples(site)
        except StoreDown as exc:
            self.down(exc)
            return
        if bad:
            self.stats.inc_value("webclean/sst/store_bad_samples", bad)
            logger.warning("webclean: refused %d malformed sample(s) of %s in %s", bad, site, self.store.where,
                           extra={"crawler": self.trees.crawler})
        self._open.pop(site, None)
        if published is not None:
            self._guard(self.store.release, lock)
            self.trees.spawn(site, self._fetch(site))
        elif len(samples) < 2:  # refused ones: sample afresh
            self._guard(self.store.clear_samples, site)
            self._guard(self.store.release, lock)
            self._opened(site)
        else:
            self._locks[site] = lock
            self.trees.spawn(site, self.learn(site, samples))

    async def learn(self, site: str, samples: list[Sample]) -> None:
        """Learn ``site``'s tree from ``samples``; publish it (or keep it for
        when the store is back). Holds the site's lock when shared."""
        trees = self.trees
        lock = self._locks.get(site)
        plan = trees.default_plan()
        try:
            learned: LearnedTree = await trees.pool.run(
                learn_shared_tree, samples, plan, site, timeout=2 * trees.pool.timeout * len(samples),
                priority=TREE_PRIORITY, affinity=site_affinity(site), strict=True)
        except WebcleanError as exc:
            trees.failed(site, exc)
            if self._locks.pop(site, None) is not None:
                self._guard(self.store.clear_samples, site)
                self._guard(self.store.release, lock)
            return
        trees.learned(site, samples, learned, plan, self.store.where if lock is not None else "in this process alone")
        data = learned.data
        self.versions[site] = None
        self._locks.pop(site, None)
        found = self._guard(self.store.publish, site, data)
        if found is None:
            self._unpublished[site] = data
            return
        version, ours = found
        self.versions[site] = version if ours else None  # another tree: loaded at the next refresh
        if ours:
            self.stats.inc_value("webclean/sst/store_published")
        if lock is not None:
            self._guard(self.store.release, lock)

    async def _fetch(self, site: str) -> None:
        found = self._guard(self.store.fetch, site)
        if found is None:  # down, or deleted since: sample it
            if self.up:
                self._opened(site)
            return
        version, data = found
        try:
            cleaner = await self.trees.pool.run(load_shared_tree, data, site, priority=TREE_PRIORITY)
        except WebcleanError as exc:
            self._refused[site] = version
            while len(self._refused) > self._bound:
                del self._refused[next(iter(self._refused))]
            self.stats.inc_value("webclean/sst/store_refused")
            logger.warning("webclean: refusing the site style tree of %s in %s (version %d): %s; this process "
                           "learns the site's tree alone", site, self.store.where, version, exc,
                           extra={"crawler": self.trees.crawler})
            return
        self.stats.inc_value("webclean/sst/domains_loaded")
        self.versions[site] = version
        self.trees.keep(site, cleaner)

    # -- the loop ---------------------------------------------------------

    def tick(self) -> None:
        now = time.monotonic()
        if not self.up:
            if now - self._retried >= RETRY:
                self._retried = now
                try:
                    self.store.ping()
                except StoreDown:
                    return
                self._rejoin()
            return
        if self._locks and now - self._extended >= self.store.lock_timeout / 3:
            self._extended = now
            for site, lock in list(self._locks.items()):
                if self._guard(self.store.extend, lock) is False:
                    logger.warning("webclean: the lock on %s's tree expired while learning it", site,
                                   extra={"crawler": self.trees.crawler})
        if self._open:
            if now - self._polled >= SAMPLING_POLL:
                self._polled = now
                self._poll(list(self._open))
            else:
                self._poll([site for site, state in self._open.items() if state.pending])
        if now - self._refreshed >= REFRESH:
            self._refreshed = now
            self._refresh()

    def _poll(self, sites: list[str]) -> None:
        if not sites:
            return
        found = self._guard(self.store.poll, sites)
        for site, (version, locked, count) in zip(sites, found or ()):
            state = self._open.get(site)
            if state is None:
                continue
            if version is not None:
                del self._open[site]
                self.trees.spawn(site, self._fetch(site))
                continue
            if count > state.count:
                state.grew = time.monotonic()
            state.count = count
            if count >= self.min_pages and not locked:
                state.pending = True
                self._try_learn(site)  # the first to find it unlocked learns it
            elif count < self.min_pages and not locked:
                state.pending = False

    def _refresh(self) -> None:
        sites = [s for s in self.versions if s not in self._locks and s not in self.trees.learning]
        found = self._guard(self.store.versions, sites)
        for site, version in zip(sites, found or ()):
            if version is not None and version != self.versions.get(site) and version != self._refused.get(site):
                self.trees.spawn(site, self._fetch(site))
