"""Site rules (XPath): extract(rules=...), WEBCLEAN_SITE_RULES and meta['webclean']['rules']."""

from __future__ import annotations

import asyncio
import pickle

import pytest
from scrapy.http import HtmlResponse, Request
from scrapy.utils.misc import build_from_crawler
from scrapy.utils.test import get_crawler

import scrapy_webclean as wc
from _crawler import webclean_crawler
from scrapy_webclean._document import load_document
from scrapy_webclean._overrides import page_plan
from scrapy_webclean._render import NodeSelection
from scrapy_webclean._rules import apply_drop, body_selection, compile_rules, rule_fields, rules_for_host
from scrapy_webclean._walk import merge_subtrees
from scrapy_webclean.errors import InvalidMetaError, InvalidOptionError, InvalidSettingError
from scrapy_webclean.pipelines.extraction import ExtractionPipeline
from scrapy_webclean.settings import webclean_config
from scrapy_webclean.spidermiddlewares.pagesource import PageSourceMiddleware

NOTE = "Editor's note: this story was updated on Wednesday to add the council's response to the vote."
PAGE = ("<html><head><title>Council approves plan - The Example</title></head><body>"
        "<div class='nav'><a href='/'>Home</a> <a href='/w'>World</a> <a href='/s'>Sport</a></div>"
        "<div id='story'><h1>Council approves housing plan</h1>"
        "<p class='byline'>By <a rel='author' href='/jane'>Jane Roe</a>, "
        "<time datetime='2024-03-05T10:00:00Z'>5 March</time></p>"
        "<p>The council voted on Tuesday to approve the housing plan, which will add three hundred homes "
        "to the northern district over the next five years, officials said.</p>"
        f"<p class='note'>{NOTE}</p>"
        "<p>Residents who opposed the plan said they would appeal, citing traffic and the loss of a park "
        "that has served the district for decades.</p></div>"
        "<div id='letters'><h2>Letters</h2><p>I support the plan, because my children cannot afford "
        "to live in the town where they grew up, and new homes will help them.</p></div>"
        "</body></html>")


def test_drop_leaves_elements_out_before_the_extractor_runs():
    assert NOTE in wc.extract(PAGE).text  # a paragraph of prose: auto keeps it
    for extractor in ("auto", "link_density", "line_block"):
        r = wc.extract(PAGE, extractor=extractor, rules={"drop": ["//p[@class='note']", "//nonexistent"]})
        assert NOTE not in r.text and "three hundred homes" in r.text and r.extractor == extractor
    assert NOTE not in wc.extract(PAGE, rules={"drop": "//p[contains(., \"Editor's note\")]"}).text


def test_body_gives_the_body_and_no_extractor_runs():
    r = wc.extract(PAGE, rules={"body": "//div[@id='letters']"})
    assert r.extractor == "rules" and r.text == ("Letters\nI support the plan, because my children cannot afford "
                                                 "to live in the town where they grew up, and new homes will help them.")
    # Several elements: each kept, in page order, with nothing else of their common ancestor.
    r = wc.extract(PAGE, rules={"body": "//div[@id='story']/p[not(@class)] | //div[@id='letters']/p"})
    assert r.text.splitlines() == [
        "The council voted on Tuesday to approve the housing plan, which will add three hundred homes to the "
        "northern district over the next five years, officials said.",
        "Residents who opposed the plan said they would appeal, citing traffic and the loss of a park that has "
        "served the district for decades.",
        "I support the plan, because my children cannot afford to live in the town where they grew up, and new "
        "homes will help them."]
    assert "Council approves" not in r.html and "<h2>" not in r.html
    # drop applies inside the body too, and metadata is still read from the page
    r = wc.extract(PAGE, rules={"body": "//div[@id='story']", "drop": "//p[@class='note']"})
    plain = wc.extract(PAGE)
    assert NOTE not in r.text and "Residents who opposed" in r.text
    assert (r.title, r.author, r.description) == (plain.title, plain.author, plain.description)
    # A body expression that selects nothing (or only dropped elements) leaves the page to the extractor.
    for rules in ({"body": "//article"}, {"body": "//p[@class='note']", "drop": "//p[@class='note']"}):
        r = wc.extract(PAGE, rules=rules)
        assert r.extractor == "auto" and "three hundred homes" in r.text


def test_a_body_of_several_elements_is_their_merged_subtrees():
    # merge_subtrees (shared with auto's propagation pick): the lowest common ancestor, and under it
    # every subtree off the paths down to the parts dropped; the body rule keeps that, without loose text.
    doc = load_document(PAGE)
    rules = compile_rules({"body": "//div[@id='story']/p[not(@class)] | //div[@id='letters']/p"})
    assert rules is not None and rules.body is not None
    tops = [doc.nodes.index(el) for el in rules.body(doc.root)]
    drop = bytearray(len(doc))
    root = merge_subtrees(doc, tops[0], tops[1:], drop)
    assert doc.tags[root] == "body"
    paths = {root} | {doc.parent[t] for t in tops}
    kept = paths | {i for t in tops for i in range(t, doc.end[t])}
    assert [i for i in range(root, doc.end[root]) if not drop[i]] == sorted(kept)
    selection = body_selection(doc, rules)
    assert selection is not None and selection.root == root
    assert selection.text() == "\n".join(NodeSelection(doc, t).text() for t in tops)


def test_a_drop_rules_view_shares_the_parse_memo():
    doc = load_document(PAGE)
    rules = compile_rules({"drop": "//p[@class='note']", "title": "//h1"})
    assert rules is not None
    view = apply_drop(doc, rules)  # the drop expressions number their matches with the node index
    assert view is not doc and view.parse_memo is doc.parse_memo and view.memo is not doc.memo
    assert len(doc.parse_memo) == 1 and rule_fields(view, rules)["title"] == "Council approves housing plan"
    assert len(doc.parse_memo) == 1


def test_metadata_rules_and_their_fallbacks():
    r = wc.extract(PAGE, rules={"title": "//h1", "author": "//a[@rel='author']", "date": "//time/@datetime"})
    assert (r.title, r.author, r.authors, r.date) == ("Council approves housing plan", "Jane Roe", ["Jane Roe"],
                                                      "2024-03-05")
    # The first non-empty match; strings from text() and attributes; a date in the page's own words.
    r = wc.extract(PAGE, rules={"title": "//span | //h1/text()", "date": "//time"})
    assert r.title == "Council approves housing plan" and r.date is None  # "5 March": no year, no date
    assert wc.extract(PAGE, rules={"date": "concat(//time, ' 2024')"}).date == "2024-03-05"
    plain = wc.extract(PAGE)
    r = wc.extract(PAGE, rules={"title": "//h3", "author": "//nothing", "date": "//time/@class"})
    assert (r.title, r.author, r.date) == (plain.title, plain.author, plain.date)


def test_rules_on_a_real_page(bbc_page):
    body, url = bbc_page, "https://www.bbc.com/news/business-38632145"
    plain = wc.extract(body, url)
    first = plain.text.splitlines()[0]
    r = wc.extract(body, url, rules={"drop": f"//p[contains(., {first[:40]!r})]", "title": "//h1"})
    assert first not in r.text and r.text.splitlines()[0] == plain.text.splitlines()[1]
    assert r.title == plain.title
    assert wc.extract(body, url, rules={"body": "//h1"}).text == plain.title


@pytest.mark.parametrize(("rules", "message"), [
    ("//div", "rules='//div' is invalid: a dict with keys body, drop, title, author, date"),
    ({"bdy": "//div"}, "rules has an unknown key 'bdy' (did you mean 'body'?)"),
    ({"body": "//div["}, "rules['body']='//div[' is invalid: not an XPath expression"),
    ({"title": ""}, "rules['title']='' is invalid: an XPath expression (a non-empty string)"),
    ({"drop": 3}, "rules['drop']=3 is invalid: an XPath expression or a list of them"),
    ({"drop": ["//p", "]["]}, "rules['drop']='][' is invalid: not an XPath expression"),
    ({"title": "//h1\x00"}, "rules['title']='//h1\\x00' is invalid: not an XPath expression"),
    ({"body": "//p[.='\ud800']"}, "rules['body']=\"//p[.='\\ud800']\" is invalid: not an XPath expression"),
    ({"title": "$x"}, "rules['title']='$x' is invalid: it cannot be evaluated (Undefined variable)"),
    ({"body": "//div[nope()]"}, "rules['body']='//div[nope()]' is invalid: it cannot be evaluated"),
    ({"drop": "//x:div"}, "rules['drop']='//x:div' is invalid: it cannot be evaluated"),
])
def test_bad_rules_raise_naming_the_key(rules, message):
    with pytest.raises(InvalidOptionError) as err:
        wc.extract(PAGE, rules=rules)
    assert str(err.value).startswith(message)


def test_hostile_pages_with_rules_do_not_crash():
    rules = {"body": "//div", "drop": "//script", "title": "//h1", "date": "//time"}
    for body in (b"", b"\x00\xff\xfe" * 100, "<div>" * 10_000 + "deep text" + "</div>" * 10_000,
                 "<html><body><p title='" + "x" * 1_000_000 + "'>text</p></body></html>"):
        r = wc.extract(body, rules=rules)
        assert isinstance(r.text, str)
    # An expression that fails on this page only (a string where a node-set is needed) selects nothing.
    table = PAGE.replace("<div id='letters'>", "<table><tr><td>cell</td></tr></table><div id='letters'>")
    assert "three hundred" in wc.extract(table, rules={"body": "//table[count(string(.)) > 0]"}).text


def test_body_leaves_loose_text_and_hidden_matches_out():
    html = ("<div>Share this story <span>Menu</span> Advertisement <p class=a>Para A.</p> Read more "
            "<section>Sidebar <p class=a>Para B.</p> sidebar tail</section> footer junk</div>")
    assert wc.extract(html, rules={"body": "//p[@class='a']"}).text == "Para A.\nPara B."
    hidden = ("<html><body><noscript><div class=s>Copy for clients without scripts.</div></noscript><template>"
              "<div class=s>A template's copy.</div></template><p>Visible words of a paragraph here.</p></body></html>")
    assert wc.extract(hidden, rules={"body": "//div[@class='s']"}).extractor == "auto"


def test_field_rules_skip_what_drop_removed_and_scripts():
    promo = ("<html><body><div class=promo><h1>Promo headline</h1><p class=by>By Promo Person</p>"
             "<time datetime='2020-01-01'>1 January 2020</time></div><article><h1>Real headline</h1>"
             "<p class=by>By Jane Roe<script>track('byline')</script></p><time datetime='2024-02-02'>2 February "
             f"2024</time><p>{NOTE}</p></article></body></html>")
    rules = {"drop": "//div[@class='promo']", "title": "//h1", "author": "//p[@class='by']",
             "date": "//time/@datetime"}
    r = wc.extract(promo, rules=rules)
    assert (r.title, r.author, r.date) == ("Real headline", "By Jane Roe", "2024-02-02")


def test_site_rules_match_the_host_and_its_subdomains():
    # (The host as a page source holds it: urlparse_cached(response).hostname, lower case.)
    table = {"example.com": {"body": "//main"}, "news.example.com": {"body": "//article"}}
    assert rules_for_host("example.com", table) == {"body": "//main"}
    assert rules_for_host("www.example.com", table) == {"body": "//main"}
    assert rules_for_host("news.example.com", table) == {"body": "//article"}
    assert rules_for_host("a.news.example.com", table) == {"body": "//article"}
    assert rules_for_host("example.org", table) is None
    assert rules_for_host("badexample.com", table) is None
    assert rules_for_host(None, table) is None


def config(**settings):
    return webclean_config(get_crawler(settings_dict=settings).settings)


def test_a_plan_carries_its_rules_compiled_to_extract_and_to_a_worker():
    conf = config(WEBCLEAN_SITE_RULES={"example.com": {"body": "//div[@id='letters']", "drop": "//h2"}})
    plan = page_plan(conf, host="www.example.com")
    rules = plan.options["rules"]
    assert rules.body is not None and len(rules.drop) == 1
    assert page_plan(conf, host="example.com").options == plan.options  # a tagging job's plan is the pipeline's
    sent = pickle.loads(pickle.dumps(rules))  # a worker process compiles it again
    assert sent == rules and sent.body is not None and len(sent.drop) == 1
    assert compile_rules(rules) is rules
    by_dict = wc.extract(PAGE, rules={"body": "//div[@id='letters']", "drop": "//h2"})
    for given in (rules, sent):
        r = wc.extract(PAGE, **plan.options | {"rules": given})
        assert (r.extractor, r.text, r.html, r.title) == ("rules", by_dict.text, by_dict.html, by_dict.title)


def test_site_rules_domains_read_as_url_hosts_and_none_switches_a_subdomain_off():
    conf = config(WEBCLEAN_SITE_RULES={"bücher.de": {"body": "//main"}, "example.com": {"body": "//main"},
                                       "blog.example.com": None})
    assert page_plan(conf, host="www.xn--bcher-kva.de").options["rules"] == compile_rules({"body": "//main"})
    assert "rules" not in page_plan(conf, host="blog.example.com").options
    assert page_plan(conf, host="example.com").options["rules"] == compile_rules({"body": "//main"})


def test_page_plan_takes_site_rules_and_the_requests_over_them():
    conf = config(WEBCLEAN_SITE_RULES={"Example.com": {"body": "//main", "title": "//h1"}})
    assert page_plan(conf, host="example.com").options["rules"] == compile_rules({"title": "//h1", "body": "//main"})
    assert "rules" not in page_plan(conf, host="other.org").options
    plan = page_plan(conf, {"rules": {"body": None, "drop": "//aside"}}, host="example.com")
    assert plan.options["rules"] == compile_rules({"body": None, "title": "//h1", "drop": "//aside"})
    assert "rules" not in page_plan(conf, {"rules": None}, host="example.com").options
    assert page_plan(config(), {"rules": {"body": "//x"}}).options["rules"] == compile_rules({"body": "//x"})
    with pytest.raises(InvalidMetaError, match=r"^meta\['webclean'\]\['rules'\]\['body'\]='//\[' is invalid"):
        page_plan(conf, {"rules": {"body": "//["}})
    with pytest.raises(InvalidMetaError, match=r"^meta\['webclean'\]\['rules'\] has an unknown key 'boby'"):
        page_plan(conf, {"rules": {"boby": "//x"}})


@pytest.mark.parametrize(("value", "message"), [
    ("//main", "WEBCLEAN_SITE_RULES='//main' is invalid: a dict, or its JSON"),
    (["example.com"], "is invalid: a dict, or its JSON"),
    ({"https://example.com/": {"body": "//main"}}, "WEBCLEAN_SITE_RULES has an invalid domain 'https://example.com/'"),
    ({"example.com": {"body": "//main["}}, "WEBCLEAN_SITE_RULES['example.com']['body']='//main[' is invalid"),
    ({"example.com": "//main"}, "WEBCLEAN_SITE_RULES['example.com']='//main' is invalid: a dict with keys"),
    ({"example.com:8080": {}}, "WEBCLEAN_SITE_RULES has an invalid domain 'example.com:8080': a host name"),
    ({"*.example.com": {}}, "WEBCLEAN_SITE_RULES has an invalid domain '*.example.com': a host name"),
    ({"example.com": {}, "EXAMPLE.com.": {}}, "WEBCLEAN_SITE_RULES has an invalid domain 'EXAMPLE.com.': given twice"),
])
def test_bad_site_rules_stop_the_crawl_naming_the_setting(value, message):
    crawler = get_crawler(settings_dict={"WEBCLEAN_SITE_RULES": value})
    with pytest.raises(InvalidSettingError) as err:
        build_from_crawler(ExtractionPipeline, crawler)
    assert message in str(err.value)


def run_pipeline(url, meta=None, **settings):
    crawler, carrier, pipeline = webclean_crawler(PageSourceMiddleware, ExtractionPipeline, settings={
        "WEBCLEAN_SST_ENABLED": False, "WEBCLEAN_FIELDS": ["title", "text", "extractor", "date"], **settings})
    response = HtmlResponse(url, body=PAGE.encode(), headers={"Content-Type": "text/html; charset=utf-8"},
                            request=Request(url, meta=meta or {}))
    [item] = list(carrier.process_spider_output(response, [{}]))
    return crawler, asyncio.run(pipeline.process_item(item))


def test_pipeline_applies_site_rules_and_meta_rules():
    site = {"WEBCLEAN_SITE_RULES": '{"example.com": {"drop": "//p[@class=\'note\']", "title": "//h2", '
                                   '"date": "//time/@datetime"}}'}  # as JSON, as -s gives it
    _, item = run_pipeline("https://WWW.Example.com/2024/plan", **site)  # the host read in lower case
    assert NOTE not in item["text"] and item["title"] == "Letters"
    assert item["extractor"] == "auto" and item["date"] == "2024-03-05"
    _, item = run_pipeline("https://example.org/2024/plan", **site)
    assert NOTE in item["text"] and item["title"] == "Council approves housing plan"
    _, item = run_pipeline("https://www.example.com/2024/plan", {"webclean": {"rules": {"body": "//div[@id='letters']"}}},
                           **site)
    assert item["extractor"] == "rules" and item["text"].startswith("Letters\nI support")
    crawler, item = run_pipeline("https://www.example.com/a", {"webclean": {"rules": {"drop": "]["}}}, **site)
    assert item["text"] == "" and "meta['webclean']['rules']['drop']='][' is invalid" in item["webclean_error"]
    assert crawler.stats.get_value("webclean/items/failed") == 1


def test_command_line_rules(tmp_path, capsys):
    from scrapy_webclean.__main__ import main

    page = tmp_path / "page.html"
    page.write_text(PAGE, encoding="utf-8")
    assert main(["extract", str(page), "--rules", '{"body": "//div[@id=\'letters\']"}']) == 0
    assert capsys.readouterr().out.startswith("Letters\nI support the plan")
    rules = tmp_path / "rules.json"
    rules.write_text('{"drop": "//p[@class=\'note\']"}', encoding="utf-8")
    assert main(["extract", str(page), str(page), "--rules", str(rules), "--no-progress"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 2 and all("three hundred homes" in line and "Editor" not in line for line in lines)
    assert main(["extract", str(page), "--rules", '{"bodi": "//x"}']) == 2
    assert "--rules has an unknown key 'bodi' (did you mean 'body'?)" in capsys.readouterr().err
    assert main(["extract", str(page), "--rules", str(tmp_path / "none.json")]) == 2
    assert "none.json': No such file or directory" in capsys.readouterr().err


def test_field_rules_read_an_element_as_its_text_is_shown():
    # Blocks are separate words, and what drop removed inside the element is left out too.
    html = ("<html><body><div class=by><p>By Jane</p><p>Roe</p><span class=ad>Sponsored</span></div>"
            f"<p>{NOTE}</p></body></html>")
    assert wc.extract(html, rules={"author": "//div[@class='by']", "drop": "//span[@class='ad']"}).author == \
        "By Jane Roe"
