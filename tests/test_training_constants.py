"""``constants_cv.py``: a constant patched where it is read, and its value chosen out of fold by site."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent / "training"))
import constants_cv  # noqa: E402
from constants_cv import CONSTANTS, Constant, judge, patch, run_name, shipped  # noqa: E402

from scrapy_webclean.extractors import _auto_blocks, _auto_phrases  # noqa: E402

_EXT = "scrapy_webclean.extractors."


def test_a_constant_is_patched_in_every_module_that_reads_it_and_restored():
    promo = CONSTANTS["promo_limit"]
    before = shipped(promo)
    assert before == _auto_phrases._MARK_LIMIT[3] == _auto_blocks._MARK_LIMIT[3]
    patch(promo, 123)
    try:
        assert _auto_phrases._MARK_LIMIT[3] == _auto_blocks._MARK_LIMIT[3] == 123
        assert _auto_blocks._MARK_LIMIT[1] == 1000  # (the tuple's other elements stay)
    finally:
        patch(promo, before)
    assert _auto_blocks._MARK_LIMIT[3] == before


def test_every_constant_names_bindings_that_exist_and_tries_its_shipped_value():
    import importlib

    for name, c in CONSTANTS.items():
        assert shipped(c) in c.values, name
        values = []
        for binding in c.bindings:  # (a missing one would be created by the patch, not patched)
            module, attr = binding.split(":")
            value = getattr(importlib.import_module(module), attr)
            values.append(value if c.index is None else value[c.index])
        assert values == [shipped(c)] * len(values), name
        assert len(set(c.values)) == len(c.values) >= 3, name


def _page(tp: float) -> dict:
    return {"counts": [tp, 1.0 - tp, 0.0]}


def _write_runs(tmp_path: Path, monkeypatch, scores: dict[int, dict[str, float]], sites: dict[str, str]) -> None:
    """Runs of a constant named "fake" (shipped 30, tried 99): ``scores[value][page]`` the page's precision."""
    monkeypatch.setattr(constants_cv.page_runs, "RUNS", tmp_path)
    monkeypatch.setitem(CONSTANTS, "fake", Constant((_EXT + "_auto_blocks:_MENU_ANCHOR",), (30, 99)))
    for value, pages in scores.items():
        label = run_name("fake", value, "") if value != 30 else run_name("", None, "")
        run = {k: _page(p) | {"site": sites[k]} for k, p in pages.items()}
        (tmp_path / f"{label}.json").write_text(json.dumps({"pages": run}))


def _pages(n_sites: int) -> dict[str, str]:
    return {f"{'ab'[s % 2]}/page-{s}-{i}": f"site{s}.example" for s in range(n_sites) for i in range(3)}


def test_a_value_better_on_every_site_is_chosen_in_every_fold(tmp_path, monkeypatch):
    sites = _pages(20)
    _write_runs(tmp_path, monkeypatch, {30: {k: 0.8 for k in sites}, 99: {k: 0.9 for k in sites}}, sites)
    line = judge("fake", 3, "")
    assert "in-sample best 99" in line
    assert "(3 up, 0 down)" in line and "chosen 99: 15" in line


def test_a_value_that_only_one_site_favours_loses_out_of_fold(tmp_path, monkeypatch):
    # 99 lifts one site's pages a lot and costs every other site a little: best in-sample, a loss on
    # the sites it was not chosen on (the one site held out keeps the shipped value, which scores worse).
    sites = _pages(20)
    favoured = {k for k, s in sites.items() if s == "site0.example"}
    better = {k: (1.0 if k in favoured else 0.79) for k in sites}
    base = {k: (0.2 if k in favoured else 0.8) for k in sites}
    _write_runs(tmp_path, monkeypatch, {30: base, 99: better}, sites)
    line = judge("fake", 3, "")
    assert "in-sample best 99" in line
    in_sample = float(line.split("in-sample best 99")[1].split()[0])
    out_of_fold = float(line.split("out of fold ")[1].split()[0])
    assert in_sample > 0 > out_of_fold


@pytest.mark.parametrize("probe, label", [("", "const-fake=99"), ("names", "const-fake=99-names")])
def test_runs_are_named_by_constant_value_and_probe(probe, label):
    assert run_name("fake", 99, probe) == label
    assert run_name("", None, probe) == ("const-base" + (f"-{probe}" if probe else ""))
