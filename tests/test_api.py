import pytest

import scrapy_webclean as wc
from scrapy_webclean.errors import InvalidOptionError, UnknownExtractorError

SIMPLE = (b"<html><head><title>A title</title></head><body>"
          b"<ul><li><a href='/1'>Home</a></li><li><a href='/2'>World</a></li><li><a href='/3'>Sport</a></li></ul>"
          b"<p>The council approved the new budget on Tuesday after a long debate about schools and roads.</p>"
          b"<p>Residents will see the changes from next spring, officials said in a statement.</p>"
          b"</body></html>")


def test_available_extractors_lists_the_seeds_and_auto_first():
    names = wc.available_extractors()
    assert names[0] == "auto"
    for name in ("link_density", "relative_link_density", "line_block", "punctuation_path"):
        assert name in names


@pytest.mark.parametrize("name", [n for n in wc.available_extractors() if n != "sst"])
def test_every_extractor_returns_the_result_shape(name):
    r = wc.extract(SIMPLE, "https://example.com/a", extractor=name)
    assert isinstance(r.text, str) and isinstance(r.html, str)
    assert r.title == "A title"
    assert r.extractor == name
    assert "council approved" in r.text


def test_unknown_extractor_is_a_value_error_naming_it():
    with pytest.raises(UnknownExtractorError, match="nope"):
        wc.extract(SIMPLE, extractor="nope")
    with pytest.raises(ValueError):
        wc.extract(SIMPLE, extractor="nope")


@pytest.mark.parametrize("options, match", [
    ({"ratioo": 0.1}, "ratioo"),
    ({"ratio": "high"}, "ratio"),
    ({"ratio": -1.0}, "ratio"),
    ({"ratio": float("nan")}, "ratio"),
    ({"ignore_tags": "div"}, "ignore_tags"),
])
def test_invalid_options_raise_value_errors_naming_them(options, match):
    with pytest.raises(InvalidOptionError, match=match):
        wc.extract(SIMPLE, extractor="link_density", **options)


def test_str_and_bytes_give_the_same_result():
    a = wc.extract(SIMPLE, extractor="link_density")
    b = wc.extract(SIMPLE.decode(), extractor="link_density")
    assert a.text == b.text and a.title == b.title


@pytest.mark.parametrize("body", [b"", b"   \n", None, "", b"\x00\x00\x00", b"\x89PNG\r\n\x1a\n\x00\x00"])
def test_empty_and_binary_bodies_give_empty_results(body):
    for name in wc.available_extractors():
        if name == "sst":
            continue
        r = wc.extract(body, extractor=name)
        assert isinstance(r.text, str)
        assert r.text.strip() == "" or "PNG" in r.text


def test_result_renders_every_format():
    r = wc.extract(SIMPLE, extractor="link_density")
    assert r.render("text") == r.text
    assert "<p>" in r.render("html")
    assert '"title": "A title"' in r.render("json")
    with pytest.raises(ValueError):
        r.render("pdf")
