"""An item pipeline for the multi-process crawl tests: when each item was done."""

from __future__ import annotations

import os
import time
from typing import Any


class StampPipeline:
    """Adds ``done_at`` (Unix time) and ``pid`` to each item, after scrapy-webclean's pipeline."""

    def process_item(self, item: Any, spider: Any = None) -> Any:
        item["done_at"] = time.time()
        item["pid"] = os.getpid()
        return item


class HubRecordMiddleware:
    """Records in Redis (``webclean-test:hubs``) each page whose callback
    yielded no item (a hub: its links are queued once its output is read),
    so that a test can tell the pages a killed process finished from those
    it lost."""

    def __init__(self, redis_url: str) -> None:
        import redis

        self.client = redis.Redis.from_url(redis_url)

    @classmethod
    def from_crawler(cls, crawler: Any) -> HubRecordMiddleware:
        return cls(crawler.settings["REDIS_URL"])

    async def process_spider_output(self, response: Any, result: Any, spider: Any = None) -> Any:
        from scrapy import Request

        items = 0
        async for output in result:
            items += not isinstance(output, Request)
            yield output
        if not items:
            self.client.rpush("webclean-test:hubs", response.url)
