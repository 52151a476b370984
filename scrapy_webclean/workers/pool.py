"""A pool of worker processes that runs page jobs with a time limit.

Extraction is CPU-bound lxml and Python work: run in the reactor thread it
stalls downloads, and threads do not help under the GIL. :class:`WorkerPool`
keeps ``size`` worker processes, each driven by one thread of the parent that
sends it a job over a pipe and waits (without holding the GIL) for the answer.
Jobs wait in a priority queue. A worker that does not answer within
``timeout`` seconds is killed and replaced by a fresh process, so one pathological page costs one time limit,
never a blocked pool. ``size=0`` runs jobs inline, in the caller's thread,
without a time limit (for debugging and small tests).

Site style trees travel to a worker once per (site, version): the worker
keeps a small LRU of the trees it was sent, and answers ``need_tree`` when a
job names one it no longer holds.

The awaitable :meth:`WorkerPool.run` awaits a job's future with the pool's
``wait`` (asyncio's by default; a crawl's pool is given one that works under
every reactor Scrapy supports, see :mod:`scrapy_webclean.crawl.pool`). This
package imports nothing of Scrapy.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
import logging
import threading
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Hashable, Sequence
from concurrent.futures import Future
from dataclasses import dataclass
from typing import Any

from ..errors import ExtractionTimeout, WebcleanError
from .process import _EXIT_GRACE, JobError, WorkerCrashed, _rss, _Worker, worker_imports

logger = logging.getLogger(__name__)

__all__ = ["EXTRACT_PRIORITY", "TAG_PRIORITY", "TREE_PRIORITY", "JobError", "WorkerCrashed", "WorkerPool"]

#: Job priorities (lowest first). A site's tree goes first: its waiting
#: items need it, and every page of the site tagged once it is there is
#: extracted by its tagging job, from the same parse (a page tagged before
#: is parsed again). A response waits for its tagging before it reaches the
#: spider (and counts against CONCURRENT_REQUESTS meanwhile); an extraction
#: holds only its own item.
TREE_PRIORITY = -1
TAG_PRIORITY = 0
EXTRACT_PRIORITY = 1
#: Affinity keys remembered (least recently used forgotten first).
_MAX_PINS = 4096


@dataclass(slots=True)
class _Job:
    fn: Callable[..., Any]
    args: tuple[Any, ...]
    kwargs: dict[str, Any]
    tree: tuple[Hashable, Any] | None
    timeout: float
    future: Future[Any]
    strict: bool = False


class WorkerPool:
    """Run ``fn(*args, **kwargs)`` jobs in ``size`` processes, ``timeout`` s each.

    ``fn`` must be a module-level function (it is pickled by name). Results
    come back through :meth:`run` (awaitable), :meth:`submit` (a future) or
    :meth:`call` (blocking). A job that runs out of time raises
    :class:`~scrapy_webclean.errors.ExtractionTimeout`, one that raises in
    the worker a :class:`JobError`, a worker that dies :class:`WorkerCrashed`;
    the pool stays usable after each. ``restarts`` counts replaced workers.

    Waiting jobs run lowest ``priority`` first, then in order of arrival:
    a response waits for its page-type job before it reaches the spider, so
    those jobs go before extraction jobs, which hold only an item. Jobs
    given the same ``affinity`` go to the same worker (sites take the
    workers in turn) unless another worker would idle: a site's sampled
    pages are tagged, and kept parsed, where its tree will be learned. A
    ``strict`` job waits for its own worker even then: the job that learns
    a site's tree would parse every sample again anywhere else. Each worker
    imports the modules ``imports`` names when it starts (those of the
    extractors registered outside this package).
    """

    def __init__(self, size: int, timeout: float, *, on_restart: Callable[[str], None] | None = None,
                 eager: bool = False, niceness: int = 0, max_rss: int = 0, imports: Sequence[str] = (),
                 wait: Callable[[Future[Any]], Awaitable[Any]] | None = None) -> None:
        if size < 0:
            raise ValueError("size must be >= 0")
        self.size = size
        self.timeout = timeout
        self.restarts = 0
        #: bytes of resident memory past which a worker is replaced after its job (0: never)
        self.max_rss = max_rss
        self.recycled = 0
        self._on_restart = on_restart
        self._wait: Callable[[Future[Any]], Awaitable[Any]] = wait or asyncio.wrap_future
        self._closed = False
        self._lock = threading.Lock()
        self._workers: list[_Worker] = []
        # Waiting jobs: one heap all threads take from, and one per thread
        # for jobs pinned to its worker (see ``affinity``); a thread takes
        # the first job of the two by (priority, arrival).
        self._ready = threading.Condition()
        self._shared: list[tuple[float, int, _Job]] = []
        self._pinned: list[list[tuple[float, int, _Job]]] = [[] for _ in range(size)]
        self._pins: OrderedDict[Hashable, int] = OrderedDict()
        self._busy = [False] * size  # each thread: running a job
        self._stopping = False
        self._order = itertools.count()
        self._slots = itertools.count()
        self._eager = eager
        self.niceness = niceness
        # Modules each worker imports when it starts: those of extractors registered outside this package.
        self._imports = worker_imports(list(imports))
        # One thread per worker: it sends the worker a job and waits for the
        # answer; the worker process starts with the thread when ``eager``
        # (a fresh interpreter takes about a tenth of a second to be ready,
        # which a crawl's first page should not wait for), else on the
        # thread's first job.
        self._threads = [threading.Thread(target=self._drive, args=(n,), name=f"webclean-{n}", daemon=True)
                         for n in range(size)]
        for thread in self._threads:
            thread.start()

    # -- running jobs ---------------------------------------------------

    def call(self, fn: Callable[..., Any], *args: Any, tree: tuple[Hashable, Any] | None = None,
             timeout: float | None = None, priority: float = 0, affinity: Hashable | None = None,
             strict: bool = False, **kwargs: Any) -> Any:
        """Run one job and return its result (blocks the calling thread).

        ``tree`` is ``(key, site_tree)``: the job gets ``site_tree=`` that
        object; a worker is sent it only when it does not hold ``key`` yet.
        ``timeout`` overrides the pool's time limit for this job. Jobs with
        the same ``affinity`` (any hashable) run on the same worker, so one
        can use what an earlier one left in that process; a ``strict`` one
        runs nowhere else, even when another worker is idle.
        """
        if self.size == 0:
            if tree is not None:
                kwargs["site_tree"] = tree[1]
            return fn(*args, **kwargs)
        return self.submit(fn, *args, tree=tree, timeout=timeout, priority=priority, affinity=affinity,
                           strict=strict, **kwargs).result()

    def submit(self, fn: Callable[..., Any], *args: Any, tree: tuple[Hashable, Any] | None = None,
               timeout: float | None = None, priority: float = 0, affinity: Hashable | None = None,
               strict: bool = False, **kwargs: Any) -> Future[Any]:
        """Queue a job; a :class:`concurrent.futures.Future` of its result."""
        fut: Future[Any] = Future()
        if self.size == 0:
            try:
                fut.set_result(self.call(fn, *args, tree=tree, **kwargs))
            except Exception as exc:
                fut.set_exception(exc)
            return fut
        if self._closed:
            raise WebcleanError("the worker pool is closed")
        job = _Job(fn, args, kwargs, tree, timeout or self.timeout, fut, strict)
        with self._ready:
            entry = (priority, next(self._order), job)
            heapq.heappush(self._shared if affinity is None else self._pinned[self._pin(affinity)], entry)
            self._ready.notify_all()
        return fut

    def _pin(self, affinity: Hashable) -> int:
        """The worker slot of ``affinity``: kept while in use, new keys
        spread over the slots in turn (called under ``_ready``)."""
        slot = self._pins.get(affinity)
        if slot is None:
            slot = self._pins[affinity] = next(self._slots) % self.size
            while len(self._pins) > _MAX_PINS:
                self._pins.popitem(last=False)
        else:
            self._pins.move_to_end(affinity)
        return slot

    async def run(self, fn: Callable[..., Any], *args: Any, tree: tuple[Hashable, Any] | None = None,
                  timeout: float | None = None, priority: float = 0, affinity: Hashable | None = None,
                  strict: bool = False, **kwargs: Any) -> Any:
        """Await one job (with the pool's ``wait``; inline when ``size`` is 0)."""
        if self.size == 0:
            try:
                return self.call(fn, *args, tree=tree, **kwargs)
            except WebcleanError:
                raise
            except Exception as exc:
                raise JobError(type(exc).__name__, str(exc)[:500]) from exc
        return await self._wait(self.submit(fn, *args, tree=tree, timeout=timeout, priority=priority,
                                               affinity=affinity, strict=strict, **kwargs))

    def _next_job(self, slot: int) -> _Job | None:
        """The next job for the thread of ``slot`` (``None``: the pool closed).

        Its own pinned jobs and the shared ones first, by (priority,
        arrival); with none of those, an idle worker takes a pinned job of
        a busy one rather than wait (affinity saves work, it never idles a
        worker), unless that job is ``strict``.
        """
        mine, shared, busy = self._pinned[slot], self._shared, self._busy
        with self._ready:
            busy[slot] = False
            while True:
                if self._stopping:
                    return None
                if mine or shared:
                    source = mine if mine and (not shared or mine[0] < shared[0]) else shared
                    break
                others = [heap for n, heap in enumerate(self._pinned) if heap and busy[n] and not heap[0][2].strict]
                if others:
                    source = min(others, key=lambda heap: heap[0])
                    break
                self._ready.wait()
            busy[slot] = True
            job = heapq.heappop(source)[2]
            if mine:  # busy now with jobs pinned here still waiting: an idle worker may take them
                self._ready.notify_all()
            return job

    def _drive(self, slot: int) -> None:
        """A pool thread: run queued jobs on this thread's worker, in order."""
        worker: _Worker | None = None
        if self._eager:
            try:
                worker = self._start()
            except Exception:  # closed already, or no process could start: retried on the first job
                worker = None
        while True:
            job = self._next_job(slot)
            if job is None:
                break
            if not job.future.set_running_or_notify_cancel():
                continue
            try:
                worker, (kind, value) = self._run_on(worker, job.fn, job.args, job.kwargs, job.tree, job.timeout)
            except BaseException as exc:  # the pool closed under the job
                job.future.set_exception(exc)
                worker = None
                continue
            if kind == "raise":
                job.future.set_exception(value)
            else:
                job.future.set_result(value)

    # -- worker management ----------------------------------------------

    def _start(self) -> _Worker:
        worker = _Worker(self.niceness, self._imports)
        with self._lock:
            if self._closed:
                worker.stop(kill=True)
                raise WebcleanError("the worker pool is closed")
            self._workers.append(worker)
        return worker

    def _replace(self, worker: _Worker, why: str) -> None:
        """Kill ``worker`` (or, ``"recycled"``, stop an idle worker grown
        past ``max_rss``: its job is answered); its slot starts a fresh one
        on the next job."""
        with self._lock:
            if worker in self._workers:
                self._workers.remove(worker)
        if why == "recycled":
            worker.stop()
            self.recycled += 1
        else:
            worker.stop(kill=True)
            self.restarts += 1
        if self._on_restart is not None:
            self._on_restart(why)

    def _run_on(self, worker: _Worker | None, fn: Callable[..., Any], args: tuple[Any, ...],
                kwargs: dict[str, Any], tree: tuple[Hashable, Any] | None,
                timeout: float) -> tuple[_Worker | None, tuple[str, Any]]:
        """``(worker to reuse, ("ok", result) or ("raise", exception))``.

        A job that never reached its worker (dead before it was sent: killed
        while idle) is sent to a fresh one; a job whose worker died while it
        ran is run once more on a fresh one before it fails with
        :class:`WorkerCrashed`. A worker past ``max_rss`` after its job is
        recycled (the next job starts a fresh one).
        """
        died: str | None = None
        lost = asked = 0
        while True:
            if worker is None:
                worker = self._start()
            outcome, value = self._attempt(worker, (fn, args, kwargs), tree, timeout)
            if outcome == "need_tree":
                asked += 1
                if asked > 1:
                    return worker, ("raise", WorkerCrashed("worker kept asking for a site tree"))
                continue
            if outcome in ("lost", "died") and self._closed:
                worker.stop(kill=True)
                return None, ("raise", WebcleanError("the worker pool closed while the job ran"))
            if outcome == "lost" and lost < 3:
                lost += 1
                self._replace(worker, "lost")
                worker = None
                continue
            if outcome in ("lost", "died"):
                self._replace(worker, "crash")
                worker = None
                if died is None:
                    died = value
                    continue
                return None, ("raise", WorkerCrashed(f"worker process died twice on this job ({died}; {value}); "
                                                     "restarted"))
            if outcome == "timeout":
                self._replace(worker, "timeout")
                return None, ("raise", ExtractionTimeout(
                    f"no result within {timeout:g} s (WEBCLEAN_TIMEOUT); worker restarted"))
            if self.max_rss and _rss(worker.process.pid) > self.max_rss:
                self._replace(worker, "recycled")
                return None, value
            return worker, value

    def _attempt(self, worker: _Worker, call: tuple[Callable[..., Any], tuple[Any, ...], dict[str, Any]],
                 tree: tuple[Hashable, Any] | None, timeout: float) -> tuple[str, Any]:
        """Send one job to ``worker`` and wait for its answer.

        ``("done", ("ok", result) or ("raise", exc))``, ``("need_tree",
        None)``, ``("timeout", None)``, or the worker's death: ``("lost",
        why)`` when the job never reached it, ``("died", why)`` when it died
        with the job.
        """
        fn, args, kwargs = call
        key = tree[0] if tree is not None else None
        send_tree = tree is not None and key not in worker.trees
        if worker.process.poll() is not None:
            return "lost", f"exit code {worker.process.returncode}"
        try:
            worker.conn.send((fn, args, kwargs, key, tree[1] if send_tree and tree else None))
        except OSError as exc:  # the socket's other end is gone: the worker never had the job
            return "lost", str(exc) or type(exc).__name__
        try:
            if not worker.conn.poll(timeout):
                return "timeout", None
            answer = worker.conn.recv()
        except (EOFError, OSError) as exc:
            return "died", str(exc) or type(exc).__name__
        if answer[0] == "need_tree":
            worker.trees.discard(key)
            return "need_tree", None
        if send_tree and key is not None:
            worker.trees.add(key)
        if answer[0] == "ok":
            return "done", ("ok", answer[1])
        if answer[1] == ExtractionTimeout.__name__:
            # The core's own cooperative time limit: a time-out all the same.
            return "done", ("raise", ExtractionTimeout(answer[2]))
        return "done", ("raise", JobError(answer[1], answer[2]))

    @property
    def closed(self) -> bool:
        return self._closed

    def pids(self) -> list[int]:
        """The process ids of the pool's running workers."""
        with self._lock:
            return [worker.process.pid for worker in self._workers if worker.process.poll() is None]

    def close(self) -> None:
        """Stop every worker (idempotent). Jobs not started are cancelled."""
        with self._lock:
            if self._closed:
                return
            self._closed = True
            workers, self._workers = self._workers, []
        with self._ready:
            self._stopping = True
            waiting = [entry[2] for heap in (self._shared, *self._pinned) for entry in heap]
            self._shared.clear()
            for heap in self._pinned:
                heap.clear()
            self._ready.notify_all()
        for job in waiting:
            job.future.cancel()
        # All at once: a busy worker gets one grace period, not one each.
        for worker in workers:
            worker.ask_to_stop()
        deadline = time.monotonic() + _EXIT_GRACE
        for worker in workers:
            try:
                worker.stop(grace=max(0.0, deadline - time.monotonic()))
            except Exception:  # noqa: BLE001 - the other workers must be stopped all the same
                logger.exception("webclean: could not stop worker process %s", worker.process.pid)

    def __enter__(self) -> WorkerPool:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
