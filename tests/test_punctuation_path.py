"""punctuation_path (seed 002): sample path by full stops, then path similarity."""

import doctest

import pytest

import scrapy_webclean as wc
from scrapy_webclean.extractors import punctuation_path
from scrapy_webclean.extractors.punctuation_path import path_similarity, worst_case_threshold

P1 = "市政府周二批准了新的预算。学校和道路将获得更多资金。官员表示变化明年开始。"  # 3 full stops
P2 = "居民对此表示欢迎。但也有人担心税收会增加。"  # 2 full stops


def run(body, **opts):
    return wc.extract(body, extractor="punctuation_path", **opts).text


def test_doctests():
    assert doctest.testmod(punctuation_path).failed == 0


def test_similarity_boundary_cases():
    a = ("html", "body", "div", "p", "text")
    assert path_similarity(a, a) == 1.0
    assert path_similarity(a, ("xml",) + a[1:]) == 0.0  # roots differ
    assert path_similarity((), ()) == 0.0
    # Linked and emphasised: one node fewer matches, two more nodes: exactly the worst case.
    worst = ("html", "body", "div", "p", "a", "strong", "text")
    assert path_similarity(a, worst) == pytest.approx(worst_case_threshold(len(a)))
    assert worst_case_threshold(5) == pytest.approx(8 / 12)


def test_sample_path_is_the_leaf_with_most_full_stops():
    body = (f"<html><body><div><p>{P1}</p><p>{P2}</p></div>"
            f"<ul><li>网站首页，新闻中心，联系我们</li></ul></body></html>")
    text = run(body)
    assert P1 in text and P2 in text
    assert "网站首页" not in text  # html body ul li text: similarity 6/11 < 8/12


def test_linked_and_emphasised_leaf_passes_the_worst_case_threshold():
    body = (f"<html><body><div><p>{P1}<a href='/x'><strong>相关链接文字</strong></a>{P2}</p>"
            f"<p>{P1}<a href='/y'><strong><em>更深一层的文字</em></strong></a></p></div></body></html>")
    text = run(body)
    assert "相关链接文字" in text  # 2*4 / (5+7) = the threshold: kept
    assert "更深一层的文字" not in text  # 2*4 / (5+8) < threshold
    assert "更深一层的文字" in run(body, threshold=0.5)


def test_sidebar_leaf_on_another_path_is_dropped():
    body = (f"<html><body><div><div><p>{P1}</p><p>{P2}</p></div></div>"
            f"<table><tr><td>热门推荐：今日要闻一览。</td></tr></table></body></html>")
    text = run(body)
    assert P1 in text and "热门推荐" not in text


def test_node_key_tag_class_separates_same_shaped_boxes():
    body = (f"<html><body><div class='article'><p>{P1}</p><p>{P2}</p></div>"
            f"<div class='sidebar'><p>热门推荐：今日要闻一览。</p></div></body></html>")
    assert "热门推荐" in run(body)  # same tags, same path: the seed keeps it
    text = run(body, node_key="tag_class")
    assert P1 in text and "热门推荐" not in text


def test_sample_is_checked_against_other_punctuation_rich_leaves():
    outlier = "这是一条很长的评论。" * 6  # the single leaf with most full stops
    body = (f"<html><body><table><tr><td>{outlier}</td></tr></table>"
            f"<div><p>{P1}</p><p>{P1}</p><p>{P1}</p><p>{P1}</p></div></body></html>")
    assert run(body, sample_candidates=1) == outlier  # the seed's step 3 alone
    text = run(body)  # the path that keeps most full stops wins
    assert text.count(P1) == 4 and "评论" not in text


def test_punctuation_option_chooses_the_marks():
    body = "<html><body><div><p>太好了！我们赢了！</p></div><ul><li>首页</li></ul></body></html>"
    assert run(body, fallback="none") == ""
    assert run(body, punctuation="。！？") == "太好了！我们赢了！"


def test_english_page_falls_back_to_latin_sentence_ends():
    body = ("<html><body><ul><li><a href='/'>Home</a></li><li><a href='/n'>News v2.0</a></li></ul>"
            "<div><p>The council approved the budget. Schools will get more money.</p>"
            "<p>Residents welcomed it. Some worry about taxes!</p></div></body></html>")
    text = run(body)
    assert "council approved" in text and "Residents welcomed" in text
    assert "Home" not in text
    assert run(body, fallback="none") == ""


def test_leaves_are_grouped_by_block_parent_and_br():
    body = (f"<html><body><div><p>{P1}<a href='/x'>链接</a> {P2}</p><p>{P2}<br>第二行。</p></div>"
            "</body></html>")
    assert run(body).split("\n") == [f"{P1}链接 {P2}", P2, "第二行。"]


def test_form_is_removed_as_in_the_seed():
    body = f"<html><body><div><p>{P1}</p><form><p>{P2}</p></form></div></body></html>"
    assert P2 not in run(body)
    assert P2 not in run(body, threshold=0.5)
    assert P2 in run(body, remove_tags=(), threshold=0.5)  # 2*3 / (5+6) >= 0.5


def test_real_pages(netease_page, bbc_page):
    text = run(netease_page)
    assert text.startswith("地方政府对于拥抱互联网+的热情") and "网易" not in text[-200:]
    assert "Scaramucci" in run(bbc_page)


@pytest.mark.parametrize("body", [b"", b"<html></html>", "<body><p>no marks here</p></body>",
                                  "<body>" + "<div>" * 5000 + "深层文字。" + "</div>" * 5000])
def test_degenerate_pages_do_not_crash(body):
    assert isinstance(run(body), str)
