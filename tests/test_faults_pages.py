"""Bodies that are no page, and pages sent with a wrong charset: real crawls
against a local server."""

from __future__ import annotations

import pytest
from faultkit import article, crawl, index, serve

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
