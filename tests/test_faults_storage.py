"""Tree storage faults on real file systems: a WEBCLEAN_SST_DIR that cannot
be created, a full disk, a gzip bomb among the saved trees. Real crawls
against a local server; read-only and full directories are tmpfs mounts
(root can write anywhere else), and the tests that need one skip where this
process may not mount."""

from __future__ import annotations

import os
import zlib
from pathlib import Path

import pytest
from faultkit import article, crawl, index, mounted_tmpfs, serve, start_crawl, workers_in

from scrapy_webclean import SiteStyleTree
from scrapy_webclean.workers import JobError, WorkerPool
from scrapy_webclean.workers.jobs import learn_site_tree

N = 8
SETTINGS = {"WEBCLEAN_WORKERS": 1, "WEBCLEAN_SST_MIN_PAGES": 4, "WEBCLEAN_TIMEOUT": 20.0}


@pytest.fixture(scope="module")
def news():
    pages = {f"/news/{n}": ("text/html; charset=utf-8", article(n).encode()) for n in range(N)}
    pages["/"] = ("text/html; charset=utf-8", index(sorted(pages)))
    with serve(pages) as base:
        yield base


@pytest.fixture
def readonly_mount():
    with mounted_tmpfs("ro") as where:
        yield where


@pytest.fixture
def full_mount():
    """A small tmpfs filled up by a file named ``filler``."""
    with mounted_tmpfs("size=64k") as where:
        if where is not None:
            with open(where / "filler", "wb", buffering=0) as f:
                try:
                    while True:
                        f.write(b"x" * 1024)
                except OSError:
                    pass
        yield where


def _unmakeable_dir(readonly_mount: Path | None, tmp_path: Path) -> Path:
    """A directory path that cannot be created: under a read-only mount,
    else (no mount allowed) under a regular file."""
    if readonly_mount is not None:
        return readonly_mount / "trees"
    blocker = tmp_path / "a-file"
    blocker.write_text("not a directory")
    return blocker / "trees"


def test_an_unusable_tree_directory_stops_the_crawl_at_start_up_in_one_line(news, tmp_path, readonly_mount):
    """Known at start-up (see _startup.check_sst_dir, and its test of
    ``scrapy crawl``'s exit code and single line): the spider never opens,
    no learning job fails later, and no worker process is left behind."""
    for where in ([_unmakeable_dir(readonly_mount, tmp_path)] + ([readonly_mount] if readonly_mount else [])):
        out = tmp_path / where.name
        proc = start_crawl([news + "/"], out, WEBCLEAN_SST_DIR=str(where), **SETTINGS)
        proc.wait(timeout=120)
        log = (out / "log.txt").read_text()
        assert "WEBCLEAN_SST_DIR=" in log and "AttributeError" not in log
        assert not (out / "stats.json").exists()  # the spider never opened
        assert not workers_in(out)


def test_a_tree_directory_unusable_after_start_up_costs_one_error(tmp_path):
    """Gone between start-up and the spider's opening (removed, a file in
    its place): one error and a stat; trees are learned in memory and used."""
    import asyncio
    import shutil

    from scrapy.http import HtmlResponse, Request
    from scrapy.utils.misc import build_from_crawler
    from scrapy.utils.test import get_crawler

    from scrapy_webclean.downloadermiddlewares.pagetype import PageTypeMiddleware
    from scrapy_webclean.extensions.sitestyletree import SiteStyleTreeExtension

    directory = tmp_path / "trees"
    crawler = get_crawler(settings_dict={"WEBCLEAN_WORKERS": 0, "WEBCLEAN_SST_DIR": str(directory),
                                         "WEBCLEAN_SST_MIN_PAGES": 3})
    ext = build_from_crawler(SiteStyleTreeExtension, crawler)
    build_from_crawler(PageTypeMiddleware, crawler)  # tagging is on
    shutil.rmtree(directory)
    directory.write_text("not a directory any more")
    ext.spider_opened()
    assert crawler.stats.get_value("webclean/sst/dir_unusable") == 1

    async def learn():
        for n in range(3):
            url = f"https://news.example/{n}"
            response = HtmlResponse(url, body=article(n).encode(), headers={"Content-Type": "text/html"},
                                    request=Request(url, meta={"webclean_page_type": "content"}))
            ext.response_received(response=response, request=response.request)
        return await ext.trees.tree_for("news.example")

    assert asyncio.run(learn()) is not None
    assert crawler.stats.get_value("webclean/sst/domains_learned") == 1
    assert crawler.stats.get_value("webclean/sst/save_failed") is None  # no save tried
    assert directory.read_text() == "not a directory any more"


def test_a_tree_that_cannot_be_saved_is_used_and_leaves_no_temp_file(news, tmp_path, full_mount):
    """A full disk: each site's tree is learned once and used, the failed
    saves are one warning and a count, and no temporary file stays."""
    if full_mount is None:
        pytest.skip("mounting a small tmpfs is not allowed here")
    port = news.rsplit(":", 1)[1]
    starts = [news + "/", f"http://localhost:{port}/"]
    items, stats, log = crawl(starts, tmp_path, WEBCLEAN_SST_DIR=str(full_mount), **SETTINGS)
    assert stats["webclean/sst/domains_learned"] == 2 and "webclean/sst/failed" not in stats
    assert stats["webclean/sst/save_failed"] == 2 and log.count("could not save the site style tree") == 1
    assert stats["webclean/sst/pages_cleaned"] == 2 * N and len(items) == 2 * N
    assert [p.name for p in full_mount.iterdir()] == ["filler"]


def test_a_failed_save_returns_the_tree(tmp_path):
    """A 255-byte file name (ENAMETOOLONG): the learned tree comes back with
    the reason, and nothing is left in the directory."""
    samples = [(zlib.compress(article(n).encode()), f"https://news.example/{n}", "utf-8") for n in range(4)]
    learned = learn_site_tree(samples, str(tmp_path / ("x" * 255 + ".sst")))
    assert learned.cleaner is not None and learned.save_error is not None and "OSError" in learned.save_error
    assert list(tmp_path.iterdir()) == []


def test_save_on_a_full_disk_leaves_no_temporary_file(full_mount):
    if full_mount is None:
        pytest.skip("mounting a small tmpfs is not allowed here")
    tree = SiteStyleTree()
    for n in range(4):
        tree.add_page(article(n).encode(), f"https://news.example/{n}")
    with pytest.raises(OSError):
        tree.save(full_mount / "news.example.sst")
    assert [p.name for p in full_mount.iterdir()] == ["filler"]


def _peak_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return 0.0


@pytest.mark.skipif(not os.path.isdir("/proc/self"), reason="reads a worker's peak memory in /proc")
def test_a_gzip_bomb_among_the_saved_trees_is_refused_within_bounded_memory(tmp_path):
    from scrapy_webclean.workers.jobs import load_site_tree

    inflate = zlib.compressobj(9, zlib.DEFLATED, 31)
    chunk = b" " * (1 << 20)
    with open(tmp_path / "news.example.sst", "wb") as f:
        for _ in range(768):  # 768 MB of spaces (valid JSON whitespace) in under a megabyte
            f.write(inflate.compress(chunk))
        f.write(inflate.flush())
    with WorkerPool(1, 60.0) as pool:
        with pytest.raises(JobError, match="SiteTreeError.*larger than"):
            pool.call(load_site_tree, str(tmp_path / "news.example.sst"), "news.example")
        assert _peak_mb(pool.pids()[0]) < 250
