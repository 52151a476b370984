"""Log-in and sign-up boxes: a password field and the few words around it
("Email address:", "Forgot password?", "Remember me"), or an e-mail or
telephone field with its pitch and fine print, never a page's text, whatever
their names or styles say; and comment or contact forms around a message
field. Both of ``auto``'s picks leave them out. See docs/algorithms.md."""

from __future__ import annotations

from bisect import bisect_left

from .._classify import script_weight
from .._document import Document
from .._walk import holds_any, subtree_text, tag_positions, tag_positions_of
from ._auto_phrases import _SENTENCE_ENDS, _piece_mark
from ._auto_words import _HEADINGS, LABEL_NODES, _is_title, _title_key, previous_sibling

__all__ = ["input_types", "login_boxes", "message_boxes", "message_forms", "message_forms_in", "out_of_forms"]

#: The most text (characters other than white space) a log-in box holds: its labels, a line or two.
LOGIN_TEXT = 300
#: ... and a sign-up box around an e-mail or telephone field: a pitch, its labels, the fine print under them.
SIGNUP_TEXT = 500
#: A heading of fewer characters (other than white space) may be a box's title ("Newsletter", "Reset your
#: password?", "Leave a Reply"), which the box climbs over; a longer one is a story's headline.
BOX_TITLE = 25
#: The most such titles a box climbs over.
_BOX_TITLES = 2
#: A box never climbs over a wrapper holding this many story paragraphs beside it, of this many
#: characters or more each (see :func:`_in_story`).
_STORY_PARAGRAPHS, STORY_PARAGRAPH = 2, 100
#: ... nor, once it holds text of its own (its pitch, its button), one paragraph of this many.
_PITCH, LONG_PARAGRAPH = 20, 300
#: The most text of a box, by the type of the field it is around.
_BOX_TEXT = {"password": LOGIN_TEXT, "email": SIGNUP_TEXT, "tel": SIGNUP_TEXT}


def input_types(doc: Document) -> dict[int, str]:
    """Each ``<input>`` element's ``type`` (trimmed, lower case; ``""`` without one), by node number in
    document order. Read once per parse: the log-in boxes, the message forms and the body's
    controls all ask."""
    found = doc.parse_memo.get("input_types")
    if found is None:
        nodes = doc.nodes
        found = {i: (nodes[i].get("type") or "").strip().lower() for i in tag_positions(doc, "input")}
        doc.parse_memo["input_types"] = found
    return found


def login_boxes(doc: Document) -> list[int]:
    """The roots of the page's log-in and sign-up boxes: around each
    password field, its largest ancestor below ``<body>`` of at most
    :data:`LOGIN_TEXT` characters (around an e-mail or telephone field,
    :data:`SIGNUP_TEXT`; on a page in CJK script a third, as a CJK
    character says as much as three Latin ones: :func:`.script_weight`)
    that adds no heading to the box but its own title (a short story's
    headline beside a log-in form stops it; "Newsletter" does not), nor
    two of a story's paragraphs (:func:`_in_story`: a sign-up box in the
    middle of a short story), nor, once it holds text of its own (its pitch,
    :data:`_PITCH` characters), one paragraph of :data:`LONG_PARAGRAPH`
    (:func:`_long_beside`: a one-paragraph story; a box's own pitch is shorter,
    and joins the box while it holds only its fields). The page's own text lengths decide, not a
    site tree's cleaned view's: cleaning must not let a box climb over the
    story. Found once per parse."""
    found = doc.parse_memo.get("login_boxes")
    if found is not None:
        return found
    fields = [(i, limit) for i, limit in ((i, _BOX_TEXT.get(kind)) for i, kind in input_types(doc).items()) if limit]
    boxes = [box for (i, _), box in zip(fields, _climbed(doc, fields)) if box != i]
    doc.parse_memo["login_boxes"] = boxes
    return boxes


def _climbed(doc: Document, starts: list[tuple[int, int]]) -> list[int]:
    """For each ``(element, most text)`` of ``starts``, the box around it (see :func:`login_boxes`): its
    largest ancestor below ``<body>`` of at most that many characters (a third on a CJK page) that adds
    no heading but a box's title, nor a story's paragraphs beside it, and that no headline heads."""
    if not starts:
        return []
    parent = doc.parent
    text_len = doc.page_measures.text_len
    heads = tag_positions_of(doc, _HEADINGS)
    weight = script_weight(doc.page_measures, doc.body)  # (on a CJK page the lengths are a third)
    stories: dict[int, list[int]] = {}  # each wrapper's story paragraphs, read once (see _in_story)
    longs: dict[int, list[int]] = {}  # and its long ones (see _long_beside)
    out: list[int] = []
    for i, limit in starts:
        limit //= weight
        box = i
        while parent[box] > doc.body and text_len[parent[box]] <= limit \
                and not _heading_beside(doc, heads, text_len, parent[box], box) \
                and not _under_headline(doc, parent[box]) \
                and not _in_story(doc, text_len, parent[box], box, STORY_PARAGRAPH // weight, stories) \
                and not (text_len[box] >= _PITCH // weight
                         and _long_beside(doc, text_len, parent[box], box, LONG_PARAGRAPH // weight, longs)):
            box = parent[box]
        out.append(box)
    return out


def message_forms(doc: Document) -> list[int]:
    """The forms around a message field (``<textarea>``: a comment or contact form) that hold no
    more than :data:`SIGNUP_TEXT` characters, their labels and fine print (with their choices: "Remember
    me? Yes No", "Notify me of: All comments, Replies", a review's rating). Left out of both picks' bodies
    once the bodies are chosen (the form itself is the box: what lies around it may be a short
    story). Found once per parse."""
    found = doc.parse_memo.get("message_forms")
    if found is not None:
        return found
    end = doc.end
    fields = tag_positions(doc, "textarea")
    forms: list[int] = []
    if fields:
        text_len = doc.page_measures.text_len
        forms = [f for f in tag_positions(doc, "form") if f > doc.body and text_len[f] <= SIGNUP_TEXT
                 and holds_any(fields, f, end[f])]
    doc.parse_memo["message_forms"] = forms
    return forms


def message_forms_in(doc: Document, root: int) -> list[int]:
    """The :func:`message_forms` strictly inside ``root``'s subtree (a body's own comment form,
    never a form the body lies in)."""
    stop = doc.end[root]
    return [f for f in message_forms(doc) if root < f < stop]


def message_boxes(doc: Document) -> list[int]:
    """The box round each of :func:`message_forms` (its title, the instructions beside it), climbed
    from the form as a log-in box is from its field (up to :data:`SIGNUP_TEXT` characters). Found once
    per parse."""
    found = doc.parse_memo.get("message_boxes")
    if found is None:
        found = doc.parse_memo["message_boxes"] = _climbed(doc, [(f, SIGNUP_TEXT) for f in message_forms(doc)])
    return found


def out_of_forms(doc: Document, dead: bytearray, root: int, prose: list[float]) -> bool:
    """Mark dead the :func:`message_boxes` that ``root`` is or lies in (a body chosen there is chosen
    again: a comment form is never a page's text) and that hold less of the page's ``prose`` (block
    values, subtree sums) than the page (a short story inside the form is its text); whether there
    were any."""
    end = doc.end
    page = prose[doc.body]
    forms = [f for f in message_boxes(doc) if f <= root < end[f] and prose[f] < page]
    for f in forms:
        dead[f:end[f]] = b"\x01" * (end[f] - f)
    return bool(forms)


def _in_story(doc: Document, text_len: list[int], top: int, box: int, least: int,
              stories: dict[int, list[int]]) -> bool:
    """Whether ``top``'s children beside ``box`` hold :data:`_STORY_PARAGRAPHS` paragraphs of a
    story: ``least`` characters other than white space or more (:data:`STORY_PARAGRAPH`, a third
    on a CJK page), ending a sentence, no promotion or notice (a sign-up box's own pitch, "Thanks
    for subscribing! Look out for your first newsletter", is one). A sign-up box in the middle of
    a short story never climbs over it. Each wrapper's children are read once (``stories``): a
    page of thousands of fields in one wrapper costs one walk of it, not one per field."""
    found = _paragraphs(doc, text_len, top, least, _STORY_PARAGRAPHS + 1, stories)
    return sum(c != box for c in found) >= _STORY_PARAGRAPHS


def _long_beside(doc: Document, text_len: list[int], top: int, box: int, least: int,
                 longs: dict[int, list[int]]) -> bool:
    """Whether a child of ``top`` beside ``box`` is a story's paragraph of ``least`` characters or more
    (a sentence's end, no promotion or notice): a one-paragraph story the box stands in. Each
    wrapper's children are read once (``longs``), as :func:`_in_story` reads them."""
    return any(c != box for c in _paragraphs(doc, text_len, top, least, 2, longs))


def _paragraphs(doc: Document, text_len: list[int], top: int, least: int, most: int,
                memo: dict[int, list[int]]) -> list[int]:
    """Up to ``most`` children of ``top`` that are a story's paragraphs: ``least`` characters or
    more, ending a sentence, no promotion or notice. Read once per wrapper (``memo``)."""
    found = memo.get(top)
    if found is None:
        found = memo[top] = []
        for c in doc.children(top):
            if text_len[c] >= least:
                text = " ".join(subtree_text(doc, c).split())
                if text.endswith(_SENTENCE_ENDS) and not _piece_mark(text, False):
                    found.append(c)
                    if len(found) >= most:
                        break
    return found


def _heading_beside(doc: Document, heads: list[int], text_len: list[int], top: int, box: int) -> bool:
    """Whether ``top``'s subtree holds a heading (of the sorted ``heads``) outside ``box``'s that is no
    box's title: a story's headline, which a log-in box never climbs over."""
    end = doc.end
    k = bisect_left(heads, top)
    titles = 0
    while k < len(heads) and heads[k] < end[top]:
        h = heads[k]
        if not box <= h < end[box]:
            titles += 1  # (a box has a title or two: more headings than that make a page's part)
            if titles > _BOX_TITLES or not _box_title(doc, text_len, h):
                return True
        k += 1
    return False


def _under_headline(doc: Document, top: int) -> bool:
    """Whether the element just before ``top`` (its previous sibling) is a heading that reads as the
    page's ``<title>``: the story's headline over the wrapper of its body, which a box never climbs
    into (a short post, its comments and their form in one wrapper)."""
    h = previous_sibling(doc.parent, top)
    return h >= 0 and doc.tags[h] in _HEADINGS and bool(doc.title) \
        and _is_title(_title_key(subtree_text(doc, h)), _title_key(doc.title or ""))


def _box_title(doc: Document, text_len: list[int], h: int) -> bool:
    """Whether heading ``h`` may be a box's title: shorter than :data:`BOX_TITLE`, no ``<h1>``, and
    not the page's title (a short story's headline is one of these)."""
    if text_len[h] >= BOX_TITLE or doc.tags[h] == "h1" or doc.end[h] - h > LABEL_NODES:
        return False
    return not text_len[h] or not _is_title(_title_key(subtree_text(doc, h)), _title_key(doc.title or ""))
