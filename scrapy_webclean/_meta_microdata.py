"""Microdata and ``rel=author`` in a page's body, offered as metadata candidates (see
:func:`~scrapy_webclean._metadata.extract_metadata`): the author (``itemprop="author"``, its
item's ``itemprop="name"``, a link with ``rel="author"``) and the publication date
(``itemprop="datePublished"``).

The elements are found by XPath; their texts are read from the document's arrays, each element
of the page once (:func:`~scrapy_webclean._walk.subtree_texts`): a hostile page nests hundreds of
them in one another, and each was read through all those inside it.
"""

from __future__ import annotations

from bisect import bisect_right
from operator import methodcaller
from typing import TYPE_CHECKING, Any, Protocol

import lxml.etree

from ._meta_author import link_byline
from ._walk import node_positions, subtree_texts, text_content

if TYPE_CHECKING:
    from ._document import Document

__all__ = ["read_microdata", "MICRODATA_AUTHOR", "MICRODATA_DATE"]

_REL_AUTHOR = ('rel="author"', "rel='author'", "rel=author")
#: Priorities of microdata's author (rel=author: one more) and date.
MICRODATA_AUTHOR, MICRODATA_DATE = 6, 3
_PARENT = methodcaller("getparent")
# One pass over the body (a union of two paths walked it twice); the cheap
# attribute-presence test first.
_MICRODATA = lxml.etree.XPath(
    "//body//*[@itemprop or @rel][((@itemprop='author' or @itemprop='datePublished')"
    " and not(self::meta) and not(self::time)) or (self::a and @rel='author')]")
# The same elements of each kind alone, found by their attributes: a test of
# attribute values costs a third of _MICRODATA's predicate over every element.
_AUTHOR_PROPS = lxml.etree.XPath("//body/descendant::*/@itemprop[.='author' or .='datePublished']")
_AUTHOR_RELS = lxml.etree.XPath("//body/descendant::a/@rel[.='author']")
#: The elements an item's name may be (``itemprop="name"``), in document order.
_NAMES = lxml.etree.XPath("//*[@itemprop='name']")


class Offers(Protocol):
    """Where the candidates go (``_metadata._Candidates``)."""

    def offer(self, field: str, value: Any, prio: int, source: int = 0) -> None: ...

    def best_rank(self, field: str) -> tuple[int, int]: ...


def _microdata(root: Any) -> list[Any]:
    """The body's elements (descendants of any ``<body>``, in document order) with
    ``itemprop="author"`` or ``"datePublished"`` (not a ``<meta>`` or ``<time>``,
    read with the head's tags) and the links with ``rel="author"``."""
    props, rels = _AUTHOR_PROPS(root), _AUTHOR_RELS(root)
    if props and rels:
        return _MICRODATA(root)  # both kinds, in document order (a union of the two paths costs their product)
    if rels:
        return [attr.getparent() for attr in rels]
    return [el for el in map(_PARENT, props) if el.tag not in ("meta", "time")]


def read_microdata(doc: Document, c: Offers) -> None:
    """Microdata and rel=author anywhere in the body, only when its author or
    date could still win and the source mentions itemprop or rel=author
    (searched for only once the tree holds some: a search of the source costs
    more than the XPath on a large page)."""
    if not (c.best_rank("author") > (MICRODATA_AUTHOR, 1) or c.best_rank("date") > (MICRODATA_DATE, 1)) \
            or doc.root is None:
        return
    found = _microdata(doc.root)
    src = doc.source or ""
    if not found or not ("itemprop" in src or any(r in src for r in _REL_AUTHOR)):
        return
    at = node_positions(doc, found)
    names = _item_names(doc, found, at)
    texts = subtree_texts(doc, [i for i in (*at, *names.values()) if i >= 0])
    bylines: dict[str, bool] = {}  # (a text read once: nested items repeat one name)
    for el, i in zip(found, at):
        prop = el.get("itemprop")
        text = texts[i] if i >= 0 else text_content(el)  # (-1: in a second tree, read from it)
        if prop == "author":
            j = names.get(i, i)
            name = el.get("content") or ((j != i and doc.nodes[j].get("content")) or texts[j] if i >= 0
                                         else _outside_name(el))
            if el.get("content") or _names_someone(name, bylines):
                c.offer("author", name, MICRODATA_AUTHOR, 1)
        elif prop == "datePublished":
            c.offer("date", el.get("content") or el.get("datetime") or text, MICRODATA_DATE, 1)
        elif (el.get("rel") or "").lower() == "author" and _names_someone(text, bylines):
            c.offer("author", text, MICRODATA_AUTHOR + 1, 1)  # a name, not "View Profile"


def _outside_name(el: Any) -> str:
    """An author item's name (see :func:`_item_names`) where it lies outside the page's arrays:
    walked down from the element."""
    if el.get("itemscope") is not None:
        for name in el.iterdescendants():
            if isinstance(name.tag, str) and name.get("itemprop") == "name":
                return name.get("content") or text_content(name)
    return text_content(el)


def _names_someone(text: str, bylines: dict[str, bool]) -> bool:
    """:func:`link_byline` of ``text``, asked once a text (``bylines``: the answers so far)."""
    found = bylines.get(text)
    if found is None:
        found = bylines[text] = link_byline(text)
    return found


def _item_names(doc: Document, found: list[Any], at: list[int]) -> dict[int, int]:
    """Where each author item (``itemscope``) of ``found`` (at ``at``) has its name: its first
    ``itemprop="name"``, not the whole element's text, which also holds the avatar's initial,
    "Offline", post counts. (Found by position among all names, not by a walk down each item.)"""
    scoped = [(el, i) for el, i in zip(found, at) if i >= 0 and el.get("itemprop") == "author"
              and not el.get("content") and el.get("itemscope") is not None]
    if not scoped:
        return {}
    names, end, out = [j for j in node_positions(doc, _NAMES(doc.root)) if j >= 0], doc.end, {}
    for _, i in scoped:
        k = bisect_right(names, i)
        if k < len(names) and names[k] < end[i]:
            out[i] = names[k]
    return out
