"""``auto``: the default extractor.

Until the combined extractor lands, ``auto`` runs the best seed method on
the shared corpora (relative link density) with its defaults.
"""

from __future__ import annotations

from .._registry import register
from .relative_link_density import RelativeLinkDensityExtractor


@register
class AutoExtractor(RelativeLinkDensityExtractor):
    name = "auto"
    summary = "the default: currently relative link density"
