"""Rendering what an extractor kept: plain text, clean HTML, Markdown.

Extractors describe their choice as a :class:`NodeSelection` (a subtree of
the page minus dropped subtrees) or a :class:`BlockSelection` (a list of
text blocks). Both render lazily and iteratively; the lxml tree is only
read.
"""

from __future__ import annotations

import re
from html import escape
from typing import Collection, NamedTuple, Sequence

from ._deadline import CHECK_EVERY, check_deadline
from ._document import BLOCK_TAGS, Document, union_mask, walk_kept

__all__ = ["NodeSelection", "BlockSelection", "Selection", "normalize_text", "RenderOptions", "DEFAULT_RENDER",
           "kept_mask"]


class RenderOptions(NamedTuple):
    """What the outputs keep: ``tables`` (in every output), ``images``
    (``<img>``/``<picture>`` in HTML and Markdown), ``links`` (``<a>`` and
    ``[text](url)``; off: their text only) and ``formatting`` (bold,
    italic, inline code and the like; off: their text only)."""

    tables: bool = True
    links: bool = True
    images: bool = True
    formatting: bool = True


DEFAULT_RENDER = RenderOptions()
#: Inline tags unwrapped (their text kept) when ``formatting`` is off.
FORMATTING_TAGS = frozenset({"b", "strong", "i", "em", "u", "code", "kbd", "samp", "mark", "s", "strike", "del",
                             "ins", "sub", "sup", "small", "big", "tt", "var", "cite", "q"})
_IMAGE_TAGS = frozenset({"img", "picture"})

#: White space inside a line to make one space: a run of two or more, or one that is not a space
#: (a single space is left as it is, not replaced by itself once per word).
_SPACES = r"\t\r\f\v\u00a0\u2000-\u200b\u3000\ufeff"  # (besides the space)
_WS = re.compile(rf"[ {_SPACES}]{{2,}}|[{_SPACES}]")
#: White space :data:`_WS` replaces even alone.
_ODD_SPACE = re.compile(rf"[{_SPACES}]")

#: Attributes kept in the cleaned HTML.
KEPT_ATTRS = frozenset({"href", "src", "alt", "title", "colspan", "rowspan", "datetime", "lang", "cite"})
VOID_TAGS = frozenset({"br", "hr", "img", "wbr", "col", "area", "base", "input", "meta", "link", "source", "track"})
_PRE_TAGS = frozenset({"pre", "listing", "plaintext", "xmp", "textarea"})
_CELL_TAGS = frozenset({"td", "th"})
_TAG_NAME = re.compile(r"^[a-z][a-z0-9\-]*$")


def normalize_text(text: str) -> str:
    """Collapse whitespace inside lines, strip lines, drop empty lines."""
    # One substitution over the whole text (the pattern never spans a line
    # break), then strip each line: the same result as line by line, with one
    # regex call instead of one per line. (_WS makes each run of its white space
    # one space: without an odd space, that is halving the runs of spaces, at C speed.)
    if _ODD_SPACE.search(text):
        text = _WS.sub(" ", text)
    else:
        while "  " in text:
            text = text.replace("  ", " ")
    return "\n".join(filter(None, map(str.strip, text.split("\n"))))


class Selection:
    """What an extractor kept. Subclasses render it, with :class:`RenderOptions`."""

    def text(self, options: RenderOptions = DEFAULT_RENDER) -> str:  # pragma: no cover - interface
        raise NotImplementedError

    def html(self, options: RenderOptions = DEFAULT_RENDER) -> str:  # pragma: no cover - interface
        raise NotImplementedError

    def markdown(self, options: RenderOptions = DEFAULT_RENDER) -> str:
        return self.text(options)


class BlockSelection(Selection):
    """A list of text blocks (lines or paragraphs) kept in order."""

    __slots__ = ("blocks",)

    def __init__(self, blocks: Sequence[str]) -> None:
        self.blocks = [b for b in (normalize_text(b) for b in blocks) if b]

    def text(self, options: RenderOptions = DEFAULT_RENDER) -> str:
        return "\n".join(self.blocks)

    def html(self, options: RenderOptions = DEFAULT_RENDER) -> str:
        return "".join(f"<p>{escape(b, quote=False)}</p>\n" for b in self.blocks)

    def markdown(self, options: RenderOptions = DEFAULT_RENDER) -> str:
        return "\n\n".join(self.blocks)


class NodeSelection(Selection):
    """The subtree at ``root`` without the subtrees flagged in ``drop``.

    ``drop`` is a bytearray over node numbers (1 = leave this node and its
    subtree out); ``None`` keeps everything. ``excluded`` is the extractor's
    own mask of never-content nodes (default: the document's invisible and
    removed nodes). ``drop_pieces`` names single text pieces to leave out,
    as ``(node, is_tail)`` pairs.
    """

    __slots__ = ("doc", "root", "drop", "excluded", "drop_pieces", "_text")

    def __init__(self, doc: Document, root: int | None = None, drop: bytearray | None = None, *,
                 excluded: bytearray | None = None, drop_pieces: set[tuple[int, bool]] | None = None) -> None:
        self.doc = doc
        self.root = doc.body if root is None else root
        self.drop = drop
        self.excluded = excluded
        self.drop_pieces = drop_pieces or None
        self._text: str | None = None

    def without(self, nodes: Collection[int]) -> NodeSelection:
        """This selection with the subtrees at ``nodes`` left out too (itself when ``nodes`` is empty)."""
        if not nodes:
            return self
        drop = bytearray(len(self.doc)) if self.drop is None else bytearray(self.drop)
        for i in nodes:
            drop[i] = 1
        return NodeSelection(self.doc, self.root, drop, excluded=self.excluded, drop_pieces=self.drop_pieces)

    def skip_mask(self, options: RenderOptions = DEFAULT_RENDER, *, images: bool = True) -> bytearray:
        """1 for every node left out (the subtrees under it are left out too):
        the dropped ones, and tables or images when ``options`` leave them out."""
        excluded = self.excluded if self.excluded is not None else self.doc.measures.excluded
        mask = excluded if self.drop is None else union_mask(excluded, self.drop)
        gone = set()
        if not options.tables:
            gone.add("table")
        if images and not options.images:
            gone |= _IMAGE_TAGS
        if gone:
            mask = union_mask(mask, self.doc.subtree_mask(
                i for i, t in enumerate(self.doc.tags) if t in gone and i >= self.root))
        return mask

    def text(self, options: RenderOptions = DEFAULT_RENDER) -> str:
        if self.doc.is_empty:
            return ""
        if options.tables:
            if self._text is None:
                self._text = _render_text(self.doc, self.root, self.skip_mask(), self.drop_pieces)
            return self._text
        return _render_text(self.doc, self.root, self.skip_mask(options, images=False), self.drop_pieces)

    def html(self, options: RenderOptions = DEFAULT_RENDER) -> str:
        if self.doc.is_empty:
            return ""
        unwrap = (frozenset() if options.links else frozenset({"a"})) | (
            frozenset() if options.formatting else FORMATTING_TAGS)
        return _render_html(self.doc, self.root, self.skip_mask(options), self.drop_pieces, unwrap)

    def markdown(self, options: RenderOptions = DEFAULT_RENDER) -> str:
        """The kept subtree as Markdown (headings, lists, tables, code, quotes, links)."""
        if self.doc.is_empty:
            return ""
        from ._markdown import render_markdown

        texts, tails = _pieces(self.doc, self.drop_pieces)
        return render_markdown(self.doc, self.root, self.skip_mask(options), texts, tails,
                               links=options.links, formatting=options.formatting)


def kept_mask(doc: Document, root: int, skip: bytearray) -> bytearray:
    """1 for every node rendered by a selection of ``root`` without ``skip``."""
    kept = bytearray(len(doc))
    end = doc.end
    i, stop = root, end[root]
    k = 0
    while i < stop:
        k += 1
        if not k & CHECK_EVERY:
            check_deadline()
        # Every node up to the next skipped one is kept; that one's subtree is not.
        j = skip.find(1, i, stop)
        if j < 0:
            j = stop
        kept[i:j] = b"\x01" * (j - i)
        i = end[j] if j < stop else stop
    return kept


def _pieces(doc: Document, drop_pieces: set[tuple[int, bool]] | None) -> tuple[list, list]:
    if not drop_pieces:
        return doc.texts, doc.tails
    texts, tails = list(doc.texts), list(doc.tails)
    for i, is_tail in drop_pieces:
        (tails if is_tail else texts)[i] = None
    return texts, tails


def _render_text(doc: Document, root: int, skip: bytearray, drop_pieces=None) -> str:
    """Text of the kept subtree, a newline at each block boundary.

    Whitespace inside ``<pre>`` is kept as is; elsewhere it collapses.
    The walk of :func:`~scrapy_webclean._walk.walk_kept`, written out (no
    call per node: this runs on every page).
    """
    tags, end = doc.tags, doc.end
    texts, tails = _pieces(doc, drop_pieces)
    out: list[str] = []
    add = out.append
    pre_depth = 0
    stack: list[int] = []
    push, pop = stack.append, stack.pop
    blocks, pre_tags, cells = BLOCK_TAGS, _PRE_TAGS, _CELL_TAGS
    inline = _inline
    i, stop = root, end[root]
    while True:
        while stack and end[stack[-1]] <= i:
            j = pop()  # the subtree of j is done: its end, then its tail
            t = tags[j]
            if t in pre_tags:
                pre_depth -= 1
                add("\x00PRE_END\x00")
            if t in blocks:
                add("\n")
            elif t in cells:
                add("\t")
            s = tails[j]
            if s and j != root:
                add(s if pre_depth else inline(s))
        if i >= stop:
            break
        if not i & CHECK_EVERY:
            check_deadline()
        if skip[i]:  # left out, its tail (its parent's text) kept
            s = tails[i]
            if s and i != root:
                add(s if pre_depth else inline(s))
            i = end[i]
            continue
        t = tags[i]
        if t in blocks:  # <br> among them
            add("\n")
        if t in pre_tags:
            pre_depth += 1
            add("\x00PRE_START\x00")
        s = texts[i]
        if s:
            add(s if pre_depth else inline(s))
        push(i)
        i += 1
    return _finish_text("".join(out))


def _inline(s: str) -> str:
    """``s`` with each run of white space as one space. (A printable string
    holds no white space but the ASCII space: every other is a control or
    separator character.)"""
    if s.isprintable() and "  " not in s:
        return s
    if s.isspace():  # the white space between tags, most often
        return " "
    # Words joined by one space (at C speed), a space kept at either end where there was white space.
    return (" " if s[0].isspace() else "") + " ".join(s.split()) + (" " if s[-1].isspace() else "")


def _finish_text(raw: str) -> str:
    if "\x00PRE_START\x00" not in raw:
        return normalize_text(raw)
    parts = re.split(r"\x00PRE_(START|END)\x00", raw)
    # parts: text, marker, text, marker, ... ; track nesting to know pre regions.
    pieces: list[str] = []
    depth = 0
    for k, part in enumerate(parts):
        if k % 2 == 1:
            depth += 1 if part == "START" else -1
            continue
        if depth > 0:
            block = part.strip("\n")
            if block.strip():
                pieces.append("\n" + "\n".join(line.rstrip() for line in block.split("\n")) + "\n")
        else:
            pieces.append(normalize_text(part) and "\n" + normalize_text(part) + "\n")
    text = "".join(pieces)
    return "\n".join(line for line in text.split("\n") if line.strip()).strip("\n")


def _render_html(doc: Document, root: int, skip: bytearray, drop_pieces=None,
                 unwrap: frozenset[str] = frozenset()) -> str:
    tags = doc.tags
    texts, tails = _pieces(doc, drop_pieces)
    out: list[str] = []
    add = out.append

    def tail(j: int) -> None:
        if j != root and tails[j]:
            add(escape(tails[j], quote=False))

    def enter(i: int) -> None:
        t = tags[i]
        if t not in unwrap and _TAG_NAME.match(t):
            attrs = doc.attrs(i)
            kept = "".join(
                f' {k}="{escape(v[:2000], quote=True)}"' for k, v in attrs.items() if k in KEPT_ATTRS
            ) if attrs else ""
            add(f"<{t}{kept}>")
        if texts[i]:
            add(escape(texts[i], quote=False))

    def leave(j: int) -> None:
        t = tags[j]
        if t not in VOID_TAGS and t not in unwrap and _TAG_NAME.match(t):
            add(f"</{t}>")
        tail(j)

    walk_kept(doc, root, skip, enter, leave, tail)
    return "".join(out)
