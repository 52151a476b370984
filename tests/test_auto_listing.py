"""A page whose list of teaser cards is its content (``_auto_teasers``): one hand-made page per
rule, then real pages."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

import scrapy_webclean as wc
from scrapy_webclean._scoring import page_counts, summarize

from conftest import corpus_page

sys.path.insert(0, str(Path(__file__).resolve().parent / "training"))
from page_runs import probe  # noqa: E402  (the names probe: class and id attributes taken away)

NAV = "".join(f"<li><a href='/s{i}'>Section {i}</a></li>" for i in range(10))
#: A box of sentences about the site: 500 characters of prose and more (no listing for want of prose).
NOTICE = ("<div><p>Sorry! You must be signed in to save a search, but signing in is not possible while we carry "
          "out maintenance on our systems tonight. Please try again in an hour or two.</p>"
          "<p>Saved searches send you an e-mail when new jobs match them, daily or weekly, as you choose. You may "
          "keep up to five of them, and delete one at any time to make room for another.</p>"
          "<p>Thanks for your patience. We will be done shortly, and everything you saved before will still be "
          "there when you come back to the site later today.</p>"
          "<p>If you cannot wait, call our help desk, which is open every day from eight in the morning, and "
          "tell them the search you wanted to save: they will set it up for you by hand.</p></div>")
SUMMARY = ("The ideal candidate answers phones, greets visitors and keeps the office running smoothly, with "
           "two years of experience in a busy front office")


def job_card(i: int) -> str:
    """A search result: the job's linked title, then its summary."""
    return (f"<li><a href='/job/{i}'>Administrative Assistant position number {i}</a>"
            f"<p>{SUMMARY} ({i}).</p><span>Lancaster, 2 days ago</span></li>")


def comment_card(i: int) -> str:
    """A reader's comment: the message, then its author's link below it (no date: no thread by its shape)."""
    return (f"<li><p>{SUMMARY}, and I would say the same of my own office, number {i}.</p>"
            f"<p>Posted by: <a href='https://reader{i}.example.com/'>A reader of this blog, number {i}</a></p></li>")


def page(box: str, cards: str, title: str = "Data entry jobs in Lancaster") -> bytes:
    return (f"<html><head><title>{title}</title></head><body><ul>{NAV}</ul>{box}<ul>{cards}</ul>"
            f"</body></html>").encode()


def test_a_list_of_cards_outweighing_the_box_beside_it_is_the_content():
    # The page is read as a listing: its cards are content (the box beside them, prose too, with them).
    text = wc.extract(page(NOTICE, "".join(job_card(i) for i in range(10)))).text
    assert "Administrative Assistant position number 0" in text and "position number 9" in text
    assert SUMMARY in text


def test_fewer_cards_than_the_box_holds_stay_beside_it():
    text = wc.extract(page(NOTICE, "".join(job_card(i) for i in range(3)))).text
    assert "Sorry! You must be signed in" in text and "position number 0" not in text


@pytest.mark.parametrize("cards", [5, 7])
def test_cards_holding_less_than_twice_the_box_s_prose_stay_beside_it(cards):
    # A column of teasers beside a short story may hold more prose than the story (the sidebar probe);
    # a listing's cards hold twice the prose of the box beside them or more.
    text = wc.extract(page(NOTICE, "".join(job_card(i) for i in range(cards)))).text
    assert "Sorry! You must be signed in" in text and "position number 0" not in text


def test_messages_with_their_authors_links_below_them_are_no_listing():
    # The same shape as cards (a long link and prose), but each opens with its message: reader comments.
    text = wc.extract(page(NOTICE, "".join(comment_card(i) for i in range(10)))).text
    assert "Sorry! You must be signed in" in text and "number 0." not in text


def _town_links(summary: str = "") -> str:
    """Ten linked headlines of other stories, each with ``summary`` after it."""
    return "".join(f"<li><a href='/story/{i}'>Another story from the town, number {i}</a>{summary}</li>"
                   for i in range(10))


def test_a_short_story_under_the_pages_title_stays_beside_longer_teasers():
    story = ("<div><h1>Council delays the budget vote</h1><p>The council put off its budget vote on Tuesday for "
             "the third time this year, after members could not agree on the cost of repairs to the old bridge "
             "over the river.</p><p>A new date has not been set, the mayor said.</p></div>")
    text = wc.extract(page(story, _town_links(f"<p>{SUMMARY}.</p>"), title="Council delays the budget vote")).text
    assert "put off its budget vote" in text and "Another story from the town" not in text


def test_a_short_post_headed_as_the_pages_browser_title_is_no_listing():
    # The declared title (og:title) differs from the post's heading; the heading reads as the page's
    # <title>, and that heads the short post too: the related links after it are no listing's content.
    story = ("<div><h3><a href='/post'>Council delays the budget vote</a></h3><div><p>The council put off its "
             "budget vote on Tuesday for the third time this year.</p><p>A new date has not been set, the mayor "
             "said.</p></div></div><h4>Related posts</h4>")
    body = page(story, _town_links(), title="Council delays the budget vote | Town News").replace(
        b"</title>", b"</title><meta property='og:title' content='Budget vote put off again'>")
    text = wc.extract(body).text
    assert "put off its budget vote" in text and "Another story from the town" not in text


def _f1(gold: str, text: str) -> float:
    return summarize([page_counts(gold, text)])["f1"]


@pytest.mark.parametrize("corpus, pid, floor", [
    ("cleaneval", "cleaneval-dev-5", 0.6),  # job search results beside a hidden log-in notice
    ("modern-web", "mw-2960", 0.5),  # a shop's grid of lenses, each a linked name and its summary
    ("modern-web", "mw-0022", 0.8),  # a numbered list of reports: "1." before each linked title
])
def test_real_listings_of_cards(corpus, pid, floor):
    rec, body = corpus_page(corpus, pid)
    text = wc.extract(body, rec["url"], encoding=rec.get("http_charset")).text
    assert _f1(rec["articleBody"], text) > floor


def test_a_real_short_post_headed_as_its_browser_title_without_names():
    # dragnet-R152: a two-sentence post under a heading that reads as the <title> ("... - v30.101 |
    # Site"; the title found drops "- v30.101"), a list of ten related posts below it.
    rec, body = corpus_page("dragnet", "dragnet-R152")
    text = wc.extract(probe(body, "names"), rec["url"], encoding=rec.get("http_charset")).text
    assert "Nokia has just released" in text and "Nokia N95 Software Update" not in text
