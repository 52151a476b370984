"""``sst``: the page minus its site's template (seed 001, site style tree).

The cleaning itself happens in :func:`scrapy_webclean.extract`, which maps
the page onto the :class:`~scrapy_webclean.SiteStyleTree` given as
``site_tree`` and removes what the tree marks as template; this extractor
then returns everything left in ``<body>``, so its text is the cleaned
page's own. Without a tree it raises
:class:`~scrapy_webclean.errors.SiteTreeError`.
"""

from __future__ import annotations

from typing import Any, Mapping

from .._render import NodeSelection
from .base import Document, Extractor, SelectionResult, register


@register
class SiteStyleTreeExtractor(Extractor):
    name = "sst"
    summary = "seed 001: the page minus the site template learned by a SiteStyleTree (needs site_tree=)"
    needs_site_tree = True

    def select(self, doc: Document, opts: Mapping[str, Any]) -> SelectionResult:
        return SelectionResult(NodeSelection(doc, doc.body))
