"""Paragraphs repeated across a crawl's items of one site, dropped after their Nth sighting.

A factbox, a standard disclaimer or a "how to contact us" paragraph that a
site repeats in every story is part of each page's content block, so no
extractor sees it as template on one page. Across the crawl it shows: the
pipeline counts each paragraph (a line of the text, whitespace collapsed,
at least :data:`MIN_CHARS` characters) per site, keeps its first
``max_repeats`` sightings and drops it from every later item.

Memory is bounded: the counts live in one table of at most ``max_entries``
8-byte keys (a hash of the site and the paragraph), the least recently seen
forgotten first; a paragraph forgotten and seen again starts counting anew.
"""

from __future__ import annotations

import hashlib
from collections import OrderedDict

__all__ = ["ParagraphDedup", "MIN_CHARS"]

#: Shorter lines ("Share", "Advertisement") are left to the extractor.
MIN_CHARS = 30


class ParagraphDedup:
    """Per-site paragraph counts over a crawl (see the module doc)."""

    __slots__ = ("max_repeats", "max_entries", "_seen")

    def __init__(self, max_repeats: int, max_entries: int = 200_000) -> None:
        if max_repeats < 1 or max_entries < 1:
            raise ValueError("max_repeats and max_entries must be >= 1")
        self.max_repeats = max_repeats
        self.max_entries = max_entries
        self._seen: OrderedDict[bytes, int] = OrderedDict()

    def __len__(self) -> int:
        return len(self._seen)

    def _sighting(self, key: bytes) -> int:
        seen = self._seen
        count = seen.get(key, 0) + 1
        seen[key] = count
        seen.move_to_end(key)
        if len(seen) > self.max_entries:
            seen.popitem(last=False)
        return count

    def filter(self, site: str | None, text: str) -> tuple[str, int]:
        """``text`` without the paragraphs seen more than ``max_repeats`` times on
        ``site`` (this item counted), and how many lines were dropped."""
        if not text:
            return text, 0
        prefix = (site or "").encode("utf-8", "replace") + b"\x00"
        kept: list[str] = []
        dropped = 0
        seen_here: set[bytes] = set()
        for line in text.split("\n"):
            norm = " ".join(line.split())
            if len(norm) < MIN_CHARS:
                kept.append(line)
                continue
            key = hashlib.blake2b(prefix + norm.encode("utf-8", "replace"), digest_size=8).digest()
            if key in seen_here:  # repeated within the item: one sighting
                kept.append(line)
                continue
            seen_here.add(key)
            if self._sighting(key) > self.max_repeats:
                dropped += 1
            else:
                kept.append(line)
        return ("\n".join(kept), dropped) if dropped else (text, 0)
