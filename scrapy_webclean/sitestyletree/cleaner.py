"""Cleaning a page: :class:`CompiledSiteTree`, the frozen part of a tree that
can remove anything, mapped onto the page (see docs/sitestyletree.md)."""

from __future__ import annotations

import math
from typing import Any, Callable

from .._cache import BoundedCache
from .._document import Document
from .features import SKIPPED, content_features, lead_token, node_features, own_text
from .keys import AttrKey, default_key_function, presentation_key
from .learning import Element

class CompiledSiteTree:
    """A frozen cleaner made by :meth:`SiteStyleTree.compile`.

    It keeps, as flat tables, only the tree paths that lead to low nodes:
    ``keys`` (presentation key -> id), ``children`` (``(node, key id)`` ->
    child node number), ``low`` (per compiled node) and
    ``template`` (per low node with text, the features on at least half of
    the pages that had the node, and on two or more), ``labels`` (per
    labelled line, the first token its text must begin with). It pickles small and
    fast (no nesting) and has the tree's :meth:`noise_mask`. ``pages`` and
    ``threshold`` say what it was made from.
    """

    _STATE = ("attr_key", "keys", "children", "low", "branches", "template", "labels", "pages", "threshold")
    __slots__ = (*_STATE, "_verdicts")

    def __init__(self, attr_key: AttrKey, keys: dict[tuple[str, str], int], children: dict[tuple, int],
                 low: bytearray, branches: bytearray, template: dict[int, frozenset[str] | None],
                 labels: dict[int, str], pages: int, threshold: float) -> None:
        self.attr_key = attr_key
        self.keys = keys
        self.children = children
        self.low = low
        self.branches = branches
        self.template = template
        self.labels = labels
        self.pages = pages
        self.threshold = threshold
        #: (low node, own text of a page node mapped to it) -> whether that
        #: text is the template's (see _seen_text): a site's pages repeat
        #: their template lines, and most of them come again and again.
        self._verdicts: BoundedCache[tuple[int, str], bool] = BoundedCache(_VERDICTS_MAX)

    @classmethod
    def from_tree(cls, root: Element, keys: list[tuple[str, str]], attr_key: AttrKey, pages: int,
                  threshold: float) -> CompiledSiteTree:
        """The cleaner of the marked tree under ``root`` (``keys``: key id -> key)."""
        low = bytearray(1)
        branches = bytearray(1)
        children: dict[tuple, int] = {}
        template: dict[int, frozenset[str] | None] = {}
        labels: dict[int, str] = {}
        used: set[int] = set()
        stack: list[tuple[Element, int]] = [(root, 0)]
        while stack:
            e, idx = stack.pop()
            if e.label is not None:
                labels[idx] = e.label
            if e.field:
                template[idx] = None  # a field of a template block: its text is not checked
            elif e.low and e.features:
                # Template text recurs: on two pages or more, and on at least
                # the square root of the pages that have the node.
                floor = max(2, math.ceil(math.sqrt(e.m)))
                template[idx] = frozenset(f for f, c in e.features.items() if c >= floor)
            if not e.any_low or not e.children:
                continue
            for k, c in e.children.items():
                if not c.any_low:
                    continue  # nothing under it can go: an unmapped page node is kept alike
                child = len(low)
                children[(idx, k)] = child
                used.add(k)
                branches[idx] = 1
                low.append(1 if c.low else 0)
                branches.append(0)
                stack.append((c, child))
        return cls(attr_key, {keys[k]: k for k in used}, children, low, branches, template, labels, pages, threshold)

    def __getstate__(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in self._STATE}

    def __setstate__(self, state: dict[str, Any]) -> None:
        for name in self._STATE:
            setattr(self, name, state.get(name, {}) if name == "labels" else state[name])
        self._verdicts = BoundedCache(_VERDICTS_MAX)

    def __repr__(self) -> str:
        return f"<CompiledSiteTree pages={self.pages} nodes={len(self.low)}>"

    def noise_mask(self, doc: Document, *, fields: bool = True) -> bytearray:
        """1 for every node of ``doc`` that is template noise (subtrees marked whole).

        See docs/sitestyletree.md: a page subtree goes when every visible
        node in it maps to a low tree node and holds mostly text seen on
        other pages there; unseen nodes and ``<body>`` stay. Without
        ``fields``, the fields of labelled blocks and the labelled lines
        (new text in a template place) stay too.
        """
        n = len(doc)
        mask = bytearray(n)
        if not n or not self.children:
            return mask
        noise = self._noise(doc, self._mapped(doc), fields)
        end = doc.end
        i, stop = doc.body + 1, end[doc.body]
        while i < stop:
            if noise[i]:
                mask[i:end[i]] = b"\x01" * (end[i] - i)
                i = end[i]
            else:
                i += 1
        return mask

    def _key_function(self, doc: Document) -> Callable[[int], int]:
        """Page node -> the key id it has in this tree (-1: a key the tree has not)."""
        tags, attr_key, key_ids = doc.tags, self.attr_key, self.keys
        if attr_key is presentation_key:
            node_key = default_key_function(doc)

            def key_of(i: int) -> int:
                return key_ids.get((tags[i], node_key(i)), -1)
        else:
            def key_of(i: int) -> int:
                return key_ids.get((tags[i], str(attr_key(tags[i], doc.attrs(i)))), -1)
        return key_of

    def _mapped(self, doc: Document) -> list[int]:
        """Per page node, the compiled node it maps to (-1: none)."""
        tags, end = doc.tags, doc.end
        children, branches, labels = self.children, self.branches, self.labels
        key_of = self._key_function(doc)
        body = doc.body
        mapped = [-1] * len(doc)
        stack: list[tuple[int, int]] = []
        top = children.get((0, key_of(body)))
        if top is not None:
            stack.append((body, top))
        while stack:
            i, e = stack.pop()
            label = labels.get(e)
            if label is not None and lead_token(own_text(doc, i)) != label:
                continue  # a labelled line without its label: new text, kept with all below it
            mapped[i] = e
            if not branches[e]:
                continue
            # Each visible child goes to the tree child with its key (the
            # runs features.child_runs collapses map node by node all the same).
            j, last = i + 1, end[i]
            while j < last:
                if tags[j] not in SKIPPED:
                    child = children.get((e, key_of(j)))
                    if child is not None:
                        stack.append((j, child))
                j = end[j]
        return mapped

    def _noise(self, doc: Document, mapped: list[int], fields: bool) -> bytearray:
        """1 for every page node that is noise, its subtree not yet marked (``fields``: see :meth:`noise_mask`)."""
        # Children before parents: a node is noise when it maps to a low node,
        # its own text is the template's, and every visible child is noise.
        n = len(doc)
        tags, end, parent, body = doc.tags, doc.end, doc.parent, doc.body
        low = self.low
        blocked = bytearray(n)
        noise = bytearray(n)
        template, verdicts, own = self.template, self._verdicts, doc.own_len
        for i in range(end[body] - 1, body, -1):
            if tags[i] in SKIPPED or tags[i] in _BREAKS:
                continue  # (a line break goes with what holds it, never alone: the lines around it would join)
            e = mapped[i]
            if e < 0 or not low[e] or blocked[i]:
                blocked[parent[i]] = 1
                continue
            known = template.get(e, _NO_TEXT)
            if known is None and not fields:  # a field (or labelled line) kept, and what holds it
                blocked[parent[i]] = 1
                continue
            if known is None or (not own[i] and tags[i] != "img"):
                noise[i] = 1  # no text to check (see _seen_text)
                continue
            if tags[i] == "img":
                seen = _seen_text(doc, i, known)
            else:
                text = own_text(doc, i)
                cached = verdicts.get((e, text))
                if cached is None:
                    seen = _text_seen(text, known)
                    if len(text) <= _VERDICT_MAX_CHARS:
                        verdicts.put((e, text), seen)
                else:
                    seen = cached
            if seen:
                noise[i] = 1
            else:
                blocked[parent[i]] = 1
        return noise


#: Share of a page node's own features that must be the tree node's template
#: features for the page node to be template.
TEMPLATE_SHARE = 0.5


_NO_TEXT: frozenset[str] = frozenset()
#: Elements that part a text's lines and words.
_BREAKS = frozenset({"br", "wbr"})
#: Verdicts a compiled tree keeps (cleared when full), and the longest
#: text kept with one: a site's template has a few hundred lines (about 400
#: on site-bbc, 500 on site-163, of 6 to 12 characters on average), and a
#: worker keeps up to WORKER_TREE_CACHE trees, each at most about 2 MB so.
_VERDICTS_MAX = 1 << 12
_VERDICT_MAX_CHARS = 300


def _seen_text(doc: Document, i: int, known: frozenset[str] | None) -> bool:
    """Whether the text directly in page node ``i`` is mostly what the tree
    saw on several pages there (a node without text passes; ``known`` None:
    any text passes)."""
    if known is None:
        return True
    if not doc.own_len[i] and doc.tags[i] != "img":
        return True  # no text directly in it (own_len counts what _own_text joins)
    return _features_seen(node_features(doc, i), known)


def _text_seen(text: str, known: frozenset[str]) -> bool:
    """:func:`_seen_text` for the own text of a page node that is no image."""
    return _features_seen(content_features(text), known)


def _features_seen(feats: set[str], known: frozenset[str]) -> bool:
    if not feats:
        return True
    if not known:
        return False
    hits = sum(1 for f in feats if f in known)
    return hits >= TEMPLATE_SHARE * len(feats)
