"""Site-grouped folds: the site of a corpus page (``tests/training/sites.py``)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent / "training"))
from sites import named_site, registrable, site_of  # noqa: E402

from conftest import corpus_pages  # noqa: E402


def test_registrable_names_join_a_sites_hosts():
    assert registrable("news.bbc.co.uk") == registrable("www.bbc.co.uk") == "bbc.co.uk"
    assert registrable("blogs.nfl.com") == "nfl.com"
    assert registrable("smh.com.au") == "smh.com.au"
    assert registrable("example.de") == "example.de"


def test_a_placeholder_host_is_replaced_by_the_site_the_page_names():
    canonical = b'<html><head><link rel="canonical" href="https://www.example.co.uk/a/1"></head></html>'
    assert site_of("c", {"url": "http://unknown/c-1"}, canonical) == "example.co.uk"
    # No canonical URL: the host most links point to, share buttons and ads aside.
    links = (b'<a href="https://twitter.com/share">t</a><a href="https://twitter.com/x">t</a>'
             b'<a href="http://blog.example.org/2">b</a><a href="http://www.example.org/3">c</a>'
             b'<img src="http://ad.doubleclick.net/x">')
    assert named_site(links) == "example.org"
    assert site_of("c", {"url": "http://unknown/c-2"}, b"<p>no links</p>") == "c:unknown"
    assert site_of("c", {"url": "https://www.example.com/x"}, canonical) == "example.com"


def test_googlenews_pages_fall_into_many_sites():
    pages = list(corpus_pages("googlenews"))
    sites = {site_of("googlenews", rec, body) for _, rec, body in pages}
    # Every page's URL host is a placeholder; the pages name over a hundred sites.
    assert len(sites) > 100


def test_folds_and_the_held_out_fifth_stay_fixed():
    from page_runs import held_out
    from train_arbiter import fold_of

    sites = ["bbc.co.uk", "nfl.com", "cleaneval:unknown", "abc.net.au", "answers.com"]
    assert [[fold_of(s, repeat) for s in sites] for repeat in range(3)] == [
        [2, 4, 1, 3, 0], [4, 3, 2, 1, 1], [2, 0, 4, 4, 2]]
    assert [held_out(s) for s in sites] == [False, False, False, True, True]
