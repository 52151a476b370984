"""The one parse of a page, and the per-node measures every extractor reads.

A :class:`Document` is built once per page. It flattens the lxml tree into
arrays indexed by node number in document (pre-)order, so that a subtree is
the index range ``i .. end[i]-1``, and every walk is a loop over that range -
no recursion, however deep the page nests. Extractors never modify the lxml
tree: they return which node numbers (or text lines) they keep, and
:mod:`scrapy_webclean._render` turns that into text and HTML.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Protocol, Sequence

import lxml.etree

from ._cache import BoundedCache
from ._parser_limits import MODES as _DEPTH_MODES, cap_attributes, limit_depth
from ._deadline import CHECK_EVERY, check_deadline
from ._encoding import decode_body_utf8
from .errors import BodyTooLargeError, SiteTreeError

__all__ = ["Document", "Measures", "SiteCleaner", "parse", "load_document", "union_mask", "walk_kept", "text_nodes",
           "INVISIBLE_TAGS", "BLOCK_TAGS"]

#: Tags whose content is never page text. Every extractor starts from this.
INVISIBLE_TAGS = frozenset({
    "script", "style", "noscript", "template", "head", "title", "meta", "link", "base",
    "object", "embed", "param", "applet", "iframe", "frame", "frameset", "svg", "math",
    "canvas", "audio", "video", "source", "track", "map", "area", "datalist", "dialog",
    "select", "option", "optgroup", "textarea", "input", "button",
})
#: Invisible tags whose text is code (never counted unless shown; see ``Document.own_len``).
_CODE_TAGS = frozenset({"script", "style"})

#: An inline style that hides its element (what auto and its propagation pick leave out).
HIDDEN_STYLE = re.compile(r"display\s*:\s*none|visibility\s*:\s*hidden", re.IGNORECASE)

#: Tags that start a new line of text when rendered.
BLOCK_TAGS = frozenset({
    "address", "article", "aside", "blockquote", "body", "caption", "center", "dd", "details",
    "dialog", "dir", "div", "dl", "dt", "fieldset", "figcaption", "figure", "footer", "form",
    "h1", "h2", "h3", "h4", "h5", "h6", "header", "hgroup", "hr", "html", "legend", "li", "main",
    "menu", "nav", "ol", "p", "pre", "section", "summary", "table", "tbody", "td", "tfoot", "th",
    "thead", "tr", "ul", "br", "listing", "plaintext", "xmp", "noframes", "frameset",
})


_PARSER_OPTIONS = dict(
    recover=True,
    huge_tree=True,
    remove_comments=True,
    remove_pis=True,
    no_network=True,
    default_doctype=False,
    collect_ids=False,
    compact=True,
)


def _make_parser() -> lxml.etree.HTMLParser:
    # libxml2's HTML parser never expands DTD entities or loads external
    # ones; no_network forbids any fetch. Both are the point here.
    # lxml.etree's parser, not lxml.html's: plain elements, without the
    # per-element class lookup that costs about a quarter of the parse.
    return lxml.etree.HTMLParser(encoding="utf-8", **_PARSER_OPTIONS)


_PARSER = _make_parser()

#: libxml2 stops parsing (and drops the rest of the page) when elements nest
#: 2048 deep; a tree that reaches this depth is taken as cut short.
PARSER_DEPTH_LIMIT = 2000
#: How deep a re-parsed page may nest (see :mod:`scrapy_webclean._parser_limits`).
MAX_DEPTH = 1000
#: Attributes kept per tag: the parser's cost grows with their square.
MAX_ATTRIBUTES = 100
#: Bytes (characters for a str body) :func:`parse` accepts by default; a
#: larger body raises :class:`~scrapy_webclean.errors.BodyTooLargeError`.
#: The same default as the pipeline's ``WEBCLEAN_MAXSIZE``.
MAX_BODY_SIZE = 10 * 1024 * 1024
#: Checks of the time limit happen every this many loop iterations.


@dataclass(frozen=True, slots=True)
class Measures:
    """Subtree aggregates per node (lists indexed by node number).

    ``text_len``: non-whitespace characters of visible text in the subtree;
    ``link_len``: those inside ``<a>``; ``link_count``: ``<a>`` elements;
    ``tag_count``: visible elements (the node included); ``link_tags``:
    elements inside or equal to an ``<a>``; ``cjk_punct``/``latin_punct``:
    sentence punctuation marks; ``cjk_stops``: Chinese full stops "。".
    ``excluded[i]`` is true for a node left out (and its subtree).
    """

    text_len: list[int]
    link_len: list[int]
    link_count: list[int]
    tag_count: list[int]
    link_tags: list[int]
    cjk_punct: list[int]
    latin_punct: list[int]
    cjk_stops: list[int]
    excluded: bytearray


def nonspace_len(s: str | None) -> int:
    """Characters of ``s`` that are not whitespace."""
    if not s:
        return 0
    return sum(map(len, s.split()))


class Document:
    """One parsed page, flattened into per-node arrays.

    Attributes a caller may rely on: ``url``, ``encoding`` (the charset the
    body was decoded with), ``root`` (the lxml root, or ``None`` for an empty
    page; read it, never modify it), ``nodes`` (elements in document order),
    ``tags`` (lower-case tag names; ``""`` for non-elements), ``parent``,
    ``end`` (one past the last node of each subtree), ``depth``, ``texts`` and
    ``tails`` (each element's ``.text`` and ``.tail`` or ``None``), ``body``
    (node number of ``<body>``, or 0), ``title`` (the ``<title>`` text),
    ``own_len`` (non-whitespace characters directly in each node: its text,
    except in ``<script>`` and ``<style>``, and its children's tails), and ``measures`` (see :class:`Measures`).
    """

    __slots__ = (
        "url", "encoding", "source", "root", "nodes", "tags", "parent", "end", "depth", "texts",
        "tails", "body", "title", "own_len", "own_punct", "removed", "_measures", "_attr_cache", "_cleaned", "memo",
        "__weakref__",
    )

    def __init__(self, source: str, *, url: str | None = None, encoding: str = "utf-8",
                 utf8: bytes | None = None) -> None:
        """``utf8``: ``source`` encoded as UTF-8, when the caller has it (the
        parser reads bytes; encoding a page again costs a copy of it)."""
        self.url = url
        self.encoding = encoding
        self.source = source
        self.removed: bytearray | None = None
        self._measures: Measures | None = None
        self._attr_cache: dict[int, dict[str, str]] = {}
        self._cleaned: tuple[object, Document] | None = None
        #: Results derived from this view that more than one caller wants
        #: (classify's page features, which auto also reads): key -> value.
        self.memo: dict[Any, Any] = {}
        markup = cap_attributes(source, MAX_ATTRIBUTES)
        check_deadline()
        self.root = _parse_root(markup, utf8 if markup is source else None)
        check_deadline()
        self._flatten()
        if self.depth and max(self.depth) >= PARSER_DEPTH_LIMIT:
            # The parser gave up at its depth limit and lost the rest of the
            # page: parse again with the excess nesting removed.
            for mode in _DEPTH_MODES:
                check_deadline()
                self.root = _parse_root(limit_depth(markup, MAX_DEPTH, mode, line_break_tags=BLOCK_TAGS))
                check_deadline()
                self._flatten()
                if max(self.depth, default=0) < PARSER_DEPTH_LIMIT:
                    break

    # -- construction -------------------------------------------------------
    def _flatten(self) -> None:
        # C-speed passes where lxml offers them (the preorder list of nodes,
        # each node's parent), list comprehensions for the per-node reads,
        # and two index loops for subtree ends and depths: no recursion,
        # however deep the page.
        self.body = 0
        self.title = None
        root = self.root
        nodes: list = list(root.iter()) if root is not None else []
        n = len(nodes)
        raw_tags = [el.tag for el in nodes]
        names = _TAG_NAMES
        for raw in set(raw_tags).difference(names):
            names.put(raw, _tag_name(raw))  # emptied when full: a hostile page may invent many tag names
        tags: list[str] = [names.get(raw) or _tag_name(raw) for raw in raw_tags]
        del raw_tags
        check_deadline()
        texts: list[str | None] = [el.text if t else None for el, t in zip(nodes, tags)]
        tails: list[str | None] = [el.tail for el in nodes]
        index = {el: i for i, el in enumerate(nodes)}
        find = index.get
        parent: list[int] = [find(el.getparent(), -1) for el in nodes]
        del index
        if n:
            parent[0] = -1
        check_deadline()
        end = list(range(1, n + 1))
        depth = [0] * n
        own = [0] * n
        # Scripts and style sheets: their text (often most of a page's
        # characters) is code, counted by no view, and not split here;
        # compute_measures counts it for a caller that shows those tags.
        # Sentence punctuation of each text piece that has any non-space:
        # (node it counts for, CJK marks, Latin marks, CJK full stops). Not
        # for the text of invisible tags, scripts above all: long, and never
        # counted unless a caller makes the tag visible (compute_measures
        # counts it then).
        own_punct: list[tuple[int, int, int, int]] = []
        add_punct = own_punct.append
        for i in range(n - 1, 0, -1):
            if not i & CHECK_EVERY:
                check_deadline()
            p = parent[i]
            if p >= 0 and end[i] > end[p]:
                end[p] = end[i]
        for i in range(n):
            if not i & CHECK_EVERY:
                check_deadline()
            p = parent[i]
            if p >= 0:
                depth[i] = depth[p] + 1
            # Most texts and tails are the whitespace between tags.
            t = texts[i]
            if t and not t.isspace() and tags[i] not in _CODE_TAGS:
                own[i] += sum(map(len, t.split()))
                if tags[i] not in INVISIBLE_TAGS:
                    add_punct((i, *_punct(t)))
            t = tails[i]
            if t and p >= 0 and not t.isspace():
                own[p] += sum(map(len, t.split()))
                add_punct((p, *_punct(t)))
        if "body" in tags:
            self.body = tags.index("body")
        if "title" in tags:
            for i in range(tags.index("title"), n):
                if tags[i] == "title":
                    self.title = " ".join((texts[i] or "").split()) or None
                    if self.title:
                        break
        self.nodes = nodes
        self.tags = tags
        self.parent = parent
        self.end = end
        self.depth = depth
        self.texts = texts
        self.tails = tails
        self.own_len = own
        self.own_punct = own_punct

    # -- accessors ------------------------------------------------------------
    def __len__(self) -> int:
        return len(self.nodes)

    @property
    def is_empty(self) -> bool:
        return not self.nodes

    def attrs(self, i: int) -> dict[str, str]:
        """The attributes of node ``i`` (a cached plain dict)."""
        cached = self._attr_cache.get(i)
        if cached is None:
            el = self.nodes[i]
            cached = dict(el.items()) if self.tags[i] else {}
            self._attr_cache[i] = cached
        return cached

    def children(self, i: int) -> Iterable[int]:
        """Node numbers of the element children of ``i``, in order."""
        j, stop = i + 1, self.end[i]
        end = self.end
        while j < stop:
            yield j
            j = end[j]

    def path(self, i: int) -> tuple[str, ...]:
        """Tag path from the root down to node ``i``."""
        out = []
        parent, tags = self.parent, self.tags
        while i >= 0:
            out.append(tags[i])
            i = parent[i]
        out.reverse()
        return tuple(out)

    def invisible_mask(self, extra: Iterable[str] = (), *, visible: Iterable[str] = ()) -> bytearray:
        """1 for every node in :data:`INVISIBLE_TAGS` (plus ``extra`` tags,
        minus ``visible`` ones, e.g. ``noscript`` for a page that keeps its
        text there for clients without scripts)."""
        hidden = (INVISIBLE_TAGS - frozenset(visible)) | frozenset(extra)
        return bytearray(1 if (t in hidden or not t) else 0 for t in self.tags)

    def subtree_mask(self, roots: Iterable[int]) -> bytearray:
        """1 for every node in the subtrees rooted at ``roots``."""
        mask = bytearray(len(self.nodes))
        end = self.end
        for r in roots:
            mask[r:end[r]] = b"\x01" * (end[r] - r)
        return mask

    def with_removed(self, removed: bytearray | None) -> "Document":
        """A view of this document with the subtrees marked in ``removed`` gone.

        The lxml tree and the arrays are shared, not copied; only the
        measures are recomputed (lazily). Used to hand extractors a page
        already cleaned by a site style tree.
        """
        view = Document.__new__(Document)
        for name in Document.__slots__:
            if name in ("__weakref__",):
                continue
            object.__setattr__(view, name, getattr(self, name))
        view.removed = removed
        view._measures = None
        view._cleaned = None
        view.memo = {}
        return view

    def cleaned(self, site_tree: SiteCleaner) -> "Document":
        """This page with ``site_tree``'s template noise removed (a view, see
        :meth:`with_removed`), computed once per tree: tagging a page and
        extracting it in one job map it onto the tree once.

        ``site_tree`` has ``noise_mask(doc)`` (a :class:`SiteStyleTree` or
        its compiled form; anything else raises :class:`SiteTreeError`). An
        empty page is its own cleaned view.
        """
        if getattr(site_tree, "noise_mask", None) is None:
            raise SiteTreeError(f"site_tree must be a SiteStyleTree, not {type(site_tree).__name__}")
        if self.is_empty:
            return self
        done = self._cleaned
        if done is not None and done[0] is site_tree:
            return done[1]
        view = self.with_removed(site_tree.noise_mask(self))
        self._cleaned = (site_tree, view)
        return view

    # -- measures -------------------------------------------------------------
    @property
    def measures(self) -> Measures:
        """Measures with only :data:`INVISIBLE_TAGS` (and removed nodes) excluded."""
        if self._measures is None:
            self._measures = self.compute_measures()
        return self._measures

    def excluded_mask(self) -> bytearray:
        """The nodes :attr:`measures` leaves out (``excluded``): invisible tags
        and removed nodes, without computing the measures when not yet done."""
        if self._measures is not None:
            return self._measures.excluded
        return self._exclusion()

    def _exclusion(self, extra_excluded: Iterable[str] = (), exclude: bytearray | None = None, *,
                   visible: Iterable[str] = ()) -> bytearray:
        excluded = self.invisible_mask(extra_excluded, visible=visible)
        for mask in (self.removed, exclude):
            if mask is not None:
                excluded = union_mask(excluded, mask)
        return excluded

    def compute_measures(self, extra_excluded: Iterable[str] = (), exclude: bytearray | None = None, *,
                         visible: Iterable[str] = ()) -> Measures:
        """Subtree aggregates, leaving out invisible tags (but not those named
        in ``visible``), ``extra_excluded`` tags, nodes flagged in ``exclude``
        and nodes removed from this view.

        One loop over the node arrays; the lxml tree is not walked again.
        """
        n = len(self.nodes)
        excluded = self._exclusion(extra_excluded, exclude, visible=visible)
        tags, parent = self.tags, self.parent
        # Start from what each node holds directly (its text and its
        # children's tails, counted once by the parse); an excluded node's
        # own share is dropped below, a tail still counts for its parent.
        text_len = list(self.own_len)
        link_len = [0] * n
        link_count = [0] * n
        tag_count = [1] * n
        link_tags = [0] * n
        cjk = [0] * n
        latin = [0] * n
        stops = [0] * n
        for i, c, lat, s in self.own_punct:
            cjk[i] += c
            latin[i] += lat
            stops[i] += s
        shown = INVISIBLE_TAGS.intersection(visible)
        if shown:  # texts of invisible tags made visible: not counted by the parse
            texts = self.texts
            for i in range(n):
                text = texts[i]
                if tags[i] in shown and text and not excluded[i]:
                    if tags[i] in _CODE_TAGS:
                        text_len[i] += nonspace_len(text)
                    c, lat, s = _punct(text)
                    cjk[i] += c
                    latin[i] += lat
                    stops[i] += s
        for i in range(n - 1, -1, -1):
            if not i & CHECK_EVERY:
                check_deadline()
            if excluded[i]:
                text_len[i] = 0
                tag_count[i] = 0
                cjk[i] = latin[i] = stops[i] = 0
                # The node's own tail still counts for its parent (own_len has it).
                continue
            if tags[i] == "a":
                link_len[i] = text_len[i]
                link_count[i] += 1
                link_tags[i] = tag_count[i]
            p = parent[i]
            if p >= 0:
                text_len[p] += text_len[i]
                link_len[p] += link_len[i]
                link_count[p] += link_count[i]
                tag_count[p] += tag_count[i]
                link_tags[p] += link_tags[i]
                cjk[p] += cjk[i]
                latin[p] += latin[i]
                stops[p] += stops[i]
        return Measures(text_len, link_len, link_count, tag_count, link_tags, cjk, latin, stops, excluded)


def _tag_name(raw: object) -> str:
    """The lower-case local name of an lxml node's tag ("" for a non-element)."""
    if not isinstance(raw, str):
        return ""  # an entity or processing instruction: lxml gives a function
    tag = raw.lower()
    if ":" in tag:
        tag = tag.rsplit(":", 1)[1]
    if "}" in tag:
        tag = tag.rsplit("}", 1)[1]
    return tag


#: Raw tag -> local name: pages use a few dozen distinct tags (a hostile
#: page may invent many: the cache is emptied when full).
_TAG_NAMES: BoundedCache[object, str] = BoundedCache(4096)
_BODY_OR_TITLE = frozenset({"body", "title"})


def _punct(text: str) -> tuple[int, int, int]:
    """Sentence punctuation in ``text``: ``(CJK marks, Latin marks, CJK
    full stops)``; CJK marks are 。，；！？、： (seed 002 counts the full stop
    first), Latin ones .,;!?:."""
    # Most pieces are whitespace between tags or ASCII prose: those skip the
    # CJK counts (str.count per mark is C speed; a loop over marks is not).
    if text.isspace():
        return _NO_PUNCT
    # In UTF-8 these marks are single bytes that no other character's
    # bytes contain: deleting every other byte counts all six in two C calls.
    latin = len(text.encode("utf-8", "ignore").translate(None, _NOT_LATIN_PUNCT))
    if text.isascii():
        return 0, latin, 0
    stops = text.count("。")
    cjk = (stops + text.count("，") + text.count("；") + text.count("！") + text.count("？") + text.count("、")
           + text.count("："))
    return cjk, latin, stops


_NO_PUNCT = (0, 0, 0)
_NOT_LATIN_PUNCT = bytes(b for b in range(256) if b not in b".,;!?:")


def _parse_root(source: str, utf8: bytes | None = None):
    """The lxml root of ``source`` (``utf8``: the same text as UTF-8 bytes,
    when known), or ``None`` for an empty page."""
    if not source or not source.strip():
        return None
    data = utf8 if utf8 is not None else source.encode("utf-8", "replace")
    try:
        root = lxml.etree.fromstring(data, _PARSER)
    except (lxml.etree.ParserError, lxml.etree.XMLSyntaxError, ValueError):
        return None
    return root


def union_mask(a: bytearray, b: bytes | bytearray) -> bytearray:
    """``a | b`` byte by byte for two node masks, at C speed (a loop over
    the bytes in Python costs a second per million nodes). The result has
    ``a``'s length; ``b`` is cut or padded with zeros to it."""
    n = len(a)
    if len(b) != n:
        b = bytes(b[:n]).ljust(n, b"\0")
    return bytearray((int.from_bytes(a, "little") | int.from_bytes(b, "little")).to_bytes(n, "little"))


def parse(body: bytes | str | None, url: str | None = None, *, encoding: str | None = None,
          max_body_size: int | None = MAX_BODY_SIZE) -> Document:
    """Decode and parse a page once. Never raises on bad bytes or bad HTML.

    Raises :class:`~scrapy_webclean.errors.BodyTooLargeError` for a body
    longer than ``max_body_size`` bytes (characters for str; ``None``: no
    limit), :class:`~scrapy_webclean.errors.InvalidBodyError` for a body that
    is neither bytes-like nor str, and, under a
    :func:`~scrapy_webclean._deadline.time_limit`,
    :class:`~scrapy_webclean.errors.ExtractionTimeout`.
    """
    if max_body_size is not None and isinstance(body, (bytes, bytearray, memoryview, str)):
        size = body.nbytes if isinstance(body, memoryview) else len(body)
        if size > max_body_size:
            raise BodyTooLargeError(f"body of {size} {'characters' if isinstance(body, str) else 'bytes'} "
                                    f"exceeds the limit of {max_body_size}")
    text, codec, utf8 = decode_body_utf8(body, encoding)
    check_deadline()
    return Document(text, url=url, encoding=codec, utf8=utf8)


def load_document(body: Any, url: str | None = None, *, encoding: str | None = None,
                  max_body_size: int | None = MAX_BODY_SIZE) -> Document:
    """A :class:`Document` from bytes, str, or an already parsed document."""
    if isinstance(body, Document):
        return body
    return parse(body, url, encoding=encoding, max_body_size=max_body_size)


class SiteCleaner(Protocol):
    """What cleaning a page of its site's template needs of a site tree (a
    :class:`~scrapy_webclean.SiteStyleTree` or a
    :class:`~scrapy_webclean.CompiledSiteTree`): 1 for each node of
    ``doc`` that is template (see :meth:`Document.cleaned`)."""

    def noise_mask(self, doc: Document) -> bytearray: ...


def walk_kept(doc: Document, root: int, skip: bytes | bytearray, enter: Callable[[int], None],
              leave: Callable[[int], None], passed: Callable[[int], None]) -> None:
    """Walk the subtree of ``root`` in document order, leaving out the
    subtrees of nodes flagged in ``skip``.

    ``enter(i)`` is called on reaching each kept node, ``leave(i)`` once its
    subtree is done (children before parents, as end tags come), and
    ``passed(i)`` in place of a skipped subtree (its tail, which belongs to
    the parent, is still the caller's to use). A loop over index ranges with
    a stack of open nodes: no recursion, however deep the page nests; the
    time limit is checked as it goes.
    """
    end = doc.end
    stack: list[int] = []
    push, pop = stack.append, stack.pop
    stop = end[root]
    i = root
    while i < stop:
        if not i & CHECK_EVERY:
            check_deadline()
        while stack and end[stack[-1]] <= i:
            leave(pop())
        if skip[i]:
            passed(i)
            i = end[i]
            continue
        enter(i)
        push(i)
        i += 1
    while stack:
        leave(pop())


def text_nodes(doc: Document, start: int | None = None, *,
               excluded: bytearray | None = None) -> Sequence[tuple[int, bool, str]]:
    """Text pieces under ``start`` (default: the whole page) in reading order.

    Each is ``(node, is_tail, text)``: the element's ``.text`` (``is_tail``
    false) or the ``.tail`` of element ``node`` (which belongs to its parent).
    Invisible and removed subtrees (or those flagged in ``excluded``, an
    extractor's own mask) are skipped, their tails kept.
    """
    if doc.is_empty:
        return []
    if excluded is None:
        excluded = doc.excluded_mask()
    s = doc.body if start is None else start
    texts, tails = doc.texts, doc.tails
    out: list[tuple[int, bool, str]] = []
    add = out.append

    def enter(i: int) -> None:
        text = texts[i]
        if text:
            add((i, False, text))

    def leave(j: int) -> None:
        tail = tails[j]
        if j != s and tail:
            add((j, True, tail))

    walk_kept(doc, s, excluded, enter, leave, leave)
    return out


def text_content(el) -> str:
    """All text under an element (its own tail excluded), as ``text_content()``
    of lxml.html elements gives it."""
    return "".join(el.itertext())
