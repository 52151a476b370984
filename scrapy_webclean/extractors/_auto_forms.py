"""Log-in boxes: a password field and the few words around it ("Email
address:", "Forgot password?", "Remember me"), never a page's text, whatever
their names or styles say. Both of ``auto``'s picks leave them out. See
docs/algorithms.md."""

from __future__ import annotations

from typing import Sequence

from .._document import Document
from .._walk import positions

__all__ = ["LOGIN_TEXT", "login_boxes"]

#: The most text (characters other than white space) a log-in box holds: its labels, a line or two.
LOGIN_TEXT = 300


def login_boxes(doc: Document, text_len: Sequence[int]) -> list[tuple[int, int]]:
    """The subtrees (start, end) of the page's log-in boxes: around each
    password field, its largest ancestor below ``<body>`` of at most
    :data:`LOGIN_TEXT` characters."""
    boxes: list[tuple[int, int]] = []
    parent, nodes = doc.parent, doc.nodes
    for i in positions(doc.tags, "input"):
        if (nodes[i].get("type") or "").strip().lower() != "password":
            continue
        box = i
        while parent[box] > doc.body and text_len[parent[box]] <= LOGIN_TEXT:
            box = parent[box]
        if box != i:
            boxes.append((box, doc.end[box]))
    return boxes
