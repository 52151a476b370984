"""Several crawler processes share one scrapy-redis crawl and its site style trees.

Real processes (``scrapy crawl news_redis``, the example project's
distributed spider) on the bundled sample sites, a real redis-server (the
``redis_server`` fixture), and a one-process crawl of the same pages to
compare with.
"""

from __future__ import annotations

import json
import os
import signal
import time
from collections import Counter

import pytest

from _distributed import one_process_crawl, push_start_urls, start_crawlers
from example_project.samplesites import SampleSites, load_sites
from scrapy_webclean import extract
from scrapy_webclean._treestore import decode_tree

pytestmark = pytest.mark.slow  # real crawls against a real Redis

#: Seconds the sample server waits before each response: the crawl lasts
#: long enough for every process to take part. A process whose first look
#: for work came before the start URLs were pushed looks again at Scrapy's
#: next engine heartbeat (every 5 s); one process alone takes at least
#: 50 x 0.6 / 2 = 15 s over the sample's pages.
LATENCY = 0.6
SETTINGS = {"WEBCLEAN_WORKERS": 1, "CONCURRENT_REQUESTS": 2, "MAX_IDLE_TIME_BEFORE_CLOSE": 7,
            "WEBCLEAN_SST_LOCK_TIMEOUT": 2, "WEBCLEAN_QUEUE_LEASE": 5}


def f1(a: str, b: str) -> float:
    x, y = a.split(), b.split()
    if not x and not y:
        return 1.0

    common = sum((Counter(x) & Counter(y)).values())
    if not common:
        return 0.0
    p, r = common / len(x), common / len(y)
    return 2 * p * r / (p + r)


def page_body(url: str) -> tuple[bytes, str]:
    import gzip
    from urllib.parse import urlsplit

    parts = urlsplit(url)
    site = load_sites()[parts.hostname]
    return gzip.decompress((site.folder / "pages" / site.pages[parts.path]["file"]).read_bytes()), site.charset


@pytest.fixture
def sample():
    server = SampleSites(delay=LATENCY).start()
    yield server
    server.stop()


def timeline(crawler) -> str:
    """When a crawler opened, first crawled and closed (for a failure's message)."""
    log = crawler.log.read_text(errors="replace")
    marks = ("Spider opened", "Crawled (", "Closing spider")
    return " | ".join(next((line[:19] + " " + mark for line in log.splitlines() if mark in line), "no " + mark)
                      for mark in marks)


def finish(crawlers, client):
    """The crawlers' exit codes once they end, and the trees in Redis by site."""
    codes = [c.wait(180) for c in crawlers]
    return codes, {key.decode().rsplit(":", 1)[1]: client.hgetall(key) for key in client.keys("webclean:sst:tree:*")}


def stop(crawlers, client):
    for c in crawlers:
        if c.proc.poll() is None:
            c.proc.kill()
    client.close()


def distributed(n, tmp_path, redis_server, redis_url, sample, settings=SETTINGS, during=None):
    crawlers = start_crawlers(n, tmp_path, redis_url, sample.proxy, settings)
    client = redis_server.client()
    try:
        # A start URL per process (the index pages, then articles they list):
        # each process takes one at its first look for work, so all take part
        # however fast the others crawl.
        articles = sorted(f"http://{host}{path}" for host, site in sample.sites.items() for path in site.pages)
        push_start_urls(client, (sample.start_urls + articles)[:max(n, len(sample.start_urls))])
        if during is not None:
            during(crawlers, client)
        codes, trees = finish(crawlers, client)
    finally:
        stop(crawlers, client)
    return crawlers, codes, trees


def test_three_processes_learn_each_tree_once(tmp_path, redis_server, redis_url, sample):
    crawlers, codes, trees = distributed(3, tmp_path, redis_server, redis_url, sample)
    assert codes == [0, 0, 0], [c.log.read_text()[-3000:] for c in crawlers]
    stats = [c.stats() for c in crawlers]
    items = [item for c in crawlers for item in c.items()]
    # Every process took part.
    assert all(s.get("response_received_count", 0) > 0 for s in stats), [timeline(c) for c in crawlers]
    # Each site's tree was learned once, by one process, and published once.
    assert sorted(trees) == ["money.163.com", "www.bbc.com"]
    assert sum(s.get("webclean/sst/domains_learned", 0) for s in stats) == 2
    assert sum(s.get("webclean/sst/store_published", 0) for s in stats) == 2
    assert {t[b"v"] for t in trees.values()} == {b"1"}
    # Every content item done after its site's tree existed was cleaned with it.
    cleaners = {site: decode_tree(t[b"data"]).compile() for site, t in trees.items()}
    published = {site: float(t[b"at"]) for site, t in trees.items()}
    after = 0
    for item in items:
        site = item["url"].split("/")[2]
        assert item["text"], item["url"]
        if item["done_at"] >= published[site]:
            after += 1
            body, charset = page_body(item["url"])
            assert item["text"] == extract(body, item["url"], encoding=charset, site_tree=cleaners[site]).text
    assert after >= len(items) * 0.9
    # Nothing lost, nothing twice: the pages of a one-process crawl, each
    # crawled once, every content page with its item and text.
    single = one_process_crawl(tmp_path, {"WEBCLEAN_WORKERS": 1})
    assert single.wait(180) == 0, single.log.read_text()[-3000:]
    crawled = [url for c in crawlers for url in c.crawled()]
    assert len(crawled) == len(set(crawled)) == len(single.crawled())
    assert set(crawled) == set(single.crawled())
    for c, s in zip(crawlers, stats):
        assert len(c.items()) == s.get("webclean/pages/content", 0)
    # The same text as the one-process crawl, page by page (a page tagged
    # before its site's tree existed may be tagged otherwise than after).
    alone = {item["url"]: item["text"] for item in single.items()}
    scores = {item["url"]: f1(item["text"], alone[item["url"]]) for item in items if item["url"] in alone}
    assert len(scores) >= 0.9 * len(alone)
    assert min(scores.values()) >= 0.995, sorted(scores.items(), key=lambda kv: kv[1])[:3]


def test_a_learner_killed_holding_the_lock_is_replaced(tmp_path, redis_server, redis_url, sample):
    """A crawler process killed mid-crawl (the learner of a site, holding
    its lock): another learns the tree, and the requests it had taken are put
    back in the queue once its lease runs out; every page ends with its item
    and its text, or as a hub."""
    killed = {}

    def kill_the_first_learner(crawlers, client):
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and any(c.proc.poll() is None for c in crawlers):
            for key in client.keys("webclean:sst:lock:*"):
                token = client.get(key)
                if token is None:
                    continue
                pid = int(token.decode().split(":")[1])
                victim = next(c for c in crawlers if c.proc.pid == pid)
                os.kill(pid, signal.SIGKILL)
                killed.update(site=key.decode().rsplit(":", 1)[1], crawler=victim, pid=pid)
                return
            time.sleep(0.005)

    # Items go to Redis as they are done (scrapy-redis's pipeline): a feed
    # file's buffer dies with its process.
    settings = {**SETTINGS, "ITEM_PIPELINES": json.dumps({"_stamp.StampPipeline": 900,
                                                          "scrapy_redis.pipelines.RedisPipeline": 950}),
                "SPIDER_MIDDLEWARES": json.dumps({"_stamp.HubRecordMiddleware": 10})}
    crawlers, codes, trees = distributed(3, tmp_path, redis_server, redis_url, sample, settings,
                                         during=kill_the_first_learner)
    assert killed, "no learner was seen holding a lock"
    survivors = [c for c in crawlers if c is not killed["crawler"]]
    assert killed["crawler"].proc.returncode == -signal.SIGKILL
    assert [c.proc.returncode for c in survivors] == [0, 0], [c.log.read_text()[-3000:] for c in survivors]
    # Its site's tree was learned by another process once the lock expired.
    assert sorted(trees) == ["money.163.com", "www.bbc.com"]
    by = trees[killed["site"]][b"by"].decode()
    assert not by.endswith(f":{killed['pid']}")
    assert {t[b"v"] for t in trees.values()} == {b"1"}
    assert sum(c.stats().get("webclean/sst/domains_learned", 0) for c in survivors) >= 1
    # The requests the dead process held were put back, and crawled by the others.
    assert sum(c.stats().get("webclean/queue/requeued", 0) for c in survivors) >= 1
    client = redis_server.client()
    items = [json.loads(raw) for raw in client.lrange("news_redis:items", 0, -1)]
    hubs = [raw.decode() for raw in client.lrange("webclean-test:hubs", 0, -1)]
    held = client.keys("news_redis:requests:inflight:*") + client.keys("news_redis:requests")
    client.close()
    # Nothing lost: every page has its item, with text, or was a hub, in some process.
    every = set(sample.start_urls) | {f"http://{host}{path}" for host, site in sample.sites.items()
                                      for path in site.pages}
    assert every - {item["url"] for item in items} - set(hubs) == set()
    assert all(item["text"] for item in items)
    assert held == []
    # At least once: a page done twice only if the dead process had taken it.
    done = Counter([item["url"] for item in items] + hubs)
    assert {url for url, n in done.items() if n > 1} <= set(killed["crawler"].crawled())


def test_redis_stopped_and_restarted_during_the_crawl(tmp_path, redis_server, redis_url):
    """Two processes share only the trees (Scrapy's own scheduler: each crawls
    every page), and Redis goes away in the middle of their crawl: each goes
    on alone, says so once, and rejoins; every page still has its item and
    its text."""
    from _distributed import Crawler, crawl_command

    settings = {**SETTINGS, "WEBCLEAN_SST_STORE": redis_url, "WEBCLEAN_SST_DIR": str(tmp_path / "unused")}
    crawlers = [Crawler(crawl_command("news", tmp_path / f"items{i}.jsonl", settings, "-a", f"latency={LATENCY}"),
                        tmp_path / f"items{i}.jsonl", tmp_path / f"crawler{i}.log") for i in range(2)]
    client = redis_server.client()
    try:
        # Once the crawl is under way (a first sample pushed), Redis goes away for a while.
        deadline = time.monotonic() + 60
        while not client.keys("webclean:sst:samples:*") and time.monotonic() < deadline:
            time.sleep(0.01)
        redis_server.stop()
        time.sleep(4)
        redis_server.start()
        codes, trees = finish(crawlers, client)
    finally:
        stop(crawlers, client)
    logs = [c.log.read_text(errors="replace") for c in crawlers]
    assert codes == [0, 0], [log[-3000:] for log in logs]
    single = one_process_crawl(tmp_path, {"WEBCLEAN_WORKERS": 1})
    assert single.wait(180) == 0
    for c, log in zip(crawlers, logs):
        stats = c.stats()
        assert "Traceback" not in log, log[log.index("Traceback") - 500:][:3000]
        # Said once, counted, rejoined.
        assert log.count("site style tree store unreachable") == 1
        assert log.count("is back: sharing site trees again") == 1
        assert stats["webclean/sst/store_down"] == stats["webclean/sst/store_rejoined"] == 1
        # Nothing lost: every page crawled, every content page with its item and text.
        assert sorted(c.crawled()) == sorted(single.crawled())
        assert len(c.items()) == stats["webclean/pages/content"] > 0
        assert all(item["text"] for item in c.items())
        assert stats["webclean/sst/pages_cleaned"] == len(c.items())
    # The trees the processes learned alone were published once Redis was back.
    assert sorted(trees) == ["money.163.com", "www.bbc.com"]
    assert {t[b"v"] for t in trees.values()} == {b"1"}
