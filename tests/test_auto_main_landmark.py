"""The block pick's root and the page's ``<main>`` or only ``<article>``: a root that holds
either and more is narrowed to it when it carries half the root's value or more
(``_auto_select._choose_root``). One hand-made page per side of the rule, then real pages."""

from __future__ import annotations

import pytest

import scrapy_webclean as wc

from scrapy_webclean._scoring import page_counts, summarize

from conftest import corpus_page

STORY = ("<p>The council met on Tuesday and delayed the budget vote again, the third time this year, "
         "after members argued for an hour about the cost of repairing the old bridge over the river.</p>"
         "<p>Residents who came to speak were asked to return next month, when the vote is now set.</p>")
MORE = ("<p>The bridge was built in 1902 and has been closed to lorries since the spring, when engineers "
        "found cracks in two of its piers and the county asked the town to share the repairs.</p>")
TEASERS = "".join(
    f"<li><a href='/b/{i}'>Another story from the archive, number {i}</a><br>A summary of that story that runs "
    f"on for a while, as the teasers of a sidebar do, about the harbour, the school and the market {i}.</li>"
    for i in range(3))
ABOUT = ("<h3>About me</h3><p>I have written about this town for twenty years, first for the local paper and "
         "now here, and I write about budgets, bridges, schools and everything else the council decides.</p>")


def page(main: str, beside: str, tag: str = "main") -> bytes:
    """A page whose wrapper holds its ``<main>`` (or ``tag``) and, beside it, ``beside``; no class
    or id names."""
    nav = "".join(f"<li><a href='/s{i}'>Section {i}</a></li>" for i in range(8))
    return (f"<html><head><title>Budget vote delayed again - Town Notes</title></head><body>"
            f"<header><a href='/'>Town Notes</a><nav><ul>{nav}</ul></nav></header>"
            f"<div><{tag}><h1>Budget vote delayed again</h1>{main}</{tag}>{beside}</div>"
            f"<footer><p>Copyright 2024 Town Notes. All rights reserved.</p></footer></body></html>").encode()


@pytest.mark.parametrize("tag", ["main", "article"])
def test_a_sidebar_beside_the_main_landmark_or_the_article_is_left_out(tag):
    text = wc.extract(page(STORY + MORE, f"<div><h3>Reading</h3><ul>{TEASERS}</ul>{ABOUT}</div>", tag),
                      "https://town.example/2024/03/budget.html").text
    assert "delayed the budget vote again" in text and "vote is now set" in text
    assert "Another story from the archive" not in text and "twenty years" not in text


@pytest.mark.parametrize("tag", ["main", "article"])
def test_a_story_running_on_past_a_small_main_or_article_keeps_all_of_it(tag):
    # The landmark holds a line, under half the root's value: the root stands, the story whole.
    text = wc.extract(page("<p>By the town desk.</p>", f"<div>{STORY}{MORE}{MORE}</div>", tag),
                      "https://town.example/2024/03/budget.html").text
    assert "delayed the budget vote again" in text and "vote is now set" in text
    assert text.count("built in 1902") == 2


def test_a_real_page_loses_the_banner_above_its_main():
    # nps.gov: the ".gov" banner and the park's name sit beside <main> in the root.
    rec, body = corpus_page("modern-web", "mw-0341")
    text = wc.extract(body, rec["url"], encoding=rec.get("http_charset")).text
    assert "Official websites use .gov" not in text
    assert "Yosemite Conservancy" in text


def test_a_second_article_makes_none_the_page_s_story():
    # Two <article> elements: neither is the page's own, so the root is not narrowed to the first.
    beside = f"<div><article><h3>Reading</h3><ul>{TEASERS}</ul></article>{ABOUT}</div>"
    text = wc.extract(page(STORY + MORE, beside, "article"), "https://town.example/2024/03/budget.html").text
    assert "delayed the budget vote again" in text


def test_a_real_page_loses_the_box_beside_its_only_article():
    rec, body = corpus_page("dragnet", "dragnet-212")
    text = wc.extract(body, rec["url"], encoding=rec.get("http_charset")).text
    assert summarize([page_counts(rec["articleBody"], text)])["f1"] > 0.9
