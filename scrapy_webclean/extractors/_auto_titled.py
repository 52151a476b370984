"""The story the page's title heads, when the block pick's root lies apart from it or holds other
stories beside it (see :func:`titled_instead`)."""

from __future__ import annotations

import re

from .._document import Document
from .._walk import subtree_text, tag_positions
from ._auto_title_lines import _HEADED_LEVELS, _title_headings
from ._auto_mark import _Marks
from ._auto_segments import headed_copy
from ._auto_words import _HEADINGS, SHORT_ARTICLE, _box_label

#: A region under the page's title heading worth this share of the chosen root is the story beside it
#: (see :func:`titled_instead`).
_TITLED_SHARE = 0.5
#: A blog's own profile label, the whole text of the heading over its author box ("About Me"), beside the
#: author boxes' labels (:func:`._auto_words._box_label`): a root it heads yields to the region under the
#: title whatever their values.
_ABOUT_ME = re.compile(r"\W*(?:about me|über mich|à propos de moi|sobre mí|chi sono|sobre mim|over mij)\W*",
                       re.IGNORECASE)
#: How far before the root its profile's label is looked for, in elements (a picture, a name between).
_PROFILE_SPAN = 8


def titled_instead(doc: Document, marks: _Marks, pos: list[float], neg: list[float], root: int,
                   title: str | None) -> int:
    """``root``, or the region the page's title heads when ``root`` lies apart from it and the
    region holds prose and half of ``root``'s net value: the story under its headline, however
    short (a one-sentence brief), not a box beside it of about its size (a blog's profile, a
    notice, a comment form's notes). The region is the best of the title headings' ancestors (up
    to three levels above each); the headings read as the title found for the page (``title``),
    else as its ``<title>`` (a blog's metadata may take the blog's name, whose heading heads the
    blog's own description; and a blog's ``<title>`` holds its name beside the post's, whose
    heading comes first).
    A root holding that region and other ``<article>`` elements yields to the article the title heads
    (:func:`_titled_article`), when it holds a short article's prose."""
    end = doc.end
    worth = pos[root] - neg[root]
    if worth <= 0:
        return root
    found = _title_headings(doc, title)
    others = [h for h in _title_headings(doc, doc.title) if h not in found] if doc.title != title else []
    headings = sorted(found + others)
    if any(root <= h < end[root] for h in headings):
        story = _titled_article(doc, headings, root)
        if story < 0:
            story = _titled_copy(doc, headings, root, pos)
        return story if story >= 0 and pos[story] >= SHORT_ARTICLE else root
    best, best_worth = _headed_region(doc, marks, pos, neg, found)
    if best < 0:
        best, best_worth = _headed_region(doc, marks, pos, neg, others)
    if best < 0 or best <= root < end[best] or root <= best < end[root]:
        return root
    return best if best_worth >= _TITLED_SHARE * worth or _profile(doc, root) else root


def _profile(doc: Document, root: int) -> bool:
    """Whether a heading in the few elements before ``root``, over the section that holds it, is a
    profile's label (:func:`_profile_label`): the root is an author's biography."""
    tags, parent, end = doc.tags, doc.parent, doc.end
    for h in range(max(doc.body + 1, root - _PROFILE_SPAN), root):
        if tags[h] in _HEADINGS and end[h] <= root < end[parent[h]] and end[h] - h <= _PROFILE_SPAN \
                and _profile_label(subtree_text(doc, h)):
            return True
    return False


def _profile_label(text: str) -> bool:
    """Whether ``text`` is an author box's label ("About the author") or a blog's "About me"."""
    return _box_label(text) == 1 or _ABOUT_ME.fullmatch(text) is not None


def _headed_region(doc: Document, marks: _Marks, pos: list[float], neg: list[float],
                   headings: list[int]) -> tuple[int, float]:
    """The best of ``headings``' ancestors (up to three levels above each, outside furniture) that
    holds prose, and its net value; (-1, 0) for none."""
    parent, dead, named = doc.parent, marks.dead, marks.named
    best, best_worth = -1, 0.0
    for h in headings:
        if dead[h] or named[h]:
            continue
        a = parent[h]
        for _ in range(_HEADED_LEVELS):
            if a <= doc.body or dead[a] or named[a]:
                break
            if pos[a] - neg[a] > best_worth and pos[a] > 0:
                best, best_worth = a, pos[a] - neg[a]
            a = parent[a]
    return best, best_worth


def _titled_article(doc: Document, headings: list[int], root: int) -> int:
    """The ``<article>`` inside ``root`` that a title heading is in, when ``root`` holds other
    articles beside it (the next story a page appends, teaser cards), else -1."""
    tags, parent, end = doc.tags, doc.parent, doc.end
    articles = tag_positions(doc, "article", root + 1, end[root])
    if len(articles) < 2:
        return -1
    for h in headings:
        a = parent[h]
        while a > root and tags[a] != "article":
            a = parent[a]
        if a > root and any(b >= end[a] or b < a for b in articles):
            return a
    return -1


def _titled_copy(doc: Document, headings: list[int], root: int, pos: list[float]) -> int:
    """The unit inside ``root`` that its first title heading is in, when the next other ``<h1>``
    opens a copy of the unit (its tag and name: :func:`~._auto_segments.headed_copy`) and the unit
    holds half of ``root``'s prose beside the copy: the next story a page appends in the same
    template; else -1."""
    end = doc.end
    h = next((h for h in headings if root < h < end[root]), -1)
    titles = set(headings)
    o = next((x for x in tag_positions(doc, "h1", h + 1, end[root]) if x not in titles), -1) if h > 0 else -1
    if o < 0:
        return -1
    unit, copy = headed_copy(doc, h, o, root)
    return unit if unit >= 0 and pos[unit] >= _TITLED_SHARE * (pos[root] - pos[copy]) else -1
