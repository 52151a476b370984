"""One regular expression for a set of literal strings, as a trie.

An alternation of many literals makes the regular expression engine try
each of them at every position; the same strings as a trie (common
prefixes merged) try one character class per position, which is what
makes a single search for "any of these words" cheaper than testing each
word in turn.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

__all__ = ["literal_union", "anchors", "by_first_letter", "alternatives", "PhraseIndex"]


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
    start = 0
    for i, ch, depth in _structure(pattern):
        if ch == "|" and depth == 0:
            out.append(pattern[start:i])
            start = i + 1
    out.append(pattern[start:])
    return out


def _one_group(pattern: str) -> bool:
    """Whether the parenthesis ``pattern`` opens with closes at its end."""
    for i, ch, depth in _structure(pattern):
        if ch == ")" and depth == 0:
            return i == len(pattern) - 1
    return False


def _structure(pattern: str) -> Iterator[tuple[int, str, int]]:
    """Each place of ``pattern`` outside its escapes and character classes (a class is one place, at
    its closing "]"): where, the character, and the depth of groups after it."""
    depth, i, n = 0, 0, len(pattern)
    while i < n:
        ch = pattern[i]
        if ch == "\\":
            i += 2
            continue
        if ch == "[":
            i = _class_end(pattern, i)
        elif ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        yield i, ch, depth
        i += 1


def _class_end(pattern: str, i: int) -> int:
    """Where the character class opened at ``i`` closes (a "]" first, or after "^", is a member)."""
    i += 2 if pattern.startswith("[^", i) else 1
    i += 1 if pattern[i:i + 1] == "]" else 0
    while pattern[i] != "]":
        i += 2 if pattern[i] == "\\" else 1
    return i


def alternatives(pattern: str) -> list[str]:
    """The alternatives of ``pattern``'s top-level alternation, in order, with the groups
    :func:`by_first_letter` makes opened ("c(?:ookie policy|opyright)": "cookie policy", "copyright")."""
    out: list[str] = []
    for alternative in _top_level(pattern):
        head, rest = alternative[:1], alternative[1:]
        if head.isalnum() and rest.startswith("(?:") and _one_group(rest):
            out.extend(head + inner for inner in _top_level(rest[3:-1]))
        else:
            out.append(alternative)
    return out


class PhraseIndex:
    """Sets of phrases, each a regular expression of :func:`alternatives`, searched where their keywords
    are. Every string an alternative matches holds one of its set's keywords (in lower case;
    ``tests/test_phrase_keywords.py`` walks them): an alternative that spells some out is tried only in
    a text holding one of those, the others in a text holding any keyword of their set. The keywords
    are found by their :func:`anchors`: the anchors' union searched from each place one occurs, and
    the keywords whose anchors occur there tested (the longest anchor found at a place holds every
    other found there as its prefix). One search of a whole set, in any case, tries each alternative
    that opens with no letter at every place of a text (some 0.4 µs a character); the few alternatives
    a text may hold, tried one by one, find what it would."""

    def __init__(self, *sets: tuple[re.Pattern[str], Iterable[str]]) -> None:
        self._alternatives: list[tuple[str, int, int]] = []  # (pattern, flags, set), in the sets' order
        opens: dict[str, list[int]] = {}  # by keyword, the alternatives it lets be tried (of every set holding it)
        for number, (regex, keywords) in enumerate(sets):
            keywords = tuple(keywords)
            unspelled: list[int] = []
            for alternative in alternatives(regex.pattern):
                a = len(self._alternatives)
                self._alternatives.append((alternative, regex.flags, number))
                low = alternative.lower()
                spelled = [word for word in keywords if word in low]
                for word in spelled:
                    opens.setdefault(word, []).append(a)
                if not spelled:
                    unspelled.append(a)
            for word in keywords:
                opens.setdefault(word, []).extend(unspelled)
        words = list(opens)
        marks = anchors(words)
        self._union = literal_union(marks)
        #: For each anchor, the keywords whose anchors it begins with, and the alternatives each lets be tried.
        self._at = {m: [(w, tuple(sorted(set(opens[w])))) for w, b in zip(words, marks) if m.startswith(b)]
                    for m in set(marks)}
        self._compiled: list[re.Pattern[str] | None] = [None] * len(self._alternatives)

    def candidates(self, low: str) -> list[int]:
        """The alternatives (by number, in order) that may match a text whose lower case is ``low``."""
        search, at = self._union.search, self._at
        place = search(low)
        if place is None:
            return []  # (most texts: no anchor at all)
        found: set[int] = set()
        tested: set[str] = set()
        while place is not None:
            for word, opened in at[place.group()]:
                if word not in tested:
                    tested.add(word)
                    if word in low:
                        found.update(opened)
            place = search(low, place.start() + 1)
        return sorted(found)

    def set_of(self, a: int) -> int:
        """The set alternative ``a`` belongs to (by number, in the order given)."""
        return self._alternatives[a][2]

    def leftmost(self, text: str, candidates: list[int]) -> int:
        """The set of the leftmost match of ``candidates`` in ``text`` (the earliest alternative at a
        place winning, as in one search of the sets' union), or -1 for none."""
        best, where = -1, len(text) + 1
        for a in candidates:
            found = self._regex(a).search(text)
            if found is not None and found.start() < where:
                best, where = self._alternatives[a][2], found.start()
        return best

    def within(self, text: str, candidates: list[int], start: int, stop: int) -> bool:
        """Whether one of ``candidates`` matches in ``text`` between ``start`` and ``stop`` (``search``'s
        ``pos`` and ``endpos``)."""
        return any(self._regex(a).search(text, start, stop) is not None for a in candidates)

    def _regex(self, a: int) -> re.Pattern[str]:
        regex = self._compiled[a]
        if regex is None:  # (compiled when first tried: most never are)
            pattern, flags, _ = self._alternatives[a]
            regex = self._compiled[a] = re.compile(pattern, flags)
        return regex
