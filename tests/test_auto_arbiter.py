"""``auto``'s second opinion (paragraph-score propagation) and the arbiter
between the two picks: one hand-made page per rule, the model file, the
training's determinism, and real pages where the block pick alone fails."""

from __future__ import annotations

import math
import sys
from pathlib import Path

import pytest

import scrapy_webclean as wc
from scrapy_webclean._document import parse
from scrapy_webclean._render import NodeSelection
from scrapy_webclean.extractors._arbiter import FEATURES, _model, decide, learned, prefer_propagation, probability
from scrapy_webclean.extractors._propagation import propagation_pick

from conftest import corpus_page, corpus_pages
from test_auto import MORE, PROSE

LINKS = "".join(f'<li><a href="/s{i}">Another story number {i}</a></li>' for i in range(12))


def picked(html: str) -> str:
    doc = parse(f"<html><head><title>T</title></head><body>{html}</body></html>".encode())
    pick = propagation_pick(doc, doc.measures)
    assert pick.root >= 0
    return NodeSelection(doc, pick.root, pick.drop, excluded=doc.measures.excluded).text()


def test_propagation_picks_the_paragraphs_not_the_link_lists():
    text = picked(f'<div class="menu"><ul>{LINKS}</ul></div>'
                  f'<div class="story"><p>{PROSE}</p><p>{MORE}</p></div><div><ul>{LINKS}</ul></div>')
    assert PROSE in text and MORE in text
    assert "Another story" not in text


def test_loose_text_of_a_division_scores_as_paragraphs():
    # Blog software writes a post as text and <br> in one division, no <p>.
    post = f'<div class="post-body">{PROSE}<br><br>{MORE}<br><a href="/x">a link</a></div>'
    text = picked(f'<div class="side"><p>Short note, one.</p><p>Another, two.</p></div>{post}')
    assert PROSE in text and MORE in text
    assert "Short note" not in text


def test_a_short_pick_is_tried_again_with_the_unlikely_names_back_in():
    # A layout wrapper named like a sidebar holds the whole article.
    text = picked(f'<div class="one-sidebar-right"><div><p>{PROSE}</p><p>{MORE}</p></div></div>')
    assert PROSE in text


def test_link_poor_sibling_paragraphs_join_and_link_rows_do_not():
    text = picked(f'<div><div class="entry"><p>{PROSE}</p><p>{PROSE}</p></div>'
                  f'<p>{MORE}</p><div class="links"><ul>{LINKS}</ul></div></div>')
    assert MORE in text
    assert "Another story" not in text


def test_link_dense_division_inside_the_body_is_cleaned_out():
    text = picked(f'<div class="story"><p>{PROSE}</p><div class="box"><ul>{LINKS}</ul></div><p>{MORE}</p></div>')
    assert PROSE in text and MORE in text
    assert "Another story" not in text


def test_divisions_of_text_count_as_paragraphs_when_cleaning():
    # Readability reads a division without blocks as a paragraph: three of
    # them outweigh one text box, and hidden inputs are no box at all.
    parts = "".join(f"<div>{t}</div>" for t in (PROSE, MORE, PROSE))
    text = picked(f'<div class="story"><p>{PROSE}</p><p>{MORE}</p>'
                  f'<div class="poll">{parts}<input type="text" name="q"></div>'
                  f'<div class="note"><div>Second note, with its own text to read.</div>'
                  f'<input type="hidden" name="a"><input type="hidden" name="b"></div></div>')
    assert text.count(PROSE) == 3
    assert "Second note" in text


def test_a_share_named_wrapper_is_not_ruled_out():
    # Only readability's own unlikely names rule a subtree out ("share" is a negative weight, not a verdict).
    text = picked(f'<div class="share_wrapper"><div class="article"><p>{PROSE}</p><p>{MORE}</p>'
                  f'<p>{PROSE}</p></div></div><div class="side"><p>{MORE}</p><p>{MORE}</p><p>{MORE}</p></div>')
    assert text.count(PROSE) == 2


CAPTIONS = "".join(f"<li><p>Photo {k}: residents, officials and reporters at the meeting, in the hall, on Tuesday, "
                   f"as the vote was postponed, again, for the third time, this year.</p></li>" for k in range(8))


def test_the_paragraphs_the_page_marks_as_its_article_body_win_over_a_bigger_gallery():
    text = picked(f'<div class="wrap"><div itemprop="articleBody"><p>{PROSE}</p><p>{MORE}</p></div></div>'
                  f'<div class="gallery"><ul>{CAPTIONS}</ul></div>')
    assert PROSE in text and MORE in text
    assert "Photo 3" not in text


def test_outside_an_article_the_main_region_holding_twice_the_text_is_the_body():
    sections = "".join(f'<div class="row"><section><h2>Part {k}</h2><p>{PROSE}</p><p>{MORE}</p></section></div>'
                       for k in range(3))
    text = picked(f'<header><p>Town News, the paper of record since 1901.</p></header><main>{sections}</main>')
    assert text.count(PROSE) == 3 and text.count(MORE) == 3


def test_block_quotes_score_as_paragraphs():
    # A letter quoted in full: its paragraphs are block quotes.
    letter = f'<div class="letter"><blockquote>{PROSE}</blockquote><blockquote>{MORE}</blockquote>' \
             f'<blockquote>{PROSE}</blockquote></div>'
    text = picked(f'{letter}<div class="note"><p>{MORE}</p></div>')
    assert text.count(PROSE) == 2


def _furniture_b_only(html: str) -> float:
    from scrapy_webclean.extractors.base import get_extractor, resolve_options
    from scrapy_webclean.extractors.auto import _auto_pick
    from scrapy_webclean.extractors._arbiter import features
    from scrapy_webclean._render import kept_mask

    doc = parse(f"<html><head><title>T</title></head><body>{html}</body></html>".encode())
    selection, _, strength, furniture, _ = _auto_pick(doc, resolve_options(get_extractor("auto"), {}))
    assert furniture is not None
    pick = propagation_pick(doc, doc.measures)
    x = features(doc, doc.measures, selection.root, kept_mask(doc, selection.root, selection.skip_mask()), strength,
                 pick, kept_mask(doc, pick.root, pick.drop), furniture)
    return x[FEATURES.index("furniture_b_only")]


@pytest.mark.parametrize("name, share", [("author-bio", 1.0), ("part-two", 0.0)])
def test_what_the_propagation_pick_adds_is_measured_as_the_block_pick_read_it(name, share):
    # The paragraphs join the story's in the propagation pick; the block pick
    # read a box named as furniture (an author's bio) as furniture.
    story = f'<div class="story"><p>{PROSE}</p><p>{MORE}</p><p>{PROSE}</p></div>'
    assert _furniture_b_only(f'<div>{story}<div class="{name}"><p>{MORE}</p><p>{MORE}</p></div></div>') == share


def _post(k: int, body_class: str = "entry-content") -> str:
    return (f'<div class="item"><p class="date">May {k}</p><h2><a href="/p{k}">Post {k}</a></h2>'
            f'<div class="{body_class}"><p>Post {k}. {PROSE}</p><p>{MORE}</p></div>'
            f'<p class="by">Posted by <a href="/me">me</a> | <a href="/p{k}#c">Comments (3)</a></p></div>')


def test_segments_of_one_content_class_join_the_best_one():
    # A blog's front page: each post's body under its own wrapper, named alike.
    text = picked(f'<div id="content">{"".join(_post(k) for k in range(3))}</div>'
                  f'<div class="side"><ul>{LINKS}</ul></div>')
    assert all(f"Post {k}. {PROSE}" in text for k in range(3))
    assert "Another story" not in text


def test_segments_need_a_content_class_in_common():
    # Bodies named by no content word ("item-text" has none of readability's
    # positive names): the best one's parent alone, as before readability-lxml 0.9.
    text = picked(f'<div id="content">{"".join(_post(k, "item-txt") for k in range(3))}</div>')
    assert text.count(PROSE) == 1


@pytest.mark.parametrize("corpus, pid, wanted", [
    # The story's text is in <div>s and <br>s; a search form sits beside it.
    ("googlenews", "googlenews-252824cc-5dda-418c-8693-524ff52586f4", "Several clips posted on video-sharing"),
    # The story sits in a wrapper named "share_wrapper".
    ("dragnet", "dragnet-R375", "Security researcher Tavis Ormandy discovered"),
    # A blog's front page: the second post's body (a segment), beside the longest one.
    ("cleaneval", "cleaneval-final-334", "Based on what I've been writing (ranting) about"),
])
def test_propagation_pick_on_real_pages(corpus, pid, wanted):
    rec, body = corpus_page(corpus, pid)
    doc = parse(body, rec["url"], encoding=rec.get("http_charset"))
    pick = propagation_pick(doc, doc.measures)
    assert wanted in NodeSelection(doc, pick.root, pick.drop, excluded=doc.measures.excluded).text()


def test_safety_net_an_article_in_an_aside_is_not_lost():
    # The block pick leaves <aside> out as furniture; the paragraphs show the body.
    body = f"<aside><h1>Budget vote delayed</h1><p>{PROSE}</p><p>{MORE}</p><p>{PROSE}</p></aside>"
    r = wc.extract(f"<html><head><title>T</title></head><body>{body}</body></html>".encode())
    assert PROSE in r.text and MORE in r.text


def test_the_same_text_either_way_keeps_the_block_pick():
    x = [0.0] * len(FEATURES)
    x[FEATURES.index("a_in_b")] = x[FEATURES.index("b_in_a")] = 1.0
    assert not prefer_propagation(x, lambda _: 1.0, 0.5)


def _picks(log_a: float, log_b: float, ld_a: float, ld_b: float, tag: float = 1.0) -> list[float]:
    """Features of two disjoint picks (the trees say no: probability 0) on a page the tagger
    scores ``tag`` (positive: an article)."""
    x = [0.0] * len(FEATURES)
    x[FEATURES.index("log_a")], x[FEATURES.index("log_b")] = math.log1p(log_a), math.log1p(log_b)
    x[FEATURES.index("ld_a")], x[FEATURES.index("ld_b")] = ld_a, ld_b
    x[FEATURES.index("tag_score")] = tag
    return x


def test_a_sliver_yields_to_a_long_body_of_paragraphs():
    assert prefer_propagation(_picks(170, 12_000, 0.0, 0.05), lambda _: 0.0, 0.5)
    assert not prefer_propagation(_picks(170, 1_500, 0.0, 0.05), lambda _: 0.0, 0.5)  # not long
    assert not prefer_propagation(_picks(400, 12_000, 0.0, 0.05), lambda _: 0.0, 0.5)  # not a sliver
    assert not prefer_propagation(_picks(170, 12_000, 0.0, 0.4), lambda _: 0.0, 0.5)  # links, not prose


def test_a_headline_list_yields_to_the_prose_of_a_short_article():
    assert prefer_propagation(_picks(1_000, 450, 0.9, 0.05), lambda _: 0.0, 0.5)
    assert not prefer_propagation(_picks(1_000, 450, 0.4, 0.05), lambda _: 0.0, 0.5)  # not mostly links
    assert not prefer_propagation(_picks(1_000, 450, 0.9, 0.3), lambda _: 0.0, 0.5)  # links there too
    assert not prefer_propagation(_picks(1_000, 150, 0.9, 0.05), lambda _: 0.0, 0.5)  # too short
    # On a page tagged a hub, the links are the content: the block pick's landing page stays.
    assert not prefer_propagation(_picks(1_000, 450, 0.9, 0.05, tag=-2.0), lambda _: 0.0, 0.5)


def test_on_a_page_in_cjk_script_only_the_fixed_rules_arbitrate():
    # The trees did not carry to CJK sites held out of their fitting: there, only the fixed rules decide.
    x = _picks(1_000, 3_000, 0.1, 0.05)
    cjk = FEATURES.index("cjk")
    assert learned(x) and prefer_propagation(x, lambda _: 1.0, 0.5)
    x[cjk] = 4.0  # CJK sentence marks per 100 characters
    assert not learned(x) and not prefer_propagation(x, lambda _: 1.0, 0.5)
    # The safety net still yields; and where the block pick is (next to) nothing (a site tree's
    # cleaning left a 144-character story to the propagation pick alone), the trees decide again.
    assert prefer_propagation(_picks(40, 3_000, 0.0, 0.05)[:cjk] + [4.0] + x[cjk + 1:], lambda _: 0.0, 0.5)
    nothing, short = _picks(0, 150, 0.0, 0.0), _picks(185, 3_000, 0.0, 0.4)
    nothing[cjk] = short[cjk] = 4.0
    assert learned(nothing) and prefer_propagation(nothing, lambda _: 1.0, 0.5)
    assert not learned(short) and not prefer_propagation(short, lambda _: 1.0, 0.5)  # a short article


def test_on_a_page_in_cjk_script_one_region_gives_what_both_picks_keep():
    # No trees weigh the two cuts there: where the picks hold one region (each at least half of
    # the other's text), what both keep, as favor="precision" does; disjoint picks, the block pick.
    def never(x, name):
        raise AssertionError("the trees were asked about a CJK page")

    x = _picks(2_000, 2_400, 0.05, 0.05)
    x[FEATURES.index("cjk")] = 4.0
    assert decide(x, never, (0.5, 0.5)) == "a"  # disjoint
    x[FEATURES.index("a_in_b")], x[FEATURES.index("b_in_a")] = 0.95, 0.8
    assert decide(x, never, (0.5, 0.5)) == "c"
    x[FEATURES.index("b_in_a")] = 0.4
    assert decide(x, never, (0.5, 0.5)) == "a"
    # Elsewhere the trees decide as before.
    x[FEATURES.index("cjk")], x[FEATURES.index("b_in_a")] = 0.0, 0.8
    assert decide(x, lambda v, name: 0.0, (0.5, 0.5)) == "a"
    assert decide(x, lambda v, name: 1.0 if name == "both" else 0.0, (0.5, 0.5)) == "c"


def test_a_chinese_page_never_meets_the_trees(monkeypatch):
    from scrapy_webclean.extractors import _arbiter

    def no_trees(x, name="propagation"):
        raise AssertionError("the trees were asked about a CJK page")

    monkeypatch.setattr(_arbiter, "probability", no_trees)
    rec, body = next((r, b) for p, r, b in corpus_pages("articles-zh"))
    assert wc.extract(body, rec.get("url"), encoding=rec.get("http_charset")).text


#: A Chinese portal's story of 2004: a short news item under its headline (in bold, in a table cell),
#: its related links under it, a customer-service notice box with its own label in the next column.
_ZH_TITLE = "国务院常务会议部署稳就业工作"
_ZH_STORY = ("　　新华社北京3月3日电 国务院常务会议今天召开，研究部署进一步做好稳就业工作。会议指出，就业是最大的民生。",
             "　　会议要求，各地要加大对中小企业的支持力度，落实减税降费政策，帮助企业稳定岗位。")
_ZH_NOTICE = ("尊敬的用户：为了给您提供更好的服务，本网站客服热线工作时间调整为每日上午八点至晚上十点。如您在使用过程中遇到"
              "任何问题，请拨打客服电话或发送电子邮件，我们将在二十四小时内回复。感谢您对本网站的支持与理解！本网站保留对本"
              "公告的最终解释权。如需投诉或建议，请登录用户中心提交工单，我们会尽快处理。谢谢合作。")


def _portal(headline: str, notice_first: bool = False, page_title: str = f"{_ZH_TITLE}_新闻中心") -> bytes:
    related = "".join(f'<tr><td><a href="/n{i}.html">相关新闻标题第{i}条国务院部署工作</a></td></tr>' for i in range(12))
    menu = "".join(f'<a href="/c{i}">栏目{i}</a> ' for i in range(15))
    story = (f'<td width=560><table><tr><td class=title>{headline}</td></tr><tr><td>2004年03月03日 10:20 新华网</td></tr>'
             f'<tr><td><P>{_ZH_STORY[0]}</P><P>{_ZH_STORY[1]}</P></td></tr><tr><td><table>{related}</table></td></tr>'
             '</table></td>')
    box = f'<td width=200><table><tr><td><b>客服公告</b></td></tr><tr><td>{_ZH_NOTICE}</td></tr></table></td>'
    columns = box + story if notice_first else story + box
    return (f'<html><head><meta charset="gb2312"><title>{page_title}</title></head><body><table><tr><td>{menu}'
            f'</td></tr></table><table><tr>{columns}</tr></table><table><tr><td>版权所有 © 2004 新闻中心</td></tr>'
            '</table></body></html>').encode("gb18030")


@pytest.mark.parametrize("headline, notice_first", [
    (f"<b>{_ZH_TITLE}</b>", False), (f"<h1>{_ZH_TITLE}</h1>", False), (_ZH_TITLE, False),
    (f"<font size=4><strong>{_ZH_TITLE}</strong></font>", False), (f"<b>{_ZH_TITLE}</b>", True)])
def test_on_a_cjk_page_the_pick_the_title_opens_wins_over_a_box_apart(headline, notice_first):
    # The notice (more prose than the story) is the block pick, the story the propagation pick; on a
    # CJK page the trees stand aside, and of two picks apart the one under the page's title is the story.
    text = wc.extract(_portal(headline, notice_first), "http://news.example.com.cn/2004-03/03/content_1.htm").text
    assert _ZH_STORY[0].strip()[:20] in text and _ZH_STORY[1].strip() in text
    assert _ZH_NOTICE[:20] not in text


def test_a_title_opens_a_pick_only_right_before_it():
    from scrapy_webclean.extractors._arbiter import _opens

    doc = parse(f"<html><head><title>{_ZH_TITLE}_新闻中心</title></head><body><h1>{_ZH_TITLE}</h1>"
                f"<p>2004年03月03日 新华网</p><div><p>{_ZH_STORY[0]}</p></div><div><p>{_ZH_NOTICE}</p></div>"
                "</body></html>".encode())
    h1, story, notice = doc.tags.index("h1"), doc.tags.index("div"), len(doc) - 2
    assert doc.tags[notice] == "div"

    def kept(i: int) -> bytearray:
        mask = bytearray(len(doc))
        mask[i:doc.end[i]] = b"\x01" * (doc.end[i] - i)
        return mask

    assert _opens(doc, kept(story), [h1])  # a dateline between: still right before it
    assert not _opens(doc, kept(notice), [h1])  # the story between
    assert _opens(doc, kept(doc.body), [h1])  # the title inside, at the start
    assert not _opens(doc, kept(story), [])


def test_without_the_title_on_the_page_the_box_is_not_told_from_the_story():
    # The rule reads the page's <title>: a site name there says nothing of the story (left as it was).
    text = wc.extract(_portal(f"<b>{_ZH_TITLE}</b>", page_title="新闻中心")).text
    assert _ZH_NOTICE[:20] in text


@pytest.mark.parametrize("name", ["propagation", "both"])
def test_model_file_matches_the_features_and_gives_probabilities(name):
    base, rate, trees, threshold = _model(name)
    assert trees and 0.0 < threshold < 1.0 and rate > 0
    for x in ([0.0] * len(FEATURES), [5.0] * len(FEATURES)):
        assert 0.0 <= probability(x, name) <= 1.0


def test_training_is_deterministic():
    sys.path.insert(0, str(Path(__file__).resolve().parent / "training"))
    import gbdt

    xs = [[i % 7 / 7.0, (i * 13) % 11 / 11.0] for i in range(60)]
    ys = [1.0 if x[0] + 0.3 * x[1] > 0.6 else 0.0 for x in xs]
    ws = [1.0 + i % 3 for i in range(60)]
    one = gbdt.fit(xs, ys, ws, rounds=20, depth=2)
    assert one == gbdt.fit(xs, ys, ws, rounds=20, depth=2)
    right = sum((gbdt.margin(one, x) > 0) == (y > 0.5) for x, y in zip(xs, ys))
    assert right >= 55


@pytest.mark.parametrize("pid, wanted, unwanted", [
    # A short blog post followed by the blog's subscription, host and publisher boxes.
    ("dragnet-R18", "cold-hearted robots practice the delicate art", "proudly hosted by"),
    # A short post beside a sidebar list of linked book titles.
    ("dragnet-R163", "Experimental philosophers nicely fit the description", "Valerie Tiberius"),
    # A short wire story in a page region dense with links to other stories.
    ("dragnet-R494", "three people have been arrested for their alleged participation", "Explore Related Content"),
])
def test_real_pages_where_the_block_pick_alone_fails(pid, wanted, unwanted):
    rec, body = corpus_page("dragnet", pid)
    text = wc.extract(body, rec["url"], encoding=rec.get("http_charset")).text
    assert wanted in text and unwanted not in text


def test_a_one_paragraph_post_is_not_given_up_for_a_long_comment_named_as_one():
    # The classic method finds under 250 characters outside its unlikely names and retries without
    # them: its pick is then the long comment. The thread, named as one, is left out of that pick
    # as a thread found by its shape is, so the safety net does not hand the post over to it.
    post = ("<p>This is the week of the singer's new book, and there is a lesson in it for anyone who "
            "writes for the web: the medium shapes the message, long before the message is written.</p>")
    comment = " ".join(f"<p>{PROSE} {MORE}</p>" for _ in range(6))
    body = (f"<div class='entry'><h1>Budget vote delayed</h1><div class='entry-body'>{post}</div></div>"
            f"<div class='comments' id='all-comments'><div class='comment'><div class='comment-content'>{comment}"
            f"</div><p class='comment-footer'>Posted by: Reader | November 12, 2012 at 10:00 AM</p></div></div>")
    text = wc.extract(f"<html><head><title>Budget vote delayed</title></head><body>{body}</body></html>".encode()).text
    assert "lesson in it for anyone" in text and PROSE not in text
