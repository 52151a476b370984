"""Controls of the page inside a chosen body.

A block whose whole text is the label of a button or widget ("Back to
top", "Click to expand...", "Learn more", "12 likes", "Share") is part of
the page's controls, not its text. Whichever pick chose the body (the
block pick or the propagation pick), such blocks are left out of it.
"""

from __future__ import annotations

import re

from .._deadline import CHECK_EVERY, check_deadline
from .._document import Document
from .._render import NodeSelection
from .._walk import text_content
from ._auto_words import _BLOCKS, _CELLS

__all__ = ["without_controls"]

#: The whole text of a control (arrows and other marks around it aside; not a call, "print()").
_CONTROL = re.compile(
    r"^\W*(?:back to top|click to expand|learn more|read more|continue reading|advertisements?|sponsored|"
    r"skip to (?:main )?content|like this|(?:like )?loading|\d[\d.,]*[km]? (?:likes?|comments?)|comments|"
    r"quote|share(?: this)?|pin it|tweet|print|email)[^\w(]*$", re.IGNORECASE)
#: Controls are short: blocks over this many non-space characters are not read.
_SHORT = 24
#: Blocks that may be controls: table cells are data ("Email" heads a column), ``<pre>`` is code.
_CONTROL_BLOCKS = _BLOCKS - _CELLS - {"pre"}


def without_controls(doc: Document, selection: NodeSelection) -> NodeSelection:
    """``selection`` without the blocks inside it that are controls."""
    text_len, tags, nodes, end = doc.measures.text_len, doc.tags, doc.nodes, doc.end
    skip = selection.skip_mask()
    root = selection.root
    drop: bytearray | None = None
    i, stop, k = root + 1, end[root], 0
    while i < stop:
        k += 1
        if not k & CHECK_EVERY:
            check_deadline()
        if skip[i]:
            i = end[i]
            continue
        if 0 < text_len[i] <= _SHORT and tags[i] in _CONTROL_BLOCKS and _CONTROL.match(text_content(nodes[i])):
            if drop is None:
                drop = bytearray(len(doc)) if selection.drop is None else bytearray(selection.drop)
            drop[i] = 1
            i = end[i]
            continue
        i += 1
    if drop is None:
        return selection
    return NodeSelection(doc, root, drop, excluded=selection.excluded, drop_pieces=selection.drop_pieces)
