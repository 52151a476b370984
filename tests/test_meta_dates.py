"""Publication dates: the rules added after a study of the modern-web misses,
each on a real page (the shared corpus, skipped when absent) and on a
hand-made page isolating it; and laziness: author and date are settled on
first access, with the crawl's time given at extraction."""

from __future__ import annotations



import scrapy_webclean as wc

from test_metadata import PROSE, modern


def page(body: str, head: str = "<title>Budget vote delayed</title>") -> bytes:
    return f"<html><head>{head}</head><body>{body}</body></html>".encode()


def test_other_meta_names_of_a_publication_date():
    rec, r = modern("mw-0244")  # <meta name="published" content="July 17, 2025">, nothing shown
    assert r.date == rec["date"] == "2025-07-17"
    rec, r = modern("mw-0237")  # <meta name="w-published-date" content="2025-05-27T06:03:43.274Z">
    assert r.date == rec["date"] == "2025-05-27"
    body = f"<article><h1>Budget vote delayed</h1><p>{PROSE}</p></article>"
    head = '<title>Budget vote delayed</title><meta name="w-published-date" content="2024-03-05T10:00:00Z">'
    assert wc.extract(page(body, head)).date == "2024-03-05"
    for name in ("w-modified-date", "last-published", "publish-updated"):  # never a modified or last date
        head = f'<title>Budget vote delayed</title><meta name="{name}" content="2024-03-05T10:00:00Z">'
        assert wc.extract(page(body, head)).date is None, name


def test_an_faq_is_not_a_discussion_thread():
    # An article with an FAQPage: its Questions made it a "thread", whose declared date wins over the
    # date shown under the headline (the paper's, 24 Apr 2000, which the gold has).
    rec, r = modern("mw-0381")
    assert r.date == rec["date"] == "2000-04-24"
    ld = ('<script type="application/ld+json">{"@type": "Article", "datePublished": "2025-12-01T05:10:15Z"}'
          '</script><script type="application/ld+json">{"@type": "FAQPage", "mainEntity": [{"@type": "Question",'
          ' "name": "Why?", "acceptedAnswer": {"@type": "Answer", "text": "Because."}}]}</script>')
    body = f"<article><h1>Budget vote delayed</h1><p>24 Apr 2000</p><p>{PROSE}</p></article>"
    assert wc.extract(page(body, "<title>Budget vote delayed</title>" + ld)).date == "2000-04-24"
    # The same page as a question thread: the first post's declared date.
    thread = ld.replace('"FAQPage", "mainEntity": [{"@type": "Question",', '"QAPage", "mainEntity": [{"@type": '
                        '"Question", "dateCreated": "2025-12-01",')
    assert wc.extract(page(body, "<title>Budget vote delayed</title>" + thread)).date == "2025-12-01"


def test_a_date_declared_per_post_makes_a_thread():
    # Forum software marks each post with <meta itemprop="datePublished">; the first is the thread's.
    rec, r = modern("mw-0529")
    assert r.date == rec["date"] == "2024-01-14"
    posts = "".join(f'<div class="post"><meta itemprop="datePublished" content="2024-01-{d:02d}T21:50:50-05:00">'
                    f"<p>{PROSE}</p></div>" for d in (14, 15, 16))
    body = f"<main><h1>Budget vote delayed</h1><p>Latest reply</p><p>Jan 18, 2024</p>{posts}</main>"
    assert wc.extract(page(body)).date == "2024-01-14"
    # One declared date in the body is an article's: the date shown under the headline wins.
    one = posts.split('</div>')[0] + "</div>"
    body = f"<main><h1>Budget vote delayed</h1><p>Jan 18, 2024</p>{one}</main>"
    assert wc.extract(page(body)).date == "2024-01-18"


def test_a_labelled_date_line_over_one_a_sentence_tells():
    rec, r = modern("mw-2381")  # "...originally published on the 21st of June 2017 and updated..." / "Posted on April 13, 2023"
    assert r.date == rec["date"] == "2023-04-13"
    body = (f"<article><h1>Budget vote delayed</h1><p>{PROSE}</p><p>Note: this post was originally published on "
            "the 21st of June 2017 and has been revised since for the new rules.</p>"
            "<p>Posted on April 13, 2023</p></article>")
    assert wc.extract(page(body)).date == "2023-04-13"
    body = (f"<article><h1>Budget vote delayed</h1><p>{PROSE}</p><p>Note: this post was originally published on "
            "the 21st of June 2017 and has been revised since for the new rules.</p></article>")
    assert wc.extract(page(body)).date == "2017-06-21"  # the only labelled one


def test_author_and_date_settled_on_first_access():
    head = '<title>Budget vote delayed</title><meta name="author" content="Ann Lee">'
    body = f"<article><h1>Budget vote delayed</h1><p>3 days ago</p><p>{PROSE}</p></article>"
    r = wc.extract(page(body, head), reference_date="2025-12-20")
    assert r._shown_values == {}  # nothing read yet
    assert (r.author, r.authors, r.date) == ("Ann Lee", ["Ann Lee"], "2025-12-17")
    assert r.to_dict()["date"] == "2025-12-17" and r.language == "en"
    r.date = None  # a caller may still set a field
    assert r.date is None and r.to_dict()["date"] is None


def test_another_events_day_is_no_publication_date():
    _, r = modern("mw-0640")  # "Sale ends 03/31/2026. While supplies last." under the headline
    assert r.date is None
    _, r = modern("mw-0664")  # SQLAlchemy docs: "Release Date: March 2, 2026" (the software's)
    assert r.date is None
    for line in ("Sale ends 03/31/2026.", "Offer valid until March 31, 2026", "Release Date: March 2, 2026",
                 "Registration deadline: March 2, 2026"):
        body = f"<article><h1>Budget vote delayed</h1><p>{line}</p><p>{PROSE}</p></article>"
        assert wc.extract(page(body)).date is None, line
    body = f"<article><h1>Budget vote delayed</h1><p>March 2, 2026</p><p>{PROSE}</p></article>"
    assert wc.extract(page(body)).date == "2026-03-02"
