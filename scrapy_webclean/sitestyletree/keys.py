"""The presentation key ("Attr") of an element node, and how a tree names its key."""

from __future__ import annotations

import re
from typing import Callable, Mapping

from .._cache import BoundedCache
from .._document import Document

#: Name recorded for the default presentation key.
DEFAULT_KEY_NAME = "default"

AttrKey = Callable[[str, Mapping[str, str]], str]

# -- the presentation key ("Attr") ---------------------------------------------

#: Legacy presentation attributes that are part of a node's style.
PRESENTATION_ATTRS = ("align", "width", "height", "bgcolor", "border", "valign")
_DIGIT = re.compile(r"\d")
_TOKEN_PARTS = re.compile(r"[-_]+")
_LOWER_RUN = re.compile(r"[a-z]{3,}")
_MIXED_CASE = re.compile(r"[a-z][A-Z]|[A-Z][A-Z][a-z]")


def _is_volatile_token(token: str) -> bool:
    """A class token that is per-page or machine-made rather than a style.

    Tokens with digits (``post-1234``, ``ssrcss-1q0x1qg-Paragraph``) and
    hash-like parts (``sc-bdVaJa``: a part of five or more letters in mixed
    case with no run of three lower-case letters) go.
    """
    if _DIGIT.search(token):
        return True
    for part in _TOKEN_PARTS.split(token):
        if len(part) >= 5 and _MIXED_CASE.search(part) and not _LOWER_RUN.search(part):
            return True
    return False


#: The class part of the key per class attribute value: a site's pages repeat
#: a few hundred class strings thousands of times, and splitting, filtering
#: and sorting them was most of the cost of mapping a page onto a tree.
#: Cleared when full, so a crawl of many sites holds at most this many.
_CLASS_PARTS: BoundedCache[str, str] = BoundedCache(1 << 16)


def presentation_key(tag: str, attrs: Mapping[str, str]) -> str:
    """The default "Attr" of an element node (the spec's choice for today's pages).

    Sorted class tokens without digits or hash-like tokens, an id without
    digits, the legacy presentation attributes (align, width, height,
    bgcolor, border, valign) and role. Never href, src, alt, title,
    ``data-*`` or ``aria-*``: those vary with the content, not the style.
    ``tag`` is not used by this key (it is part of the node already) but a
    custom key may use it.

    >>> presentation_key("div", {"class": "story  b-12 main", "id": "x", "href": "/a"})
    '.main.story #x'
    """
    parts: list[str] = []
    cls = attrs.get("class")
    if cls:
        part = _CLASS_PARTS.get(cls)
        if part is None:
            tokens = sorted({t for t in cls.split() if not _is_volatile_token(t)})
            part = _CLASS_PARTS.put(cls, "." + ".".join(tokens) if tokens else "")
        if part:
            parts.append(part)
    ident = attrs.get("id")
    if ident and not _DIGIT.search(ident):
        parts.append("#" + ident.strip())
    for name in PRESENTATION_ATTRS:
        value = attrs.get(name)
        if value is not None:
            parts.append(f"{name}={value.strip().lower()}")
    role = attrs.get("role")
    if role:
        parts.append("role=" + role.strip().lower())
    return " ".join(parts)


#: The attributes :func:`presentation_key` reads.
_KEY_ATTRS = frozenset(("class", "id", "role", *PRESENTATION_ATTRS))
#: Those attributes of an element (name, value pairs in document order) ->
#: its presentation key: most elements of a site's pages repeat a few
#: hundred of them. Cleared when full; long values are not kept (a hostile
#: page's megabyte attributes would stay in memory with the cache).
_SIGNATURE_KEYS: BoundedCache[tuple[tuple[str, str], ...], str] = BoundedCache(1 << 14)
_SIGNATURE_MAX_CHARS = 512


def default_key_function(doc: Document) -> Callable[[int], str]:
    """``i -> presentation_key(tag, attrs)`` for the nodes of ``doc``, without
    building each node's attribute dict: a node is read once, for the few
    attributes the key uses, and their values looked up in a cache."""
    nodes, keys, wanted = doc.nodes, _SIGNATURE_KEYS, _KEY_ATTRS

    def key_of(i: int) -> str:
        sig = tuple([item for item in nodes[i].items() if item[0] in wanted])
        if not sig:
            return ""
        key = keys.get(sig)
        if key is None:
            key = presentation_key("", dict(sig))
            if sum(len(value) for _name, value in sig) <= _SIGNATURE_MAX_CHARS:
                keys.put(sig, key)
        return key

    return key_of


def key_name(fn: AttrKey) -> str:
    if fn is presentation_key:
        return DEFAULT_KEY_NAME
    module = getattr(fn, "__module__", None) or "?"
    name = getattr(fn, "__qualname__", None) or getattr(fn, "__name__", None) or type(fn).__qualname__
    return f"{module}.{name}"

