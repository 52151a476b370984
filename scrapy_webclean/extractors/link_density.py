"""Link-to-text ratio pruning (seed 000, HTMLExtractor).

Depth-first over the DOM, children before parents: a node whose
``linkNum / textNum`` exceeds ``ratio`` is deleted with its subtree, and a
deleted node no longer counts for its ancestors. ``linkNum`` counts the
``<a>`` elements *under* a node (its descendants) and ``textNum`` the
characters of text under it that are not inside one of those links, so an
``<a>`` inside kept prose is kept while a list item that is only a link goes.
A node with links but no other text is deleted; a node with neither is left
to its parent's decision. ``<html>`` and ``<body>`` are the page itself and
are never deleted. Text nodes containing a filter word are deleted too.

Why children first: judged top-down, an article container that also holds a
related-links box exceeds the ratio as a whole and the article is lost; the
seed's "depth-first traversal" leaves the order open.
"""

from __future__ import annotations

from typing import Any, Mapping

from .._deadline import children_first
from .._render import NodeSelection
from .base import Document, Extractor, Option, SelectionResult, register

#: The seed's default ``$ignoreTags``.
IGNORE_TAGS = ("script", "meta", "link", "object", "param", "noscript", "style", "form", "button",
               "input", "select", "iframe", "embed", "hr", "img")


@register
class LinkDensityExtractor(Extractor):
    name = "link_density"
    summary = "seed 000: prune nodes whose link/text ratio exceeds a threshold"
    options = (
        Option("ratio", 0.05, float, "delete a node when links / non-link characters exceeds this", minimum=0.0),
        Option("ignore_tags", IGNORE_TAGS, "strings", "tags deleted outright before pruning"),
        Option("filter_words", (), "strings", "delete text nodes containing any of these phrases"),
    )

    def select(self, doc: Document, opts: Mapping[str, Any]) -> SelectionResult:
        m = doc.compute_measures(opts["ignore_tags"])
        excluded = m.excluded
        tags, parent, own = doc.tags, doc.parent, doc.own_len
        ratio = opts["ratio"]
        n = len(doc)
        body = doc.body
        # Post-order: a node is judged on what is left under it once its
        # children were judged, so a related-links list goes before the
        # article container that holds it is measured.
        links = [0] * n
        text = [0] * n  # characters under the node not inside a link under it
        in_link = [0] * n  # characters under the node inside a link under it
        drop = bytearray(n)
        for i in children_first(excluded):
            own_text = text[i] + own[i]
            if (links[i] and (own_text <= 0 or links[i] / own_text > ratio)) and i > body:
                drop[i] = 1
                continue
            p = parent[i]
            if p < 0:
                continue
            if tags[i] == "a":
                links[p] += links[i] + 1
                in_link[p] += in_link[i] + own_text
            else:
                links[p] += links[i]
                text[p] += own_text
                in_link[p] += in_link[i]
        words = opts["filter_words"]
        pieces = _filtered_pieces(doc, words, m.excluded) if words else None
        return SelectionResult(NodeSelection(doc, body, drop, excluded=m.excluded, drop_pieces=pieces))


def _filtered_pieces(doc, words, excluded) -> set[tuple[int, bool]]:
    out = set()
    for i, t in enumerate(doc.texts):
        if t and not excluded[i] and any(w in t for w in words):
            out.add((i, False))
    for i, t in enumerate(doc.tails):
        if t and any(w in t for w in words):
            out.add((i, True))
    return out
