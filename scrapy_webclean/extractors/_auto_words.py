"""Words and tags of ``auto``'s block pick: the class/id names of page
furniture, the tags it reads by kind, titles and author's boxes. The
phrases that mark a block as boilerplate are in :mod:`._auto_phrases`."""

from __future__ import annotations

import re

from .._cache import BoundedCache
from .._deadline import CHECK_EVERY, check_deadline
from .._document import BLOCK_TAGS, Document
from .._tags import HEADINGS as _HEADINGS  # noqa: F401  (the block pick's modules read it from here)
from .._walk import first_words_at, subtree_text, text_over
from ._auto_phrases import _AUTHOR_LABELS, _BOX_LABEL_CHARS, _RELATED_LABELS

#: Nodes that own the text of their inline descendants.
_BLOCKS = BLOCK_TAGS - {"br", "hr"}
#: Table cells: short unpunctuated text there is data, not a menu.
_CELLS = frozenset({"td", "th"})
#: Blocks that may be the page's controls (a button's label, a comment form's line): table cells are data
#: ("Email" heads a column), ``<pre>`` is code.
CONTROL_BLOCKS = _BLOCKS - _CELLS - {"pre"}
#: Paragraphs and lists: what a link line inside the running text is made of.
_FLOW_TAGS = frozenset({"p", "ul", "ol"})
#: A run of this many link lines in the running text is a links section, not an aside.
_FLOW_RUN = 6
#: Class tokens of a link styled as a button.
_BUTTON_CLASS = re.compile(r"(?:^|[\s_-])(?:btn|button|cta)(?:$|[\s_-])", re.IGNORECASE)
#: A line that opens as a call to action ("Learn more about our plans", "Check out ...", "→ Our guide").
_CALL_TO_ACTION = re.compile(
    r"^\s*[→»›▶►>]|^\W*(?:learn (?:more|about)|find out|check out|click|discover|explore|download|sign up|"
    r"subscribe|shop|buy|"
    r"get started|try|join)\b", re.IGNORECASE)
#: Share of capitals above which a line is shouted (a promotion, "AMID FEUD WITH X: REPORT").
_SHOUTED = 0.8
#: A short article's prose, in non-space characters: the block pick's title
#: region, the arbiter's "links against prose" rule and the seeds' vote.
SHORT_ARTICLE = 200
#: A line opening with a label: a word or two and a colon ("Related:", "READ MORE:", "See also:"; not "3 March:").
_LABELLED_LINE = re.compile(r"^\W*[^\W\d]+(?:\s+[^\W\d]+)?\s*:")
#: Headings that may repeat the page title (left out: the title is its own field).
_TITLE_TAGS = frozenset({"h1", "h2"})
#: Code elements: the class names inside them are syntax highlighting.
_CODE_TAGS = frozenset({"pre", "code"})
#: Tags whose subtree is page furniture, whatever it holds.
_FURNITURE_TAGS = frozenset({"footer", "menu", "dialog", "figcaption"})
#: Tags whose subtree is a box beside the text unless it holds the page's title heading and a short
#: article's prose: an article some template wraps in an ``<aside>`` or a ``<nav>`` (see :data:`BOX_TAG`).
_BOX_TAGS = frozenset({"nav", "aside"})
#: The ``named`` mark of a box tag (1 is furniture by name, 2 a comment thread by name).
BOX_TAG = 3
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
    "footer foot cookie cookies consent gdpr newsletter subscribe subscription signup paywall "
    "login signin log-in sign-in "
    "promo promotion advert advertisement adverts ad ads adslot sponsor sponsors sponsored outbrain taboola "
    "breadcrumb breadcrumbs nav navbar navigation menu menus pagination pager "
    "tags tagcloud tag-list copyright disclaimer trending popular mostread most-read "
    "byline author-bio authorbio author-box author-info authorinfo about-author bio "
    "postmeta entry-meta post-meta user-info caption captions credit credits "
    "modal popover tooltip popup rss trackback trackbacks pingback pingbacks"
)
#: A comment thread's container named in one word ("commentbody", "commentscontainer", "commentwrap").
_COMMENT_COMPOUNDS = frozenset(f"{word}{part}" for word in ("comment", "comments") for part in (
    "body", "text", "container", "box", "block", "wrap", "wrapper", "section", "listing", "area", "thread"))
_FURNITURE_ONE = frozenset(w for w in _FURNITURE_WORDS.split() if "-" not in w) | _COMMENT_COMPOUNDS
_FURNITURE_TWO = frozenset(tuple(w.split("-")) for w in _FURNITURE_WORDS.split() if "-" in w)
_FURNITURE_FIRST = frozenset(w[0] for w in _FURNITURE_TWO)
#: Tokens that name furniture outside the page's main region only: inside
#: ``<main>``/``<article>`` page builders call every block of the text a widget.
_WEAK_FURNITURE = frozenset({"widget", "widgets"})
#: Tokens by which a widget names itself the text ("widget Blog", "post-widget"): not furniture.
_CONTENT_TOKENS = frozenset({"article", "blog", "post", "entry", "story"})
#: How a one-word name for a thread or its parts ends ("postcomments", "fbcomment", "addcomment"), and
#: how a page's marker that it has none begins ("nocomments", "disablecomments": a class on the post).
_COMMENT_ENDS, _NEGATIONS = ("comment", "comments"), ("no", "disable")
#: Comment-thread tokens: those subtrees may be returned as ``comments``.
_COMMENT_WORDS = frozenset({"comment", "comments", "commentlist", "disqus", "respond", "replies"}) | _COMMENT_COMPOUNDS
#: Function words of English prose: an id holding one is a heading's slug.
_SLUG_WORDS = frozenset("a an and the to of for in on with is are how what why when your you from by or".split())
#: Words before "sidebar" that make it a layout's modifier ("main-with-sidebar", "has-sidebar", "no-sidebar").
_LAYOUT_WORDS = frozenset({"with", "has", "no", "without"})
#: A class or id that names an article's body: "articleBody", "story-body", "post-content", "entry_text".
_BODY_NAME = re.compile(r"(?:^|[\s_-])(?:article|story|post|entry)[-_]?(?:body|content|text)(?:$|[\s_-])",
                        re.IGNORECASE)
#: A utility class's arbitrary value ("h-[calc(100vh-var(--nav-height))]", "top-[var(--header-h)]"):
#: a measure or a colour, not a name.
_ARBITRARY_VALUE = re.compile(r"\[[^\]\s]*\]")
#: Where a camel-case name's words meet ("relatedPosts", "siteFooter").
_CAMEL_BOUNDARY = re.compile(r"(?<=[a-z])(?=[A-Z])")
#: Tokens by which a name declares the text itself: its camel-case words are not read then.
_DECLARED_CONTENT = _CONTENT_TOKENS | {"hentry"}


def _name_tokens(names: str) -> list[str]:
    """A name's tokens: its runs between white space, "-" and "_" (twice as
    fast as a regular expression: a site's first page reads most of its names)."""
    return names.replace("-", " ").replace("_", " ").split()


def _is_slug(ident: str) -> bool:
    """An id of five or more parts with a function word among them: a slug
    of a heading ("receive-and-reply-to-an-sms"), not a component's name
    ("comments", "related-posts", "dfp-ad-incontent-desk-1-wrapper")."""
    if ident.count("-") + ident.count("_") < 4:
        return False
    parts = _name_tokens(ident.lower())
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
        mark = _FURNITURE_SEEN.put(key, _furniture_mark(names, in_main))
    return mark


_FURNITURE_SEEN: BoundedCache[tuple[str, bool], int] = BoundedCache(1 << 16)
#: The tokens :func:`_furniture_mark` looks for (a name holding none of them is no furniture).
_TELLING = _FURNITURE_ONE | _FURNITURE_FIRST | _WEAK_FURNITURE


#: A comment's noun in English, German, French, Spanish, Italian, Portuguese and Dutch, one or many: what a
#: thread's label ("4 Comments") and a comment count's control ("5 Kommentare", "Commenti (5)") name.
COMMENT_NOUNS = r"comments?|responses?|kommentare?|commentaires?|comentarios?|comment[io]|comentários?|reacties?"


#: Tokens that name the end of a page, as the ``<footer>`` tag does.
_PAGE_END = frozenset({"footer", "copyright"})


def names_page_end(doc: Document, i: int) -> bool:
    """Whether node ``i``'s class or id names the page's end ("footer", "siteFooter", "copyright";
    not "wsite-not-footer")."""
    read = doc.class_id_style(i)
    if read is None:
        return False
    parts = _name_parts(" ".join(name for name in read[:2] if name))
    return not _PAGE_END.isdisjoint(parts) and "not" not in parts


def _camel_parts(names: str) -> list[str]:
    """A name's tokens with its camel-case words apart ("relatedPosts" is "related" and
    "posts"); a token with a digit is left whole (a hash: "item__adF2E")."""
    parts: list[str] = []
    for token in _name_tokens(names):
        if token.isalpha():
            parts.extend(_CAMEL_BOUNDARY.sub(" ", token).lower().split())
        else:
            parts.append(token.lower())
    return parts


def _name_parts(names: str) -> list[str]:
    """A class/id string's tokens, lower case, as furniture words are looked for in them: a utility
    class's arbitrary value left out, camel-case words apart unless the name declares the text."""
    if "[" in names:
        names = _ARBITRARY_VALUE.sub(" ", names)
    low = names.lower()
    parts = _name_tokens(low)
    # (A name that lower case leaves as it is has no capital, so no camel-case word.)
    if low != names and _CAMEL_BOUNDARY.search(names) and _DECLARED_CONTENT.isdisjoint(parts):
        parts = _camel_parts(names)
    return parts


def _furniture_mark(names: str, in_main: bool) -> int:
    parts = _name_parts(names)
    if _TELLING.isdisjoint(parts):  # most names: no token below is looked for (but a run-together thread's)
        return _run_together(parts)
    if "sidebar" in parts:
        # A layout's word, not the box: beside a name of the story's body ("l-sidebar-fixed l-article-body"),
        # or after a layout word ("main-with-sidebar", "has-sidebar", "no-sidebar").
        if _BODY_NAME.search(names):
            parts = [w for w in parts if w != "sidebar"]
        elif not _LAYOUT_WORDS.isdisjoint(parts):
            parts = [w for k, w in enumerate(parts) if w != "sidebar" or not k or parts[k - 1] not in _LAYOUT_WORDS]
    if not _FURNITURE_ONE.isdisjoint(parts):
        return 1 if _COMMENT_WORDS.isdisjoint(parts) else 2
    if not _FURNITURE_FIRST.isdisjoint(parts):
        for k in range(1, len(parts)):
            if (parts[k - 1], parts[k]) in _FURNITURE_TWO:
                return 1
    if not in_main and not _WEAK_FURNITURE.isdisjoint(parts) and _CONTENT_TOKENS.isdisjoint(parts):
        return 1
    return _run_together(parts)


def _names_body(cls: str | None, ident: str | None) -> bool:
    """Whether a class or id names an article's body (:data:`_BODY_NAME`)."""
    for name in (cls, ident):
        # ("ody", "ontent", "ext": in "body" and "Body" alike; most names hold none, and are not searched.)
        if name and ("ody" in name or "ontent" in name or "ext" in name) and _BODY_NAME.search(name):
            return True
    return False


def _run_together(parts: list[str]) -> int:
    """2 when a token is a thread's name run together ("postcomments", "fbcomment", "addcomment"), else 0."""
    # (A loop, not any() over a generator, and "comment" in w before endswith on a tuple: 0.12 us a new name
    # instead of 0.42; most hold none.)
    for w in parts:
        if "comment" in w and w.endswith(_COMMENT_ENDS) and not w.startswith(_NEGATIONS):
            return 2
    return 0


#: The prose region holds this share of the page's prose; the net-value root
#: yields to it when it holds less than the second share of the region's.
_PROSE_ROOT_SHARE, _PROSE_ROOT_SLIVER = 0.5, 0.5
#: How a cut-off summary ends.
_ELLIPSES = ("…", "...", "[…]", "[...]")


def _title_key(text: str) -> str:
    return "".join(filter(str.isalnum, text.lower()))


def _is_title(key: str, title_key: str) -> bool:
    """Whether a heading (its :func:`_title_key`) reads as the page's title:
    the same, or a part of it of more than 10 letters (the site's name cut off)."""
    return bool(key) and (key == title_key or (len(key) > 10 and key in title_key))


def title_reads(doc: Document, found: list[int], title_key: str) -> list[bool]:
    """Whether each element of ``found`` (in document order) reads as the page's title: :func:`_is_title`
    of its whole text (``text_content``), each element's text read once. Innermost first: the text of
    one nested in another is taken whole into the outer one's (:func:`text_over`); and an element round
    one whose letters are no part of the title's is not read at all, its letters holding those (a
    hostile page's hundreds of nested headings round a short line were each read through the rest of
    the chain). The letters are compared with the final sigma as any other (the one letter lowered by
    its neighbours)."""
    texts: dict[int, str | None] = {}  # an element's text; None when it and all round it are no title
    part_of = _sigma(title_key)
    out = [False] * len(found)
    for k in range(len(found) - 1, -1, -1):
        if not k & CHECK_EVERY:
            check_deadline()
        i = found[k]
        text = text_over(doc, i, texts)
        key = "" if text is None else _title_key(text)
        texts[i] = None if text is None or _sigma(key) not in part_of else text
        out[k] = _is_title(key, title_key)
    return out


def _sigma(key: str) -> str:
    return key.replace("ς", "σ")


#: An author's box's label, a block's whole text: what follows it in its wrapper is the box.
_BOX_LABEL = re.compile(r"^\W*(?:" + "|".join(_AUTHOR_LABELS) + r")\W*$", re.IGNORECASE)
#: A related-content box's label, a block's whole text: what follows it in its wrapper, if a list of
#: links, is the box ("Related posts" over teaser cards).
_RELATED_LABEL = re.compile(r"^\W*(?:" + "|".join(_RELATED_LABELS) + r")\W*$", re.IGNORECASE)
#: The most text a box holds after its label (a biography, not the rest of a page), and the most blocks
#: (elements side by side, or a list's items).
_BOX_TEXT, _BOX_ITEMS = 1000, 100
#: The most elements a label's line is made of (an author box's, a control's): its text is not read
#: from a bigger subtree (a hostile page's short text under hundreds of nested elements would be read
#: once per level).
LABEL_NODES = 64


def _inline(doc: Document, i: int) -> bool:
    """Whether element ``i`` sits inside a line of text: words follow it, or its parent's own words come first."""
    tail, before = doc.tails[i], doc.texts[doc.parent[i]] if doc.parent[i] >= 0 else None
    return bool(tail and not tail.isspace()) or bool(before and not before.isspace())


def _box_end(doc: Document, text_len: list[int], i: int) -> int:
    """Where the box that block ``i`` labels ends, or -1: the label and the rest of its
    wrapper when it opens it, else the label and the next block. An author's box holds a biography;
    a related-content box, a list of links."""
    if not _BOX_LABEL_CHARS[0] <= text_len[i] <= _BOX_LABEL_CHARS[1] or _inline(doc, i) \
            or doc.end[i] - i > LABEL_NODES:
        return -1
    kind = _box_label(subtree_text(doc, i))
    if not kind:
        return -1
    related = kind == 2
    end, parent = doc.end, doc.parent[i]
    j = parent + 1
    while j < i and not text_len[j]:  # only empty siblings before it: the label opens its wrapper
        j = end[j]
    stop = end[parent] if j == i or end[i] == end[parent] else end[end[i]]
    after, walked, j = 0, 0, end[i]
    blocks: list[int] = []  # the blocks after the label holding text (a list's items)
    while j < stop and after <= _BOX_TEXT and walked <= _BOX_ITEMS:
        after, walked = after + text_len[j], walked + 1
        if doc.tags[j] and text_len[j]:
            blocks.append(j)
        j = end[j]
    if after > _BOX_TEXT or walked > _BOX_ITEMS or (related and not _link_list(doc, text_len, blocks)):
        return -1
    return stop


def _box_label(label: str) -> int:
    """1 when ``label`` is an author's box's label, 2 a related-content box's, else 0. Labels repeat
    over a site's pages (and the two picks read the same ones): the short ones' answers are remembered."""
    if len(label) > _REMEMBERED_LABEL:
        return 1 if _BOX_LABEL.match(label) else 2 if _RELATED_LABEL.match(label) else 0
    kind = _LABELS_SEEN.get(label)
    if kind is None:
        kind = _LABELS_SEEN.put(label, 1 if _BOX_LABEL.match(label) else 2 if _RELATED_LABEL.match(label) else 0)
    return kind


_REMEMBERED_LABEL = 200
_LABELS_SEEN: BoundedCache[str, int] = BoundedCache(1 << 12)
#: The tag a link list's items open with (see :func:`_opens_linked`).
_LINK_TAG = frozenset({"a"})


def _link_list(doc: Document, text_len: list[int], blocks: list[int]) -> bool:
    """Whether ``blocks`` (the ones after a label holding text) are a list of links: two items or
    more (the blocks, or the children holding text of the one block), half of them or more opening
    with a link."""
    items = blocks if len(blocks) != 1 else [c for c in doc.children(blocks[0]) if doc.tags[c] and text_len[c]]
    return len(items) >= 2 and 2 * sum(_opens_linked(doc, c) for c in items) >= len(items)


def _opens_linked(doc: Document, c: int) -> bool:
    """Whether the first words of ``c`` are inside a link (of ``c``'s own subtree)."""
    return opener(doc, c, _LINK_TAG) >= 0


def opener(doc: Document, c: int, tags: frozenset[str]) -> int:
    """The innermost element of ``tags`` in ``c``'s own subtree that ``c``'s first words are inside, or -1."""
    tag_of, parent = doc.tags, doc.parent
    k = first_words_at(doc, c)
    while k >= c:
        if tag_of[k] in tags:
            return k
        k = parent[k]
    return -1


def previous_sibling(parent: list[int], i: int) -> int:
    """The sibling just before ``i`` (its parent's child whose subtree ends where ``i`` starts), or -1."""
    p, s = parent[i], i - 1
    while s > p and parent[s] != p:
        s = parent[s]
    return s if s > p else -1


#: Blocks a story's flow is made of: a root that is one of them is one part of the story. Not a
#: table: on old pages it is the layout (a Chinese portal's story cell beside its menus).
_PART_OF_FLOW = _FLOW_TAGS | {"dl", "blockquote", "pre"}
#: The most nodes a division read as a paragraph holds (its text's links and emphasis).
_PARAGRAPH_NODES = 256


def _part_of_flow(doc: Document, root: int) -> bool:
    """Whether ``root`` is one block of a story's flow (:data:`_PART_OF_FLOW`), or a division written
    as a paragraph (:func:`_paragraph_div`; readability reads such divisions as paragraphs too,
    though it also counts links and images as blocks)."""
    return doc.tags[root] in _PART_OF_FLOW or _paragraph_div(doc, root)


def _paragraph_div(doc: Document, i: int) -> bool:
    """Whether ``i`` is a division holding no block element (of :data:`_PARAGRAPH_NODES` nodes at
    most): a paragraph as templates write one (``<div>text</div>``, ``<div><span>text</span></div>``)."""
    tags, stop = doc.tags, doc.end[i]
    return tags[i] == "div" and stop - i <= _PARAGRAPH_NODES \
        and not any(tags[j] in BLOCK_TAGS for j in range(i + 1, stop))


def _flow_line(doc: Document, i: int) -> bool:
    """Whether ``i`` is a paragraph or a list (:data:`_FLOW_TAGS`), or a division written as a
    paragraph (:func:`_paragraph_div`): a line the running text may hold."""
    return doc.tags[i] in _FLOW_TAGS or _paragraph_div(doc, i)
