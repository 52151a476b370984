"""Site style trees shared through a real Redis server (WEBCLEAN_SST_STORE).

The extension is built with get_crawler (no crawl) and its site trees'
store loop is driven by hand; the crawls of several processes are in test_redis_crawl.py.
"""

from __future__ import annotations

import asyncio
import gzip
import json
import pickle
import zlib

import pytest
from scrapy.utils.test import get_crawler

from scrapy_webclean import SiteStyleTree
from scrapy_webclean._treestore import (RedisTreeStore, StoreDown, decode_sample, decode_tree, encode_sample,
                                        encode_tree, store_url)
from scrapy_webclean.errors import InvalidSettingError, SiteTreeError
from scrapy_webclean.downloadermiddlewares.pagetype import PageTypeMiddleware
from scrapy_webclean.extensions.sitestyletree import SiteStyleTreeExtension
from scrapy_webclean.settings import webclean_config

from _crawler import webclean_crawler
from test_extension_sitestyletree import feed, page

HOST = "news.example"


_OPEN: list = []


@pytest.fixture(autouse=True)
def _close_stores():
    yield
    while _OPEN:
        _OPEN.pop().close()


def make(tmp_path, url, **settings):
    """A crawler with the extension, tagging on and the store at ``url``; ``(crawler, its site trees)``."""
    crawler, ext, _tagging = webclean_crawler(
        SiteStyleTreeExtension, PageTypeMiddleware, settings={
            "WEBCLEAN_SST_DIR": str(tmp_path), "WEBCLEAN_SST_MIN_PAGES": 3, "WEBCLEAN_SST_STORE": url,
            "WEBCLEAN_SST_WAIT": 2, **settings})
    _OPEN.append(ext.trees.shared.store)
    return crawler, ext.trees


async def until(predicate, ext_list, seconds=5.0):
    """Run the processes' store loops until ``predicate()``."""
    for _ in range(int(seconds / 0.02)):
        if predicate():
            return True
        for ext in ext_list:
            ext.shared.tick()
        await asyncio.sleep(0.02)
    return predicate()


def small_tree():
    tree = SiteStyleTree()
    for n in range(3):
        tree.add_page(page(HOST, n).body, f"https://{HOST}/news/{n}")
    return tree


# -- settings -------------------------------------------------------------------

def test_store_setting_picks_files_or_redis():
    assert store_url("", None) is None
    assert store_url("files", "redis://x:1") is None
    assert store_url("", "redis://h:6379/1") == "redis://h:6379/1"
    assert store_url("redis://a:1/0", "redis://b:2") == "redis://a:1/0"
    with pytest.raises(InvalidSettingError, match="^WEBCLEAN_SST_STORE='mysql://x' is invalid"):
        webclean_config(get_crawler(settings_dict={"WEBCLEAN_SST_STORE": "mysql://x"}).settings)
    with pytest.raises(InvalidSettingError, match="^WEBCLEAN_SST_LOCK_TIMEOUT=0 is invalid"):
        webclean_config(get_crawler(settings_dict={"WEBCLEAN_SST_LOCK_TIMEOUT": 0}).settings)


# -- what Redis carries ---------------------------------------------------------

def test_tree_round_trip_and_refusals():
    tree = small_tree()
    data = encode_tree(tree)
    assert decode_tree(data).to_dict() == tree.to_dict()
    bomb = gzip.compress(b"[" * (2 << 20))
    for bad, message in [
        (pickle.dumps(tree), "not a gzip-compressed site style tree"),
        (gzip.compress(b"{not json"), "not a site style tree"),
        (gzip.compress(json.dumps({"format": "other"}).encode()), "no 'format'"),
        (gzip.compress(json.dumps({**tree.to_dict(), "version": 99}).encode()), "version 99 is not supported"),
        (gzip.compress(json.dumps({**tree.to_dict(), "elements": []}).encode()), "no element nodes"),
        (data[: len(data) // 2], "cut short"),
        (bomb, "larger than 1000 bytes"),
    ]:
        with pytest.raises(SiteTreeError, match=message):
            decode_tree(bad, limit=1000 if bad is bomb else 256 << 20)


def test_sample_round_trip_and_refusals():
    packed = zlib.compress(b"<p>page</p>")
    assert decode_sample(encode_sample(packed, "https://a/1", "gbk"), 100) == (packed, "https://a/1", "gbk")
    for raw in [b"no header", b'{"url": 3}\n' + packed, b'{"url": "u"}\nnot zlib',
                b'{"url": "u"}\n' + zlib.compress(b"x" * 1000)]:
        with pytest.raises(ValueError):
            decode_sample(raw, 100)


def test_store_publishes_once_and_locks(redis_url):
    store = RedisTreeStore(redis_url, lock_timeout=0.5, max_samples=3, max_page_bytes=1 << 20)
    other = RedisTreeStore(redis_url, lock_timeout=0.5, max_samples=3, max_page_bytes=1 << 20)
    _OPEN.extend([store, other])
    for n in range(5):
        count = store.add_sample(HOST, zlib.compress(b"<p>%d</p>" % n), f"https://{HOST}/{n}", None)
    assert count == 3  # bounded per site
    assert [url for _, url, _ in other.samples(HOST)[0]] == [f"https://{HOST}/{n}" for n in range(3)]
    lock = store.lock(HOST)
    assert lock is not None and other.lock(HOST) is None
    assert store.poll([HOST]) == [(None, True, 3)]
    assert store.publish(HOST, b"first") == (1, True)
    assert other.publish(HOST, b"second") == (1, False)  # published once
    assert other.fetch(HOST) == (1, b"first")
    assert store.poll([HOST]) == [(1, True, 0)]  # the samples are cleared
    store.release(lock)
    # A lock not renewed expires: a learner that died is replaced.
    dead = other.lock(HOST)
    assert dead is not None
    asyncio.run(asyncio.sleep(0.6))
    assert store.lock(HOST) is not None
    assert other.extend(dead) is False


def test_store_down_is_an_error_of_its_own():
    from _redisserver import free_port

    store = RedisTreeStore(f"redis://127.0.0.1:{free_port()}/0", lock_timeout=1, max_samples=3,
                           max_page_bytes=1 << 20)
    _OPEN.append(store)
    with pytest.raises(StoreDown, match="Redis at redis://127.0.0.1"):
        store.ping()


# -- the extension in shared mode --------------------------------------------------

def test_two_processes_learn_one_tree(tmp_path, redis_url):
    """Samples from both processes make one tree, learned by one of them, loaded by the other."""
    a_crawler, a = make(tmp_path / "a", redis_url)
    b_crawler, b = make(tmp_path / "b", redis_url)

    async def main():
        feed(a, page(HOST, 0))
        feed(b, page(HOST, 1))
        waiting = asyncio.ensure_future(b.tree_for(HOST))  # b's item waits for the tree
        feed(a, page(HOST, 2))  # completes the shared sample: a learns
        assert await until(lambda: HOST in a.held() and HOST in b.held(), [a, b])
        return await waiting

    entry = asyncio.run(main())
    assert entry is not None
    learned = [c.stats.get_value("webclean/sst/domains_learned", 0) for c in (a_crawler, b_crawler)]
    assert learned == [1, 0]
    assert b_crawler.stats.get_value("webclean/sst/domains_loaded") == 1
    assert a.shared.versions == b.shared.versions == {HOST: 1}
    # Nothing is written to files in shared mode.
    assert not (tmp_path / "a").exists() or not list((tmp_path / "a").iterdir())
    # A later crawl loads the saved tree from the store.
    c_crawler, c = make(tmp_path / "c", redis_url)

    async def later():
        c.tree_now(HOST)
        return await c.tree_for(HOST)

    assert asyncio.run(later()) is not None
    assert c_crawler.stats.get_value("webclean/sst/domains_loaded") == 1


def test_foreign_tree_is_refused_and_the_site_learned_alone(tmp_path, redis_url, caplog):
    import redis

    client = redis.Redis.from_url(redis_url)
    _OPEN.append(client)
    client.hset(f"webclean:sst:tree:{HOST}", mapping={"v": 1, "data": pickle.dumps({"evil": True})})
    crawler, ext = make(tmp_path, redis_url)

    async def main():
        for n in range(3):
            await ext.hold(HOST)  # as the tagging middleware does
            feed(ext, page(HOST, n))
        return await ext.tree_for(HOST)

    assert asyncio.run(main()) is not None
    assert crawler.stats.get_value("webclean/sst/store_refused") == 1
    assert crawler.stats.get_value("webclean/sst/domains_learned") == 1
    assert "refusing the site style tree of news.example in redis://127.0.0.1" in caplog.text
    assert "not a gzip-compressed site style tree" in caplog.text
    # The bad tree stays (it is not this process's to replace), and is not loaded again.
    assert client.hget(f"webclean:sst:tree:{HOST}", "data").startswith(b"\x80")


def test_store_down_learns_alone_and_rejoins(tmp_path, redis_server, redis_url, caplog):
    crawler, ext = make(tmp_path, redis_url)
    other = "other.example"

    async def main():
        await ext.hold(HOST)
        feed(ext, page(HOST, 0))  # pushed to the store
        redis_server.stop()
        for n in (1, 2):
            await ext.hold(HOST)
            feed(ext, page(HOST, n))  # the push fails: this process goes on alone
        await ext.hold(other)
        feed(ext, page(other, 0))
        entry = await ext.tree_for(HOST)
        assert entry is not None and not ext.shared.up
        redis_server.start()
        assert await until(lambda: ext.shared.up, [ext])
        return entry

    asyncio.run(main())
    stats = crawler.stats
    assert stats.get_value("webclean/sst/store_down") == 1
    assert stats.get_value("webclean/sst/store_rejoined") == 1
    assert stats.get_value("webclean/sst/domains_learned") == 1
    assert caplog.text.count("site style tree store unreachable") == 1
    # The tree learned alone is published once the store is back.
    assert stats.get_value("webclean/sst/store_published") == 1
    assert ext.shared.versions == {HOST: 1}
    assert ext.shared.store.fetch(HOST)[0] == 1
    # The other site, met while the store was down, is looked up again.
    ext.tree_now(other)
    assert ext.shared.is_open(other)


def test_a_newer_tree_is_picked_up_without_restarting(tmp_path, redis_url):
    from scrapy_webclean.crawl import shared as _shared

    crawler, ext = make(tmp_path, redis_url)
    store = ext.shared.store
    first = small_tree()
    store.publish(HOST, encode_tree(first))

    async def main():
        ext.tree_now(HOST)
        old = await ext.tree_for(HOST)
        # Relearned elsewhere: the tree deleted, and published again from other pages.
        store.client.delete(f"webclean:sst:tree:{HOST}")
        newer = SiteStyleTree()
        for n in range(3, 7):
            newer.add_page(page(HOST, n).body, f"https://{HOST}/news/{n}")
        assert store.publish(HOST, encode_tree(newer)) == (2, True)
        ext.shared._refreshed -= _shared.REFRESH  # the next check of the versions is due
        assert await until(lambda: ext.shared.versions.get(HOST) == 2, [ext])
        return old, await ext.tree_for(HOST)

    old, new = asyncio.run(main())
    assert old[0] != new[0]  # a new key: the workers are sent the new tree
    assert crawler.stats.get_value("webclean/sst/domains_loaded") == 2


def test_no_item_waits_longer_than_wait(tmp_path, redis_url):
    """A site whose shared sample never completes: its items wait at most WEBCLEAN_SST_WAIT."""
    import time

    crawler, ext = make(tmp_path, redis_url, WEBCLEAN_SST_WAIT=1)

    async def main():
        await ext.hold(HOST)
        feed(ext, page(HOST, 0))
        started = time.monotonic()
        waiting = asyncio.ensure_future(ext.tree_for(HOST))
        while not waiting.done():  # the store's loop runs meanwhile
            ext.shared.tick()
            await asyncio.sleep(0.05)
        return await waiting, time.monotonic() - started

    entry, seconds = asyncio.run(main())
    assert entry is None and seconds < 1.5
