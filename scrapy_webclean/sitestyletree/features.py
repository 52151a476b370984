"""What a page node brings to the tree: its visible child runs, its own
text, the content features of that text and its first token; and the marks
that keep a page from being learned twice."""

from __future__ import annotations

import hashlib
import re
from typing import Any, Callable

from .._document import INVISIBLE_TAGS, Document
from .._scripts import CJK, HANGUL

# -- content features ---------------------------------------------------------------

_CJK = CJK + HANGUL
_FEATURE = re.compile(f"([{_CJK}]+)|[^\\W_{_CJK}]+")


def content_features(text: str, into: set[str] | None = None) -> set[str]:
    """The content features of ``text``: pairs of consecutive lower-cased
    words, and for CJK runs their character bigrams; a text of one word (or
    one CJK character) is its own feature.

    Pairs, not single words, because an article shares most of its words
    with the site's other articles but few of its word pairs, while
    template text repeats pair for pair: the CJK bigram is the same idea.

    >>> sorted(content_features("Hello, big World 新闻网"))
    ['big world', 'hello big', '新闻', '闻网']
    >>> sorted(content_features("Home"))
    ['home']
    """
    out = set() if into is None else into
    add = out.add
    prev = None
    words = 0  # words in the current run of words (between CJK runs)
    for m in _FEATURE.finditer(text):
        run = m.group(1)
        if run is None:
            word = m.group().lower()
            if prev is not None:
                add(prev + " " + word)
            prev = word
            words += 1
            continue
        if words == 1 and prev is not None:
            add(prev)  # a single word stands for itself
        prev, words = None, 0
        if len(run) == 1:
            add(run)
        else:
            for k in range(len(run) - 1):
                add(run[k:k + 2])
    if words == 1 and prev is not None:
        add(prev)
    return out


# -- walking a page -------------------------------------------------------------------

SKIPPED = INVISIBLE_TAGS | {""}


def child_runs(doc: Document, i: int, key_of: Callable[[int], Any]) -> tuple[tuple, list[list[int]]]:
    """The visible element children of page node ``i`` with runs collapsed.

    Returns ``(keys, groups)``: the key of each run, in order, and the page
    nodes in each run. Invisible children (scripts, styles, forms...) are
    left out: they carry no text, and their number and place vary.
    """
    keys: list = []
    groups: list[list[int]] = []
    tags, end = doc.tags, doc.end
    j, stop = i + 1, end[i]
    last = None
    while j < stop:
        if tags[j] not in SKIPPED:
            k = key_of(j)
            if groups and k == last:
                groups[-1].append(j)
            else:
                keys.append(k)
                groups.append([j])
                last = k
        j = end[j]
    return tuple(keys), groups


def own_text(doc: Document, i: int) -> str:
    """Text directly inside page node ``i``: its text and its children's tails."""
    texts, tails, end = doc.texts, doc.tails, doc.end
    text = texts[i]
    pieces = [text] if text else []
    j, stop = i + 1, end[i]
    while j < stop:
        t = tails[j]
        if t:
            pieces.append(t)
        j = end[j]
    return " ".join(pieces)


def lead_token(text: str) -> str | None:
    """The first token of ``text``, where a label would stand: its first
    word lower-cased, a run of digits as ``#`` (a date or a count leads
    alike on every page), or the first two characters of a CJK run; None
    when the text has no word.

    >>> lead_token("  Source: Reuters"), lead_token("2015-07-04 来源"), lead_token("本文来源：新华网")
    ('source', '#', '本文')
    """
    m = _FEATURE.search(text)
    if m is None:
        return None
    run = m.group(1)
    if run is not None:
        return run[:2]
    word = m.group().lower()
    return "#" if word.isdigit() else word


def node_features(doc: Document, i: int, text: str | None = None) -> set[str]:
    """The content features of page node ``i`` (``text``: its own text, when
    the caller has it already)."""
    feats: set[str] = set()
    if doc.tags[i] not in INVISIBLE_TAGS:
        if text is None:
            text = own_text(doc, i)
        if text:
            content_features(text, feats)
    if doc.tags[i] == "img":
        attrs = doc.attrs(i)
        src = attrs.get("src") or attrs.get("data-src")
        if src:
            feats.add("img:" + src.strip()[:300])
        alt = attrs.get("alt")
        if alt:
            content_features(alt, feats)
    return feats


def fingerprint(doc: Document) -> str:
    """A hash of the page's visible text, to refuse learning the same page twice."""
    h = hashlib.blake2b(digest_size=8)
    tags, texts, tails = doc.tags, doc.texts, doc.tails
    body = doc.body
    for i in range(body, doc.end[body]):
        t = texts[i]
        if t and tags[i] not in INVISIBLE_TAGS:
            h.update(t.encode("utf-8", "replace"))
        t = tails[i]
        if t and i != body:
            h.update(t.encode("utf-8", "replace"))
    return "c" + h.hexdigest()


def url_hash(url: str) -> str:
    return "u" + hashlib.blake2b(url.encode("utf-8", "replace"), digest_size=8).hexdigest()
