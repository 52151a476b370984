"""The one parse: libxml2's HTML parser, and its tree flattened into per-node
arrays (see :class:`~scrapy_webclean._document.Document`, which is built from them)."""

from __future__ import annotations

import re
from itertools import compress
from operator import attrgetter
from typing import Any, NamedTuple

import lxml.etree

from ._cache import BoundedCache
from ._deadline import check_deadline, chunks_down, chunks_up
from ._anchors import unlink_targets

#: Tags whose content is never page text. Every extractor starts from this.
#: (MathML is text: a formula's ``<math>`` stays; its ``<annotation>``, the
#: same formula as TeX or other source, does not.)
INVISIBLE_TAGS = frozenset({
    "script", "style", "noscript", "template", "head", "title", "meta", "link", "base",
    "object", "embed", "param", "applet", "iframe", "frame", "frameset", "svg", "annotation", "annotation-xml",
    "canvas", "audio", "video", "source", "track", "map", "area", "datalist", "dialog",
    "select", "option", "optgroup", "textarea", "input", "button",
})
#: Invisible tags whose text is code (never counted unless shown; see ``Document.own_len``).
_CODE_TAGS = frozenset({"script", "style"})

#: ARIA roles of a dialog opened over the page.
DIALOG_ROLES = frozenset({"dialog", "alertdialog"})
#: An inline style that hides its element, or sets it over the page (``position:fixed``: a pop-up, a
#: sticky bar, a cookie banner): what auto and its propagation pick leave out (and read again, as hidden
#: text, when it is most of the page).
HIDDEN_STYLE = re.compile(r"display\s*:\s*none|visibility\s*:\s*hidden|(?<![\w-])position\s*:\s*fixed", re.IGNORECASE)

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
_TAG, _TEXT, _TAIL = attrgetter("tag"), attrgetter("text"), attrgetter("tail")
_GET_PARENT = lxml.etree._Element.getparent


class OwnPunct(NamedTuple):
    """Sentence punctuation directly in each node (lists indexed by node
    number, as ``own_len``): CJK marks, Latin marks (with other scripts', see
    :data:`_OTHER_MARKS`), CJK full stops."""

    cjk: list[int]
    latin: list[int]
    stops: list[int]


class Flat(NamedTuple):
    """A parsed page's per-node arrays (see :class:`~scrapy_webclean._document.Document`)."""

    nodes: list[Any]
    tags: list[str]
    parent: list[int]
    end: list[int]
    texts: list[str | None]
    tails: list[str | None]
    own_len: list[int]
    own_punct: OwnPunct
    body: int
    title: str | None
    #: Whether a text or tail measured in ``own_len`` holds "…" or "...":
    #: without one, no text ends in an ellipsis (outside ``<script>`` and ``<style>``).
    ellipsis: bool
    #: The nodes whose tail holds more than white space, in order (the root aside).
    tailed: list[int]


def flatten(root: Any) -> Flat:
    """The per-node arrays of the tree under ``root`` (None: an empty page)."""
    # C-speed passes where lxml offers them (the preorder list of nodes,
    # each node's parent, map() for the per-node reads),
    # an index loop for subtree ends, and the text measured
    # in one piece: no recursion, however deep the page.
    nodes: list = list(root.iter()) if root is not None else []
    n = len(nodes)
    raw_tags = list(map(_TAG, nodes))
    names = _TAG_NAMES  # emptied when full: a hostile page may invent many tag names
    local: dict[object, str] = {}
    for raw in set(raw_tags):
        name = names.get(raw)
        local[raw] = names.put(raw, _tag_name(raw)) if name is None else name
    tags: list[str] = list(map(local.__getitem__, raw_tags))
    del raw_tags
    check_deadline()
    texts: list[str | None] = list(map(_TEXT, nodes))
    if "" in tags:  # an entity (comments and processing instructions are not parsed): no text of its own
        for i in [i for i, t in enumerate(tags) if not t]:
            texts[i] = None
    tails: list[str | None] = list(map(_TAIL, nodes))
    index: dict[Any, int] = dict(zip(nodes, range(n)))
    index[None] = -1  # the root's parent
    parent: list[int] = list(map(index.__getitem__, map(_GET_PARENT, nodes)))
    del index
    check_deadline()
    end = _ends(parent)
    unlink_targets(nodes, tags, parent, end)
    own, own_punct, ellipsis, tailed = _own_text(tags, parent, texts, tails)
    body = tags.index("body") if "body" in tags else 0
    return Flat(nodes, tags, parent, end, texts, tails, own, own_punct, body, _title(tags, texts), ellipsis, tailed)


def _ends(parent: list[int]) -> list[int]:
    """Each node's subtree end (one past its last descendant), from the
    parents of nodes in preorder: a loop in chunks, the deadline checked
    between them."""
    n = len(parent)
    end = list(range(1, n + 1))
    for lo, hi in chunks_down(1, n):
        for i, p in zip(range(hi - 1, lo - 1, -1), reversed(parent[lo:hi])):
            e = end[i]
            if e > end[p]:
                end[p] = e
    return end


def depths(parent: list[int]) -> list[int]:
    """Each node's depth (the root's is 0), from the parents of nodes in
    preorder, in chunks (the deadline checked between them)."""
    n = len(parent)
    depth = [0] * n
    for lo, hi in chunks_up(1, n):
        for i, p in zip(range(lo, hi), parent[lo:hi]):
            depth[i] = depth[p] + 1
    return depth


def may_reach(end: list[int], depth: int) -> bool:
    """Whether a node of a tree (its subtree ends ``end``, in preorder) may
    be ``depth`` deep, at C speed. A node at depth ``d`` has ancestors at
    every depth below: the depths add up to ``d (d + 1) / 2`` at least, and
    to ``sum(end) - n (n + 1) / 2`` in all (each node is counted once under
    each of its ancestors)."""
    n = len(end)
    return sum(end) - n * (n + 1) // 2 >= depth * (depth + 1) // 2


def _own_text(tags: list[str], parent: list[int], texts: list[str | None],
              tails: list[str | None]) -> tuple[list[int], OwnPunct, bool, list[int]]:
    """Non-space characters directly in each node (its text, except in
    ``<script>``/``<style>``, and its children's tails), and the sentence
    punctuation there (see :class:`OwnPunct`), except in the text of
    invisible tags; whether the pieces hold an ellipsis, and the nodes whose tail is
    more than white space (see :class:`Flat`).

    Scripts and style sheets: their text (often most of a page's
    characters) is code, counted by no view, and not split here;
    :func:`~scrapy_webclean._measures.measure` counts it for a caller that
    shows those tags (and the punctuation of other invisible tags' text). Most texts and tails are
    the white space between tags; the others are measured together, in one
    string split again at C speed, not with a few calls per piece.
    """
    n = len(tags)
    own = [0] * n
    at = [i for i, t in enumerate(texts) if t and not t.isspace() and tags[i] not in _CODE_TAGS]
    # A tail's text is its parent's (the root's tail, outside the tree, is not counted).
    after = [i for i, t in enumerate(tails) if t and i and not t.isspace()]
    check_deadline()
    owners = at + [parent[i] for i in after]
    pieces: list[str] = [texts[i] or "" for i in at] + [tails[i] or "" for i in after]
    # No text holds a NUL (libxml2's strings end at one): it parts the pieces.
    joined = "\0".join(pieces)
    data = joined.encode("utf-8", "surrogatepass")
    sizes = _nonspace_sizes(joined, data)
    latin = list(map(len, data.translate(None, _NOT_LATIN_PUNCT_NOR_NUL).split(b"\0")))
    for lo, hi in chunks_up(0, len(owners)):
        for i, size in zip(owners[lo:hi], sizes[lo:hi]):
            own[i] += size
    punct = OwnPunct([0] * n, [0] * n, [0] * n)
    own_cjk, own_latin, own_stops = punct
    shown = [j for j, i in enumerate(at) if tags[i] not in INVISIBLE_TAGS] + list(range(len(at), len(owners)))
    # Most pieces hold no punctuation; only non-ASCII ones may hold CJK marks.
    for j in compress(shown, map(latin.__getitem__, shown)):
        own_latin[owners[j]] += latin[j]
    wide = not joined.isascii()
    cjk_marks = wide and any(mark in joined for mark in _CJK_MARKS)
    other_marks = wide and _other_scripts(data)
    if cjk_marks or other_marks:
        for j in shown:
            text = pieces[j]
            if not text.isascii():
                if cjk_marks:
                    cjk, stops = _cjk_punct(text)
                    own_cjk[owners[j]] += cjk
                    own_stops[owners[j]] += stops
                if other_marks:
                    own_latin[owners[j]] += _other_punct(text)
    return own, punct, "\u2026" in joined or "..." in joined, after


def _other_scripts(data: bytes) -> bool:
    """Whether UTF-8 ``data`` may hold :data:`_OTHER_MARKS`: a lead byte of their blocks is in it
    (one byte search each, at C speed; ``str`` searches for these marks are slow, their low bytes
    being ASCII letters')."""
    return any(lead in data for lead in _OTHER_LEADS)


def _other_punct(text: str) -> int:
    """The sentence marks of :data:`_OTHER_MARKS` in ``text``."""
    return len(_OTHER_MARK.findall(text))


def _nonspace_sizes(joined: str, data: bytes) -> list[int]:
    """The non-space characters of each piece of ``joined`` (parted by NULs;
    ``data``: it in UTF-8), as ``str.split()`` reads white space: deleting
    the ASCII white space and the UTF-8 continuation bytes leaves a byte per
    other character, at C speed and without a string per word. The few
    white-space characters beyond ASCII are made spaces first."""
    if not joined.isascii():
        # (A character wider than the text's widest is never looked for.)
        wide = [ch for ch in _WIDE_SPACES if ch in joined]
        if wide:
            for ch in wide:
                joined = joined.replace(ch, " ")
            data = joined.encode("utf-8", "surrogatepass")
    return list(map(len, data.translate(None, _SPACE_AND_CONTINUATION).split(b"\0")))


#: White space as ``str.split()`` and ``str.isspace()`` read it: in ASCII, and beyond.
_ASCII_SPACES = "\t\n\x0b\x0c\r\x1c\x1d\x1e\x1f "
_WIDE_SPACES = "\x85\xa0\u1680" + "".join(map(chr, range(0x2000, 0x200B))) + "\u2028\u2029\u202f\u205f\u3000"
_SPACE_AND_CONTINUATION = _ASCII_SPACES.encode() + bytes(range(0x80, 0xC0))


#: The sentence marks that end a sentence in scripts that use neither the Latin nor the CJK ones:
#: Arabic script's question mark and the Urdu full stop, the danda and double danda (Devanagari,
#: Bengali and other Indic scripts), the Ethiopic full stop and question mark, the Myanmar, Khmer,
#: Armenian and Tibetan full stops.
OTHER_SENTENCE_ENDS = "\u061f\u06d4\u0964\u0965\u1362\u1367\u104b\u17d4\u17d5\u0589\u0f0d"
#: Those and the same scripts' commas and semicolons (Arabic, Ethiopic, Myanmar, Armenian), counted
#: with the Latin marks. Thai and Lao mark none: a space between two of their letters ends a clause.
_OTHER_MARKS = OTHER_SENTENCE_ENDS + "\u060c\u061b\u1363\u1364\u1365\u104a\u055d"
_THAI_LAO = "[\u0e01-\u0e4e\u0e81-\u0ecd]"
_OTHER_MARK = re.compile(f"[{_OTHER_MARKS}]|(?<={_THAI_LAO}) (?={_THAI_LAO})")
#: The UTF-8 lead bytes of those marks and letters (a page without any of them holds none of the marks).
_OTHER_LEADS = tuple(sorted({mark.encode()[:1] for mark in _OTHER_MARKS + "\u0e01\u0e81"}))

#: The marks :func:`_cjk_punct` counts (each looked for with ``in``: ten times faster than a class's search).
_CJK_MARKS = "。，；！？、："


def _cjk_punct(text: str) -> tuple[int, int]:
    """CJK sentence marks in ``text`` and, of them, full stops."""
    stops = text.count("。")
    return stops + text.count("，") + text.count("；") + text.count("！") + text.count("？") + text.count("、") \
        + text.count("："), stops


def _title(tags: list[str], texts: list[str | None]) -> str | None:
    """The first ``<title>`` with text, whitespace collapsed."""
    if "title" in tags:
        for i in range(tags.index("title"), len(tags)):
            if tags[i] == "title":
                title = " ".join((texts[i] or "").split()) or None
                if title:
                    return title
    return None


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


def _punct(text: str) -> tuple[int, int, int]:
    """Sentence punctuation in ``text``: ``(CJK marks, Latin marks, CJK
    full stops)``; CJK marks are 。，；！？、： (seed 002 counts the full stop
    first), Latin ones .,;!?: with those of other scripts (:data:`_OTHER_MARKS`)."""
    # Most pieces are whitespace between tags or ASCII prose: those skip the
    # CJK counts (str.count per mark is C speed; a loop over marks is not).
    if text.isspace():
        return _NO_PUNCT
    # In UTF-8 these marks are single bytes that no other character's
    # bytes contain: deleting every other byte counts all six in two C calls.
    data = text.encode("utf-8", "ignore")
    latin = len(data.translate(None, _NOT_LATIN_PUNCT))
    if text.isascii():
        return 0, latin, 0
    cjk, stops = _cjk_punct(text)
    if _other_scripts(data):
        latin += _other_punct(text)
    return cjk, latin, stops


_NO_PUNCT = (0, 0, 0)
#: ``bytes.translate`` deletions that leave a text's Latin sentence marks;
#: the second leaves the NULs that part :func:`_own_text`'s pieces too.
_NOT_LATIN_PUNCT = bytes(b for b in range(256) if b not in b".,;!?:")
_NOT_LATIN_PUNCT_NOR_NUL = _NOT_LATIN_PUNCT.replace(b"\0", b"")


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
    if root is not None:
        if b"template" in data:  # (one byte search: a shadow root's template is written in lower case)
            _open_shadow_roots(root)
        if root.find("body") is None and root.find("frameset") is not None:
            _open_noframes(root)
    return root


def _open_noframes(root: Any) -> None:
    """A frameset page with no ``<body>``: the markup of its ``<noframes>`` (which the parser keeps
    as raw text) is what a client without frames, a crawler among them, is given: parsed, it
    becomes the page's body."""
    for el in root.iter("noframes"):
        markup = el.text or ""
        if "<" in markup:
            page = lxml.etree.fromstring(f"<html><body>{markup}</body></html>".encode("utf-8", "replace"), _PARSER)
            body = page.find("body") if page is not None else None
            if body is not None:
                root.append(body)
            return


def _open_shadow_roots(root: Any) -> None:
    """Declarative shadow DOM: a ``<template shadowrootmode>`` (``shadowroot`` before 2023) is the
    shadow tree a browser renders in its host, not an inert template; read as a ``div`` there (its
    host's light children stay beside it: the slots they fill are not followed)."""
    for el in list(root.iter("template")):
        if el.get("shadowrootmode") is not None or el.get("shadowroot") is not None:
            el.tag = "div"
