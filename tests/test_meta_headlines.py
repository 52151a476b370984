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


URL = "https://blog.example.org/2012/09/how-content-works.html"  # the host does not spell the name


@pytest.mark.parametrize("href", ["/", "https://blog.example.org/", "http://www.blog.example.org", "/2012/"])
def test_a_heading_linking_home_is_the_sites_name(href):
    # A blog's logo: without the rule, the <h1> is a segment of the declared title and the title.
    body = f'<div id="header"><h1><a href="{href}">Web Ink Now</a></h1></div><main><p>{PROSE}</p></main>'
    r = wc.extract(page(body, "<title>Web Ink Now: How Content Works</title>"), URL)
    assert r.title == "How Content Works"
    # WordPress's default title, "Post « Blog".
    r = wc.extract(page(body, "<title>How Content Works « Web Ink Now</title>"), URL)
    assert r.title == "How Content Works"


def test_a_heading_linking_to_its_own_page_or_elsewhere_stays_a_headline():
    head = "<title>Web Ink Now: How Content Works</title>"
    for href in (URL, "/2012/09/how-content-works.html#comments", "/2012/09/other-post.html"):
        body = f'<main><h1><a href="{href}">How Content Works</a></h1><p>{PROSE}</p></main>'
        assert wc.extract(page(body, head), URL).title == "How Content Works"
    # Part of the heading's text outside the link: not a logo.
    body = f'<main><h1>How Content <a href="/">Works</a></h1><p>{PROSE}</p></main>'
    assert wc.extract(page(body, head), URL).title == "How Content Works"
    # The site's name is still the title of a page that has no other.
    body = f'<h1><a href="/">Web Ink Now</a></h1><main><p>{PROSE}</p></main>'
    assert wc.extract(page(body, ""), URL).title == "Web Ink Now"


@pytest.mark.parametrize("pid, expected", [
    ("dragnet-R665", "How to Target Buyer Personas with the Right Content Created Especially for Them"),
    ("dragnet-67", "Why I’m a Conference Whore"),  # "... « Rand's Blog", the logo linking to /blog
    ("dragnet-R132", "omg girls’ bodies are fascinating: embracing the gendered side of quantified self"),
])
def test_a_blogs_logo_is_not_the_title_on_real_pages(pid, expected):
    _, r = corpus_page("dragnet", pid)
    assert r.title == expected


def test_a_title_left_open_as_a_browser_shows_it():
    # A <title> never closed runs into the page's source (the parser reads it all as the title's
    # text): it names nothing, the other titles do; a misspelt closing tag ends it; a short title
    # that shows a tag as words keeps it, as the browser's tab does.
    head = "<title>Budget vote delayed - Daily\n<script src='/a.js'></script>" + "<meta name=x content=y>" * 20
    r = wc.extract(f'<html><head><meta property="og:title" content="Budget vote delayed">{head}'.encode())
    assert r.title == "Budget vote delayed"
    r = wc.extract(page(f"<p>{PROSE}</p>", head))
    assert r.title is None
    for extractor in ("auto", "line_block"):
        r = wc.extract(page(f"<p>{PROSE}</p>", '<title>Budget vote delayed</titlevalue="x" --></head>'),
                       extractor=extractor)
        assert r.title == "Budget vote delayed"
        r = wc.extract(page(f"<p>{PROSE}</p>", "<title>30 Years of &lt;br&gt; Tags</title>"), extractor=extractor)
        assert r.title == "30 Years of <br> Tags"


# The page no longer disappears into its title (_title_repair), so its headline is read too.
@pytest.mark.parametrize("pid, expected", [
    ("googlenews-cb5cb16c-9a2e-4a00-9480-43cb90faac9d", "Bush to Saudis: More Oil Please"),  # misspelt end tag
    ("googlenews-0bf24489-9777-4821-a156-7897a890a4cd", None),  # left open, and no other title names the page
    ("googlenews-fab5142d-38ab-4086-ae11-1cf751602360", "Israel closes vital Gaza crossings"),  # left open: the h1
])
def test_a_broken_title_on_real_pages(pid, expected):
    assert corpus_page("googlenews", pid)[1].title == expected
