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

__all__ = ["literal_union", "anchors"]


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
