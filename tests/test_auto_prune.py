"""The block pick's pruning of its kept region: a mostly-negative subtree holding the story in one
child is walked into, not dropped whole (``_auto_blocks.story_inside``). One rule on a hand-made
page, then real pages."""

from __future__ import annotations

import sys
from pathlib import Path

import scrapy_webclean as wc
from scrapy_webclean._document import parse
from scrapy_webclean.extractors._auto_blocks import story_inside

from conftest import corpus_page

sys.path.insert(0, str(Path(__file__).resolve().parent / "training"))
from page_runs import probe  # noqa: E402  (the names probe: class and id attributes taken away)

PAGE = ("<html><body><div id=w><div id=story><p>one</p><p>two</p></div><ul id=links><li>a</li></ul>"
        "</div></body></html>")


def _values(doc, **by_id):
    pos = [0.0] * len(doc)
    for i, el in enumerate(doc.nodes):
        if hasattr(el, "get") and el.get("id") in by_id:
            pos[i] = by_id[el.get("id")]
    return pos, next(i for i, el in enumerate(doc.nodes) if hasattr(el, "get") and el.get("id") == "w")


def test_a_wrapper_holding_the_story_in_one_child_is_walked_into():
    doc = parse(PAGE)
    pos, w = _values(doc, w=700.0, story=650.0, links=50.0)
    assert story_inside(doc, pos, w, region=2000.0)  # a third of the region's prose, nearly all in one child


def test_a_small_share_of_the_region_or_prose_spread_over_children_is_dropped_whole():
    doc = parse(PAGE)
    pos, w = _values(doc, w=700.0, story=650.0, links=50.0)
    assert not story_inside(doc, pos, w, region=4000.0)  # a sidebar's blurb: under a quarter of the region
    pos, w = _values(doc, w=700.0, story=400.0, links=300.0)
    assert not story_inside(doc, pos, w, region=2000.0)  # no child holds the story: a box of boxes
    pos, w = _values(doc, w=0.0, story=0.0, links=0.0)
    assert not story_inside(doc, pos, w, region=0.0)


def test_a_real_short_story_beside_link_rows_under_a_reprint_notice_without_names():
    # dragnet-R142 without class and id names: the root holds a reprint notice and, in a wrapper whose
    # link rows outweigh it, the four-paragraph story; the wrapper was dropped whole.
    rec, body = corpus_page("dragnet", "dragnet-R142")
    text = wc.extract(probe(body, "names"), rec["url"], encoding=rec.get("http_charset")).text
    assert "laid off 325 employees" in text
