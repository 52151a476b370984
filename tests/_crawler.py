"""Crawlers for tests that build scrapy-webclean components without a crawl.

:func:`webclean_crawler` is what the ``webclean_crawler`` fixture of
``conftest.py`` gives; test modules whose helpers build components call it
directly.
"""

from __future__ import annotations

from typing import Any

from scrapy.utils.misc import build_from_crawler
from scrapy.utils.test import get_crawler

#: Workers run inline (in the test's process) unless a test sets WEBCLEAN_WORKERS.
INLINE = {"WEBCLEAN_WORKERS": 0}


def webclean_crawler(*components: type, settings: dict[str, Any] | None = None, **more: Any) -> tuple[Any, ...]:
    """``(crawler, *instances)``: a crawler from :func:`scrapy.utils.test.get_crawler`
    with ``settings`` (and ``more``; ``WEBCLEAN_WORKERS=0`` unless given),
    and ``components`` built on it in the order given, then opened the way
    a crawl opens them (``spider_opened``, ``open_spider``)."""
    crawler = get_crawler(settings_dict={**INLINE, **(settings or {}), **more})
    built = [build_from_crawler(component, crawler) for component in components]
    for instance in built:
        opened = getattr(instance, "spider_opened", None) or getattr(instance, "open_spider", None)
        if opened is not None:
            opened()
    return (crawler, *built)
