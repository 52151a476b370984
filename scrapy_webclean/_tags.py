"""Sets of HTML tag names that several modules read (a leaf module: it imports nothing of ours)."""

from __future__ import annotations

#: The heading elements.
HEADINGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})
