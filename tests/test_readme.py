"""The README's quick start works as written: its ADDONS line and its spider,
in a fresh project, crawl a local copy of a site into clean items."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import corpus_pages

README = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")


def python_block(containing: str) -> str:
    blocks = re.findall(r"```python\n(.*?)```", README, flags=re.S)
    return next(block for block in blocks if containing in block)


@pytest.fixture
def site(serve_pages):
    """12 BBC articles and an index page linking to them, on 127.0.0.1."""
    pages = {f"/news/{pid}.html": body for pid, _, body in corpus_pages("site-bbc")[:12]}
    index = "".join(f'<li><a href="{path}">Story {n}</a></li>' for n, path in enumerate(pages))
    pages["/blog/"] = f"<html><body><h1>Latest</h1><ul>{index}</ul></body></html>".encode()
    return serve_pages(pages).removeprefix("http://")


@pytest.mark.slow  # a real crawl
def test_quick_start_spider_gives_clean_items(site, tmp_path):
    addons = python_block("ADDONS").strip()
    spider = python_block("class BlogSpider").replace('"example.com"', '"127.0.0.1"').replace(
        "https://example.com/blog/", f"http://{site}/blog/")
    package = tmp_path / "myproject"
    (package / "spiders").mkdir(parents=True)
    (tmp_path / "scrapy.cfg").write_text("[settings]\ndefault = myproject.settings\n")
    (package / "__init__.py").write_text("")
    (package / "settings.py").write_text(f'SPIDER_MODULES = ["myproject.spiders"]\n{addons}\n')
    (package / "spiders" / "__init__.py").write_text(spider)
    done = subprocess.run([sys.executable, "-m", "scrapy", "crawl", "blog", "-O", "articles.jsonl"], cwd=tmp_path,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    items = [json.loads(line) for line in (tmp_path / "articles.jsonl").read_text().splitlines()]
    assert len(items) == 12
    for item in items:
        assert set(item) == {"url", "title", "text", "page_type"} and item["page_type"] == "content"
        assert item["title"] and len(item["text"]) > 200
    assert "ERROR" not in done.stderr
