"""WorkerPool: results, errors, time limits and replacement of stuck workers."""

from __future__ import annotations

import asyncio
import os
import time

import pytest

from scrapy_webclean import available_extractors
from scrapy_webclean.errors import ExtractionTimeout
from scrapy_webclean.workers import JobError, WorkerCrashed, WorkerPool
from scrapy_webclean.workers.jobs import extract_fields


@pytest.fixture(scope="module")
def pool():
    # 3 s: time enough for a replaced worker to start on a loaded machine (CI shares its cores).
    with WorkerPool(2, 3.0) as p:
        yield p


def test_runs_jobs_in_other_processes(pool):
    assert pool.call(divmod, 7, 2) == (3, 1)
    assert pool.call(os.getpid) != os.getpid()


@pytest.mark.skipif(not hasattr(os, "nice"), reason="POSIX nice")
def test_workers_run_at_a_lower_priority_when_asked():
    """Extraction yields the CPU to the crawl: a worker's niceness is the
    parent's plus the pool's, and the first job finds the worker started."""
    with WorkerPool(1, 5.0, niceness=5, eager=True) as nice:
        deadline = time.monotonic() + 5
        while not nice.pids() and time.monotonic() < deadline:
            time.sleep(0.01)
        assert nice.pids(), "an eager pool starts its workers before any job"
        assert nice.call(os.nice, 0) == min(19, os.nice(0) + 5)
    with WorkerPool(1, 5.0) as same:
        assert same.call(os.nice, 0) == os.nice(0)


def test_job_errors_come_back_named(pool):
    with pytest.raises(JobError, match="ValueError: invalid literal") as info:
        pool.call(int, "x")
    assert info.value.kind == "ValueError"


def test_stuck_worker_is_killed_and_replaced(pool):
    before = pool.restarts
    started = time.monotonic()
    with pytest.raises(ExtractionTimeout, match="WEBCLEAN_TIMEOUT"):
        pool.call(time.sleep, 30)
    assert time.monotonic() - started < 10
    assert pool.restarts == before + 1
    assert pool.call(divmod, 9, 2) == (4, 1)


def test_crashed_worker_is_replaced(pool):
    with pytest.raises(WorkerCrashed):
        pool.call(os._exit, 3)
    assert pool.call(divmod, 5, 5) == (1, 0)


def test_one_stuck_job_does_not_block_the_others(pool):
    async def main():
        slow = asyncio.ensure_future(pool.run(time.sleep, 30))
        quick = [await pool.run(divmod, n, 1) for n in range(20)]
        with pytest.raises(ExtractionTimeout):
            await slow
        return quick

    assert asyncio.run(main()) == [(n, 0) for n in range(20)]


def test_site_tree_sent_once_per_key(pool):
    assert pool.call(dict, tree=(("site", 1), {"a": 1})) == {"site_tree": {"a": 1}}
    # Same key: the worker's copy is used (keys change when trees do).
    assert pool.call(dict, tree=(("site", 2), {"a": 2})) == {"site_tree": {"a": 2}}


def test_jobs_with_one_affinity_run_on_one_worker():
    with WorkerPool(2, 5.0) as two:
        assert len({two.call(os.getpid) for _ in range(10)} | {two.call(os.getpid) for _ in range(10)}) <= 2
        a = {two.call(os.getpid, affinity=("sst-samples", "a.example")) for _ in range(10)}
        b = {two.call(os.getpid, affinity=("sst-samples", "b.example")) for _ in range(10)}
        # Each site's jobs run where its first did; sites take the workers in turn.
        assert len(a) == len(b) == 1 and a != b


def test_an_idle_worker_takes_pinned_jobs_rather_than_wait():
    with WorkerPool(2, 10.0) as two:
        # Queued together: the pinned worker takes the slow one, the other the rest.
        slow = two.submit(time.sleep, 3, affinity="one")
        quick = [two.submit(divmod, n, 1, affinity="one") for n in range(5)]
        assert [f.result() for f in quick] == [(n, 0) for n in range(5)]
        assert not slow.done(), "the pinned jobs waited for the busy worker"
        slow.result()


def test_a_strict_job_waits_for_its_own_worker():
    with WorkerPool(2, 10.0) as two:
        home = two.call(os.getpid, affinity="site")
        slow = two.submit(time.sleep, 1, affinity="site")
        strict = two.submit(os.getpid, affinity="site", strict=True)
        # The other worker stays idle rather than take the strict job.
        assert strict.result() == home
        assert slow.done()


def test_inline_pool_runs_in_this_process():
    pool = WorkerPool(0, 1.0)
    assert pool.call(os.getpid) == os.getpid()
    with pytest.raises(JobError):
        asyncio.run(pool.run(int, "x"))


def test_components_start_the_crawlers_workers_when_built_in_a_crawl_only():
    # Built inside Crawler.crawl, the components start the worker processes
    # at once (they start while Scrapy opens the spider); built outside a
    # crawl, as here by get_crawler, they start none until a first job.
    from scrapy.utils.test import get_crawler

    from scrapy_webclean.crawl import coordinator
    from scrapy_webclean.downloadermiddlewares.pagetype import PageTypeMiddleware
    from scrapy_webclean.extensions.sitestyletree import SiteStyleTreeExtension
    from scrapy_webclean.pipelines.extraction import ExtractionPipeline

    for component in (PageTypeMiddleware, ExtractionPipeline, SiteStyleTreeExtension):
        crawler = get_crawler(settings_dict={"WEBCLEAN_WORKERS": 1})
        component.from_crawler(crawler)
        assert not coordinator(crawler).pool_started
        crawler.crawling = True
        component.from_crawler(crawler)
        assert coordinator(crawler).pool_started
        pool = coordinator(crawler).pool
        try:
            deadline = time.monotonic() + 30
            while not pool.pids() and time.monotonic() < deadline:
                time.sleep(0.01)  # the pool's thread starts its worker
            assert len(pool.pids()) == 1
        finally:
            pool.close()


def test_a_crawlers_pool_goes_with_the_crawler():
    # A crawl that fails before its engine starts never sends
    # engine_stopped: its pool is closed, and forgotten, when the crawler
    # is collected (the pool holds no reference to it).
    import gc

    from scrapy.utils.test import get_crawler

    from scrapy_webclean.crawl import coordinator

    crawler = get_crawler(settings_dict={"WEBCLEAN_WORKERS": 1})
    pool = coordinator(crawler).pool
    assert pool.call(os.getpid) != os.getpid()
    [pid] = pool.pids()
    del crawler
    gc.collect()
    assert pool.closed
    deadline = time.monotonic() + 10
    while _alive(pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not _alive(pid)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def test_default_workers_count_the_cpus_this_process_may_use(monkeypatch):
    # A taskset or a container's cpuset of 1 CPU gets 1 worker, whatever
    # the host has.
    from scrapy_webclean import settings

    monkeypatch.delattr(os, "process_cpu_count", raising=False)
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {5}, raising=False)
    monkeypatch.setattr(os, "cpu_count", lambda: 64)
    assert settings._usable_cpus() == 1
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: set(range(8)), raising=False)
    assert settings._usable_cpus() == 8


PLUGIN = '''
from scrapy_webclean.extractors import Extractor, NodeSelection, SelectionResult, register

@register
class FirstParagraphX(Extractor):
    name = "first_paragraph_x"

    def select(self, doc, opts):
        return SelectionResult(NodeSelection(doc, doc.tags.index("p")))
'''


def test_workers_import_the_modules_of_registered_extractors(tmp_path, monkeypatch, capfd):
    """A worker imports the modules it is given from the parent's module search path (a project's
    folder, not the worker's), and serves on when one fails, saying which."""
    (tmp_path / "webclean_plugin_x.py").write_text(PLUGIN)
    (tmp_path / "webclean_broken_x.py").write_text("raise RuntimeError('broken on purpose')\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    page = b"<html><body><p>First one here.</p><p>Second one there.</p></body></html>"
    with WorkerPool(1, 10.0, imports=["webclean_broken_x", "webclean_plugin_x"]) as plugged:
        assert "first_paragraph_x" in plugged.call(available_extractors)
        fields, _ = plugged.call(extract_fields, page, None, None, "first_paragraph_x", {}, ("text", "extractor"))
    assert fields == {"text": "First one here.", "extractor": "first_paragraph_x"}
    assert ("cannot import extractor module 'webclean_broken_x': RuntimeError: broken on purpose"
            in capfd.readouterr().err)
    with WorkerPool(1, 10.0) as plain:
        assert "first_paragraph_x" not in plain.call(available_extractors)
