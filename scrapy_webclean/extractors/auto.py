"""``auto``: the default extractor, several signals combined.

Every text piece of the page belongs to its nearest *block* (p, li, td,
div, heading, ...). Each block gets a value from the signals the seed
methods and their stronger relatives use one at a time:

- **text density and link density** (CETD, seeds 000/004): characters
  outside links count for the block, text inside links against it, in
  proportion to the block's link share;
- **punctuation density** (GNE's text-and-symbol density, seed 002):
  prose carries sentence punctuation (CJK or Latin); long runs of text
  without any (menus, tag clouds, address blocks) are worth less;
- **structure**: headings, list items and table cells are kept as parts of
  the body but never outweigh prose; class/id names and tags that name
  page furniture (navigation, comments, share bars, related boxes, cookie
  and subscription notices, copyright footers) and hidden nodes are left
  out before anything is measured.

The body root is the node whose subtree holds the largest total value
(max-subarray over the tree: adding a region full of link lists lowers the
sum, so the root stops short of it). Inside the root, subtrees made mostly
of negative value (a related-links list, a tag bar) are pruned, and blocks
outside the root whose tag path matches the body's paragraphs (seed 002's
DOM-path similarity) and hold real prose are taken in too. When the page
states its body in JSON-LD (``articleBody``) and the tree gives much less,
the JSON-LD body is returned; when the page shows the stated body outside
what was chosen, under a furniture name (forum software calls its posts
comments), that subtree is the body. On a hub page (a listing, product grid
or landing page, by :func:`~scrapy_webclean.classify`'s measures) whose
``<main>`` landmark holds the root, the whole landmark is the body (less its
``<nav>`` and ``<aside>`` elements); without a ``<main>``, a page whose template
marks its parts (``<header>``, ``<nav>``) has its body, less them, for one. Dialogs
(``aria-modal="true"``, ``role="dialog"``) are never content; class names
inside ``<pre>``/``<code>`` are syntax highlighting, never furniture. With
a site style tree, the page arrives already cleaned of the site's template.

A second pick by paragraph-score propagation (:mod:`._propagation`) and a
learned arbiter (:mod:`._arbiter`) decide, page by page, which of the two is
returned (``docs/auto.md``).

All of it is a few loops over the document's node arrays: no re-parse, no
recursion, no change to the tree.
"""

from __future__ import annotations

from typing import Any, Mapping, NamedTuple

from .._document import Document, Measures, nonspace_len
from .._metadata import extract_metadata
from .base import Extractor, Option, SelectionResult, register
from .._render import BlockSelection, NodeSelection, Selection, kept_mask
from .._walk import subtree_text, tag_positions_of
from ._arbiter import arbitrate
from ._consensus import consensus, put_to_vote
from ._controls import without_controls
from ._variants import without_variants
from ._auto_words import _HEADINGS
from ._auto_select import _select_body

__all__ = ["AutoExtractor"]

#: Share of the page's text in hidden subtrees above which a page with little prose in view is read unhidden.
_HIDDEN_SHARE = 0.5

#: A JSON-LD body shorter than this (non-space characters) is not looked
#: for in the page; how much of its start is looked for.
_STATED_MIN = 100
_PROBE = 40


def _nonspace(text: str) -> str:
    """``text`` without its white space: what two renderings of one text share."""
    return "".join(text.split())


def _stated_at(doc: Document, body: str, excluded: bytearray) -> int:
    """The node whose text starts the stated body ``body`` (its first words,
    spaces aside), or -1 when no text node outside ``excluded`` holds them."""
    words = body.split()[:6]
    if not words:
        return -1
    probe = " ".join(words)
    first = words[0]
    texts, tails, parent = doc.texts, doc.tails, doc.parent

    def holds(x: str | None) -> bool:
        return x is not None and first in x and probe in " ".join(x.split())

    for i in range(len(texts)):
        if holds(texts[i]) and not excluded[i]:
            return i
        p = parent[i]
        if p >= 0 and holds(tails[i]) and not excluded[p]:
            return p
    return -1


@register
class AutoExtractor(Extractor):
    name = "auto"
    summary = "the default: text, link and punctuation density, structure, DOM paths and JSON-LD combined"
    template_fields = False  # captions, credits and boxes it finds itself; a field misread would take the story
    options = (
        Option("favor", "balanced", "choice", "precision keeps what both picks keep, recall what either keeps",
               choices=("balanced", "precision", "recall")),
        Option("comments", False, bool, "also return reader comments (as the result's comments field)"),
        Option("min_text", 0, int, "when the body found has fewer non-space characters than this, return all "
               "the page's visible text instead (0: never)", minimum=0),
    )

    def select(self, doc: Document, opts: Mapping[str, Any]) -> SelectionResult:
        selection, meta, strength, furniture, threads = _auto_pick(doc, opts)
        if furniture is not None and isinstance(selection, NodeSelection):
            selection = arbitrate(doc, doc.measures, selection, strength, furniture, threads, opts["favor"])
        if isinstance(selection, NodeSelection):
            selection = tidy(doc, selection)
        if put_to_vote(doc, selection):
            # The safety net: (next to) nothing found, or a headline alone, where the seed extractors
            # may agree on a body.
            selection = consensus(doc) or selection
        if opts["min_text"] and nonspace_len(selection.text()) < opts["min_text"]:
            selection = NodeSelection(doc, doc.body)
        return SelectionResult(selection, meta)


def tidy(doc: Document, selection: NodeSelection) -> NodeSelection:
    """The body ``auto`` returns from a pick: without its controls (a comment system's lines among them),
    its screen-size copies and the headings it ends with. The nodes the pick renders are found once for all."""
    kept = kept_mask(doc, selection.root, selection.skip_mask())
    selection = without_variants(doc, without_controls(doc, selection, kept), kept)
    return _without_trailing_headings(doc, selection, kept)


#: The most headings a body's text is cut of at its end, and the longest line read as one.
_TRAILING_HEADINGS, _HEADING_LINE = 3, 200


def _without_trailing_headings(doc: Document, selection: NodeSelection, kept: bytearray) -> NodeSelection:
    """``selection`` without the headings its text ends with: a heading heads what
    follows it, and where nothing does, what it headed was left out ("Related stories")."""
    root, stop, drop = selection.root, doc.end[selection.root], selection.drop
    heads = [h for h in tag_positions_of(doc, _HEADINGS, root + 1, stop)
             if kept[h] and not (drop is not None and drop[h])]
    for h in heads[:-_TRAILING_HEADINGS - 1:-1]:  # the last ones, last first
        text = selection.text().rstrip()
        last = " ".join(text[text.rfind("\n") + 1:].split())
        if not last or len(last) > _HEADING_LINE or len(last) * 2 > len(text) \
                or " ".join(subtree_text(doc, h).split()) != last:
            return selection
        selection = selection.without((h,))
    return selection


class BlockPick(NamedTuple):
    """The block pick: selection, metadata, prose value, the
    nodes it read as furniture when it was made in the page's plain view (not
    from JSON-LD, not with hidden text or ``<noscript>`` read; else None: the
    arbiter does not run), and the comment threads it found by their shape or names."""

    selection: Selection
    meta: dict[str, Any]
    strength: float
    furniture: bytearray | None
    threads: list[int]


def _auto_pick(doc: Document, opts: Mapping[str, Any]) -> BlockPick:
    """The block pick (see :class:`BlockPick`)."""
    meta = extract_metadata(doc)
    # The title as its heading reads (the heading dropped from the body), when the result's title differs.
    title = meta.pop("_heading") if "_heading" in meta else meta.get("title")
    selection: Selection
    selection, strength, hidden, furniture, threads, roots = _select_body(doc, opts, title, doc.measures)
    view: tuple[Measures, bool] = (doc.measures, False)  # the measures and unhide the selection used
    if strength < 500 and hidden > _HIDDEN_SHARE * doc.measures.text_len[doc.body]:
        # Little prose in view but most of the page's text styled hidden:
        # the page hides itself until a script runs (behind a consent
        # wall, a loader); a reader sees that text, so it counts.
        second = _select_body(doc, opts, title, doc.measures, unhide=True)
        if second.strength > strength:
            selection, strength, hidden, furniture, threads, roots = second
            view = (doc.measures, True)
    if strength < 500 and "noscript" in doc.tags:
        # Little prose in view: some pages (forum software, for one) keep
        # the readable page in <noscript> for clients without scripts.
        with_ns = doc.compute_measures(visible=("noscript",))
        if with_ns.text_len[doc.body] > 1.5 * doc.measures.text_len[doc.body] + 200:
            second = _select_body(doc, opts, title, with_ns)
            if second.strength > strength:
                selection, strength, hidden, furniture, threads, roots = second
                view = (with_ns, False)
    body_ld = meta.pop("_article_body", None)
    rescued = False
    if body_ld:
        stated = _nonspace(body_ld)
        shown = _nonspace(selection.text())
        if len(stated) >= 200 and len(shown) < 0.5 * len(stated):
            selection = BlockSelection(body_ld.split("\n"))
        elif len(stated) >= _STATED_MIN and stated[:_PROBE] not in shown:
            # The body the page states (JSON-LD: an article's, a forum
            # thread's posts) is not in what was chosen. Where the page
            # shows it, the block showing it is content whatever its
            # name says (forum software calls its posts "comments").
            # Looked for in the view the selection was made in (its
            # <noscript> read or its hidden text unhidden).
            at = _stated_at(doc, body_ld, view[0].excluded)
            if at >= 0:
                second = _select_body(doc, opts, title, view[0], unhide=view[1], stated=at)
                if stated[:_PROBE] in _nonspace(second.selection.text()):
                    selection, strength, hidden, furniture, threads, roots = second
                    rescued = True
    plain = view[0] is doc.measures and not view[1] and not rescued and isinstance(selection, NodeSelection)
    if opts["comments"]:  # the threads the comments field reads where the page marks up no comment it knows
        meta["_comment_roots"] = roots
    return BlockPick(selection, meta, strength, furniture if plain else None, threads)
