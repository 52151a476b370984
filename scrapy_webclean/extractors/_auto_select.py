"""``auto``'s block pick over one view of the page (see :mod:`.auto`).

The pick runs in passes, each one function whose loop works on local variables: the preorder marks
(:func:`._auto_mark._mark`), the layout wrappers un-named (:func:`_unname_layouts`), what each block
owns (:func:`_own`), the furniture rescue (:func:`_rescue`), the root (:func:`_choose_root`), the
kept region (:func:`._auto_blocks._kept_region`) and the pruning (:func:`_prune`)."""

from __future__ import annotations

from itertools import compress
from typing import Any, Mapping, NamedTuple, Sequence

from .._classify import page_features, script_weight
from .._deadline import CHECK_EVERY, check_deadline, chunks_down
from .._document import MEASURED as LIVE, Document, Measures, union_mask  # (LIVE: 1 for a zero byte)
from .._walk import (OwnersAndDead, flagged, owned_text, tag_positions, tag_positions_of,
                     text_over)
from .._render import NodeSelection
from ._auto_forms import message_forms_in, out_of_forms
from ._auto_titled import titled_instead
from ._auto_columns import story_cell
from ._auto_lists import KEPT_WHOLE, Lists
from ._auto_blocks import _best_root, _Blocks, _in_flow, _kept_region, _prose_root, story_inside
from ._auto_mark import _mark, _Marks
from ._auto_rescue import _rescue
from ._auto_title_lines import title_heads, page_title_headings
from ._auto_phrases import _linked_sentence, _piece_mark, mostly_marked
from ._auto_teasers import teasers_outweigh
from ._auto_threads import comment_threads
from ._thread_comments import comment_roots
from ._auto_words import (_BOX_LABEL_CHARS, _flow_line, _HEADINGS, _TITLE_TAGS, _box_end, _title_key, title_reads)

#: A block owning this many characters or more is read by its own text for boilerplate statements.
_OWN_TEXT = 300
#: ... and so is a block holding more than this in all: no notice, whatever it holds (docs/algorithms.md).
_WHOLE_TEXT = 10_000
#: What a hub page's whole landmark leaves out besides invisible tags: the menus and asides inside it.
_HUB_FURNITURE = ("nav", "aside")
#: A page without a <main> whose template marks its parts with these landmarks: its body, less those
#: parts (:data:`_TEMPLATE_PARTS`), stands for the main landmark.
_LANDMARKED = ("header", "nav")
#: ... the page's own header and footer, not those of an article or section in it (:data:`_SECTIONS`).
_PAGE_PARTS = ("header", "footer")
_TEMPLATE_PARTS = _HUB_FURNITURE + _PAGE_PARTS
_SECTIONS = ("article", "section")


class Body(NamedTuple):
    """The block pick over one view of the page: the body as a node
    selection, its prose value (how much real text the chosen root holds),
    how many characters hidden styles left out, the nodes read as furniture,
    the comment threads found by their shape or names (:func:`_named_threads`, :func:`.comment_roots`) and,
    with the ``comments`` option, the outermost ones (for the comments field)."""

    selection: NodeSelection
    strength: float
    hidden: int
    furniture: bytearray
    threads: list[int]
    comment_roots: list[int]


def _select_body(doc: Document, opts: Mapping[str, Any], title: str | None, m: Measures, unhide: bool = False,
                 stated: int = -1) -> Body:
    """The block pick over the view ``m`` (``unhide``: hidden subtrees are measured like the rest)."""
    marks = _mark(doc, m, unhide)
    check_deadline()
    _unname_layouts(doc, m, marks)
    blocks = _own(doc, m, marks)
    names = bytes(marks.named)  # before the rescue strikes any
    root, whole, pos, neg = _pick_root(doc, m, marks, blocks, stated, title)
    if out_of_forms(doc, marks.dead, root, pos):  # a comment form is no body (a short post's): chosen again
        root, whole, pos, neg = _pick_root(doc, m, marks, blocks, stated, title)
    threads = _named_threads(doc, m, marks, names, root)
    end = doc.end
    if any(t <= root < end[t] or root <= t < end[root] for t in threads):  # comments in or around the root
        # (whatever their names): chosen again. (A thread beside it leaves it be: with the thread's
        # value gone, a root may climb into the comment form around it.)
        root, whole, pos, neg = _pick_root(doc, m, marks, blocks, stated, title)
    strength = pos[root]
    top, kept, path = _kept_region(doc, blocks, root, opts["favor"] == "recall" and not whole, pos, neg, m)
    check_deadline()
    # What the block pick read as furniture, whatever the root: dead subtrees, and those named so.
    furniture = union_mask(marks.dead, doc.subtree_mask(flagged(marks.named)))
    outermost = comment_roots(doc, marks.named)  # the page's comment threads, by their shape or names
    roots = outermost if whole or opts["comments"] else []
    drop = _prune(doc, m, marks, blocks, pos, neg, (top, kept, path, whole, furniture), opts["favor"], title, roots)
    forms = message_forms_in(doc, top)  # a comment form in the body: its labels and fine print
    if forms:
        drop = union_mask(drop, doc.subtree_mask(forms))
    return Body(NodeSelection(doc, top, drop, excluded=m.excluded), strength, marks.hidden, furniture,
                sorted({*threads, *outermost}), roots if opts["comments"] else [])


def _pick_root(doc: Document, m: Measures, marks: _Marks, blocks: _Blocks, stated: int,
               title: str | None) -> tuple[int, bool, list[float], list[float]]:
    """The block values, the furniture rescue and the root (see :func:`_choose_root`)."""
    pos, neg = blocks.values(listing=False)
    check_deadline()
    thread = _rescue(doc, marks, pos, neg, stated, title)
    return _choose_root(doc, m, marks, blocks, pos, neg, thread, title)


def _named_threads(doc: Document, m: Measures, marks: _Marks, names: bytes, root: int) -> list[int]:
    """Name the comment threads found by their shape around ``root`` (in the
    subtree of its grandparent; see :mod:`._auto_threads`) as threads: those
    named nothing (``names``: before the rescue; a furniture name it struck
    for the prose under it stays struck: a forum's posts)."""
    named, region = marks.named, root
    for _ in range(2):  # a root inside a thread (one long comment) is looked around
        if region > doc.body:
            region = doc.parent[region]
    found = [i for i in comment_threads(doc, m, marks.dead, marks.inlink, marks.owner, region)
             if not named[i] and not names[i]]
    for i in found:
        named[i] = 2
    return found


def _unname_layouts(doc: Document, m: Measures, marks: _Marks) -> None:
    """A wrapper named as furniture that holds the page's main region (its
    <main>, or its title heading) is a layout wrapper ("has-sidebar",
    "sidebar-layout"), not a box beside the text: its name is struck."""
    tags, parent, body, named = doc.tags, doc.parent, doc.body, marks.named
    seen = bytearray(len(doc))
    text_len, link_len = m.text_len, m.link_len
    for i in marks.main_marks:
        if tags[i] == "main" or link_len[i] * 2 < text_len[i]:  # a title, not a linked logo
            a = parent[i]
            while a > body and not seen[a]:
                seen[a] = 1
                if named[a] == 1:
                    named[a] = 0
                a = parent[a]


def _own(doc: Document, m: Measures, marks: _Marks) -> _Blocks:
    """Pass 2 (reverse): what each block owns (characters, of which in
    links, sentence punctuation; boilerplate statements; linked headlines)."""
    n, sentences = len(doc), _OWN_TEXT // script_weight(m, doc.body)  # (a marked block this long: by its sentences)
    tags, parent, own = doc.tags, doc.parent, doc.own_len
    dead, inlink, owner, anchors = marks.dead, marks.inlink, marks.owner, marks.anchors
    cjk, latin = m.cjk_punct, m.latin_punct
    chars = [0] * n       # characters a block owns (its inline text)
    multiword = bytearray(n)  # a link-dominated heading of two words or more
    links = [0] * n       # of which inside links
    punct = [0] * n       # sentence punctuation the block owns
    csum_p = [0] * n      # children's subtree punctuation (to get a node's own)
    marked = bytearray(n)  # the block carries a copyright/disclaimer statement
    # Each node's block, a dead node its own (owned_text leaves both out: a dead menu's or footer's
    # words are not the text of the block round them); and dead nodes their own block, the rest none.
    skip, dead_parts = OwnersAndDead(owner, dead), OwnersAndDead(None, dead)
    read: dict[int, str | None] = {}  # the whole text of blocks read, until a block round them is
    live = dead.translate(LIVE)  # (the live nodes found at C speed, the deadline checked per chunk)
    for lo, hi in chunks_down(0, n):
        for i in compress(range(hi - 1, lo - 1, -1), reversed(live[lo:hi])):
            p = parent[i]
            sp = cjk[i] + latin[i]
            if p >= 0:
                csum_p[p] += sp
            c = own[i]
            if c:
                o = owner[i]
                chars[o] += c
                if inlink[i]:
                    links[o] += c
                punct[o] += sp - csum_p[i]
            if owner[i] == i:
                # The block is complete (its inline descendants came first). Only a
                # short block that is not a link list can be a boilerplate line.
                c = chars[i]
                if 0 < c < 1000 and links[i] * 2 <= c:
                    # A long block is judged by its own text: a story is no notice for the
                    # copyright line nested in it as a block of its own (judged by itself).
                    if c >= _OWN_TEXT or m.text_len[i] > _WHOLE_TEXT:
                        text = owned_text(doc, i, skip)
                    elif dead.find(1, i, doc.end[i]) >= 0:
                        text = owned_text(doc, i, dead_parts)  # (its dead parts' words are none of its own)
                    else:
                        text = _read(doc, i, read)
                    marked[i] = _piece_mark(text, links[i] > 0)
                    if marked[i] and c >= sentences:
                        marked[i] = mostly_marked(text, links[i] > 0, marked[i])
                elif anchors[i] <= 3 and c - links[i] >= 12 and punct[i]:
                    marked[i] = _linked_sentence(doc, i)
                if tags[i] in _HEADINGS and links[i] * 2 > c >= 8:
                    # A one-word linked heading is a name (a forum post's author), not a headline.
                    multiword[i] = len(_read(doc, i, read).split(maxsplit=1)) > 1
    check_deadline()
    return _Blocks(tags, parent, owner, dead, marks.named, chars, links, punct, anchors, marked, marks.truncated,
                   multiword)


def _read(doc: Document, i: int, read: dict[int, str | None]) -> str:
    """Block ``i``'s whole text, the text of the blocks read inside it taken whole (the page is read
    backwards: a chain of nested blocks, each owning a word, was read once per level)."""
    text = read[i] = text_over(doc, i, read) or ""
    return text


def _choose_root(doc: Document, m: Measures, marks: _Marks, blocks: _Blocks, pos: list[float], neg: list[float],
                 thread: int, title: str | None) -> tuple[int, bool, list[float], list[float]]:
    """The body root: the subtree that shows the stated body under a
    furniture name (``thread``), else the largest net value outside
    furniture; whether it is a hub page's whole landmark; and the block
    values it was chosen by (a listing's, when little prose is anywhere
    and none of it under the page's title)."""
    end, body, dead, named, declared = doc.end, doc.body, marks.dead, marks.named, marks.declared
    if thread >= 0:
        root = thread
    else:
        root = _best_root(end, dead, named, pos, neg, body)
        prose = titled_instead(doc, marks, pos, neg, _prose_root(doc, dead, named, pos, root, declared), title)
        if (pos[root] < 500 and pos[root] < 0.25 * m.text_len[body]
                or teasers_outweigh(doc, m, named, marks.inlink, blocks.teaser_roots, blocks.teaser_prose, root,
                                    pos[root])) \
                and not (declared >= 0 and (pos[declared] > 0 and declared <= root < end[declared]
                                            or pos[declared] > neg[declared])) \
                and not title_heads(doc, prose, page_title_headings(doc, title)):
            # Little prose anywhere, or a list of teaser cards holding more than the best subtree
            # beside it: a listing, a forum index, a product grid, search results.
            # Linked headlines with summaries are then the content. (Not when
            # the page marks up its article body (see _Marks.declared)
            # and the little prose is in it, or the body holds net prose, nor when the page's title heads
            # the little prose: a short article.)
            pos, neg = blocks.values(listing=True)
            root = _best_root(end, dead, named, pos, neg, body)
        else:
            root = story_cell(doc, dead, named, pos, neg, prose)
        if declared >= 0 and not named[declared] and pos[declared] > neg[declared] \
                and not declared <= root < end[declared] and not root <= declared < end[root]:
            root = declared  # the page's declared entry holds net prose: a pick beside it is a box beside the entry
    # A hub page (listing, product grid, landing page; see classify) whose
    # main landmark holds the root: the landmark is the content, all of it but its menus and asides.
    # Such a page spreads its content over many short blocks (cards,
    # filters, tabs a script opens), so the densest one is only a part.
    hub = thread < 0 and page_features(doc, doc.url)["score"] <= 0
    landmark = marks.landmark
    if hub and landmark < 0 and _template_marked(doc):
        landmark = body  # no <main>, but the template's parts are marked: the body less them
    whole = hub and landmark >= 0 and landmark <= root < end[landmark]
    if whole:
        root = landmark
    elif thread < 0:
        articles = tag_positions(doc, "article")
        for own in (landmark, articles[0] if len(articles) == 1 else -1):
            # The declared main content, then the page's only <article> (its story): what the root
            # holds beside the one that carries half its value is the template's.
            if root < own < end[root] and pos[own] >= 0.5 * pos[root]:
                root = own
    return root, whole, pos, neg


def _template_marked(doc: Document) -> bool:
    """Whether the page marks its template's parts (:data:`_LANDMARKED`) and is no single
    article: one ``<article>`` element is the page's story, whatever the tagger says."""
    return all(tag_positions(doc, t) for t in _LANDMARKED) and len(tag_positions(doc, "article")) != 1


def _landmark_parts(doc: Document, top: int) -> list[int]:
    """What a hub's whole landmark ``top`` leaves out: its menus and asides; the body, standing
    for the landmark, the template's parts (:data:`_TEMPLATE_PARTS`), but a header or footer
    inside an ``<article>`` or ``<section>``: that one is the section's own."""
    tags, start, stop = doc.tags, top + 1, doc.end[top]
    if top != doc.body:
        return tag_positions_of(doc, _HUB_FURNITURE, start, stop)
    sectioned = doc.subtree_mask(tag_positions_of(doc, _SECTIONS, start, stop))
    return [j for j in tag_positions_of(doc, _TEMPLATE_PARTS, start, stop)
            if not (sectioned[j] and tags[j] in _PAGE_PARTS)]


def _prune(doc: Document, m: Measures, marks: _Marks, blocks: _Blocks, pos: list[float], neg: list[float],
           region: tuple[int, bytearray, bytearray, bool, bytearray], favor: str,
           title: str | None, roots: Sequence[int] = ()) -> bytearray:
    """Pass 4 (preorder over the kept region ``region``: its top, the masks of
    the kept blocks and of the paths down to them, whether it is a whole landmark,
    and the furniture mask): the elements dropped, as a mask: what lies beside
    the kept blocks, furniture and mostly-negative subtrees, and the title's heading.
    ``roots``: the page's comment threads (:func:`.comment_roots`), read when the region is a whole
    landmark."""
    top, kept, path, whole, furniture = region
    tags, end, text_len = doc.tags, doc.end, m.text_len
    dead, named, owner, own_len = marks.dead, marks.named, blocks.owner, doc.own_len
    keep_ratio = {"balanced": 0.5, "precision": 0.8, "recall": 0.25}[favor]
    # A whole landmark: only invisible tags, its menus and asides (the template's parts) and its comment
    # threads (comment_roots; a listing's own boxes, "related", "share", may be what it lists) are left out.
    threads = [r for r in roots if top < r < end[top]] if whole else []
    drop = doc.subtree_mask(_landmark_parts(doc, top) + threads) if whole else bytearray(len(doc))
    siblings: dict[int, list[int]] = {}
    lists = Lists(doc, m, (dead, named, drop))  # (drop: filled in preorder, a lead-in before its list)
    title_key = _title_key(title) if title else ""
    i = top + 1
    stop = top + 1 if whole else end[top]
    found = tag_positions_of(doc, _TITLE_TAGS, i, stop) if title_key else []
    titled = {j for j, yes in zip(found, title_reads(doc, found, title_key)) if yes}
    while i < stop:
        if not i & CHECK_EVERY:
            check_deadline()
        e = end[i]
        if not kept[i] or dead[i] or named[i]:  # beside the kept blocks, dead or furniture: dropped,
            if path[i]:  # but a node on the way down to kept blocks is walked into, not judged
                i += 1
                continue
            drop[i:e] = b"\x01" * (e - i)
            i = e
            continue
        t = tags[i]
        if t == "blockquote":  # quotes (embedded posts too) are the author's choice: keep, but for furniture
            drop[i + 1:e] = furniture[i + 1:e]
            i = e
            continue
        if i in titled:
            drop[i:e] = b"\x01" * (e - i)
            i = e
            continue
        if t in KEPT_WHOLE and text_len[i] and lists.kept_whole(i):
            drop[i + 1:e] = furniture[i + 1:e]  # kept whole but for furniture: introduced, or a data table
            i = e
            continue
        # (A box's label is of a label's length: _box_end's first test, made here for every node.)
        box = _box_end(doc, text_len, i) if _BOX_LABEL_CHARS[0] <= text_len[i] <= _BOX_LABEL_CHARS[1] else -1
        if box > 0:  # an author's box: its label, the biography after it
            drop[i:box] = b"\x01" * (box - i)
            i = box
            continue
        ng = neg[i]
        if ng > 0 and pos[i] < keep_ratio * ng and not story_inside(doc, pos, i, pos[top]):
            if owner[i] != i and own_len[i]:
                # An inline wrapper (<font>, <span>) of its block's own text: its text counts for that
                # block, not for it; what it holds is judged instead.
                i += 1
                continue
            if _flow_line(doc, i) and _in_flow(doc, blocks, pos, neg, i, siblings):
                drop[i + 1:e] = furniture[i + 1:e]  # a link line of the running text, links and all
                i = e
                continue
            drop[i:e] = b"\x01" * (e - i)
            i = e
            continue
        i += 1
    return drop

