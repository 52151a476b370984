"""Stories split in two: ``page_runs.py --probe split`` moves the second half of each story's
paragraphs (a story of four or more, found as :mod:`short_probe` finds them) out of their container
into a copy of it (same tag, same attributes) set right after it, with an advertisement slot between
the two (``split-plain``: the slot and both containers without class or id). The gold text is
unchanged.

Templates split a story around an advertisement, a newsletter box or a video; the second container
is the story's as much as the first.
"""

from __future__ import annotations

import lxml.html

from short_probe import parsed_story

#: The containers split (not ``<body>``, nor a table's cell: a template's story wrapper).
_CONTAINERS = frozenset({"div", "section", "article"})
#: The probes, by whether the slot and the second container keep their class and id names.
SPLIT_PROBES = {"split": True, "split-plain": False}


def split(raw: bytes, charset: str | None, gold: str, named: bool) -> bytes | None:
    """The page (as UTF-8) with its story's second half in a container of its own; None where the
    story has under :data:`short_probe.MIN_PARAGRAPHS` paragraphs or its halves do not share a parent."""
    story = parsed_story(raw, charset, gold)
    if story is None:
        return None
    root, found = story[0], [p for p, _ in story[1]]
    middle = found[len(found) // 2]
    parent = middle.getparent()
    if parent is None or parent.tag not in _CONTAINERS or found[-1].getparent() is not parent:
        return None
    if not named:
        for name in ("class", "id"):
            parent.attrib.pop(name, None)
    copy = parent.makeelement(parent.tag, dict(parent.attrib))
    slot = parent.makeelement("div", {"class": "ad-slot"} if named else {})
    label = slot.makeelement("span", {})
    label.text = "Advertisement"
    slot.append(label)
    slot.append(slot.makeelement("iframe", {"src": "about:blank", "width": "300", "height": "250"}))
    moved = list(parent)[parent.index(middle):]
    parent.addnext(slot)
    slot.addnext(copy)
    for el in moved:
        copy.append(el)  # (each element's tail moves with it)
    return lxml.html.tostring(root, encoding="utf-8")
