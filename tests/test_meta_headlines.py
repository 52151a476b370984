"""Which ``<h1>`` is the page's headline, and a headline that begins the declared title:
hand-made pages isolating each rule, and the real pages (modern-web, dragnet) they were
measured on (skipped when ../shared is not present)."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

import scrapy_webclean as wc
from scrapy_webclean._metascore import title_key

CORPORA = Path(__file__).resolve().parents[2] / "shared" / "corpora"
PROSE = ("The council voted on Tuesday to delay the budget by a month, citing gaps in the figures. "
         "Officials said the revised plan would be published before the next meeting in the spring.")
HEAD = "<title>Data Analytics Services | Acme Analytics</title>"


def page(body: str, head: str = HEAD) -> bytes:
    return f"<html><head>{head}</head><body>{body}</body></html>".encode()


def corpus_page(corpus: str, pid: str) -> tuple[dict, wc.ExtractResult]:
    root = CORPORA / corpus
    if not (root / "ground-truth.json").exists():
        pytest.skip(f"../shared/corpora/{corpus} not present")
    rec = json.loads((root / "ground-truth.json").read_text(encoding="utf-8"))[pid]
    raw = gzip.decompress((root / "pages" / f"{pid}.html.gz").read_bytes())
    return rec, wc.extract(raw, rec.get("url"), encoding=rec.get("http_charset"))


@pytest.mark.parametrize("over", [
    '<div role="dialog"><h1>Your choice regarding cookies on this site</h1></div>',
    '<div role="alertdialog"><h1>Before you go</h1></div>',
    '<div class="modal" aria-modal="true"><form><h1>Don\'t miss tomorrow\'s news</h1></form></div>',
    "<dialog><h1>Search code, repositories, users</h1></dialog>",
    "<footer><div><h1>Contact Us</h1></div></footer>",
])
def test_a_heading_over_the_page_or_in_its_footer_is_not_its_headline(over):
    # Such an <h1> would be a headline that is not the title (a slogan's case: the <title> whole).
    r = wc.extract(page(f"{over}<main><p>{PROSE}</p></main>"))
    assert r.title == "Data Analytics Services"
    r = wc.extract(page(f"<main><h1>Make anything possible</h1><p>{PROSE}</p></main>{over}"))
    assert r.title == "Data Analytics Services | Acme Analytics"  # a headline that is shown still counts


@pytest.mark.parametrize("pid", ["mw-0209", "mw-3016"])  # "Contact Us" in the footer; a consent banner's h1
def test_a_heading_over_the_page_on_real_pages(pid):
    rec, r = corpus_page("modern-web", pid)
    assert title_key(r.title) == title_key(rec["title"])


def test_the_site_names_heading_is_not_where_the_byline_is_looked_for():
    # A home page whose only <h1> is the site's name: the byline of a story listed below it is
    # not the page's author, nor its date the page's.
    rec, r = corpus_page("modern-web", "mw-3016")
    assert r.author is None and not rec["author"]
    rec, r = corpus_page("modern-web", "mw-1142")
    assert r.date is None and not rec.get("date")


@pytest.mark.parametrize("title, heading, expected", [
    ("Headlamps for Camping, Hiking &amp; Running | REI Co-op", "Headlamps", "Headlamps"),
    ("NBA Standings - 2025-26 season - ESPN", "NBA Standings 2025-26", "NBA Standings 2025-26"),
    # The declared title parts from the headline at a separator: a blog's or a section's name.
    ("danah boyd | apophenia » omg girls' bodies are fascinating", "danah boyd | apophenia",
     "danah boyd | apophenia » omg girls' bodies are fascinating"),
    ("SFGate: Daily Dish : Ronson Denies Winehouse Affair", "SFGate: Daily Dish",
     "SFGate: Daily Dish : Ronson Denies Winehouse Affair"),
    # A word the title only begins with ("Head" of "Headlamps") is no headline of it.
    ("Headlamps for Camping | REI Co-op", "Head", "Headlamps for Camping | REI Co-op"),
])
def test_a_headline_that_begins_the_declared_title(title, heading, expected):
    body = f"<main><h1>{heading}</h1><p>{PROSE}</p></main>"
    r = wc.extract(page(body, f"<title>{title}</title>"))
    assert r.title == expected


@pytest.mark.parametrize("pid", ["mw-2918", "mw-3027", "mw-3061"])
def test_a_headline_that_begins_the_declared_title_on_real_pages(pid):
    rec, r = corpus_page("modern-web", pid)
    assert title_key(r.title) == title_key(rec["title"])


def test_a_blogs_name_heading_is_not_the_title_on_real_pages():
    _, r = corpus_page("dragnet", "dragnet-R132")  # <h1> "danah boyd | apophenia", the blog's name
    assert r.title and r.title.startswith("danah boyd | apophenia » ")
