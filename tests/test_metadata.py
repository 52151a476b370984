"""Title, author and date: on real pages (bundled, sample sites, the shared
modern-web corpus when present) and on hand-made pages isolating one rule."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

import scrapy_webclean as wc
from scrapy_webclean._meta_author import clean_authors
from scrapy_webclean._meta_date import parse_date
from scrapy_webclean._metascore import author_matches, date_key, fold_of, score_fields, title_key

ROOT = Path(__file__).resolve().parents[1]
PAGES = ROOT / "tests" / "pages"
SAMPLES = ROOT / "example_project" / "sample_sites"
MODERN = ROOT.parent / "shared" / "corpora" / "modern-web"
PROSE = ("The council voted on Tuesday to delay the budget by a month, citing gaps in the figures. "
         "Officials said the revised plan would be published before the next meeting in the spring.")


def page(body: str, head: str = "<title>T</title>") -> bytes:
    return f"<html><head>{head}</head><body>{body}</body></html>".encode()


def modern(pid: str) -> tuple[dict, wc.ExtractResult]:
    if not (MODERN / "ground-truth.json").exists():
        pytest.skip("../shared/corpora/modern-web not present")
    rec = json.loads((MODERN / "ground-truth.json").read_text(encoding="utf-8"))[pid]
    raw = gzip.decompress((MODERN / "pages" / f"{pid}.html.gz").read_bytes())
    return rec, wc.extract(raw, rec["url"])


def test_netease_article_dated_from_its_visible_line_and_site_not_author():
    # meta author is the site ("网易"); the page shows "2015-07-02 03:36:48　来源:" and "作者：" at the end.
    manifest = json.loads((SAMPLES / "163" / "manifest.json").read_text(encoding="utf-8"))
    for path, spec in list(manifest["pages"].items())[:6]:
        raw = gzip.decompress((SAMPLES / "163" / "pages" / spec["file"]).read_bytes())
        r = wc.extract(raw, spec["url"], encoding="gbk")
        assert r.date and r.date.startswith("2015-"), path
        assert r.author != "网易" and "网易" not in (r.authors or []), path
        assert r.title and not r.title.endswith("网易财经")


def test_bundled_pages_keep_people_not_sites():
    r = wc.extract((PAGES / "163-article-gbk.html").read_bytes(), "https://money.163.com/15/0521/05/x.html")
    assert r.author != "网易" and r.date == "2015-05-21"
    r = wc.extract((PAGES / "bbc-article.html").read_bytes(), "https://www.bbc.com/news/x")
    assert r.author != "BBC News"


def test_several_authors_as_a_list_and_shown_date_over_sidebar():
    rec, r = modern("mw-0010")  # JSON-LD lists three people
    assert r.authors == ["Danielle DeSiato", "Donna Enzmann", "Natalie Nguyen"]
    assert author_matches(r.authors, rec["author"])
    # The page shows only "Updated August 14, 2025" and declares 2025-05-19, which it does not show.
    assert r.date == rec["date"] == "2025-08-14"


def test_visible_published_line_and_byline():
    rec, r = modern("mw-0145")  # "Published August 7, 2023" / "by Nicole Burke", nothing declared
    assert (r.date, r.author) == ("2023-08-07", "Nicole Burke")
    assert title_key(r.title) == title_key(rec["title"])


def test_headline_over_declared_title_with_site_name():
    rec, r = modern("mw-0560")
    assert r.title == rec["title"]  # the <h1>; <title> glues the forum's name on


def test_byline_cleaning_rules():
    assert clean_authors("By Tom Krisher, AP Auto Writer") == ["Tom Krisher"]
    assert clean_authors("Ann Lee &amp; Bob Roe") == ["Ann Lee", "Bob Roe"]
    assert clean_authors("Written By: Tom May") == ["Tom May"]
    assert clean_authors("Dylan Bailey, MS, RD, FAND") == ["Dylan Bailey"]
    assert clean_authors("Kaufman, Jeff T.") == ["Kaufman, Jeff T."]
    assert clean_authors("@cassidoo") == [] and clean_authors("https://www.facebook.com/bbcnews") == []
    assert clean_authors("262588213843476") == [] and clean_authors("admin") == []
    assert clean_authors(["Rui Ma", "Heba Ledwon"]) == ["Rui Ma", "Heba Ledwon"]
    assert clean_authors("何苗 张梦洁") == ["何苗", "张梦洁"]


def test_author_that_is_the_site_is_dropped_but_a_personal_sites_owner_kept():
    head = ('<title>Budget vote delayed - Town News</title><meta name="author" content="Town News">'
            '<meta property="og:site_name" content="Town News">')
    assert wc.extract(page(f"<article><h1>Budget vote delayed</h1><p>{PROSE}</p></article>", head),
                      "https://townnews.example.com/a").author is None
    head = '<title>Budget vote delayed</title><meta name="author" content="John Scalzi">'
    assert wc.extract(page(f"<article><p>{PROSE}</p></article>", head),
                      "https://whatever.scalzi.com/2025/x").author == "John Scalzi"
    head = '<title>Ten books</title><meta name="author" content="Cathy Horvath Buchanan">'
    assert wc.extract(page(f"<article><p>{PROSE}</p></article>", head),
                      "https://cathyhorvathbuchanan.com/blogs/x").author == "Cathy Horvath Buchanan"
    head = '<title>Our wallets</title><meta name="author" content="Ridge">'
    assert wc.extract(page(f"<article><p>{PROSE}</p></article>", head), "https://ridge.com/x").author is None


def test_byline_shown_under_the_headline():
    body = (f'<article><h1>Budget vote delayed</h1><p class="meta">Posted by</p><a href="/u/ann">Ann Lee</a>'
            f"<p>{PROSE}</p></article>")
    r = wc.extract(page(body, "<title>Budget vote delayed</title>"))
    assert r.author == "Ann Lee"
    body = f'<article><h1>Budget vote delayed</h1><p>Sort by</p><p>Relevancy</p><p>{PROSE}</p></article>'
    assert wc.extract(page(body, "<title>Budget vote delayed</title>")).author is None


@pytest.mark.parametrize("text, expected", [
    ("2015-05-21 05:03:58 来源: 网易", "2015-05-21"),
    ("发布时间：2015年5月21日 10:00", "2015-05-21"),
    ("Published Aug. 7, 2023", "2023-08-07"),
    ("7th August 2023", "2023-08-07"),
    ("11-29-2024, 09:03 AM", "2024-11-29"),
    ("29/11/2024", "2024-11-29"),
    ("Copyright 2024", None),
    ("3 days ago", None),  # no crawl time given
])
def test_parse_date_formats(text, expected):
    assert parse_date(text) == expected


def test_relative_dates_against_the_crawl_time():
    assert parse_date("3 days ago", reference="2025-12-20") == "2025-12-17"
    assert parse_date("昨天 10:32", reference="2025-12-20") == "2025-12-19"
    body = f"<article><h1>Budget vote delayed</h1><p>2 hours ago</p><p>{PROSE}</p></article>"
    raw = page(body, "<title>Budget vote delayed</title>")
    assert wc.extract(raw, reference_date="2025-12-20").date == "2025-12-20"
    assert wc.extract(raw).date is None


def test_updated_date_only_when_the_article_shows_no_publication_date():
    head = "<title>Budget vote delayed</title>"
    byline = '<p class="byline">By Ann Lee</p>'
    # An article's byline shows only "Updated": that is the only date it has.
    body = f"<article><h1>Budget vote delayed</h1>{byline}<p>Updated March 9, 2024</p><p>{PROSE}</p></article>"
    assert wc.extract(page(body, head)).date == "2024-03-09"
    # A publication date shown wins over it, labelled or declared too.
    shown = body.replace("<p>Updated", "<p>Published March 2, 2024</p><p>Updated")
    assert wc.extract(page(shown, head)).date == "2024-03-02"
    ld = {"@context": "https://schema.org", "@type": "NewsArticle", "headline": "Budget vote delayed",
          "datePublished": "2024-03-02T08:00:00+00:00", "dateModified": "2024-03-09T08:00:00+00:00"}
    declared = f'{head}<script type="application/ld+json">{json.dumps(ld)}</script>'
    dated = body.replace("<p>Updated", "<p>March 2, 2024</p><p>Updated")
    assert wc.extract(page(dated, declared)).date == "2024-03-02"
    # A declared publication date the article does not show gives way to the "Updated" date its
    # byline shows: the reader sees that day.
    assert wc.extract(page(body, declared)).date == "2024-03-09"
    # Without a byline, "Last updated" is a listing's or a manual's revision stamp, not a date of
    # the page: the declared date, or none.
    assert wc.extract(page(body.replace(byline, ""), declared)).date == "2024-03-02"
    assert wc.extract(page(body.replace(byline, ""), head)).date is None
    # A declared modified date alone never counts (SEO plugins and shops declare one on every page).
    ld = {"@context": "https://schema.org", "@type": "WebPage", "dateModified": "2024-03-09T08:00:00+00:00"}
    plain = f"<article><h1>Budget vote delayed</h1>{byline}<p>{PROSE}</p></article>"
    assert wc.extract(page(plain, f'{head}<script type="application/ld+json">{json.dumps(ld)}</script>')).date is None
    modified = f'{head}<meta property="article:modified_time" content="2024-03-09T08:00:00+00:00">'
    assert wc.extract(page(plain, modified)).date is None


def test_updated_date_of_a_byline_on_real_pages():
    rec, r = modern("mw-0372")  # "By Mayank Gupta ... Updated: December 09, 2025", nothing declared
    assert r.date == rec["date"] == "2025-12-09"
    rec, r = modern("mw-0110")  # "Author Isaiah Shelton / Updated on April 19, 2025"; a WebPage date not shown
    assert r.date == rec["date"] == "2025-04-19"
    rec, r = modern("mw-2888")  # an eBay listing's "Last updated on Jan 02, 2026": no byline, no date
    assert r.date is None and rec.get("date") is None
    # "By Richard Garner ... Updated Sep 5, 2024"; "Last Updated: 2025-02-22" under the headline:
    # each declares a publication date it does not show (2023-07-22, 2021-08-12).
    for pid, day in (("mw-0227", "2024-09-05"), ("mw-0020", "2025-02-22")):
        rec, r = modern(pid)
        assert r.date == rec["date"] == day, pid


def test_a_permalinks_day():
    # No date on the page but the one in its address (WordPress, news sites: /2012/10/29/slug/).
    body = f"<article><h1>Budget vote delayed</h1><p>{PROSE}</p></article>"
    raw = page(body, "<title>Budget vote delayed</title>")
    assert wc.extract(raw, "https://news.example.com/2012/10/29/budget-vote/").date == "2012-10-29"
    assert wc.extract(raw, "https://news.example.com/blog/2025-12-17-budget-vote").date == "2025-12-17"
    assert wc.extract(raw, "https://news.example.com/2012/10/budget-vote/").date is None  # no day
    assert wc.extract(raw, "https://news.example.com/a?from=2012/10/29/").date is None  # not the path
    # It wins over a date shown at the top unlabelled (a header's "today")...
    top = f"<p>Wednesday, November 7 2012</p>{body}"
    assert wc.extract(page(top, "<title>Budget vote delayed</title>"),
                      "https://news.example.com/2012/11/05/budget-vote/").date == "2012-11-05"
    # ... not over a publication date the page shows.
    shown = body.replace("<p>", "<p>Posted on November 6, 2012</p><p>", 1)
    assert wc.extract(page(shown, "<title>Budget vote delayed</title>"),
                      "https://news.example.com/2012/11/05/budget-vote/").date == "2012-11-06"


@pytest.mark.parametrize("pid, url_day", [
    ("dragnet-R930", "2012-10-08"),  # a blog post shows its date only far below, under the comments
    ("dragnet-R502", "2012-11-05"),  # the header shows the day of the crawl, "Wednesday, November 7 2012"
])
def test_a_permalinks_day_on_real_pages(pid, url_day):
    corpus = ROOT.parent / "shared" / "corpora" / "dragnet"
    if not (corpus / "ground-truth.json").exists():
        pytest.skip("../shared/corpora/dragnet not present")
    rec = json.loads((corpus / "ground-truth.json").read_text(encoding="utf-8"))[pid]
    raw = gzip.decompress((corpus / "pages" / f"{pid}.html.gz").read_bytes())
    assert wc.extract(raw, rec["url"]).date == url_day and url_day.replace("-", "/") in rec["url"]


def test_metadata_score_rules():
    assert title_key("Brexit: the deal!") == title_key("brexit  the deal")
    assert author_matches("Mike Marshall", "Mike Marshall, Shipping Expert")
    assert not author_matches("Mike Marshall, BBC News", "Mike Marshall")
    assert not author_matches("Rui Ma", "Rui Ma, Heba Ledwon & Suparn Patra")
    assert author_matches(None, None) and author_matches([], "") and not author_matches("Ann Lee", None)
    assert date_key("Jun 08, 2023 • 11 Minute Read") == "2023-06-08" and date_key(None) == ""
    assert fold_of("bbc.com") == fold_of("bbc.com") and 0 <= fold_of("x") < 5
    s = score_fields([({"title": "A", "author": None, "date": None}, {"title": "a", "author": None, "date": "2020-01-01"})])
    assert (s["title"], s["author"], s["date"], s["date-"]) == (1.0, 1.0, 0.0, 0.0)


def test_declared_utc_time_shown_as_the_sites_day():
    # A thread's declared date wins over the dates shown near its title (replies', members')...
    ld = {"@context": "https://schema.org", "@type": "DiscussionForumPosting", "headline": "Budget vote delayed",
          "datePublished": "2026-02-15T03:05:48+00:00"}
    head = f'<title>Budget vote delayed</title><script type="application/ld+json">{json.dumps(ld)}</script>'
    body = f"<article><h1>Budget vote delayed</h1><p>Feb 10, 2026</p><p>{PROSE}</p></article>"
    assert wc.extract(page(body, head)).date == "2026-02-15"
    # ... but a UTC time shown as the day before is the same moment on the site's clock.
    assert wc.extract(page(body.replace("Feb 10", "Feb 14"), head)).date == "2026-02-14"
    # With the site's own offset the declared day is already the reader's.
    local = head.replace("+00:00", "-05:00")
    assert wc.extract(page(body.replace("Feb 10", "Feb 14"), local)).date == "2026-02-15"


def test_a_webpage_date_counts_only_when_shown():
    ld = {"@context": "https://schema.org", "@type": "WebPage", "datePublished": "2019-12-12T14:07:03+00:00"}
    head = f'<title>Our services</title><script type="application/ld+json">{json.dumps(ld)}</script>'
    assert wc.extract(page(f"<main><h1>Our services</h1><p>{PROSE}</p></main>", head)).date is None
    body = f"<main><h1>Our services</h1><p>Dec 12, 2019</p><p>{PROSE}</p></main>"
    assert wc.extract(page(body, head)).date == "2019-12-12"


def test_title_entities_decoded_and_heading_words_parted():
    head = '<title>The Cream with TFC8&amp;reg; Face Moisturizer | Bader</title>'
    r = wc.extract(page(f"<article><p>{PROSE}</p></article>", head))
    assert r.title == "The Cream with TFC8® Face Moisturizer"
    body = f"<article><h1>News<br>Product Management</h1><p>{PROSE}</p></article>"
    head = "<title>News Product Management | Alliance</title>"
    assert wc.extract(page(body, head)).title == "News Product Management"


def test_a_headline_that_is_not_the_title_leaves_the_page_title_whole():
    # The <h1> is a slogan, agreeing with no declared title: the page is named by its <title> whole.
    head = "<title>Data Analytics Services | Acme Analytics</title>"
    body = f"<main><h1>Make anything possible</h1><p>{PROSE}</p></main>"
    r = wc.extract(page(body, head))
    assert r.title == "Data Analytics Services | Acme Analytics"
    # Without a headline, or with one agreeing with the declared title, the site's name goes.
    assert wc.extract(page(f"<main><p>{PROSE}</p></main>", head)).title == "Data Analytics Services"
    body = f"<main><h1>Data Analytics Services</h1><p>{PROSE}</p></main>"
    assert wc.extract(page(body, head)).title == "Data Analytics Services"
    # A <title> that is only the site's name never names the page.
    head = '<title>Acme</title><meta property="og:title" content="Data Analytics Services">'
    body = f"<main><h1>Make anything possible</h1><p>{PROSE}</p></main>"
    assert wc.extract(page(body, head), "https://acme.com/x").title == "Data Analytics Services"


@pytest.mark.parametrize("title, heading, expected", [
    # "... — Strength Training" is the title's, not a label glued on: the headline as shown.
    ("Gym Workouts for Beginners — Strength Training - Gold's Gym", "Gym Workouts for Beginners — Strength Training",
     "Gym Workouts for Beginners — Strength Training"),
    # A label glued before the title ("Thread:") is still left out.
    ("Budget vote delayed | Town Forum", "Thread: Budget vote delayed", "Budget vote delayed"),
    # A headline that is one segment of the declared title.
    ("Models | Django documentation | Django", "Models", "Models"),
    ("Hiking Boots: Shop Boots for Hiking &amp; Backpacking | REI Co-op", "Hiking Boots", "Hiking Boots"),
])
def test_a_headline_that_is_part_of_the_declared_title(title, heading, expected):
    body = f"<main><h1>{heading}</h1><p>{PROSE}</p></main>"
    assert wc.extract(page(body, f"<title>{title}</title>")).title == expected


def test_a_forums_prefix_label_left_out_of_the_title():
    # The thread's prefix label ("News") is shown in the <h1> and glued on og:title as its own
    # segment; the JSON-LD headline is the title without it.
    ld = {"@context": "https://schema.org", "@type": "DiscussionForumPosting", "headline": "Budget vote delayed again"}
    head = ('<title>News - Budget vote delayed again | Town Forum</title>'
            '<meta property="og:title" content="News - Budget vote delayed again">'
            f'<script type="application/ld+json">{json.dumps(ld)}</script>')
    body = f'<main><h1><span class="label">News</span> Budget vote delayed again</h1><p>{PROSE}</p></main>'
    r = wc.extract(page(body, head))
    assert r.title == "Budget vote delayed again"
    assert "News Budget vote delayed again" not in r.text  # the headline is still the heading dropped
    # A shorter declared title without such a label segment is a shortened headline: the <h1> stays.
    head = ('<title>Officials eye budget vote delay - Town News</title>'
            '<meta property="og:title" content="Budget vote delay">')
    body = f"<main><h1>Officials eye budget vote delay</h1><p>{PROSE}</p></main>"
    assert wc.extract(page(body, head)).title == "Officials eye budget vote delay"


@pytest.mark.parametrize("pid", ["mw-0522", "mw-2797"])  # "News", "Tips/Techniques" before the thread's title
def test_a_forums_prefix_label_on_real_pages(pid):
    rec, r = modern(pid)
    assert title_key(r.title) == title_key(rec["title"])


def test_titles_on_real_pages():
    rec, r = modern("mw-2833")  # <h1> "Make anything possible, all in Figma"; <title> "Figma: The Collaborative..."
    assert r.title == rec["title"] == "Figma: The Collaborative Interface Design Tool"
    rec, r = modern("mw-0263")  # <h1> is the <title> without " - Gold's Gym"
    assert r.title == rec["title"] == "Gym Workouts for Beginners — Strength Training"
    rec, r = modern("mw-0029")  # <h1> agrees with the declared title: the site's name left out
    assert r.title == "News Product Management Certification"


def test_one_citation_meta_per_author():
    rec, r = modern("mw-2020")  # six citation_authors tags
    assert r.authors == ["Jennifer Huberty", "Jeni Green", "Christine Glissmann", "Linda Larkey", "Megan Puzia",
                         "Chong Lee"]
    assert author_matches(r.author, rec["author"])
    _, r = modern("mw-0380")  # arXiv: citation_author "Roy, Aniruddha", ... (the gold names the first only)
    assert r.authors[:2] == ["Aniruddha Roy", "Jyoti Patel"] and len(r.authors) == 5


def test_declared_fields_on_a_real_page():
    # canonical_url, image, description, sitename and language as the BBC article declares them.
    r = wc.extract((PAGES / "bbc-article.html").read_bytes(), "http://www.bbc.com/news/x")
    assert r.canonical_url == "http://www.bbc.com/news/business-38646804"
    assert r.image == "https://ichef.bbci.co.uk/images/ic/1024x576/p04pt0k9.jpg"
    assert r.description.startswith("A Trump adviser says that if China entered a trade battle with the US it would")
    assert '"way more"' in r.description  # its entities decoded
    assert (r.sitename, r.language) == ("BBC News", "en")
    assert (r.author, r.date) == ("Joe Miller", "2017-01-17")
