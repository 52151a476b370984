"""Article segments for the propagation pick (:mod:`._propagation`), as
readability-lxml 0.9 merges them: a story split over several elements of
one tag and one content class (``<div class="entry-content">`` around an
advertisement, the posts of a blog's front page), each scored on its own,
of which the best alone would be only a part.

The other segments are the scored elements, outside the best one's parent,
of the best one's tag and sharing a positive class name with it (or, inside
an ``<article>``, all its class names when none is positive), that score at
least the siblings' threshold (5% of the best score in the second case) at
a link density of 0.2 or less. They are looked for inside the best one's
``<article>`` or ``<main>``, else inside its nearest ancestor whose
class/id is positive and that holds one.
"""

from __future__ import annotations

from .._document import Document, Measures
from ._propagation_names import positive_name

__all__ = ["segments"]

_FRAMES = frozenset({"article", "main"})


def _classes(doc: Document, i: int) -> frozenset[str]:
    read = doc.class_id_style(i)
    return frozenset((read[0] or "").split()) if read is not None else frozenset()


def segments(doc: Document, m: Measures, score: dict[int, float], best: int, top: float) -> list[int]:
    """The other segments of ``best``'s story (node numbers, in document order; see the module)."""
    tags, parent, end = doc.tags, doc.parent, doc.end
    best_classes = _classes(doc, best)
    content = frozenset(c for c in best_classes if positive_name(c))
    frame = parent[best]
    while frame >= 0 and tags[frame] not in _FRAMES:
        frame = parent[frame]
    neutral = not content and tags[best] != "article" and bool(best_classes) and frame >= 0 \
        and tags[frame] == "article"
    if not content and tags[best] != "article" and not neutral:
        return []
    threshold = max(10.0, (0.05 if neutral else 0.2) * top)
    best_parent = parent[best]
    parent_classes = _classes(doc, best_parent) if best_parent >= 0 else frozenset()
    text_len, link_len = m.text_len, m.link_len

    def matches(e: int) -> bool:
        if e == best or e not in score or tags[e] != tags[best] or parent[e] == best_parent:
            return False
        classless_article = not content and tags[e] == "article"
        if score[e] < threshold and not classless_article:
            return False
        names = _classes(doc, e)
        if content and not content & names:
            return False
        if neutral and names != best_classes:
            return False
        if classless_article and not parent_classes & _classes(doc, parent[e]):
            return False
        if link_len[e] > 0.2 * text_len[e]:
            return False
        return not (e <= best < end[e] or best <= e < end[best])

    candidates = sorted(e for e in score if matches(e))
    if not candidates:
        return []
    if frame < 0:
        frame = parent[best]
        while frame >= 0 and not (_positive_node(doc, frame)
                                  and any(frame < e < end[frame] for e in candidates)):
            frame = parent[frame]
        if frame < 0:
            return []
    out: list[int] = []
    for e in candidates:
        if frame < e < end[frame] and not (out and e < end[out[-1]]):
            out.append(e)
    return out


def _positive_node(doc: Document, i: int) -> bool:
    read = doc.class_id_style(i)
    return read is not None and positive_name(f"{read[0] or ''} {read[1] or ''}")
