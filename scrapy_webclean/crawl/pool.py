"""A crawl's worker pool: the Scrapy side of :mod:`scrapy_webclean.workers`.

:func:`crawler_pool` makes the pool the
:class:`~scrapy_webclean.crawl.coordinator.Coordinator` of a crawler owns:
sized by ``WEBCLEAN_WORKERS``, ``WEBCLEAN_TIMEOUT`` seconds per job, its
restarts counted in the crawl's stats, closed when the engine stops, and
awaited under whichever reactor the crawl runs (:func:`wait_in_reactor`).
"""

from __future__ import annotations

import weakref
from concurrent.futures import Future
from typing import TYPE_CHECKING, Any

from scrapy import signals

from ..extractors import extractor_modules
from ..workers.pool import WorkerPool

if TYPE_CHECKING:
    from scrapy.crawler import Crawler

    from ..settings import WebcleanConfig

__all__ = ["crawler_pool", "wait_in_reactor"]


async def wait_in_reactor(fut: Future[Any]) -> Any:
    """Await a job's future from a Scrapy coroutine: with asyncio it wraps
    the future; with another Twisted reactor it awaits a Deferred fired
    from the reactor thread."""
    from scrapy.utils.asyncio import is_asyncio_available

    if is_asyncio_available():
        import asyncio

        return await asyncio.wrap_future(fut)
    from twisted.internet import reactor
    from twisted.internet.defer import Deferred

    d: Deferred[Any] = Deferred()

    def done(f: Future[Any]) -> None:
        exc = f.exception()
        if exc is not None:
            reactor.callFromThread(d.errback, exc)  # type: ignore[attr-defined]
        else:
            reactor.callFromThread(d.callback, f.result())  # type: ignore[attr-defined]

    fut.add_done_callback(done)
    return await d


def crawler_pool(crawler: Crawler, config: WebcleanConfig) -> WorkerPool:
    """A new pool for ``crawler``, shared by every webclean component
    through the crawler's coordinator.

    Its workers start at once. It is closed when the engine stops, or when
    the crawler is collected (a crawl that failed before its engine started
    sends no ``engine_stopped``). Each replaced worker increments the
    ``webclean/workers/restarted`` stat and ``webclean/workers/restarted/<why>``
    (``timeout``, ``crash``: died with a job, ``lost``: found dead before
    one); each worker replaced for passing ``WEBCLEAN_WORKERS_MAX_RSS``
    ``webclean/workers/recycled``.
    """
    # The pool must not hold the crawler (its stats hold it too): the
    # crawler owns the pool, and the pool goes with it.
    crawler_ref = weakref.ref(crawler)

    def restarted(why: str) -> None:
        owner = crawler_ref()
        if owner is not None and owner.stats is not None:
            if why == "recycled":
                owner.stats.inc_value("webclean/workers/recycled")
            else:
                owner.stats.inc_value("webclean/workers/restarted")
                owner.stats.inc_value(f"webclean/workers/restarted/{why}")

    # The workers import the modules of the extractors this process registered (not a script's own).
    imports = [m for m in extractor_modules() if m != "__main__"]
    pool = WorkerPool(config.workers, config.timeout, on_restart=restarted, eager=True,
                      niceness=config.workers_niceness, max_rss=config.workers_max_rss << 20, imports=imports,
                      wait=wait_in_reactor)
    crawler.signals.connect(pool.close, signal=signals.engine_stopped, weak=False)
    weakref.finalize(crawler, pool.close)
    return pool
