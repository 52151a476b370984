"""``tests/benchmarks/side_by_side.py``: another checkout's package imported beside this one, and
every memo table of a package found and emptied (what its ``--cold`` runs rely on). No timing here."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent / "benchmarks"))
import side_by_side  # noqa: E402

import scrapy_webclean  # noqa: E402
from scrapy_webclean import _links, _parse  # noqa: E402
from scrapy_webclean.extractors import _auto_phrases, _auto_words, _propagation_names  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
PAGE = (b"<html><head><title>Council votes</title></head><body><nav class='site-nav'><a href='/'>Home</a></nav>"
        b"<article class='story-body'><h1>Council votes</h1>" + b"<p>The council met on Tuesday and voted on the "
        b"bridge, which needs repairs before winter.</p>" * 5 + b"<p class='credit'>Photo: AP</p></article>"
        b"<footer>Copyright 2024 Town News. All rights reserved.</footer></body></html>")


def test_every_memo_table_is_found_and_emptied() -> None:
    scrapy_webclean.extract(PAGE, "https://example.com/news/council-votes")
    tables = (_auto_phrases._PIECES_SEEN, _auto_words._FURNITURE_SEEN, _parse._TAG_NAMES, _links._JOINED,
              *_propagation_names._RULED_OUT.values())
    assert all(tables[:3]) and tables[-1] is not None
    lru = _propagation_names._cached_unlikely
    assert lru.cache_info().currsize > 0
    for empty in side_by_side.memo_clearers(scrapy_webclean):
        empty()
    assert not any(tables) and lru.cache_info().currsize == 0


def test_another_checkout_is_imported_under_its_own_name_and_extracts_alike(tmp_path: Path) -> None:
    old = side_by_side.load_old(ROOT, "scrapy_webclean_side", tmp_path)
    assert old is not scrapy_webclean and old.__name__ == "scrapy_webclean_side"
    assert Path(old.__file__).parent != Path(scrapy_webclean.__file__).parent
    url = "https://example.com/news/council-votes"
    assert old.extract(PAGE, url).text == scrapy_webclean.extract(PAGE, url).text
    clearers = side_by_side.memo_clearers(old)  # (the copy's own tables, none of this package's)
    assert clearers and all(empty.__self__.__module__.startswith("scrapy_webclean_side.") for empty in clearers)
