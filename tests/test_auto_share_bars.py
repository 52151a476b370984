"""Share bars inside a story (``_controls.share_bars``): a block whose links all share the page on a
network or by mail, holding nothing but them and a label, is left out of the body ``auto``
returns, whatever its words and language; a sentence offered to be tweeted and a line of other
links stay."""

from __future__ import annotations

import pytest

import scrapy_webclean as wc
from scrapy_webclean._document import parse
from scrapy_webclean.extractors._controls import share_bars

PARA = ("<p>The council met on Tuesday and delayed the budget vote again, the third time this year, "
        "after members argued for an hour about the cost of the old bridge.</p>")
FB = "https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fnews.example%2Fa"
TW = "https://twitter.com/intent/tweet?url=x"


def _text(widget: str) -> str:
    """``auto``'s text of a story with ``widget`` between its paragraphs."""
    page = (f"<html><head><title>Budget vote delayed</title></head><body><article><h1>Budget vote delayed</h1>"
            f"<div>{PARA * 2}{widget}{PARA * 2}</div></article></body></html>")
    return wc.extract(page.encode(), "https://news.example/a").text


@pytest.mark.parametrize("bar", [
    f'<ul><li><a href="{FB}">Share on Facebook</a></li><li><a href="{TW}">Share on X</a></li>'
    '<li><a href="mailto:?subject=Budget&body=https://news.example/a">Email</a></li></ul>',
    f'<div>Share this: <a href="{FB}">Facebook</a> | <a href="https://www.linkedin.com/shareArticle?url=x">LinkedIn</a>'
    '</div>',
    '<div>分享到：<a href="http://service.weibo.com/share/share.php?url=x">新浪微博</a> '
    '<a href="http://sns.qzone.qq.com/cgi-bin/qzshare/cgi_qzshare_onekey?url=x">QQ空间</a></div>',
])
def test_a_share_bar_is_left_out_whatever_its_words(bar):
    text = _text(bar)
    assert text.count("the old bridge") == 4
    assert not any(word in text for word in ("Facebook", "Share", "Email", "LinkedIn", "微博", "QQ空间", "分享"))


@pytest.mark.parametrize("kept", [
    # A sentence of the story offered to be tweeted: a quote, not a button.
    f'<p><a href="{TW}">Increasing your visibility gradually lets you grow into the role with less stress.</a></p>',
    # A sentence around a share link.
    f'<p>Readers who want to help can <a href="{FB}">post the appeal to their friends</a> before Friday\'s '
    "deadline.</p>",
])
def test_a_tweetable_quote_and_a_sentence_around_a_share_link_stay(kept):
    text = _text(kept)
    assert text.count("the old bridge") == 4
    assert any(words in text for words in ("Increasing your visibility", "post the appeal"))


def test_a_mail_link_in_a_line_of_other_links_is_no_bar():
    line = ('<p><a href="/new">What\'s new</a> | <a href="/contact">Contact us</a> | '
            '<a href="mailto:?subject=x">Email this page</a></p>')
    doc = parse(f"<html><body><div>{PARA}{line}<div><a href='mailto:?subject=y'>Email</a></div></div></body></html>")
    root = doc.tags.index("div")
    bars = share_bars(doc, root, bytearray(b"\x01" * len(doc)))
    assert [doc.tags[b] for b in bars] == ["div"] and "Email this page" not in "".join(doc.nodes[bars[0]].itertext())
