"""Comment threads found by their shape, whatever their names: a run of
three or more sibling elements of one tag, each holding a short dated line
or a short ``<cite>`` line or commenter's picture beside a name (its author's byline) and a message, or (a flat
thread) three or more such bylines each followed by its message as siblings; prose rather than links,
no headlines, after an article's worth of prose. See docs/algorithms.md."""

from __future__ import annotations

import re

from .._classify import page_features, script_weight
from .._deadline import check_deadline
from .._document import Document, Measures
from .._measures import nonspace_len
from .._walk import owned_text, subtree_text, tag_positions
from ._auto_title_lines import _HEADLINE_TAGS, _title_headings
from ._auto_words import _BLOCKS, _CELLS, _HEADINGS, COMMENT_NOUNS

#: A dateline: a clock time, a date in words (English, or day-month-year in other languages; "07 Nov 12")
#: or figures, "3 days ago", 2012年8月9日.
_DATE = re.compile(
    r"\b\d{1,2}:\d{2}(?!\d)"
    r"|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{1,2}(?:st|nd|rd|th)?\b,?\s+\d{4}"
    r"|\b\d{1,2}(?:st|nd|rd|th)?\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?,?\s+(?:\d{4}|\d\d\b)"
    r"|\b\d{4}[-/.]\d{1,2}[-/.]\d{1,2}\b|\b\d{1,2}[-/.]\d{1,2}[-/.]\d{2,4}\b"
    r"|\b\d{1,2}\.?\s+(?:de\s+)?[^\W\d_]{3,10}\.?,?\s+(?:de\s+)?\d{4}\b"  # 12. März 2024, 5 de marzo de 2024
    r"|\b\d+\s+(?:second|minute|hour|day|week|month|year)s?\s+ago\b"
    r"|\d{4}年\d{1,2}月\d{1,2}日|\d+\s*(?:分钟|小时|天)前",
    re.IGNORECASE)
#: What every one of _DATE's alternatives holds (four digits, digits around ":", "-", "/" or ".", a day
#: before a month's name, "ago", "前"): searched first, it rules out most pieces with a digit at a third
#: of _DATE's cost.
_MAY_DATE = re.compile(r"\d(?:\d\d\d|[:\-/.]\d|\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec))|ago|前",
                       re.IGNORECASE)
_DIGIT = re.compile(r"[0-9]")
#: A dated piece of text is a line, not a sentence that mentions a date.
_LINE = 120
#: How far above its dateline an item may begin.
_UP = 6
_ITEMS = 3
#: What a dateline holds besides its dates (an author, "at", "Reply").
_REST = 50
#: What an item holds besides its dateline: a message.
_MESSAGE = 30
#: A linked line this long opening an item is a headline: the item is a teaser.
_HEADLINE = 25
#: A piece of prose, not a label.
_SENTENCE = 40
#: Prose before the thread: the article it answers.
_BEFORE = 300
#: ... or, under the thread's label ("Comments"), a short article's: a few sentences.
_BEFORE_LABELLED = 100


def comment_threads(doc: Document, m: Measures, dead: bytearray, inlink: bytearray, owner: list[int],
                    region: int) -> list[int]:
    """Roots of comment threads in the subtree of ``region``, outermost, in document order."""
    tags, parent, texts, tails, body = doc.tags, doc.parent, doc.texts, doc.tails, doc.body
    text_len = m.text_len
    n = len(tags)
    dated = bytearray(n)
    items: list[int] = []  # the dated elements
    lines: dict[int, int] = {}  # a block's own text length, read once
    bylines: dict[int, list[int]] = {}  # blocks that are a dateline alone, by parent
    start, stop = region, doc.end[region]
    weight = script_weight(m, body)  # (a CJK page's lengths are a third: its characters say three times as much)
    message = _MESSAGE // weight
    # Each dated piece of text with the element it is in; and a commenter's name in a <cite> (blog
    # software's comment templates), a byline without a date.
    found_at = ([(i, texts[i] or "") for i in _dated_pieces(texts, start, stop)]
                + [(parent[i], tails[i] or "") for i in _dated_pieces(tails, start + 1, stop)]
                + [(i, "") for i in tag_positions(doc, "cite", start, stop)]
                + [(i, "") for i in tag_positions(doc, "img", start, stop) if _avatar(doc, i)])
    for at, s in found_at:
        if at <= body or m.excluded[at] or nonspace_len(_DATE.sub("", s)) > _REST:
            continue
        # The dateline's line (its block's own text): no more than a byline. (In a subtree the block
        # pick passed over, a comment's <footer>, no owner was recorded: the nearest block is looked for.)
        o = owner[at] if not dead[at] else _block(doc, at)
        line = lines.get(o, -1)
        if line < 0:
            line = lines[o] = nonspace_len(owned_text(doc, o, owner))
        if line > nonspace_len(s) + _REST or not line:
            continue  # (no line at all: a picture alone, not a commenter's beside a name)
        if text_len[o] <= line + _REST and o > body:
            # A line of its own: its message may follow it (as the outermost block that holds
            # no more than the byline: a <dt> around it, a comment's number beside it).
            while parent[o] > body and text_len[parent[o]] <= line + _REST:
                o = parent[o]
            bylines.setdefault(parent[o], []).append(o)
        a, k = at, 0
        while a > body and k < _UP:
            if text_len[a] >= line + message and not dated[a]:
                dated[a] = 1
                items.append(a)
            a, k = parent[a], k + 1
    check_deadline()
    counts: dict[tuple[int, str], list[int]] = {}
    for i in sorted(items):
        counts.setdefault((parent[i], tags[i]), []).append(i)
    for p, heads in bylines.items():  # a flat thread: each byline a sibling before its message (<dt>, <dd>)
        if len(heads) >= _ITEMS:
            counts[(p, "")] = sorted(set(heads))
    found: list[int] = []
    # Each found thread's first comment (where its label is looked for; -1: read already) and what it
    # leaves out (its parent, or its comments alone).
    kept: list[tuple[int, list[int]]] = []
    read = prose = 0  # the prose before element ``read``: candidates come in document order
    budget = 4 * n  # elements the headline check may read: candidates nest only on hostile pages
    for (p, tag), items in sorted(counts.items()):
        if len(items) < _ITEMS or (found and p < doc.end[found[-1]]):
            continue
        budget -= doc.end[p] - p
        if budget < 0:
            break
        groups = [[i] for i in items] if tag else _groups(doc, m, p, items, message)  # ("": a flat thread)
        # (Replies nested as lists beside the comments they answer count as the thread's: <ul> in <ul>.)
        replies = sum(text_len[c] for c in doc.children(p) if dated[c] and tags[c] != tag) if tag else 0
        messages = _thread(doc, m, p, groups, inlink, message, replies) if len(groups) >= _ITEMS else []
        if not messages:
            continue
        prose, read = prose + _prose(doc, dead, inlink, read, p, _SENTENCE // weight), p
        k = _entry(doc, dead, inlink, p, groups, messages, weight)
        if k:  # (the label read, the article's prose before it)
            found.append(p)
            kept.append((-1, _comments_from(doc, text_len, p, tag, groups, k)))
        elif prose * weight >= _BEFORE or (prose * weight >= _BEFORE_LABELLED and _labelled(doc, p, groups[0][0])):
            # an article before it (a short one under the thread's label: "3 Comments")
            found.append(p)
            kept.append((groups[0][0], [p]))
    if found and page_features(doc, doc.url)["score"] <= 0:
        # A listing's entries, not an article's comments, unless labelled so ("4 Comments").
        return [r for p, (first, rs) in zip(found, kept) if first < 0 or _labelled(doc, p, first) for r in rs]
    return [r for _, rs in kept for r in rs]


def _comments_from(doc: Document, text_len: list[int], p: int, tag: str, groups: list[list[int]],
                   k: int) -> list[int]:
    """The comments of a thread under ``p`` whose first ``k`` of ``groups`` are the article: the later
    groups and, when its comments are elements of one ``tag``, every such child of ``p`` after the
    article's, else (a flat thread) every child between the article and its last comment: a one-word
    comment, "1:24", is too short a message to be an item of its own."""
    comments = [i for g in groups[k:] for i in g]
    tags, after, last = doc.tags, groups[k - 1][-1], groups[-1][-1]
    more = (c for c in doc.children(p) if c > after and (tags[c] == tag if tag else c < last)
            and not (text_len[c] <= _LINE and label_piece(subtree_text(doc, c))))  # (its label is no comment)
    return sorted(set(comments).union(more))


#: A comment thread's label, a piece of text of its own: "Comments", "14 Comments", "3 Responses to
#: “Title”", "One Response", "No Comments", "Kommentare (5)", "网友评论"; or its reply form's heading above
#: it, "Post a Comment".
_COMMENTS_LABEL = re.compile(
    rf"\W*(?:(?:(?:\d+|one|no)\s+)?(?:{COMMENT_NOUNS}|reader comments|网友评论|读者评论|评论|留言|コメント)"
    r"(?:\s+(?:to|on|zu|sur)\b.{0,100})?"
    r"|(?:post|leave|add|write)\s+(?:a\s+|your\s+)?(?:comment|reply|response))\W*\d*\W*",
    re.IGNORECASE)
#: ... or a line that counts them, whatever follows: "17 comments… read them below or add one".
_COUNTED_LABEL = re.compile(rf"\W*\d+\s+(?:{COMMENT_NOUNS})\b.{{0,80}}", re.IGNORECASE)
#: The most elements such a line is made of.
_LABEL_NODES = 8
#: How far before a thread its label is looked for, in elements.
_LABEL_SPAN = 8


def _labelled(doc: Document, p: int, first: int) -> bool:
    """Whether a comment thread's label (:data:`_COMMENTS_LABEL`, a piece of text alone, or
    :data:`_COUNTED_LABEL`, a short line of a few elements) stands in the few elements before the
    thread ``p`` or before its ``first`` comment inside it (its heading, or its wrapper's)."""
    texts, tags, end = doc.texts, doc.tags, doc.end
    stop = min(first, p + _LABEL_SPAN)
    for i in range(max(0, p - _LABEL_SPAN), stop):
        if label_piece(texts[i]) or _tail_label(doc, i, stop):
            return True
        if tags[i] in _BLOCKS and end[i] - i <= _LABEL_NODES:  # a line in pieces: "{ 17 comments… add one }"
            line = " ".join(subtree_text(doc, i).split())
            if len(line) <= 120 and _COUNTED_LABEL.fullmatch(line):
                return True
    return False


def _entry(doc: Document, dead: bytearray, inlink: bytearray, p: int, groups: list[list[int]],
           messages: list[bool], weight: int) -> int:
    """How many of ``groups`` (a thread's items under ``p``; ``messages``: which are messages, see
    :func:`_thread`) are the article: the leading items that are no message (a headline in them) or
    hold the page's title, when the thread's unlinked label (:func:`_after_label`) stands before the next
    item, three items at least follow, and the prose up to them makes an article; else 0."""
    k = next((k for k, g in enumerate(groups) if messages[k] and not _titled(doc, g)), 0)
    if 0 < k <= len(groups) - _ITEMS and _after_label(doc, inlink, groups[k][0]):
        if _prose(doc, dead, inlink, p, groups[k][0], _SENTENCE // weight) * weight >= _BEFORE:
            return k
    return 0


def _titled(doc: Document, group: list[int]) -> bool:
    """Whether a line reading as the page's ``<title>`` is in ``group`` (an article's headline)."""
    end = doc.end
    return any(i <= h < end[i] for h in _title_headings(doc, doc.title) for i in group)


def _after_label(doc: Document, inlink: bytearray, first: int) -> bool:
    """Whether an unlinked piece of text in the few elements before comment ``first`` (an element's own
    text or, ending before it, its tail) is a thread's label (:data:`_COMMENTS_LABEL`: "Comments", not a
    post's link "Comments (3)" on a blog's front page)."""
    texts, parent = doc.texts, doc.parent
    return any((not inlink[i] and label_piece(texts[i]))
               or (not inlink[parent[i]] and _tail_label(doc, i, first))
               for i in range(max(0, first - _LABEL_SPAN), first))


def _tail_label(doc: Document, i: int, before: int) -> bool:
    """Whether the text after element ``i`` (its tail), ending before element ``before``, is a thread's
    label alone: "Comments" after an ``<a name="comments">`` anchor."""
    return doc.end[i] <= before and label_piece(doc.tails[i])


def label_piece(t: str | None) -> bool:
    """Whether piece of text ``t`` is a thread's label alone (:data:`_COMMENTS_LABEL`)."""
    return t is not None and len(t) <= 120 and _COMMENTS_LABEL.fullmatch(t.strip()) is not None


#: A commenter's picture: its address or text names an avatar (Gravatar's, a comment system's).
_AVATAR = re.compile(r"avatar", re.IGNORECASE)


def _avatar(doc: Document, i: int) -> bool:
    """Whether image ``i`` is a commenter's picture (:data:`_AVATAR` in its ``src`` or ``alt``)."""
    el = doc.nodes[i]
    return bool(_AVATAR.search(el.get("src") or "") or _AVATAR.search(el.get("alt") or ""))


def _block(doc: Document, i: int) -> int:
    """The nearest block element holding ``i`` (``i`` itself if one)."""
    tags, parent = doc.tags, doc.parent
    while parent[i] >= 0 and tags[i] not in _BLOCKS:
        i = parent[i]
    return i


def _dated_pieces(pieces: list[str | None], start: int, stop: int) -> list[int]:
    """Where a piece of text short enough for a line holds a date, from ``start`` to ``stop``."""
    short = [i for i, t in enumerate(pieces[start:stop], start)
             if t and len(t) <= _LINE and not t.isspace() and _DIGIT.search(t)]
    return [i for i in short if _MAY_DATE.search(pieces[i] or "") and _DATE.search(pieces[i] or "")]


def _groups(doc: Document, m: Measures, p: int, heads: list[int], message: int) -> list[list[int]]:
    """The children of ``p`` from each of ``heads`` (bylines) to the next: a flat thread's comments
    (those holding a message, ``message`` characters, after their byline)."""
    groups: list[list[int]] = []
    at = 0
    for c in doc.children(p):
        if at < len(heads) and c == heads[at]:
            groups.append([])
            at += 1
        if groups and doc.tags[c]:
            groups[-1].append(c)
    text_len = m.text_len
    return [g for g in groups if sum(text_len[i] for i in g[1:]) >= message]


def _thread(doc: Document, m: Measures, p: int, groups: list[list[int]], inlink: bytearray, message: int,
            replies: int = 0) -> list[bool]:
    """Whether each of ``groups`` (each a comment: one element, or a byline and the
    siblings after it) is a message (:func:`_message`), when under ``p`` they make a thread, else
    ``[]`` (``message``: a message's length; ``replies``: the text of the dated siblings of another
    tag, lists of replies)."""
    tags, text_len, link_len = doc.tags, m.text_len, m.link_len
    sizes = sorted(sum(text_len[i] for i in g) for g in groups)
    total = sum(sizes)
    if total + replies < 0.7 * text_len[p] or total <= 0:
        return []
    if sum(link_len[i] for g in groups for i in g) - _local_links(doc, m, p) > 0.3 * total:
        return []  # (a comment's controls, "reply", "up", its folding title, link to no other page)
    if sizes[len(sizes) // 2] < message:
        return []  # the median message is a line, not a message
    first, last = groups[0][0], groups[-1][0]
    if sum(tags[c] in _HEADINGS and first < c < last for c in doc.children(p)) > 1:
        return []  # entries under their titles: a blog's front page (the thread's own title and
        # its reply form's heading stand above and below its comments)
    flags = [all(_message(doc, m, i, inlink) for i in g) for g in groups]
    messages = sum(flags)
    return flags if messages >= _ITEMS and messages >= 0.6 * len(groups) and _voices(doc, groups) > 1 else []


def _voices(doc: Document, groups: list[list[int]]) -> int:
    """How many different bylines ``groups`` have, up to 2: each one's pieces of text shorter than a
    sentence (a name, "said", "Reply"), without their dates, in letters and figures. A thread is many
    people's; a live blog's entries carry a time alone, or one author's name each time."""
    texts, tails, end = doc.texts, doc.tails, doc.end
    keys: set[str] = set()
    for g in groups:
        parts = []
        for i in g:
            for j in range(i, end[i]):
                for t in (texts[j], tails[j] if j > i else None):
                    if t and nonspace_len(t) < _SENTENCE:
                        parts.append(t)
        keys.add("".join(filter(str.isalnum, _DATE.sub("", " ".join(parts)).lower())))
        if len(keys) > 1:
            break
    return len(keys)


def _message(doc: Document, m: Measures, i: int, inlink: bytearray) -> bool:
    """Whether item ``i`` reads as a message: no headline in it (a heading of a
    headline's length, or a linked line of that length opening it), and no row of a data table."""
    tags, end, texts, text_len = doc.tags, doc.end, doc.texts, m.text_len
    if tags[i] == "tr" and sum(tags[c] in _CELLS for c in doc.children(i)) >= 3:
        return False
    first = True
    for j in range(i, end[i]):
        if tags[j] in _HEADLINE_TAGS and text_len[j] >= _HEADLINE:
            return False
        t = texts[j]
        if first and t and not t.isspace():
            first = False
            if inlink[j] and nonspace_len(t) >= _HEADLINE and _goes_elsewhere(doc, j):
                return False
    return True


def _local_links(doc: Document, m: Measures, p: int) -> int:
    """Characters of the links in ``p`` that lead to no other page (see :func:`_leads_nowhere`)."""
    end, text_len = doc.end, m.text_len
    total = inside = 0  # (inside: where the last link read ends; a link in a link is not read twice)
    for a in tag_positions(doc, "a", p, end[p]):
        if a < inside:
            continue
        inside = end[a]
        if _leads_nowhere(doc, a):
            total += text_len[a]
    return total


def _goes_elsewhere(doc: Document, j: int) -> bool:
    """Whether the link round node ``j`` leads to another page (see :func:`_leads_nowhere`)."""
    tags, parent = doc.tags, doc.parent
    while j >= 0 and tags[j] != "a":
        j = parent[j]
    return j < 0 or not _leads_nowhere(doc, j)


def _leads_nowhere(doc: Document, a: int) -> bool:
    """Whether link ``a`` leads to no other page: to a place in this one ("#"), or to a script
    ("javascript:"), as a comment's controls and the title that opens or folds it do."""
    return (doc.nodes[a].get("href") or "").strip().lower().startswith(("#", "javascript:"))


def _prose(doc: Document, dead: bytearray, inlink: bytearray, start: int, stop: int, sentence: int) -> int:
    """Characters of live unlinked prose in elements ``start`` to ``stop``: pieces of text (their
    texts and tails) of a sentence's length, ``sentence``."""
    texts, tails, parent = doc.texts, doc.tails, doc.parent
    run = 0
    for i in range(start, stop):
        if dead[i]:
            continue
        if not inlink[i]:
            k = nonspace_len(texts[i])
            run += k if k >= sentence else 0
        q = parent[i]
        if q >= 0 and not inlink[q]:
            k = nonspace_len(tails[i])
            run += k if k >= sentence else 0
    return run
