"""Bodies that are no page, and pages sent with a wrong charset: real crawls
against a local server."""

from __future__ import annotations

import pytest
from faultkit import ROOT, article, crawl, index, serve

from scrapy_webclean._encoding import decode_body

PNG = b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 40


@pytest.fixture(scope="module")
def odd_site():
    pages = {f"/news/{n}": ("text/html; charset=utf-8", article(n).encode()) for n in range(3)}
    pages.update({
        "/empty": ("text/html", b""),
        "/blank": ("text/html", b"<html><body> </body></html>"),
        "/image": ("text/html", PNG),
        "/json": ("text/html; charset=utf-8", b'{"items": [1, 2, 3], "next": null}'),
    })
    pages["/"] = ("text/html; charset=utf-8", index(sorted(pages)))
    with serve(pages) as base:
        yield base


def test_binary_empty_and_non_html_bodies_are_not_hubs(odd_site, tmp_path):
    items, stats, _ = crawl([odd_site + "/"], tmp_path, WEBCLEAN_WORKERS=1, WEBCLEAN_SST_ENABLED=False)
    assert stats["webclean/pages/hub"] == 1  # the index only
    assert stats["webclean/pages/content"] == 3
    assert stats["webclean/pages/empty"] == 2
    assert stats["webclean/pages/binary"] == 1
    assert stats["webclean/pages/not_html"] == 1
    # Their items pass through, counted apart from hubs, with no text.
    assert stats["webclean/items/skipped/empty"] == 2
    assert stats["webclean/items/skipped/binary"] == 1
    assert stats["webclean/items/skipped/not_html"] == 1
    assert stats["webclean/items/extracted"] == 3 and len(items) == 7
    by_path = {item["url"].split("/", 3)[3]: item for item in items}
    assert by_path["image"]["page_type"] == "binary" and "text" not in by_path["image"]


GBK_PAGE = (ROOT / "tests" / "pages" / "163-article-gbk.html").read_bytes()


def _han(text: str) -> int:
    return sum("\u4e00" <= ch <= "\u9fff" for ch in text)


def test_a_page_sent_with_a_wrong_charset_is_decoded_with_its_own():
    """A GBK page sent as UTF-8 came out mostly U+FFFD; its own declaration
    (or detection, or GB18030) is tried and the cleanest decoding kept."""
    right, _ = decode_body(GBK_PAGE, "gbk")
    text, codec = decode_body(GBK_PAGE, "utf-8")
    assert codec == "gb18030" and text == right and "\ufffd" not in text
    # Without its declaration: detected.
    undeclared = GBK_PAGE.replace(b'<meta charset="gb2312">', b"")
    text, codec = decode_body(undeclared, "utf-8")
    assert codec == "gb18030" and _han(text) > 500 and "\ufffd" not in text
    # A Latin-1 page sent as UTF-8, without a declaration.
    latin = ("<p>" + "Le café de la gare était fermé à cause de la grève. " * 20 + "</p>").encode("latin-1")
    text, codec = decode_body(latin, "utf-8")
    assert codec == "cp1252" and "café" in text and "\ufffd" not in text


def test_a_page_in_its_right_charset_or_of_mixed_charsets_is_decoded_as_before():
    text, codec = decode_body(GBK_PAGE, "gbk")
    assert codec == "gb18030" and "\ufffd" not in text
    # Mostly UTF-8 with some Latin-1 bytes: UTF-8 reads most of it, kept.
    mixed = ("<p>" + "北京的天气很好，我们去公园散步。" * 40 + "</p>").encode() + "<p>café à la grève</p>".encode("latin-1") * 10
    text, codec = decode_body(mixed, "utf-8")
    assert codec == "utf-8" and _han(text) == 40 * 14 and text.count("\ufffd") == 30


def test_a_crawl_counts_and_fixes_pages_sent_with_a_wrong_charset(tmp_path):
    pages = {"/gbk-as-utf8": ("text/html; charset=utf-8", GBK_PAGE),
             "/gbk": ("text/html; charset=gbk", GBK_PAGE)}
    pages["/"] = ("text/html; charset=utf-8", index(sorted(pages)))
    with serve(pages) as base:
        items, stats, _ = crawl([base + "/"], tmp_path, WEBCLEAN_WORKERS=1, WEBCLEAN_SST_ENABLED=False,
                                WEBCLEAN_FIELDS=["title", "text", "page_type", "encoding"])
    by_path = {item["url"].rsplit("/", 1)[1]: item for item in items}
    assert stats["webclean/pages/wrong_charset"] == 1
    fixed, right = by_path["gbk-as-utf8"], by_path["gbk"]
    assert fixed["text"] == right["text"] and _han(fixed["text"]) > 200 and "\ufffd" not in fixed["text"]
    assert fixed["encoding"] == "gb18030"
