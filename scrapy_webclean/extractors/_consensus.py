"""``auto``'s safety net: when its body is (next to) nothing, the seed
extractors vote (see ``docs/auto.md``).

Two of them agreeing on a body (sharing most of their text) outvote a pick
that found none (under ``NEAR_EMPTY`` characters, not one sentence: a
dateline, a slogan): the body most agreed on is returned. A pick of a
sentence or two stands: a short article, or a post beside its comments."""

from __future__ import annotations

import re
from collections import Counter

from .._document import Document, nonspace_len
from .._render import Selection
from .._scoring import shingle_f1, shingles
from ._auto_phrases import _SENTENCE_MARKS
from ._auto_words import SHORT_ARTICLE
from .base import Extractor, resolve_options
from .line_block import LineBlockExtractor
from .link_density import LinkDensityExtractor
from .punctuation_path import PunctuationPathExtractor
from .relative_link_density import RelativeLinkDensityExtractor

__all__ = ["NEAR_EMPTY", "consensus", "found_nothing"]

#: Non-space characters under which a body without a sentence is (next to) nothing.
NEAR_EMPTY = 100
#: How much of a text :func:`found_nothing` measures first.
_ENOUGH_SEEN = 4 * NEAR_EMPTY
#: A sentence's end: its mark, a closing quote or bracket, then a space or the end.
_SENTENCE_END = re.compile(f"[{re.escape(''.join(_SENTENCE_MARKS))}]" + r"[\"'”’)]*(?:\s|$)")
#: Shingle F1 from which two bodies agree: they share most of their text.
_AGREE = 0.5
#: The voters: every seed extractor, with its authors' defaults.
_VOTERS: tuple[type[Extractor], ...] = (LineBlockExtractor, LinkDensityExtractor, RelativeLinkDensityExtractor,
                                        PunctuationPathExtractor)


def found_nothing(text: str) -> bool:
    """Whether a body's text is (next to) nothing: short, and not one sentence."""
    # A start of the text holding enough is enough (most bodies: not all of it measured).
    if nonspace_len(text[:_ENOUGH_SEEN]) >= NEAR_EMPTY:
        return False
    return nonspace_len(text) < NEAR_EMPTY and not _SENTENCE_END.search(text)


def consensus(doc: Document) -> Selection | None:
    """The body two or more seed extractors agree on, of at least ``SHORT_ARTICLE``
    non-space characters (the one agreeing best with the others), else None."""
    if doc.measures.text_len[doc.body] < SHORT_ARTICLE:
        return None  # a body the voters keep is the page's text or less: too little to outvote a pick
    votes: list[tuple[Selection, int, Counter]] = []
    for cls in _VOTERS:
        selection = cls().select(doc, resolve_options(cls, {})).selection
        text = selection.text()
        votes.append((selection, nonspace_len(text), shingles(text)))
    best: Selection | None = None
    best_key = (0.0, 0.0)
    for i, (selection, size, sh) in enumerate(votes):
        if size < SHORT_ARTICLE:
            continue
        agreement = [shingle_f1(sh, other[2]) for j, other in enumerate(votes) if j != i]
        key = (max(agreement), sum(agreement))
        if key[0] >= _AGREE and key > best_key:
            best, best_key = selection, key
    return best

