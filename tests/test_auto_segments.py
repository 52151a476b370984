"""A story the template splits in two around an advertisement (``_auto_segments``): the block
pick's root is the larger half, and its copy beside it (same tag, same class, or same id where it
has no class; a nameless one past an ad slot) is the rest of the story. One hand-made page per
rule, and shared pages split by ``page_runs.py --probe split``."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

import scrapy_webclean as wc
from scrapy_webclean._document import parse
from scrapy_webclean.extractors._auto_segments import SEGMENT_GAP, root_copies

from conftest import corpus_page

sys.path.insert(0, str(Path(__file__).resolve().parent / "training"))
from page_runs import f1, rewrite  # noqa: E402  (the split probe)
from scrapy_webclean._scoring import page_counts  # noqa: E402

PARAS = [
    "The council met on Tuesday evening and argued for three hours about the old bridge over the river.",
    "Engineers told the members that the bridge needs repairs costing far more than the town had planned.",
    "Several residents spoke, most of them asking that the bridge stay open to walkers during the works.",
    "The mayor said the town would seek a grant from the region, and that a decision would come in May.",
    "Until then the bridge stays open, though lorries heavier than seven tonnes must take the long way round.",
]
AD = '<div class="ad-slot"><span>Advertisement</span><iframe src="about:blank"></iframe></div>'
#: Links under the story, in its article: they outweigh the story's second half.
MORE = "<ul>" + "".join(f'<li><a href="/n/{i}">Another story from the town news desk, number {i}</a></li>'
                        for i in range(12)) + "</ul>"


def page(first: str, second: str, between: str = AD, split_at: int = 3) -> bytes:
    """A story page whose story is split after paragraph ``split_at`` into the containers opened by
    ``first`` and ``second`` (start tags: ``<div class="story-body">``), ``between`` them."""
    one = "".join(f"<p>{p}</p>" for p in PARAS[:split_at]) + f"</{first[1:].split()[0].rstrip('>')}>"
    two = "".join(f"<p>{p}</p>" for p in PARAS[split_at:])
    return (f'<html><head><title>Bridge to stay open</title></head><body>'
            f'<nav><a href="/">Home</a> <a href="/news">News</a> <a href="/sport">Sport</a></nav>'
            f'<article><h1>Bridge to stay open</h1>{first}{one}{between}{second}{two}'
            f'<ul class="tags"><li><a href="/t/bridge">bridge</a></li><li><a href="/t/council">council</a></li></ul>'
            f'</{second[1:].split()[0].rstrip(">")}>{MORE}</article>'
            f'<footer>Town News, 1 High Street</footer></body></html>').encode()


@pytest.mark.parametrize("first,second", [
    ('<div class="story-body">', '<div class="story-body">'),
    ('<div id="story">', '<div id="story">'),  # (a template that repeats an id where it has no class)
    ("<div>", "<div>"),  # (nameless, past the ad slot's iframe)
])
def test_both_halves_of_a_split_story_are_kept(first, second):
    text = wc.extract(page(first, second)).text
    assert all(p in text for p in PARAS)
    assert "Advertisement" not in text and "Town News" not in text and "number 3" not in text


def test_the_half_before_a_larger_root_is_kept_too():
    text = wc.extract(page('<div class="story-body">', '<div class="story-body">', split_at=1)).text
    assert all(p in text for p in PARAS)


def _segments_of(html: bytes) -> tuple[int, list[int]]:
    """The first story container of ``html`` and the segments found beside it (every block of net
    prose value, so that only tag, names and the gap decide)."""
    doc = parse(html)
    root = next(i for i in range(len(doc)) if doc.nodes[i].get("data-root"))
    n = len(doc)
    return root, root_copies(doc, doc.measures, bytearray(n), bytearray(n), root, [100.0] * n, [0.0] * n)


def test_a_copy_is_one_of_the_same_tag_and_name_within_the_gap():
    root, found = _segments_of(page('<div class="story-body" data-root=1>', '<div class="story-body">'))
    assert len(found) == 1 and found[0] > root
    for second in ('<div class="story-body wide">', '<section class="story-body">', '<div>'):
        assert _segments_of(page('<div class="story-body" data-root=1>', second))[1] == []
    # Without names, two divisions alike are any two divisions: a nameless root's copy must lie past an
    # embedded player or an ad slot, with under PLAIN_GAP characters between.
    assert len(_segments_of(page("<div data-root=1>", "<div>"))[1]) == 1
    assert _segments_of(page("<div data-root=1>", "<div>", "<div><span>Advertisement</span></div>"))[1] == []
    player = '<div><iframe src="https://video.example/1"></iframe><p>Watch: the old bridge seen from the air</p></div>'
    assert _segments_of(page("<div data-root=1>", "<div>", player))[1] == []
    assert _segments_of(page("<div data-root=1>", '<div class="more">'))[1] == []
    # Two articles side by side are two stories; so is a copy after the root that opens with a headline
    # (an infinite scroll's next story), not one before it (the story's own headline, then the root).
    assert _segments_of(page('<article class="story-body" data-root=1>', '<article class="story-body">'))[1] == []
    headed = '<div class="story-body"><h1>Another story</h1>'
    assert _segments_of(page('<div class="story-body" data-root=1>', headed))[1] == []
    # ... after a dateline (DATELINE characters at most) too; a heading at the end of the second half
    # (the comments' "Comments") heads no story of its own.
    dated = '<div class="story-body"><span>24 July 2012 Last updated at 06:50 ET</span><h1>Another story</h1>'
    assert _segments_of(page('<div class="story-body" data-root=1>', dated))[1] == []
    # ... or after the lines the root has above its own headline (one template: a share bar over each).
    bar = "<ul>" + "".join(f"<li>{w}</li>" for w in ("Share this page", "Delicious", "Digg", "Facebook", "Twitter",
                                                      "LinkedIn", "Reddit", "Email")) + "</ul>"
    lead = _segments_of(page(f'<div class="story-body" data-root=1>{bar}<h1>Bridge to stay open</h1>',
                             f'<div class="story-body">{bar}<h1>Another story</h1>'))
    assert lead[1] == []
    ended = page('<div class="story-body" data-root=1>', '<div class="story-body">').replace(
        b'<ul class="tags">', b'<h1>Comments</h1><ul class="tags">')
    assert len(_segments_of(ended)[1]) == 1
    root, found = _segments_of(page(headed, '<div class="story-body" data-root=1>'))
    assert len(found) == 1 and found[0] < root
    box = f'<div class="promo"><p>{"Sign up for our weekly letter of the best local stories. " * 5}</p></div>'
    assert len(box) - 40 > SEGMENT_GAP
    assert _segments_of(page('<div class="story-body" data-root=1>', '<div class="story-body">', box))[1] == []


@pytest.mark.parametrize("name", ["site-163-26", "site-163-73"])
def test_a_shared_page_split_around_an_advertisement_keeps_its_whole_story(name):
    record, raw = corpus_page("site-163", name)
    split, _ = rewrite(raw, "split", record)
    assert split.count(b'class="end-text"') == 2
    score = f1(page_counts(record["articleBody"], wc.extract(split, record["url"], encoding="utf-8").text))
    assert score > 0.99  # (0.62 and 0.67 with the first half alone)
