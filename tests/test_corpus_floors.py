"""F1 floors of the four seed extractors on the shared gold corpora, and of ``auto``; and the pages
where ``auto`` fails and a seed extractor does not.

Each floor sits about 0.02 below what the extractor measured when the floor
was set (4-token shingle F1 of :mod:`scrapy_webclean._scoring`, the measure
of ``python -m scrapy_webclean eval``), so a real regression fails while
noise from unrelated changes does not. Every page is parsed once and all
four extractors read the same document. Skipped when the corpora are absent.
"""

from __future__ import annotations

from functools import lru_cache

import pytest

import scrapy_webclean as wc
from scrapy_webclean._document import parse
from scrapy_webclean._scoring import page_counts, summarize

from conftest import corpus_pages

pytestmark = pytest.mark.slow  # every page of the shared corpora

SEEDS = ("link_density", "relative_link_density", "line_block", "punctuation_path")
#: Every extractor scored here (all read the same parsed document).
SCORED = SEEDS + ("auto",)

# corpus: floors in the order of SEEDS (measured: 0.843 0.849 0.871 0.872 on articles-en,
# 0.900 0.910 0.889 0.905 articles-zh, 0.878 0.902 0.947 0.975 site-bbc, 0.922 0.884 0.953 1.000
# site-163, 0.727 0.741 0.699 0.620 modern-web).
FLOORS = {
    "articles-en": (0.82, 0.83, 0.85, 0.85),
    "articles-zh": (0.88, 0.89, 0.87, 0.88),
    "site-bbc": (0.86, 0.88, 0.93, 0.95),
    "site-163": (0.90, 0.86, 0.93, 0.98),
    "modern-web": (0.71, 0.72, 0.68, 0.60),
}

# The default extractor, about 0.02 below what it measured (0.967 articles-en, 0.943 articles-zh,
# 0.983 site-bbc, 0.997 site-163, 0.767 modern-web).
AUTO_FLOORS = {
    "articles-en": 0.95,
    "articles-zh": 0.92,
    "site-bbc": 0.965,
    "site-163": 0.975,
    "modern-web": 0.75,
}


#: Pages of each corpus where ``auto`` scores under 0.3 and a seed extractor over 0.8, at most: the
#: count measured when set (issue 18 allows 1% against the peers; CI has the seeds, not the peers).
#: A new failure fails the test, to be looked at. Set at 13c3fba: cleaneval-final-104 and -191 and
#: dragnet-R281 (golds keeping the reader comments), dragnet-T71 (a story in one block, mostly links).
SEED_BEATS_AUTO = {"articles-en": 0, "articles-zh": 0, "cleaneval": 2, "dragnet": 2, "googlenews": 0,
                   "modern-web": 0, "site-163": 0, "site-bbc": 0}


@lru_cache(maxsize=None)
def _counts(corpus: str) -> tuple[list[str], dict[str, list]]:
    """Each page's id, and each extractor's (tp, fp, fn) on each page, in the same order."""
    pids: list[str] = []
    counts: dict[str, list] = {name: [] for name in SCORED}
    for pid, rec, body in corpus_pages(corpus):
        doc = parse(body, rec["url"], encoding=rec.get("http_charset"))
        pids.append(pid)
        for name in SCORED:
            counts[name].append(page_counts(rec["articleBody"], wc.extract(doc, extractor=name).text))
    return pids, counts


def _scores(corpus: str) -> dict[str, float]:
    return {name: summarize(c)["f1"] for name, c in _counts(corpus)[1].items()}


@pytest.mark.parametrize("corpus", sorted(FLOORS))
def test_seed_extractors_stay_above_their_floors(corpus):
    scores = _scores(corpus)
    low = {name: round(scores[name], 3) for name, floor in zip(SEEDS, FLOORS[corpus]) if scores[name] < floor}
    assert not low, f"below the floor on {corpus}: {low} (floors {dict(zip(SEEDS, FLOORS[corpus]))})"


@pytest.mark.parametrize("corpus", sorted(AUTO_FLOORS))
def test_auto_stays_above_its_floor(corpus):
    score = _scores(corpus)["auto"]
    assert score >= AUTO_FLOORS[corpus], f"auto {score:.3f} below its floor {AUTO_FLOORS[corpus]} on {corpus}"


@pytest.mark.parametrize("corpus", sorted(SEED_BEATS_AUTO))
def test_auto_fails_no_new_page_a_seed_extractor_gets_right(corpus):
    pids, counts = _counts(corpus)

    def f1(name: str, k: int) -> float:
        return summarize([counts[name][k]])["f1"]

    failed = [pid for k, pid in enumerate(pids) if f1("auto", k) < 0.3 and max(f1(n, k) for n in SEEDS) > 0.8]
    assert len(failed) <= SEED_BEATS_AUTO[corpus], f"auto under 0.3 where a seed is over 0.8 on {corpus}: {failed}"
