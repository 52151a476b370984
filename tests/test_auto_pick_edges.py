"""The propagation pick less the boilerplate lines at its edges (``_pick_edges``): one hand-made
page per rule, and a generated-style page where ``auto`` returns the propagation pick."""

from __future__ import annotations

import scrapy_webclean as wc
from scrapy_webclean._document import parse
from scrapy_webclean._render import NodeSelection, kept_mask
from scrapy_webclean.extractors._pick_edges import EDGE_LINE, edges_dropped
from scrapy_webclean.extractors._propagation import propagation_pick

from conftest import corpus_page
from test_auto import MORE, PROSE

AFFILIATE = "This post contains affiliate links. If you buy through them, we earn a small commission."
NEWSLETTER = "Sign up for our newsletter to get the best stories in your inbox."
COPYRIGHT = "Copyright 2008 Press Association Ltd. All rights reserved."


def trimmed(body: str) -> str:
    doc = parse(f"<html><head><title>T</title></head><body>{body}</body></html>".encode())
    pick = propagation_pick(doc, doc.measures)
    assert pick.root >= 0
    kept = kept_mask(doc, pick.root, pick.drop or bytearray(len(doc)))
    drop = edges_dropped(doc, doc.measures, pick.root, pick.drop, kept)
    return NodeSelection(doc, pick.root, drop, excluded=doc.measures.excluded).text()


def test_a_closing_disclosure_and_a_copyright_line_are_dropped():
    text = trimmed(f"<div><p>{PROSE}</p><p>{MORE}</p><p><em>{AFFILIATE}</em></p><p>{COPYRIGHT}</p></div>")
    assert PROSE in text and MORE in text
    assert "affiliate" not in text and "Copyright" not in text


def test_an_opening_call_is_dropped_and_the_trimming_stops_at_the_story():
    text = trimmed(f"<div><p>{NEWSLETTER}</p><p>{PROSE}</p><p>{NEWSLETTER} Or not.</p><p>{MORE}</p></div>")
    assert text.startswith(PROSE[:40])
    assert f"{NEWSLETTER} Or not." in text  # in the middle of the story: the writer's own line, kept


def test_a_long_block_that_mentions_a_copyright_ends_the_trimming():
    note = ("Serge Schmemann is a member of the editorial board and has covered three continents. This essay is "
            "excerpted from a report, copyright 2003 by the Committee to Protect Journalists, New York, and "
            "appears by its permission. The committee defends the rights of journalists worldwide.")
    assert len(note) < EDGE_LINE <= len(note) + len(AFFILIATE) * 3
    text = trimmed(f"<div><p>{PROSE}</p><p>{MORE}</p><p>{note} {note}</p><p>{COPYRIGHT}</p></div>")
    assert note in text
    assert "Press Association" not in text


def test_a_pick_without_boilerplate_at_its_edges_is_left_as_it_is():
    doc = parse(f"<html><body><div><p>{PROSE}</p><p>{MORE}</p></div></body></html>".encode())
    pick = propagation_pick(doc, doc.measures)
    kept = kept_mask(doc, pick.root, pick.drop or bytearray(len(doc)))
    assert edges_dropped(doc, doc.measures, pick.root, pick.drop, kept) is pick.drop


def test_a_wire_storys_closing_copyright_is_left_out_of_the_propagation_pick():
    # googlenews: auto returns the propagation pick, whose wrapper closes with the agency's line.
    rec, body = corpus_page("googlenews", "googlenews-55d74af7-da29-48dd-b615-f2ff4d2e1551")
    text = wc.extract(body, rec["url"], encoding=rec.get("http_charset")).text
    assert "All Rights Reserved" not in text
    assert rec["articleBody"].split("\n")[-1][:60] in text


def test_a_comment_forms_lines_after_a_closing_line_do_not_end_the_trimming():
    # Blog software's feed line closes the post, then its comment form's notes (left out of every body by
    # the controls): the trimming passes over the notes, on a page with a comment form.
    feed = "You can follow any responses to this entry through the RSS 2.0 feed."
    notes = "<div><p>Your email address will not be published. Required fields are marked *</p></div>"
    form = "<form><textarea name='comment'></textarea></form>"
    text = trimmed(f"<div><p>{PROSE}</p><p>{MORE}</p><p>{feed}</p>{notes}</div>{form}")
    assert PROSE in text and MORE in text and "follow any responses" not in text
    without_form = trimmed(f"<div><p>{PROSE}</p><p>{MORE}</p><p>{feed}</p>{notes}</div>")
    assert "follow any responses" in without_form  # (no form: the notes are a line like any other)
