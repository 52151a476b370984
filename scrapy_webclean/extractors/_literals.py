"""One regular expression for a set of literal strings, as a trie.

An alternation of many literals makes the regular expression engine try
each of them at every position; the same strings as a trie (common
prefixes merged) try one character class per position, which is what
makes a single search for "any of these words" cheaper than testing each
word in turn.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

__all__ = ["literal_union", "anchors", "by_first_letter", "KeywordSets"]


def literal_union(words: Iterable[str]) -> re.Pattern[str]:
    """A pattern that matches where any of ``words`` occurs (case as given; none: nowhere). The
    pattern nests a group per character of the longest word: for words, not texts."""
    trie: dict[str, dict] = {}
    for word in words:
        node = trie
        for ch in word:
            node = node.setdefault(ch, {})
        node[""] = {}
    return re.compile(_pattern(trie) if trie else "(?!)")


def _pattern(node: dict[str, dict]) -> str:
    """The pattern of a trie node: its branches in sorted order, optional where a word ends here."""
    branches = [re.escape(ch) + _pattern(child) for ch, child in sorted(node.items()) if ch]
    if not branches:
        return ""
    body = branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
    return f"(?:{body})?" if "" in node else body


#: Lower-case English text's characters, the most frequent first (any other character is rarer).
_FREQUENT = " etaoinsrhldcumfpgwybvkxjqz"
#: The fewest characters of an anchor (or the whole word, when shorter).
_ANCHOR_CHARS = 4


def anchors(words: Iterable[str]) -> list[str]:
    """A piece of each word (its end from its rarest character on, of at
    least four characters and half the word) to look for first: a text that
    holds none of them holds none of the words. A search of their union is
    tried at fewer places (where a rare character is) than one of the words'."""
    out = []
    for word in words:
        last = max(0, len(word) - max(_ANCHOR_CHARS, (len(word) + 1) // 2))
        start = max(range(last + 1), key=lambda i: (_rarity(word[i]), -i))
        out.append(word[start:])
    return out


def _rarity(ch: str) -> int:
    return _FREQUENT.find(ch) if ch in _FREQUENT else len(_FREQUENT)


def by_first_letter(pattern: str) -> str:
    """``pattern`` with the alternatives of its top-level alternation that open with a letter
    or digit (not repeated) grouped under it: "cookie policy|copyright|..." as
    "c(?:ookie policy|opyright)|...". The same strings match, but the regex engine tries
    a few branches at each place, not every phrase; the alternatives' order changes, so
    only for a pattern whose matches are tested, not read (or named groups' order kept)."""
    groups: dict[str, list[str]] = {}
    others: list[str] = []
    for alternative in _top_level(pattern):
        if alternative[:1].isalnum() and alternative[1:2] not in ("?", "*", "+", "{"):
            groups.setdefault(alternative[0], []).append(alternative[1:])
        else:
            others.append(alternative)
    grouped = [c + rests[0] if len(rests) == 1 else f"{c}(?:{'|'.join(rests)})" for c, rests in groups.items()]
    return "|".join(grouped + others)


def _top_level(pattern: str) -> list[str]:
    """The alternatives of ``pattern``'s top-level alternation (escapes, classes and groups read whole)."""
    out: list[str] = []
    depth, start, i, n = 0, 0, 0, len(pattern)
    while i < n:
        ch = pattern[i]
        if ch == "\\":
            i += 2
            continue
        if ch == "[":  # a class: to its closing "]" (one first, or after "^", is a member)
            i += 2 if pattern.startswith("[^", i) else 1
            i += 1 if pattern[i:i + 1] == "]" else 0
            while pattern[i] != "]":
                i += 2 if pattern[i] == "\\" else 1
        elif ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        elif ch == "|" and depth == 0:
            out.append(pattern[start:i])
            start = i + 1
        i += 1
    out.append(pattern[start:])
    return out


class KeywordSets:
    """Which of some sets of keywords occur in a text: the union of their :func:`anchors` searched once
    for each place one occurs (not once for every keyword of every set), and only the keywords whose
    anchors occur there tested. The longest anchor found at a place holds every other found there
    as its prefix, so those are tested too."""

    def __init__(self, *sets: Iterable[str]) -> None:
        words = [(i, w) for i, found in enumerate(sets) for w in found]
        marks = anchors(w for _, w in words)
        self._count = len(sets)
        self._union = literal_union(marks)
        #: For each anchor, the (set, keyword) pairs whose anchors it begins with.
        self._at = {a: [pair for pair, b in zip(words, marks) if a.startswith(b)] for a in set(marks)}

    def found(self, text: str) -> list[bool]:
        """For each set, whether one of its keywords occurs in ``text`` (case as given)."""
        hits = [False] * self._count
        search, at = self._union.search, self._at
        place = search(text)
        while place is not None:
            for i, word in at[place.group()]:
                if not hits[i] and word in text:
                    hits[i] = True
            place = search(text, place.start() + 1)
        return hits
