"""Shared fixtures: hand-made pages and the shared gold corpora."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
PAGES = HERE / "pages"
CORPORA = HERE.parent.parent / "shared" / "corpora"


def corpus_pages(name: str):
    """``(id, record, body)`` for every page of a shared corpus (skip when absent)."""
    folder = CORPORA / name
    if not (folder / "ground-truth.json").exists():
        pytest.skip(f"shared corpus {name} not found beside the project")
    gt = json.loads((folder / "ground-truth.json").read_text(encoding="utf-8"))
    return [(pid, gt[pid], gzip.decompress((folder / "pages" / f"{pid}.html.gz").read_bytes())) for pid in sorted(gt)]


@pytest.fixture
def bbc_page() -> bytes:
    return (PAGES / "bbc-article.html").read_bytes()


@pytest.fixture
def netease_page() -> bytes:
    return (PAGES / "163-article-gbk.html").read_bytes()
