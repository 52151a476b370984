"""The Scrapy side of scrapy-webclean: what the components of one crawl share.

:func:`coordinator` gives a crawler's :class:`Coordinator`; the components
hold it and never import each other (see :mod:`.coordinator`). This package
also exports what they share through it.
"""

from .coordinator import Coordinator, coordinator
from .plans import Extracted, ExtractionPlan, TreeEntry, site_affinity
from .sources import EXTRACTED_KEY, FAILED_KEY, ItemSources, PageSource, http_charset, is_html, page_source
from .treefiles import tree_filename
from .trees import SiteTrees

__all__ = ["EXTRACTED_KEY", "FAILED_KEY", "Coordinator", "Extracted", "ExtractionPlan", "ItemSources", "PageSource",
           "SiteTrees", "TreeEntry", "coordinator", "http_charset", "is_html", "page_source", "site_affinity",
           "tree_filename"]
