"""Several crawler processes share one scrapy-redis crawl and its site style trees.

Real processes (``scrapy crawl news_redis``, the example project's
distributed spider) on the bundled sample sites, a real redis-server (the
``redis_server`` fixture), and a one-process crawl of the same pages to
compare with.
"""

from __future__ import annotations

import os
import signal
import time

import pytest

from _distributed import one_process_crawl, push_start_urls, start_crawlers
from example_project.samplesites import SampleSites, load_sites
from scrapy_webclean import extract
from scrapy_webclean._treestore import decode_tree

#: Seconds the sample server waits before each response: the crawl lasts
#: long enough for every process to take part.
LATENCY = 0.3
SETTINGS = {"WEBCLEAN_WORKERS": 1, "CONCURRENT_REQUESTS": 2, "MAX_IDLE_TIME_BEFORE_CLOSE": 3,
            "WEBCLEAN_SST_LOCK_TIMEOUT": 2}


def f1(a: str, b: str) -> float:
    x, y = a.split(), b.split()
    if not x and not y:
        return 1.0
    from collections import Counter

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


def distributed(n, tmp_path, redis_server, redis_url, sample, settings=SETTINGS, during=None):
    crawlers = start_crawlers(n, tmp_path, redis_url, sample.proxy, settings)
    client = redis_server.client()
    try:
        push_start_urls(client, sample.start_urls)
        if during is not None:
            during(crawlers, client)
        codes = [c.wait(180) for c in crawlers]
        trees = {key.decode().rsplit(":", 1)[1]: client.hgetall(key) for key in client.keys("webclean:sst:tree:*")}
    finally:
        for c in crawlers:
            if c.proc.poll() is None:
                c.proc.kill()
        client.close()
    return crawlers, codes, trees


def test_three_processes_learn_each_tree_once(tmp_path, redis_server, redis_url, sample):
    crawlers, codes, trees = distributed(3, tmp_path, redis_server, redis_url, sample)
    assert codes == [0, 0, 0], [c.log.read_text()[-3000:] for c in crawlers]
    stats = [c.stats() for c in crawlers]
    items = [item for c in crawlers for item in c.items()]
    # Every process took part.
    assert all(s.get("response_received_count", 0) > 0 for s in stats), stats
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
