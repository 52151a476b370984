"""Log-in boxes: a password field and the few words around it ("Email
address:", "Forgot password?", "Remember me"), never a page's text, whatever
their names or styles say. Both of ``auto``'s picks leave them out. See
docs/algorithms.md."""

from __future__ import annotations

from .._document import Document
from .._walk import positions

__all__ = ["login_boxes"]

#: The most text (characters other than white space) a log-in box holds: its labels, a line or two.
LOGIN_TEXT = 300


def login_boxes(doc: Document) -> list[int]:
    """The roots of the page's log-in boxes: around each
    password field, its largest ancestor below ``<body>`` of at most
    :data:`LOGIN_TEXT` characters. The page's own text lengths decide, not
    a site tree's cleaned view's: cleaning must not let a box climb over
    the story. Found once per parse."""
    found = doc.parse_memo.get("login_boxes")
    if found is not None:
        return found
    boxes: list[int] = []
    parent, nodes = doc.parent, doc.nodes
    text_len: list[int] = []
    for i in positions(doc.tags, "input"):
        if (nodes[i].get("type") or "").strip().lower() != "password":
            continue
        text_len = text_len or doc.page_measures.text_len
        box = i
        while parent[box] > doc.body and text_len[parent[box]] <= LOGIN_TEXT:
            box = parent[box]
        if box != i:
            boxes.append(box)
    doc.parse_memo["login_boxes"] = boxes
    return boxes
