"""Relative link density (seed 004, HtmlMainContentExtractor).

First the page's average link rate ``totalLinkLen / totalLen`` is measured
(with the seed's heuristic tags removed). Then, bottom-up, a *container*
(div, table, td, ul, span, ...) is removed when its link rate reaches
``rate`` times the page average, or when it holds ``min_len`` characters or
fewer (span is exempt from the length test). What survives is the content.
Tag names are compared case-insensitively; the text keeps its case (the
seed lower-cased the whole page, which we do not copy).
"""

from __future__ import annotations

from typing import Any, Mapping

from .._deadline import children_first
from .._render import NodeSelection
from .base import Document, Extractor, Option, SelectionResult, register

REMOVE_TAGS = ("script", "noscript", "style", "meta", "input", "iframe", "embed", "hr", "img", "link", "label")
CONTAINER_TAGS = ("div", "table", "td", "th", "tbody", "thead", "tfoot", "col", "colgroup", "ul", "ol", "html",
                  "center", "span", "form")
IGNORE_LENGTH_TAGS = ("span",)


@register
class RelativeLinkDensityExtractor(Extractor):
    name = "relative_link_density"
    summary = "seed 004: remove containers denser in links than the page average"
    options = (
        Option("rate", 1.1, float, "remove a container whose link rate >= rate x the page average", minimum=0.0),
        Option("min_len", 20, int, "remove a container with this many characters or fewer", minimum=0),
        Option("remove_tags", REMOVE_TAGS, "strings", "tags removed before measuring"),
        Option("container_tags", CONTAINER_TAGS, "strings", "tags that may be removed as containers"),
        Option("ignore_length_tags", IGNORE_LENGTH_TAGS, "strings", "containers exempt from the length test"),
    )

    def select(self, doc: Document, opts: Mapping[str, Any]) -> SelectionResult:
        m = doc.compute_measures(opts["remove_tags"])
        excluded = m.excluded
        n = len(doc)
        root = 0
        total_len = m.text_len[root]
        total_link = m.link_len[root]
        avg = total_link / total_len if total_len else 0.0
        threshold = opts["rate"] * avg
        min_len = opts["min_len"]
        containers = frozenset(opts["container_tags"])
        no_len = frozenset(opts["ignore_length_tags"])
        tags, parent, own = doc.tags, doc.parent, doc.own_len
        total = [0] * n
        link = [0] * n
        drop = bytearray(n)
        for i in children_first(excluded):
            t = total[i] + own[i]
            lk = link[i]
            tag = tags[i]
            if tag in containers:
                if (tag not in no_len and t <= min_len) or (lk > 0 and lk / t >= threshold):
                    drop[i] = 1
                    continue
            elif tag == "a":
                lk += t
            p = parent[i]
            if p >= 0:
                total[p] += t
                link[p] += lk
        return SelectionResult(NodeSelection(doc, doc.body, drop, excluded=excluded))
