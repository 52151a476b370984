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

__all__ = ["literal_union"]


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
