"""The propagation pick's cleaning reads a division that only wraps a paragraph as that paragraph
(a page builder's ``<div><p>...</p></div>`` around each one): not cleaned as a box."""

from __future__ import annotations

from scrapy_webclean._document import parse
from scrapy_webclean._render import NodeSelection
from scrapy_webclean.extractors._propagation import propagation_pick

from test_auto import MORE, PROSE

SHORT = "What happened since then?"  # under 25 characters of text: a short division is cleaned
LINKED = ("On the same day, we also <a href='/express'>announced and released the free desktop edition of "
          "the compiler</a> for writing traditional Windows applications.")  # over 0.2 of it in a link


def picked(body: str) -> str:
    doc = parse(f"<html><head><title>T</title></head><body>{body}</body></html>".encode())
    pick = propagation_pick(doc, doc.measures)
    assert pick.root >= 0
    return NodeSelection(doc, pick.root, pick.drop, excluded=doc.measures.excluded).text()


def _story(wrap: str) -> str:
    return "<div>" + "".join(wrap.format(p) for p in (PROSE, MORE, SHORT, LINKED, PROSE.upper())) + "</div>"


def test_paragraphs_each_wrapped_in_a_division_are_kept_as_paragraphs():
    for wrap in ("<p>{}</p>", "<div><p>{}</p></div>"):
        text = picked(_story(wrap))
        assert SHORT in text and "announced and released" in text and PROSE.upper() in text, wrap


def test_a_paragraph_wrapped_twice_among_plain_ones_is_kept():
    story = "".join(f"<div><div><p>{p}</p></div></div>" if p in (SHORT, LINKED) else f"<p>{p}</p>"
                    for p in (PROSE, MORE, SHORT, LINKED, PROSE.upper()))
    text = picked(f"<div>{story}</div>")
    assert SHORT in text and "announced and released" in text and PROSE.upper() in text


def test_a_division_holding_more_than_the_paragraph_is_still_cleaned():
    # A box of links beside a line is no wrapper: readability's cleaning judges it.
    box = "<div><p>Related</p><a href='/a'>Council story one</a> <a href='/b'>Council story two</a></div>"
    text = picked(f"<div><p>{PROSE}</p><p>{MORE}</p>{box}<p>{PROSE.upper()}</p></div>")
    assert PROSE in text and "Council story one" not in text
