"""The cell of a table row that holds the story, when the block pick's root is the row
(see :func:`story_cell`)."""

from __future__ import annotations

from .._document import Document
from ._auto_blocks import _best_root
from ._auto_words import _CELLS
#: A cell beside the story's cell holding under this share of its prose value is a column beside it...
_BESIDE_SHARE = 0.5
#: ... when its negative value (link lists, labels) reaches this share of its own prose value.
_BOX_SHARE = 0.5


def story_cell(doc: Document, dead: bytearray, named: bytearray, pos: list[float], neg: list[float],
               root: int) -> int:
    """``root``, or when it is a table row, the best root inside the cell holding its story.

    A row's cells stand side by side: a layout table's story column and its sidebar. A sidebar with
    a blurb of prose ("About this site") beside its link lists adds a little net value to the row,
    so the row outweighs the story's cell. The cell of most prose value stands alone when every
    other cell holding prose holds under half of its value and is a box: its negative value half
    of its prose or more. A cell of prose alone (a byline, a date beside the story) keeps
    the row."""
    if doc.tags[root] != "tr":
        return root
    best, others = -1, []
    for c in doc.children(root):
        if dead[c] or named[c] or not pos[c] or doc.tags[c] not in _CELLS:
            continue
        if best < 0 or pos[c] > pos[best]:
            if best >= 0:
                others.append(best)
            best = c
        else:
            others.append(c)
    if not others or any(pos[d] >= _BESIDE_SHARE * pos[best] or neg[d] < _BOX_SHARE * pos[d] for d in others):
        return root
    return _best_root(doc.end, dead, named, pos, neg, best)
