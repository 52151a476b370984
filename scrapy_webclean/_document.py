"""The one parse of a page, and the per-node measures every extractor reads
(taken by :mod:`scrapy_webclean._measures`).

A :class:`Document` is built once per page. It flattens the lxml tree into
arrays indexed by node number in document (pre-)order, so that a subtree is
the index range ``i .. end[i]-1``, and every walk is a loop over that range -
no recursion, however deep the page nests. Extractors never modify the lxml
tree: they return which node numbers (or text lines) they keep, and
:mod:`scrapy_webclean._render` turns that into text and HTML.
"""

from __future__ import annotations

from enum import Enum
from typing import Any, Final, Iterable, Protocol
from urllib.parse import urlsplit

from ._deadline import check_deadline
from ._encoding import decode_body_utf8
# Measures and nonspace_len are imported from here by most modules.
from ._measures import Measures, measure, nonspace_len
from ._hidden import class_hides, hidden_attribute
from ._parse import BLOCK_TAGS, HIDDEN_STYLE, INVISIBLE_TAGS, _parse_root, depths, flatten, may_reach
from ._attr_limits import cap_attributes
from ._parser_limits import MODES as _DEPTH_MODES, limit_depth
from ._title_repair import close_title, swallowed
# The walks and the tag sets are imported from here by most modules.
from ._walk import text_content, text_nodes, walk_kept
from .errors import BodyTooLargeError, SiteTreeError

__all__ = ["Document", "Measures", "SiteCleaner", "parse", "load_document", "union_mask",
           "walk_kept", "text_nodes", "text_content", "INVISIBLE_TAGS", "BLOCK_TAGS", "HIDDEN_STYLE", "MEASURED",
           "nonspace_len", "ClassIdStyle", "UNREAD"]

#: libxml2 stops parsing (and drops the rest of the page) when elements nest
#: 2048 deep; a tree that reaches this depth is taken as cut short.
PARSER_DEPTH_LIMIT = 2000
#: How deep a re-parsed page may nest (see :mod:`scrapy_webclean._parser_limits`).
MAX_DEPTH = 1000
#: ``bytes.translate`` table of an exclusion mask: 1 for a node it leaves in, 0 for one it excludes.
MEASURED = bytes([1]) + bytes(255)
#: Attributes kept per tag: the parser's cost grows with their square.
MAX_ATTRIBUTES = 100
#: Bytes (characters for a str body) :func:`parse` accepts by default; a
#: larger body raises :class:`~scrapy_webclean.errors.BodyTooLargeError`.
#: The same default as the pipeline's ``WEBCLEAN_MAXSIZE``.
MAX_BODY_SIZE = 10 * 1024 * 1024


#: A node's ``class``, ``id`` and ``style`` attributes (None for each one absent).
ClassIdStyle = tuple[str | None, str | None, str | None]


class _Unread(Enum):
    """The mark of a node whose class, id and style are not read yet (None
    is taken: a node without attributes)."""

    UNREAD = 0


#: The mark of a node not read yet in :meth:`Document.class_id_style_reads`.
UNREAD: Final = _Unread.UNREAD


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
    except in ``<script>`` and ``<style>``, and its children's tails), ``ellipsis`` (whether one of those
    texts holds "…" or "..."), ``tailed`` (the nodes whose tail is more than white space, in order)
    and ``measures`` (see :class:`Measures`).
    """

    __slots__ = (
        "url", "encoding", "source", "root", "nodes", "tags", "parent", "end", "_depth", "texts",
        "tails", "body", "title", "own_len", "own_punct", "ellipsis", "tailed", "removed", "_measures", "_attr_cache",
        "_class_id_style", "_more", "_cleaned", "memo", "parse_memo", "__weakref__",
    )

    def __init__(self, source: str, *, url: str | None = None, encoding: str = "utf-8",
                 utf8: bytes | None = None) -> None:
        """``utf8``: ``source`` encoded as UTF-8, when the caller has it (the
        parser reads bytes; encoding a page again costs a copy of it)."""
        self.url = usable_url(url)
        self.encoding = encoding
        self.source = source
        self.removed: bytearray | None = None
        self._measures: Measures | None = None
        self._attr_cache: dict[int, dict[str, str]] = {}
        self._class_id_style: list[ClassIdStyle | None | _Unread] | None = None  # see class_id_style
        self._more = bytearray()  # see reads_more
        self._cleaned: tuple[object, bool, Document] | None = None
        #: Results derived from this view that more than one caller wants
        #: (classify's page features, which auto also reads): key -> value.
        self.memo: dict[Any, Any] = {}
        #: Results derived from the parse alone, shared by every view of it: key -> value.
        self.parse_memo: dict[Any, Any] = {}
        markup = cap_attributes(source, MAX_ATTRIBUTES)
        check_deadline()
        self._parse(markup, utf8 if markup is source else None)
        if swallowed(self.title):
            # A title left open, or closed by a misspelt tag, took the page in.
            repaired = close_title(markup, self.title)
            if repaired is not None:
                check_deadline()
                self._parse(repaired, None)

    def _parse(self, markup: str, utf8: bytes | None) -> None:
        """Parse ``markup`` (``utf8``: the same as UTF-8 bytes, when known) and flatten it; when the
        tree reaches the parser's depth limit (the parser gave up there and lost the rest of the
        page), parse again with the excess nesting removed."""
        self.root = _parse_root(markup, utf8)
        check_deadline()
        self._flatten()
        if may_reach(self.end, PARSER_DEPTH_LIMIT) and max(self.depth) >= PARSER_DEPTH_LIMIT:
            for mode in _DEPTH_MODES:
                check_deadline()
                self.root = _parse_root(limit_depth(markup, MAX_DEPTH, mode, line_break_tags=BLOCK_TAGS))
                check_deadline()
                self._flatten()
                if max(self.depth, default=0) < PARSER_DEPTH_LIMIT:
                    break

    def _flatten(self) -> None:
        (self.nodes, self.tags, self.parent, self.end, self.texts, self.tails, self.own_len,
         self.own_punct, self.body, self.title, self.ellipsis, self.tailed) = flatten(self.root)
        self._depth: list[int] | None = None

    @property
    def depth(self) -> list[int]:
        """Each node's depth (the root's is 0), measured when first read."""
        if self._depth is None:
            self._depth = depths(self.parent)
        return self._depth

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

    def class_id_style(self, i: int) -> ClassIdStyle | None:
        """Node ``i``'s ``class``, ``id`` and ``style`` attributes (None for
        each one absent), or None for a node without attributes. Read from
        the tree once per page: the block pick and the propagation pick both
        read them, for most nodes (an attribute read costs more than the
        rest of a node's visit). Whether the node has other attributes is
        read with them (see :meth:`reads_more`)."""
        read = self._class_id_style
        if read is None:
            read = self.class_id_style_reads()[0]
        got = read[i]
        if got is UNREAD:
            el = self.nodes[i]
            attrib = el.attrib if self.tags[i] else None
            if attrib:
                get = el.get
                # Byte keys: lxml need not encode them on each read.
                got = (get(b"class"), get(b"id"), get(b"style"))
                if len(attrib) + got.count(None) > 3:
                    # aria-hidden and hidden read now, with the node at hand (see attribute_hidden).
                    self._more[i] = 2 if get(b"aria-hidden") == "true" or hidden_attribute(el) else 1
                cls = got[0]
                if cls and ("hid" in cls or "none" in cls) and class_hides(cls, el):
                    self._more[i] = 2
            else:
                got = None
            read[i] = got
        return got

    def class_id_style_reads(self) -> tuple[list[ClassIdStyle | None | _Unread], bytearray]:
        """What :meth:`class_id_style` has read so far, for a loop over many nodes that reads each
        once: the reads by node (:data:`UNREAD` for a node not read yet: read it with
        :meth:`class_id_style`) and, by node, what :meth:`reads_more` and :meth:`attribute_hidden` tell
        (0; 1: other attributes; 2: hidden by them too). Both are this parse's own, filled in
        as nodes are read (a loop indexes them, not calling a method per node)."""
        if self._class_id_style is None:
            self._class_id_style = [UNREAD] * len(self.nodes)
            self._more = bytearray(len(self.nodes))
        return self._class_id_style, self._more

    def reads_more(self, i: int) -> int:
        """Whether node ``i`` has attributes besides its ``class``, ``id`` and
        ``style`` (non-zero or 0; :meth:`class_id_style` read first): most
        nodes have none, so their other attributes need not be asked for."""
        return self._more[i]

    def attribute_hidden(self, i: int) -> bool:
        """Whether node ``i``'s attributes hide it from readers:
        ``aria-hidden="true"``, or a ``hidden`` attribute or a hiding class
        that keeps it out of view (:func:`._hidden.hidden_attribute`,
        :func:`._hidden.class_hides`: not a tab's or a folded section's panel,
        nor a streamed React page's part) (:meth:`class_id_style` read first)."""
        return self._more[i] == 2

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
        hidden = (INVISIBLE_TAGS - frozenset(visible)) | frozenset(extra) | {""}
        return bytearray([t in hidden for t in self.tags])

    def subtree_mask(self, roots: Iterable[int]) -> bytearray:
        """1 for every node in the subtrees rooted at ``roots``. A root inside a subtree
        already marked is passed over (its subtree is in that one): nested roots cost nothing."""
        mask = bytearray(len(self.nodes))
        end = self.end
        for r in roots:
            if not mask[r]:
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

    def cleaned(self, site_tree: SiteCleaner, *, fields: bool) -> "Document":
        """This page with ``site_tree``'s template noise removed (a view, see
        :meth:`with_removed`), computed once per tree: tagging a page and
        extracting it in one job map it onto the tree once. ``fields``: the
        template's fields and labelled lines removed too (what the ``sst``
        extractor returns; see docs/sitestyletree.md); the other extractors
        find captions and boxes themselves, and a field misread takes an article.

        ``site_tree`` has ``noise_mask(doc, fields=...)`` (a :class:`SiteStyleTree` or
        its compiled form; anything else raises :class:`SiteTreeError`). An
        empty page is its own cleaned view.
        """
        if getattr(site_tree, "noise_mask", None) is None:
            raise SiteTreeError(f"site_tree must be a SiteStyleTree, not {type(site_tree).__name__}")
        if self.is_empty:
            return self
        done = self._cleaned
        if done is not None and done[0] is site_tree and done[1] == fields:
            return done[2]
        view = self.with_removed(site_tree.noise_mask(self, fields=fields))
        self._cleaned = (site_tree, fields, view)
        return view

    # -- measures -------------------------------------------------------------
    @property
    def measures(self) -> Measures:
        """Measures with only :data:`INVISIBLE_TAGS` (and removed nodes) excluded."""
        if self._measures is None:
            self._measures = self.compute_measures()
        return self._measures

    @property
    def page_measures(self) -> Measures:
        """:attr:`measures` of the whole parse: a view's removals (a site
        tree's cleaning) left in. Computed once per parse."""
        if self.removed is None:
            return self.measures
        whole = self.parse_memo.get("page_measures")
        if whole is None:
            whole = self.parse_memo["page_measures"] = self.with_removed(None).measures
        return whole

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

        One loop over the node arrays (:func:`~scrapy_webclean._measures.measure`);
        the lxml tree is not walked again.
        """
        excluded = self._exclusion(extra_excluded, exclude, visible=visible)
        return measure(self.tags, self.parent, self.texts, self.own_len, self.own_punct, excluded,
                       INVISIBLE_TAGS.intersection(visible))


def union_mask(a: bytearray, b: bytes | bytearray) -> bytearray:
    """``a | b`` byte by byte for two node masks, at C speed (a loop over
    the bytes in Python costs a second per million nodes). The result has
    ``a``'s length; ``b`` is cut or padded with zeros to it."""
    n = len(a)
    if len(b) != n:
        b = bytes(b[:n]).ljust(n, b"\0")
    return bytearray((int.from_bytes(a, "little") | int.from_bytes(b, "little")).to_bytes(n, "little"))


def usable_url(url: str | None) -> str | None:
    """``url``, or ``None`` where urllib cannot split it (an unclosed IPv6 literal): a page's URL is a
    hint to its readers (title, date, page type, links), and one they cannot read is no hint."""
    if url:
        try:
            urlsplit(url)
        except ValueError:
            return None
    return url


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

    def noise_mask(self, doc: Document, *, fields: bool = True) -> bytearray: ...
