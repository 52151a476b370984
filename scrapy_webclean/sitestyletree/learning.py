"""The tree's nodes, and learning: merging one page into the tree."""

from __future__ import annotations

import math
from typing import Callable, Iterable

from .._document import INVISIBLE_TAGS, Document
from .features import child_runs, lead_token, node_features, own_text

#: Distinct first tokens recorded per node; past that its text is no label's.
LEAD_CAP = 16


class Element:
    """An element node: a key id, the pages it was on, its children, styles and features."""

    __slots__ = ("key", "m", "stamp", "children", "styles", "features", "overflow", "log_df", "n_total",
                 "n_log_n", "run_lo", "run_hi", "leads", "imp", "text_imp", "steady", "label", "low", "field", "noisy",
                 "any_low", "any_noisy")

    def __init__(self, key: int) -> None:
        self.key = key
        self.m = 0  # pages containing this node
        self.stamp = -1  # last page number that visited it
        self.children: dict[int, Element] | None = None  # key -> the child element with that key
        self.styles: dict[tuple, Style] | None = None  # child key sequence -> style node
        self.features: dict[str, int] | None = None  # feature -> pages it occurred in, here
        self.overflow = 0  # features past max_features, each counted as seen once
        self.log_df = 0.0  # sum of ln(df) over features (kept up to date incrementally)
        self.n_total = 0  # sum of the styles' n
        self.n_log_n = 0.0  # sum of n ln n over the styles
        self.run_lo = 0  # the shortest and longest runs of like siblings it came in (0: none yet)
        self.run_hi = 0
        # First token of its text -> pages (see lead_token); None once it came
        # twice on one page or its texts began with over LEAD_CAP tokens: then
        # it cannot be a labelled line.
        self.leads: dict[str, int] | None = {}
        self.imp = -1.0  # CompImp, or -1 when unknown (m < 2); valid when the tree is not dirty
        self.low = False
        self.text_imp = -1.0  # its own text's importance, occurrences weighted; -1: no text or unknown
        # It and every descendant: one child sequence on LEAD_SHARE of its pages, runs of one length.
        self.steady = False
        self.field = False  # a field of a labelled template block (see marks.mark_fields)
        self.label: str | None = None  # the first token of a labelled line's text (see marks.mark_labelled_lines)
        self.noisy = False
        self.any_low = False  # this node or a descendant is low
        self.any_noisy = False  # this node or a descendant is noisy


class Style:
    """A style node: one exact child sequence under an element, and the pages that had it."""

    __slots__ = ("n", "stamp")

    def __init__(self) -> None:
        self.n = 0
        self.stamp = -1


def xlogx(n: int) -> float:
    return n * math.log(n) if n > 1 else 0.0



def merge_page(root: Element, doc: Document, page: int, key_of: Callable[[int], int], max_features: int) -> None:
    """Merge ``doc``, the tree's page number ``page``, into the tree under
    ``root`` (``key_of``: page node -> key id)."""
    tags, own, end = doc.tags, doc.own_len, doc.end
    found: dict[int, tuple[Element, set[str]]] = {}  # features of this page, per tree node
    body = doc.body
    # Each page node is read once: as a child of its parent (or as <body>).
    stack: list[tuple[tuple, list[list[int]], Element]] = [((key_of(body),), [[body]], root)]
    root.stamp = page
    root.m += 1
    while stack:
        seq, groups, elem = stack.pop()
        children = _count_style(elem, seq, page)
        for k, group in zip(seq, groups):
            child = _count_child(children, k, len(group), page)
            for i in group:
                # own_len 0: only whitespace, which gives no feature and no lead token
                text = own_text(doc, i) if own[i] and tags[i] not in INVISIBLE_TAGS else ""
                if text and child.leads is not None:
                    _count_lead(child, text)
                if text or tags[i] == "img":
                    feats = node_features(doc, i, text)
                    if feats:
                        entry = found.get(id(child))
                        if entry is None:
                            found[id(child)] = (child, feats)
                        else:
                            entry[1].update(feats)
                if end[i] == i + 1:
                    stack.append(((), [], child))  # a leaf: no children to read
                else:
                    child_seq, child_groups = child_runs(doc, i, key_of)
                    stack.append((child_seq, child_groups, child))
    add_features(found.values(), max_features)


def _count_style(elem: Element, seq: tuple, page: int) -> dict[int, Element]:
    """Count page ``page`` for the style ``seq`` of ``elem``; its children."""
    if elem.styles is None:
        elem.styles = {}
    if elem.children is None:  # a leaf so far (or one loaded from a file)
        elem.children = {}
    style = elem.styles.get(seq)
    if style is None:
        style = elem.styles[seq] = Style()
    if style.stamp != page:
        style.stamp = page
        elem.n_log_n += xlogx(style.n + 1) - xlogx(style.n)
        style.n += 1
        elem.n_total += 1
    return elem.children


def _count_child(children: dict[int, Element], k: int, run: int, page: int) -> Element:
    """The child with key ``k``, counted for page ``page`` in a run of ``run``."""
    child = children.get(k)
    if child is None:
        child = children[k] = Element(k)
    if child.stamp != page:
        child.stamp = page
        child.m += 1
        if run > 1:
            child.leads = None
    else:
        child.leads = None  # a second place on this page
    if run > child.run_hi:
        child.run_hi = run
    if not child.run_lo or run < child.run_lo:
        child.run_lo = run
    return child


def _count_lead(child: Element, text: str) -> None:
    """Count the first token of ``text`` for ``child`` (whose leads are not None)."""
    lead = lead_token(text)
    if lead is None:
        return
    leads = child.leads
    assert leads is not None
    if lead in leads:
        leads[lead] += 1
    elif len(leads) < LEAD_CAP:
        leads[lead] = 1
    else:
        child.leads = None


def add_features(found: Iterable[tuple[Element, set[str]]], max_features: int) -> None:
    """Count one page's features for each tree node they were found in."""
    # A page's features are a set, whose order changes with the
    # interpreter's string hashing (every process its own): the tree
    # must not. New features are added in sorted order (which of them a
    # full table keeps, and the saved file's order), and the page's
    # additions to log_df are summed exactly (math.fsum: no order).
    for elem, feats in found:
        table = elem.features
        if table is None:
            table = elem.features = {}
        new: list[str] = []
        logs: list[float] = []
        for f in feats:
            c = table.get(f)
            if c is None:
                new.append(f)
            else:
                table[f] = c + 1
                logs.append(math.log((c + 1) / c))
        if logs:
            elem.log_df += math.fsum(logs)
        if new:
            new.sort()
            room = max_features - len(table)
            if len(new) > room:
                elem.overflow += len(new) - max(room, 0)
                del new[max(room, 0):]
            table.update(dict.fromkeys(new, 1))
