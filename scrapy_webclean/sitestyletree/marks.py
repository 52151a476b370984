"""Importance, and the marks it gives the tree's nodes: low, noisy, fields
of labelled template blocks and labelled lines (see docs/sitestyletree.md)."""

from __future__ import annotations

import math

from .learning import Element, Style

#: A labelled line: a node whose text begins with the same token on at least
#: this share of the pages that have it (see mark_labelled_lines); a steady
#: structure (of fields and labelled lines) has one child sequence on this
#: share of the pages ...
LEAD_SHARE = 0.9
#: ... and that was seen on at least this many pages (on two, a shared first
#: word is as likely chance as a label).
LEAD_MIN_PAGES = 3
#: A labelled line is a line: its own text has at most this many features
#: (word pairs, CJK pairs) per page on average. A lead paragraph that always
#: opens with the same word ("(Wire) -- ...", 30 to 100 pairs) is prose.
LINE_FEATURES = 30
#: A field is a value (a caption, a credit, a keyword or related list): all
#: the text under it has at most this many features a page on average. An
#: article body in a steady block after a template label (a byline) is prose.
FIELD_FEATURES = 100


def preorder(root: Element) -> list[Element]:
    """The element nodes under ``root`` (itself first), in preorder."""
    out: list[Element] = []
    stack = [root]
    while stack:
        e = stack.pop()
        out.append(e)
        if e.children:
            stack.extend(reversed(list(e.children.values())))
    return out


def mark_tree(order: list[Element], keys: list[tuple[str, str]], gamma: float, threshold: float) -> None:
    """Compute every node's importance and marks (``order``: the tree in preorder)."""
    for e in reversed(order):  # children before parents
        e.imp = imp = _importance(e, gamma)
        e.text_imp = _text_importance(e)
        e.low = 0.0 <= imp < threshold
        e.field = False
        e.label = None
        # A leaf's runs must keep one length: bare text elements in runs
        # that vary are running text (paragraphs), while a template
        # list's items, each in a structure of its own, may vary in
        # number, and so may bare links (a keyword or tag list: links are
        # not running text).
        steady = bool(e.children) or e.run_lo == e.run_hi or keys[e.key][0] == "a"
        if steady and e.styles:
            seq, main = max(e.styles.items(), key=_style_pages)
            children = e.children or {}
            steady = main.n >= LEAD_SHARE * e.m and all(children[k].steady for k in seq)
        e.steady = steady
        e.noisy = e.low and (not e.children or all(c.noisy for c in e.children.values()))
    mark_fields(order, threshold)
    mark_labelled_lines(order, threshold)
    for e in reversed(order):
        low = e.low
        noisy = any_low = low
        below_noisy = False
        if e.children:
            for c in e.children.values():
                noisy = noisy and c.noisy
                any_low = any_low or c.any_low
                below_noisy = below_noisy or c.any_noisy
        e.noisy = noisy
        e.any_low = any_low
        e.any_noisy = noisy or below_noisy


def mark_fields(order: list[Element], threshold: float) -> None:
    """Mark the fields of labelled template blocks low (``order``: preorder).

    A *label* is a child of a low node whose own text is template
    (occurrence-weighted text importance below ``threshold``: "Image
    caption", "Keywords:"), or that wraps such a text in a chain of single
    elements. A *field* is a sibling that follows a label in
    some child sequence (siblings without text of their own in between) and
    is not noisy only because of its own per-page text: it is steady (one
    child sequence on ``LEAD_SHARE`` of its pages, all the way down), its
    runs of leaves keep one length on every page (plain paragraphs vary in
    number; a related list's structured items and bare links may), it never came as a run itself (a template
    block holds one value per slot), it is on no more pages than the
    label, and it holds a value's text, not a story's (``FIELD_FEATURES``).
    A field and its descendants become low, and cleaning removes them
    without the text check (their text is new by nature).
    """
    for e in order:
        if not (e.low and e.children and e.styles) or e.field:
            continue
        children = e.children
        labelled: dict[int, int] = {}  # child key -> pages of the label just before it
        for seq in e.styles:
            label_m = 0
            for k in seq:
                c = children[k]
                if label_m:
                    labelled[k] = max(labelled.get(k, 0), label_m)
                if c.text_imp >= 0:  # a child with text of its own: a label, or text that ends one
                    label_m = c.m if c.text_imp < threshold else 0
                else:
                    inner = _wrapped_text(c)
                    if inner is not None:  # a wrapped label ("<div><h2>More on this story</h2></div>")
                        label_m = c.m if 0.0 <= inner.text_imp < threshold else 0
        for k, top in labelled.items():
            c = children[k]
            if c.noisy or c.imp < 0 or not c.steady or c.run_hi > 1 or c.m > top \
                    or _text_under(c) > FIELD_FEATURES * c.m:
                continue  # template already, unknown, not a field, or prose
            _mark_field(c)


def _text_under(e: Element) -> int:
    """Feature occurrences (over its pages) of the text of ``e`` and all below it."""
    return sum(d.overflow + (sum(d.features.values()) if d.features else 0) for d in preorder(e))


def _wrapped_text(e: Element) -> Element | None:
    """The one element with text below ``e`` when ``e`` wraps it in a chain
    of single children, each once per parent ("<div><h2>Related</h2></div>");
    else None."""
    while e.children and len(e.children) == 1:
        (e,) = e.children.values()
        if e.run_hi > 1:
            return None
    return e if not e.children and e.text_imp >= 0 else None


def mark_labelled_lines(order: list[Element], threshold: float) -> None:
    """Mark labelled lines, and all below them, low fields (``order``: preorder).

    A label and its value often share one text ("Source: Reuters",
    "Editor: X", "17 January 2017", "2015-07-04 10:16 来源:"), so the text
    varies from page to page and its importance is high, yet the node is
    the template's: its text begins with the same token (the label; a
    number counts as one token, see :func:`lead_token`) on at least
    ``LEAD_SHARE`` of the pages that have it, it comes once per page (never
    in a run, never in two places), it has been seen on ``LEAD_MIN_PAGES``
    pages or more, its structure is steady (as for fields), and its text
    is a line (``LINE_FEATURES``). It must not be low already: template
    text is removed with the text check, which is stricter. Article
    text fails the first test (its paragraphs begin anyhow), and its
    containers the last (their paragraphs vary in number).
    """
    for e in order:
        leads = e.leads
        if e.low or not leads or e.m < LEAD_MIN_PAGES or not e.steady:
            continue  # low already (its text is checked when cleaning), or no labelled line
        label, pages = max(leads.items(), key=_count)
        # The label is template by the leaf measure too: 1 - H(label) < threshold.
        if pages < LEAD_SHARE * e.m or 1.0 - math.log(pages) / math.log(e.m) >= threshold:
            continue
        occurrences = e.overflow + (sum(e.features.values()) if e.features else 0)
        if occurrences > LINE_FEATURES * e.m:
            continue  # a paragraph, not a line
        e.label = label
        _mark_field(e)


def _mark_field(e: Element) -> None:
    """Mark ``e`` and all below it low fields (removed without the text check)."""
    stack = [e]
    while stack:
        d = stack.pop()
        d.low = d.field = True
        if d.children:
            stack.extend(d.children.values())


def _style_pages(item: tuple[tuple, Style]) -> int:
    return item[1].n


def _count(item: tuple[str, int]) -> int:
    return item[1]


def _text_importance(e: Element) -> float:
    """Importance of ``e``'s own text with each feature weighted by the pages
    it occurs on (``1 - sum df H / sum df``); -1 when it has no text or is unknown."""
    m = e.m
    feats = e.features
    if m < 2 or not (feats or e.overflow):
        return -1.0
    occ = e.overflow
    acc = 0.0
    if feats:
        for c in feats.values():
            occ += c
            if c > 1:
                acc += c * math.log(c)
    return min(1.0, max(0.0, 1.0 - acc / math.log(m) / occ))


def _importance(e: Element, gamma: float) -> float:
    """CompImp of ``e`` from its children's (already computed); -1 when unknown."""
    m = e.m
    if m < 2:
        return -1.0
    log_m = math.log(m)
    text_imp = None
    feats = e.features
    if feats or e.overflow:
        count = (len(feats) if feats else 0) + e.overflow
        text_imp = min(1.0, max(0.0, 1.0 - e.log_df / log_m / count))
    styles = e.styles
    if not styles or not e.children:  # a leaf
        return text_imp if text_imp is not None else 0.0
    total = e.n_total
    node_imp = min(1.0, max(0.0, (math.log(total) - e.n_log_n / total) / log_m)) if total else 0.0
    children = e.children
    acc = 0.0
    for seq, style in styles.items():
        if not seq:
            s_imp = text_imp if text_imp is not None else 0.0
        else:
            s_imp = 0.0
            for k in seq:
                c = children[k]
                s_imp += 1.0 if c.imp < 0 else c.imp
            s_imp /= len(seq)
        acc += style.n / total * s_imp
    g = gamma ** len(styles)
    imp = (1.0 - g) * node_imp + g * acc
    if text_imp is not None and text_imp > imp:
        imp = text_imp
    return imp
