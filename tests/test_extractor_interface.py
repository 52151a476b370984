"""The public extractor interface: a third party registers an extractor and
runs it through ``extract`` and ``available_extractors``."""

from __future__ import annotations

import re

import lxml.html
import pytest
from scrapy.settings import Settings

import scrapy_webclean as wc
from scrapy_webclean import extractors
from scrapy_webclean.extractors import (BlockSelection, Extractor, NodeSelection, Option, SelectionResult,
                                        register)
from scrapy_webclean.errors import InvalidSettingError
from scrapy_webclean.settings import webclean_config

from conftest import PAGES

README = (PAGES.parent.parent / "README.md").read_text(encoding="utf-8")


@pytest.fixture
def own_registry(monkeypatch):
    """Extractors registered in a test are forgotten after it."""
    monkeypatch.setattr(extractors.base, "_REGISTRY", dict(extractors.base._REGISTRY))


def _first_paragraphs(doc, count):
    return [i for i, tag in enumerate(doc.tags) if tag == "p" and doc.own_len[i]][:count]


def test_a_registered_extractor_runs_through_extract(own_registry):
    @register
    class LeadParagraph(Extractor):
        name = "lead_paragraph"
        summary = "the page's first paragraph with text"
        options = (Option("paragraphs", 1, int, "paragraphs kept", minimum=1),)

        def select(self, doc, opts):
            found = _first_paragraphs(doc, opts["paragraphs"])
            if not found:
                return SelectionResult(BlockSelection([]))
            return SelectionResult(NodeSelection(doc, found[0]), {"description": "lead only"})

    assert "lead_paragraph" in wc.available_extractors()
    assert wc.available_extractors()[0] == "auto"
    body = (PAGES / "bbc-article.html").read_bytes()
    result = wc.extract(body, "https://www.bbc.com/news/a", extractor="lead_paragraph")
    first_p = next(p for p in lxml.html.fromstring(body).iter("p") if p.text_content().strip())
    assert result.text == " ".join(first_p.text_content().split())
    assert result.extractor == "lead_paragraph"
    assert result.description == "lead only"  # metadata the extractor returned
    assert result.title  # the rest read from the page
    with pytest.raises(wc.InvalidOptionError, match="paragraphs"):
        wc.extract(body, extractor="lead_paragraph", paragraphs=0)
    with pytest.raises(wc.InvalidOptionError, match="lead_paragraph"):
        wc.extract(body, extractor="lead_paragraph", ratio=0.5)


def test_an_extractor_that_needs_a_site_tree_refuses_to_run_without_one(own_registry):
    @register
    class Cleaned(Extractor):
        name = "cleaned_body"
        needs_site_tree = True

        def select(self, doc, opts):
            return SelectionResult(NodeSelection(doc, doc.body))

    def page(story: str) -> str:
        return f"<html><body><nav><a href='/'>Home</a> <a href='/news'>World news</a></nav><p>{story}</p></body></html>"

    stories = ["Rain fell on the northern hills all week.", "A new bridge opened to traffic downtown.",
               "The library extends its opening hours.", "Local runners set a relay record today."]
    with pytest.raises(wc.SiteTreeError, match="cleaned_body"):
        wc.extract(page(stories[0]), extractor="cleaned_body")
    tree = wc.SiteStyleTree()
    for n, story in enumerate(stories[:3]):
        assert tree.add_page(page(story), f"https://s.test/{n}")
    assert wc.extract(page(stories[3]), extractor="cleaned_body", site_tree=tree).text == stories[3]


def test_register_refuses_what_is_no_extractor(own_registry):
    with pytest.raises(TypeError):
        register(type("Nameless", (Extractor,), {}))
    with pytest.raises(TypeError):
        register(object)  # type: ignore[arg-type]
    with pytest.raises(wc.UnknownExtractorError):
        wc.extract(b"<p>x</p>", extractor="nothing_by_that_name")


def test_the_readme_extractor_works_as_written(own_registry):
    block = next(b for b in re.findall(r"```python\n(.*?)```", README, flags=re.S) if "@register" in b)
    exec(compile(block, "README.md", "exec"), {})
    assert "first_paragraph" in wc.available_extractors()
    body = (PAGES / "bbc-article.html").read_bytes()
    text = wc.extract(body, extractor="first_paragraph", min_chars=80).text
    def own_chars(p):  # non-space characters directly in p: its text and its children's tails
        return len("".join(((p.text or "") + "".join(c.tail or "" for c in p)).split()))

    first_long = next(p for p in lxml.html.fromstring(body).iter("p") if own_chars(p) >= 80)
    assert text == " ".join(first_long.text_content().split())
    assert wc.extract(b"<html><body><div>No paragraph here.</div></body></html>",
                      extractor="first_paragraph").text == "No paragraph here."


def test_a_crawl_knows_which_modules_its_workers_import(own_registry):
    """``extractor_modules`` lists where the extractors registered outside the package come from
    (what a crawl's workers import); an extractor a script defines (``__main__``) cannot be
    imported there, so a crawl with workers refuses it as its extractor, naming the setting."""
    assert extractors.extractor_modules() == []

    @register
    class Here(Extractor):
        name = "here"

        def select(self, doc, opts):
            return SelectionResult(NodeSelection(doc))

    assert extractors.extractor_modules() == [__name__]
    Scripted = register(type("Scripted", (Here,), {"name": "scripted", "__module__": "__main__"}))
    assert extractors.extractor_modules() == ["__main__", __name__]
    with pytest.raises(InvalidSettingError, match=r"WEBCLEAN_EXTRACTOR='scripted' is invalid: .*\(__main__\)"):
        webclean_config(Settings({"WEBCLEAN_EXTRACTOR": Scripted.name, "WEBCLEAN_WORKERS": 1}))
    assert webclean_config(Settings({"WEBCLEAN_EXTRACTOR": "scripted", "WEBCLEAN_WORKERS": 0})).extractor == "scripted"
    assert webclean_config(Settings({"WEBCLEAN_EXTRACTOR": "here", "WEBCLEAN_WORKERS": 1})).extractor == "here"


@pytest.mark.parametrize("given", [["json"], "json", '["json"]', "json, json.decoder", ("json",)])
def test_extractor_modules_setting_spellings(given):
    # A list, a comma-separated string or the JSON of a list, as the other list settings take.
    assert webclean_config(Settings({"WEBCLEAN_EXTRACTOR_MODULES": given})).extractor == "auto"


@pytest.mark.parametrize("given, message", [
    (42, "a list of module names"),
    ('["json"', "this is not valid JSON"),
    ([1], "a list of module names"),
    ("json,no_such_module_here", "importing 'no_such_module_here' failed: ModuleNotFoundError"),
])
def test_extractor_modules_setting_errors_name_it(given, message):
    with pytest.raises(InvalidSettingError, match=r"^WEBCLEAN_EXTRACTOR_MODULES=.* is invalid: .*" + re.escape(message)):
        webclean_config(Settings({"WEBCLEAN_EXTRACTOR_MODULES": given}))


def test_a_selection_without_more_nodes_keeps_its_own_and_leaves_it_unchanged():
    from scrapy_webclean._document import parse

    doc = parse(b"<html><body><div><p>One line.</p><p>Two lines.</p><p>Three lines.</p></div></body></html>")
    p1, p2, p3 = (i for i, t in enumerate(doc.tags) if t == "p")
    first = bytearray(len(doc))
    first[p1] = 1
    selection = NodeSelection(doc, doc.body, first, drop_pieces={(p3, True)})
    assert selection.without([]) is selection
    less = selection.without([p2])
    assert less.text() == "Three lines." and selection.text() == "Two lines.\nThree lines."
    assert less.root == selection.root and less.drop_pieces == selection.drop_pieces and not first[p2]
