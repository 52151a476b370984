"""scrapy-webclean: clean article text from Scrapy crawls.

Public API::

    available_extractors() -> list[str]
    extract(body, url=None, *, encoding=None, extractor="auto", site_tree=None, **options)
        -> ExtractResult (.text, .title, .html, .markdown, .extractor, metadata)
    classify(body, url=None, *, encoding=None) -> PageKind (.kind "hub"|"content", .score)
"""

from ._api import ExtractResult, extract
from ._classify import PageKind, classify
from ._registry import available_extractors
from .errors import (
    ExtractionTimeout,
    InvalidOptionError,
    SiteTreeError,
    UnknownExtractorError,
    WebcleanError,
)

__version__ = "0.1.0"

__all__ = [
    "ExtractResult",
    "ExtractionTimeout",
    "InvalidOptionError",
    "PageKind",
    "SiteTreeError",
    "UnknownExtractorError",
    "WebcleanError",
    "available_extractors",
    "classify",
    "extract",
]
