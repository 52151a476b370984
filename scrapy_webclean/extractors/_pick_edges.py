"""The boilerplate lines that open or close the propagation pick's text (see :func:`edges_dropped`)."""

from __future__ import annotations

from .._deadline import CHECK_EVERY, check_deadline
from .._document import Document, Measures
from .._walk import subtree_text
from ._auto_phrases import _MARK_LEGAL, _MARK_PROMO, _piece_mark
from ._auto_words import _BLOCKS
from ._widget_lines import comment_form_line

#: The longest line read as boilerplate at an edge: a longer block is prose that mentions a newsletter
#: or a copyright (a bio, an essay's permission note), and the edge's trimming stops there.
EDGE_LINE = 300
#: The marks a line is dropped for: a promotion (a newsletter's call, an affiliate disclosure,
#: "Related posts") or a notice (copyright, terms). Not a credit: golds keep captions as often as not.
_EDGE_MARKS = (_MARK_PROMO, _MARK_LEGAL)


def edges_dropped(doc: Document, m: Measures, root: int, drop: bytearray | None,
                  kept: bytearray) -> bytearray | None:
    """``drop`` (the propagation pick's skipped subtrees under ``root``; ``kept``: the nodes it
    renders), with the boilerplate lines that open or close its text dropped too, from each end
    inward up to the first line that is not one.

    The classic method keeps a wrapper's every paragraph, and with them an affiliate disclosure, a
    sign-up call or a copyright line the template sets as a paragraph at the story's end; the block
    pick drops such lines by :func:`._auto_phrases._piece_mark`, and so does this, at the edges only
    (in the middle of a story, such a line is as often the writer's own). A line is a leaf block: a
    block element holding text and no block that does."""
    leaves = _leaf_blocks(doc, m, root, kept)
    lines = [i for order in (leaves, leaves[::-1]) for i in _boilerplate_run(doc, m, order)]
    if not lines:
        return drop
    out = bytearray(len(doc)) if drop is None else bytearray(drop)
    for i in lines:
        out[i:doc.end[i]] = b"\x01" * (doc.end[i] - i)
    return out


def _boilerplate_run(doc: Document, m: Measures, order: list[int]) -> list[int]:
    """The leaf blocks of ``order`` that read as boilerplate lines, up to the first that does not. A
    comment system's lines beside its form (:mod:`._widget_lines`, which the controls leave out of
    every body) are such lines too, on a page with a comment form."""
    run: list[int] = []
    for i in order:
        if m.text_len[i] >= EDGE_LINE:
            break
        text = " ".join(subtree_text(doc, i).split())
        if not text:
            continue
        if _piece_mark(text, m.link_len[i] > 0) not in _EDGE_MARKS and not comment_form_line(doc, text):
            break
        run.append(i)
    return run


def _leaf_blocks(doc: Document, m: Measures, root: int, kept: bytearray) -> list[int]:
    """The kept block elements under ``root`` holding text and no kept block that holds text, in
    document order (one pass, last node first: each marks its parent)."""
    tags, parent, text_len = doc.tags, doc.parent, m.text_len
    stop = doc.end[root]
    holds = bytearray(stop - root)  # a kept block with text below the node
    leaves: list[int] = []
    for i in range(stop - 1, root, -1):
        if not i & CHECK_EVERY:
            check_deadline()
        if not kept[i] or not text_len[i]:
            continue
        block = tags[i] in _BLOCKS
        if block and not holds[i - root]:
            leaves.append(i)
        if block or holds[i - root]:
            holds[parent[i] - root] = 1
    leaves.reverse()
    return leaves
