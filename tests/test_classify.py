import pytest

import scrapy_webclean as wc
from scrapy_webclean._classify import _url_shape

STORY = "<p>" + "The committee met on Monday and agreed a plan for the river, officials said. " * 12 + "</p>"
ARTICLE = f"<html><body><nav><a href=/>Home</a> <a href=/world>World</a></nav><article>{STORY * 4}</article></body></html>"
TEASER = "<div class=item><a href=/story/{i}>A long headline about event number {i} in the news</a><span>Short teaser.</span></div>"
HUB = "<html><body>" + "".join(TEASER.format(i=i) for i in range(60)) + "</body></html>"


def test_article_page_is_content():
    r = wc.classify(ARTICLE.encode(), "https://news.example/world/2024/05/river-plan")
    assert r.kind == "content" and r.score > 0


def test_listing_of_headline_links_is_hub():
    r = wc.classify(HUB.encode(), "https://news.example/world")
    assert r.kind == "hub" and r.score < 0
    assert r.features["headline_links"] == 60


def test_declared_types_move_the_score():
    ld = '<script type="application/ld+json">{"@type": "NewsArticle"}</script>'
    og = '<meta property="og:type" content="article">'
    page = f"<html><head>{{}}</head><body><p>{'Some words here. ' * 20}</p></body></html>"
    plain = wc.classify(page.format(""), "https://x.example/a").score
    assert wc.classify(page.format(ld), "https://x.example/a").score > plain
    assert wc.classify(page.format(og), "https://x.example/a").score > plain
    collection = '<script type="application/ld+json">{"@type": ["CollectionPage"]}</script>'
    assert wc.classify(page.format(collection), "https://x.example/a").score < plain


@pytest.mark.parametrize("url, shape", [
    ("https://x.example/", "root"), ("https://x.example", "root"),
    ("https://x.example/news/2024/05/01/some-story", "article"),
    ("https://money.example/article/63.html", "article"),
    ("https://x.example/blog/how-we-built-our-new-search", "article"),
    ("https://x.example/item?id=123456", "other"),
    ("https://x.example/news", "other"), ("https://x.example/c/hiking-boots", "other"),
    (None, "other"), ("http://[bad", "other"),
])
def test_url_shape(url, shape):
    assert _url_shape(url) == shape


def test_cjk_prose_weighs_more_per_character():
    para = "<p>" + "国家统计局今天发布了最新数据，显示经济运行总体平稳。" * 8 + "</p>"
    links = "".join(f"<li><a href=/n{i}>新闻标题{i}</a></li>" for i in range(40))
    page = f"<html><body><ul>{links}</ul><div>{para}</div></body></html>"
    assert wc.classify(page.encode(), "https://cn.example/article/63.html").kind == "content"


@pytest.mark.parametrize("body", [b"", b"\x00" * 100, None, "   "])
def test_empty_pages_are_hubs_with_zero_score(body):
    r = wc.classify(body)
    assert r.kind == "hub" and r.score == 0


def test_real_pages(bbc_page, netease_page):
    assert wc.classify(bbc_page, "https://www.bbc.com/news/business-38646804").kind == "content"
    assert wc.classify(netease_page, "https://money.163.com/article/1.html").kind == "content"


def test_accepts_a_parsed_document(bbc_page):
    from scrapy_webclean._document import parse

    doc = parse(bbc_page)
    assert wc.classify(doc).kind == wc.classify(bbc_page).kind


def test_shared_corpora_balanced_accuracy_floor():
    from conftest import corpus_pages

    labels = {"article": "content", "blog": "content", "listing": "hub", "collection": "hub"}
    hits = {"hub": [0, 0], "content": [0, 0]}
    for pid, rec, raw in corpus_pages("modern-web"):
        label = labels.get(rec.get("page_type"))
        if label:
            kind = wc.classify(raw, rec["url"], encoding=rec.get("http_charset")).kind
            hits[label][0] += kind == label
            hits[label][1] += 1
    balanced = (hits["hub"][0] / hits["hub"][1] + hits["content"][0] / hits["content"][1]) / 2
    assert balanced >= 0.82  # measured 0.877 on the shared half of modern-web
