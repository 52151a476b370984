"""Block values of ``auto``'s block pick, their subtree sums, and the
choices made from them: the body root, the prose region, the kept region and the blocks on the
body's tag path, and link lines that belong to the running text."""

from __future__ import annotations

from bisect import bisect_left
from itertools import compress

from .._deadline import CHECK_EVERY, check_deadline, chunks_down
from .._document import MEASURED as LIVE, Document, Measures, text_content  # (LIVE: 1 for a zero byte)
from .._walk import common_region
from ._auto_segments import root_copies
from ._auto_phrases import _MARK_LIMIT, _MARK_LINKED, _MARK_PROMO, _piece_mark
from ._auto_teasers import TEASER_CARDS, teaser_list
from ._auto_words import (SHORT_ARTICLE, _BUTTON_CLASS, _CALL_TO_ACTION, _CELLS, _FLOW_RUN, _HEADINGS,
                          _LABELLED_LINE, _PROSE_ROOT_SHARE, _PROSE_ROOT_SLIVER, _SHOUTED, _flow_line, _part_of_flow,
                          previous_sibling)

#: A heading of a short article's characters outside links (and two sentence marks or more) is a
#: paragraph set in a heading's type, valued as prose; shorter ones are structure, worth nothing.
_PROSE_HEADING = SHORT_ARTICLE
#: Non-link characters and sentence marks of a block that holds prose, however many links it holds.
_PROSE_AMONG_LINKS = (500, 5)
#: A block of mostly links: a menu row when its links average fewer characters than this (counts wholly
#: against), else headlines (count by the weight after, against; for, on a listing); a linked headline
#: (a teaser card's) from this many link characters, or a linked heading of two words from the last figure.
_MENU_ANCHOR, _HEADLINE_WEIGHT, _HEADLINE_LINKS, _HEADING_LINKS = 30, 0.5, 20, 8
#: A block without sentence marks: from this many characters outside links it counts by the weight after
#: (less its links); shorter, its links count by the last weight against it (a label, a caption).
_UNPUNCTUATED_TEXT, _UNPUNCTUATED_WEIGHT, _UNPUNCTUATED_LINKS = 40, 0.3, 0.5


def _prose_among_links(outside: int, marks: int) -> bool:
    """Whether a block of mostly links holds prose all the same (``outside``: its characters outside
    links; ``marks``: its sentence marks): an old template's story and the site's list of related
    stories in one ``<p>``, parted by ``<br>``; a post that is a list of linked articles under its
    own words."""
    return outside >= _PROSE_AMONG_LINKS[0] and marks >= _PROSE_AMONG_LINKS[1]


class _Blocks:
    """Block values and their subtree sums (pass 3 of the extractor)."""

    __slots__ = ("tags", "parent", "owner", "dead", "named", "chars", "links", "punct", "anchors", "marked",
                 "truncated", "multiword", "val", "teaser_roots", "teaser_prose")

    def __init__(self, tags, parent, owner, dead, named, chars, links, punct, anchors, marked, truncated,
                 multiword) -> None:
        self.tags, self.parent, self.owner, self.dead, self.named = tags, parent, owner, dead, named
        self.chars, self.links, self.punct, self.anchors, self.marked = chars, links, punct, anchors, marked
        self.truncated = truncated
        self.multiword = multiword  # a linked heading of two words or more (a headline, not a user name)
        self.val: list[float] = []
        self.teaser_roots: list[int] = []
        self.teaser_prose: list[float] = []  # the prose of each of teaser_roots, before it was discounted

    def values(self, listing: bool) -> tuple[list[float], list[float]]:
        """Subtree sums of positive and negative block values.

        ``listing``: the page has little prose; linked headlines (long
        anchors) are content and lists of teaser cards are not discounted.
        """
        tags, parent, owner, dead, named = self.tags, self.parent, self.owner, self.dead, self.named
        chars, links, punct, anchors, marked = self.chars, self.links, self.punct, self.anchors, self.marked
        n = len(tags)
        pos, neg = [0.0] * n, [0.0] * n
        titled = [0] * n      # link-dominated blocks (a linked headline) in the subtree
        items = [0] * n       # children holding any text
        teasers = [0] * n     # children holding a linked headline and prose: teaser cards
        summary = bytearray(n)  # the child last seen (they come last first) is prose without a headline
        cut = [0] * n         # children whose text ends in an ellipsis (a cut summary)
        last = bytearray(n)   # the subtree's last block of text, once seen (they come last first): 1, or 2
        #                       when it ends in an ellipsis
        truncated, multiword = self.truncated, self.multiword
        val = self.val = [0.0] * n  # each block's own value
        self.teaser_roots, self.teaser_prose = [], []
        live = dead.translate(LIVE)  # (the live blocks found at C speed, the deadline checked per chunk)
        for lo, hi in chunks_down(0, n):
            for i in compress(range(hi - 1, lo - 1, -1), reversed(live[lo:hi])):
                c = chars[i]
                if c and owner[i] == i:
                    if not last[i]:  # (no block of text after its own: its text ends the subtree's)
                        last[i] = 1 + truncated[i]
                    lc = links[i]
                    nl = c - lc
                    t = tags[i]
                    if marked[i] == _MARK_LINKED or (lc * 2 > c and _prose_among_links(nl, punct[i])):
                        v = float(nl)  # prose carrying long inline links: its own words count, the links not against
                    elif lc * 2 > c:
                        # Mostly links: navigation (short anchors) or headlines (long ones).
                        if lc < _MENU_ANCHOR * anchors[i]:
                            v = -float(c)
                        else:
                            v = _HEADLINE_WEIGHT * c if listing else -_HEADLINE_WEIGHT * c
                        if lc >= _HEADLINE_LINKS or (t in _HEADINGS and lc >= _HEADING_LINKS and multiword[i]):
                            titled[i] += 1  # a linked headline, not a "Buy" or "More" button
                    elif marked[i] and c < _MARK_LIMIT[marked[i]]:
                        v = -float(c)
                    elif t in _HEADINGS and (nl < _PROSE_HEADING or punct[i] < 2):
                        v = 0.0  # (a paragraph of sentences set as a heading is prose)
                    elif punct[i] == 0:
                        # No sentence punctuation: a label, a menu row, a caption.
                        if nl >= _UNPUNCTUATED_TEXT:
                            v = _UNPUNCTUATED_WEIGHT * nl - lc
                        elif t in _CELLS or listing:
                            v = _UNPUNCTUATED_WEIGHT * nl - _UNPUNCTUATED_LINKS * lc  # data: numbers, names, labels
                        else:
                            v = -_UNPUNCTUATED_LINKS * lc
                    else:
                        v = float(nl - lc)  # its words for it, its links against it
                    val[i] = v
                    if v > 0:
                        pos[i] += v
                    else:
                        neg[i] -= v
                held = self._discount(i, pos, neg) if not listing and teasers[i] >= TEASER_CARDS \
                    and teaser_list(teasers[i], items[i], pos[i], cut[i]) else 0.0
                p = parent[i]
                if p >= 0 and not named[i]:
                    if pos[i] or neg[i]:
                        items[p] += 1
                        if titled[i] and pos[i] > 0:
                            teasers[p] += 1
                        elif titled[i] and summary[p]:
                            teasers[p] += 1  # a linked headline and the summary after it (<dt> and <dd>)
                        summary[p] = not titled[i] and pos[i] > 0
                        cut[p] += last[i] == 2
                        if not last[p]:
                            last[p] = last[i]
                    titled[p] += titled[i]
                    pos[p] += pos[i]
                    neg[p] += neg[i] - held
        return pos, neg

    def _discount(self, i: int, pos: list[float], neg: list[float]) -> float:
        """Read ``i`` as a list of teaser cards: related stories, never an article's body, whose prose
        counts against them. Returns the part of it that its ancestors do not count (see
        :meth:`_after_paragraph`): all of it for a box set in the running text, else none."""
        self.teaser_prose.append(pos[i])
        self.teaser_roots.append(i)
        neg[i] += pos[i]
        held = pos[i] if self._after_paragraph(i) else 0.0
        pos[i] = 0.0
        return held

    def _after_paragraph(self, i: int) -> bool:
        """Whether the element just before ``i`` (its previous sibling) is a paragraph of the running
        text: a block of its own, of sentences (punctuation), mostly unlinked and no boilerplate line."""
        s = previous_sibling(self.parent, i)
        return s >= 0 and self.owner[s] == s and self.punct[s] > 0 and self.links[s] * 2 <= self.chars[s] \
            and not self.marked[s]


def _best_root(end: list[int], dead: bytearray, named: bytearray, pos: list[float], neg: list[float],
               body: int) -> int:
    """The node under ``body`` (or ``body``) with the largest net value, outside
    dead and furniture subtrees; on a tie the later (deeper) node."""
    best, best_v = body, float("-inf")
    i, stop = body, end[body]
    while i < stop:
        if not i & CHECK_EVERY:
            check_deadline()
        if dead[i] or named[i]:
            i = end[i]
            continue
        v = pos[i] - neg[i]
        if v >= best_v:
            best, best_v = i, v
        i += 1
    return best


def _prose_root(doc: Document, dead: bytearray, named: bytearray, pos: list[float], root: int,
                declared: int) -> int:
    """``root``, or the region holding most of the page's prose when ``root``
    holds only a sliver of it.

    An article made of linked resources (a listicle of courses or products)
    loses more to its links than its prose earns, so the largest net value
    sits in a small corner of it; the deepest node holding most of the
    prose is then the body. The search goes no deeper than ``declared``, the
    page's declared entry content (see ``_Marks.declared``; -1 for none): inside it, a
    slideshow of long captions beside a short story is no region of its own.
    """
    body, end = doc.body, doc.end
    share = _PROSE_ROOT_SHARE * pos[body]
    i = body
    while i != declared:
        j, stop = i + 1, end[i]
        while j < stop:
            if not dead[j] and not named[j] and pos[j] >= share:
                break
            j = end[j]
        else:
            break
        i = j
    if i != root and pos[root] < _PROSE_ROOT_SLIVER * pos[i]:
        return i
    return root


def _kept_region(doc: Document, blocks: _Blocks, root: int, same_path: bool, pos: list[float],
                 neg: list[float], m: Measures) -> tuple[int, bytearray, bytearray]:
    """The kept region (see :func:`common_region`): its top (the root,
    or the lowest common ancestor of the kept blocks), the mask of the kept
    blocks' subtrees and the mask of the elements on the paths from the top
    down to them.

    A root that is one block of a story's flow (:func:`._auto_words._part_of_flow`) is one
    part of a story: its siblings of net prose value (``pos`` over ``neg``)
    belong to the body too (the story's other paragraphs, beside the tag list,
    link rows or inline links that outweighed them). Any other root's copies
    beside it (:func:`._auto_segments.root_copies`) are the rest of its story.

    Seed 002 (``same_path``, for favor=recall and not a whole landmark: on
    the shared corpora it adds captions and bylines as often as body text):
    prose blocks outside the root on the same tag path as the root's best
    block belong to the body too (a page builder splits one article over
    sibling sections with buttons and banners between them)."""
    parent, end = doc.parent, doc.end
    kept = [root]
    if same_path:
        kept += _same_path_blocks(doc, blocks, root)
    if len(kept) == 1 and _part_of_flow(doc, root) and parent[root] >= doc.body:
        kept += _prose_siblings(blocks, end, parent[root], root, pos, neg)
    elif len(kept) == 1:
        kept += root_copies(doc, m, blocks.dead, blocks.named, root, pos, neg)
    return common_region(doc, root, kept[1:])


def _prose_siblings(blocks: _Blocks, end: list[int], top: int, root: int, pos: list[float],
                    neg: list[float]) -> list[int]:
    """The children of ``top`` but ``root``, outside dead and furniture subtrees,
    whose prose value is over their negative value."""
    dead, named = blocks.dead, blocks.named
    out: list[int] = []
    i = top + 1
    while i < end[top]:
        if i != root and not dead[i] and not named[i] and pos[i] > neg[i]:
            out.append(i)
        i = end[i]
    return out


def _same_path_blocks(doc: Document, blocks: _Blocks, root: int) -> list[int]:
    """Prose blocks outside ``root`` whose tag path matches its best block's.

    Seed 002's similarity ``K = 2N / (Li + Lj)`` (N: tags matching from
    the top down) must exceed ``2(L0-1) / (2L0+2)``, the worst case of a
    linked and emphasised run of the body's own text.
    """
    end, owner, dead, named = doc.end, blocks.owner, blocks.dead, blocks.named
    val, punct, chars, links = blocks.val, blocks.punct, blocks.chars, blocks.links
    sample, best = -1, 0.0
    for b in range(root, end[root]):
        if owner[b] == b and val[b] > best and not dead[b]:
            sample, best = b, val[b]
    if sample < 0:
        return []
    spath = doc.path(sample)
    l0 = len(spath)
    threshold = 2 * (l0 - 1) / (2 * l0 + 2)
    blocked = bytearray(len(doc.tags))
    for r in blocks.teaser_roots:
        blocked[r:end[r]] = b"\x01" * (end[r] - r)
    out: list[int] = []
    body = doc.body
    i, stop = body + 1, end[body]
    while i < stop:
        if not i & CHECK_EVERY:
            check_deadline()
        if i == root or dead[i] or named[i] or blocked[i]:
            i = end[i]
            continue
        if owner[i] == i and val[i] > 0 and punct[i] >= 2 and chars[i] - links[i] >= 80:
            path = doc.path(i)
            if path[-2:] != spath[-2:]:  # a paragraph where the body's paragraphs sit
                i += 1
                continue
            same = 0
            for x, y in zip(spath, path):
                if x != y:
                    break
                same += 1
            if 2 * same / (l0 + len(path)) > threshold:
                out.append(i)
                i = end[i]
                continue
        i += 1
    return out


def _in_flow(doc: Document, blocks: _Blocks, pos: list[float], neg: list[float], i: int,
             siblings: dict[int, list[int]]) -> bool:
    """True when link-heavy paragraph or list ``i`` sits in the running text:
    between prose paragraphs of the same parent, alone or in a short run of
    such lines ("<p><a>Why is there tension in the region?</a></p>" between
    two paragraphs). The author wrote it into the body; a related-links
    *box* has a wrapper of its own and sits at the end or beside the text.

    Even there, a line is promotion when a link is styled as a button, a
    block is a row of three or more links, the line opens with a label
    ("Related: ...") or a call to action ("Learn more about ...", "→ ..."),
    or it is shouted in capitals. ``siblings`` caches each parent's
    children that hold any text (so a parent with thousands of link lines
    costs one walk, not one per line).
    """
    tags, nodes, owner, anchors, marked = doc.tags, doc.nodes, blocks.owner, blocks.anchors, blocks.marked
    for b in range(i, doc.end[i]):
        if marked[b] and marked[b] != _MARK_LINKED:
            return False  # a credit, a copyright line: negative for its words, not its links
        if tags[b] == "a" and _BUTTON_CLASS.search(nodes[b].get("class") or ""):
            return False
        if owner[b] == b and anchors[b] > 2 and blocks.links[b] * 2 > blocks.chars[b]:
            return False  # a row of links (they are over half the block's text)
    text = text_content(nodes[i]).strip()
    if _CALL_TO_ACTION.match(text):
        return False
    label = _LABELLED_LINE.match(text)
    first = next((b for b in range(i + 1, doc.end[i]) if tags[b] == "a"), -1)
    lead = text.find(text_content(nodes[first]).strip()) if first >= 0 else len(text)
    if label:
        # An unlinked label ("Related: <a>..</a>", "Details: 12 Main St <a>..</a>");
        # a colon inside a linked headline ("<a>Brexit: what next</a>") is not one.
        if lead >= label.end():
            return False
    if lead > 0 and text[:lead].rstrip().endswith((":", "：")) \
            and _piece_mark(text[:lead].strip(), False) == _MARK_PROMO:
        return False  # a promotion's label of any length ("Lesen Sie auch: <a>..</a>", "À lire aussi : <a>..</a>")
    letters = [ch for ch in text if ch.isalpha()]
    if sum(ch.isupper() for ch in letters) >= _SHOUTED * len(letters):
        return False
    p = doc.parent[i]
    row = siblings.get(p)
    if row is None:
        dead, named = blocks.dead, blocks.named
        row = siblings[p] = [c for c in doc.children(p) if not dead[c] and not named[c] and (pos[c] or neg[c])]
    k = bisect_left(row, i)
    if k >= len(row) or row[k] != i:
        return False

    def lines_to_prose(step: int) -> int:
        """How many link lines lie between ``i`` and the first prose sibling
        (``step``: -1 before, +1 after); _FLOW_RUN when there is none near."""
        j = k + step
        for n in range(_FLOW_RUN):
            if not 0 <= j < len(row):
                break
            c = row[j]
            if pos[c] > neg[c]:
                return n
            if not _flow_line(doc, c):
                break
            j += step
        return _FLOW_RUN

    return lines_to_prose(-1) + 1 + lines_to_prose(1) < _FLOW_RUN


#: A mostly-negative subtree holding this share of the kept region's prose value or more ...
_STORY_SHARE = 0.25
#: ... in one child holding this share of its own prose value is walked into, not dropped whole.
_STORY_CHILD = 0.8


def story_inside(doc: Document, pos: list[float], i: int, region: float) -> bool:
    """Whether mostly-negative subtree ``i`` holds a story in one child: :data:`_STORY_SHARE` of the
    kept region's prose value (``region``) or more, nearly all of it (:data:`_STORY_CHILD`) in one
    child, beside the link rows that outweigh it (the child is judged in its turn)."""
    if pos[i] < _STORY_SHARE * region or pos[i] <= 0:
        return False
    return max((pos[c] for c in doc.children(i)), default=0.0) >= _STORY_CHILD * pos[i]
