"""The Scrapy add-on: one line in ``ADDONS`` enables all of scrapy-webclean.

.. code-block:: python

    # settings.py
    ADDONS = {"scrapy_webclean.Addon": 100}

:class:`Addon` puts every ``WEBCLEAN_*`` default in the crawl's settings at
add-on priority, below the project's, a spider's ``custom_settings`` and
``-s`` (so a value the user set always wins), and plugs in each component at
its place, unless the user already placed (or disabled, with ``None``) it:

- :class:`~scrapy_webclean.downloadermiddlewares.pagetype.PageTypeMiddleware`
  at 540: after the responses are decompressed (590), redirected (600) and
  retried (550), so only final pages are tagged;
- :class:`~scrapy_webclean.spidermiddlewares.pagesource.PageSourceMiddleware`
  at 20: the outermost spider middleware, so it sees the items as they leave
  the spider middlewares for the pipelines;
- :class:`~scrapy_webclean.pipelines.extraction.ExtractionPipeline` at 100:
  before the usual storage and validation pipelines (300 and up), which then
  see the clean text;
- :class:`~scrapy_webclean.extensions.sitestyletree.SiteStyleTreeExtension`.

It then checks every ``WEBCLEAN_*`` setting: an invalid value stops the
crawl before its first request, with one line naming the setting, the value
and what is allowed; an unknown ``WEBCLEAN_*`` name gets a warning naming
the closest real one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .downloadermiddlewares.pagetype import PageTypeMiddleware
from .extensions.sitestyletree import SiteStyleTreeExtension
from .pipelines.extraction import ExtractionPipeline
from ._startup import crawler_config, warn_about_settings
from .settings import DEFAULTS
from .spidermiddlewares.pagesource import PageSourceMiddleware

if TYPE_CHECKING:
    from scrapy.crawler import Crawler
    from scrapy.settings import BaseSettings

    # typing.Self requires Python 3.11
    from typing_extensions import Self

__all__ = ["Addon"]

#: setting -> (component, order)
COMPONENTS = (
    ("DOWNLOADER_MIDDLEWARES", PageTypeMiddleware, 540),
    ("SPIDER_MIDDLEWARES", PageSourceMiddleware, 20),
    ("ITEM_PIPELINES", ExtractionPipeline, 100),
    ("EXTENSIONS", SiteStyleTreeExtension, 500),
)


class Addon:
    """Enable page tagging, extraction and site style trees in one crawl."""

    def __init__(self, crawler: Crawler | None = None) -> None:
        self.crawler = crawler

    @classmethod
    def from_crawler(cls, crawler: Crawler) -> Self:
        return cls(crawler)

    def update_settings(self, settings: BaseSettings) -> None:
        for name, value in DEFAULTS.items():
            # Ignored when the user set it at a higher priority.
            settings.set(name, value, priority="addon")
        for setting, component, order in COMPONENTS:
            settings.setdefault_in_component_priority_dict(setting, component, order)
        warn_about_settings(self.crawler, settings)
        if self.crawler is not None and self.crawler.settings is settings:
            crawler_config(self.crawler)  # raises, in one line, on an invalid value
