"""Addon: one line in ADDONS enables everything, never over the user's settings."""

from __future__ import annotations

from scrapy.utils.test import get_crawler

from scrapy_webclean import Addon
from scrapy_webclean.downloadermiddlewares.pagetype import PageTypeMiddleware
from scrapy_webclean.extensions.sitestyletree import SiteStyleTreeExtension
from scrapy_webclean.pipelines.extraction import ExtractionPipeline
from scrapy_webclean.settings import DEFAULTS
from scrapy_webclean.spidermiddlewares.pagesource import PageSourceMiddleware

ADDONS = {"ADDONS": {"scrapy_webclean.Addon": 100}}


def components(settings, name):
    return {cls: order for cls, order in settings.getdict(name).items()}


def test_enables_every_component_in_order():
    settings = get_crawler(settings_dict=ADDONS).settings
    assert components(settings, "DOWNLOADER_MIDDLEWARES")[PageTypeMiddleware] == 540
    assert components(settings, "SPIDER_MIDDLEWARES")[PageSourceMiddleware] == 20
    assert components(settings, "ITEM_PIPELINES")[ExtractionPipeline] == 100
    assert SiteStyleTreeExtension in components(settings, "EXTENSIONS")
    for name, default in DEFAULTS.items():
        assert settings.get(name) == default, name


def test_user_settings_and_placements_win():
    settings = get_crawler(settings_dict={
        **ADDONS, "WEBCLEAN_WORKERS": 3, "WEBCLEAN_EXTRACTOR": "link_density",
        "ITEM_PIPELINES": {"scrapy_webclean.pipelines.extraction.ExtractionPipeline": 700},
        "DOWNLOADER_MIDDLEWARES": {PageTypeMiddleware: None},
    }).settings
    assert settings.getint("WEBCLEAN_WORKERS") == 3
    assert settings.get("WEBCLEAN_EXTRACTOR") == "link_density"
    assert list(settings.getdict("ITEM_PIPELINES").values()) == [700]
    assert settings.getdict("DOWNLOADER_MIDDLEWARES") == {PageTypeMiddleware: None}


def test_addon_is_the_public_name():
    from scrapy_webclean.addon import Addon as Direct

    assert Addon is Direct
