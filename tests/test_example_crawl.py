"""The README's main command: ``scrapy crawl news -O articles.jsonl`` on the bundled sites."""

from __future__ import annotations

import collections
import json
import os
import re
import statistics
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # a real crawl

ROOT = Path(__file__).resolve().parent.parent


def crawl(tmp_path, feed, *settings):
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    args = [arg for setting in settings for arg in ("-s", setting)]
    proc = subprocess.run([sys.executable, "-m", "scrapy", "crawl", "news", "-O", str(feed),
                           "-s", f"WEBCLEAN_SST_DIR={tmp_path / 'sst'}", "-s", "LOG_LEVEL=INFO", *args],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return proc, [json.loads(line) for line in feed.read_text(encoding="utf-8").splitlines()]


def test_news_crawl_writes_clean_articles(tmp_path):
    proc, items = crawl(tmp_path, tmp_path / "articles.jsonl")
    assert len(items) >= 20
    assert all(item["url"] and item["title"] for item in items)
    assert statistics.median(len(item["text"]) for item in items) >= 500
    assert {item["url"].split("/")[2] for item in items} == {"www.bbc.com", "money.163.com"}
    # A template line (navigation, footer) would be in (nearly) every article
    # of its site; in-article lines shared by a few related stories may repeat.
    seen = collections.Counter(line for item in items
                               for line in {x.strip() for x in item["text"].splitlines() if x.strip()})
    assert max(seen.values()) <= 6, seen.most_common(3)
    stats = dict(re.findall(r"'(webclean/[^']+)': ([0-9.]+)", proc.stderr))
    assert stats["webclean/sst/domains_learned"] == "2"
    assert int(stats["webclean/items/extracted"]) == len(items)
    assert sorted(p.name for p in (tmp_path / "sst").iterdir()) == ["money.163.com.sst", "www.bbc.com.sst"]
    # The spider follows the links the tagging workers listed
    # (WEBCLEAN_LINKS); parsing each page itself instead, it crawls the same
    # pages. (Both with the saved trees: a page may be tagged differently
    # with its site's tree than before it.)
    first, warm = crawl(tmp_path, tmp_path / "warm.jsonl")
    second, parsed = crawl(tmp_path, tmp_path / "parsed.jsonl", "WEBCLEAN_LINKS=False")
    assert sorted(item["url"] for item in parsed) == sorted(item["url"] for item in warm)
    responses = re.compile(r"'response_received_count': (\d+)")
    assert responses.findall(first.stderr) == responses.findall(second.stderr) == responses.findall(proc.stderr)
