"""The reliable scrapy-redis queue: in-flight requests leased, acknowledged, put back.

Each "process" is a queue of its own (its own crawler, lease and in-flight
hash) on the real redis-server of the ``redis_server`` fixture; a process
"dies" by no longer calling Redis, its requests still held.
"""

from __future__ import annotations

import gc
import threading
import time

import pytest

pytest.importorskip("scrapy_redis")

from scrapy import Request, Spider  # noqa: E402
from scrapy.exceptions import DontCloseSpider  # noqa: E402
from scrapy.utils.test import get_crawler  # noqa: E402

from scrapy_webclean.errors import InvalidSettingError  # noqa: E402
from scrapy_webclean.redisqueue import ReliablePriorityQueue, ReliableScheduler  # noqa: E402

KEY = "%(spider)s:requests"


def process(redis_server, lease=30.0):
    crawler = get_crawler(Spider, {"WEBCLEAN_QUEUE_LEASE": lease})
    spider = Spider.from_crawler(crawler, name="q")
    return ReliablePriorityQueue(redis_server.client(), spider, KEY)


def requeued(queue):
    return queue.crawler.stats.get_value("webclean/queue/requeued", 0)


def held(client, queue):
    return client.hgetall(queue.inflight_key)


@pytest.fixture
def client(redis_server, redis_url):
    c = redis_server.client()
    yield c
    c.close()


def test_a_pop_moves_the_request_into_the_process_hold(redis_server, client):
    q = process(redis_server)
    q.push(Request("http://a.example/low", priority=0))
    q.push(Request("http://a.example/high", priority=5))
    request = q.pop()
    assert request.url == "http://a.example/high" and request.priority == 5
    assert client.zcard("q:requests") == 1
    [(token, entry)] = held(client, q).items()
    score, data = entry.split(b" ", 1)
    assert score == b"-5" and q._decode_request(data).url == request.url
    assert client.zscore("q:requests:leases", q.process) > time.time() * 1000


def test_a_request_is_acknowledged_once_the_engine_lets_go_of_it(redis_server, client):
    q = process(redis_server)
    q.push(Request("http://a.example/1"))
    q.push(Request("http://a.example/2"))
    first = q.pop()
    q.heartbeat()
    assert len(held(client, q)) == 1  # still held: not done
    del first
    gc.collect()
    second = q.pop()  # the acknowledgement goes with the next call
    assert [q._decode_request(e.split(b" ", 1)[1]).url for e in held(client, q).values()] == [second.url]
    del second
    q.heartbeat()
    assert held(client, q) == {}
    assert client.zcard("q:requests") == 0


def test_an_expired_lease_is_put_back_once_as_stored(redis_server, client):
    dead = process(redis_server, lease=0.3)
    for i in range(3):
        dead.push(Request(f"http://a.example/{i}", priority=i))
    stored = set(client.zrange("q:requests", 0, -1, withscores=True))
    taken = [dead.pop() for _ in range(3)]  # noqa: F841 - held until it dies
    live = process(redis_server)
    live.heartbeat()
    assert requeued(live) == 0 and client.zcard("q:requests") == 0  # its lease runs
    time.sleep(0.4)
    live.heartbeat()
    assert requeued(live) == 3
    # Put back raw, with their priority, not through the dupefilter.
    assert set(client.zrange("q:requests", 0, -1, withscores=True)) == stored
    assert not client.exists(dead.inflight_key)
    assert client.zscore("q:requests:leases", dead.process) is None
    live.heartbeat()
    assert requeued(live) == 3
    assert [live.pop().url for _ in range(3)] == [f"http://a.example/{i}" for i in (2, 1, 0)]


def test_two_processes_finding_the_same_dead_one_put_back_once(redis_server, client):
    dead = process(redis_server, lease=0.2)
    for i in range(50):
        dead.push(Request(f"http://a.example/{i}"))
    taken = [dead.pop() for _ in range(50)]  # noqa: F841
    reclaimers = [process(redis_server), process(redis_server)]
    time.sleep(0.3)
    start = threading.Barrier(2)

    def reclaim(q):
        start.wait()
        for _ in range(20):
            q.heartbeat()

    threads = [threading.Thread(target=reclaim, args=(q,)) for q in reclaimers]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sum(requeued(q) for q in reclaimers) == 50
    assert client.zcard("q:requests") == 50


def test_a_process_whose_lease_ran_out_goes_on(redis_server, client):
    slow = process(redis_server, lease=0.2)
    slow.push(Request("http://a.example/1"))
    slow.push(Request("http://a.example/2"))
    first = slow.pop()
    time.sleep(0.3)
    other = process(redis_server)
    other.heartbeat()
    assert requeued(other) == 1
    # The stalled process comes back: it says so, and takes requests again.
    del first
    assert slow.pop() is not None
    assert slow.crawler.stats.get_value("webclean/queue/lease_lost") == 1
    assert len(held(client, slow)) == 1


def test_an_idle_process_stays_open_while_another_holds_requests(redis_server, client):
    a, b = process(redis_server), process(redis_server)
    for i in range(3):
        a.push(Request(f"http://a.example/{i}"))
    taken = a.pop()  # noqa: F841 - a's engine is busy with it
    with pytest.raises(DontCloseSpider):
        b.spider_idle()
    # a's engine idle: everything it took is done (acknowledged), and b holds nothing.
    a.spider_idle()
    assert held(client, a) == {}
    b.spider_idle()
    assert len(a) == len(b) == 2


def test_close_gives_up_the_hold_and_the_lease(redis_server, client):
    q = process(redis_server)
    q.push(Request("http://a.example/1"))
    taken = q.pop()  # noqa: F841
    q.close()
    assert not client.exists(q.inflight_key)
    assert client.zscore("q:requests:leases", q.process) is None


def test_clear_forgets_queue_and_holds(redis_server, client):
    q = process(redis_server)
    q.push(Request("http://a.example/1"))
    q.push(Request("http://a.example/2"))
    taken = q.pop()  # noqa: F841
    q.clear()
    assert client.keys("q:*") == []


@pytest.mark.parametrize("lease", [0, -1, "soon"])
def test_a_bad_lease_names_the_setting(redis_server, client, lease):
    with pytest.raises(InvalidSettingError, match="WEBCLEAN_QUEUE_LEASE"):
        process(redis_server, lease=lease)


def test_the_scheduler_marks_seen_and_queues_in_one_script(redis_server, redis_url, client):
    crawler = get_crawler(Spider, {"REDIS_URL": redis_url, "DUPEFILTER_CLASS": "scrapy_redis.dupefilter.RFPDupeFilter",
                                   "SCHEDULER_QUEUE_CLASS": "scrapy_webclean.redisqueue.ReliablePriorityQueue"})
    spider = Spider.from_crawler(crawler, name="q")
    scheduler = ReliableScheduler.from_crawler(crawler)
    scheduler.open(spider)
    assert scheduler.enqueue_request(Request("http://a.example/1", priority=3))
    client.config_resetstat()
    assert scheduler.enqueue_request(Request("http://a.example/2"))
    # One round trip: a script that marks it seen and queues it.
    calls = {k: v["calls"] for k, v in client.info("commandstats").items() if not k.startswith(("cmdstat_info", "cmdstat_config"))}
    assert calls == {"cmdstat_evalsha": 1, "cmdstat_sadd": 1, "cmdstat_zadd": 1}
    assert not scheduler.enqueue_request(Request("http://a.example/1"))
    assert scheduler.enqueue_request(Request("http://a.example/1", dont_filter=True))
    assert client.scard("q:dupefilter") == 2
    assert client.zcard("q:requests") == 3
    assert scheduler.queue.pop().priority == 3
    assert crawler.stats.get_value("scheduler/enqueued/redis") == 3
