"""Site style tree (SST): learn a site's template from its pages, then clean any page of it.

Seed 001 (Yi, Liu and Li, "Eliminating noisy information in web pages for
data mining", KDD 2003). The model, its importance measures and the choices
made beyond the paper are described in docs/sitestyletree.md.

The modules: :mod:`.keys` (the presentation key of an element),
:mod:`.features` (what a page node brings: child runs, own text, content
features, first token), :mod:`.learning` (the tree's nodes, merging a page),
:mod:`.marks` (importance; low, noisy, fields, labelled lines),
:mod:`.storage` (JSON rows and files), :mod:`.cleaner`
(:class:`CompiledSiteTree`, which cleans pages) and :mod:`.tree`
(:class:`SiteStyleTree`).
"""

from .cleaner import CompiledSiteTree
from .features import content_features, lead_token
from .keys import presentation_key
from .storage import FORMAT, FORMAT_VERSION
from .tree import SiteStyleTree

__all__ = ["SiteStyleTree", "CompiledSiteTree", "presentation_key", "content_features", "lead_token", "FORMAT",
           "FORMAT_VERSION"]
