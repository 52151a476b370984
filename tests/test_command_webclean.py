"""The ``scrapy webclean`` command (file mode; URL mode downloads like ``scrapy fetch``)."""

from __future__ import annotations

import argparse
import gzip
import json
from pathlib import Path

import pytest
from scrapy.exceptions import UsageError
from scrapy.settings import Settings

from scrapy_webclean.commands.webclean import Command

ROOT = Path(__file__).resolve().parent.parent


def run(args, settings=None):
    cmd = Command()
    cmd.settings = Settings(settings or {})
    parser = argparse.ArgumentParser()
    cmd.add_options(parser)
    opts, rest = parser.parse_known_args(args)
    cmd.run(rest, opts)


def test_prints_text_and_summary(tmp_path, capsys, bbc_page):
    page = tmp_path / "page.html.gz"
    page.write_bytes(gzip.compress(bbc_page))
    run([str(page), "--url", "https://www.bbc.com/news/x", "--no-sst"])
    out, err = capsys.readouterr()
    assert "page type: content" in err and "extractor: auto" in err
    assert len(out) > 500


def test_json_with_gbk_and_extractor_option(tmp_path, capsys, netease_page):
    page = tmp_path / "page.html"
    page.write_bytes(netease_page)
    run([str(page), "--format", "json", "--encoding", "gbk", "--extractor", "link_density"])
    out = json.loads(capsys.readouterr().out)
    assert out["extractor"] == "link_density" and out["page_type"] == "content"
    assert sum("\u4e00" <= ch <= "\u9fff" for ch in out["text"]) > 200


def test_bad_settings_and_files_are_usage_errors(tmp_path):
    with pytest.raises(UsageError, match="cannot read"):
        run([str(tmp_path / "missing.html")])
    page = tmp_path / "p.html"
    page.write_text("<p>hi</p>")
    with pytest.raises(UsageError, match="WEBCLEAN_EXTRACTOR"):
        run([str(page)], {"WEBCLEAN_EXTRACTOR": "nope"})


def test_registered_as_scrapy_command():
    tomllib = pytest.importorskip("tomllib")
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    target = project["project"]["entry-points"]["scrapy.commands"]["webclean"]
    assert target == "scrapy_webclean.commands.webclean:Command"


@pytest.fixture
def http_server(serve_pages, bbc_page):
    """A local HTTP server: the BBC article at /article.html, 404 elsewhere."""
    return serve_pages({"/article.html": bbc_page})


def test_url_shows_the_status_and_refuses_error_pages(http_server, tmp_path):
    import subprocess
    import sys

    def webclean(url):
        return subprocess.run([sys.executable, "-m", "scrapy", "webclean", url, "-s", "LOG_LEVEL=ERROR"],
                              cwd=tmp_path, capture_output=True, text=True, timeout=120)

    ok, missing = webclean(f"{http_server}/article.html"), webclean(f"{http_server}/gone.html")
    assert ok.returncode == 0 and "status: HTTP 200 OK" in ok.stderr and "page type: content" in ok.stderr
    assert len(ok.stdout) > 500
    assert missing.returncode == 1 and missing.stdout == ""
    assert f"webclean: {http_server}/gone.html answered HTTP 404 Not Found: not extracted" in missing.stderr
