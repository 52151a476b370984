"""Output toggles (tables, links, images, formatting) on a real page, through
extract(), the command line and the pipeline's WEBCLEAN_INCLUDE_* settings."""

from __future__ import annotations

import gzip
import json
import re
from pathlib import Path

import pytest

import scrapy_webclean as wc
from scrapy_webclean.__main__ import main

from test_pipeline_extraction import make, process, response

MODERN = Path(__file__).resolve().parents[2] / "shared" / "corpora" / "modern-web"
PID = "mw-0252"  # a blog article on publishers: a table, links, images, bold and italic in its body
LINK = re.compile(r"(?<!!)\[[^\]]+\]\(")


@pytest.fixture(scope="module")
def real_page() -> tuple[bytes, str]:
    if not (MODERN / "ground-truth.json").exists():
        pytest.skip("../shared/corpora/modern-web not present")
    url = json.loads((MODERN / "ground-truth.json").read_text(encoding="utf-8"))[PID]["url"]
    return gzip.decompress((MODERN / "pages" / f"{PID}.html.gz").read_bytes()), url


def test_everything_is_in_by_default(real_page):
    r = wc.extract(*real_page)
    assert "<table" in r.html and "<a " in r.html and "<img" in r.html and re.search(r"<(b|strong|em|i)>", r.html)
    assert "|---" in r.markdown and LINK.search(r.markdown) and "![" in r.markdown and "**" in r.markdown


def test_tables_out_of_every_output(real_page):
    r, out = wc.extract(*real_page), wc.extract(*real_page, include_tables=False)
    assert "<table" not in out.html and "|---" not in out.markdown
    cells = re.findall(r"<td>([^<]{12,})</td>", r.html)
    assert cells and not any(c in out.text for c in cells)
    assert len(out.text) < len(r.text)


def test_links_images_formatting_out(real_page):
    r = wc.extract(*real_page, include_links=False, include_images=False, include_formatting=False)
    assert "<a " not in r.html and not LINK.search(r.markdown)
    assert "<img" not in r.html and "![" not in r.markdown
    assert not re.search(r"</?(b|strong|em|i|code)>", r.html) and "**" not in r.markdown
    assert r.text == wc.extract(*real_page).text  # the plain text keeps the words of all three


def test_bad_toggle_value_is_a_clear_error():
    with pytest.raises(wc.InvalidOptionError, match="include_tables"):
        wc.extract(b"<p>x</p>", include_tables="no")


def test_command_line_flags(real_page, tmp_path, capsys):
    page = tmp_path / "page.html"
    page.write_bytes(real_page[0])
    assert main(["extract", str(page), "--format", "html", "--no-tables", "--no-images"]) == 0
    html = capsys.readouterr().out
    assert "<table" not in html and "<img" not in html and "<a " in html
    assert main(["extract", str(page), "--format", "markdown", "--no-links", "--no-formatting"]) == 0
    md = capsys.readouterr().out
    assert not LINK.search(md) and "**" not in md and "|---" in md


def test_pipeline_settings(real_page):
    body, url = real_page
    crawler, carrier, pipeline = make({"WEBCLEAN_FIELDS": ["html", "markdown"], "WEBCLEAN_INCLUDE_TABLES": False,
                                       "WEBCLEAN_INCLUDE_LINKS": "false"})
    out = process(crawler, carrier, pipeline, {"url": url}, response(body, url, meta={"webclean_page_type": "content"}))
    assert "<table" not in out["html"] and "<a " not in out["html"] and "<img" in out["html"]
    assert "|---" not in out["markdown"]
