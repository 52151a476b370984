"""Markdown for what an extractor kept.

Renders a kept subtree (a :class:`~scrapy_webclean._render.NodeSelection`)
as CommonMark with GitHub tables: headings, paragraphs, nested lists,
tables (a list inside a cell joins its items with ``; ``), fenced code
blocks with their whitespace, block quotes, links, emphasis, inline code
and images. One iterative walk over the node arrays; the tree is only read.
"""

from __future__ import annotations

import re

from ._document import BLOCK_TAGS, Document, walk_kept

__all__ = ["render_markdown"]

_WS = re.compile(r"[ \t\r\n\f\v\u00a0\u2000-\u200b\u3000\ufeff]+")
#: Characters that would turn plain text into Markdown syntax.
_ESCAPE = re.compile(r"([\\`*\[\]])")
_LINE_START = re.compile(r"^(\s*)([#>+\-]|\d+[.)])(?=\s)")
_HEADINGS = {"h1": 1, "h2": 2, "h3": 3, "h4": 4, "h5": 5, "h6": 6}
_PRE_TAGS = frozenset({"pre", "listing", "plaintext", "xmp"})
_EMPHASIS = {"strong": "**", "b": "**", "em": "*", "i": "*"}
_CELL_TAGS = frozenset({"td", "th"})
_SAFE_URL = re.compile(r"^(?:https?:|mailto:|/|#|\.|[^:]*$)", re.IGNORECASE)


def _escape(text: str) -> str:
    return _ESCAPE.sub(r"\\\1", text)


class _Writer:
    """Accumulates inline text and emits Markdown blocks with the right prefixes."""

    def __init__(self) -> None:
        self.out: list[str] = []
        self.inline: list[str] = []
        self.quote = 0                 # block quote depth
        self.lists: list[list] = []    # [ordered, counter] per open list
        self.bullet: str | None = None  # marker waiting for the next line of a list item
        self.table: list[list[str]] | None = None
        self.cell: list[str] | None = None
        self.prev_list = False
        self.prev_quote = 0

    # -- inline ---------------------------------------------------------------
    def text(self, s: str) -> None:
        if s:
            (self.cell if self.cell is not None else self.inline).append(_escape(_WS.sub(" ", s)))

    def raw(self, s: str) -> None:
        (self.cell if self.cell is not None else self.inline).append(s)

    def close_mark(self, opener: str, closer: str) -> None:
        """Close an inline mark; a mark around nothing is taken back instead."""
        buf = self.cell if self.cell is not None else self.inline
        if buf and buf[-1] == opener:
            buf.pop()
        elif len(buf) >= 2 and buf[-2] == opener and not buf[-1].strip():
            del buf[-2]
        elif buf and buf[-1].endswith(" "):  # "**bold **" is not bold: close before the space
            buf[-1] = buf[-1].rstrip(" ")
            buf.append(closer + " ")
        else:
            buf.append(closer)

    # -- blocks ---------------------------------------------------------------
    def prefix(self, first: bool) -> str:
        indent = ""
        if self.lists:
            depth = len(self.lists) - 1
            indent = "   " * depth
            if first and self.bullet is not None:
                indent += self.bullet
                self.bullet = None
            else:
                indent += "   "
        return "> " * self.quote + indent

    def flush(self) -> None:
        if self.cell is not None:
            if self.cell and not self.cell[-1].endswith(" "):
                self.cell.append(" ")
            return
        line = "".join(self.inline).strip()
        self.inline = []
        if not line:
            return
        line = _LINE_START.sub(r"\1\\\2", line)
        self.block([line])

    def block(self, lines: list[str]) -> None:
        first = self.prefix(True)
        rest = self.prefix(False) if len(lines) > 1 else ""
        out = [first + lines[0]] + [(rest + ln) if ln else rest.rstrip() for ln in lines[1:]]
        in_list = bool(self.lists)
        if self.out and not (in_list and self.prev_list):  # list items stay tight
            self.out.append(("> " * min(self.quote, self.prev_quote)).rstrip())
        self.prev_list = in_list
        self.prev_quote = self.quote
        self.out.extend(out)

    def heading(self, level: int) -> None:
        line = "".join(self.inline).strip()
        self.inline = []
        if line:
            self.block(["#" * level + " " + line])

    def finish(self) -> str:
        self.flush()
        text = "\n".join(self.out)
        text = re.sub(r"\n{3,}", "\n\n", text)
        return text.strip("\n")


def render_markdown(doc: Document, root: int, skip: bytearray, texts: list, tails: list, *,
                    links: bool = True, formatting: bool = True) -> str:
    """Markdown of the subtree at ``root`` without the nodes flagged in ``skip``.

    ``texts``/``tails`` are the document's text pieces (with any dropped
    pieces already blanked). ``links``/``formatting`` off: links and
    emphasis or inline code are written as their plain text.
    """
    walk = _MarkdownWalk(doc, root, texts, tails, links, formatting)
    walk_kept(doc, root, skip, walk.enter, walk.leave, walk.tail)
    return _tidy(walk.w.finish())


class _MarkdownWalk:
    """The state of one walk of :func:`render_markdown`: enter, leave and
    tail are :func:`~scrapy_webclean._document.walk_kept`'s callbacks."""

    def __init__(self, doc: Document, root: int, texts: list, tails: list, links: bool, formatting: bool) -> None:
        self.doc, self.root, self.texts, self.tails = doc, root, texts, tails
        self.links, self.formatting = links, formatting
        self.tags = doc.tags
        self.w = _Writer()
        self.pre: list[str] | None = None
        self.code_depth = 0
        self.table_depth = 0
        self.hrefs: dict[int, str] = {}

    def add(self, s: str | None) -> None:
        if not s:
            return
        if self.pre is not None:
            self.pre.append(s)
        elif self.code_depth:
            self.w.raw(_WS.sub(" ", s).replace("`", "'"))
        else:
            self.w.text(s)

    def open_(self, i: int) -> None:
        t = self.tags[i]
        w = self.w
        if self.pre is not None:
            return
        if t in _PRE_TAGS:
            w.flush()
            self.pre = []
            return
        if t == "table":
            self.table_depth += 1
            if self.table_depth == 1:
                w.flush()
                w.table = []
            return
        if self.table_depth == 1:
            if t == "tr":
                assert w.table is not None  # set by the <table> that holds this row
                w.table.append([])
                return
            if t in _CELL_TAGS:
                w.cell = []
                return
        if t == "br":
            if w.cell is not None:
                w.cell.append(" ")
            else:
                w.raw("  \n" if w.inline else "")
            return
        if t == "code" and self.formatting:
            self.code_depth += 1
            if self.code_depth == 1:
                w.raw("`")
            return
        if t in _EMPHASIS and not self.code_depth:
            if self.formatting:
                w.raw(_EMPHASIS[t])
            return
        if t == "a" and not self.code_depth:
            href = self.doc.nodes[i].get("href")
            if self.links and href and _SAFE_URL.match(href.strip()):
                self.hrefs[i] = href.strip().replace(" ", "%20").replace(")", "%29")
                w.raw("[")
            return
        if t == "img":
            el = self.doc.nodes[i]
            src = el.get("src") or el.get("data-src") or el.get("data-lazy-src")
            if src and not src.startswith("data:") and w.cell is None:
                w.raw(f"![{_escape(_WS.sub(' ', el.get('alt') or '')).strip()}]({src.strip().replace(' ', '%20')})")
            return
        if self.table_depth:
            if t in BLOCK_TAGS and w.cell is not None and w.cell and not w.cell[-1].endswith(" "):
                w.cell.append("; " if t == "li" else " ")
            return
        if t == "blockquote":
            w.flush()
            w.quote += 1
        elif t in ("ul", "ol", "menu", "dir"):
            w.flush()
            w.lists.append([t == "ol", 0])
        elif t == "li":
            w.flush()
            if w.lists:
                lst = w.lists[-1]
                lst[1] += 1
                w.bullet = f"{lst[1]}. " if lst[0] else "-  "
            else:
                w.bullet = None
        elif t in _HEADINGS or t in BLOCK_TAGS:
            w.flush()

    def close(self, j: int) -> None:
        t = self.tags[j]
        w = self.w
        if self.pre is not None:
            if t in _PRE_TAGS:
                body = "".join(self.pre).strip("\n")
                self.pre = None
                if body.strip():
                    fence = "````" if "```" in body else "```"
                    w.block([fence] + [ln.rstrip() for ln in body.split("\n")] + [fence])
            return
        if t == "table":
            self.table_depth -= 1
            if self.table_depth == 0 and w.table is not None:
                rows, w.table, w.cell = w.table, None, None
                _emit_table(w, rows)
            return
        if self.table_depth == 1:
            if t in _CELL_TAGS and w.cell is not None:
                cell = "".join(w.cell).strip().rstrip(";").strip().replace("|", "\\|")
                if w.table:
                    w.table[-1].append(cell)
                w.cell = None
                return
            if t == "tr":
                return
        if t == "code" and self.code_depth:
            self.code_depth -= 1
            if self.code_depth == 0:
                w.raw("`")
            return
        if t in _EMPHASIS and not self.code_depth:
            if self.formatting:
                w.close_mark(_EMPHASIS[t], _EMPHASIS[t])
            return
        if t == "a" and j in self.hrefs:
            w.close_mark("[", f"]({self.hrefs.pop(j)})")
            return
        if self.table_depth:
            return
        if t in _HEADINGS:
            w.heading(_HEADINGS[t])
        elif t == "blockquote":
            w.flush()
            w.quote = max(0, w.quote - 1)
        elif t in ("ul", "ol", "menu", "dir"):
            w.flush()
            if w.lists:
                w.lists.pop()
            w.bullet = None
            if not w.lists:
                w.prev_list = False  # the next list is a new list
        elif t in BLOCK_TAGS:
            w.flush()

    def tail(self, j: int) -> None:
        if j != self.root:
            self.add(self.tails[j])

    def enter(self, i: int) -> None:
        self.open_(i)
        self.add(self.texts[i])

    def leave(self, j: int) -> None:
        self.close(j)
        self.tail(j)


def _emit_table(w: _Writer, rows: list[list[str]]) -> None:
    rows = [r for r in rows if any(c for c in r)]
    if not rows:
        return
    width = max(len(r) for r in rows)
    if width == 1:  # a one-column layout table: its cells are paragraphs
        for r in rows:
            if r[0]:
                w.block([r[0]])
        return
    lines = []
    for k, r in enumerate(rows):
        cells = r + [""] * (width - len(r))
        lines.append("| " + " | ".join(cells) + " |")
        if k == 0:
            lines.append("|" + "---|" * width)
    w.block(lines)


def _tidy(text: str) -> str:
    return "\n".join(line.rstrip() if not line.endswith("  ") else line for line in text.split("\n"))
