"""Out of view by attribute or class: what the ``hidden`` attribute and a hiding class mean on a
page, beside what style sheets hide (:data:`._parse.HIDDEN_STYLE`). See docs/auto.md."""

from __future__ import annotations

import re
from typing import Any

#: A streamed React segment's number after "S:" (hexadecimal: "S:1e").
_SEGMENT = re.compile(r"[0-9a-f]+")
#: Roles of a panel folded until a reader opens it (a tab's, an accordion's): text of the page.
_SHOWN_ROLES = frozenset({"tabpanel", "region"})


def folded(el: Any) -> bool:
    """Whether hidden element ``el`` is a panel a reader opens (text of the page, not out of view):
    right after its toggle (a ``<button>``, or an element with ``aria-expanded``/``aria-controls``)."""
    prev = el.getprevious()
    while prev is not None and not isinstance(prev.tag, str):
        prev = prev.getprevious()
    return prev is not None and (prev.tag == "button" or prev.get("aria-expanded") is not None
                                 or prev.get("aria-controls") is not None)


def hidden_attribute(el: Any) -> bool:
    """Whether ``el``'s ``hidden`` attribute keeps it out of view: not a panel a reader opens (its
    role, ``hidden="until-found"``, :func:`folded`), nor a streamed React page's part parked until a
    script moves it into place (``<div hidden id="S:1e">``)."""
    h = el.get(b"hidden")
    if h is None or h == "until-found" or el.get(b"role") in _SHOWN_ROLES:
        return False
    ident = el.get(b"id")
    return not (ident and ident[:2] == "S:" and _SEGMENT.fullmatch(ident, 2)) and not folded(el)


#: Classes that hide an element (Tailwind's and Bootstrap 3's "hidden", Bootstrap's "d-none",
#: Bulma's "is-hidden"), and those that show it again from a screen width up.
_HIDDEN_CLASSES = frozenset({"hidden", "d-none", "is-hidden"})
_SHOWN_AT = re.compile(r"(?:^|\s)(?:[\w-]+:)+(?:block|flex|grid|inline|inline-block|inline-flex|table|contents)(?:$|\s)"
                       r"|(?:^|\s)d-(?:sm|md|lg|xl|xxl)-(?:block|flex|inline|inline-block|grid|table)(?:$|\s)")


def class_hidden(cls: str) -> bool:
    """Whether class attribute ``cls`` hides its element on every screen: a hiding class (see
    :data:`_HIDDEN_CLASSES`) and none that shows it from some width up (``md:block``, ``d-lg-flex``)."""
    return not _HIDDEN_CLASSES.isdisjoint(cls.split()) and _SHOWN_AT.search(cls) is None


def class_hides(cls: str | None, el: Any) -> bool:
    """Whether element ``el``'s class attribute ``cls`` keeps it out of view: a hiding class
    (:func:`class_hidden`), unless it is a panel a reader opens (:func:`folded`)."""
    return cls is not None and class_hidden(cls) and not folded(el)
