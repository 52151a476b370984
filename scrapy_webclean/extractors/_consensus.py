"""``auto``'s safety net: when its body is (next to) nothing, or a headline
alone, the seed extractors vote (see ``docs/auto.md``).

Two of them agreeing on a body (sharing most of their text) outvote a pick
that found none (under ``NEAR_EMPTY`` characters, not one sentence: a
dateline, a slogan): the body most agreed on is returned. A pick of a
sentence or two stands: a short article, or a post beside its comments."""

from __future__ import annotations

import re
from collections import Counter

from .._deadline import CHECK_EVERY, check_deadline
from .._document import Document, nonspace_len
from .._render import NodeSelection, Selection, kept_mask
from .._scoring import shingle_f1, shingles
from ._auto_phrases import _SENTENCE_MARKS
from ._auto_words import SHORT_ARTICLE
from .base import Extractor, resolve_options
from .line_block import LineBlockExtractor
from .link_density import LinkDensityExtractor
from .punctuation_path import PunctuationPathExtractor
from .relative_link_density import RelativeLinkDensityExtractor

__all__ = ["NEAR_EMPTY", "consensus", "found_nothing", "lone_headline", "put_to_vote"]

#: Non-space characters under which a body without a sentence is (next to) nothing.
NEAR_EMPTY = 100
#: How much of a text :func:`found_nothing` measures first.
_ENOUGH_SEEN = 4 * NEAR_EMPTY
#: A sentence's end: its mark, a closing quote or bracket, then a space or the end.
_SENTENCE_END = re.compile(f"[{re.escape(''.join(_SENTENCE_MARKS))}]" + r"[\"'”’)]*(?:\s|$)")
#: Shingle F1 from which two bodies agree: they share most of their text.
_AGREE = 0.5
#: The tags that set a line as a headline.
_HEADLINE_TAGS = frozenset(("h1", "h2", "h3", "h4", "h5", "h6", "b", "strong"))
#: The voters: every seed extractor, with its authors' defaults.
_VOTERS: tuple[type[Extractor], ...] = (LineBlockExtractor, LinkDensityExtractor, RelativeLinkDensityExtractor,
                                        PunctuationPathExtractor)


def found_nothing(text: str) -> bool:
    """Whether a body's text is (next to) nothing: short, and not one sentence."""
    # A start of the text holding enough is enough (most bodies: not all of it measured).
    if nonspace_len(text[:_ENOUGH_SEEN]) >= NEAR_EMPTY:
        return False
    return nonspace_len(text) < NEAR_EMPTY and not _SENTENCE_END.search(text)


def lone_headline(doc: Document, selection: NodeSelection) -> bool:
    """Whether a pick's text is one line ending no sentence, under ``SHORT_ARTICLE`` non-space
    characters, set as a headline (each text it renders in ``h1``-``h6``, ``b`` or ``strong``): the
    title over a body the pick did not find."""
    text = selection.text().strip()
    if not text or "\n" in text or nonspace_len(text[:_ENOUGH_SEEN]) >= SHORT_ARTICLE or _SENTENCE_END.search(text):
        return False
    root, tags, parent, end = selection.root, doc.tags, doc.parent, doc.end
    kept, own = kept_mask(doc, root, selection.skip_mask()), doc.own_len
    set_as = bytearray(end[root] - root)  # 1 for a node in a headline's tag, from the root down
    for i in range(root, end[root]):
        if not i & CHECK_EVERY:
            check_deadline()
        set_as[i - root] = tags[i] in _HEADLINE_TAGS or (i > root and set_as[parent[i] - root])
        if kept[i] and own[i] and not set_as[i - root]:
            return False
    return True


def put_to_vote(doc: Document, selection: Selection) -> bool:
    """Whether ``auto``'s body ``selection`` is put to the seeds' vote: it is (next to) nothing, or a
    headline alone."""
    return found_nothing(selection.text()) or (isinstance(selection, NodeSelection) and lone_headline(doc, selection))


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

