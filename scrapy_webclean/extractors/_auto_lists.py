"""Lists and tables that are the text's own whatever their links, for both of
``auto``'s picks: one the running text introduces ("... on the following
devices:"), and a data table (a caption, or a first row of header cells).
See docs/auto.md."""

from __future__ import annotations

from bisect import bisect_left
from typing import Sequence

from .._document import Document, Measures
from .._walk import text_nodes
from ._auto_phrases import _PROMO_RE, _piece_mark
from ._auto_words import _BLOCKS, _HEADINGS

__all__ = ["KEPT_WHOLE", "Lists"]

#: The tags judged (see :meth:`Lists.kept_whole`).
KEPT_WHOLE = frozenset({"ul", "ol", "dl", "table"})
#: A lead-in sentence has at least this many characters (white space collapsed); a box's label
#: ("See also:", "More in The Clicker:") fewer.
_LEAD_IN = 40
#: The lead-in and the list may stand this many siblings apart (empty ones between: an image, an anchor).
_LOOK_BACK = 4
#: A lead-in is one paragraph: a subtree of at most this many elements (its links, its emphasis).
_LEAD_IN_NODES = 64
#: What an introduced list or table does not hold: a layout's paragraphs, tables and forms;
#: in a table's cells, divisions as well (a list's items may hold them).
_LAYOUT = ("p", "table", "form")
_CELL_LAYOUT = ("div",)
#: How much of a lead-in's end the phrase sets read (a long paragraph is not searched whole).
_LEAD_IN_READ = 300


class Lists:
    """The judge of one pick's lists and tables on ``doc``, under the view's
    measures ``m`` and ``gone`` (masks of the nodes the pick has left out: a
    lead-in left out introduces nothing, a part left out is not read). Each
    parent's children are listed once, when first needed."""

    def __init__(self, doc: Document, m: Measures, gone: Sequence[bytearray]) -> None:
        self.doc, self.m, self.gone = doc, m, gone
        self._rows: dict[int, list[int]] = {}

    def kept_whole(self, i: int) -> bool:
        """Whether list or table ``i`` (a tag of :data:`KEPT_WHOLE`) is the text's own."""
        if self.doc.tags[i] == "table" and data_table(self.doc, i):
            return True
        return self.introduced(i)

    def introduced(self, i: int) -> bool:
        """Whether the running text introduces ``i``: the sibling before it
        (empty ones aside; no loose text between) is one paragraph, not a
        heading, that ends with a colon and is a sentence rather than a label
        or a promotion; and ``i`` holds no paragraphs, tables or forms (a
        layout table after "Please read the following notice:" is not a list)."""
        doc, text_len = self.doc, self.m.text_len
        p = doc.parent[i]
        row = self._rows.get(p)
        if row is None:
            row = self._rows[p] = list(doc.children(p))
        k = bisect_left(row, i)
        for c in reversed(row[max(0, k - _LOOK_BACK):k]):
            tail = doc.tails[c]
            if tail and not tail.isspace():
                return False  # loose text stands between
            if not text_len[c]:
                continue
            if any(mask[c] for mask in self.gone) or doc.tags[c] in _HEADINGS or not self._paragraph(c):
                return False
            text = self._shown(c)
            end = text[-_LEAD_IN_READ:]  # the lead-in's last words say what follows
            return text.endswith((":", "：")) and len(text) >= _LEAD_IN and not _piece_mark(end) \
                and not _PROMO_RE.search(end) and not self._holds_layout(i)
        return False

    def _paragraph(self, c: int) -> bool:
        """Whether ``c`` is one paragraph: a small subtree without blocks."""
        doc = self.doc
        e = doc.end[c]
        if e - c > _LEAD_IN_NODES:
            return False
        tags = doc.tags
        return not any(tags[j] in _BLOCKS for j in range(c + 1, e))

    def _shown(self, c: int) -> str:
        """The text of paragraph ``c`` a reader sees (not scripts, not parts the pick left out),
        white space collapsed."""
        gone, parent = self.gone, self.doc.parent
        pieces = [t for j, tail, t in text_nodes(self.doc, c, excluded=self.m.excluded)
                  if not any(mask[parent[j] if tail else j] for mask in gone)]
        return " ".join("".join(pieces).split())

    def _holds_layout(self, i: int) -> bool:
        """Whether ``i`` holds what a layout's cells hold (a table: divisions too)."""
        tags = self.doc.tags
        wanted = _LAYOUT + _CELL_LAYOUT if tags[i] == "table" else _LAYOUT
        return any(_holds(tags, t, i + 1, self.doc.end[i]) for t in wanted)


def _holds(tags: list[str], tag: str, lo: int, hi: int) -> bool:
    """Whether ``tag`` occurs in ``tags[lo:hi]`` (a subtree's tags): one search at C speed, no copy."""
    try:
        tags.index(tag, lo, hi)
    except ValueError:
        return False
    return True


def data_table(doc: Document, i: int) -> bool:
    """Whether table ``i`` is a data table: it has a caption, or its first
    row is two header cells or more and nothing else. A related-links box or a
    layout table has neither (a box's title may be one header cell)."""
    tags = doc.tags
    for c in doc.children(i):
        t = tags[c]
        if t == "caption":
            return True
        if t in ("thead", "tbody"):
            c = next(iter(doc.children(c)), -1)
            if c < 0:
                return False
            t = tags[c]
        if t == "tr":
            heads = 0
            for x in doc.children(c):
                if tags[x] != "th":
                    return False
                heads += 1
            return heads >= 2  # columns: one header cell is a box's title ("More stories")
    return False

