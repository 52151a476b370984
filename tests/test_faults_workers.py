"""Worker faults with real processes and real signals: no orphaned worker
however the crawl ends, no page failed for a worker it never reached."""

from __future__ import annotations

import os
import signal
import time

import pytest
from faultkit import alive, article, children, cpu_seconds, hostile, index, kill_all, serve, start_crawl, wait_for

from scrapy_webclean.workers import WorkerCrashed, WorkerPool

pytestmark = pytest.mark.skipif(not os.path.isdir("/proc/self"), reason="reads the process table in /proc")


@pytest.fixture(scope="module")
def busy_site():
    """Two pages that keep a worker busy for seconds each, and two articles."""
    pages = {"/big/0": ("text/html", hostile()), "/big/1": ("text/html", hostile()),
             "/news/0": ("text/html", article(0).encode()), "/news/1": ("text/html", article(1).encode())}
    pages["/"] = ("text/html", index(sorted(pages)))
    with serve(pages) as base:
        yield base


def _crawl_with_busy_workers(base: str, out):
    """A crawl whose workers are all busy on the big pages: (process, worker pids)."""
    proc = start_crawl([base + "/"], out, WEBCLEAN_WORKERS=2, WEBCLEAN_TIMEOUT=60.0,
                       WEBCLEAN_SST_DIR=str(out / "sst"))
    try:
        assert wait_for(lambda: len(children(proc.pid)) == 2, 30), "the crawl did not start its 2 workers"
        workers = children(proc.pid)
        assert wait_for(lambda: all(cpu_seconds(w) > 1.0 for w in workers), 60), "the workers never got busy"
    except BaseException:
        proc.kill()
        proc.wait()
        kill_all(children(proc.pid))
        raise
    return proc, workers


@pytest.mark.parametrize("how", ["SIGKILL", "Ctrl-C twice"])
def test_no_worker_outlives_the_crawl(busy_site, tmp_path, how):
    """Killed outright, or stopped with Ctrl-C twice while every worker is
    busy on a page: once the crawl process is gone, so are its workers."""
    proc, workers = _crawl_with_busy_workers(busy_site, tmp_path)
    try:
        if how == "SIGKILL":
            proc.kill()
        else:
            proc.send_signal(signal.SIGINT)
            time.sleep(0.3)
            proc.send_signal(signal.SIGINT)
        proc.wait(timeout=30)
        assert wait_for(lambda: not any(alive(w) for w in workers), 1.5), \
            f"orphaned workers after {how}: {[w for w in workers if alive(w)]}"
    finally:
        kill_all(workers)


def test_close_stops_every_worker_when_another_thread_closed_one():
    """The pool's close and a thread replacing a worker can both stop it: the
    second close of its socket fails (EBADF) and must not leave the other
    workers running."""
    pool = WorkerPool(3, 5.0)
    try:
        # Jobs that overlap, so that more than one worker starts however loaded the machine is.
        for fut in [pool.submit(time.sleep, 0.5) for _ in range(3)]:
            fut.result()
        workers = list(pool._workers)
        assert len(workers) >= 2
        # What the other thread did: its socket closed under this one's feet.
        os.close(workers[0].conn.fileno())
        pool.close()
        pids = [w.process.pid for w in workers]
        assert wait_for(lambda: not any(alive(p) for p in pids), 5), [p for p in pids if alive(p)]
    finally:
        kill_all([w.process.pid for w in pool._workers])


def test_a_worker_killed_while_idle_fails_no_page():
    """SIGKILL an idle worker: the next job never reached it, and runs on a
    fresh worker instead of failing."""
    with WorkerPool(1, 5.0) as pool:
        first = pool.call(os.getpid)
        os.kill(first, signal.SIGKILL)
        assert wait_for(lambda: not alive(first), 5)
        second = pool.call(os.getpid)
        assert second != first
        assert pool.restarts == 1


def _die_once(marker: str) -> int:
    """Kill this worker the first time (no marker yet), answer the second."""
    if not os.path.exists(marker):
        open(marker, "w").close()
        os.kill(os.getpid(), signal.SIGKILL)
    return os.getpid()


def test_a_page_whose_worker_died_is_retried_once_on_a_fresh_worker(tmp_path, monkeypatch):
    monkeypatch.setenv("PYTHONPATH", os.path.dirname(__file__))  # the workers import _die_once from here
    with WorkerPool(1, 5.0) as pool:
        assert pool.call(_die_once, str(tmp_path / "marker")) > 0
        assert pool.restarts == 1
        # A page that kills every worker it meets fails after its retry.
        with pytest.raises(WorkerCrashed, match="twice"):
            pool.call(os._exit, 3)
        assert pool.restarts == 3
        assert pool.call(divmod, 7, 2) == (3, 1)


_HELD: list[bytes] = []


def _hold(megabytes: int) -> int:
    """Keep ``megabytes`` of memory in this worker (a page that left its peak)."""
    _HELD.append(os.urandom(1 << 20) * megabytes)
    return os.getpid()


def test_a_worker_past_max_rss_is_recycled_between_jobs(monkeypatch):
    """A job leaves its worker at 300 MB: the worker is replaced after
    answering (the answer is kept), and the next job runs on a fresh one."""
    monkeypatch.setenv("PYTHONPATH", os.path.dirname(__file__))
    with WorkerPool(1, 30.0, max_rss=200 << 20) as pool:
        small = pool.call(_hold, 1)
        assert pool.call(os.getpid) == small and pool.recycled == 0
        big = pool.call(_hold, 300)
        assert big == small
        assert wait_for(lambda: not alive(big), 5)
        fresh = pool.call(os.getpid)
        assert fresh != big and pool.recycled == 1 and pool.restarts == 0


def test_max_rss_setting_reaches_the_crawlers_pool():
    from scrapy.utils.test import get_crawler

    from scrapy_webclean.crawl import coordinator

    pool = coordinator(get_crawler(settings_dict={"WEBCLEAN_WORKERS": 1, "WEBCLEAN_WORKERS_MAX_RSS": 300})).pool
    try:
        assert pool.max_rss == 300 << 20
    finally:
        pool.close()
    default = coordinator(get_crawler(settings_dict={"WEBCLEAN_WORKERS": 1})).pool
    try:
        assert default.max_rss == 512 << 20
    finally:
        default.close()
