"""Authors that were labels or firms: a link's label ("View Profile"), a category after
"Posted in" / "Filed under:", a job's label ("Reporter"), a post classed ``author-admin``, a
firm by its legal form or as the site's own name. Each rule on a hand-made page and on the
real pages (dragnet, cleaneval, modern-web; skipped when ../shared is absent) it was
measured on."""

from __future__ import annotations

import pytest

import scrapy_webclean as wc
from scrapy_webclean._meta_author import clean_authors, firm_name

from test_meta_headlines import corpus_page
from test_metadata import PROSE, modern

H1 = "<h1>Budget vote delayed</h1>"


def author(body: str, head: str = "<title>Budget vote delayed</title>") -> str | None:
    return wc.extract(f"<html><head>{head}</head><body>{body}</body></html>".encode()).author


@pytest.mark.parametrize("label", ["View Profile", "Google profile", "View my complete profile", "Google +",
                                   "About Us", "Author Archive"])
def test_an_author_links_label_is_no_name(label):
    # rel="author" links to the author's page; its text is often the link's label, not the name.
    body = f'<article>{H1}<div class="byline">By Ann Lee</div><a rel="author" href="/u/1">{label}</a><p>{PROSE}</p></article>'
    assert author(body) == "Ann Lee"
    assert author(body.replace(label, "Bob Roe")) == "Bob Roe"  # a name it gives still counts


@pytest.mark.parametrize("pid, expected", [
    ("dragnet-R742", "Neetzan Zimmerman"), ("dragnet-T5", "Jason Schreier"), ("dragnet-R342", "Phil Nickinson"),
    ("dragnet-R933", None), ("dragnet-R916", None),
])
def test_an_author_links_label_on_real_pages(pid, expected):
    assert corpus_page("dragnet", pid)[1].author == expected


def test_a_category_after_its_label_is_no_name():
    body = (f'<article>{H1}<div class="post-author">Posted in <a href="/c/arch">Architecture</a></div>'
            f'<p>{PROSE}</p></article>')
    assert author(body) is None
    body = (f'<article>{H1}<p class="meta">by Ann Lee , Filed under: <a href="/c/fan">Fan Productions</a></p>'
            f'<p>{PROSE}</p></article>')
    assert author(body) == "Ann Lee"
    assert clean_authors("Ann Lee, Filed under: News") == ["Ann Lee"]
    assert corpus_page("dragnet", "dragnet-R16")[1].author == "Joseph Dickerson"
    assert corpus_page("dragnet", "dragnet-T13")[1].author is None  # "by TrekMovie.com Staff , Filed under:"
    assert corpus_page("dragnet", "dragnet-R757")[1].author != "Architecture"


def test_a_post_classed_by_its_author_is_no_byline_element():
    # WordPress classes a whole post "author-admin": its words ("Tags:", "Download", "and") are no byline.
    paras = "".join(f"<p>{PROSE} <a href='/d{i}'>Download</a></p>" for i in range(4))
    assert author(f'{H1}<div class="hentry post author-admin">{paras}<p>Tags: <a href="/t">nokia</a></p></div>') is None
    assert author(f'{H1}<div class="author-box"><p>Ann Lee</p></div><div>{paras}</div>') == "Ann Lee"
    for pid in ("dragnet-R152", "dragnet-R154", "dragnet-R155"):
        assert corpus_page("dragnet", pid)[1].author is None, pid


def test_a_jobs_label_or_a_phrase_is_no_shown_name_a_desk_is():
    body = f'<article>{H1}<div class="author-info"><span class="role">{{}}</span></div><p>{PROSE}</p></article>'
    assert author(body.format("Reporter")) is None
    assert author(body.format("Editorial")) is None
    assert author(body.format("Newsdesk")) == "Newsdesk"
    assert author(body.format("presentation and recording")) is None
    assert author(body.format("hipstomp / Rain Noe")) == "hipstomp, Rain Noe"
    assert corpus_page("dragnet", "dragnet-R572")[1].author == "Richard Read"  # not "Reporter"; "Read" is a name
    assert corpus_page("dragnet", "dragnet-R398")[1].author is None
    assert modern("mw-0456")[1].author == "Newsdesk"


def test_a_firm_is_no_author():
    assert clean_authors("Idea TV GmbH") == [] and clean_authors("United Design Associates, Inc.") == []
    assert clean_authors("Pocket-lint Ltd") == [] and clean_authors("Jane Co") == ["Jane Co"]
    assert firm_name("Warren Averett CPAs & Advisors") == "Warren Averett"
    assert firm_name("Thrive Agency") is None and firm_name("Jane Doe") is None
    head = ('<title>HR Consulting | Warren Averett CPAs &amp; Advisors</title>'
            '<meta property="og:site_name" content="Warren Averett CPAs &amp; Advisors">'
            '<meta name="twitter:label1" content="Written by"><meta name="twitter:data1" content="{}">')
    assert author(f"<main><h1>HR Consulting</h1><p>{PROSE}</p></main>", head.format("Warren Averett")) is None
    assert author(f"<main><h1>HR Consulting</h1><p>{PROSE}</p></main>", head.format("Ann Lee")) == "Ann Lee"
    assert corpus_page("cleaneval", "cleaneval-final-510")[1].author is None  # "Idea TV GmbH"
    assert modern("mw-3033")[1].author != "Warren Averett"
    assert modern("mw-0217")[1].author == "Thrive Agency"  # a firm the page names as the author stays


def test_others_bylines_in_a_listing_are_not_the_pages():
    # Related posts' cards, each "Written by" someone: none is the page's byline.
    cards = "".join(f'<article><h3>Post {i}</h3><p>Written by <a href="/p/{n}">{n}</a> on May 2, 2025</p></article>'
                    for i, n in enumerate(["Ann Lee", "Bob Roe", "Ann Lee"]))
    main = "<main><h1>HR Consulting</h1>" + f"<p>{PROSE}</p>" * 20 + "</main>"  # the cards far below the headline
    assert author(f"{main}<aside>{cards}</aside>") is None
    one = '<footer><p>Written by <a href="/p/ann">Ann Lee</a></p></footer>'
    assert author(f"{main}{one}") == "Ann Lee"  # an author box
    assert modern("mw-3033")[1].author is None


def test_a_front_pages_cards_bylines_are_not_the_pages():
    # A blog's or a magazine's front page: each card near the top "By" someone else.
    cards = "".join(f"<div><h2>Story {i}</h2><p>By {n}</p><p>{PROSE[:90]}</p></div>"
                    for i, n in enumerate(["Ann Lee", "Bob Roe", "Cy Young"]))
    assert author(f"<main><h1>Town Magazine</h1>{cards}</main>", "<title>Town Magazine</title>") is None
    body = (f"<main><h1>Budget vote delayed</h1><p>By Ann Lee</p><p>{PROSE} Drawn by four amazing artists.</p>"
            f"<p>By clicking you agree.</p></main>")
    assert author(body) == "Ann Lee"  # sentences with "by" are no bylines
    assert modern("mw-0470")[1].author is None
    assert corpus_page("dragnet", "dragnet-R774")[1].author == "Sarah Perez"
