"""Hostile and broken input: every entry point returns a result (possibly
empty) or a documented :class:`WebcleanError`, never another exception,
never a hang, never an entity expanded or a file read.

The inputs are generated here. Huge ones are parsed once and the same
:class:`Document` is handed to every extractor, so the module stays fast
while still proving each extractor on each shape. An alarm fails a test that
hangs instead of letting it block CI.
"""

from __future__ import annotations

import asyncio
import codecs
import json
import os
import random
import signal
import subprocess
import sys
from functools import lru_cache
from pathlib import Path

import pytest
from scrapy.http import HtmlResponse, Request

import scrapy_webclean as wc
from scrapy_webclean.__main__ import main as command_line
from scrapy_webclean._links import page_links
from scrapy_webclean._document import MAX_ATTRIBUTES, MAX_BODY_SIZE, Document, parse, text_nodes, usable_url
from scrapy_webclean._title_repair import close_title, swallowed
from _crawler import webclean_crawler
from _emulated import emulated_regex, module_copy
from conftest import corpus_pages
from scrapy_webclean.downloadermiddlewares.pagetype import PageTypeMiddleware
from scrapy_webclean.extractors import get_extractor
from scrapy_webclean.extractors._arbiter import _TITLE_LINES
from scrapy_webclean.extractors._auto_title_lines import TITLE_LINE_TAGS, _title_headings
from scrapy_webclean.errors import WebcleanError
from scrapy_webclean.extensions.sitestyletree import SiteStyleTreeExtension
from scrapy_webclean.pipelines.extraction import ExtractionPipeline
from scrapy_webclean.spidermiddlewares.pagesource import PageSourceMiddleware

EXTRACTORS = wc.available_extractors()
#: Seconds a single test may run before the alarm fails it (a hang guard,
#: not a timing assertion: normal runs take a small fraction of this).
HANG_GUARD = 120


@pytest.fixture(autouse=True)
def _hang_guard():
    if not hasattr(signal, "SIGALRM"):
        yield
        return

    def on_alarm(signum, frame):
        raise AssertionError(f"test still running after {HANG_GUARD} s: a hang")

    old = signal.signal(signal.SIGALRM, on_alarm)
    signal.alarm(HANG_GUARD)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


# -- running every extractor ---------------------------------------------------
def _site_pages() -> list[bytes]:
    """A few pages of one made-up site, for extractors that need a learned tree."""
    pages = []
    for k in range(6):
        pages.append((
            "<html><head><title>Story %d - Site</title></head><body>"
            "<div class=nav><a href=/>Home</a> <a href=/world>World</a> <a href=/sport>Sport</a></div>"
            "<div class=story><h1>Headline number %d</h1><p>%s</p></div>"
            "<div class=footer>Copyright Example Site. All rights reserved.</div></body></html>"
            % (k, k, " ".join(f"word{k}x{j}" for j in range(60)))).encode())
    return pages


@lru_cache(maxsize=None)
def _site_tree():
    tree = wc.SiteStyleTree()
    for page in _site_pages():
        tree.add_page(page, "https://site.example/story")
    return tree


def _needs_tree(name: str) -> bool:
    return get_extractor(name).needs_site_tree


def run_extractor(body, name: str, **kw):
    """``extract`` with ``name``; a ``WebcleanError`` is an accepted outcome.

    Renders every output so lazy rendering is exercised too. Returns the
    result, or the error.
    """
    if _needs_tree(name):
        kw.setdefault("site_tree", _site_tree())
    try:
        r = wc.extract(body, "https://site.example/story", extractor=name, **kw)
        assert isinstance(r.text, str)
        assert isinstance(r.html, str)
        assert isinstance(r.markdown, str)
        json.dumps(r.to_dict())
        return r
    except WebcleanError as exc:
        return exc


def run_all(body, **kw) -> dict:
    """Every extractor on one parse of ``body`` (the parse is shared)."""
    doc = body if isinstance(body, Document) else parse(body)
    return {name: run_extractor(doc, name, **kw) for name in EXTRACTORS}


def texts(results: dict) -> dict[str, str]:
    return {k: (v.text if not isinstance(v, Exception) else "") for k, v in results.items()}


# -- small hostile bodies: every extractor, straight from bytes/str ------------
def _random_bytes(n: int, seed: int) -> bytes:
    return random.Random(seed).randbytes(n)


PNG = (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x06\x00\x00\x00\x1f\x15\xc4\x89"
       b"\x00\x00\x00\nIDATx\x9cc\x00\x01\x00\x00\x05\x00\x01\r\n-\xb4\x00\x00\x00\x00IEND\xaeB`\x82")
PDF = (b"%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n"
       b"trailer<</Root 1 0 R>>\n%%EOF\n" + _random_bytes(2000, 1))

SMALL_BODIES = {
    "empty bytes": b"",
    "empty str": "",
    "whitespace": b" \n\t\r\n   ",
    "whitespace str": "   \n  ",
    "nul only": b"\x00" * 100,
    "nul in html": b"<html><body><p>be\x00fore</p>\x00<p>af\x00ter</p></body></html>",
    "nul in tag names": b"<ht\x00ml><bo\x00dy><d\x00iv>text</d\x00iv>",
    "png": PNG,
    "pdf": PDF,
    "random bytes": _random_bytes(50_000, 2),
    "random printable": bytes(random.Random(3).choice(b"<>/=\"' abc!-?&;#x0123") for _ in range(50_000)),
    "json": json.dumps({"title": "x", "items": [{"a": i, "b": "<p>not html</p>"} for i in range(200)]}).encode(),
    "plain text": b"Just a line of plain text.\nAnd another one, with no markup at all.\n" * 50,
    "plain str": "Just text, already decoded: caf\u00e9 \u4f60\u597d.",
    "xml": b"<?xml version='1.0'?><rss><channel><item><title>T</title></item></channel></rss>",
    "lone lt": b"<",
    "lone tags": b"<<<<>>>></</</>><!<!--<?",
    "unclosed comment": b"<html><body><p>before</p><!-- never closed <p>hidden</p>",
    "unclosed script": b"<html><body><p>before</p><script>var a = '<p>hidden</p>';",
    "unclosed style": b"<html><body><p>before</p><style>p { color: red }",
    "unclosed attribute": b'<html><body><p>before</p><div class="never closed><p>hidden</p>',
    "unclosed tag": b"<html><body><p>before</p><div",
    "frameset": b"<html><frameset cols='50%,50%'><frame src=a.html><frame src=b.html>"
                b"<noframes><body><p>Your browser does not do frames.</p></body></noframes></frameset></html>",
    "svg and mathml": b"<html><body><p>Text before the figure.</p><svg><g><text>svg label</text>"
                      b"<foreignObject><p>inside</p></foreignObject></g></svg><math><mi>x</mi><mo>=</mo></math>"
                      b"<p>Text after the figure.</p></body></html>",
    "plaintext": b"<html><body><p>before</p><plaintext><p>all of this is text</p></body></html>",
    "xmp and listing": b"<body><xmp><p>literal</p></xmp><listing>  spaced\n  out</listing></body>",
    "nested forms and selects": b"<body><form><form><select><option>a<select><option>b</select></form>x",
    "misnested inline": b"<body><b><i>one</b> two</i> <a href=1>three <a href=2>four</a></a> <p>five<b>six",
    "bogus doctype": b"<!DOCTYPE html PUBLIC \"-//W3C//DTD XHTML 1.0 //EN\" \"http://example.invalid/x.dtd\">"
                     b"<html><body><p>Text</p></body></html>",
    "numeric entities": b"<body><p>&#xD800;&#xDFFF;&#55296;&#x110000;&#1114112;&#0;&#x0;&#99999999999999;"
                        b"&#x7FFFFFFF; &#128512; &#x1F600; &#65534; &#xFFFF; &amp;&bogus;&#;&#x;</p></body>",
    "surrogate str": "<body><p>lone \ud800 surrogate \udfff here</p></body>",
    "control chars": bytes(range(32)) + b"<body><p>text\x01\x02\x1b after</p></body>",
    "bom only utf8": codecs.BOM_UTF8,
    "bom only utf16": codecs.BOM_UTF16_LE,
    "utf16 le with bom": codecs.BOM_UTF16_LE + "<html><body><p>UTF-16 text caf\u00e9</p></body></html>".encode(
        "utf-16-le"),
    "utf16 be with bom": codecs.BOM_UTF16_BE + "<html><body><p>UTF-16 text caf\u00e9</p></body></html>".encode(
        "utf-16-be"),
    "utf16 odd length": codecs.BOM_UTF16_LE + b"<\x00p\x00>\x00x",
    "utf32 with bom": codecs.BOM_UTF32_LE + "<p>UTF-32 text</p>".encode("utf-32-le"),
    "bogus charset": b'<meta charset="no-such-charset"><body><p>caf\xc3\xa9</p>',
    "huge charset label": b'<meta charset="' + b"x" * 100_000 + b'"><body><p>text</p>',
    "charset utf16 lie": b'<meta charset="utf-16"><body><p>ascii really</p>',
    "charset utf7": b'<meta charset="utf-7"><body><p>+ADw-script+AD4-alert(1)+ADw-/script+AD4-</p>',
    "wrong charset": '<meta charset="iso-8859-1"><body><p>\u4f60\u597d\uff0c\u4e16\u754c\u3002</p>'.encode("utf-8"),
    "gb2312 with gbk chars": '<meta charset="gb2312"><body><p>\u9555\u93d5\u7881\u4f60\u597d\u3002</p>'.encode(
        "gbk"),
    "undeclared gbk": ("<body><p>" + "\u4e2d\u6587\u7f51\u9875\u7684\u6b63\u6587\u5185\u5bb9\u3002" * 30
                       + "</p>").encode("gbk"),
    "undeclared shift_jis": ("<body><p>" + "\u3053\u308c\u306f\u65e5\u672c\u8a9e\u306e\u6587\u7ae0\u3067\u3059\u3002"
                             * 30 + "</p>").encode("shift_jis"),
    "truncated utf8": "<body><p>caf\u00e9 \u4f60\u597d</p>".encode("utf-8")[:-6],
    "invalid utf8": b"<meta charset=utf-8><body><p>bad \xff\xfe\xc0\xaf bytes \xed\xa0\x80</p>",
    "xml encoding decl": b"<?xml version='1.0' encoding='bogus'?><html><body><p>x</p></body></html>",
    "http-equiv malformed": b"<meta http-equiv=content-type content='text/html; charset=\"'><body><p>x</p>",
    "many attributes": b"<body><div " + b" ".join(b"a%d=%d" % (i, i) for i in range(20_000)) + b">text</div>",
    "duplicate attributes": b"<body><a href=1 href=2 href=3 class=a class=b>dup</a>",
    "weird attribute names": b'<body><div "a"=1 \'b=2 <c=3 =d=4 /e=5>text</div>',
    "long tag name": b"<body><" + b"x" * 100_000 + b">text</" + b"x" * 100_000 + b">",
    "namespaced tags": b"<body><o:p>office</o:p><x:y:z>deep ns</x:y:z><{weird}tag>t</{weird}tag>",
    "base and url junk": b"<base href='javascript:alert(1)'><body><a href='\x01\x02'>x</a><img src=''>",
    "box label last": b"<body><p>The story, told in one sentence.</p><div><h3>Related</h3></div>",
    "headings beside fields": b"<body><div>" + b"<h3></h3>" * 2_000 + b"<input type=email>" * 2_000 + b"</div>",
}


@pytest.mark.parametrize("name", sorted(SMALL_BODIES))
def test_small_hostile_bodies_every_extractor(name):
    body = SMALL_BODIES[name]
    for extractor in EXTRACTORS:
        # Straight from the body (decode + parse per call): the path a crawl takes.
        run_extractor(body, extractor)


def test_thousands_of_fields_in_one_wrapper_are_read_in_one_walk():
    # Each field's sign-up box asks its wrapper whether a story's paragraphs stand beside it: asked
    # once per wrapper, not once per field (40,000 fields took 40,000 walks of 40,000 children, and
    # the page ran into the time limit).
    story = b"A short story of one paragraph, told in a few plain sentences. " * 4
    body = b"<body><div>" + b"<input type=email>" * 40_000 + b"<p>" + story + b"</p></div>"
    assert "A short story of one paragraph" in wc.extract(body).text


def test_empty_and_binary_bodies_give_empty_text():
    for name in ("empty bytes", "empty str", "whitespace", "nul only", "png", "pdf", "random bytes",
                 "bom only utf8", "bom only utf16"):
        for extractor, text in texts(run_all(SMALL_BODIES[name])).items():
            assert text == "", (name, extractor)


@pytest.mark.parametrize("body", [b"<p>x</p>", "<p>x</p>", bytearray(b"<p>x</p>"), memoryview(b"<p>x</p>")])
def test_bytes_like_and_str_bodies(body):
    assert wc.extract(body, extractor="link_density").text == "x"


@pytest.mark.parametrize("body", [12, 3.5, ["<p>"], {"a": 1}, object()])
def test_non_text_bodies_are_a_documented_error(body):
    with pytest.raises(WebcleanError):
        wc.extract(body)


def test_nul_bytes_are_dropped_not_fatal():
    run_all(SMALL_BODIES["nul in html"])
    text = wc.extract(SMALL_BODIES["nul in html"], extractor="link_density").text
    assert "before" in text and "after" in text


def test_unclosed_script_and_comment_hide_their_content():
    for name in ("unclosed comment", "unclosed script"):
        for extractor, text in texts(run_all(SMALL_BODIES[name])).items():
            assert "hidden" not in text, (name, extractor)


def test_plaintext_keeps_its_text_as_text():
    doc = parse(SMALL_BODIES["plaintext"])
    r = wc.extract(doc, extractor="link_density")
    assert "all of this is text" in r.text
    assert "<p>" in r.text  # markup inside <plaintext> is text, not elements


def test_numeric_entities_for_surrogates_and_out_of_range_code_points():
    for extractor, r in run_all(SMALL_BODIES["numeric entities"]).items():
        if isinstance(r, Exception):
            continue
        # Whatever the parser makes of them, the output is valid Unicode text.
        r.text.encode("utf-8")
        r.html.encode("utf-8")


def test_lone_surrogates_in_str_bodies_are_removed():
    r = wc.extract(SMALL_BODIES["surrogate str"], extractor="link_density")
    r.text.encode("utf-8")
    assert "surrogate" in r.text


def test_charsets():
    def text_of(body, encoding=None):
        return wc.extract(body, encoding=encoding, extractor="link_density").text

    assert "\u9555\u93d5\u7881\u4f60\u597d" in text_of(SMALL_BODIES["gb2312 with gbk chars"])
    assert "\u9555\u93d5\u7881" in text_of(SMALL_BODIES["gb2312 with gbk chars"].split(b">", 1)[1], "gb2312")
    assert "UTF-16 text caf\u00e9" in text_of(SMALL_BODIES["utf16 le with bom"])
    assert "UTF-16 text caf\u00e9" in text_of(SMALL_BODIES["utf16 be with bom"])
    # A BOM wins over a lying HTTP charset.
    assert "UTF-16 text caf\u00e9" in text_of(SMALL_BODIES["utf16 le with bom"], "iso-8859-1")
    assert "caf\u00e9" in text_of(SMALL_BODIES["bogus charset"])
    assert "ascii really" in text_of(SMALL_BODIES["charset utf16 lie"])
    assert "\u4e2d\u6587\u7f51\u9875" in text_of(SMALL_BODIES["undeclared gbk"])
    assert "\u65e5\u672c\u8a9e" in text_of(SMALL_BODIES["undeclared shift_jis"])
    # UTF-7 is never honoured from a page (it smuggles markup past filters).
    assert "<script>" not in text_of(SMALL_BODIES["charset utf7"])
    for label in ("", "   ", "\x00", "x" * 10_000, "utf-8\x00", "\udc80", "gb2312; charset=utf-8"):
        text_of(b"<p>ok</p>", label)


# -- entities: no expansion, no file access, no network -------------------------
BILLION_LAUGHS = b"""<?xml version="1.0"?>
<!DOCTYPE lolz [
 <!ENTITY lol "lol">
 <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
 <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
 <!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
 <!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;">
 <!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;">
 <!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;">
 <!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">
]>
<html><body><p>Before the bomb.</p><p>&lol9;</p><p>After the bomb.</p></body></html>"""


def test_billion_laughs_is_not_expanded():
    for extractor, text in texts(run_all(BILLION_LAUGHS)).items():
        assert "lollol" not in text, extractor
        assert len(text) < 10_000, extractor


def _system_entity_page(target: Path) -> bytes:
    uri = target.as_uri()
    return (f"""<?xml version="1.0"?>
<!DOCTYPE html [
 <!ENTITY secret SYSTEM "{uri}">
 <!ENTITY remote SYSTEM "http://127.0.0.1:9/never">
 <!ENTITY % param SYSTEM "{uri}">
 %param;
]>
<html><body><p>Before &secret; middle &remote; after.</p>
<xi:include xmlns:xi="http://www.w3.org/2001/XInclude" href="{uri}"/>
<p>End of the page, with enough words to be kept as content.</p></body></html>""").encode()


def test_system_entities_read_no_file(tmp_path):
    secret = tmp_path / "secret.txt"
    secret.write_text("TOP-SECRET-CONTENT")
    page = _system_entity_page(secret)
    outs = run_all(page)
    for extractor, r in outs.items():
        if isinstance(r, Exception):
            continue
        assert "TOP-SECRET" not in r.text + r.html + r.markdown, extractor
    for via in (page, page.decode()):
        assert "TOP-SECRET" not in wc.extract(via, extractor="link_density").html


def test_system_entities_open_no_file(tmp_path):
    """The parse never opens the entity's file (checked from outside with a
    fresh interpreter that lists its open calls via an audit hook)."""
    secret = tmp_path / "secret.txt"
    secret.write_text("TOP-SECRET-CONTENT")
    page = tmp_path / "page.html"
    page.write_bytes(_system_entity_page(secret))
    code = f"""
import sys
opened = []
sys.addaudithook(lambda ev, args: opened.append(str(args[0])) if ev == "open" else None)
import scrapy_webclean as wc
body = open({str(page)!r}, "rb").read()
opened.clear()
for name in wc.available_extractors():
    try:
        wc.extract(body, extractor=name).html
    except ValueError:
        pass
print("OPENED" if any("secret" in p for p in opened) else "CLEAN")
"""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                         env={**os.environ, "PYTHONPATH": str(Path(wc.__file__).parent.parent)})
    assert out.stdout.strip().endswith("CLEAN"), out.stdout + out.stderr
    # libxml2 opens files in C, below Python's audit hooks: the content
    # check in test_system_entities_read_no_file covers that side.


# -- deep nesting ---------------------------------------------------------------
DEEP = 20_000


@pytest.mark.parametrize("shape", [
    "<div>" * DEEP + "deep text" + "</div>" * DEEP + "<p>after</p>",
    "<div>" * DEEP + "deep text<p>after</p>",
    "<span>" * DEEP + "deep text" + "</span>" * DEEP + "<p>after</p>",
    "<table><tr><td>" * 5000 + "deep text" + "</td></tr></table>" * 5000 + "<p>after</p>",
    "<table><tr><td>" * 5000 + "deep text<p>after</p>",
    "<ul><li>" * 10_000 + "deep text" + "</li></ul>" * 10_000 + "<p>after</p>",
    "<a href=x>" * DEEP + "deep text" + "</a>" * DEEP + "<p>after</p>",
    "<div><a href=x>" * 10_000 + "deep text" + "</a></div>" * 10_000 + "<p>after</p>",
    "<b><i><u>" * 7000 + "deep text<p>after</p>",
    "<div class='a \"b\" >'>" * DEEP + "deep text" + "</div>" * DEEP + "<p>after</p>",
    "<p><div>" * 10_000 + "deep text<p>after</p>",
    "<svg><g>" + "<g>" * DEEP + "<text>deep text</text>" + "</g>" * DEEP + "</svg><p>after</p>",
    "<div>" * DEEP + "deep text" + "</ div>" * DEEP + "<p>after</p>",
    "<dl><dd><dl><dt>" * 5000 + "deep text<p>after</p>",
], ids=lambda s: s[:24])
def test_deep_nesting_loses_no_content(shape):
    """libxml2 stops at depth 2048 and drops the rest of the page; the core
    re-parses with the excess nesting removed, so the text after the deep
    part survives."""
    body = "<html><body><p>before</p>" + shape + "</body></html>"
    doc = parse(body)
    assert max(doc.depth) < 2000
    words = " ".join(t for _, _, t in text_nodes(doc)).split()
    assert words[0] == "before" and words[-1] == "after"
    if not shape.startswith("<svg>"):  # svg content is invisible by design
        assert "deep" in words
    for extractor, r in run_all(doc).items():
        assert not isinstance(r, Exception) or isinstance(r, WebcleanError), extractor


def test_deep_nesting_keeps_every_word_in_order():
    rnd = random.Random(7)
    tags = ["div", "span", "p", "li", "td", "a", "b", "section", "table", "tr", "ul", "font"]
    parts, words = [], []
    for k in range(30_000):
        t = rnd.choice(tags)
        parts.append(f"<{t} class=c{k % 7}>")
        if k % 50 == 0:
            w = f"w{k}"
            words.append(w)
            parts.append(f" {w} ")
        if rnd.random() < 0.2:
            parts.append(f"</{rnd.choice(tags)}>")
    body = "<html><body>" + "".join(parts) + "<p>the end</p></body></html>"
    doc = parse(body)
    assert max(doc.depth) < 2000
    seen = " ".join(t for _, _, t in text_nodes(doc)).split()
    assert [w for w in seen if w.startswith("w")] == words
    assert seen[-2:] == ["the", "end"]


def test_deep_nesting_beyond_recursion_limit_in_every_walk():
    body = "<html><body>" + "<div><p>x " * 1500 + "</p></div>" * 1500 + "<p>after</p></body></html>"
    doc = parse(body)
    for extractor, r in run_all(doc).items():
        assert not isinstance(r, RecursionError), extractor
    wc.classify(doc)


# -- limits -----------------------------------------------------------------------
def test_time_limit_raises_extraction_timeout():
    body = b"<html><body>" + b"<div><p>some words here</p></div>" * 20_000 + b"</body></html>"
    for extractor in EXTRACTORS:
        with pytest.raises(wc.ExtractionTimeout, match="time limit"):
            run_extractor_raw(body, extractor, time_limit=1e-9)
    with pytest.raises(wc.ExtractionTimeout):
        with wc.time_limit(1e-9):
            wc.classify(body)
    with pytest.raises(wc.ExtractionTimeout):
        with wc.time_limit(1e-9):
            wc.SiteStyleTree().add_page(body)
    # The same page within a sane limit, and with none.
    assert wc.extract(body, extractor="link_density", time_limit=60).text
    assert wc.extract(body, extractor="link_density", time_limit=None).text


def run_extractor_raw(body, name: str, **kw):
    if _needs_tree(name):
        kw.setdefault("site_tree", _site_tree())
    return wc.extract(body, extractor=name, **kw)


@pytest.mark.parametrize("value", [0, -1, float("nan"), float("inf"), "10", True])
def test_bad_time_limits_are_invalid_options(value):
    with pytest.raises(wc.InvalidOptionError, match="time_limit"):
        wc.extract(b"<p>x</p>", time_limit=value)


def test_max_body_size():
    body = b"<p>" + b"x" * 2000 + b"</p>"
    with pytest.raises(wc.BodyTooLargeError, match="2007 bytes"):
        wc.extract(body, max_body_size=1000)
    with pytest.raises(wc.BodyTooLargeError, match="characters"):
        wc.extract(body.decode(), max_body_size=1000)
    assert wc.extract(body, max_body_size=None, extractor="link_density").text == "x" * 2000
    assert wc.extract(body, max_body_size=2007, extractor="link_density").text == "x" * 2000
    with pytest.raises(wc.BodyTooLargeError):
        wc.extract(b" " * (MAX_BODY_SIZE + 1))


def test_attributes_beyond_the_cap_are_dropped_quickly():
    body = ("<body><a href=/x " + " ".join(f"a{i}='{i}'" for i in range(200_000)) + ">link</a>"
            "<div " + "b " * 200_000 + ">text</div></body>")
    doc = parse(body)
    a = doc.tags.index("a")
    assert len(doc.attrs(a)) == MAX_ATTRIBUTES
    assert doc.attrs(a)["href"] == "/x"
    run_all(doc)


def test_the_attribute_cap_reads_tags_alike_before_python_3_11(monkeypatch):
    # Before 3.11 the scan's atomic groups and possessive repeats are emulated
    # (lookahead and backreference): built that way here, it caps as the
    # native pattern does, and each copy of an emulated group is renamed apart.
    import scrapy_webclean._attr_limits as native
    monkeypatch.setitem(sys.modules, "scrapy_webclean._regex", emulated_regex())
    emulated = module_copy(native)
    assert "(?>" not in emulated._safe_run(9).pattern
    pages = [page.read_text(encoding="utf-8", errors="replace")
             for page in sorted((Path(__file__).parent / "pages").glob("*.html"))]
    soups = ['<p a=1 b="2 >" c d e>x</p><script a b c d>"<p x y z w>"</script><p f g h i>',
             "<P a='1'b='2'c=3 /d/e>t<ſcript a b c d e>u</ſcript><!-- <p a b c d> -->",
             '<title a b c d>x<p a b c d e></title><xmp>y</xmp><plaintext a b c d e>z<p a b c d e>']
    for text in pages + soups:
        for cap in (2, 3, MAX_ATTRIBUTES):
            assert emulated.cap_attributes(text, cap) == native.cap_attributes(text, cap)


def test_the_attribute_cap_tells_raw_text_tags_by_their_first_letter_in_any_case():
    # The scan's fast path takes a tag whose name starts with a letter, unless the name reads (under
    # re.IGNORECASE, "ſcript" too) as a raw-text tag's or "plaintext": told apart letter by letter.
    import re

    from scrapy_webclean._attr_limits import _NOT_RAW_LETTER
    from scrapy_webclean._parser_limits import RAW_TEXT_TAGS

    letter = re.compile("[A-Za-z]", re.IGNORECASE)
    fast = re.compile(_NOT_RAW_LETTER, re.IGNORECASE)
    firsts = [ch for ch in map(chr, range(0x110000)) if letter.fullmatch(ch)]
    assert "ſ" in firsts and "\u212a" in firsts
    for name in sorted(RAW_TEXT_TAGS | {"plaintext"}):
        for ch in firsts:
            raw = re.fullmatch(name, ch + name[1:], re.IGNORECASE) is not None
            for after in (" ", ">", "/", "x>"):
                assert (fast.match(ch + name[1:] + after) is None) == (raw and after != "x>"), (ch, name, after)
            assert fast.match(ch + "q") is not None


# -- the other entry points ---------------------------------------------------------
ENTRY_BODIES = {**SMALL_BODIES, "billion laughs": BILLION_LAUGHS,
                "deep": ("<div>" * DEEP + "deep" + "</div>" * DEEP + "<p>after</p>").encode()}


@pytest.mark.parametrize("name", sorted(ENTRY_BODIES))
def test_classify_and_site_tree_learning(name):
    body = ENTRY_BODIES[name]
    try:
        kind = wc.classify(body, "https://site.example/a/story-about-things")
        assert kind.kind in ("hub", "content")
    except WebcleanError:
        pass
    clean, tree = wc.SiteStyleTree(), wc.SiteStyleTree()
    for page in _site_pages()[:4]:
        clean.add_page(page)
        tree.add_page(page)
    try:
        learned = tree.add_page(body, "https://site.example/x")
    except WebcleanError:
        learned = False

    def cleaned(t) -> str:
        return wc.extract(_site_pages()[5], extractor="link_density", site_tree=t).text

    # The tree still cleans the site's pages; a page it did not learn from
    # (empty, binary, ...) left it as it was.
    assert isinstance(cleaned(tree), str)
    if not learned:
        assert cleaned(tree) == cleaned(clean)
    # Tagging with the tree maps the hostile page onto it as well.
    try:
        kind = wc.classify(body, "https://site.example/a/story-about-things", site_tree=tree.compile())
        assert kind.kind in ("hub", "content")
    except WebcleanError:
        pass
    # The tagging job's link listing (WEBCLEAN_LINKS) reads it too.
    from scrapy_webclean.workers.jobs import classify_page

    try:
        report = classify_page(body, "https://site.example/a/story-about-things", None, links=True)
        assert all(link.startswith(("http://", "https://")) for link in report.links)
    except WebcleanError:
        pass


def test_command_line_on_hostile_files(tmp_path, capsys):


    for k, name in enumerate(("empty bytes", "png", "nul in html", "utf16 le with bom", "unclosed comment")):
        path = tmp_path / f"{k}.html"
        path.write_bytes(SMALL_BODIES[name])
        for fmt in ("text", "json"):
            assert command_line(["extract", str(path), "--format", fmt]) == 0, name
    capsys.readouterr()
    assert command_line(["extract", str(tmp_path / "missing.html")]) == 2
    big = tmp_path / "big.html"
    big.write_bytes(b"<p>" + b"x" * (11 * 2**20) + b"</p>")
    assert command_line(["extract", str(big)]) == 2
    assert "exceeds the limit" in capsys.readouterr().err


def test_pipeline_keeps_every_item_of_hostile_pages():
    """Every hostile page's item comes back from the pipeline, filled or with
    its error field: none is lost, none raises."""
    crawler, carrier, pipeline = webclean_crawler(PageSourceMiddleware, ExtractionPipeline, WEBCLEAN_SST_ENABLED=False)
    bodies = {k: v for k, v in ENTRY_BODIES.items() if isinstance(v, bytes)}
    for name, body in bodies.items():
        url = f"https://site.example/{abs(hash(name))}"
        resp = HtmlResponse(url, body=body, headers={"Content-Type": "text/html"}, request=Request(url))
        [item] = list(carrier.process_spider_output(resp, [{"url": url, "name": name}]))
        out = asyncio.run(pipeline.process_item(item))
        assert out["name"] == name and isinstance(out.get("text", ""), str), name
    assert crawler.stats.get_value("webclean/items/failed", 0) == 0


def test_site_style_tree_extension_stays_bounded_over_many_domains(tmp_path):
    """A crawl over many domains: the samples and the trees kept in memory
    never exceed WEBCLEAN_SST_MAX_DOMAINS, and evictions are counted."""
    max_domains, min_pages = 8, 3
    crawler, ext, _tagging = webclean_crawler(
        SiteStyleTreeExtension, PageTypeMiddleware, WEBCLEAN_SST_DIR=str(tmp_path), WEBCLEAN_SST_MIN_PAGES=min_pages,
        WEBCLEAN_SST_MAX_DOMAINS=max_domains)
    trees = ext.trees
    pages = _site_pages()

    def feed(host: str, k: int) -> None:
        url = f"https://{host}/story/{k}"
        resp = HtmlResponse(url, body=pages[k % len(pages)], headers={"Content-Type": "text/html"},
                            request=Request(url, meta={"webclean_page_type": "content"}))
        ext.response_received(response=resp, request=resp.request)

    async def crawl() -> None:
        # 500 domains seen once or twice (sampled, never learned) ...
        for d in range(500):
            for k in range(1 + d % 2):
                feed(f"once{d}.example", k)
            assert len(trees.sampling()) <= max_domains
        # ... and 30 domains crawled long enough to learn a tree.
        for d in range(30):
            host = f"site{d}.example"
            for k in range(min_pages):
                feed(host, k)
            assert await trees.tree_for(host) is not None
            assert len(trees.held()) <= max_domains and len(trees.sampling()) <= max_domains

    asyncio.run(crawl())
    assert crawler.stats.get_value("webclean/sst/domains_evicted") >= 500 - max_domains
    assert crawler.stats.get_value("webclean/sst/domains_learned") == 30
    assert trees.sample_bytes() < max_domains * min_pages * 10_000  # compressed samples of a few pages each


# -- the sizes: one parse each, shared by every extractor -------------------
def _big_pages() -> dict[str, str]:
    return {
        "attribute 5 MB": '<body><div title="' + "x" * 5_000_000 + '"><p>after the attribute</p></div>',
        "single line 10 MB": "<body><p>" + "word " * 2_000_000 + "</p>",
        "100k br": "<body><p>" + "line<br>" * 100_000 + "</p>",
        "300k-row table": "<body><table>" + "<tr><td>x" * 300_000 + "</table><p>after the table</p>",
        "200k links": "<body><ul>" + "<li><a href=/a>link</a>" * 200_000 + "</ul><p>after the links</p>",
        "5k nested tables": "<body>" + "<table><tr><td>t" * 5000 + "</table>" * 5000 + "<p>after</p>",
        "20k nested anchors": "<body>" + "<a href=/x>a" * 20_000 + "<p>after</p>",
        "20k introduced lists": "<body><article>" + "<p>The report of the committee listed these items:</p>"
                                "<ul><li><a href=/x>item</a></li></ul>" * 20_000 + "<p>after the lists</p>",
        "lists after 990 nested wrappers": "<body><article>" + "<div>" * 990 + "<p>" + "<b>ab</b> " * 100_000
                                           + "</p>" + "</div><ul><li>an item</li></ul>" * 990 + "<p>after the lists</p>",
    }


@pytest.mark.parametrize("k, name", list(enumerate(sorted(_big_pages()))))
def test_huge_pages(k, name):
    """Each huge shape is parsed once and its text reaches the extractors;
    ``auto`` (the default) and one other extractor in turn (so each meets a
    huge page) return a result or a documented error (on a slow machine,
    ExtractionTimeout). Every extractor on every huge page, at these sizes
    and larger, is measured by ``tests/benchmarks/hostile_pages.py``."""
    body = _big_pages()[name]
    doc = parse(body)
    assert not doc.is_empty
    words = " ".join(t for _, _, t in text_nodes(doc)).split()
    assert words[-1] in ("after", "table", "links", "attribute", "word", "line", "lists"), words[-3:]
    others = [e for e in EXTRACTORS if e != "auto"]
    for extractor in ("auto", others[k % len(others)]):
        r = run_extractor(doc, extractor)
        assert not isinstance(r, Exception) or isinstance(r, WebcleanError), extractor


# -- a title never closed ---------------------------------------------------------
STORY = ("<p>The council voted on Tuesday to delay the budget until next month, after a long debate about "
         "the cost of the new library and the repairs the old bridge needs before winter arrives.</p>") * 15


def test_a_title_never_closed_does_not_swallow_the_page():
    # Without its end tag, the parser reads the whole page as the title's text.
    body = f"<html><head><title>Budget vote delayed\n<script>var x = 1;</script></head><body><article>{STORY}</article>"
    doc = parse(body)
    assert doc.title is None and "article" in doc.tags  # it names nothing, as the browser's tab shows it
    for extractor, text in texts(run_all(body)).items():
        assert "delay the budget" in text and "Budget vote delayed" not in text, extractor
    # A misspelt end tag ends it where the page meant it to.
    doc = parse(f'<html><head><title>Budget vote delayed</titlevalue="x" --></head><body>{STORY}' + "<p>x</p>" * 300)
    assert doc.title == "Budget vote delayed" and "delay the budget" in " ".join(t for _, _, t in text_nodes(doc))
    # The run-on words go up to the first markup, or a line break after any leading blank lines.
    assert close_title("<title>\n  Town News <meta x></head>") == "<title></title><meta x></head>"
    assert close_title("<title>Town\nNews") == "<title></title>\nNews"
    assert close_title("<title>Town</titlex>News") == "<title>Town</title></titlex>News"
    # The <title> repaired is the one the parser read, not one in a comment before it.
    commented = f'<!-- was <title>Old</title> --><title>Budget vote delayed</titlevalue="x" --><body>{STORY}'
    doc = parse(commented)
    assert doc.title == "Budget vote delayed" and "delay the budget" in wc.extract(commented).text


def test_a_title_is_repaired_when_it_took_in_markup_as_browser_title_reads_it():
    assert close_title("<body><p>no title</p>") is None
    # A short title that shows a tag as words is a title: nothing is parsed again.
    doc = parse("<title>Town News<p>a line</p>")
    assert doc.title is not None and "a line" in doc.title and not swallowed(doc.title)
    # A short page after a misspelt end tag is repaired too, not only a long one.
    body = '<title>Budget vote delayed</titlevalue="x" --></head><body><p>The council met on Tuesday.</p>'
    doc = parse(body)
    assert doc.title == "Budget vote delayed" and "The council met on Tuesday." in wc.extract(body).text
    # The second parse keeps the depth guard: nesting past the parser's limit after a broken title.
    deep = '<title>Budget vote delayed</titlevalue="x" -->' + "<div>" * 2600 + STORY
    assert "delay the budget" in " ".join(t for _, _, t in text_nodes(parse(deep)))


def test_a_title_never_closed_on_a_real_page():
    rec, body = next((r, b) for p, r, b in corpus_pages("googlenews")
                     if p == "googlenews-0bf24489-9777-4821-a156-7897a890a4cd")
    r = wc.extract(body, rec["url"])
    assert "India have withdrawn their threat to quit the tour of Australia" in r.text


def test_a_huge_title_never_closed_is_repaired_in_linear_time():
    body = "<title>" + "word " * 2_000_000 + "<body>" + STORY
    doc = parse(body)  # (under the autouse hang guard)
    assert "delay the budget" in " ".join(t for _, _, t in text_nodes(doc))


#: URLs urllib cannot split (an unclosed IPv6 literal): a page's URL is a hint, never a reason to fail.
BAD_URLS = ("http://[::1", "http://[::1/2024/05/03/budget-vote-delayed", "https://[bad]x/news/")


@pytest.mark.parametrize("url", BAD_URLS)
def test_an_unparsable_url_is_read_as_no_url_hint(url):
    # A headline linking home (the title reader asks whether a link leads to the site's root)
    # and a byline without a date (the date reader then looks in the URL's path).
    body = ("<html><head><title>Budget vote delayed | Town News</title></head><body>"
            "<header><h1><a href='/'>Town News</a></h1></header><article><h2>Budget vote delayed</h2>"
            f"<p class='byline'>By Ann Lee</p>{STORY}</article></body></html>")
    for extractor in EXTRACTORS:
        if extractor != "sst":
            assert "delay the budget" in wc.extract(body, url, extractor=extractor).text, extractor
    r = wc.extract(body, url)
    assert r.title == "Budget vote delayed" and r.date is None
    assert wc.classify(body, url).kind == "content"
    tree = wc.SiteStyleTree()
    tree.add_page(body, url)
    assert "delay the budget" in wc.extract(body, url, site_tree=tree).text


@pytest.mark.parametrize("url", BAD_URLS)
def test_an_unparsable_url_leaves_the_links_unresolved(url):
    # A relative link has nothing to be resolved against; an absolute one is kept (found by mutation fuzzing:
    # the links read the URL as given, not as the page's readers do).
    body = (f"<html><body><article>{STORY}<p>The council meets again in March, <a href='/next'>the clerk said</a>, "
            "and its agenda is <a href='https://b.test/x'>posted online</a> for residents to read.</p></article>")
    links, absolute = wc.extract(body, url).links, {"url": "https://b.test/x", "text": "posted online"}
    if usable_url(url) is None:
        assert links == wc.extract(body).links == [absolute]
    else:  # (Python 3.10's urllib splits "https://[bad]x/news/": the relative link is resolved against it)
        assert links == [{"url": url.split("/news/")[0] + "/next", "text": "the clerk said"}, absolute]


def test_an_unparsable_base_href_leaves_the_page_url_to_resolve_links():
    body = (f"<html><head><base href='http://[::1'></head><body><article>{STORY}"
            "<p>The council meets again in March, <a href='/next'>the clerk said</a>, and residents may come.</p>"
            "</article></body></html>")
    assert wc.extract(body, "https://a.test/story").links == [{"url": "https://a.test/next", "text": "the clerk said"}]
    assert page_links(parse(body), "https://a.test/story") == ["https://a.test/next"]


def test_an_unparsable_url_on_real_pages():
    # Three articles whose title reader asks where the page's links lead, and the first googlenews ones.
    pages = [p for p in corpus_pages("articles-en") if p[0][:6] in ("680c28", "851498", "e7994d")]
    for pid, rec, body in pages + corpus_pages("googlenews")[:10]:
        assert wc.extract(body, "http://[::1").text == wc.extract(body).text, pid


def test_a_block_of_many_control_lines_is_read_in_linear_time():
    # 40,000 control labels, each a line of its own, loose in a block of the story: each is a control
    # (see _controls._own_line); telling so walks to a neighbour, not through the block's children.
    body = ("<body><article><div>" + STORY + "<span>Share</span><br>" * 40_000 + STORY + "</div></article></body>")
    r = wc.extract(body)
    assert "delay the budget" in r.text and "Share" not in r.text


def test_a_chain_of_unclosed_paragraph_fonts_is_read_in_linear_time():
    # 10,000 paragraphs, each opening a <font> it never closes (an old editor's markup): each
    # paragraph nests in the font before it, owns one sentence and holds the rest of the page. Each
    # was read whole for boilerplate statements, the rest of the page once per level (quadratic:
    # past the time limit; found by fuzz_api.py --amplify). A block holding over 10,000 characters
    # is read by its own text, as a long one is.
    line = "the council voted on Tuesday to delay the budget until next month, after a long debate."
    body = "<body>" + "".join(f"<p><font face=Arial>Paragraph {k}: {line * 3}<br>" for k in range(10_000))
    r = wc.extract(body)
    assert "Paragraph 0:" in r.text and "Paragraph 9999:" in r.text


#: The time limit of the read-once pages below (hundreds of chains of 900 nested elements): reading each
#: element's text through the rest of its chain (the faults they caught) went past the default 15 s;
#: reading each once takes 4-8 s on Python 3.11 here but 13-15 s on the 3.10 that CI runs too (at
#: 4d0b2d3 as now), so these pages get twice the slowest reading measured.
READ_ONCE_LIMIT = 30


def test_short_texts_under_deep_inline_nesting_are_read_once():
    # 300 chains of 900 nested <font> elements, each round a short line and a "Back to top" link: an
    # author box's label is looked for in each short subtree, and its text was read once per level of
    # nesting (quadratic: past the time limit). A label's line is made of a few elements.
    chain = "<p>" + "<font>" * 900 + "closing words<br>" + "</font>" * 900 + '<a href="#top">Back to top</a></p>'
    r = wc.extract("<body><article>" + STORY + chain * 300 + STORY + "</article></body>", time_limit=READ_ONCE_LIMIT)
    assert "delay the budget" in r.text and "Back to top" not in r.text


def test_a_short_label_under_deep_inline_nesting_is_read_once():
    # 300 chains of 900 nested <span> round "Share": each level is a short span whose text is a
    # control's label, and each level's text was read through the whole chain (quadratic: past the
    # time limit). A control's label is made of a few elements.
    chain = "<p>" + "<span>" * 900 + "Share" + "</span>" * 900 + "</p>"
    r = wc.extract("<body><article>" + STORY + chain * 300 + STORY + "</article></body>", time_limit=READ_ONCE_LIMIT)
    assert "delay the budget" in r.text


def test_nested_headings_round_a_short_line_are_read_once():
    # 300 chains of 900 elements, <em> and <h2> in turn, round a short line: each heading's text was
    # read through the rest of its chain to see whether it repeats the page's title (quadratic: past
    # the time limit). A heading round one whose letters are no part of the title's is not read; one
    # round the title itself takes the inner one's text whole.
    for line in ("three word line", "Budget vote delayed"):
        chain = "<div>" + "<em><h2>" * 450 + line + "</h2></em>" * 450 + "</div>"
        r = wc.extract("<title>Budget vote delayed</title><body><article>" + STORY + chain * 300 + STORY
                       + "</article></body>", time_limit=READ_ONCE_LIMIT)
        assert "delay the budget" in r.text, line


def test_title_lines_under_deep_inline_nesting_are_read_once():
    # The lines the arbiter reads as the page's title (a <span>, a <div> of a title's length): 300
    # chains of 900 nested <span> round a line of that length were each read through the rest of the
    # chain (quadratic: 50 chains took 8 s). Under the extraction time limit, as extract runs it.
    chain = "<div>" + "<span>" * 900 + "The council met on Tuesday" + "</span>" * 900 + "</div>"
    doc = parse("<title>Budget vote delayed</title><body>" + chain * 300 + STORY + "</body>")
    with wc.time_limit(15.0):
        assert _title_headings(doc, doc.title, TITLE_LINE_TAGS, doc.measures.text_len, _TITLE_LINES) == []


@pytest.mark.parametrize("link", [False, True])
def test_title_lines_outside_headings_under_deep_nesting(link):
    # No h1-h3 reads as the title: the block pick reads other lines that do, each checked for a link
    # round it (a bounded climb). 300 chains of 900 nested <span> round the title itself, in a link
    # or not: every span reads as the title.
    chain = "<span>" * 900 + "Budget vote delayed" + "</span>" * 900
    chain = "<div>" + (f"<a href='/budget'>{chain}</a>" if link else chain) + "</div>"
    with wc.time_limit(15.0):
        r = wc.extract("<title>Budget vote delayed</title><body>" + chain * 300 + STORY + "</body>", time_limit=READ_ONCE_LIMIT)
    assert "delay the budget" in r.text


def test_a_long_word_opening_a_marked_block_is_read_in_linear_time():
    # A block under 1,000 characters that a copyright line marks is read for a label opening it
    # ("Disclaimer:"); a first "sentence" of one 950-letter word took the label's pattern 5 s to
    # refuse when its words could split the run any way (cubic backtracking).
    body = "<html><body><div>" + "x" * 950 + ". Copyright 2024 Town News. All rights reserved.</div></body></html>"
    with wc.time_limit(2.0):
        wc.extract(body)


def test_nested_blocks_each_owning_a_word_are_read_once():
    # 300 chains of 900 levels, a word at every level: each <li> (in a <span>) is a short block, read
    # whole for a boilerplate statement, and each linked <h3> a heading whose words are counted; each
    # one's text was read through the rest of its chain (quadratic: past the time limit). The blocks
    # are read innermost first, each inner one's text taken whole.
    for level, close in (("<span>a <li>a ", "</li></span>"), ("<h3><a href=/r>Read more ", "</a></h3>")):
        chain = "<div>" + level * 450 + "Related stories" + close * 450 + "</div>"
        r = wc.extract("<body><article>" + STORY + chain * 300 + STORY + "</article></body>", time_limit=READ_ONCE_LIMIT)
        assert "delay the budget" in r.text, level


#: Chains of elements that each give metadata, and what the page's metadata reads from them.
METADATA_CHAINS = (
    ("<time pubdate>", "</time>", "12 May 2009", "div", ("date", "2009-05-12")),  # a post's date
    ("<b itemprop=author itemscope>", "</b>", "<i itemprop=name>Ann Lee</i>", "div", ("author", "Ann Lee")),
    ("<a rel=author href=/a><b>", "</b></a>", "Ann Lee", "p", ("author", "Ann Lee")),  # an author's link
    ("<span><h1>", "</h1></span>", "Budget vote delayed", "footer", ("title", "Budget vote delayed")),  # no headline
)


@pytest.mark.parametrize("level, close, inner, wrap, field", METADATA_CHAINS)
def test_nested_metadata_elements_are_read_once(level, close, inner, wrap, field):
    # 300 chains of 900 elements the metadata reads: each one's text (or, for a heading in a footer,
    # its ancestors) was read through the rest of its chain (quadratic: past the time limit). The
    # texts are read innermost first, each element once; the ancestors once.
    levels = 900 // level.count("<")
    chain = f"<{wrap}>" + level * levels + inner + close * levels + f"</{wrap}>"
    r = wc.extract("<title>Budget vote delayed</title><body><article>" + STORY + chain * 300 + STORY
                   + "</article></body>", "https://news.example/2009/budget", time_limit=READ_ONCE_LIMIT)
    assert "delay the budget" in r.text and getattr(r, field[0]) == field[1]


def test_nested_comments_are_each_read_once():
    # 1,000 replies nested in one another (the most comments read) round 40,000 elements: each comment
    # looked for its author, date and content through all its replies' nodes, for its date line in them
    # too, and read the page's invisible nodes anew: 1,000 x 40,000 (past the time limit). A comment's
    # parts are looked for in its own nodes, the date lines and the invisible nodes read once.
    replies = "<div class=comment><b>Ann</b> said " * 1000 + "<span>x</span>" * 40_000 + "</div>" * 1000
    r = wc.extract("<body><article>" + STORY + replies + STORY + "</article></body>", comments=True, time_limit=READ_ONCE_LIMIT)
    assert "delay the budget" in r.text and r.comment_items


def test_microdata_in_a_second_html_tree_beside_the_root():
    # libxml2 leaves a second <html> after the first one's end as a tree of its own beside the root: the
    # flattened page does not hold it, an XPath from the root finds its microdata (found by the grammar fuzzer).
    date = b"<html><body><p>x</p></body></html><html><body><b itemprop='datePublished'>2012-03-04</b></body></html>"
    author = (b"<html><body><p>x</p></body></html><html><body><div itemprop='author' itemscope>"
              b"<span itemprop='name'>Jane Doe</span> Offline 5 posts</div></body></html>")
    for name in wc.available_extractors():
        if name != "sst":
            assert isinstance(wc.extract(date, extractor=name).text, str)
    result = wc.extract(date)
    assert result.text == "x" and result.date == "2012-03-04"
    assert wc.extract(author).author == "Jane Doe"


def test_nested_share_links_are_climbed_once():
    # 80 chains of 900 nested blocks, each holding a share link whose words are too long for a
    # share bar's: each link's climb towards the body stopped only at its chain's top, and every
    # link under a top found no bar there was climbed again (quadratic: past the limit). A link
    # under the last top climbed to is passed over: its climb ends there too.
    share = "<div><a href='https://www.facebook.com/sharer/sharer.php?u=1'>Share this story with all your friends now</a>"
    chain = share * 900 + "</div>" * 900
    with wc.time_limit(5.0):
        r = wc.extract("<body><article><div>" + STORY * 3 + chain * 80 + STORY * 3 + "</div></article></body>")
    assert "delay the budget" in r.text
