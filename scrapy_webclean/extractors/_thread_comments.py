"""Reader comments read from the comment threads ``auto`` finds, for pages whose comments carry
no comment markup the comments field knows (``_comments``): the threads found by their shape
(:mod:`._auto_threads`) and the subtrees whose class/id names read as a thread (``commentbody``),
as the block pick marked them (not in furniture tags or hidden subtrees, not struck as the body).

A thread's comments are its children that each hold a dated byline and a message; in a flat
thread, the bylines are siblings of their messages, before them or after them (blog software's
"Posted by: Ann at March 5, 2024 8:30 AM" under each message). A comment's date is its byline's,
its author the byline's words besides the date ("Posted by:", "at" and "says" aside), its text
the rest. See docs/algorithms.md."""

from __future__ import annotations

import re
from typing import Any, Iterable, Iterator

from .._deadline import CHECK_EVERY, check_deadline
from .._document import Document, union_mask
from .._meta_date import parse_date
from .._render import NodeSelection
from .._walk import flagged, subtree_text
from ._auto_forms import message_forms_in
from ._auto_threads import _DATE, _LINE, _MESSAGE, _REST
from ._auto_words import _HEADINGS

#: The most comments read from a page.
_MAX = 1000
#: A byline's words besides its date: what is left of "Posted by: Ann at", "Ann says:", "By Ann |".
_BYLINE_WORDS = re.compile(
    r"^\W*(?:posted|written|submitted|comment(?:ed)?)?\s*(?:by)?\s*:?\s*|^(?:(?:at|on|am|pm|a\.m\.|p\.m\.)\b\W*)+|"
    r"(?:\s+(?:at|on|um|le|el|am|pm|a\.m\.|p\.m\.))+\W*$|\s*(?:says|said|wrote|writes|responded|replied)\s*[:,.…]*\s*$|[\s|•·—–,:-]+$",
    re.IGNORECASE)
#: A line that names its writer only: "Ann said,", "Bob wrote:".
_SAYS = re.compile(r"^\W*\S.{0,48}?\s+(?:says|said|wrote|writes|responded|replied)\s*[:,.…]*\s*$", re.IGNORECASE)
#: What a byline's name is not: a weekday, a time zone, a comment's number, "Reply", "Posted".
_NOT_NAME = re.compile(
    r"\b(?:mon|tue|wed|thu|fri|sat|sun)(?:day|s|sday|nesday|rsday|urday)?\b\.?|\b(?:[ECMP][SD]T|GMT|UTC|BST|CES?T)\b|"
    r"^\W*#?\d+\s*[-.):]\s*|\b(?:reply|permalink|link|posted|views?|about)\b", re.IGNORECASE)
#: A box of the site's latest comments (on other pages too): "recent-comments", "widget_recent_comments".
_SITE_WIDE = re.compile(r"(?:^|[^a-z])(?:recent|latest)[-_ ]?comments?(?:$|[^a-z])", re.IGNORECASE)
#: The fewest words of a thread read as one comment.
_ONE_WORDS = 3
#: How far down a thread's comments are looked for.
_DEPTH = 4
#: An author is a name: a few words.
_AUTHOR_WORDS = 5


def comment_roots(doc: Document, named: bytes | bytearray) -> list[int]:
    """The outermost subtrees the block pick marked in ``named`` as comment threads (2: by their
    names or their shape), but for a box of the site's recent comments (:data:`_SITE_WIDE`)."""
    out: list[int] = []
    end, last = doc.end, -1
    for i in flagged(named):
        if i >= last and named[i] == 2:
            last = end[i]
            read = doc.class_id_style(i)
            if not (read and _SITE_WIDE.search(" ".join(x for x in read[:2] if x))):
                out.append(i)
    return out


def thread_comments(doc: Document, roots: Iterable[int]) -> list[dict[str, Any]]:
    """``[{"author", "date", "text"}]`` of the comments in the threads ``roots``
    (:func:`comment_roots`: outermost, in page order), each once."""
    hidden = doc.invisible_mask()
    out: list[dict[str, Any]] = []
    seen: set[str] = set()
    for r in roots:
        groups = _comments_of(doc, r)
        for group in groups:
            check_deadline()
            found = _comment(doc, group, hidden)
            if found and len(groups) == 1 and len(found["text"].split()) < _ONE_WORDS:
                continue  # a thread of one comment says something: not "95 views" under a date
            if found and found["text"] not in seen:
                seen.add(found["text"])
                out.append(found)
                if len(out) >= _MAX:
                    return out
    return out


def _lines(doc: Document, i: int) -> Iterator[tuple[int, str]]:
    """The elements in ``i``'s subtree whose text is a line
    (:data:`_LINE` characters at most) and is not their parent's text over again (a chain of
    wrappers around one line is read once, however deep), with that text."""
    text_len, tags, parent, end = doc.measures.text_len, doc.tags, doc.parent, doc.end
    for j in range(i, end[i]):
        if not j & CHECK_EVERY:
            check_deadline()
        k = text_len[j]
        if tags[j] and 0 < k <= _LINE and not (j > i and text_len[parent[j]] == k):
            yield j, " ".join(subtree_text(doc, j).split())


def _byline(doc: Document, i: int) -> tuple[int, str | None]:
    """The first element in ``i``'s subtree that is a byline (a dated line of :data:`_LINE`
    characters at most, no more than :data:`_REST` besides its date) and its date's text, else -1."""
    for j, line in _lines(doc, i):
        when = _dateline(line)
        if when is not None:
            return j, when
    return -1, None


def _dateline(line: str) -> str | None:
    """The date's text when ``line`` is a byline: a date and at most :data:`_REST` characters
    besides it, spaces counted (stricter than the thread finder's pieces: a short comment of
    about a byline's length is its message, not its byline)."""
    found = _DATE.search(line)
    return found.group() if found and len(line) - len(found.group()) <= _REST else None


def _comments_of(doc: Document, root: int) -> list[list[int]]:
    """The comments of thread ``root`` (see :func:`_split`): looked for further down while one
    child alone holds bylines (a heading and a list of comments in a wrapper named "comments");
    a thread read as one comment is one only when it holds one byline (not a page of comments
    that could not be told apart, nor a box of recent comments on other pages)."""
    for _ in range(_DEPTH):
        groups, only = _split(doc, root)
        if only < 0:
            break
        root = only
    if len(groups) == 1 and _bylines(doc, root) != 1:
        return []
    return groups


def _bylines(doc: Document, i: int) -> int:
    """How many bylines ``i``'s subtree holds (the outermost, each once)."""
    count, last = 0, -1
    for j, line in _lines(doc, i):
        if j < last:
            continue  # inside a byline counted
        if _dateline(line) is not None:
            count, last = count + 1, doc.end[j]
    return count


def _split(doc: Document, root: int) -> tuple[list[list[int]], int]:
    """The comments of ``root``, each as its elements: children each holding a byline and a
    message; or (a flat thread) bylines among their messages' siblings, each byline with the
    siblings up to the next one when a byline comes first, else with those since the last one
    (a byline under its message). A comment named as a thread (``commentbody``) is such a thread
    of one comment. Headings and comment forms are no comment's. Also the one child that holds
    bylines, when it is the only one (else -1)."""
    text_len, forms = doc.measures.text_len, set(message_forms_in(doc, root))
    kids = [c for c in doc.children(root)
            if doc.tags[c] and text_len[c] and c not in forms and doc.tags[c] not in _HEADINGS]
    lines = {c: _byline(doc, c)[0] for c in kids}
    dated = [c for c in kids if lines[c] >= 0]
    if not dated:
        return [], -1
    if len(dated) == 1 and _bylines(doc, dated[0]) > 1:
        return [], dated[0]
    whole = [c for c in dated if text_len[c] >= text_len[lines[c]] + _MESSAGE]
    if len(whole) >= 2 and len(whole) * 2 >= len(dated):
        return [[c] for c in whole], -1  # each child a comment with its byline
    groups: list[list[int]] = []
    if kids[0] == dated[0]:  # bylines first
        for c in kids:
            if lines[c] >= 0:
                groups.append([c])
            else:
                groups[-1].append(c)
    else:  # bylines under their messages; what follows the last byline is no comment's
        current: list[int] = []
        for c in kids:
            current.append(c)
            if lines[c] >= 0:
                groups.append(current)
                current = []
    return [g for g in groups if _message_len(doc, g, lines) > 0], -1


def _message_len(doc: Document, group: list[int], lines: dict[int, int]) -> int:
    """Characters of a comment's elements besides its byline."""
    text_len = doc.measures.text_len
    return sum(text_len[c] - (text_len[lines[c]] if lines[c] >= 0 else 0) for c in group)


def _comment(doc: Document, group: list[int], hidden: bytearray) -> dict[str, Any] | None:
    """One comment from its elements: its byline gives the date and the author (or a line
    "Ann said," before it), the rest the text."""
    meta: list[int] = []
    day = author = None
    for c in group:
        at, when = _byline(doc, c)
        if at >= 0:  # the first byline
            meta.append(at)
            day = parse_date(when)
            author = _author(_DATE.sub(" ", " ".join(subtree_text(doc, at).split())))
            break
    if author is None:
        said = next(((j, line) for c in group for j, line in _lines(doc, c) if _SAYS.match(line)), None)
        if said is not None:
            meta.append(said[0])
            author = _author(said[1])
    drop = doc.subtree_mask(meta)
    excluded = union_mask(hidden, drop)
    parts = [NodeSelection(doc, c, drop, excluded=excluded).text().strip() for c in group if not drop[c]]
    text = "\n".join(p for p in parts if p)
    if not text or (author is None and day is None):
        return None  # (a line read as a byline that names no one and gives no date: a headline's time)
    return {"author": author, "date": day, "text": text}


def _author(line: str) -> str | None:
    """The writer's name in a byline's words besides its date, when it is a name."""
    name = " ".join(w for w in _NOT_NAME.sub(" ", line).split() if any(ch.isalpha() for ch in w))
    for _ in range(3):
        name = _BYLINE_WORDS.sub("", name).strip()
    if "<" in name or ">" in name or sum(ch.isalpha() for ch in name) < 2:
        return None
    return name[:100] if len(name.split()) <= _AUTHOR_WORDS else None
