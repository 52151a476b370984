"""A layout table's row chosen as the block pick's root: the story's cell stands alone when the
cells beside it are boxes (``_auto_columns.story_cell``). Hand-made pages, one rule each."""

from __future__ import annotations

import scrapy_webclean as wc

STORY = ("<p>The harbour board voted on Thursday to close the old ferry pier for repairs, after divers found "
         "cracks in two of its concrete piles during a routine inspection last month.</p>"
         "<p>Ferries will use the north landing until the work is done, which the board expects to take most of "
         "the summer, and timetables will change from the first of June.</p>"
         "<p>Traders near the pier said they feared losing customers, but welcomed the board's promise to keep "
         "the promenade open throughout.</p>")
ABOUT = ("The Harbour Gazette is an independent weekly founded in 1998, reporting on the coast with a staff "
         "of twelve.")
MOST_READ = "".join(f"<li><a href='/p/{i}'>A most read story about the coast and its towns, number {i}</a></li>"
                    for i in range(3))


def page(beside: str) -> bytes:
    """A 2005 layout table: a header row, the story's cell beside a second cell, a footer row."""
    menu = "".join(f"<a href='/s{i}'>Section {i}</a> " for i in range(8))
    return (f"<html><head><title>Ferry pier to close for repairs</title></head><body><table width='100%'>"
            f"<tr><td colspan=2><a href='/'>The Harbour Gazette</a> {menu}</td></tr>"
            f"<tr><td valign=top><h1>Ferry pier to close for repairs</h1>{STORY}</td>"
            f"<td width=200 valign=top>{beside}</td></tr>"
            f"<tr><td colspan=2>Copyright 2005 The Harbour Gazette. <a href='/about'>About us</a></td></tr>"
            f"</table></body></html>").encode()


def test_a_sidebar_cell_with_a_blurb_beside_its_links_is_left_out():
    # The blurb's prose outweighs the sidebar's few headlines: the row was worth more than the story's cell.
    text = wc.extract(page(f"<h3>Most read</h3><ol>{MOST_READ}</ol><h3>About this site</h3><p>{ABOUT}</p>"),
                      "http://gazette.example/2005/ferry.html").text
    assert "divers found" in text
    assert "promenade open throughout" in text
    assert "independent weekly" not in text


def test_a_cell_of_prose_alone_beside_the_story_stays():
    # No links against it: a second column of the story's own text, not a box.
    more = ("<p>The board's chair said the pier had served the town since 1931 and would serve it again, once the "
            "piles were cased in steel.</p>")
    text = wc.extract(page(more), "http://gazette.example/2005/ferry.html").text
    assert "promenade open throughout" in text
    assert "cased in steel" in text
