"""Reader comments as their own field, read apart from the body's selection."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

import scrapy_webclean as wc

MODERN = Path(__file__).resolve().parents[2] / "shared" / "corpora" / "modern-web"
PROSE = ("The council voted on Tuesday to delay the budget by a month, citing gaps in the figures. "
         "Officials said the revised plan would be published before the next meeting in the spring.")
FORM = ('<div id="respond" class="comment-respond"><h3>Write A Comment</h3><form class="comment-form">'
        '<p>Your email address will not be published. Required fields are marked *</p>'
        '<label>Comment</label><textarea></textarea><label>Name *</label><input name="author">'
        '<p><input type="checkbox"> Save my name, email, and website in this browser for the next time I comment.</p>'
        '<input type="submit" value="Post Comment"></form></div>')


def modern(pid: str) -> wc.ExtractResult:
    if not (MODERN / "ground-truth.json").exists():
        pytest.skip("../shared/corpora/modern-web not present")
    url = json.loads((MODERN / "ground-truth.json").read_text(encoding="utf-8"))[pid]["url"]
    return wc.extract(gzip.decompress((MODERN / "pages" / f"{pid}.html.gz").read_bytes()), url, comments=True)


def test_wordpress_thread_each_comment_once_with_author_and_date():
    r = modern("mw-0189")  # 39 comments in ol.commentlist, a "Write A Comment" form after them
    assert len(r.comment_items) == 39
    first = r.comment_items[0]
    assert (first["author"], first["date"]) == ("copywriting4u", "2014-05-26")
    assert first["text"].startswith("Great site and informative piece")
    texts = [c["text"] for c in r.comment_items]
    assert len(set(texts)) == len(texts)
    assert "Write A Comment" not in r.comments and "Save my name" not in r.comments
    assert r.comments.count("Great site and informative piece") == 1


def test_page_with_a_comment_form_and_no_comment_gives_none():
    body = f"<article><h1>Budget vote delayed</h1><p>{PROSE}</p></article>{FORM}"
    r = wc.extract(f"<html><head><title>T</title></head><body>{body}</body></html>", comments=True)
    assert r.comments == "" and r.comment_items == []
    assert PROSE[:40] in r.text


def test_replies_are_comments_of_their_own_not_repeated_in_their_parent():
    thread = ('<ol class="commentlist"><li id="comment-1" class="comment"><article class="comment-body">'
              '<footer class="comment-meta"><div class="comment-author vcard"><b class="fn">Ann Lee</b> says:</div>'
              '<div class="comment-metadata"><time datetime="2024-03-05T10:00:00+00:00">March 5, 2024</time></div>'
              '</footer><div class="comment-content"><p>First, a thoughtful remark about the budget.</p></div>'
              '<div class="reply"><a class="comment-reply-link">Reply</a></div></article>'
              '<ol class="children"><li id="comment-2" class="comment"><article class="comment-body">'
              '<footer class="comment-meta"><div class="comment-author vcard"><b class="fn">Bob Roe</b></div></footer>'
              '<div class="comment-content"><p>A reply that agrees with the first remark.</p></div></article></li></ol>'
              '</li></ol>')
    page = f"<html><body><article><p>{PROSE}</p></article><div id='comments'>{thread}</div>{FORM}</body></html>"
    r = wc.extract(page, comments=True)
    assert [(c["author"], c["date"], c["text"]) for c in r.comment_items] == [
        ("Ann Lee", "2024-03-05", "First, a thoughtful remark about the budget."),
        ("Bob Roe", None, "A reply that agrees with the first remark.")]
    assert r.comments.count("A reply that agrees") == 1 and "Reply" not in r.comments
    assert wc.extract(page).comments == ""  # only when asked for


def test_author_line_that_goes_on_with_the_date():
    r = modern("mw-0479")  # "John Scalzi December 18, 2025, 9:46 pm" in the comment's author element
    assert [(c["author"], c["date"]) for c in r.comment_items[:2]] == [("John Scalzi", "2025-12-18"),
                                                                        ("Emma", "2025-12-18")]
    assert len({c["text"] for c in r.comment_items}) == len(r.comment_items)
