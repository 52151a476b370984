"""line_block (seed 003): each rule of the line-block distribution on a small page.

Rule tests use ``block_lines=False`` (the seed's raw mode: a line is a line
of the source) so that the page text shows exactly which lines exist; the
block-line tests at the end check how lines are made from markup.
"""

import doctest

import pytest

import scrapy_webclean as wc
from scrapy_webclean._document import parse
from scrapy_webclean.extractors import line_block
from scrapy_webclean.extractors.line_block import document_lines, line_regions

EN = "The council approved the new budget for schools and roads after a debate lasting well into the night."  # 84 chars
ZH = "市政府周二批准了新的学校和道路预算方案，此前经过了长达数小时的激烈辩论。"  # 36 chars
GAP = "\n\n\n\n\n"  # five source lines without text: ends a region


def page(*lines: str) -> str:
    return "<html><body>\n" + "\n".join(lines) + "\n</body></html>"


def raw(body, **opts):
    return wc.extract(body, extractor="line_block", block_lines=False, **opts).text


def test_doctests():
    assert doctest.testmod(line_block).failed == 0


def test_region_start_needs_threshold_and_k_nonzero_blocks():
    # Three lines are not a region: the third block after the start is empty.
    assert raw(page(EN, EN, EN), peak_fallback=False) == ""
    # Y(0) = 3 x 84 = 252 > 186 and the next blocks are non-zero: a region.
    assert raw(page(EN, EN, EN, EN)).count("council") == 4
    # Two lines of English: Y = 168 <= 186, no region (and no fallback).
    assert raw(page(EN, EN), peak_fallback=False) == ""


def test_threshold_follows_the_page_script():
    zh = page(ZH, ZH, ZH, ZH)  # Y = 108 non-whitespace characters: > 86, < 186
    assert raw(zh).count("预算") == 4
    assert raw(zh, threshold=186, peak_fallback=False) == ""
    en_short = page(EN[:36], EN[:36], EN[:36], EN[:36])  # Y = 3 x 33 < 86 or 186
    assert raw(en_short, peak_fallback=False) == ""
    en_mid = page(EN, EN[:40], EN[:40], EN[:40])  # Y ~ 160: Chinese threshold passes, English not
    assert raw(en_mid, peak_fallback=False) == ""
    assert raw(en_mid, threshold=86).count("council") == 4


def test_region_ends_at_two_empty_blocks_and_every_region_is_kept():
    body = page(EN, EN, EN, EN, GAP, "Related: menu", GAP, EN, EN, EN, EN)
    text = raw(body)
    assert text.count("council") == 8
    assert "Related" not in text  # between regions: below the threshold, never a start


def test_single_region_keeps_the_one_holding_the_largest_block():
    body = page(EN, EN, EN, EN, GAP, EN + " longer", EN, EN, EN, EN)
    assert raw(body).count("council") == 9
    assert raw(body, single_region=True).count("council") == 5


def test_short_lines_in_a_region_are_skipped():
    body = page(EN, "Foto", EN, EN)
    text = raw(body)
    assert text.count("council") == 3 and "Foto" not in text
    assert "Foto" in raw(body, min_line_len=0)


def test_copyright_region_is_dropped_and_scanning_continues():
    body = page(EN, EN, EN, EN, GAP, "Copyright 2024 " + EN, EN, EN, EN, GAP, EN + " after", EN, EN, EN)
    text = raw(body)
    assert "Copyright" not in text
    assert text.count("council") == 8 and " after" in text
    assert "Copyright" in raw(body, stop_phrases=())
    cn = page(ZH, ZH, ZH, ZH, GAP, "版权所有 " + ZH, ZH, ZH, ZH)
    assert raw(cn).count("预算") == 4


def test_region_still_open_at_the_end_of_the_page_is_kept():
    assert raw("<body>" + "\n".join([EN] * 4)).count("council") == 4


def test_peak_fallback_keeps_the_largest_block_region():
    body = page("Home", GAP, EN, EN, GAP, "Contact")
    assert raw(body, peak_fallback=False) == ""
    assert raw(body) == EN + "\n" + EN


def test_region_mathematics():
    # Start needs all of the next K blocks non-zero (line 1 alone is not enough).
    assert line_regions([100, 0, 0, 0, 0, 0, 0, 0], 3, 86) == []
    assert line_regions([100, 0, 0, 1, 0, 0, 0, 0], 3, 86) == [(0, 4, 100)]
    assert line_regions([], 3, 86) == []
    # K = 1: a line over the threshold whose next line is non-empty.
    assert line_regions([90, 1, 0, 0, 90, 1], 1, 86) == [(0, 2, 90), (4, 6, 90)]


def test_block_size_is_bounded_by_the_paper():
    for bad in (0, 5):
        with pytest.raises(ValueError, match="block_size"):
            wc.extract(page(EN), extractor="line_block", block_size=bad)


def test_br_breaks_a_line():
    lines = document_lines(parse("<body><p>first line<br>second line<br/>third</p></body>"))
    assert lines == ["first line", "second line", "third"]
    assert document_lines(parse("<body><p>a<br>b</p></body>"), block_lines=False) == ["a", "b"]


def test_minified_one_line_html_gets_lines_at_block_tags():
    nav = "".join(f"<li><a href='/{i}'>Menu {i}</a></li>" for i in range(8))
    article = "".join(f"<p>{EN} {EN}</p>" for _ in range(4))
    minified = (f"<html><body><div><div><ul>{nav}</ul></div></div><div><div><div><h1>Title</h1>{article}"
                f"</div></div></div><div><ul><li>About us</li><li>Contact</li></ul><p>Copyright 2024 Example</p></div>"
                "</body></html>")
    assert minified.count("\n") == 0
    lines = document_lines(parse(minified))
    assert lines.count(f"{EN} {EN}") == 4 and "Menu 0" in lines
    text = wc.extract(minified, extractor="line_block").text
    assert text.count("council") == 8
    assert "Menu" not in text and "Copyright" not in text
    # The seed's raw mode sees one line: no region has K non-zero blocks after it.
    assert raw(minified, peak_fallback=False) == ""


def test_wrapper_chains_add_no_spacing():
    wrapped = "<body>" + "".join(f"<div><div><div><p>{EN}</p></div></div></div>" for _ in range(3)) + "</body>"
    plain = "<body>" + "".join(f"<p>{EN}</p>" for _ in range(3)) + "</body>"
    assert document_lines(parse(wrapped)) == document_lines(parse(plain))


def test_invisible_and_removed_nodes_give_no_lines():
    doc = parse("<body><p>kept text</p><script>var x = 'script text';</script><p>also kept</p></body>")
    assert "script" not in " ".join(document_lines(doc))
    removed = doc.with_removed(doc.subtree_mask([doc.tags.index("p")]))
    assert document_lines(removed) == ["also kept"]


def test_real_pages(bbc_page, netease_page):
    bbc = wc.extract(bbc_page, extractor="line_block").text
    assert "Scaramucci" in bbc and "Copyright" not in bbc
    assert len(wc.extract(netease_page, extractor="line_block").text) > 300


@pytest.mark.parametrize("body", [b"", b"<html></html>", "<body>" + "<div>" * 5000 + "deep text" + "</div>" * 5000])
def test_degenerate_pages_do_not_crash(body):
    assert isinstance(wc.extract(body, extractor="line_block").text, str)


def test_subtrees_removed_by_a_site_tree_keep_their_spacing():
    # Template erased from a page leaves empty lines, so the article and what
    # followed the template do not merge into one region.
    doc = parse("<body><p>article text</p><div><p>menu one</p><p>menu two</p><p>menu three</p></div>"
                "<p>related text</p></body>")
    full = document_lines(doc)
    div = doc.tags.index("div")
    cleaned = document_lines(doc.with_removed(doc.subtree_mask([div])))
    assert cleaned[0] == "article text" and cleaned[-1] == "related text"
    assert len(cleaned) == len(full) and not any("menu" in line for line in cleaned)
