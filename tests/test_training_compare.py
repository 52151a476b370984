"""The comparison helpers of the training scripts: splits compared split by split
(``train_arbiter.py --save/--against``) and one page's lines against its gold
(``page_runs.py show``)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent / "training"))
from page_runs import line_diff  # noqa: E402
from train_arbiter import paired, split_scores  # noqa: E402


def test_split_scores_give_each_corpus_its_f1_and_their_mean():
    rows = [{"corpus": "a"}, {"corpus": "a"}, {"corpus": "b"}]
    oof = [[1.0, 0.0, 0.0], [0.5, 0.5, 0.0], [0.0, 1.0, 1.0]]  # (tp, fp, fn) shares of each page
    scores = split_scores(rows, oof)
    # corpus a: precision (1 + 0.5) / 2, recall 1; corpus b: nothing right
    assert scores["a"] == 2 * 0.75 * 1.0 / 1.75
    assert scores["b"] == 0.0
    assert scores["mean"] == scores["a"] / 2


def test_paired_splits_are_compared_split_by_split():
    before = [{"x": 0.90, "mean": 0.90}, {"x": 0.80, "mean": 0.80}, {"x": 0.70, "mean": 0.70}]
    after = [{"x": 0.91, "mean": 0.91}, {"x": 0.79, "mean": 0.79}, {"x": 0.70, "mean": 0.70}]
    lines = paired(before, after)
    assert lines[0] == "3 paired splits: mean +0.00000, 1 up, 1 down"
    assert lines[1].split() == ["x", "0.8000", "->", "0.8000", "(+0.0000)"]
    # the shorter run sets how many splits are paired
    assert paired(before, after[:1])[0] == "1 paired splits: mean +0.01000, 1 up, 0 down"
    assert paired([], after) == ["no splits in common"]


def test_a_page_is_read_line_by_line_against_its_gold():
    gold = "Headline\nThe council met on  Tuesday.\nIt argued about the bridge."
    text = "The council met on Tuesday.\nRelated stories\n\nIt argued about the bridge."
    missed, extra = line_diff(gold, text)
    assert missed == ["Headline"]
    assert extra == ["Related stories"]
    assert line_diff(gold, gold) == ([], [])
    # Read by their words, as the scorer reads them: bullets and quotes aside (a number is a word).
    assert line_diff("- “Quoted” item one.\n• Item two", '"Quoted" item one\nItem two.') == ([], [])
    assert line_diff("The Council meets", "the council meets.") == ([], [])  # (case aside)
    assert line_diff(gold, "") == (["Headline", "The council met on Tuesday.", "It argued about the bridge."], [])
