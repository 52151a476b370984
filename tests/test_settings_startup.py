"""Bad WEBCLEAN_* settings stop a real ``scrapy crawl`` at start-up, in one line.

Each case runs ``scrapy crawl`` in a subprocess on a tiny project of its own
(the add-on line and a spider reading one ``data:`` page), all cases at once
to keep the file fast.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from scrapy_webclean.settings import max_workers

PAGE = ("data:text/html,<html><head><title>Rain due</title></head><body><p>Forecasters expect heavy rain"
        " on the west coast early on Tuesday, with forty millimetres on high ground.</p></body></html>")

BAD = {
    "WEBCLEAN_EXTRACTOR=nope": "WEBCLEAN_EXTRACTOR='nope' is invalid: one of auto, ",
    "WEBCLEAN_EXTRACTOR=sst": "WEBCLEAN_EXTRACTOR='sst' is invalid: one of auto, ",
    "WEBCLEAN_WORKERS=-1": "WEBCLEAN_WORKERS='-1' is invalid: an integer >= 0",
    "WEBCLEAN_WORKERS=many": "WEBCLEAN_WORKERS='many' is invalid: an integer",
    "WEBCLEAN_ENABLED=maybe": "WEBCLEAN_ENABLED='maybe' is invalid: True or False",
    "WEBCLEAN_SST_DIR=/proc/nope": "WEBCLEAN_SST_DIR='/proc/nope' is invalid: a directory this process can create",
    "WEBCLEAN_FIELDS=title,body": "WEBCLEAN_FIELDS='title,body' is invalid: unknown field(s) body",
    "WEBCLEAN_TIMEOUT=0": "WEBCLEAN_TIMEOUT='0' is invalid: a number of seconds > 0",
    "WEBCLEAN_EXTRACTOR_OPTIONS={\"favor\": \"fast\"}": "WEBCLEAN_EXTRACTOR_OPTIONS={'favor': 'fast'} is invalid: ",
    "WEBCLEAN_EXTRACTOR_MODULES=tinyproj.nope": "WEBCLEAN_EXTRACTOR_MODULES='tinyproj.nope' is invalid: importing "
                                                "'tinyproj.nope' failed: ModuleNotFoundError: No module named ",
    "WEBCLEAN_EXTRACTOR=lead_sentence": "WEBCLEAN_EXTRACTOR='lead_sentence' is invalid: one of auto, ",
}


@pytest.fixture(scope="module")
def project(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("project")
    (root / "scrapy.cfg").write_text("[settings]\ndefault = tinyproj.settings\n")
    package = root / "tinyproj"
    (package / "spiders").mkdir(parents=True)
    # Scrapy makes the project's data folder when a crawl finds it missing;
    # crawls started at once (crawl_all) would race to make it.
    (root / ".scrapy").mkdir()
    (package / "__init__.py").write_text("")
    (package / "settings.py").write_text(textwrap.dedent("""
        SPIDER_MODULES = ["tinyproj.spiders"]
        ADDONS = {"scrapy_webclean.Addon": 100}
        TELNETCONSOLE_ENABLED = False
    """))
    (package / "extractors.py").write_text(textwrap.dedent("""
        from scrapy_webclean.extractors import BlockSelection, Extractor, SelectionResult, register

        @register
        class LeadSentence(Extractor):
            name = "lead_sentence"

            def select(self, doc, opts):
                return SelectionResult(BlockSelection([" ".join(doc.texts[doc.tags.index("p")].split()[:3])]))
    """))
    (package / "spiders" / "__init__.py").write_text(textwrap.dedent(f"""
        import scrapy

        class Page(scrapy.Spider):
            name = "page"
            start_urls = [{PAGE!r}]

            def parse(self, response):
                yield {{"url": response.url}}
    """))
    return root


def crawl_all(project: Path, cases: dict[str, list[str]]) -> dict[str, subprocess.CompletedProcess]:
    """Run ``scrapy crawl page ARGS`` for every case at once."""
    procs = {
        name: subprocess.Popen([sys.executable, "-m", "scrapy", "crawl", "page", *args], cwd=project,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        for name, args in cases.items()}
    done = {}
    for name, proc in procs.items():
        out, err = proc.communicate(timeout=120)
        done[name] = subprocess.CompletedProcess(proc.args, proc.returncode, out, err)
    return done


#: The components listed by hand instead of the add-on: they check too.
WITHOUT_ADDON = ["-s", "ADDONS={}", "-s", 'SPIDER_MIDDLEWARES={"scrapy_webclean.spidermiddlewares.pagesource.'
                 'PageSourceMiddleware": 20}', "-s", 'ITEM_PIPELINES={"scrapy_webclean.pipelines.extraction.'
                 'ExtractionPipeline": 100}', "-s", "WEBCLEAN_WORKERS=-1"]


@pytest.mark.slow  # a real crawl per bad setting
def test_each_bad_setting_stops_the_crawl_in_one_line(project):
    cases = {case: ["-s", case] for case in BAD} | {"without add-on": WITHOUT_ADDON}
    results = crawl_all(project, cases)
    for case, expected in (BAD | {"without add-on": BAD["WEBCLEAN_WORKERS=-1"]}).items():
        result = results[case]
        assert result.returncode != 0, case
        errors = [line for line in result.stderr.splitlines() if "CRITICAL" in line or "ERROR" in line]
        assert len(errors) == 1 and expected in errors[0] and errors[0].endswith("The crawl stops."), (case, errors)
        assert "Traceback" not in result.stderr, case
        assert "Spider opened" not in result.stderr, case  # stopped before the crawl began


@pytest.mark.slow  # real crawls
def test_good_spellings_run_and_odd_ones_warn(project, tmp_path):
    cases = {
        "json_list": ['WEBCLEAN_FIELDS=["title", "text", "extractor"]'],
        "comma_list": ["WEBCLEAN_FIELDS=title,text,extractor", "WEBCLEAN_ENABLED=true"],
        "workers": ["WEBCLEAN_WORKERS=64", "WEBCLEAN_FIELDS=title,text,extractor"],
        "typo": ["WEBCLEAN_EXTRACTR=link_density", "WEBCLEAN_FIELDS=title,text,extractor"],
        # The project's own extractor, in the crawl's worker processes.
        "own": ["WEBCLEAN_EXTRACTOR_MODULES=tinyproj.extractors", "WEBCLEAN_EXTRACTOR=lead_sentence",
                "WEBCLEAN_WORKERS=1", "WEBCLEAN_FIELDS=title,text,extractor"],
    }
    results = crawl_all(project, {
        name: [arg for setting in settings for arg in ("-s", setting)] + ["-O", str(tmp_path / f"{name}.jsonl")]
        for name, settings in cases.items()})
    for name, result in results.items():
        assert result.returncode == 0, result.stderr[-3000:]
        [item] = [json.loads(line) for line in (tmp_path / f"{name}.jsonl").read_text().splitlines()]
        if name == "own":
            assert item["extractor"] == "lead_sentence" and item["text"] == "Forecasters expect heavy"
            continue
        assert item["title"] == "Rain due" and item["text"].startswith("Forecasters expect"), name
        assert item["extractor"] == "auto" and "page_type" not in item, name
    assert (f"WEBCLEAN_WORKERS=64 is more than twice the {max_workers() // 2} CPUs this process may use: "
            f"{max_workers()} worker processes") in results["workers"].stderr
    assert "Unknown setting WEBCLEAN_EXTRACTR, ignored: did you mean WEBCLEAN_EXTRACTOR?" in results["typo"].stderr
