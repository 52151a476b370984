"""Site style tree (SST): learn a site's template from its pages, then clean any page of it.

Seed 001 (Yi, Liu and Li, "Eliminating noisy information in web pages for
data mining", KDD 2003), as restated in ``docs/algorithms.md`` section 5.

The model
---------
An *element node* ``E = (TAG, Attr, Ss)`` is a tag, a presentation key and
the list of *style nodes* found under it. A *style node* ``S = (Es, n)`` is
one exact sequence of child element nodes and the number of pages that had
that sequence there. Pages are merged top-down from ``<body>``: a page
node's child sequence that matches a style node of its tree node adds 1 to
that style's ``n``, any other sequence adds a new style node (``n = 1``),
and the children are merged pairwise, down the whole page. Runs of
identical siblings (same tag and key, e.g. the ``<p>`` of an article or the
``<li>`` of a menu) collapse into one child, so articles of different
lengths share a style.

**Choice**: the style nodes of one element node share their element nodes
by key: the ``figure`` child of an article body is one element node whether
the sequence around it was seen before or not. Without that, every new
arrangement of an article (they are nearly all new) would start a fresh,
one-page copy of its subtree, which learns nothing (``m = 1``) and grows the
tree by a page's worth of nodes each time; with it, the template blocks
inside articles (image credits, promos, share tools) are learned, and the
tree stops growing once the site's template is known. Style nodes still
count exact sequences, which is what ``NodeImp`` measures.

The text directly inside an element (its own text and its children's
tails) gives its content features: pairs of consecutive lower-cased words
(a lone word stands for itself) and bigrams of CJK runs, the spec's "word
tokens" taken in pairs because a site's articles share most of their words
but few of their word pairs; ``<img>`` contributes its source. Each feature
is counted once per page, so a node stores ``feature -> pages``.

Importance, with ``m`` the pages containing ``E``:

* ``NodeImp(E) = -sum p_i log_m p_i`` over its style nodes (``p_i`` the share
  of pages with style ``i``);
* a leaf's ``CompImp = 1 - mean H(a)`` over its features, ``H(a) = log_m(df)``
  (the entropy of the page a feature comes from when it occurs once in each
  of ``df`` pages): text on every page scores 0, text of one page scores 1;
* an internal node's ``CompImp = (1 - g^l) NodeImp + g^l sum p_i CompImp(S_i)``
  (``g`` = gamma = 0.9, ``l`` style nodes), ``CompImp(S)`` the mean of its
  element nodes; an internal node that also holds text of its own takes the
  larger of that and its own text's importance (its text is a leaf of it);
* a node seen on one page only (``m = 1``) is *unknown* and always kept.

A node is *low* when it is known and its ``CompImp`` is below ``threshold``.
The tree marks a node *noisy* when it and all its descendants are low, and
*meaningful* when it is not noisy and no descendant is (``stats()`` counts
both).

**Choice: fields of labelled template blocks.** The descendant rule keeps
any template block that holds one varying value: a figure's caption and
credit, a "Keywords:" box's links, a "Related" list. Leaf importance cannot
tell such a value from article text (both are new on every page), but the
block around it can: its node is low, and beside the value sits a *label*,
a child whose own text is template, measured with each feature weighted by
the pages it occurs on (``1 - sum df H / sum df``), so a label seen on most
pages stays template when a few pages vary a word of it; or a child that
only wraps such a text in a chain of single elements (a heading in a
header ``<div>``). A sibling that follows a label (siblings without text
of their own may come between) is a *field*, and low with all its
descendants, when it is not noisy only through per-page text: a steady
structure, one child sequence on at least 90% of its pages
(``LEAD_SHARE``) all the way down (real article containers and
paragraphs, with their inline markup, vary; a template block may vary
once in a while, say an icon on one item), never itself seen as a run of like siblings (a block has
one value per slot), on no more pages than the label, and every run of
text leaves (elements without element children) inside it of one length
on every page: plain paragraphs whose number varies are running text,
while a list whose items each have a structure of their own (a related
list) may vary in length, and so may a run of bare links (a keyword or
tag list: links are not running text). Cleaning removes a field without
the text check below.

**Choice: labelled lines.** A label and its value often share one text
("Source: Reuters Author: X", "Editor: X", "2015-07-04 10:16 Source:"),
so no child is a label and the text, new on every page, scores high. But
it *begins* with the label: each element node counts the first token of
its text per page (:func:`lead_token`: a word, a CJK character pair, or
any number as one token ``#``, so dates lead alike). A node whose text
begins with the same token on at least ``LEAD_SHARE`` (90%) of its pages,
seen on ``LEAD_MIN_PAGES`` (3) pages or more, once per page (never in a
run, never in two places), with a steady structure (one child sequence on
90% of its pages, all the way down, runs of text leaves as for fields),
a label that is template by the leaf measure (``1 - H(label)`` below
the threshold), and a line of text (``LINE_FEATURES``: 30 features a page
at most), is a *labelled line*, unless it is low already (then its text
is checked as any template text): a field with all below it. Article
paragraphs fail (they begin anyhow, and come in runs), and so do their
containers (their paragraphs vary in number). Cleaning removes a page's
labelled line only when its text begins with that label: otherwise it is
new text in a template place, kept with everything below it.

Cleaning a page (:meth:`SiteStyleTree.noise_mask`) walks the page and the
tree together, mapping each page node to the tree node it would have been
merged into. A page subtree is template noise when every visible node in it
maps to a low tree node: the spec's "noisy node" rule, applied to the
descendants the page actually has, so a rare variant of a block seen
elsewhere does not save that block on every other page. A page node the
tree never saw is kept, and so is every ancestor of it; ``<body>`` itself is
never removed. **Choice**: a page node mapped to a low node (not a field) is
template only if at least half of its own text features are that node's
template text (features on two pages or more, and on at least the square
root of the pages that had the node): new text in a template place stays.

Bounded memory: at most ``max_pages`` pages are learned (later ones are
refused); a page already learned (same URL or same text) is refused; an
element stores at most ``max_features`` distinct features (a feature past
that is counted as seen once, which can only lean towards keeping; a page's
new features are taken in sorted order, so the same pages make the same
tree in every process, whatever its string hashing) and at
most ``LEAD_CAP`` first tokens (past that it is no labelled line); the
element nodes, shared by key, stop growing once the template is known.

Every walk is a loop over index ranges or an explicit stack: pages may nest
10,000 deep.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import math
import os
import re
import zlib
from typing import Any, Callable, Mapping

from ._document import INVISIBLE_TAGS, Document, parse
from .errors import SiteTreeError

__all__ = ["SiteStyleTree", "CompiledSiteTree", "presentation_key", "content_features", "lead_token", "FORMAT",
           "FORMAT_VERSION"]

#: The ``format`` field of a saved tree, and the version this code writes and reads.
FORMAT = "scrapy-webclean/site-style-tree"
FORMAT_VERSION = 4
#: Bytes a saved tree file may hold, decompressed (:meth:`SiteStyleTree.load`
#: reads and inflates no more): trees learned from the default 10 pages
#: take well under a megabyte.
MAX_FILE_BYTES = 32 << 20
#: Older versions this code still reads (version 2 has no run marks: its
#: element nodes count as seen in runs, so it marks no template fields;
#: versions 2 and 3 have no first tokens, so they mark no labelled lines).
READ_VERSIONS = (2, 3, 4)

#: Importance below which a known node is template. Tuned on the site-bbc and
#: site-163 corpora by learning from one half and cleaning the other: every
#: extractor scores within 0.005 F1 of its best anywhere from 0.3 to 0.8,
#: so the middle of that plateau.
DEFAULT_THRESHOLD = 0.5
DEFAULT_GAMMA = 0.9
DEFAULT_MAX_PAGES = 300
DEFAULT_MAX_FEATURES = 2000

#: A labelled line: a node whose text begins with the same token on at least
#: this share of the pages that have it (see _mark_labelled_lines); a steady
#: structure (of fields and labelled lines) has one child sequence on this
#: share of the pages ...
LEAD_SHARE = 0.9
#: ... and that was seen on at least this many pages (on two, a shared first
#: word is as likely chance as a label).
LEAD_MIN_PAGES = 3
#: Distinct first tokens recorded per node; past that its text is no label's.
LEAD_CAP = 16
#: A labelled line is a line: its own text has at most this many features
#: (word pairs, CJK pairs) per page on average. A lead paragraph that always
#: opens with the same word ("(Wire) -- ...", 30 to 100 pairs) is prose.
LINE_FEATURES = 30

#: Name recorded for the default presentation key.
DEFAULT_KEY_NAME = "default"

AttrKey = Callable[[str, Mapping[str, str]], str]

# -- the presentation key ("Attr") ---------------------------------------------

#: Legacy presentation attributes that are part of a node's style.
PRESENTATION_ATTRS = ("align", "width", "height", "bgcolor", "border", "valign")
_DIGIT = re.compile(r"\d")
_TOKEN_PARTS = re.compile(r"[-_]+")
_LOWER_RUN = re.compile(r"[a-z]{3,}")
_MIXED_CASE = re.compile(r"[a-z][A-Z]|[A-Z][A-Z][a-z]")


def _is_volatile_token(token: str) -> bool:
    """A class token that is per-page or machine-made rather than a style.

    Tokens with digits (``post-1234``, ``ssrcss-1q0x1qg-Paragraph``) and
    hash-like parts (``sc-bdVaJa``: a part of five or more letters in mixed
    case with no run of three lower-case letters) go.
    """
    if _DIGIT.search(token):
        return True
    for part in _TOKEN_PARTS.split(token):
        if len(part) >= 5 and _MIXED_CASE.search(part) and not _LOWER_RUN.search(part):
            return True
    return False


#: The class part of the key per class attribute value: a site's pages repeat
#: a few hundred class strings thousands of times, and splitting, filtering
#: and sorting them was most of the cost of mapping a page onto a tree.
#: Cleared when full, so a crawl of many sites holds at most this many.
_CLASS_PARTS: dict[str, str] = {}
_CLASS_PARTS_MAX = 1 << 16


def presentation_key(tag: str, attrs: Mapping[str, str]) -> str:
    """The default "Attr" of an element node (the spec's choice for today's pages).

    Sorted class tokens without digits or hash-like tokens, an id without
    digits, the legacy presentation attributes (align, width, height,
    bgcolor, border, valign) and role. Never href, src, alt, title,
    ``data-*`` or ``aria-*``: those vary with the content, not the style.
    ``tag`` is not used by this key (it is part of the node already) but a
    custom key may use it.

    >>> presentation_key("div", {"class": "story  b-12 main", "id": "x", "href": "/a"})
    '.main.story #x'
    """
    parts: list[str] = []
    cls = attrs.get("class")
    if cls:
        part = _CLASS_PARTS.get(cls)
        if part is None:
            tokens = sorted({t for t in cls.split() if not _is_volatile_token(t)})
            part = "." + ".".join(tokens) if tokens else ""
            if len(_CLASS_PARTS) >= _CLASS_PARTS_MAX:
                _CLASS_PARTS.clear()
            _CLASS_PARTS[cls] = part
        if part:
            parts.append(part)
    ident = attrs.get("id")
    if ident and not _DIGIT.search(ident):
        parts.append("#" + ident.strip())
    for name in PRESENTATION_ATTRS:
        value = attrs.get(name)
        if value is not None:
            parts.append(f"{name}={value.strip().lower()}")
    role = attrs.get("role")
    if role:
        parts.append("role=" + role.strip().lower())
    return " ".join(parts)


#: The attributes :func:`presentation_key` reads.
_KEY_ATTRS = frozenset(("class", "id", "role", *PRESENTATION_ATTRS))
#: Those attributes of an element (name, value pairs in document order) ->
#: its presentation key: most elements of a site's pages repeat a few
#: hundred of them. Cleared when full; long values are not kept (a hostile
#: page's megabyte attributes would stay in memory with the cache).
_SIGNATURE_KEYS: dict[tuple[tuple[str, str], ...], str] = {}
_SIGNATURE_KEYS_MAX = 1 << 14
_SIGNATURE_MAX_CHARS = 512


def _default_key_function(doc: Document) -> Callable[[int], str]:
    """``i -> presentation_key(tag, attrs)`` for the nodes of ``doc``, without
    building each node's attribute dict: a node is read once, for the few
    attributes the key uses, and their values looked up in a cache."""
    nodes, keys, wanted = doc.nodes, _SIGNATURE_KEYS, _KEY_ATTRS

    def key_of(i: int) -> str:
        sig = tuple([item for item in nodes[i].items() if item[0] in wanted])
        if not sig:
            return ""
        key = keys.get(sig)
        if key is None:
            key = presentation_key("", dict(sig))
            if sum(len(value) for _name, value in sig) <= _SIGNATURE_MAX_CHARS:
                if len(keys) >= _SIGNATURE_KEYS_MAX:
                    keys.clear()
                keys[sig] = key
        return key

    return key_of


def _key_name(fn: AttrKey) -> str:
    if fn is presentation_key:
        return DEFAULT_KEY_NAME
    module = getattr(fn, "__module__", None) or "?"
    name = getattr(fn, "__qualname__", None) or getattr(fn, "__name__", None) or type(fn).__qualname__
    return f"{module}.{name}"


# -- content features ---------------------------------------------------------------

_CJK = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af"
_FEATURE = re.compile(f"([{_CJK}]+)|[^\\W_{_CJK}]+")


def content_features(text: str, into: set[str] | None = None) -> set[str]:
    """The content features of ``text``: pairs of consecutive lower-cased
    words, and for CJK runs their character bigrams; a text of one word (or
    one CJK character) is its own feature.

    Pairs, not single words, because an article shares most of its words
    with the site's other articles but few of its word pairs, while
    template text repeats pair for pair: the CJK bigram is the same idea.

    >>> sorted(content_features("Hello, big World 新闻网"))
    ['big world', 'hello big', '新闻', '闻网']
    >>> sorted(content_features("Home"))
    ['home']
    """
    out = set() if into is None else into
    add = out.add
    prev = None
    words = 0  # words in the current run of words (between CJK runs)
    for m in _FEATURE.finditer(text):
        run = m.group(1)
        if run is None:
            word = m.group().lower()
            if prev is not None:
                add(prev + " " + word)
            prev = word
            words += 1
            continue
        if words == 1:
            add(prev)  # a single word stands for itself
        prev, words = None, 0
        if len(run) == 1:
            add(run)
        else:
            for k in range(len(run) - 1):
                add(run[k:k + 2])
    if words == 1:
        add(prev)
    return out


# -- walking a page -------------------------------------------------------------------

_SKIPPED = INVISIBLE_TAGS | {""}


def _child_runs(doc: Document, i: int, key_of: Callable[[int], Any]) -> tuple[tuple, list[list[int]]]:
    """The visible element children of page node ``i`` with runs collapsed.

    Returns ``(keys, groups)``: the key of each run, in order, and the page
    nodes in each run. Invisible children (scripts, styles, forms...) are
    left out: they carry no text, and their number and place vary.
    """
    keys: list = []
    groups: list[list[int]] = []
    tags, end = doc.tags, doc.end
    j, stop = i + 1, end[i]
    last = None
    while j < stop:
        if tags[j] not in _SKIPPED:
            k = key_of(j)
            if groups and k == last:
                groups[-1].append(j)
            else:
                keys.append(k)
                groups.append([j])
                last = k
        j = end[j]
    return tuple(keys), groups


def _own_text(doc: Document, i: int) -> str:
    """Text directly inside page node ``i``: its text and its children's tails."""
    texts, tails, end = doc.texts, doc.tails, doc.end
    pieces = [texts[i]] if texts[i] else []
    j, stop = i + 1, end[i]
    while j < stop:
        t = tails[j]
        if t:
            pieces.append(t)
        j = end[j]
    return " ".join(pieces)


def lead_token(text: str) -> str | None:
    """The first token of ``text``, where a label would stand: its first
    word lower-cased, a run of digits as ``#`` (a date or a count leads
    alike on every page), or the first two characters of a CJK run; None
    when the text has no word.

    >>> lead_token("  Source: Reuters"), lead_token("2015-07-04 来源"), lead_token("本文来源：新华网")
    ('source', '#', '本文')
    """
    m = _FEATURE.search(text)
    if m is None:
        return None
    run = m.group(1)
    if run is not None:
        return run[:2]
    word = m.group().lower()
    return "#" if word.isdigit() else word


def _page_features(doc: Document, i: int, text: str | None = None) -> set[str]:
    """The content features of page node ``i`` (``text``: its own text, when
    the caller has it already)."""
    feats: set[str] = set()
    if doc.tags[i] not in INVISIBLE_TAGS:
        if text is None:
            text = _own_text(doc, i)
        if text:
            content_features(text, feats)
    if doc.tags[i] == "img":
        attrs = doc.attrs(i)
        src = attrs.get("src") or attrs.get("data-src")
        if src:
            feats.add("img:" + src.strip()[:300])
        alt = attrs.get("alt")
        if alt:
            content_features(alt, feats)
    return feats


def _fingerprint(doc: Document) -> str:
    """A hash of the page's visible text, to refuse learning the same page twice."""
    h = hashlib.blake2b(digest_size=8)
    tags, texts, tails = doc.tags, doc.texts, doc.tails
    body = doc.body
    for i in range(body, doc.end[body]):
        t = texts[i]
        if t and tags[i] not in INVISIBLE_TAGS:
            h.update(t.encode("utf-8", "replace"))
        t = tails[i]
        if t and i != body:
            h.update(t.encode("utf-8", "replace"))
    return "c" + h.hexdigest()


def _url_hash(url: str) -> str:
    return "u" + hashlib.blake2b(url.encode("utf-8", "replace"), digest_size=8).hexdigest()


# -- the tree --------------------------------------------------------------------------


class _Element:
    """An element node: a key id, the pages it was on, its children, styles and features."""

    __slots__ = ("key", "m", "stamp", "children", "styles", "features", "overflow", "log_df", "n_total",
                 "n_log_n", "run_lo", "run_hi", "leads", "imp", "text_imp", "steady", "label", "low", "field", "noisy",
                 "any_low", "any_noisy")

    def __init__(self, key: int) -> None:
        self.key = key
        self.m = 0  # pages containing this node
        self.stamp = -1  # last page number that visited it
        self.children: dict[int, _Element] | None = None  # key -> the child element with that key
        self.styles: dict[tuple, _Style] | None = None  # child key sequence -> style node
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
        self.field = False  # a field of a labelled template block (see _mark_fields)
        self.label = None  # the first token of a labelled line's text (see _mark_labelled_lines)
        self.noisy = False
        self.any_low = False  # this node or a descendant is low
        self.any_noisy = False  # this node or a descendant is noisy


class _Style:
    """A style node: one exact child sequence under an element, and the pages that had it."""

    __slots__ = ("n", "stamp")

    def __init__(self) -> None:
        self.n = 0
        self.stamp = -1


def _xlogx(n: int) -> float:
    return n * math.log(n) if n > 1 else 0.0


class SiteStyleTree:
    """A site's style tree, learned from its pages; cleans any page of the site.

    ``threshold``: importance below which a known node is template (0..1);
    ``gamma``: the weight decay of composite importance (the seed's 0.9);
    ``max_pages``: pages learned at most (later :meth:`add_page` calls
    return ``False``); ``attr_key``: the presentation key, a function
    ``(tag, attrs) -> str`` (default :func:`presentation_key`); a tree saved
    with a custom key records the key's name and loads only with that key.
    ``max_features`` bounds the features stored per element node.

    Not thread-safe; :meth:`compile` gives a frozen, picklable cleaner for
    other threads or processes.
    """

    def __init__(self, *, threshold: float = DEFAULT_THRESHOLD, gamma: float = DEFAULT_GAMMA,
                 max_pages: int = DEFAULT_MAX_PAGES, attr_key: AttrKey | None = None,
                 max_features: int = DEFAULT_MAX_FEATURES) -> None:
        self._threshold = _check_fraction("threshold", threshold, low_open=False)
        self._gamma = _check_fraction("gamma", gamma, low_open=True)
        self.max_pages = _check_count("max_pages", max_pages)
        self.max_features = _check_count("max_features", max_features)
        if attr_key is None:
            attr_key = presentation_key
        if not callable(attr_key):
            raise TypeError(f"attr_key must be a callable (tag, attrs) -> str, not {type(attr_key).__name__}")
        self.attr_key: AttrKey = attr_key
        self.attr_key_name = _key_name(attr_key)
        #: the host the tree was learned for, when its learner said (saved with it)
        self.site: str | None = None
        self.pages = 0
        self._keys: list[tuple[str, str]] = []
        self._key_ids: dict[tuple[str, str], int] = {}
        self._root = _Element(-1)
        self._seen: set[str] = set()
        self._dirty = True
        self._compiled: CompiledSiteTree | None = None

    # -- settings -----------------------------------------------------------------
    @property
    def threshold(self) -> float:
        return self._threshold

    @threshold.setter
    def threshold(self, value: float) -> None:
        self._threshold = _check_fraction("threshold", value, low_open=False)
        self._dirty = True
        self._compiled = None

    @property
    def gamma(self) -> float:
        return self._gamma

    @gamma.setter
    def gamma(self, value: float) -> None:
        self._gamma = _check_fraction("gamma", value, low_open=True)
        self._dirty = True
        self._compiled = None

    def __len__(self) -> int:
        """Pages learned."""
        return self.pages

    def __repr__(self) -> str:
        return (f"<SiteStyleTree pages={self.pages} threshold={self._threshold} "
                f"attr_key={self.attr_key_name!r}>")

    # -- learning ----------------------------------------------------------------
    def _key_id(self, key: tuple[str, str]) -> int:
        kid = self._key_ids.get(key)
        if kid is None:
            kid = len(self._keys)
            self._keys.append(key)
            self._key_ids[key] = kid
        return kid

    def add_page(self, body: bytes | str | Document | None, url: str | None = None, *,
                 encoding: str | None = None) -> bool:
        """Merge one page of the site into the tree.

        ``body`` is the response body (bytes, or str) or an already parsed
        :class:`~scrapy_webclean._document.Document` (so a crawler parses
        each page once). Returns ``True`` when the page was learned;
        ``False`` when ``max_pages`` pages were learned already, when the
        page is empty, or when the same URL or the same text was learned
        before (a page learned twice would make its own text look like
        template). Never raises on a bad page.
        """
        if self.pages >= self.max_pages:
            return False
        doc = body if isinstance(body, Document) else parse(body, url, encoding=encoding)
        if doc.is_empty:
            return False
        url = url if url is not None else doc.url
        marks = [_fingerprint(doc)]
        if url:
            marks.append(_url_hash(url))
        if any(mark in self._seen for mark in marks):
            return False
        self._seen.update(marks)
        self._merge(doc)
        return True

    def _merge(self, doc: Document) -> None:
        page = self.pages
        self.pages += 1
        self._dirty = True
        self._compiled = None
        attr_key, tags, own, end = self.attr_key, doc.tags, doc.own_len, doc.end
        key_id = self._key_id
        # Each page node is read once: as a child of its parent (or as <body>).
        if attr_key is presentation_key:
            node_key = _default_key_function(doc)

            def key_of(i: int) -> int:
                return key_id((tags[i], node_key(i)))
        else:
            def key_of(i: int) -> int:
                return key_id((tags[i], str(attr_key(tags[i], doc.attrs(i)))))

        max_features = self.max_features
        found: dict[int, tuple[_Element, set[str]]] = {}  # features of this page, per tree node
        body = doc.body
        stack: list[tuple[tuple, list[list[int]], _Element]] = [((key_of(body),), [[body]], self._root)]
        self._root.stamp = page
        self._root.m += 1
        while stack:
            seq, groups, elem = stack.pop()
            if elem.styles is None:
                elem.styles = {}
                elem.children = {}
            style = elem.styles.get(seq)
            if style is None:
                style = elem.styles[seq] = _Style()
            if style.stamp != page:
                style.stamp = page
                elem.n_log_n += _xlogx(style.n + 1) - _xlogx(style.n)
                style.n += 1
                elem.n_total += 1
            children = elem.children
            for k, group in zip(seq, groups):
                child = children.get(k)
                if child is None:
                    child = children[k] = _Element(k)
                run = len(group)
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
                for i in group:
                    # own_len 0: only whitespace, which gives no feature and no lead token
                    text = _own_text(doc, i) if own[i] and tags[i] not in INVISIBLE_TAGS else ""
                    if text:
                        leads = child.leads
                        if leads is not None:
                            lead = lead_token(text)
                            if lead is not None:
                                if lead in leads:
                                    leads[lead] += 1
                                elif len(leads) < LEAD_CAP:
                                    leads[lead] = 1
                                else:
                                    child.leads = None
                    if text or tags[i] == "img":
                        feats = _page_features(doc, i, text)
                        if feats:
                            entry = found.get(id(child))
                            if entry is None:
                                found[id(child)] = (child, feats)
                            else:
                                entry[1].update(feats)
                    if end[i] == i + 1:
                        stack.append(((), [], child))  # a leaf: no children to read
                    else:
                        child_seq, child_groups = _child_runs(doc, i, key_of)
                        stack.append((child_seq, child_groups, child))
        # A page's features are a set, whose order changes with the
        # interpreter's string hashing (every process its own): the tree
        # must not. New features are added in sorted order (which of them a
        # full table keeps, and the saved file's order), and the page's
        # additions to log_df are summed exactly (math.fsum: no order).
        for elem, feats in found.values():
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

    # -- importance ----------------------------------------------------------------------
    def _elements_preorder(self) -> list[_Element]:
        out: list[_Element] = []
        stack = [self._root]
        while stack:
            e = stack.pop()
            out.append(e)
            if e.children:
                stack.extend(reversed(list(e.children.values())))
        return out

    def _update(self) -> None:
        """Compute every node's importance and marks (lazily, once per change)."""
        if not self._dirty:
            return
        gamma, threshold, keys = self._gamma, self._threshold, self._keys
        order = self._elements_preorder()
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
                steady = main.n >= LEAD_SHARE * e.m and all(e.children[k].steady for k in seq)
            e.steady = steady
            e.noisy = e.low and (not e.children or all(c.noisy for c in e.children.values()))
        _mark_fields(order, threshold)
        _mark_labelled_lines(order, threshold)
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
        self._dirty = False

    # -- cleaning ------------------------------------------------------------------
    def compile(self) -> "CompiledSiteTree":
        """A frozen cleaner for this tree as it is now (cached until the next change).

        It holds only the part of the tree that can remove anything (the
        paths down to low nodes), so it is much smaller than the tree, and it
        pickles cheaply (flat tables, no nesting; the key function is
        pickled by reference, so a custom key must be importable) to be sent
        to worker processes. ``compiled.noise_mask(doc)`` gives exactly what
        :meth:`noise_mask` gives.
        """
        if self._compiled is None:
            self._update()
            self._compiled = CompiledSiteTree._from_tree(self)
        return self._compiled

    def noise_mask(self, doc: Document) -> bytearray:
        """1 for every node of ``doc`` that is the site's template (see the module doc).

        A tree learned from fewer than two pages removes nothing.
        """
        return self.compile().noise_mask(doc)

    def clean(self, body: bytes | str | Document | None, url: str | None = None, *,
              encoding: str | None = None) -> Document:
        """The page as a :class:`Document` view with the template removed."""
        doc = body if isinstance(body, Document) else parse(body, url, encoding=encoding)
        if doc.is_empty:
            return doc
        return doc.with_removed(self.noise_mask(doc))

    def stats(self) -> dict[str, int]:
        """Sizes for bounded-memory checks: ``pages``, ``elements``, ``styles``,
        ``features`` (stored feature counts), ``keys``, and the ``low``,
        ``noisy`` and ``meaningful`` element nodes."""
        self._update()
        elements = styles = features = low = noisy = meaningful = 0
        for e in self._elements_preorder()[1:]:
            elements += 1
            if e.features:
                features += len(e.features)
            if e.styles:
                styles += len(e.styles)
            low += e.low
            noisy += e.noisy
            meaningful += not e.any_noisy
        return {"pages": self.pages, "elements": elements, "styles": styles, "features": features,
                "keys": len(self._keys), "low": low, "noisy": noisy, "meaningful": meaningful}

    # -- persistence ---------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """The whole tree as JSON-ready data (format documented in the README).

        Element nodes are listed in preorder, the virtual root first, as
        ``[key, m, features, overflow, run_lo, run_hi, leads]`` (the shortest
        and longest runs of like siblings it came in; ``leads``: first token
        of its text -> pages, or None when it can be no labelled line);
        ``children`` rows are
        ``[parent, child]`` and ``styles`` rows ``[element, n, key sequence]``.
        """
        elements: list[list[Any]] = []
        children: list[list[int]] = []
        styles: list[list[Any]] = []
        index: dict[int, int] = {}
        order = self._elements_preorder()
        for e in order:
            index[id(e)] = len(elements)
            elements.append([e.key, e.m, dict(e.features) if e.features else {}, e.overflow, e.run_lo, e.run_hi,
                             None if e.leads is None else dict(e.leads)])
        for e in order:
            here = index[id(e)]
            if e.children:
                for c in e.children.values():
                    children.append([here, index[id(c)]])
            if e.styles:
                for seq, s in e.styles.items():
                    styles.append([here, s.n, list(seq)])
        return {
            "format": FORMAT,
            "version": FORMAT_VERSION,
            "attr_key": self.attr_key_name,
            "threshold": self._threshold,
            "gamma": self._gamma,
            "max_pages": self.max_pages,
            "max_features": self.max_features,
            "pages": self.pages,
            "seen": sorted(self._seen),
            "keys": [list(k) for k in self._keys],
            "elements": elements,
            "children": children,
            "styles": styles,
            **({"site": self.site} if self.site is not None else {}),
        }

    @classmethod
    def from_dict(cls, data: Any, *, attr_key: AttrKey | None = None) -> "SiteStyleTree":
        """A tree from :meth:`to_dict` data. ``attr_key`` must be the key the
        tree was learned with when that was not the default.

        Raises :class:`~scrapy_webclean.errors.SiteTreeError` for data that is
        not a site style tree, of another format version, learned with
        another key, or inconsistent.
        """
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise SiteTreeError("not a site style tree (no 'format': %r field)" % FORMAT)
        version = data.get("version")
        if not _is_int(version) or version not in READ_VERSIONS:
            raise SiteTreeError(f"site style tree format version {version!r} is not supported "
                                f"(this version of scrapy-webclean reads versions "
                                f"{', '.join(map(str, READ_VERSIONS))})")
        saved_key = data.get("attr_key")
        wanted = _key_name(attr_key) if attr_key is not None else DEFAULT_KEY_NAME
        if saved_key != wanted:
            raise SiteTreeError(f"the site style tree was learned with presentation key {saved_key!r}, "
                                f"not {wanted!r}: pass attr_key= the same function to load it")
        try:
            tree = cls(threshold=data["threshold"], gamma=data["gamma"], max_pages=data["max_pages"],
                       attr_key=attr_key, max_features=data["max_features"])
            tree._load_body(data, version)
            site = data.get("site")
            tree.site = site if isinstance(site, str) else None
        except SiteTreeError:
            raise
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
            raise SiteTreeError(f"corrupt site style tree: {type(exc).__name__}: {exc}") from None
        return tree

    def _load_body(self, data: Mapping[str, Any], version: int = FORMAT_VERSION) -> None:
        def bad(what: str) -> SiteTreeError:
            return SiteTreeError(f"corrupt site style tree: {what}")

        pages = data["pages"]
        if not _is_int(pages) or pages < 0:
            raise bad("'pages' is not a count")
        keys = data["keys"]
        if not isinstance(keys, list):
            raise bad("'keys' is not a list")
        for k in keys:
            if not (isinstance(k, list) and len(k) == 2 and all(isinstance(s, str) for s in k)):
                raise bad(f"key {k!r:.80} is not [tag, attr]")
            self._key_id((k[0], k[1]))
        if len(self._keys) != len(keys):
            raise bad("duplicate keys")
        seen = data["seen"]
        if not isinstance(seen, list) or not all(isinstance(s, str) for s in seen):
            raise bad("'seen' is not a list of strings")
        self._seen = set(seen)
        rows = data["elements"]
        if not isinstance(rows, list) or not rows:
            raise bad("no element nodes")
        nkeys = len(keys)
        elements: list[_Element] = []
        width = {2: 4, 3: 6}.get(version, 7)
        for pos, row in enumerate(rows):
            if not (isinstance(row, list) and len(row) == width):
                raise bad(f"element {pos} is not [key, m, features, overflow"
                          f"{', run_lo, run_hi' if width >= 6 else ''}{', leads' if width == 7 else ''}]")
            key, m, feats, overflow = row[:4]
            # Version 2 did not record runs: count them as varied, so nothing is a template field.
            run_lo, run_hi = row[4:6] if width >= 6 else (1, 2)
            # Versions 2 and 3 did not record first tokens: no labelled lines.
            leads = row[6] if width == 7 else None
            if not (_is_int(run_lo) and _is_int(run_hi) and 0 <= run_lo <= run_hi and (run_lo or not run_hi)):
                raise bad(f"element {pos} has runs {run_lo!r}, {run_hi!r}")
            if not (_is_int(key) and (key == -1 if pos == 0 else 0 <= key < nkeys)):
                raise bad(f"element {pos} has key {key!r}")
            if not (_is_int(m) and 0 <= m <= pages) or not (_is_int(overflow) and overflow >= 0):
                raise bad(f"element {pos} has bad counts")
            if leads is not None and not (isinstance(leads, dict) and len(leads) <= LEAD_CAP and all(
                    isinstance(t, str) and _is_int(c) and 1 <= c <= m for t, c in leads.items())):
                raise bad(f"element {pos} has first tokens {leads!r:.80}")
            if not isinstance(feats, dict):
                raise bad(f"element {pos} features are not an object")
            e = _Element(key)
            e.m, e.overflow, e.run_lo, e.run_hi = m, overflow, run_lo, run_hi
            e.leads = None if leads is None else dict(leads)
            if feats:
                log_df = 0.0
                for f, c in feats.items():
                    if not (_is_int(c) and 1 <= c <= m):
                        raise bad(f"element {pos} feature {f!r:.40} has count {c!r}")
                    log_df += math.log(c)
                e.features, e.log_df = dict(feats), log_df
            elements.append(e)
        has_parent = bytearray(len(elements))
        for row in data["children"]:
            if not (isinstance(row, list) and len(row) == 2 and all(_is_int(x) for x in row)):
                raise bad(f"child link {row!r:.80} is not [parent, child]")
            parent, kid = row
            # Preorder: a child comes after its parent, so the links cannot loop.
            if not (0 <= parent < kid < len(elements)) or has_parent[kid]:
                raise bad(f"child link {row!r:.80} links elements wrongly")
            elem = elements[parent]
            if elem.children is None:
                elem.children = {}
            k = elements[kid].key
            if k in elem.children:
                raise bad(f"element {parent} has two children with key {k}")
            elem.children[k] = elements[kid]
            has_parent[kid] = 1
        if not all(has_parent[1:]):
            raise bad("an element node has no parent")
        for row in data["styles"]:
            if not (isinstance(row, list) and len(row) == 3):
                raise bad(f"style node {row!r:.80} is not [element, n, keys]")
            parent, n, seq = row
            if not (_is_int(parent) and 0 <= parent < len(elements)):
                raise bad(f"style node names element {parent!r}")
            elem = elements[parent]
            if not (_is_int(n) and 1 <= n <= elem.m):
                raise bad(f"style node under element {parent} has count {n!r}")
            if not (isinstance(seq, list) and all(_is_int(k) for k in seq)):
                raise bad(f"style node under element {parent} has bad keys")
            seq_t = tuple(seq)
            if any(k not in (elem.children or {}) for k in seq_t):
                raise bad(f"style node under element {parent} names a child it does not have")
            if elem.styles is None:
                elem.styles = {}
            if seq_t in elem.styles:
                raise bad(f"element {parent} has the same style twice")
            style = elem.styles[seq_t] = _Style()
            style.n = n
            elem.n_total += n
            elem.n_log_n += _xlogx(n)
        self._root = elements[0]
        self.pages = pages
        self._dirty = True

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the tree as JSON (gzip-compressed when ``path`` ends in ``.gz``).

        The file is written beside ``path`` first and then renamed, so a
        crash never leaves half a tree.
        """
        path = os.fspath(path)
        data = json.dumps(self.to_dict(), ensure_ascii=False, separators=(",", ":")).encode("utf-8")
        if path.endswith(".gz"):
            data = gzip.compress(data, mtime=0)
        tmp = f"{path}.tmp{os.getpid()}"
        try:
            with open(tmp, "wb") as fh:
                fh.write(data)
            os.replace(tmp, path)
        except BaseException:
            # A full disk or a read-only directory: leave no half-written file.
            try:
                os.unlink(tmp)
            except OSError:
                pass
            raise

    @classmethod
    def load(cls, path: str | os.PathLike[str], *, attr_key: AttrKey | None = None) -> "SiteStyleTree":
        """Read a tree written by :meth:`save`.

        Raises :class:`~scrapy_webclean.errors.SiteTreeError` when the file is
        not a valid, compatible tree (``OSError`` when it cannot be read).
        """
        with open(os.fspath(path), "rb") as fh:
            raw = fh.read(MAX_FILE_BYTES + 1)
        try:
            if raw[:2] == b"\x1f\x8b":
                raw = _gunzip(raw, MAX_FILE_BYTES)
            if len(raw) > MAX_FILE_BYTES:
                raise ValueError(f"larger than {MAX_FILE_BYTES} bytes (MAX_FILE_BYTES)")
            data = json.loads(raw.decode("utf-8"))
        except (OSError, EOFError, UnicodeDecodeError, ValueError, zlib.error) as exc:
            raise SiteTreeError(f"{os.fspath(path)} is not a site style tree file: {exc}") from None
        return cls.from_dict(data, attr_key=attr_key)

    def __getstate__(self) -> dict[str, Any]:
        # Flat, so that pickling a tree of 10,000-deep pages does not recurse.
        return {"tree": self.to_dict(), "attr_key": self.attr_key}

    def __setstate__(self, state: dict[str, Any]) -> None:
        fn = state["attr_key"]
        other = SiteStyleTree.from_dict(state["tree"], attr_key=None if fn is presentation_key else fn)
        self.__dict__.update(other.__dict__)


def _gunzip(raw: bytes, limit: int) -> bytes:
    """The gzip-compressed ``raw`` decompressed, at most ``limit`` + 1 bytes
    of it: a gzip bomb stops there instead of filling the memory."""
    inflate = zlib.decompressobj(wbits=31)
    out = inflate.decompress(raw, limit + 1)
    if len(out) <= limit and not inflate.eof:
        raise EOFError("truncated gzip data")
    return out


def _mark_fields(order: list[_Element], threshold: float) -> None:
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
    block holds one value per slot), and it is on no more pages than the
    label.
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
            if c.noisy or c.imp < 0 or not c.steady or c.run_hi > 1 or c.m > top:
                continue  # template already, unknown, or not a field
            _mark_field(c)


def _wrapped_text(e: _Element) -> _Element | None:
    """The one element with text below ``e`` when ``e`` wraps it in a chain
    of single children, each once per parent ("<div><h2>Related</h2></div>");
    else None."""
    while e.children and len(e.children) == 1:
        (e,) = e.children.values()
        if e.run_hi > 1:
            return None
    return e if not e.children and e.text_imp >= 0 else None


def _mark_labelled_lines(order: list[_Element], threshold: float) -> None:
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


def _mark_field(e: _Element) -> None:
    """Mark ``e`` and all below it low fields (removed without the text check)."""
    stack = [e]
    while stack:
        d = stack.pop()
        d.low = d.field = True
        if d.children:
            stack.extend(d.children.values())


def _style_pages(item: tuple[tuple, _Style]) -> int:
    return item[1].n


def _count(item: tuple[str, int]) -> int:
    return item[1]


def _text_importance(e: _Element) -> float:
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


def _importance(e: _Element, gamma: float) -> float:
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


def _is_int(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _check_fraction(name: str, value: Any, *, low_open: bool) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value != value:
        raise ValueError(f"{name} must be a number between 0 and 1, not {value!r}")
    value = float(value)
    if not (0.0 < value <= 1.0 if low_open else 0.0 <= value <= 1.0):
        raise ValueError(f"{name} must be between 0 and 1, not {value!r}")
    return value


def _check_count(name: str, value: Any) -> int:
    if not _is_int(value) or value < 1:
        raise ValueError(f"{name} must be a positive integer, not {value!r}")
    return value


class CompiledSiteTree:
    """A frozen cleaner made by :meth:`SiteStyleTree.compile`.

    It keeps, as flat tables, only the tree paths that lead to low nodes:
    ``keys`` (presentation key -> id), ``children`` (``(node, key id)`` ->
    child node number), ``low`` (per compiled node) and
    ``template`` (per low node with text, the features on at least half of
    the pages that had the node, and on two or more), ``labels`` (per
    labelled line, the first token its text must begin with). It pickles small and
    fast (no nesting) and has the tree's :meth:`noise_mask`. ``pages`` and
    ``threshold`` say what it was made from.
    """

    _STATE = ("attr_key", "keys", "children", "low", "branches", "template", "labels", "pages", "threshold")
    __slots__ = (*_STATE, "_verdicts")

    def __init__(self, attr_key: AttrKey, keys: dict[tuple[str, str], int], children: dict[tuple, int],
                 low: bytearray, branches: bytearray, template: dict[int, frozenset[str] | None],
                 labels: dict[int, str], pages: int, threshold: float) -> None:
        self.attr_key = attr_key
        self.keys = keys
        self.children = children
        self.low = low
        self.branches = branches
        self.template = template
        self.labels = labels
        self.pages = pages
        self.threshold = threshold
        #: (low node, own text of a page node mapped to it) -> whether that
        #: text is the template's (see _seen_text): a site's pages repeat
        #: their template lines, and most of them come again and again.
        self._verdicts: dict[tuple[int, str], bool] = {}

    @classmethod
    def _from_tree(cls, tree: SiteStyleTree) -> "CompiledSiteTree":
        low = bytearray(1)
        branches = bytearray(1)
        children: dict[tuple, int] = {}
        template: dict[int, frozenset[str] | None] = {}
        labels: dict[int, str] = {}
        used: set[int] = set()
        stack: list[tuple[_Element, int]] = [(tree._root, 0)]
        while stack:
            e, idx = stack.pop()
            if e.label is not None:
                labels[idx] = e.label
            if e.field:
                template[idx] = None  # a field of a template block: its text is not checked
            elif e.low and e.features:
                # Template text recurs: on two pages or more, and on at least
                # the square root of the pages that have the node.
                floor = max(2, math.ceil(math.sqrt(e.m)))
                template[idx] = frozenset(f for f, c in e.features.items() if c >= floor)
            if not e.any_low or not e.children:
                continue
            for k, c in e.children.items():
                if not c.any_low:
                    continue  # nothing under it can go: an unmapped page node is kept alike
                child = len(low)
                children[(idx, k)] = child
                used.add(k)
                branches[idx] = 1
                low.append(1 if c.low else 0)
                branches.append(0)
                stack.append((c, child))
        keys = {tree._keys[k]: k for k in used}
        return cls(tree.attr_key, keys, children, low, branches, template, labels, tree.pages, tree.threshold)

    def __getstate__(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in self._STATE}

    def __setstate__(self, state: dict[str, Any]) -> None:
        for name in self._STATE:
            setattr(self, name, state.get(name, {}) if name == "labels" else state[name])
        self._verdicts = {}

    def __repr__(self) -> str:
        return f"<CompiledSiteTree pages={self.pages} nodes={len(self.low)}>"

    def noise_mask(self, doc: Document) -> bytearray:
        """1 for every node of ``doc`` that is template noise (subtrees marked whole).

        See :mod:`scrapy_webclean._sitestyletree`: a page subtree goes when
        every visible node in it maps to a low tree node and holds mostly
        text seen on other pages there; unseen nodes and ``<body>`` stay.
        """
        n = len(doc)
        mask = bytearray(n)
        if not n or not self.children:
            return mask
        tags, end, parent = doc.tags, doc.end, doc.parent
        attr_key, key_ids, children, low, branches = self.attr_key, self.keys, self.children, self.low, self.branches
        labels = self.labels

        if attr_key is presentation_key:
            node_key = _default_key_function(doc)

            def key_of(i: int) -> int:
                return key_ids.get((tags[i], node_key(i)), -1)
        else:
            def key_of(i: int) -> int:
                return key_ids.get((tags[i], str(attr_key(tags[i], doc.attrs(i)))), -1)

        body = doc.body
        mapped = [-1] * n
        stack: list[tuple[int, int]] = []
        top = children.get((0, key_of(body)))
        if top is not None:
            stack.append((body, top))
        while stack:
            i, e = stack.pop()
            label = labels.get(e)
            if label is not None and lead_token(_own_text(doc, i)) != label:
                continue  # a labelled line without its label: new text, kept with all below it
            mapped[i] = e
            if not branches[e]:
                continue
            # Each visible child goes to the tree child with its key (the
            # runs _child_runs collapses map node by node all the same).
            j, last = i + 1, end[i]
            while j < last:
                if tags[j] not in _SKIPPED:
                    child = children.get((e, key_of(j)))
                    if child is not None:
                        stack.append((j, child))
                j = end[j]
        # Children before parents: a node is noise when it maps to a low node,
        # its own text is the template's, and every visible child is noise.
        stop = end[body]
        blocked = bytearray(n)
        noise = bytearray(n)
        template, verdicts, own = self.template, self._verdicts, doc.own_len
        for i in range(stop - 1, body, -1):
            if tags[i] in _SKIPPED:
                continue
            e = mapped[i]
            if e < 0 or not low[e] or blocked[i]:
                blocked[parent[i]] = 1
                continue
            known = template.get(e, _NO_TEXT)
            if known is None or (not own[i] and tags[i] != "img"):
                noise[i] = 1  # no text to check (see _seen_text)
                continue
            if tags[i] == "img":
                seen = _seen_text(doc, i, known)
            else:
                text = _own_text(doc, i)
                seen = verdicts.get((e, text))
                if seen is None:
                    seen = _text_seen(text, known)
                    if len(text) <= _VERDICT_MAX_CHARS:
                        if len(verdicts) >= _VERDICTS_MAX:
                            verdicts.clear()
                        verdicts[(e, text)] = seen
            if seen:
                noise[i] = 1
            else:
                blocked[parent[i]] = 1
        i = body + 1
        while i < stop:
            if noise[i]:
                mask[i:end[i]] = b"\x01" * (end[i] - i)
                i = end[i]
            else:
                i += 1
        return mask


#: Share of a page node's own features that must be the tree node's template
#: features for the page node to be template.
TEMPLATE_SHARE = 0.5


_NO_TEXT: frozenset[str] = frozenset()
#: Verdicts a compiled tree keeps (cleared when full), and the longest
#: text kept with one: a site's template has a few hundred lines (about 400
#: on site-bbc, 500 on site-163, of 6 to 12 characters on average), and a
#: worker keeps up to WORKER_TREE_CACHE trees, each at most about 2 MB so.
_VERDICTS_MAX = 1 << 12
_VERDICT_MAX_CHARS = 300


def _seen_text(doc: Document, i: int, known: frozenset[str] | None) -> bool:
    """Whether the text directly in page node ``i`` is mostly what the tree
    saw on several pages there (a node without text passes; ``known`` None:
    any text passes)."""
    if known is None:
        return True
    if not doc.own_len[i] and doc.tags[i] != "img":
        return True  # no text directly in it (own_len counts what _own_text joins)
    return _features_seen(_page_features(doc, i), known)


def _text_seen(text: str, known: frozenset[str]) -> bool:
    """:func:`_seen_text` for the own text of a page node that is no image."""
    return _features_seen(content_features(text), known)


def _features_seen(feats: set[str], known: frozenset[str]) -> bool:
    if not feats:
        return True
    if not known:
        return False
    hits = sum(1 for f in feats if f in known)
    return hits >= TEMPLATE_SHARE * len(feats)
