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
