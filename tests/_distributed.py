"""Run the distributed example (``scrapy crawl news_redis``) in several processes.

Used by test_redis_crawl.py and tests/benchmarks/redis_crawl.py: the bundled
sample sites are served once, in this process (as ``python -m
example_project.samplesites`` would), and every crawler reaches them through
that proxy; start URLs are pushed to Redis once every crawler is up.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
TESTS = Path(__file__).resolve().parent
CRAWLED = re.compile(r"Crawled \((\d+)\) <GET (\S+)>")
STATS = re.compile(r"'((?:webclean/|response_received_count|item_scraped_count)[^']*)': ([0-9.]+)")


def env() -> dict[str, str]:
    path = os.pathsep.join(filter(None, [str(ROOT), str(TESTS), os.environ.get("PYTHONPATH")]))
    return {**os.environ, "PYTHONPATH": path}


def settings_args(settings: dict[str, Any]) -> list[str]:
    return [arg for name, value in settings.items() for arg in ("-s", f"{name}={value}")]


class Crawler:
    """One ``scrapy crawl`` process and what it wrote."""

    def __init__(self, cmd: list[str], feed: Path, log: Path) -> None:
        self.feed, self.log = feed, log
        self._log = log.open("w")
        self.proc = subprocess.Popen(cmd, cwd=ROOT, env=env(), stdout=subprocess.DEVNULL, stderr=self._log)

    def wait(self, timeout: float) -> int:
        try:
            return self.proc.wait(timeout)
        finally:
            self._log.close()

    def started(self) -> bool:
        return "Spider opened" in self.log.read_text(errors="replace")

    def items(self) -> list[dict[str, Any]]:
        if not self.feed.exists():
            return []
        return [json.loads(line) for line in self.feed.read_text(encoding="utf-8").splitlines() if line.strip()]

    def crawled(self) -> list[str]:
        """The URLs of the responses received (from the DEBUG log)."""
        return [url for _status, url in CRAWLED.findall(self.log.read_text(errors="replace"))]

    def stats(self) -> dict[str, float]:
        return {k: float(v) for k, v in STATS.findall(self.log.read_text(errors="replace"))}


def crawl_command(spider: str, feed: Path, settings: dict[str, Any], *args: str) -> list[str]:
    stamp = {"ITEM_PIPELINES": json.dumps({"_stamp.StampPipeline": 900}), "LOG_LEVEL": "DEBUG"}
    return [sys.executable, "-m", "scrapy", "crawl", spider, "-O", str(feed), *args,
            *settings_args({**stamp, **settings})]


def start_crawlers(n: int, tmp: Path, redis_url: str, proxy: str, settings: dict[str, Any]) -> list[Crawler]:
    """``n`` crawler processes of the distributed spider, each up when this returns."""
    crawlers = []
    for i in range(n):
        feed = tmp / f"items{i}.jsonl"
        # One start URL per process and idle check: each of the first ones takes a site.
        cmd = crawl_command("news_redis", feed, {"REDIS_URL": redis_url, **settings}, "-a", f"proxy={proxy}",
                            "-a", "redis_batch_size=1")
        crawlers.append(Crawler(cmd, feed, tmp / f"crawler{i}.log"))
    deadline = time.monotonic() + 60
    while not all(c.started() for c in crawlers):
        if time.monotonic() > deadline or any(c.proc.poll() is not None for c in crawlers):
            raise RuntimeError("a crawler did not start: " + "".join(c.log.read_text()[-2000:] for c in crawlers))
        time.sleep(0.1)
    return crawlers


def push_start_urls(client: Any, urls: list[str]) -> None:
    client.rpush("news_redis:start_urls", *urls)


def one_process_crawl(tmp: Path, settings: dict[str, Any]) -> Crawler:
    """The example spider alone (files, its own sample server), for comparison."""
    feed = tmp / "single.jsonl"
    crawler = Crawler(crawl_command("news", feed, {"WEBCLEAN_SST_DIR": str(tmp / "sst-single"), **settings}),
                      feed, tmp / "single.log")
    return crawler
