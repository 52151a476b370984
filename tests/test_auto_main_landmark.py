"""The block pick's root and the page's ``<main>``: a root that holds the main landmark and more
is narrowed to the landmark when the landmark carries half its value or more
(``_auto_select._choose_root``). One hand-made page per side of the rule, then real pages."""

from __future__ import annotations

import scrapy_webclean as wc

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


def page(main: str, beside: str) -> bytes:
    """A page whose wrapper holds its ``<main>`` and, beside it, ``beside``; no class or id names."""
    nav = "".join(f"<li><a href='/s{i}'>Section {i}</a></li>" for i in range(8))
    return (f"<html><head><title>Budget vote delayed again - Town Notes</title></head><body>"
            f"<header><a href='/'>Town Notes</a><nav><ul>{nav}</ul></nav></header>"
            f"<div><main><h1>Budget vote delayed again</h1>{main}</main>{beside}</div>"
            f"<footer><p>Copyright 2024 Town Notes. All rights reserved.</p></footer></body></html>").encode()


def test_a_sidebar_beside_the_main_landmark_is_left_out():
    text = wc.extract(page(STORY + MORE, f"<div><h3>Reading</h3><ul>{TEASERS}</ul>{ABOUT}</div>"),
                      "https://town.example/2024/03/budget.html").text
    assert "delayed the budget vote again" in text and "vote is now set" in text
    assert "Another story from the archive" not in text and "twenty years" not in text


def test_a_story_running_on_past_a_small_main_keeps_all_of_it():
    # The landmark holds a line, under half the root's value: the root stands, the story whole.
    text = wc.extract(page("<p>By the town desk.</p>", f"<div>{STORY}{MORE}{MORE}</div>"),
                      "https://town.example/2024/03/budget.html").text
    assert "delayed the budget vote again" in text and "vote is now set" in text
    assert text.count("built in 1902") == 2


def test_a_real_page_loses_the_banner_above_its_main():
    # nps.gov: the ".gov" banner and the park's name sit beside <main> in the root.
    rec, body = corpus_page("modern-web", "mw-0341")
    text = wc.extract(body, rec["url"], encoding=rec.get("http_charset")).text
    assert "Official websites use .gov" not in text
    assert "Yosemite Conservancy" in text
