"""Pass 1 of ``auto``'s block pick (see :mod:`._auto_select`): one
preorder walk that marks, per element, what is dead (out of view, furniture
by tag, hidden, a dialog), named as furniture, inside a link, and which
block owns its text (:func:`_mark`, its result a :class:`_Marks`)."""

from __future__ import annotations

import re
from itertools import compress
from typing import Any, NamedTuple

from .._deadline import CHECK_EVERY, check_deadline
from .._document import HIDDEN_STYLE, UNREAD, Document, Measures
from .._parse import _CODE_TAGS as _SCRIPT_TAGS, DIALOG_ROLES
from .._walk import holding, tag_positions, tag_positions_of
from ._auto_forms import login_boxes
from ._auto_words import (_BLOCKS, _BOX_TAGS, _CODE_TAGS, _ELLIPSES, _FURNITURE_TAGS, _MAIN_REGION,
                          _NEVER_FURNITURE, BOX_TAG, _furniture_name, _is_slug, _names_body)

#: How a page's source spells role="main" (lxml gives attribute values as written).
_ROLE_MAIN = ('role="main"', "role='main'", "role=main")


#: Class names of a blog entry's content in the microformats (hAtom ``entry-content``, h-entry ``e-content``).
_ENTRY_CONTENT = frozenset({"entry-content", "e-content"})
#: "-content" in any ASCII case: the start of each place the source may spell an entry's content class (an
#: "e" or "entry" before it; see :meth:`_Spelled.entries`). A literal first character keeps the search at C speed.
_DASH_CONTENT = re.compile(r"-[cC][oO][nN][tT][eE][nN][tT]")


#: A class naming an element shown in print only ("printonly", "print-only", Bootstrap's "visible-print-block",
#: Foundation's "show-for-print"; Bootstrap 4's "d-print-block" with "d-none": see :func:`_print_only`), in
#: lower case as style sheets write them (class names match case-sensitively).
_PRINT_ONLY = re.compile(r"(?:^|[\s_-])print[-_]?only(?:$|[\s_-])|(?:^|\s)(?:visible-print\S*|show-for-print)(?:$|\s)")


def _print_only(cls: str) -> bool:
    """Whether a class names an element shown only when the page is printed: out of view on screen."""
    return _PRINT_ONLY.search(cls) is not None or ("d-print-" in cls and "d-none" in cls.split())


class _Marks(NamedTuple):
    """What pass 1 (preorder) marks, per element (arrays of ``len(doc)``)
    and for the page."""

    dead: bytearray       # out of view, furniture by tag, hidden, a dialog, or inside one of those
    # 1: furniture by name, 2: a comment thread by name, 3 (BOX_TAG): a <nav> or <aside>. A subtree
    # named so is measured like the rest but its value stays out of its ancestors', unless it turns
    # out to hold most of the page's prose (a wrapper called "l-sidebar-fixed"; a story in a box
    # tag: see _auto_rescue._rescue).
    named: bytearray
    inlink: bytearray     # inside an <a>
    owner: list[int]      # the block whose inline text the element's is
    anchors: list[int]    # <a> elements a block owns
    truncated: bytearray  # the block's text ends in an ellipsis (a cut summary)
    main_marks: list[int]  # <main> and <h1> elements in view
    declared: int  # the article body marked up: the first schema.org articleBody, else the one entry's content
    landmark: int  # the first <main> or role="main" in view: the page's declared main content
    hidden: int    # characters hidden styles left out


def _mark(doc: Document, m: Measures, unhide: bool) -> _Marks:
    """Pass 1 (preorder): dead subtrees, furniture names, link membership,
    block owners, the landmark and the declared body (see :class:`_Marks`)."""
    n = len(doc)
    tags, parent, nodes, excluded, end = doc.tags, doc.parent, doc.nodes, m.excluded, doc.end
    dead, named, inlink, truncated = bytearray(n), bytearray(n), bytearray(n), bytearray(n)
    # Inside <main> or <article>: read at the parents of the nodes the walk reaches, which it reached too.
    in_main = doc.subtree_mask(tag_positions_of(doc, _MAIN_REGION))
    owner, anchors = [0] * n, [0] * n
    main_marks, entries = list[int](), list[int]()  # entries: elements holding an entry's content
    named_bodies = list[int]()  # elements named as an article's body (outermost), while none is declared
    declared, landmark, hidden = -1, -1, 0
    spelled = _Spelled(doc.source or "")
    # Inside code, class names are a highlighter's ("hljs-comment", Prism "token comment"), never furniture.
    in_code = bytearray(n) if "pre" in tags or "code" in tags else None
    body, text_len = doc.body, m.text_len
    reads, more = doc.class_id_style_reads()  # (what Document.class_id_style read, filled in as it reads)
    class_id_style = doc.class_id_style
    cuts = _may_cut(doc, excluded)  # the ellipsis checks, where a text may end in one
    logins = set(login_boxes(doc))  # whatever their names and styles: dead
    i = 0
    while i < n:  # a dead element's subtree is dead, and skipped
        if not i & CHECK_EVERY:
            check_deadline()
        p = parent[i]
        t = tags[i]
        if excluded[i] or not t or i in logins:
            i = _dead(dead, i, end[i])
            continue
        if in_code is not None and (t in _CODE_TAGS or (p >= 0 and in_code[p])):
            in_code[i] = 1
        if i > body:
            if t in _FURNITURE_TAGS:
                i = _dead(dead, i, end[i])
                continue
            read = reads[i]  # read once per page (the propagation pick reads them too)
            if read is UNREAD:
                read = class_id_style(i)
            if read is not None:
                cls, ident, style = read
                others = more[i]  # role, aria-*, itemprop... (read below); 2: hidden (Document.attribute_hidden)
                if not unhide and (style and HIDDEN_STYLE.search(style) or others == 2
                                   or cls and "rint" in cls and _print_only(cls)):
                    hidden += text_len[i]
                    i = _dead(dead, i, end[i])
                    continue
                if others:
                    said = _said(nodes[i], spelled, landmark < 0, declared < 0)
                    if said < 0:  # a dialog
                        i = _dead(dead, i, end[i])
                        continue
                    landmark, declared = (i if said & 1 else landmark), (i if said & 2 else declared)
                # ("-c" or "-C": no other character lowers to "-" or "c"; the source is searched last.)
                if cls and ("-c" in cls or "-C" in cls) and not _ENTRY_CONTENT.isdisjoint(cls.lower().split()) \
                        and spelled.entries():
                    entries.append(i)
                elif declared < 0 and _names_body(cls, ident) and not (named_bodies and i < end[named_bodies[-1]]):
                    named_bodies.append(i)
                if ident and _is_slug(ident):
                    ident = None  # an anchor made from a heading's words, not a component's name
                names = f"{cls} {ident}" if cls and ident else (cls or ident)
                if names and t not in _NEVER_FURNITURE and not (in_code is not None and in_code[i]):
                    named[i] = _furniture_name(names, bool(in_main[p]))
            if t in _BOX_TAGS and named[i] != 2:
                named[i] = BOX_TAG  # (whatever its names: a nav named "nav" is no layout wrapper)
        inlink[i] = 1 if (t == "a" or (p >= 0 and inlink[p])) else 0
        if t == "main" or t == "h1":
            main_marks.append(i)
            if t == "main" and landmark < 0 and i > body:
                landmark = i
        o = owner[i] = i if (t in _BLOCKS or p < 0) else owner[p]
        if t == "a":
            anchors[o] += 1
        i += 1
    if cuts:
        _cut_summaries(doc, dead, owner, truncated)
    declared = _declared(parent, named, declared, entries, named_bodies)
    return _Marks(dead, named, inlink, owner, anchors, truncated, main_marks, declared, landmark, hidden)


def _declared(parent: list[int], named: bytearray, declared: int, entries: list[int], bodies: list[int]) -> int:
    """The page's declared article body: its schema.org ``articleBody`` (``declared``), else its one
    entry's content (``entries``: a post's page; a blog's front page has many), else its one element
    named as an article's body (``bodies``) outside furniture (a comment's "entry-body"); -1 for none."""
    if declared >= 0 or entries:
        return declared if declared >= 0 or len(entries) > 1 else entries[0]
    bodies = [b for b in bodies if not _in_furniture(parent, named, b)]
    return bodies[0] if len(bodies) == 1 else -1


def _in_furniture(parent: list[int], named: bytearray, i: int) -> bool:
    """Whether an ancestor of ``i`` is named as furniture (a comment's "entry-body" in a thread)."""
    i = parent[i]
    while i >= 0:
        if named[i]:
            return True
        i = parent[i]
    return False


def _said(el: Any, spelled: _Spelled, main: bool, body: bool) -> int:
    """What the attributes of an element with attributes besides its class, id and style say: -1 that
    it is a dialog (a consent manager, sign-up, log-in or "email this story" box opens over the page:
    never its content, like <dialog>); else 1 when it is the main landmark (role="main", looked for
    while ``main``), plus 2 when it is the declared article body (looked for while ``body``)."""
    role = el.get(b"role")  # (byte keys: lxml need not encode them on each read)
    if (el.get(b"aria-modal") == "true" or role in DIALOG_ROLES) and spelled.dialogs():
        return -1
    return ((1 if main and role == "main" and spelled.role_main() else 0)
            + (2 if body and (el.get(b"itemprop") == "articleBody" or el.get(b"property") == "articleBody") else 0))


def _cut_summaries(doc: Document, dead: bytearray, owner: list[int], truncated: bytearray) -> None:
    """Mark in ``truncated`` the blocks (``owner``) whose live text or tail ends in an ellipsis."""
    parent, texts, tails = doc.parent, doc.texts, doc.tails
    # (Each of _ELLIPSES holds one of _DOTS: the live pieces only, found at C speed, and of them those holding one.)
    live = list(compress(range(len(dead)), dead.translate(_LIVE)))
    for k in holding([texts[i] for i in live], _DOTS):
        i = live[k]
        if (texts[i] or "").rstrip().endswith(_ELLIPSES):
            truncated[owner[i]] = 1
    for k in holding([tails[i] for i in live], _DOTS):
        i = live[k]
        p = parent[i]
        if p >= 0 and (tails[i] or "").rstrip().endswith(_ELLIPSES):
            truncated[owner[p]] = 1


#: ``bytes.translate`` table of a mask's complement: 1 for 0, 0 for any other byte.
_LIVE = bytes([1]) + bytes(255)


#: The ellipsis marks themselves (of _ELLIPSES, those not in brackets).
_DOTS = tuple(e for e in _ELLIPSES if not e.startswith("["))


def _may_cut(doc: Document, excluded: bytearray) -> bool:
    """Whether a text :func:`_mark` reads may end in an ellipsis: only on a
    page whose texts hold one (the parse looked: see ``Document.ellipsis``),
    scripts and style sheets aside (those when shown)."""
    return doc.ellipsis or any(not excluded[i] for t in _SCRIPT_TAGS for i in tag_positions(doc, t))


def _dead(dead: bytearray, i: int, e: int) -> int:
    """Mark the subtree ``i .. e - 1`` dead; returns ``e``, where the walk goes on."""
    dead[i:e] = b"\x01" * (e - i)
    return e


class _Spelled:
    """Whether the page's source spells a dialog's attributes, a main
    landmark's role, or an entry's content class, as :func:`_mark` reads them (only then are those
    elements taken for what they say): the whole source is looked at (C
    speed) when an element first has them, not on every page."""

    __slots__ = ("source", "_dialogs", "_role_main", "_entries")

    def __init__(self, source: str) -> None:
        self.source = source
        self._dialogs: bool | None = None
        self._role_main: bool | None = None
        self._entries: bool | None = None

    def dialogs(self) -> bool:
        if self._dialogs is None:
            self._dialogs = "aria-modal" in self.source or "dialog" in self.source
        return self._dialogs

    def role_main(self) -> bool:
        if self._role_main is None:
            self._role_main = any(spelling in self.source for spelling in _ROLE_MAIN)
        return self._role_main

    def entries(self) -> bool:
        if self._entries is None:
            self._entries = _spells_entry(self.source)
        return self._entries


def _spells_entry(source: str) -> bool:
    """Whether ``source`` spells "e-content" or "entry-content" in any case."""
    for m in _DASH_CONTENT.finditer(source):
        at = m.start()
        if source[at - 1:at] in ("e", "E") or source[at - 5:at].lower() == "entry":
            return True
    return False
