"""A reader-comment thread added after a page's story: ``page_runs.py --probe comments``
(WordPress's markup, with its class names), ``--probe comments-plain`` (the same without names) and
``--probe comments-few`` (one or two comments under their label, without names).

The story's end is found by the gold text: the element whose own text holds the first words of
the gold's last line of 20 characters or more. The thread goes right after that element's parent
(the block holding the story's paragraphs; after the element itself where its parent is
``<body>``); where there is none, at the end of ``<body>``. The
thread's size and messages are picked from :data:`MESSAGES` by a hash of the gold text, so a
run is the same from one time to the next. The gold text stays as it was: every word of the
thread an extractor keeps counts against it.
"""

from __future__ import annotations

import hashlib
from typing import Any

import lxml.etree
import lxml.html

#: Commenters and what they say: thanks, disagreement, questions, one-liners, long replies.
MESSAGES = (
    ("Mike R.", "Great article, thanks for writing it up. I had no idea about most of this."),
    ("Sarah", "I disagree with the second point. The numbers you quote are from 2006, and a lot has changed "
              "since then, especially in how the data is collected."),
    ("jdawg77", "First!"),
    ("Anonymous", "This is exactly what I have been saying for years. Nobody listens until it is too late, and "
                  "then everyone acts surprised."),
    ("Karen Miller", "Does anyone know where I can find the full report? The link in the third paragraph seems "
                     "to be broken."),
    ("Tom", "@Karen: try the archive page, it was moved there last week."),
    ("Dr. Evans", "As someone who has worked in this field for twenty years, I can tell you the situation is "
                  "more complicated than the piece suggests. Funding is only part of the story; the rest is "
                  "about people, training and time."),
    ("lisa_b", "Thanks, shared this with my class."),
    ("Paul", "Well written, but I wish you had talked to someone from the other side as well. It reads a bit "
             "one-sided to me."),
    ("G. Hart", "I remember when this happened the first time. We thought it would never come back, and here "
                "we are again."),
    ("Nina", "Love it! Keep up the good work."),
    ("Robert J.", "The comparison in the chart is misleading: the two series use different base years, so the "
                  "gap looks bigger than it is. Otherwise a fair summary."),
    ("maxpower", "Can you do a follow-up on what happened next? I would really like to know how it ended."),
    ("Chris", "Bookmarked. This is the clearest explanation I have read so far."),
    ("Emily Stone", "My father went through the same thing in the nineties. It took him years to recover, and "
                    "nobody ever paid for the damage."),
    ("Dave", "Meh. Old news."),
)
_MONTHS = ("January", "March", "April", "June", "August", "October")


def thread_markup(seed: int, named: bool, few: bool = False) -> str:
    """A thread of 5 to 12 comments (by ``seed``), each a byline, a date, a message and a reply link,
    then a reply form; with WordPress's class names when ``named``. ``few``: one or two comments
    under their label, without names, every other page in the markup of a blog whose comments are
    closed (each message, then "Posted by: name | date"; no form)."""
    def c(name: str) -> str:
        return f' class="{name}"' if named else ""

    k = 1 + seed % 2 if few else 5 + seed % 8
    closed = few and seed // 3 % 2 == 1
    items = []
    for i in range(k):
        who, text = MESSAGES[(seed * 7 + i * 5) % len(MESSAGES)]
        date = f"{_MONTHS[(seed + i) % 6]} {1 + (seed + 3 * i) % 28}, 2009 at {1 + i % 12}:{(17 * i) % 60:02d} pm"
        if closed:
            items.append(f'<div id="comment-{1000 + i}"><div><p>{text}</p></div><p>Posted by: '
                         f'<a href="https://reader{i}.example.com/">{who}</a> | '
                         f'<a href="#comment-{1000 + i}">{date}</a></p></div>')
            continue
        items.append(f'<li{c("comment")} id="comment-{1000 + i}"><div{c("comment-author vcard")}>'
                     f'<img alt="" src="/avatar/{i}.png" height="32" width="32"> <cite{c("fn")}>{who}</cite> '
                     f'<span>says:</span></div><div{c("comment-meta commentmetadata")}>'
                     f'<a href="#comment-{1000 + i}">{date}</a></div><p>{text}</p>'
                     f'<div{c("reply")}><a href="?replytocom={1000 + i}#respond">Reply</a></div></li>')
    label = ("Comments", f"{k} Comments", "One Response" if k == 1 else "2 Responses")[seed % 3] if few \
        else f"{k} Responses"
    if closed:
        return (f'<div><h3>{label}</h3><div>' + "".join(items)
                + '</div><p>The comments to this entry are closed.</p></div>')
    form = ('<form action="/wp-comments-post.php" method="post"><p><label>Name</label><input name="author"></p>'
            '<p><label>Email</label><input name="email"></p><p><textarea name="comment"></textarea></p>'
            '<p><input type="submit" value="Post Comment"></p></form>')
    return (f'<div{c("comments")}><h3{c("comments-title")}>{label}</h3><ol{c("commentlist")}>'
            + "".join(items) + f'</ol><div{c("respond")}><h3>Leave a Reply</h3>{form}</div></div>')


def _story_end(root: Any, gold: str) -> Any:
    """The last element whose own text holds the first six words of the gold's last line of 20
    characters or more (None when there is no such line or element)."""
    lines = [line.strip() for line in gold.splitlines() if len(line.strip()) > 20]
    if not lines:
        return None
    key = " ".join(lines[-1].split()[:6])
    found = None
    body = root.find(".//body")
    for el in (body if body is not None else root).iter(tag=lxml.etree.Element):
        if el.tag in ("script", "style", "head", "title", "meta"):
            continue
        own = " ".join(((el.text or "") + " ".join((child.tail or "") for child in el)).split())
        if key in own:
            found = el
    return found


def gold_seed(gold: str) -> int:
    """A number picked by the gold text: a probe's choices, the same from one run to the next."""
    return int(hashlib.md5(gold[:200].encode("utf-8")).hexdigest()[:6], 16)


def put_after(root: Any, anchor: Any, element: Any) -> None:
    """``element`` right after ``anchor`` (the anchor's tail moved after it); at the end of ``<body>``
    where there is no anchor, or it is ``<html>`` or ``<body>``."""
    if anchor is None or anchor.getparent() is None or anchor.tag in ("html", "body"):
        body = root.find(".//body")
        (body if body is not None else root).append(element)
        return
    element.tail, anchor.tail = anchor.tail, None
    anchor.addnext(element)


def add_thread(root: Any, gold: str, named: bool, few: bool = False) -> None:
    """Put a comment thread (see :func:`thread_markup`) after the story whose text is ``gold``."""
    thread = lxml.html.fragment_fromstring(thread_markup(gold_seed(gold), named, few))
    end = _story_end(root, gold)
    # After the block holding the story's end (the element itself where that block is <body>).
    anchor = end if end is None or end.getparent() is None or end.getparent().tag == "body" else end.getparent()
    put_after(root, anchor, thread)
