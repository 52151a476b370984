"""Without a URL, ``extract`` and ``classify`` read a page by the URL it declares for itself
(``_declared_url``): one hand-made page per rule, then real pages."""

from __future__ import annotations

import pytest

import scrapy_webclean as wc
from scrapy_webclean._declared_url import declared_url
from scrapy_webclean._document import parse

from conftest import corpus_page


def head(*tags: str) -> bytes:
    return f"<html><head>{''.join(tags)}</head><body><p>Text.</p></body></html>".encode()


CANONICAL = '<link rel="canonical" href="https://news.example/2024/03/04/budget-vote-delayed">'
OG = '<meta property="og:url" content="https://news.example/og">'


def test_the_canonical_link_comes_first_then_og_url():
    assert declared_url(parse(head(OG, CANONICAL))) == "https://news.example/2024/03/04/budget-vote-delayed"
    assert declared_url(parse(head(OG))) == "https://news.example/og"
    assert declared_url(parse(head('<link rel="Canonical alternate" href=" https://a.example/x ">'))) \
        == "https://a.example/x"


@pytest.mark.parametrize("link", [
    '<link rel="canonical" href="/2024/03/story">',  # relative: against what?
    '<link rel="canonical" href="javascript:void(0)">',
    '<link rel="canonical" href="http://[::1">',  # urllib cannot split it
    f'<link rel="canonical" href="https://a.example/{"x" * 1_000_000}">',  # a megabyte attribute
    '<link rel="stylesheet" href="https://a.example/site.css">',
])
def test_what_is_no_declared_url(link):
    assert declared_url(parse(head(link))) is None
    assert declared_url(parse(head(link, OG))) == "https://news.example/og"


def test_a_url_given_is_read_whatever_the_page_declares():
    body = head(CANONICAL)
    assert wc.extract(body, "https://other.example/").url == "https://other.example/"
    assert wc.extract(body).url is None  # the result's url stays what the caller gave
    assert wc.extract(body).canonical_url == "https://news.example/2024/03/04/budget-vote-delayed"


@pytest.mark.parametrize("corpus, pid", [
    ("modern-web", "mw-0614"),  # read as a hub without its URL: its article's text went (0.64 -> 0.04)
    ("dragnet", "dragnet-R769"),  # the same: 0.84 -> 0.25
])
def test_real_pages_without_their_url_read_as_with_it(corpus, pid):
    rec, body = corpus_page(corpus, pid)
    given = wc.extract(body, rec["url"], encoding=rec.get("http_charset"))
    alone = wc.extract(body, encoding=rec.get("http_charset"))
    assert alone.text == given.text
    assert wc.classify(body, encoding=rec.get("http_charset")).kind == wc.classify(body, rec["url"]).kind


def test_extract_and_classify_read_an_unsplittable_url_as_none_alike():
    # "http://[::1" cannot be split: both read the page by the URL it declares, a dated article's.
    listing = "".join(f"<li><a href='/s/{i}'>A headline that links to story number {i}</a></li>" for i in range(40))
    body = f"<html><head>{CANONICAL}</head><body><ul>{listing}</ul></body></html>".encode()
    assert wc.classify(body, "http://[::1").score == wc.classify(body).score == wc.classify(
        body, "https://news.example/2024/03/04/budget-vote-delayed").score
    assert wc.extract(body, "http://[::1").text == wc.extract(body).text
