"""Controls of the page inside a chosen body.

A block whose whole text is the label of a button or widget ("Back to
top", "Click to expand...", "Learn more", "12 likes", "Share"; "Weiterlesen",
"Lire la suite", "Compartir" in other languages) is part of
the page's controls, not its text; so is a short block around a field one
types into (its label: "Name (required)"), and a comment system's messages
beside its form ("Your comment is awaiting moderation.", see
:mod:`._widget_lines`). Whichever pick chose the body (the block pick or the
propagation pick), such blocks are left out of it.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from itertools import compress

from .._deadline import CHECK_EVERY, check_deadline
from .._document import BLOCK_TAGS, Document
from .._render import NodeSelection
from .._walk import subtree_text, tag_positions, tag_positions_of
from ._auto_forms import input_types
from ._auto_words import _BLOCKS, COMMENT_NOUNS, CONTROL_BLOCKS, LABEL_NODES
from ._widget_lines import widget_lines
from ._literals import by_first_letter

__all__ = ["without_controls"]

#: The labels of controls (patterns, matched in any case): a control's whole text is one, arrows and other
#: marks around it aside (not a call, "print()").
_CONTROL_LABELS = (
    "back to top", "click to expand", "learn more", "read more", "continue reading(?: below)?", "advertisements?",
    "sponsored",
    "skip to (?:main )?content", "like this", "(?:like )?loading", rf"\d[\d.,]*[km]? (?:likes?|{COMMENT_NOUNS})",
    "comments",
    "quote", "share(?: this)?", "pin it", "tweet", "print", "email", "(?:no )?trackbacks?(?: pings)?", "pingbacks?",
    "post a comment", "remember (?:me|personal info)", "enlarge this image", r"\d+ of \d+", "now playing", "up next",
    "(?:text|font) size", rf"(?:{COMMENT_NOUNS}|replies) \(\d+\)",
    # A news page's print and mail links ("Printer friendly version", "Email this story to a friend"),
    # a recipe's buttons.
    "print(?: this)? (?:article|story|page|post)", "print(?:er)?[- ]friendly(?: (?:page|version|format))?",
    "e-?mail (?:this )?(?:article|story|page|post)(?: to a friend)?", "e-?mail (?:this )?to a friend",
    "(?:send|refer|recommend|forward)(?: this)?(?: (?:article|story|page|post))? to a friend",
    "(?:print|pin|save|rate|jump to)(?: this| the)? recipe",
    # The same labels in German, French, Spanish, Italian, Portuguese and Dutch (blog software's
    # like button and its loading line among them).
    "nach oben", "weiterlesen", "mehr (?:erfahren|lesen)", "teilen", "drucken", "anzeige", "werbung", "kommentare",
    "(?:artikel|seite|beitrag|rezept) (?:drucken|versenden)", "druckversion", "zum rezept(?: springen)?",
    "imprimer (?:l['’]article|la recette|cette page)", "envoyer à un ami", "version imprimable",
    "imprimir (?:(?:el )?artículo|(?:la )?receta|(?:o )?artigo|(?:a )?receita)", "enviar (?:a un amigo|para um amigo)",
    "stampa (?:l['’]articolo|articolo|(?:la )?ricetta)", "invia (?:a un amico|articolo)",
    "(?:artikel|recept) afdrukken",
    "gefällt mir", "(?:gefällt mir )?wird geladen",
    "retour en haut", "haut de (?:la )?page", "lire la suite", "en savoir plus", "partager", "imprimer", "publicité",
    "commentaires", "(?:j['’]aime )?chargement", "j['’]aime",
    "volver arriba", "leer más", "seguir leyendo", "saber más", "compartir", "imprimir", "publicidad", "comentarios",
    "me gusta", "(?:me gusta )?cargando",
    "torna su", "leggi tutto", "continua a leggere", "scopri di più", "condividi", "stampa", "pubblicità", "commenti",
    "mi piace", "(?:mi piace )?caricamento",
    "voltar ao topo", "leia mais", "ler mais", "continuar lendo", "saiba mais", "compartilhar", "partilhar",
    "publicidade", "comentários", "curtir", "(?:curtir )?carregando",
    "terug naar boven", "lees meer", "verder lezen", "delen", "afdrukken", "advertentie", "reacties", "vind ik leuk",
    "(?:vind ik leuk )?laden", "leggi di più",
    # Chinese pages' buttons: back to top, print and close the window (one or both, "【打印】【关闭】"),
    # the comment links, "click to see more".
    "返回顶部", r"(?:我要)?打印(?:本页|此文|本文)?(?:\W+关闭(?:窗口|本页)?)?", "关闭(?:窗口|本页)?",
    "(?:发表|查看)评论", "网友评论", "点击查看(?:更多)?",
)
#: The labels grouped by first letter (see ``by_first_letter``): a score of branches tried at each line, not
#: every label.
_LABELS = by_first_letter("|".join(_CONTROL_LABELS))
#: The whole text of a control.
_CONTROL = re.compile(rf"^\W*(?:{_LABELS})[^\w(]*$", re.IGNORECASE)
#: The same, as a line of the rendered text (see :func:`_has_control_line`).
_CONTROL_LINE = re.compile(rf"\n\W*(?:{_LABELS})[^\w(]*$", re.IGNORECASE | re.MULTILINE)
#: Where a link that shares the page goes: a network's share or post form (Facebook, X/Twitter, LinkedIn,
#: Pinterest, Reddit, WhatsApp, Telegram, Tumblr, Weibo, Qzone, VK, Xing...), or a mail with the page's
#: address (a ``mailto:`` with no address, only a subject or body). Matched at the link's start: a
#: host, then a path (most links fail at their first characters).
_SHARE_URL = re.compile(
    r"\s*(?:(?:https?:)?//(?:[\w-]+\.)*(?:facebook\.com/(?:sharer|share\.php|dialog/(?:share|feed))"
    r"|(?:twitter|x)\.com/(?:intent/(?:tweet|post)|share\b)|linkedin\.com/(?:shareArticle|sharing/|cws/share)"
    r"|pinterest\.[a-z.]+/pin/create|reddit\.com/submit|api\.whatsapp\.com/send|wa\.me/\?|(?:t|telegram)\.me/share"
    r"|tumblr\.com/(?:share|widgets/share)|service\.weibo\.com/share|sns\.qzone\.qq\.com/cgi-bin/qzshare"
    r"|connect\.qq\.com/widget/shareqq|vk\.com/share\.php|xing\.com/(?:spi/)?share|plus\.google\.com/share"
    r"|digg\.com/submit|getpocket\.com/(?:save|edit)|flipboard\.com/bookmarklet)|whatsapp://send|mailto:\?)",
    re.IGNORECASE)
#: The text a share bar may hold outside its links: its label ("Share this:", "分享到：").
_SHARE_LABEL = 12
#: The most characters a share bar's links hold on average: a network's name or a button's word, not a
#: sentence offered to be posted ("Click to tweet" boxes quote the story).
_SHARE_WORDS = 20
#: Controls are short: blocks over this many non-space characters are not read.
_SHORT = 24
#: Fields a reader types into (a comment form's, a log-in box's): the block around one holds its label, not text.
#: (Not choices: a product's radio buttons and lists are its options.)
_FIELD_TAGS = ("input", "textarea")
_TYPED_INPUTS = frozenset({"", "text", "email", "url", "password", "search", "tel"})
#: How many levels down into an inline neighbour the line test reads (see :func:`_breaks_first`): a
#: bound on its work beside a hostile page's deep nesting, far below any real page's markup.
_NEIGHBOUR_DEPTH = 32
#: Inline elements that are a control when they stand on a line of their own (see :func:`_own_line`).
_INLINE_CONTROLS = frozenset({"a", "button", "span"})


def without_controls(doc: Document, selection: NodeSelection, kept: bytearray) -> NodeSelection:
    """``selection`` without the blocks inside it that are controls (``kept``: the
    nodes it renders, see :func:`~scrapy_webclean._render.kept_mask`)."""
    root = selection.root
    stop = doc.end[root]
    fields = _fields(doc, root, stop)
    drop = widget_lines(doc, selection, kept)  # a comment system's messages: lines, not labels
    drop += share_bars(doc, root, kept)
    if not fields and not _has_control_line(selection.text()):  # every block renders as a line of its own
        return selection.without(drop)
    text_len = doc.measures.text_len
    if fields:
        drop += _labelled_fields(doc, selection, kept, fields)
    # The short kept nodes, picked out at C speed (compress) before any is read.
    short = [i for i in compress(range(root + 1, stop), kept[root + 1:stop]) if 0 < text_len[i] <= _SHORT]
    for k, i in enumerate(short):
        if not k & CHECK_EVERY:
            check_deadline()
        if _is_control(doc, i):
            drop.append(i)  # (a control inside a dropped one changes nothing)
    return selection.without(drop)


def share_bars(doc: Document, root: int, kept: bytearray) -> list[int]:
    """The share bars inside ``root`` (``kept``: the nodes rendered): the outermost elements whose
    links all share the page (:data:`_SHARE_URL`) and hold all their text but a label
    (:data:`_SHARE_LABEL` characters: "Share:"), whatever the links' words and language; blocks
    (not a link inside a line of others), their links' words short (:data:`_SHARE_WORDS`)."""
    end, parent, m = doc.end, doc.parent, doc.measures
    text_len, link_len, link_count = m.text_len, m.link_len, m.link_count
    shares = [a for a in tag_positions(doc, "a", root + 1, end[root])
              if kept[a] and _SHARE_URL.match(doc.nodes[a].get("href") or "") is not None]
    bars: list[int] = []
    top = -1
    for a in shares:
        if top >= 0 and a < end[top]:
            continue  # (under the last element climbed to, whose parent failed: the same bar, or none)
        top, b = a, parent[a]
        while b > root and text_len[b] - link_len[b] <= _SHARE_LABEL \
                and bisect_left(shares, end[b]) - bisect_left(shares, b) == link_count[b]:
            top, b = b, parent[b]
        if text_len[top] and doc.tags[top] in BLOCK_TAGS and link_len[top] <= _SHARE_WORDS * link_count[top]:
            bars.append(top)
    return bars


def _is_control(doc: Document, i: int) -> bool:
    """Whether kept node ``i`` is a control: a block whose whole text is a control's label, or a
    link, button or span with such a text standing on a line of its own."""
    t = doc.tags[i]
    if (t not in CONTROL_BLOCKS and t not in _INLINE_CONTROLS) or doc.end[i] - i > LABEL_NODES:
        return False
    return _CONTROL.match(_shown_text(doc, i)) is not None and (t in CONTROL_BLOCKS or _own_line(doc, _outer(doc, i)))


def _outer(doc: Document, i: int) -> int:
    """The outermost inline element around ``i`` that shows no text but ``i``'s (a ``<font>`` or a
    ``<strong>`` round a "Back to top" link): the line is that element's."""
    parent, tags, end, text_len = doc.parent, doc.tags, doc.end, doc.measures.text_len
    p = parent[i]
    while p >= 0 and tags[p] not in BLOCK_TAGS and text_len[p] == text_len[i] and end[p] - p <= LABEL_NODES:
        i, p = p, parent[p]
    return i


def _shown_text(doc: Document, i: int) -> str:
    """Node ``i``'s text as a reader sees it, white space collapsed (a no-break space is a space): without
    the text of what renders nothing inside it (an icon's ``<svg><title>``), rendered only then."""
    if doc.measures.excluded.find(1, i + 1, doc.end[i]) < 0:
        return " ".join(subtree_text(doc, i).split())
    return " ".join(NodeSelection(doc, i).text().split())


def _own_line(doc: Document, i: int) -> bool:
    """Whether inline element ``i`` renders as a line of its own: a line break (a block, a ``<br>``,
    or one ending or opening an inline neighbour) or the start of its block before it, one or the end
    of its block after it, and only white space between (a "Back to top" link at the end of a section,
    a "Skip to content" link before the page's header). What renders no text is looked past."""
    p = doc.parent[i]
    if p < 0 or (doc.tails[i] or "").strip():
        return False
    return _line_edge(doc, p, i, True) and _line_edge(doc, p, i, False)


def _line_edge(doc: Document, p: int, i: int, before: bool) -> bool:
    """Whether, going from ``i`` sibling by sibling towards the start (``before``) or the end of its
    parent ``p``, a line ends before any text: at a block, a line break or the block ``p``'s edge,
    past white space and elements that render no text (scripts, ``<noscript>``, an icon, an empty
    custom element)."""
    tags, tails = doc.tags, doc.tails
    s = _next_child(doc, p, i, not before)
    while s != p:
        passed = _silent(doc, s)
        if (before or passed) and (tails[s] or "").strip():
            return False  # text between the two (a rendered sibling's tail comes after it)
        if not passed:
            return tags[s] in BLOCK_TAGS or _breaks_first(doc, s, not before)
        s = _next_child(doc, p, s, not before)
    return tags[p] in _BLOCKS and not (before and (doc.texts[p] or "").strip())


def _breaks_first(doc: Document, s: int, start: bool) -> bool:
    """Whether inline element ``s`` (it shows text), read from its start (``start``) or from its end,
    reaches a line break (a block or a ``<br>`` inside it: prose ending in ``<br>``, a custom element
    holding blocks) before any text. One path down, past what renders no text."""
    tags, texts, tails, parent, end = doc.tags, doc.texts, doc.tails, doc.parent, doc.end
    node = s
    for _ in range(_NEIGHBOUR_DEPTH):
        if (start and (texts[node] or "").strip()) or end[node] == node + 1:
            return False  # its own text comes first, or it is all it shows
        c = node + 1 if start else end[node] - 1
        while parent[c] != node:  # (from the end: up from the last descendant to the last child)
            c = parent[c]
        while c != node:
            if not start and (tails[c] or "").strip():
                return False  # text after the child, at the end of ``node``
            if not _silent(doc, c):
                break  # the child that shows something first
            if start and (tails[c] or "").strip():
                return False
            c = _next_child(doc, node, c, start)
        else:
            return False  # nothing but ``node``'s own text
        if tags[c] in BLOCK_TAGS:
            return True
        node = c
    return False  # (a line break nested deeper is not looked for: the control stays)


def _silent(doc: Document, i: int) -> bool:
    """Whether node ``i`` renders no text and no line break: out of view, or no block and no text in it."""
    return bool(doc.measures.excluded[i]) or (not doc.measures.text_len[i] and doc.tags[i] not in BLOCK_TAGS)


def _next_child(doc: Document, node: int, c: int, forward: bool) -> int:
    """The child of ``node`` after (``forward``) or before its child ``c``; ``node`` itself when there is
    none. (Found through the subtree ends, each step as deep as the page: no list of children.)"""
    parent, end = doc.parent, doc.end
    if forward:
        return end[c] if end[c] < end[node] else node
    c -= 1
    while c != node and parent[c] != node:
        c = parent[c]
    return c


def _has_control_line(text: str) -> bool:
    """Whether a line of ``text`` is a control's whole text: a page whose text has none is not walked.
    The pattern starts at a line break (found at C speed), so one is put before the first line."""
    return _CONTROL_LINE.search("\n" + text) is not None


def _fields(doc: Document, root: int, stop: int) -> list[int]:
    """The fields a reader types into under ``root``."""
    tags, types = doc.tags, input_types(doc)
    out = tag_positions_of(doc, _FIELD_TAGS, root + 1, stop)
    return [i for i in out if tags[i] != "input" or types[i] in _TYPED_INPUTS]


def _labelled_fields(doc: Document, selection: NodeSelection, kept: bytearray, fields: list[int]) -> list[int]:
    """The short blocks that hold a form field (its label: "Name (required)", "Website", "URL:")."""
    tags, parent, text_len, root = doc.tags, doc.parent, doc.measures.text_len, selection.root
    out: list[int] = []
    for f in fields:
        b = parent[f]
        while b > root and tags[b] not in _BLOCKS:
            b = parent[b]
        if b > root and kept[b] and tags[b] in CONTROL_BLOCKS and text_len[b] <= _SHORT:
            out.append(b)
    return out
