"""Paragraphs repeated across a crawl's items of one site (WEBCLEAN_DEDUP_REPEATS)."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from scrapy_webclean._dedup import ParagraphDedup

from test_pipeline_extraction import make, process, response

BBC = Path(__file__).resolve().parents[2] / "shared" / "corpora" / "site-bbc"
#: Four stories carrying the same "Who are the Uighurs?" factbox.
STORIES = ("site-bbc-world-asia-30373877", "site-bbc-world-asia-china-30810439",
           "site-bbc-world-asia-china-38093370", "site-bbc-world-asia-china-39137420")
FACT = "Since then, there has been large-scale immigration of Han Chinese"


def crawl(settings: dict) -> tuple[list[str], object]:
    if not (BBC / "ground-truth.json").exists():
        pytest.skip("../shared/corpora/site-bbc not present")
    gt = json.loads((BBC / "ground-truth.json").read_text(encoding="utf-8"))
    crawler, carrier, pipeline = make({"WEBCLEAN_FIELDS": ["text"], **settings})
    texts = []
    for pid in STORIES:
        body = gzip.decompress((BBC / "pages" / f"{pid}.html.gz").read_bytes())
        out = process(crawler, carrier, pipeline, {"url": "u"},
                      response(body, gt[pid]["url"], meta={"webclean_page_type": "content"}))
        texts.append(out["text"])
    return texts, crawler.stats


def test_factbox_kept_in_every_story_by_default():
    texts, stats = crawl({})
    assert all(FACT in t for t in texts)
    assert stats.get_value("webclean/dedup/paragraphs_dropped") is None


def test_factbox_dropped_after_its_first_sighting():
    texts, stats = crawl({"WEBCLEAN_DEDUP_REPEATS": 1})
    assert FACT in texts[0] and not any(FACT in t for t in texts[1:])
    assert stats.get_value("webclean/dedup/items_changed") == 3
    assert stats.get_value("webclean/dedup/paragraphs_dropped") >= 3
    # Each story keeps its own reporting.
    assert all(len(t) > 1000 for t in texts)


def test_counts_are_per_site_and_memory_is_bounded():
    d = ParagraphDedup(max_repeats=2, max_entries=100)
    line = "A paragraph that the site repeats in every single story it runs."
    assert [d.filter("a.example", line)[1] for _ in range(3)] == [0, 0, 1]
    assert d.filter("b.example", line) == (line, 0)  # another site
    assert d.filter("a.example", "short line\n" * 5) == ("short line\n" * 5, 0)  # too short to count
    for i in range(10_000):
        d.filter("a.example", f"Paragraph number {i} of a very long crawl, all different.")
    assert len(d) == 100
    with pytest.raises(ValueError):
        ParagraphDedup(0)
