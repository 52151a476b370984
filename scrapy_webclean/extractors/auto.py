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
``<main>`` landmark holds the root, the whole landmark is the body. Dialogs
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

import re
from bisect import bisect_left
from typing import Any, Mapping

from .._classify import page_features
from .._deadline import check_deadline
from .._document import BLOCK_TAGS, HIDDEN_STYLE, Document, Measures, text_content
from .._metadata import extract_metadata
from .._registry import Extractor, Option, register
from .._render import BlockSelection, NodeSelection, Selection
from ._arbiter import arbitrate

__all__ = ["AutoExtractor"]

#: Nodes that own the text of their inline descendants.
_BLOCKS = BLOCK_TAGS - {"br", "hr"}
#: Headings: part of the body's structure, never scored as prose.
_HEADINGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})
#: Table cells: short unpunctuated text there is data, not a menu.
_CELLS = frozenset({"td", "th"})
#: Paragraphs and lists: what a link line inside the running text is made of.
_FLOW_TAGS = frozenset({"p", "ul", "ol"})
#: A run of this many link lines in the running text is a links section, not an aside.
_FLOW_RUN = 6
#: Class tokens of a link styled as a button.
_BUTTON_CLASS = re.compile(r"(?:^|[\s_-])(?:btn|button|cta)(?:$|[\s_-])", re.IGNORECASE)
#: A line that opens as a call to action ("Learn more about our plans", "Check out ...", "→ Our guide").
_CALL_TO_ACTION = re.compile(
    r"^\s*[→»›▶►>]|^\W*(?:learn (?:more|about)|find out|check out|click|discover|explore|download|sign up|subscribe|shop|buy|"
    r"get started|try|join)\b", re.IGNORECASE)
#: Share of capitals above which a line is shouted (a promotion, "AMID FEUD WITH X: REPORT").
_SHOUTED = 0.8
#: A line opening with a label: a word or two and a colon ("Related:", "READ MORE:", "See also:"; not "3 March:").
_LABELLED_LINE = re.compile(r"^\W*[^\W\d]+(?:\s+[^\W\d]+)?\s*:")
#: Headings that may repeat the page title (left out: the title is its own field).
_TITLE_TAGS = frozenset({"h1", "h2"})
#: Code elements: the class names inside them are syntax highlighting.
_CODE_TAGS = frozenset({"pre", "code"})
#: Tags whose subtree is page furniture, whatever it holds.
_FURNITURE_TAGS = frozenset({"nav", "aside", "footer", "menu", "dialog", "figcaption"})
#: ARIA roles of a dialog opened over the page.
_DIALOG_ROLES = frozenset({"dialog", "alertdialog"})
#: How a page's source spells role="main" (lxml gives attribute values as written).
_ROLE_MAIN = ('role="main"', "role='main'", "role=main")
#: Tags that declare the page's main region.
_MAIN_REGION = frozenset({"main", "article"})
#: Tags that are the page itself or its declared main region: never furniture by name.
_NEVER_FURNITURE = frozenset({"html", "body", "main", "article"})
#: Class/id tokens naming page furniture (see :func:`_furniture_name`).
_FURNITURE_WORDS = (
    "comment comments commentlist disqus respond replies reply "
    "related relatedposts recommended recommendations also-read readmore read-more more-stories "
    "share sharing sharebar sharetools social socials "
    "sidebar sidebars sidenav "
    "footer cookie cookies consent gdpr newsletter subscribe subscription signup paywall "
    "promo promotion advert advertisement adverts ad ads adslot sponsor sponsored outbrain taboola "
    "breadcrumb breadcrumbs nav navbar navigation menu menus pagination pager "
    "tags tagcloud tag-list copyright disclaimer trending popular mostread most-read "
    "byline author-bio authorbio postmeta entry-meta post-meta caption captions credit credits"
)
_FURNITURE_ONE = frozenset(w for w in _FURNITURE_WORDS.split() if "-" not in w)
_FURNITURE_TWO = frozenset(tuple(w.split("-")) for w in _FURNITURE_WORDS.split() if "-" in w)
_FURNITURE_FIRST = frozenset(w[0] for w in _FURNITURE_TWO)
#: Comment-thread tokens: those subtrees may be returned as ``comments``.
#: Tokens that name furniture outside the page's main region only: inside
#: ``<main>``/``<article>`` page builders call every block of the text a widget.
_WEAK_FURNITURE = frozenset({"widget", "widgets"})
_COMMENT_WORDS = frozenset({"comment", "comments", "commentlist", "disqus", "respond", "replies"})
#: Function words of English prose: an id holding one is a heading's slug.
_SLUG_WORDS = frozenset("a an and the to of for in on with is are how what why when your you from by or".split())
_NAME_SPLIT = re.compile(r"[\s_-]+")


def _is_slug(ident: str) -> bool:
    """An id of five or more parts with a function word among them: a slug
    of a heading ("receive-and-reply-to-an-sms"), not a component's name
    ("comments", "related-posts", "dfp-ad-incontent-desk-1-wrapper")."""
    if ident.count("-") + ident.count("_") < 4:
        return False
    parts = _NAME_SPLIT.split(ident.lower())
    return len(parts) >= 5 and not _SLUG_WORDS.isdisjoint(parts)


def _furniture_name(names: str, in_main: bool = False) -> int:
    """2 when a class/id string names a comment thread, 1 other furniture, else 0.

    Whole tokens only (split at spaces, ``-`` and ``_``), so ``header-image``
    is not ``head`` and ``footnotes`` is not ``foot``. ``in_main``: the node
    is inside the page's main region, where the weak words (``widget``) do
    not count.
    """
    # A site repeats a few hundred class strings on every page: remember the
    # answers (emptied when full, so a long crawl of many sites stays bounded).
    key = (names, in_main)
    mark = _FURNITURE_SEEN.get(key)
    if mark is None:
        mark = _furniture_mark(names, in_main)
        if len(_FURNITURE_SEEN) >= _FURNITURE_SEEN_MAX:
            _FURNITURE_SEEN.clear()
        _FURNITURE_SEEN[key] = mark
    return mark


_FURNITURE_SEEN: dict[tuple[str, bool], int] = {}
_FURNITURE_SEEN_MAX = 1 << 16


def _furniture_mark(names: str, in_main: bool) -> int:
    parts = _NAME_SPLIT.split(names.lower())
    if not _FURNITURE_ONE.isdisjoint(parts):
        return 1 if _COMMENT_WORDS.isdisjoint(parts) else 2
    if not _FURNITURE_FIRST.isdisjoint(parts):
        for k in range(1, len(parts)):
            if (parts[k - 1], parts[k]) in _FURNITURE_TWO:
                return 1
    if not in_main and not _WEAK_FURNITURE.isdisjoint(parts):
        return 1
    return 0


#: Boilerplate statements: a block carrying one is copyright/disclaimer text (seed 003's stop phrases).
_BOILERPLATE_RE = re.compile(
    r"©|&copy;|\(c\)\s*\d{4}|copyright|all rights reserved|版权所有|著作权|免责声明|版权声明|不得转载|未经授权|"
    r"terms of (?:use|service)|privacy policy|cookie", re.IGNORECASE)
#: Promotion and box labels: "Sign up for our newsletter", "You may also like".
_PROMO_RE = re.compile(
    r"sign up (?:for|to)|subscribe (?:to|now|today|for)|to your inbox|newsletter|follow us on|share this|"
    r"sharing is caring|affiliate links?|you may also like|you might also like|most read|don'?t miss|"
    r"related (?:tags|topics|articles|stories|posts|content)|more from|recommended for you|read more|"
    r"关注我们|扫一扫|责任编辑|相关阅读|相关新闻|推荐阅读|分享到", re.IGNORECASE)
#: Photo credits and caption furniture: "Photo: X, AP", "(Image: GETTY)", "Image 1 of 5".
_CREDIT_RE = re.compile(
    r"^\s*\(?(?:photo|image|picture|illustration|video)s?(?: credit)?\s*:|\((?:image|photo|picture)s?(?: credit)?\s*:|"
    r"^\s*(?:image|photo|slide) \d+ of \d+\s*$|^\s*caption\s*$|getty images|\bAP photo\b|图片来源|图/", re.IGNORECASE)
#: Which mark a text piece gives its block (0: none), and under how many
#: characters a marked block is boilerplate rather than prose that mentions it.
#: (_MARK_LINKED is not boilerplate: a sentence whose links outweigh its own words.)
_MARK_LEGAL, _MARK_DATELINE, _MARK_PROMO, _MARK_CREDIT, _MARK_LINKED = 1, 2, 3, 4, 5
_MARK_LIMIT = (0, 1000, 80, 300, 300, 0)
#: The three phrase sets in one pass over a short piece (one regex search, not three).
_SHORT_MARKS = re.compile(
    f"(?P<legal>{_BOILERPLATE_RE.pattern})|(?P<credit>{_CREDIT_RE.pattern})|(?P<promo>{_PROMO_RE.pattern})",
    re.IGNORECASE)
#: Literal fragments (lower case), one of which every match of each phrase set contains.
_LEGAL_KEYWORDS = ("©", "&copy", "(c)", "copyright", "rights reserved", "版权", "著作权", "免责", "转载", "授权",
                   "terms of", "privacy", "cookie")
_CREDIT_KEYWORDS = ("photo", "image", "picture", "illustration", "video", "slide", "caption", "getty", "图片来源", "图/")
_PROMO_KEYWORDS = ("sign up", "subscribe", "inbox", "newsletter", "follow us", "share this", "sharing is", "affiliate",
                   "also like", "most read", "miss", "related", "more from", "recommended", "read more",
                   "关注我们", "扫一扫", "责任编辑", "相关阅读", "相关新闻", "推荐阅读", "分享到")
_GROUP_MARK = {"legal": _MARK_LEGAL, "credit": _MARK_CREDIT, "promo": _MARK_PROMO}
#: A dateline or byline piece: dates, times, "Updated"/"Posted", "By Name".
_DATE_WORDS = re.compile(
    r"\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?|\b(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\b|"
    r"\b(?:first|updated|posted|published|last|modified|on|at|am|pm|a\.m\.|p\.m\.|[a-z]?[ecmp][sd]t|gmt|utc|bst|ist|"
    r"ago|hours?|minutes?|mins?|days?)\b|\d+(?:st|nd|rd|th)\b|"
    r"[\d:/.,;|\-–—]+|年|月|日|时|分|发布|更新|来源", re.IGNORECASE)
_DATE_HINT = re.compile(
    r"\d{1,4}\s*[/.\-年月]\s*\d{1,2}|\d{1,2}:\d{2}|"
    r"\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+\d|\d\s+(?:jan|feb|mar|apr|may|jun|"
    r"jul|aug|sep|sept|oct|nov|dec)", re.IGNORECASE)
#: A poster's statistics beside a forum post ("Posts: 13", "Joined: Wed Feb 04, 2015 6:38 pm", "Reaction score 1,204").
_STAT_LINE = re.compile(
    r"^\s*(?:joined|posts|messages|threads|reputation|reaction score|points|karma|likes(?: received)?|solutions|"
    r"member since|registered|trophies)\s*:?\s*(?:[\d.,]+\s*[km]?|.{0,40}\d{4}.{0,12})\s*$", re.IGNORECASE)
_BYLINE = re.compile(r"^\s*(?:by|written by|posted by|words by|作者|文)[\s:：]+\S", re.IGNORECASE)
#: The prose region holds this share of the page's prose; the net-value root
#: yields to it when it holds less than the second share of the region's.
_PROSE_ROOT_SHARE, _PROSE_ROOT_SLIVER = 0.5, 0.5
#: How a sentence ends (a closing quote may follow the mark).
_SENTENCE_ENDS = (".", "!", "?", "。", "！", "？", '."', ".”")
#: How a cut-off summary ends.
_ELLIPSES = ("…", "...", "[…]", "[...]")
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
        return bool(x) and first in x and probe in " ".join(x.split())

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
    options = (
        Option("favor", "balanced", "choice", "precision drops more borderline blocks, recall keeps more",
               choices=("balanced", "precision", "recall")),
        Option("comments", False, bool, "also return reader comments (as the result's comments field)"),
        Option("min_text", 0, int, "when the body found has fewer non-space characters than this, return all "
               "the page's visible text instead (0: never)", minimum=0),
    )

    def select(self, doc: Document, opts: Mapping[str, Any]):
        selection, meta, comments, strength, plain = _auto_pick(doc, opts)
        if plain and isinstance(selection, NodeSelection):
            selection = arbitrate(doc, doc.measures, selection, strength)
        if opts["min_text"] and len(_nonspace(selection.text())) < opts["min_text"]:
            selection = NodeSelection(doc, doc.body)
        if opts["comments"] and comments:
            meta["comments"] = "\n".join(NodeSelection(doc, r).text() for r in comments)
        return selection, meta


def _auto_pick(doc: Document, opts: Mapping[str, Any]) -> tuple[Selection, dict[str, Any], list[int], float, bool]:
    """The block pick: selection, metadata, comment roots, prose value, and
    whether it was made in the page's plain view (not from JSON-LD, not
    with hidden text or ``<noscript>`` read)."""
    meta = extract_metadata(doc)
    selection, comments, strength, hidden = _select_body(doc, opts, meta.get("title"), doc.measures)
    view: tuple[Measures, bool] = (doc.measures, False)  # the measures and unhide the selection used
    if strength < 500 and hidden > _HIDDEN_SHARE * doc.measures.text_len[doc.body]:
        # Little prose in view but most of the page's text styled hidden:
        # the page hides itself until a script runs (behind a consent
        # wall, a loader); a reader sees that text, so it counts.
        second = _select_body(doc, opts, meta.get("title"), doc.measures, unhide=True)
        if second[2] > strength:
            selection, comments, strength, hidden = second
            view = (doc.measures, True)
    if strength < 500 and "noscript" in doc.tags:
        # Little prose in view: some pages (forum software, for one) keep
        # the readable page in <noscript> for clients without scripts.
        with_ns = doc.compute_measures(visible=("noscript",))
        if with_ns.text_len[doc.body] > 1.5 * doc.measures.text_len[doc.body] + 200:
            second = _select_body(doc, opts, meta.get("title"), with_ns)
            if second[2] > strength:
                selection, comments, strength, hidden = second
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
                second = _select_body(doc, opts, meta.get("title"), view[0], unhide=view[1], stated=at)
                if stated[:_PROBE] in _nonspace(second[0].text()):
                    selection, comments, strength, hidden = second
                    rescued = True
    plain = view[0] is doc.measures and not view[1] and not rescued and isinstance(selection, NodeSelection)
    return selection, meta, comments, strength, plain


class _Blocks:
    """Block values and their subtree sums (pass 3 of the extractor)."""

    __slots__ = ("tags", "parent", "owner", "dead", "named", "chars", "links", "punct", "anchors", "marked",
                 "truncated", "multiword", "val", "teaser_roots")

    def __init__(self, tags, parent, owner, dead, named, chars, links, punct, anchors, marked, truncated,
                 multiword) -> None:
        self.tags, self.parent, self.owner, self.dead, self.named = tags, parent, owner, dead, named
        self.chars, self.links, self.punct, self.anchors, self.marked = chars, links, punct, anchors, marked
        self.truncated = truncated
        self.multiword = multiword  # a linked heading of two words or more (a headline, not a user name)
        self.val: list[float] = []
        self.teaser_roots: list[int] = []

    def values(self, listing: bool) -> tuple[list[float], list[float]]:
        """Subtree sums of positive and negative block values.

        ``listing``: the page has little prose; linked headlines (long
        anchors) are content and lists of teaser cards are not discounted.
        """
        tags, parent, owner, dead, named = self.tags, self.parent, self.owner, self.dead, self.named
        chars, links, punct, anchors, marked = self.chars, self.links, self.punct, self.anchors, self.marked
        n = len(tags)
        pos = [0.0] * n
        neg = [0.0] * n
        titled = [0] * n      # link-dominated blocks (a linked headline) in the subtree
        items = [0] * n       # children holding any text
        teasers = [0] * n     # children holding a linked headline and prose: teaser cards
        cut = [0] * n         # blocks ending in an ellipsis in the subtree
        truncated, multiword = self.truncated, self.multiword
        val = self.val = [0.0] * n  # each block's own value
        teaser_roots = self.teaser_roots = []
        for i in range(n - 1, -1, -1):
            if not i & 0x3FFF:
                check_deadline()
            if dead[i]:
                continue
            c = chars[i]
            if truncated[i]:
                cut[i] += 1
            if c and owner[i] == i:
                lc = links[i]
                nl = c - lc
                t = tags[i]
                if marked[i] == _MARK_LINKED:
                    v = float(nl)  # prose carrying long inline links: its own words count, the links not against
                elif lc * 2 > c:
                    # Mostly links: navigation (short anchors) or headlines (long ones).
                    if lc < 30 * anchors[i]:
                        v = -float(c)
                    else:
                        v = 0.5 * c if listing else -0.5 * c
                    if t in _CELLS and anchors[i] == 1:
                        v *= 0.3  # a linked name in a data table's row
                    if lc >= 20 or (t in _HEADINGS and lc >= 8 and multiword[i]):
                        titled[i] += 1  # a linked headline, not a "Buy" or "More" button
                elif marked[i] and c < _MARK_LIMIT[marked[i]]:
                    v = -float(c)
                elif t in _HEADINGS:
                    v = 0.0
                elif punct[i] == 0:
                    # No sentence punctuation: a label, a menu row, a caption.
                    if nl >= 40:
                        v = 0.3 * nl - lc
                    elif t in _CELLS or listing:
                        v = 0.3 * nl - 0.5 * lc  # data: numbers, names, labels
                    else:
                        v = -0.5 * lc
                else:
                    v = nl * (1.0 - lc / c) - lc
                val[i] = v
                if v > 0:
                    pos[i] += v
                else:
                    neg[i] -= v
            k = teasers[i]
            if k >= 3 and 2 * k >= items[i] and (pos[i] < 400 * k or 2 * cut[i] >= k) and not listing:
                # A list of teaser cards (headline link + short summary): related
                # stories, never the body of an article page; its prose counts
                # against it. (Cards with long write-ups are a listicle's body.)
                neg[i] += pos[i]
                pos[i] = 0.0
                teaser_roots.append(i)
            p = parent[i]
            if p >= 0 and not named[i]:
                if pos[i] or neg[i]:
                    items[p] += 1
                    if titled[i] and pos[i] > 0:
                        teasers[p] += 1
                titled[p] += titled[i]
                cut[p] += cut[i]
                pos[p] += pos[i]
                neg[p] += neg[i]
        return pos, neg


def _best_root(end: list[int], dead: bytearray, named: bytearray, pos: list[float], neg: list[float],
               body: int) -> int:
    """The node under ``body`` (or ``body``) with the largest net value, outside
    dead and furniture subtrees; on a tie the later (deeper) node."""
    best, best_v = body, float("-inf")
    i, stop = body, end[body]
    while i < stop:
        if not i & 0x3FFF:
            check_deadline()
        if dead[i] or named[i]:
            i = end[i]
            continue
        v = pos[i] - neg[i]
        if v >= best_v:
            best, best_v = i, v
        i += 1
    return best


def _prose_root(doc: Document, dead: bytearray, named: bytearray, pos: list[float], root: int) -> int:
    """``root``, or the region holding most of the page's prose when ``root``
    holds only a sliver of it.

    An article made of linked resources (a listicle of courses or products)
    loses more to its links than its prose earns, so the largest net value
    sits in a small corner of it; the deepest node holding most of the
    prose is then the body.
    """
    body, end = doc.body, doc.end
    share = _PROSE_ROOT_SHARE * pos[body]
    i = body
    while True:
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
        if not i & 0x3FFF:
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
        if owner[b] == b and anchors[b] > 2:
            return False
    text = text_content(nodes[i]).strip()
    if _CALL_TO_ACTION.match(text):
        return False
    label = _LABELLED_LINE.match(text)
    if label:
        # An unlinked label ("Related: <a>..</a>", "Details: 12 Main St <a>..</a>");
        # a colon inside a linked headline ("<a>Brexit: what next</a>") is not one.
        first = next((b for b in range(i + 1, doc.end[i]) if tags[b] == "a"), -1)
        if first < 0 or text.find(text_content(nodes[first]).strip()) >= label.end():
            return False
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
            if tags[c] not in _FLOW_TAGS:
                break
            j += step
        return _FLOW_RUN

    return lines_to_prose(-1) + 1 + lines_to_prose(1) < _FLOW_RUN


def _piece_mark(text: str) -> int:
    """The boilerplate mark a block's text gives it (0 for none)."""
    text = text.strip()
    if len(text) < 2:
        return 0
    low = text.lower()
    # A few substring tests (C speed) rule out almost every block, and most
    # of the rest, before a regular expression tries its alternatives at every
    # position: only the phrase sets whose keywords occur are searched.
    legal = any(k in low for k in _LEGAL_KEYWORDS)
    if len(text) >= 300:
        return _MARK_LEGAL if legal and _BOILERPLATE_RE.search(text) else 0
    credit = any(k in low for k in _CREDIT_KEYWORDS)
    promo = any(k in low for k in _PROMO_KEYWORDS)
    if legal + credit + promo > 1:
        m = _SHORT_MARKS.search(text)  # the leftmost phrase of any set decides, as one search would
        if m:
            return _GROUP_MARK[m.lastgroup]
    elif legal:
        if _BOILERPLATE_RE.search(text):
            return _MARK_LEGAL
    elif credit:
        if _CREDIT_RE.search(text):
            return _MARK_CREDIT
    elif promo:
        if _PROMO_RE.search(text):
            return _MARK_PROMO
    if len(text) < 80 and (_is_dateline(text) or _STAT_LINE.match(text)):
        return _MARK_DATELINE
    return 0


def _linked_sentence(doc: Document, i: int) -> int:
    """:data:`_MARK_LINKED` when block ``i`` is a sentence that goes on after
    its last link and ends the block ("<a>Police ordered DNA samples</a> when
    applying for travel documents."), else 0: a headline or a "read this too"
    line is all link, a menu row has no sentence after its links."""
    tags, last = doc.tags, -1
    for j in range(i + 1, doc.end[i]):
        if tags[j] == "a":
            last = j
    if last < 0:
        return 0
    tail = (doc.tails[last] or "").rstrip()
    if len(tail.strip()) >= 8 and tail.endswith(_SENTENCE_ENDS) \
            and text_content(doc.nodes[i]).rstrip().endswith(tail):
        return _MARK_LINKED
    return 0


def _is_dateline(text: str) -> bool:
    """A short piece that is only a date/time (with "Updated", "Posted"...) or a byline."""
    if _BYLINE.match(text):
        return len(text.split()) <= 8 and not text.rstrip().endswith((".", "?", "!"))
    if not _DATE_HINT.search(text):
        return False
    return len(_DATE_WORDS.sub("", text).split()) == 0


def _title_key(text: str) -> str:
    return "".join(ch for ch in text.lower() if ch.isalnum())


def _select_body(doc: Document, opts: Mapping[str, Any], title: str | None, m: Measures, unhide: bool = False,
                 stated: int = -1) -> tuple[NodeSelection, list[int], float, int]:
    """The body as a node selection, the comment-thread roots, the body's
    prose value (how much real text the chosen root holds), and how many
    characters hidden styles left out (``unhide``: none; hidden subtrees
    are measured like the rest)."""
    n = len(doc)
    tags, parent, end, nodes, own = doc.tags, doc.parent, doc.end, doc.nodes, doc.own_len
    excluded = m.excluded
    favor = opts["favor"]

    # -- pass 1 (preorder): dead subtrees, furniture names, link membership, block owners.
    # A subtree named as furniture (class/id) is measured like the rest but
    # its value stays out of its ancestors', unless it turns out to hold
    # most of the page's prose (a wrapper called "l-sidebar-fixed").
    dead = bytearray(n)
    named = bytearray(n)  # 1: furniture by name, 2: a comment thread by name
    inlink = bytearray(n)
    in_main = bytearray(n)  # inside <main> or <article>
    main_marks: list[int] = []  # <main> and <h1> elements in view
    declared = -1  # the first element marked up as the article body (schema.org microdata/RDFa)
    landmark = -1  # the first <main> or role="main" in view: the page's declared main content
    # Two attributes few pages use: a look at the source (C speed) spares
    # every element a lookup.
    source = doc.source or ""
    dialogs = "aria-modal" in source or "dialog" in source
    role_main = any(spelling in source for spelling in _ROLE_MAIN)
    # Inside code, class names are the highlighter's syntax classes
    # (highlight.js "hljs-comment", Prism "token comment"), never furniture.
    in_code = bytearray(n) if "pre" in tags or "code" in tags else None
    owner = [0] * n
    anchors = [0] * n     # <a> elements a block owns
    marked = bytearray(n)  # the block carries a copyright/disclaimer statement
    truncated = bytearray(n)  # the block's text ends in an ellipsis (a cut summary)
    texts, tails = doc.texts, doc.tails
    body = doc.body
    hidden = 0
    for i in range(n):
        if not i & 0x3FFF:
            check_deadline()
        p = parent[i]
        if p >= 0 and dead[p]:
            dead[i] = 1
            continue
        t = tags[i]
        if excluded[i] or not t:
            dead[i] = 1
            continue
        if in_code is not None and (t in _CODE_TAGS or (p >= 0 and in_code[p])):
            in_code[i] = 1
        if i > body:
            if t in _FURNITURE_TAGS:
                dead[i] = 1
                continue
            el = nodes[i]
            if el.attrib:
                get = el.get
                style = get("style")
                # Not the `hidden` attribute: streamed React pages park their content
                # in `<div hidden>` until a script moves it into place.
                if not unhide and ((style and HIDDEN_STYLE.search(style)) or get("aria-hidden") == "true"):
                    dead[i] = 1
                    hidden += m.text_len[i]
                    continue
                if dialogs and (get("aria-modal") == "true" or get("role") in _DIALOG_ROLES):
                    # A dialog (consent manager, sign-up, log-in or "email
                    # this story" box) opens over the page: never its
                    # content, like <dialog>.
                    dead[i] = 1
                    continue
                if role_main and landmark < 0 and get("role") == "main":
                    landmark = i
                if declared < 0 and (get("itemprop") == "articleBody" or get("property") == "articleBody"):
                    declared = i
                cls = get("class")
                ident = get("id")
                if ident and _is_slug(ident):
                    ident = None  # an anchor made from a heading's words, not a component's name
                names = f"{cls} {ident}" if cls and ident else (cls or ident)
                if names and t not in _NEVER_FURNITURE and not (in_code is not None and in_code[i]):
                    named[i] = _furniture_name(names, bool(in_main[p]))
        inlink[i] = 1 if (t == "a" or (p >= 0 and inlink[p])) else 0
        if t in _MAIN_REGION:
            in_main[i] = 1
            if t == "main":
                main_marks.append(i)
                if landmark < 0 and i > body:
                    landmark = i
        elif p >= 0 and in_main[p]:
            in_main[i] = 1
        if t == "h1":
            main_marks.append(i)
        o = owner[i] = i if (t in _BLOCKS or p < 0) else owner[p]
        if t == "a":
            anchors[o] += 1
        x = texts[i]
        if x and x.rstrip().endswith(_ELLIPSES):
            truncated[o] = 1
        x = tails[i]
        if x and p >= 0 and x.rstrip().endswith(_ELLIPSES):
            truncated[owner[p]] = 1

    check_deadline()
    # A wrapper named as furniture that holds the page's main region (its
    # <main>, or its title heading) is a layout wrapper ("has-sidebar",
    # "sidebar-layout"), not a box beside the text.
    seen = bytearray(n)
    text_len, link_len = m.text_len, m.link_len
    for i in main_marks:
        if tags[i] == "main" or link_len[i] * 2 < text_len[i]:  # a title, not a linked logo
            a = parent[i]
            while a > body and not seen[a]:
                seen[a] = 1
                if named[a] == 1:
                    named[a] = 0
                a = parent[a]
    # -- pass 2 (reverse): what each block owns.
    cjk, latin = m.cjk_punct, m.latin_punct
    chars = [0] * n       # characters a block owns (its inline text)
    multiword = bytearray(n)  # a link-dominated heading of two words or more
    links = [0] * n       # of which inside links
    punct = [0] * n       # sentence punctuation the block owns
    csum_p = [0] * n      # children's subtree punctuation (to get a node's own)
    for i in range(n - 1, -1, -1):
        if not i & 0x3FFF:
            check_deadline()
        if dead[i]:
            continue
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
                marked[i] = _piece_mark(text_content(nodes[i]))
            elif anchors[i] <= 3 and c - links[i] >= 12 and punct[i]:
                marked[i] = _linked_sentence(doc, i)
            if tags[i] in _HEADINGS and links[i] * 2 > c >= 8:
                # A one-word linked heading is a name (a forum post's author), not a headline.
                multiword[i] = len(text_content(nodes[i]).split()) > 1
    check_deadline()
    blocks = _Blocks(tags, parent, owner, dead, named, chars, links, punct, anchors, marked, truncated, multiword)
    pos, neg = blocks.values(listing=False)
    check_deadline()

    # -- rescue furniture-named wrappers that hold most of the page's prose
    # (prose, not net value: a reference page's text is dense in links).
    # The outermost subtree named as furniture that shows the stated body
    # (see ``stated``) is the body; the comments in it are its posts.
    thread = -1
    a = stated
    while a > body:
        if named[a] and not dead[a]:
            thread = a
        a = parent[a]
    for i in range(n - 1, body, -1):
        if not i & 0x3FFF:
            check_deadline()
        k = named[i]
        if not k or dead[i]:
            continue
        if pos[i] > (3.0 if k == 2 else 1.0) * pos[body] \
                or (thread >= 0 and thread <= i < end[thread] and (k == 2 or i <= stated < end[i])):
            named[i] = 0
            a, dp, dn = parent[i], pos[i], neg[i]
            while a >= 0:
                pos[a] += dp
                neg[a] += dn
                if named[a]:
                    break
                a = parent[a]

    # -- the body root: the subtree that shows the stated body under a
    # furniture name, else the largest net value outside furniture.
    if thread >= 0:
        root = thread
    else:
        root = _best_root(end, dead, named, pos, neg, body)
        if pos[root] < 500 and pos[root] < 0.25 * m.text_len[body] \
                and not (declared >= 0 and pos[declared] > 0 and root in range(declared, end[declared])):
            # Little prose anywhere: a listing, a forum index, a product grid.
            # Linked headlines with summaries are then the content. (Not when
            # the page marks up its article body (schema.org ``articleBody``)
            # and the little prose is in it: a short article.)
            pos, neg = blocks.values(listing=True)
            root = _best_root(end, dead, named, pos, neg, body)
        else:
            root = _prose_root(doc, dead, named, pos, root)

    # -- a hub page (listing, product grid, landing page; see classify) whose
    # main landmark holds the root: the landmark is the content, all of it.
    # Such a page spreads its content over many short blocks (cards,
    # filters, tabs a script opens), so the densest one is only a part.
    whole = thread < 0 and landmark >= 0 and landmark <= root < end[landmark] \
        and page_features(doc, doc.url)["score"] <= 0
    if whole:
        root = landmark

    # -- seed 002: prose blocks outside the root on the same tag path as the
    # root's best block belong to the body too (a page builder splits one
    # article over sibling sections with buttons and banners between them).
    strength = pos[root]
    kept = [root]
    if favor == "recall" and not whole:  # on the shared corpora it adds captions and bylines as often as body text
        kept += _same_path_blocks(doc, blocks, root)
    top = root
    for k in kept:
        while not top <= k < end[top]:
            top = parent[top]
    keep_mask = bytearray(n) if len(kept) > 1 else None
    on_path = bytearray(n)
    if keep_mask is not None:
        for k in kept:
            keep_mask[k:end[k]] = b"\x01" * (end[k] - k)
            a = parent[k]
            while a > top and not on_path[a]:
                on_path[a] = 1
                a = parent[a]

    check_deadline()
    # -- pass 4 (preorder over the kept region): drop furniture and mostly-negative subtrees.
    keep_ratio = {"balanced": 0.5, "precision": 0.8, "recall": 0.25}[favor]
    drop = bytearray(n)
    siblings: dict[int, list[int]] = {}
    comment_roots: list[int] = []
    title_key = _title_key(title) if title else ""
    i = top + 1
    stop = top + 1 if whole else end[top]  # a whole landmark: only invisible tags are left out
    while i < stop:
        if not i & 0x3FFF:
            check_deadline()
        e = end[i]
        if keep_mask is not None and not keep_mask[i]:
            if not on_path[i]:
                drop[i:e] = b"\x01" * (e - i)
                i = e
            else:
                i += 1
            continue
        if dead[i] or named[i]:
            drop[i:e] = b"\x01" * (e - i)
            i = e
            continue
        t = tags[i]
        if t == "blockquote":  # quotes (embedded posts too) are the author's choice: keep
            i = e
            continue
        if t in _TITLE_TAGS and title_key:
            k = _title_key(text_content(nodes[i]))
            if k and (k == title_key or (len(k) > 10 and k in title_key)):
                drop[i:e] = b"\x01" * (e - i)
                i = e
                continue
        ng = neg[i]
        if ng > 0 and pos[i] < keep_ratio * ng:
            if t in _FLOW_TAGS and _in_flow(doc, blocks, pos, neg, i, siblings):
                # A link line of the running text: kept whole (its items are links too).
                for j in range(i + 1, e):
                    if dead[j] or named[j]:
                        drop[j:end[j]] = b"\x01" * (end[j] - j)
                i = e
                continue
            drop[i:e] = b"\x01" * (e - i)
            i = e
            continue
        i += 1
    root = top
    if opts["comments"]:
        comment_roots = [i for i in range(body, n) if named[i] == 2 and not dead[i]]
    return NodeSelection(doc, root, drop, excluded=excluded), comment_roots, strength, hidden
