"""A comment system's own lines inside a chosen body: controls of the page
(:mod:`._controls` leaves them out with the rest).

Blog software prints the messages of its comment form beside the form, and
hides them with its style sheet until a script shows one: "This is only a
preview. Your comment has not yet been posted.", "Your comment could not be
posted.", "Comments are moderated and will not appear until approved", "You
can follow this conversation by subscribing to the comment feed". Read without
the style sheet they are lines of text under the story. On a page with a
comment form (a ``<textarea>``), a block whose whole text is no longer than a
few such lines and holds one of their phrases is one. The pick itself does not
read them: a short post keeps what it was worth beside its comment form.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from itertools import compress

from .._deadline import CHECK_EVERY, check_deadline
from .._document import BLOCK_TAGS, Document
from .._render import NodeSelection
from .._tags import HEADINGS as _HEADINGS
from .._walk import subtree_text, subtree_texts, tag_positions, tag_positions_of
from ._auto_threads import label_piece
from ._auto_words import CONTROL_BLOCKS, LABEL_NODES

__all__ = ["comment_form_line", "widget_lines"]

#: A comment system's status messages, its rules and its feed (in English; its form's lines in six more
#: languages too). Its messages open the block or a sentence of it ("This is only a preview. Your comment has
#: not yet been posted."), not a sentence of news that reports one ("The paper said comments are closed on
#: the story."); its feed is offered whatever comes first.
_WIDGET_PHRASE = re.compile(
    r"(?:^|[.!?:;|•·»–—…\])›])\W*(?:your comment (?:has(?: not)?(?: yet)? been|could not be|is awaiting|is (?:being )?"
    r"held|will (?:not )?appear)|post another comment\b|comments (?:are|have been) (?:now )?(?:closed|moderated|"
    r"disabled)\b|(?:your )?e-?mail address will not be published\b|required fields are marked\b|notify me of "
    r"(?:new|follow-?up)\b|save my name, e-?mail\b|"
    # The same lines of blog software's comment form in German, French, Spanish, Italian, Portuguese and Dutch.
    r"(?:deine|ihre) e-?mail-?adresse wird nicht veröffentlicht|erforderliche felder sind mit\b|"
    r"(?:dein|ihr) kommentar (?:muss noch freigegeben|wartet auf)|benachrichtige mich über\b|"
    r"votre adresse (?:e-?mail|de messagerie) ne sera pas publiée|les champs obligatoires sont indiqués\b|"
    r"votre commentaire est en attente\b|"
    r"tu (?:dirección de )?correo electrónico no será publicad[oa]|los campos obligatorios están marcados\b|"
    r"tu comentario está (?:pendiente|esperando)\b|"
    r"il tuo indirizzo e-?mail non sarà pubblicato|i campi obbligatori sono contrassegnati\b|"
    r"il tuo commento è in attesa\b|"
    r"o seu endereço de e-?mail não será publicado|(?:os )?campos obrigatórios são marcados\b|"
    r"(?:o )?seu comentário (?:aguarda|está aguardando)\b|"
    r"je e-?mailadres wordt niet gepubliceerd|vereiste velden zijn gemarkeerd\b|je reactie wacht op\b)"
    r"|\bsubscrib\w* to (?:the |this )?comment feed\b|\bcomment feed for this (?:post|entry)\b"
    r"|\b(?:post|entry)['’]s comment feed\b",
    re.IGNORECASE)
#: Pieces of ASCII (lower case), one of which every match of _WIDGET_PHRASE holds: looked for first in the
#: body's UTF-8 bytes, at C speed (a search of the pattern over a whole body costs more than the rest of this
#: step, and most bodies hold none of them).
_KEYWORDS = tuple(k.encode() for k in (
    "omment", "coment", "not be published", "ffentlicht", "pas publi", "publicad", "pubblicato", "gepubliceerd",
    "fields are marked", "felder sind", "bligato", "bbligatori", "brigat", "velden zijn", "notify me",
    "save my name", "benachrichtige", "reactie wacht"))
#: The longest block read as such lines, in characters other than white space.
_LONGEST = 300
#: The longest line of a body's text such a block renders as (its white space too), in UTF-8 bytes.
_LINE = 4 * _LONGEST
#: The longest thread label, in visible characters other than white space (``label_piece`` reads up to 120
#: characters; a heading with more is none).
_LABEL_CHARS = 120


#: A comment system's notice that its comments are closed, a block's whole text, its white space collapsed (in
#: English, German, French, Spanish, Italian, Portuguese and Dutch): on any page, as its form is gone with them.
_CLOSED = re.compile(
    r"\W*(?:(?:the )?comments? (?:to|for|on) this (?:entry|post|article|story|page) (?:are|is) (?:now )?closed|"
    r"(?:the )?comments? (?:are|is) (?:now )?closed(?: (?:for|on) this (?:entry|post|article|story|page))?|"
    r"(?:sorry, )?the comment form is closed(?: at this time)?|comments? (?:have been|are) (?:disabled|turned off)"
    r"(?: (?:for|on) this \w+)?|commenting (?:is|has been) (?:now )?(?:closed|disabled)(?: (?:for|on) this \w+)?|"
    r"(?:die )?kommentare sind geschlossen|les commentaires sont fermés|los comentarios están cerrados|"
    r"i commenti sono chiusi|(?:os )?comentários (?:estão )?encerrados|reacties zijn gesloten)\W*",
    re.IGNORECASE)
#: The same, as a line of a body's text.
_CLOSED_LINE = re.compile(rf"^(?:{_CLOSED.pattern})$", re.IGNORECASE | re.MULTILINE)
#: Words one of which every closed notice holds (lower case), looked for before the pattern.
_CLOSED_WORDS = ("closed", "disabled", "turned off", "geschlossen", "fermés", "cerrados", "chiusi", "encerrados",
                 "gesloten")


def widget_lines(doc: Document, selection: NodeSelection, kept: bytearray) -> list[int]:
    """The blocks inside ``selection`` that are a comment system's lines (``kept``: the nodes it renders,
    see :func:`~scrapy_webclean._render.kept_mask`): on a page with a comment form, those holding one
    of its phrases; on any page, a notice that comments are closed."""
    root = selection.root
    stop = doc.end[root]
    labels = orphan_labels(doc, root, kept)
    text = selection.text()
    form = comment_form_line(doc, text)
    if not form and not _closed_in(text):
        return labels  # (no comment form on the page, or none of its lines in the body: nothing is walked)
    tags, end, text_len = doc.tags, doc.end, doc.measures.text_len
    out: list[int] = []
    candidates = [i for i in compress(range(root + 1, stop), kept[root + 1:stop])
                  if 0 < text_len[i] <= _LONGEST and tags[i] in CONTROL_BLOCKS and end[i] - i <= LABEL_NODES]
    for k, i in enumerate(candidates):
        if not k & CHECK_EVERY:
            check_deadline()
        if any(tags[j] in BLOCK_TAGS for j in range(i + 1, end[i])):
            continue  # a block of blocks: its lines are read one by one
        line = " ".join(subtree_text(doc, i).split())  # (as it renders: the source's line breaks go)
        if form and _holds_phrase(line) or _CLOSED.fullmatch(line):
            out.append(i)
    return out + labels


def orphan_labels(doc: Document, root: int, kept: bytearray) -> list[int]:
    """The headings under ``root`` that are a comment thread's or its form's label ("3 Comments", "Leave a
    Reply") and that the body keeps without anything they head: the section holding them (a heading's
    parent, not ``root``) keeps no text but theirs, its thread and form left out."""
    parent, end, text_len = doc.parent, doc.end, doc.measures.text_len
    short = [h for h in tag_positions_of(doc, _HEADINGS, root + 1, end[root])
             if kept[h] and parent[h] != root and text_len[h] <= _LABEL_CHARS]  # (a longer one is no label)
    texts = subtree_texts(doc, short)  # (innermost first: nested headings are read once)
    heads = [h for h in short if label_piece(" ".join(texts[h].split()))]
    out: list[int] = []
    done = -1
    for h in heads:
        p = parent[h]
        if h < done or not kept[p]:
            continue  # (the section's labels are judged together, once)
        mine = heads[bisect_right(heads, p):bisect_left(heads, end[p])]
        if not _text_beside(doc, p, mine, kept):
            out.extend(mine)
            done = end[p]
    return out


def _text_beside(doc: Document, p: int, heads: list[int], kept: bytearray) -> bool:
    """Whether ``p``'s subtree shows text outside the ``heads``' subtrees (``kept``: the nodes shown): a
    kept node's text, or a tail in a kept parent (a heading's own tail is its section's text)."""
    texts, tails, parent, end = doc.texts, doc.tails, doc.parent, doc.end
    if _shows(texts[p]):
        return True
    j, k = p + 1, 0
    while j < end[p]:
        if kept[parent[j]] and _shows(tails[j]):
            return True
        if k < len(heads) and j == heads[k]:
            j, k = end[j], k + 1  # (the heading's text and its children's tails are its own)
            continue
        if kept[j] and _shows(texts[j]):
            return True
        j += 1
    return False


def _shows(t: str | None) -> bool:
    return bool(t) and not t.isspace()  # type: ignore[union-attr]


def _closed_in(text: str) -> bool:
    """Whether a line of ``text`` is a notice that comments are closed (:data:`_CLOSED`)."""
    low = text.lower()
    return any(w in low for w in _CLOSED_WORDS) and _CLOSED_LINE.search(text) is not None


def comment_form_line(doc: Document, text: str) -> bool:
    """Whether ``text`` holds a comment system's line (:func:`_holds_phrase`) on a page with a comment
    form (a ``<textarea>``)."""
    return bool(tag_positions(doc, "textarea")) and _holds_phrase(text)


def _holds_phrase(text: str) -> bool:
    """Whether a line of ``text`` holds a phrase of :data:`_WIDGET_PHRASE`: only the lines (of up to
    :data:`_LINE` bytes) that hold one of its :data:`_KEYWORDS` are searched."""
    raw = text.encode("utf-8", "surrogatepass")
    data = raw.lower()  # (ASCII letters only: every byte stays where it was)
    for keyword in _KEYWORDS:
        at = data.find(keyword)
        while at >= 0:
            start = data.rfind(b"\n", 0, at) + 1
            stop = data.find(b"\n", at)
            stop = len(data) if stop < 0 else stop
            if stop - start <= _LINE and _WIDGET_PHRASE.search(raw[start:stop].decode("utf-8", "surrogatepass")):
                return True
            at = data.find(keyword, stop)
    return False
