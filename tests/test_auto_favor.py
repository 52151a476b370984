"""``favor``: a trade of precision for recall and back, in the documented
direction. Where the block pick and the propagation pick hold one region,
``precision`` returns what both keep and ``recall`` what either keeps; the
block pick itself prunes harder or softer."""

from __future__ import annotations

from functools import lru_cache

import pytest

import scrapy_webclean as wc
from scrapy_webclean._document import parse
from scrapy_webclean._render import NodeSelection, kept_mask
from scrapy_webclean._scoring import page_counts, summarize
from scrapy_webclean.extractors._arbiter import combined
from scrapy_webclean.extractors._propagation import Pick

from conftest import corpus_pages
from test_auto import MORE, PROSE

PAGE = (f'<html><body><div id="story"><p>{PROSE}</p><div id="box"><p>{MORE}</p></div>'
        f'<p id="last">The last paragraph of the story ends it here, with a full stop.</p></div>'
        f'<div id="aside"><p>An aside the second pick keeps, with a sentence of its own.</p></div></body></html>')


def _node(doc, ident: str) -> int:
    return next(i for i, el in enumerate(doc.nodes) if el.get("id") == ident)


def test_both_and_either_of_two_picks_of_one_region():
    doc = parse(PAGE.encode())
    story, box, aside = _node(doc, "story"), _node(doc, "box"), _node(doc, "aside")
    a_skip = bytearray(len(doc))
    a_skip[box] = 1  # the block pick leaves the box out
    b_drop = bytearray(len(doc))
    b_drop[_node(doc, "last")] = 1  # the second pick leaves the last paragraph out, takes the aside in
    pick = Pick(doc.parent[story], b_drop, -1, 1.0)
    a, b = kept_mask(doc, story, a_skip), kept_mask(doc, pick.root, pick.drop)
    both = combined(doc, doc.measures, story, a, pick, b, True).text()
    either = combined(doc, doc.measures, story, a, pick, b, False).text()
    assert PROSE in both and MORE not in both and "last paragraph" not in both and "aside" not in both
    for part in (PROSE, MORE, "last paragraph", "An aside"):
        assert part in either
    assert NodeSelection(doc, aside).text() in either


@lru_cache(maxsize=None)
def _precision_recall(favor: str) -> tuple[float, float]:
    counts = [page_counts(rec["articleBody"], wc.extract(body, rec["url"], encoding=rec.get("http_charset"),
                                                         favor=favor).text)
              for _, rec, body in corpus_pages("articles-en")]
    s = summarize(counts)
    return s["precision"], s["recall"]


@pytest.mark.parametrize("favor, more, less", [("precision", 0, 1), ("recall", 1, 0)])
def test_favor_trades_precision_for_recall_on_real_pages(favor, more, less):
    balanced, traded = _precision_recall("balanced"), _precision_recall(favor)
    # articles-en, measured: precision +0.0029 with favor=precision, recall +0.007 with favor=recall.
    assert traded[more] >= balanced[more] + 0.002
    assert traded[less] < balanced[less]
