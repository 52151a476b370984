"""scrapy-webclean: clean article text from Scrapy crawls.

Public API::

    available_extractors() -> list[str]
    extract(body, url=None, *, encoding=None, extractor="auto", site_tree=None,
            time_limit=15.0, max_body_size=10 MiB, **options)
        -> ExtractResult (.text, .title, .html, .markdown, .extractor, metadata)
    classify(body, url=None, *, encoding=None) -> PageKind (.kind "hub"|"content", .score)
    SiteStyleTree(*, threshold=, gamma=0.9, max_pages=, attr_key=)
        .add_page(body, url=None, *, encoding=None) -> bool, .noise_mask(doc),
        .compile(), .save(path), SiteStyleTree.load(path)
"""

from ._api import ExtractResult, extract
from ._classify import PageKind, classify
from ._deadline import time_limit
from .extractors import available_extractors
from .sitestyletree import CompiledSiteTree, SiteStyleTree, presentation_key
from .errors import (
    BodyTooLargeError,
    ExtractionTimeout,
    InvalidBodyError,
    InvalidOptionError,
    SiteTreeError,
    UnknownExtractorError,
    WebcleanError,
)

__version__ = "0.1.0"


def __getattr__(name: str):
    # The Scrapy add-on is imported on demand: the extraction API (and the
    # worker processes) do not need Scrapy loaded.
    if name == "Addon":
        from .addon import Addon

        return Addon
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

__all__ = [
    "Addon",
    "BodyTooLargeError",
    "CompiledSiteTree",
    "ExtractResult",
    "ExtractionTimeout",
    "InvalidBodyError",
    "InvalidOptionError",
    "PageKind",
    "SiteStyleTree",
    "SiteTreeError",
    "UnknownExtractorError",
    "WebcleanError",
    "available_extractors",
    "classify",
    "extract",
    "time_limit",
    "presentation_key",
]
