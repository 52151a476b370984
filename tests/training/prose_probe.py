"""Every sentence of the gold texts, alone in a plain article: does ``auto`` keep it?

    python tests/training/prose_probe.py                 # every corpus, the lines left out
    python tests/training/prose_probe.py --corpus site-163,articles-zh -p 2

Each gold line of 60 characters or more (25 when it holds more than ten Chinese characters) that
ends a sentence is set as the third of five paragraphs of a hand-made article (a heading, four
paragraphs of plain prose, a menu above and a copyright footer below: nothing beside the story to
compete with it). A rule that leaves such a line out reads a story's sentence as boilerplate:
the phrase marks (a legal notice, a promotion, a credit, a dateline) are the usual cause. The
script prints how many lines were set and left out, and each one left out with the mark
:func:`~scrapy_webclean.extractors._auto_phrases._piece_mark` gives it (1 legal, 2 dateline,
3 promotion, 4 credit; 0: another rule). Some are boilerplate that a gold text keeps (a wire
story's copyright line, a newsletter's call): read them, do not count them.

Runs are deterministic (lines in corpus and page order).
"""

from __future__ import annotations

import argparse
import html
import re
import sys
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from page_runs import CORPORA  # noqa: E402

import scrapy_webclean  # noqa: E402
from scrapy_webclean._scoring import load_corpus  # noqa: E402
from scrapy_webclean._scripts import HAN  # noqa: E402
from scrapy_webclean.extractors._auto_phrases import _piece_mark  # noqa: E402

#: Lines shorter than this are no sentence of prose (in characters; CJK text: the second figure).
MIN_LINE = (60, 25)
_HAN = re.compile(f"[{HAN}]")
_ENDS = (".", "。", "!", "?", "”", '"', "！", "？")
_FILLER = ("The council met on Tuesday to debate the budget for the coming year, and members argued "
           "for hours about roads. ") * 2
_FILLER_ZH = "市议会周二召开会议，讨论来年的预算，议员们就道路问题争论了好几个小时，最终没有达成一致意见。" * 3


def sentence_lines(gold: str) -> list[tuple[str, bool]]:
    """The lines of ``gold`` that the probe sets: ``(line, is_chinese)``."""
    out = []
    for line in gold.split("\n"):
        line = line.strip()
        chinese = len(_HAN.findall(line)) > 10
        if len(line) >= MIN_LINE[chinese] and line.endswith(_ENDS):
            out.append((line, chinese))
    return out


def article(line: str, chinese: bool) -> bytes:
    """The hand-made article with ``line`` as its third paragraph."""
    filler = f"<p>{_FILLER_ZH if chinese else _FILLER}</p>"
    return (f"<html><head><title>Budget | Town News</title></head><body><nav><a href=/>Home</a> "
            f"<a href=/about>About</a></nav><article><h1>Budget</h1>{filler * 2}<p>{html.escape(line)}</p>"
            f"{filler * 2}</article><footer>© 2024 Town News. All rights reserved. Privacy policy.</footer>"
            "</body></html>").encode()


def kept(line: str, chinese: bool) -> bool:
    """Whether ``auto`` keeps ``line`` set in :func:`article` (white space compared collapsed)."""
    text = scrapy_webclean.extract(article(line, chinese), "https://town.example/news/budget-1").text
    return " ".join(line.split())[:50] in " ".join(text.split())


def _job(item: tuple[str, str, str, bool]) -> tuple[str, str, str] | None:
    corpus, pid, line, chinese = item
    return None if kept(line, chinese) else (corpus, pid, line)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--corpora", type=Path, default=CORPORA)
    ap.add_argument("--corpus", default="", help="comma-separated corpus names (default: all)")
    ap.add_argument("-p", "--processes", type=int, default=2)
    args = ap.parse_args()
    only = [c for c in args.corpus.split(",") if c]
    items = []
    for folder in sorted(p for p in args.corpora.iterdir() if (p / "ground-truth.json").exists()):
        if only and folder.name not in only:
            continue
        for pid, record, _raw in load_corpus(folder):
            items += [(folder.name, pid, line, chinese) for line, chinese in sentence_lines(record["articleBody"])]
    with Pool(args.processes) as pool:
        left_out = [r for r in pool.imap(_job, items, chunksize=50) if r is not None]
    for corpus, pid, line in left_out:
        print(f"{_piece_mark(line, False)}  {corpus}/{pid}  {line[:140]}")
    print(f"{len(items)} lines set, {len(left_out)} left out ({100 * len(left_out) / max(1, len(items)):.2f}%)")


if __name__ == "__main__":
    main()
