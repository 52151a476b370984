"""``auto``'s safety net: where its pick is (next to) nothing, the seed
extractors vote, and a body two of them agree on is returned."""

from __future__ import annotations

import scrapy_webclean as wc
import scrapy_webclean.extractors._consensus as net
import scrapy_webclean.extractors.auto as auto
from scrapy_webclean._document import Document, parse
from scrapy_webclean._render import NodeSelection
from scrapy_webclean.extractors._consensus import consensus, lone_headline, put_to_vote
from scrapy_webclean.extractors.line_block import LineBlockExtractor

from conftest import corpus_page

SENTENCE = "Officials said on Tuesday that the budget vote would be delayed until next month, citing disagreements. "
STORY = "".join(f"<p>{SENTENCE * 2}</p>" for _ in range(4))


def page(body: str) -> bytes:
    return f"<html><head><title>Budget vote delayed</title></head><body>{body}</body></html>".encode()


def test_a_story_in_a_box_named_comments_is_not_lost(monkeypatch):
    # Both picks leave a comment thread out; the seed extractors all return the story.
    html = page(f'<div class="comments">{STORY}</div>')
    assert SENTENCE.strip() in wc.extract(html).text
    monkeypatch.setattr(net, "NEAR_EMPTY", 0)  # the net off: nothing is returned
    assert wc.extract(html).text == ""


def test_the_votes_need_a_body_the_seeds_agree_on():
    doc = parse(page(f'<div class="comments">{STORY}</div>'))
    voted = consensus(doc)
    assert voted is not None and SENTENCE.strip() in voted.text()
    # A few words are no body, whatever the seeds agree on.
    assert consensus(parse(page("<p>Budget vote delayed again, officials said.</p>"))) is None


def test_a_page_with_too_little_text_for_a_body_is_not_put_to_the_vote(monkeypatch):
    # Two million <br> and no words: no voter can keep a body, so none is asked (each
    # would walk the whole page).
    asked = []

    class Voter(LineBlockExtractor):
        def select(self, doc, opts):
            asked.append(doc)
            return super().select(doc, opts)

    monkeypatch.setattr(net, "_VOTERS", (Voter, Voter))
    assert consensus(parse(page("<p>" + "<br>" * 2000 + "Too short.</p>"))) is None
    assert wc.extract(page("<p>" + "<br>" * 2000 + "</p>")).text == ""
    assert asked == []
    consensus(parse(page(f'<div class="comments">{STORY}</div>')))  # a page with text is
    assert len(asked) == 2


def test_a_body_found_is_not_put_to_the_vote(monkeypatch):
    called = []
    monkeypatch.setattr(auto, "consensus", lambda doc: called.append(doc))
    assert SENTENCE.strip() in wc.extract(page(f"<article>{STORY}</article>")).text
    assert called == []


def test_a_real_page_where_both_picks_find_next_to_nothing():
    # A wire story in nested layout tables: the block pick found its dateline
    # (38 characters), the propagation pick nothing; the seeds agree on the story.
    pid = "googlenews-ecfa7c36-bc3f-4ee0-bdee-c8099f608fad"
    rec, body = corpus_page("googlenews", pid)
    text = wc.extract(body, rec["url"], encoding=rec.get("http_charset")).text
    assert "Two free throws by Marcus Camby" in text and "the final margin Friday" in text


def _line_picked(body: str, tag: str) -> tuple[Document, NodeSelection]:
    """A parsed page and a selection of its first ``tag`` element, as a pick may return it."""
    doc = parse(page(body))
    return doc, NodeSelection(doc, doc.tags.index(tag))


def test_a_headline_alone_is_put_to_the_vote_a_line_of_prose_is_not():
    headline = "House Report 107-116 - Agriculture Appropriations Bill, 2002"
    for body, tag in ((f"<center><strong>{headline}</strong></center>", "center"), (f"<h2>{headline}</h2>", "h2"),
                      (f"<div><b>{headline}</b> <strong>Part 1</strong></div>", "div")):
        doc, chosen = _line_picked(body, tag)
        assert lone_headline(doc, chosen) and put_to_vote(doc, chosen), body
    for body, tag in ((f"<p>{headline}</p>", "p"),  # a line of a story's own type: a one-line story
                      (f"<div><b>{headline}</b> and more</div>", "div"),  # not all of it set as a headline
                      (f"<h2>{headline}.</h2>", "h2"),  # a sentence
                      (f"<div><b>{headline}</b><br><b>{headline}</b></div>", "div"),  # two lines
                      (f"<h2>{headline * 4}</h2>", "h2")):  # a short article's length
        doc, chosen = _line_picked(body, tag)
        assert not lone_headline(doc, chosen), body


def test_a_real_table_of_contents_under_a_lone_headline():
    # A congressional report's contents page: the pick found its bold title alone; the seeds agree
    # on the contents, which the gold keeps.
    rec, body = corpus_page("cleaneval", "cleaneval-final-180")
    text = wc.extract(body, rec["url"], encoding=rec.get("http_charset")).text
    assert "CONSTITUTIONAL AUTHORITY" in text and "HAZARDOUS MATERIALS MANAGEMENT" in text
