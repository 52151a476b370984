"""Subtree aggregates per node: the measures every extractor reads (see
:class:`~scrapy_webclean._document.Document`, whose ``compute_measures``
hands :func:`measure` the page's node arrays and what to leave out)."""

from __future__ import annotations

from dataclasses import dataclass

from ._deadline import chunks_down
from ._parse import _CODE_TAGS, OwnPunct, _punct
from ._walk import positions

__all__ = ["Measures", "measure", "nonspace_len"]


@dataclass(frozen=True, slots=True)
class Measures:
    """Subtree aggregates per node (lists indexed by node number).

    ``text_len``: non-whitespace characters of visible text in the subtree;
    ``link_len``: those inside ``<a>``; ``link_count``: ``<a>`` elements;
    ``tag_count``: visible elements (the node included); ``link_tags``:
    elements inside or equal to an ``<a>``; ``cjk_punct``/``latin_punct``:
    sentence punctuation marks; ``cjk_stops``: Chinese full stops "。".
    ``excluded[i]`` is true for a node left out (and its subtree).
    """

    text_len: list[int]
    link_len: list[int]
    link_count: list[int]
    tag_count: list[int]
    link_tags: list[int]
    cjk_punct: list[int]
    latin_punct: list[int]
    cjk_stops: list[int]
    excluded: bytearray


def nonspace_len(s: str | None) -> int:
    """Characters of ``s`` that are not whitespace."""
    if not s:
        return 0
    return sum(map(len, s.split()))


def measure(tags: list[str], parent: list[int], texts: list[str | None], own_len: list[int], own_punct: OwnPunct,
            excluded: bytearray, shown: frozenset[str]) -> Measures:
    """The measures of a page from its node arrays (see
    :class:`~scrapy_webclean._document.Document`), leaving out the nodes
    flagged in ``excluded`` (and their subtrees): one loop over the
    arrays, children before parents; the lxml tree is not walked again.
    ``shown``: invisible tags whose text counts (the parse counted
    none of it in ``own_len`` and ``own_punct``)."""
    n = len(tags)
    # Start from what each node holds directly (its text and its
    # children's tails, counted once by the parse); an excluded node's
    # own share is dropped below, a tail still counts for its parent.
    text_len = list(own_len)
    link_len = [0] * n
    link_count = [0] * n
    tag_count = [1] * n
    link_tags = [0] * n
    cjk, latin, stops = list(own_punct.cjk), list(own_punct.latin), list(own_punct.stops)
    if shown:  # texts of invisible tags made visible: not counted by the parse
        _count_shown(tags, texts, excluded, shown, text_len, OwnPunct(cjk, latin, stops))
    # Children before parents, in chunks (the deadline checked between
    # them); every node but the root (0) has a parent.
    for lo, hi in chunks_down(1, n):
        for i, p, t, x in zip(range(hi - 1, lo - 1, -1), reversed(parent[lo:hi]), reversed(tags[lo:hi]),
                              reversed(excluded[lo:hi])):
            if x:
                text_len[i] = 0
                tag_count[i] = 0
                cjk[i] = latin[i] = stops[i] = 0
                # The node's own tail still counts for its parent (own_len has it).
                continue
            c = text_len[i]
            text_len[p] += c
            tag_count[p] += tag_count[i]
            if t == "a":
                link_len[i] = c
                link_count[i] += 1
                link_tags[i] = tag_count[i]
            # Most nodes hold no link and no punctuation: their zeros are not added.
            v = link_count[i]
            if v:
                link_count[p] += v
                link_len[p] += link_len[i]
                link_tags[p] += link_tags[i]
            v = latin[i]
            if v:
                latin[p] += v
            v = cjk[i]
            if v:
                cjk[p] += v
                stops[p] += stops[i]
    if n and excluded[0]:  # the root: no parent to add to
        text_len[0] = tag_count[0] = cjk[0] = latin[0] = stops[0] = 0
    elif n and tags[0] == "a":
        link_len[0] = text_len[0]
        link_count[0] += 1
        link_tags[0] = tag_count[0]
    return Measures(text_len, link_len, link_count, tag_count, link_tags, cjk, latin, stops, excluded)


def _count_shown(tags: list[str], texts: list[str | None], excluded: bytearray, shown: frozenset[str],
                 text_len: list[int], punct: OwnPunct) -> None:
    """Add the text of the nodes of ``shown`` tags not ``excluded`` to
    their own counts: characters (of code; the parse counted the other
    invisible tags' text), and punctuation. The nodes are found by tag
    (:func:`~scrapy_webclean._walk.positions`), not by a loop over every node."""
    cjk, latin, stops = punct
    for tag in shown:
        code = tag in _CODE_TAGS
        for i in positions(tags, tag):
            text = texts[i]
            if text and not excluded[i]:
                if code:
                    text_len[i] += nonspace_len(text)
                c, lat, s = _punct(text)
                cjk[i] += c
                latin[i] += lat
                stops[i] += s
