"""The comments field on pages whose comments carry no comment markup it knows: read from the
threads ``auto`` finds by their shape and from subtrees named as a thread (``_thread_comments``)."""

from __future__ import annotations

import pytest

import scrapy_webclean as wc
from scrapy_webclean.extractors._thread_comments import _author

from conftest import corpus_page
from test_auto_threads import MESSAGES as FOUR_MESSAGES, STORY

MESSAGES = FOUR_MESSAGES[:3]


def page(after: str) -> str:
    return (f"<html><head><title>Budget vote delayed</title></head><body><div><h1>Budget vote delayed</h1>"
            f"{STORY}</div>{after}</body></html>")


def items(html: str) -> list[tuple[str | None, str | None, str]]:
    r = wc.extract(html, "https://news.example/2024/03/05/budget.html", comments=True)
    assert "Paragraph 5 of the story" in r.text and not any(m in r.text for m in MESSAGES)
    return [(c["author"], c["date"], c["text"]) for c in r.comment_items]


def _unnamed(i: int, m: str) -> str:
    # Blog software's template with its class names taken away: a name line, a date line, the message.
    return f"<div><div><b>Reader{i}</b> said,</div><div><a href='#c{i}'>March {i + 5}, 2024 at 8:3{i} am</a></div><p>{m}</p></div>"


def _commentbody(i: int, m: str) -> str:
    # Movable Type's "commentbody" boxes: the message, then "Posted by: Reader at <date>".
    return (f'<div class="commentbody"><div><p>{m}</p></div><p class="posted">Posted by: Reader{i} at '
            f'<a href="#c{i}">March {i + 5}, 2024  1:5{i} PM</a></p></div>')


def _blogger(i: int, m: str) -> str:
    # Blogger: <dt> "Name said..." / <dd> message / <dd> time (inside <div id="comments"><dl>, below).
    return f"<dt>Reader{i} said...</dt><dd><p>{m}</p></dd><dd><span><a href='#c{i}'>March {i + 5}, 2024 3:04 PM</a></span></dd>"


@pytest.mark.parametrize("comment, wrap", [
    (_unnamed, "<div><h3>3 Responses</h3>{}</div>"),  # a thread without names: found by its shape
    (_commentbody, "{}"),  # comments named one by one, the byline under the message
    (_blogger, '<div id="comments"><h4>3 comments:</h4><dl>{}</dl></div>'),  # a flat thread, looked into
])
def test_each_comment_of_a_thread_with_its_author_and_date(comment, wrap):
    html = page(wrap.format("".join(comment(i, m) for i, m in enumerate(MESSAGES))))
    assert items(html) == [(f"Reader{i}", f"2024-03-0{i + 5}", m) for i, m in enumerate(MESSAGES)]


def test_the_known_markup_wins_and_a_page_without_a_thread_gives_none():
    wordpress = "".join(f'<li id="comment-{i}" class="comment"><p>{m}</p></li>' for i, m in enumerate(MESSAGES))
    r = wc.extract(page(f'<ol class="commentlist">{wordpress}</ol>'), comments=True)
    assert [c["text"] for c in r.comment_items] == MESSAGES
    # A box named "comments" of headlines under their times names no one and gives no date: no comments.
    headlines = "".join(f"<li><a href='/n{i}'>Council news item {i}</a> <span>10:1{i}</span><p>What the council "
                        f"decided on the bridge repairs, item {i}.</p></li>" for i in range(4))
    assert wc.extract(page(f'<ul class="comments">{headlines}</ul>'), comments=True).comment_items == []
    assert wc.extract(page(""), comments=True).comment_items == []
    # The site's recent comments, on other pages, in a box so named: none of this page's.
    recent = "".join(_unnamed(i, m) for i, m in enumerate(MESSAGES))
    assert wc.extract(page(f'<section id="recent-comments"><h4>Recent Comments</h4>{recent}</section>'),
                      comments=True).comment_items == []


def test_a_byline_s_name_without_its_date_and_labels():
    assert _author("Posted by: Geraldanthro at   PM") == "Geraldanthro"
    assert _author("1 - Posted by: MattPatt  ") == "MattPatt"
    assert _author("Slaytanic40oz - Tuesday,  at   PM") == "Slaytanic40oz"
    assert _author("  PM") is None and _author("about Jennifer responded") == "Jennifer"


def test_real_pages_whose_comments_the_markup_reader_missed():
    record, body = corpus_page("dragnet", "dragnet-R682")  # Schneier: 14 "commentbody" boxes
    found = wc.extract(body, record["url"], comments=True).comment_items
    assert len(found) == 14 and (found[0]["author"], found[0]["date"]) == ("Geraldanthro", "2012-11-08")
    assert found[1]["text"] == "Engineering not sexy? Awwww..."
    record, body = corpus_page("cleaneval", "cleaneval-final-364")  # a 2003 Movable Type blog: 3 comments
    found = wc.extract(body, record["url"], comments=True).comment_items
    assert [(c["author"], c["date"]) for c in found] == [
        ("Robert", "2003-10-27"), ("Mama", "2003-10-27"), ("Dr. Biggles", "2003-10-28")]
    assert all(c["text"] in record["articleBody"].replace("\n", " ") or c["text"][:40] in record["articleBody"]
               for c in found)
