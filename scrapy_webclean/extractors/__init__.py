"""Extractors: the public interface (:mod:`.base`) and the built-in
extractors, which register themselves when this package is imported.

A third-party extractor subclasses :class:`Extractor` and is decorated
with :func:`register` (see :mod:`scrapy_webclean.extractors.base`)."""

from . import auto, line_block, link_density, punctuation_path, relative_link_density, sst  # noqa: F401
from .base import (BlockSelection, Document, Extractor, NodeSelection, Option, Selection, SelectionResult, SiteCleaner,
                   available_extractors, extractor_modules, get_extractor, register, resolve_options)

__all__ = ["BlockSelection", "Document", "Extractor", "NodeSelection", "Option", "Selection", "SelectionResult",
           "SiteCleaner", "available_extractors", "extractor_modules", "get_extractor", "register", "resolve_options"]
