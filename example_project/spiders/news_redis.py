"""``scrapy crawl news_redis``: the news crawl shared by many processes (scrapy-redis).

Every process started with ``scrapy crawl news_redis`` takes requests from
one scheduler queue and dupefilter in Redis (``REDIS_URL``, default
``redis://localhost:6379``), and the site style trees are shared through
the same server: each site's tree is learned once, by one of the processes,
and used by all (see docs/distributed.md). The crawl starts from the URLs
pushed to the ``news_redis:start_urls`` list::

    redis-cli lpush news_redis:start_urls https://www.bbc.com/news

With ``-a proxy=http://127.0.0.1:PORT`` the processes crawl the bundled
sample sites served by ``python -m example_project.samplesites`` (one
server for all of them): push its start URLs, which that command prints.
A process closes once it has had nothing to do for
``MAX_IDLE_TIME_BEFORE_CLOSE`` seconds.
"""

from __future__ import annotations

import json
import time
from typing import Any

import scrapy

from .news import NewsSpider

try:
    from scrapy_redis.spiders import RedisSpider
except ImportError:  # pip install 'scrapy-webclean[redis]' for this spider; `news` works without
    RedisSpider = None


if RedisSpider is not None:
    class NewsRedisSpider(NewsSpider, RedisSpider):
        """:class:`NewsSpider` fed by Redis: start URLs, scheduler and dupefilter."""

        name = "news_redis"
        custom_settings = {
            "DEPTH_LIMIT": 2,
            # scrapy-redis's scheduler and dupefilter, with a queue that loses
            # none of the requests a process took when it dies (the others put
            # them back once its lease runs out), and a new request marked seen
            # and queued at once.
            "SCHEDULER": "scrapy_webclean.redisqueue.ReliableScheduler",
            "DUPEFILTER_CLASS": "scrapy_redis.dupefilter.RFPDupeFilter",
            "SCHEDULER_QUEUE_CLASS": "scrapy_webclean.redisqueue.ReliablePriorityQueue",
            # The first process to finish must not empty the queue of the others.
            "SCHEDULER_PERSIST": True,
            "MAX_IDLE_TIME_BEFORE_CLOSE": 30,
            "REDIS_URL": "redis://localhost:6379",
        }

        def serves_sample(self) -> bool:
            # The start URLs come from Redis: the bundle only through a running server.
            return bool(self.proxy)

        async def start(self) -> Any:
            # scrapy-redis sets this when its module is imported, and a
            # process slow to start would count that as idle time.
            self.spider_idle_start_time = int(time.time())
            for request in self.next_requests():
                yield request

        def make_request_from_data(self, data: bytes) -> scrapy.Request | None:
            """A start URL pushed to Redis: plain, or JSON ``{"url": ...}``."""
            text = data.decode(self.redis_encoding or "utf-8").strip()
            if text.startswith("{"):
                text = str(json.loads(text).get("url") or "")
            if not text:
                return None
            url = self.sample.local_url(text) if self.sample is not None else text
            return self.request(url)

