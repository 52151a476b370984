"""Language detection, extract(target_language=) and WEBCLEAN_TARGET_LANGUAGE."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest
from scrapy.exceptions import DropItem

import scrapy_webclean as wc
from scrapy_webclean._language import detect_language

from test_pipeline_extraction import make, process, response

ROOT = Path(__file__).resolve().parents[1]
CORPORA = ROOT.parent / "shared" / "corpora"
GERMAN = ("<html lang='en'><head><title>Haushalt</title></head><body><article><h1>Haushalt verschoben</h1>"
          "<p>Der Gemeinderat hat am Dienstag beschlossen, den Haushalt um einen Monat zu verschieben, weil die "
          "Zahlen nicht stimmen und die Verwaltung mehr Zeit für die Prüfung braucht.</p><p>Die Opposition "
          "kritisierte die Entscheidung und forderte eine Sondersitzung noch in diesem Monat.</p></article>"
          "</body></html>")


def corpus(name: str) -> dict:
    path = CORPORA / name / "ground-truth.json"
    if not path.exists():
        pytest.skip(f"../shared/corpora/{name} not present")
    return json.loads(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("name, lang", [("site-bbc", "en"), ("site-163", "zh"), ("articles-zh", "zh")])
def test_every_gold_text_of_a_one_language_corpus(name, lang):
    found = [detect_language(rec["articleBody"]) for rec in corpus(name).values()]
    assert found.count(lang) == len(found)


def test_other_languages_in_a_mixed_corpus():
    gt = corpus("articles-en")  # mostly English, with Portuguese, Korean, Japanese, Russian, German pages
    found = {pid: detect_language(rec["articleBody"]) for pid, rec in gt.items()}
    assert sum(v == "en" for v in found.values()) >= 75
    assert {found[p] for p in ("11ea381ad92b5448cf66eae62f52ac565361a244c8881615fc6a7bb523cc0c32",
                               "ba07d1e64775f4090e39116c382111f5a2cfe9528dd179673f4e9bfcea370c15",
                               "9da36ae4714bfccc72374c6c146e9d1cd3cca39e2110bd67ccdbcc806f4cf139",
                               "85439e26c41c75901820d01a13e8cea7836abb58635ea3986f71a163ab0311d3")} == {
        "pt", "de", "ko", "ja"}


def test_short_or_mixed_text_is_not_guessed():
    assert detect_language("OK") is None and detect_language("") is None
    assert detect_language("Home | About | Contact | Login | 2024") is None


def test_extract_language_and_target_language_on_real_pages():
    gt = corpus("site-163")
    pid, rec = next(iter(sorted(gt.items())))
    raw = gzip.decompress((CORPORA / "site-163" / "pages" / f"{pid}.html.gz").read_bytes())
    r = wc.extract(raw, rec["url"], encoding=rec.get("http_charset"))
    assert r.language == "zh" and r.text
    r = wc.extract(raw, rec["url"], encoding=rec.get("http_charset"), target_language="en")
    assert r.language == "zh" and r.text == "" and r.html == ""
    assert wc.extract(raw, rec["url"], encoding=rec.get("http_charset"), target_language=["en", "zh"]).text
    # The page says lang="en"; its text is German.
    assert wc.extract(GERMAN).language == "de"
    with pytest.raises(wc.InvalidOptionError, match="target_language"):
        wc.extract(GERMAN, target_language=3)


def test_pipeline_drops_or_marks_items_in_other_languages():
    crawler, carrier, pipeline = make({"WEBCLEAN_FIELDS": ["text"], "WEBCLEAN_TARGET_LANGUAGE": "en"})
    with pytest.raises(DropItem, match="language de"):
        process(crawler, carrier, pipeline, {"url": "u"}, response(GERMAN, meta={"webclean_page_type": "content"}))
    assert crawler.stats.get_value("webclean/language/dropped") == 1
    crawler, carrier, pipeline = make({"WEBCLEAN_FIELDS": ["text"], "WEBCLEAN_TARGET_LANGUAGE": ["en", "fr"],
                                       "WEBCLEAN_OTHER_LANGUAGE": "mark"})
    out = process(crawler, carrier, pipeline, {"url": "u"}, response(GERMAN, meta={"webclean_page_type": "content"}))
    assert out["webclean_error"] == "language de" and "Gemeinderat" in out["text"]
    assert crawler.stats.get_value("webclean/language/marked") == 1
    out = process(crawler, carrier, pipeline, {"url": "u"}, response(meta={"webclean_page_type": "content"}))
    assert "webclean_error" not in out and "language" not in out


def test_bad_settings_name_the_setting():
    from scrapy_webclean.errors import InvalidSettingError

    with pytest.raises(InvalidSettingError, match="WEBCLEAN_OTHER_LANGUAGE"):
        make({"WEBCLEAN_OTHER_LANGUAGE": "hide"})
