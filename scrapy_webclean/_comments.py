"""Reader comments as their own field: each comment once, with its author and date.

Read from the parsed page, apart from the body's selection: a comment is
an element marked as one - ``id="comment-123"`` (WordPress, most blog
software), a whole class token ``comment``/``comment-item``, or schema.org
``Comment`` microdata. Its text is its content element's
(``comment-content``, ``comment-text``, ``itemprop="text"``) or else its
own text without its author and date lines, its reply buttons and the
replies nested in it (each reply is a comment of its own). The comment
form ("Leave a reply", "Write a comment", its labels) is never a comment,
so a page without comments gives none.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from typing import Any, Iterator, NamedTuple

from ._deadline import check_deadline
from ._document import Document, text_content, union_mask
from ._meta_date import parse_date
from ._render import NodeSelection
from ._walk import subtree_texts

__all__ = ["extract_comments", "comments_text"]

_TOKENS = re.compile(r"[\s]+")
_ITEM_ID = re.compile(r"^(?:li-|div-)?comment-?\d+$", re.IGNORECASE)
_ITEM_CLASSES = frozenset({"comment", "comment-item", "commentitem", "comment_item", "single-comment",
                           "comment-thread-element"})
_CONTENT_CLASSES = frozenset({"comment-content", "comment-text", "comment_text", "commenttext", "comment-body-text",
                              "comment-entry", "comment-message"})
_AUTHOR_CLASSES = frozenset({"fn", "comment-author", "comment-author-name", "commenter", "author-name", "username",
                             "user-name", "comment-username"})
_META_CLASSES = frozenset({"comment-meta", "comment-metadata", "comment-author", "comment-footer", "reply",
                           "comment-reply", "comment-actions", "comment-reply-link", "vcard", "avatar",
                           "comment-awaiting-moderation"})
#: A comment's date line, looked for when it shows no <time> (in its replies too).
_DATE_CLASSES = frozenset({"comment-metadata", "comment-date", "date"})
#: A comment form, or a part of one: never a comment.
_FORM_WORDS = ("respond", "comment-form", "commentform", "reply-form", "comment-respond", "leave-reply")
_SAYS = re.compile(r"\s*(?:says|said|wrote)\s*:?\s*$", re.IGNORECASE)
#: Where a comment's author line goes on with its date ("Emma December 18, 2025, 9:59 pm", "Ann 2024-03-05").
_AUTHOR_END = re.compile(
    r"\s+(?:on\s+)?(?:(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d|\d{1,4}[-/.]\d).*$"
    r"|\s+[–—|]\s.*$", re.IGNORECASE)
_MAX_COMMENTS = 1000


def _classes(doc: Document, i: int) -> set[str]:
    return set(_TOKENS.split(doc.attrs(i).get("class", "").lower())) - {""}


def _is_form(doc: Document, i: int, classes: set[str]) -> bool:
    if doc.tags[i] == "form":
        return True
    ident = doc.attrs(i).get("id", "").lower()
    return any(w in ident or w in classes for w in _FORM_WORDS)


def _is_item(doc: Document, i: int, classes: set[str]) -> bool:
    a = doc.attrs(i)
    if _ITEM_ID.match(a.get("id", "")) or classes & _ITEM_CLASSES:
        return True
    return "schema.org/comment" in a.get("itemtype", "").lower() or a.get("itemprop", "").lower() == "comment"


def _find(doc: Document) -> tuple[list[int], bytearray]:
    """Comment elements (outermost first in document order; replies too) and the form mask."""
    items: list[int] = []
    forms = bytearray(len(doc.tags))
    end, tags = doc.end, doc.tags
    i, n = doc.body, len(tags)
    inside: list[int] = []  # end of the innermost item being walked
    while i < n and len(items) < _MAX_COMMENTS:
        if not tags[i]:
            i += 1
            continue
        classes = _classes(doc, i)
        if _is_form(doc, i, classes):
            forms[i:end[i]] = b"\x01" * (end[i] - i)
            i = end[i]
            continue
        if _is_item(doc, i, classes):
            # A WordPress comment is li#comment-1 > article.comment-body: one comment, not two.
            while inside and inside[-1] <= i:
                inside.pop()
            if not inside or not _same_comment(doc, inside, i):
                items.append(i)
                inside.append(end[i])
        i += 1
    return items, forms


def _same_comment(doc: Document, inside: list[int], i: int) -> bool:
    """An item directly wrapping this one with nothing else of its own: the same comment."""
    parent = doc.parent[i]
    return doc.tags[parent] in ("li", "div", "article") and parent >= 0 and doc.end[parent] == inside[-1] \
        and sum(1 for _ in doc.children(parent)) == 1


def _own_nodes(doc: Document, i: int, skip: bytearray) -> Iterator[int]:
    """The nodes under ``i`` outside the subtrees flagged in ``skip`` (the replies nested in a
    comment, the forms), in document order: a flagged subtree is stepped over, not walked."""
    end, j, stop = doc.end, i + 1, doc.end[i]
    while j < stop:
        if skip[j]:
            j = end[j]
        else:
            yield j
            j += 1


def _first(doc: Document, i: int, skip: bytearray, wanted: frozenset[str]) -> int:
    return next((j for j in _own_nodes(doc, i, skip) if doc.tags[j] and _classes(doc, j) & wanted), -1)


def _comment(doc: Document, i: int, others: bytearray, page: _Page) -> dict[str, Any] | None:
    """Comment ``i`` (``others``: the replies and forms in it, flagged with their subtrees). Each
    part is looked for in the comment's own nodes only (the replies' are their own comments'), but
    for a date line, looked for in the replies too."""
    author_at = _first(doc, i, others, _AUTHOR_CLASSES)
    if author_at < 0:
        author_at = next((j for j in _own_nodes(doc, i, others)
                          if doc.attrs(j).get("itemprop", "").lower() in ("author", "creator")), -1)
    author = " ".join(text_content(doc.nodes[author_at]).split()) if author_at >= 0 else ""
    author = _SAYS.sub("", _AUTHOR_END.sub("", author))
    day = None
    for j in _own_nodes(doc, i, others):
        if doc.tags[j] == "time":
            day = parse_date(doc.attrs(j).get("datetime") or text_content(doc.nodes[j]))
            if day:
                break
    content = _first(doc, i, others, _CONTENT_CLASSES)
    if content < 0:
        content = next((j for j in _own_nodes(doc, i, others)
                        if doc.attrs(j).get("itemprop", "").lower() in ("text", "commenttext")), -1)
    drop = others
    if content < 0:
        content = i
        # (The meta lines in the replies are flagged with them.)
        meta = doc.subtree_mask(j for j in _own_nodes(doc, i, others)
                                if doc.tags[j] and _classes(doc, j) & _META_CLASSES)
        drop = union_mask(others, meta)
    if day is None:
        dated = page.dated[bisect_right(page.dated, i):bisect_left(page.dated, doc.end[i])]
        meta_text = " ".join(page.texts[j] for j in dated)
        day = parse_date(meta_text) if meta_text else None
    text = NodeSelection(doc, content, drop, excluded=union_mask(page.hidden, drop)).text()
    if not text.strip():
        return None
    return {"author": author[:100] or None, "date": day, "text": text}


class _Page(NamedTuple):
    """What every comment of a page reads, read once: the invisible nodes; the date lines in the
    comments (in document order) and their texts (each read once, however deep they nest)."""

    hidden: bytearray
    dated: list[int]
    texts: dict[int, str]


def _page(doc: Document, items: list[int]) -> _Page:
    end, dated, top = doc.end, [], -1
    for i in items:
        if i >= top:  # (an outermost comment: the ones inside it are walked with it)
            top = end[i]
            dated += [j for j in range(i + 1, top) if doc.tags[j] and _DATE_CLASSES & _classes(doc, j)]
    return _Page(doc.invisible_mask(), dated, subtree_texts(doc, dated))


def extract_comments(doc: Document) -> list[dict[str, Any]]:
    """The page's reader comments: ``[{"author", "date", "text"}]`` in page order, each once."""
    if doc.is_empty:
        return []
    items, forms = _find(doc)
    if not items:
        return []
    page = _page(doc, items)
    out: list[dict[str, Any]] = []
    seen: set[str] = set()
    for i in items:
        check_deadline()
        # Leave out the forms and the other comments nested in this one (replies).
        nested = doc.subtree_mask(j for j in items if i < j < doc.end[i])
        found = _comment(doc, i, union_mask(forms, nested), page)
        if found and found["text"] not in seen:
            seen.add(found["text"])
            out.append(found)
    return out


def comments_text(comments: list[dict[str, Any]]) -> str:
    """The comments' texts, one paragraph each."""
    return "\n\n".join(c["text"] for c in comments)
