"""Pages in a language no rule knows: ``page_runs.py --probe cipher`` replaces every Latin letter
of the page's text (and of its gold text) by another, by one fixed substitution (ROT13), keeping
case, digits, punctuation, white space, markup, class and id names, and scripts and styles, but for
the text fields of JSON-LD (``articleBody``, ``headline``, ...), enciphered as the page's text is.

Words keep their lengths and the page its shape, but no word of any phrase list (copyright,
"posted by", "read more", month names) is spelled any more: the run shows what the page's
structure alone gives, as on a site in a language whose boilerplate the rules never read.
Chinese text is left as it is.
"""

from __future__ import annotations

import json
from typing import Any

import lxml.html

from scrapy_webclean._document import parse

_ROT13 = str.maketrans(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz",
    "NOPQRSTUVWXYZABCDEFGHIJKLMnopqrstuvwxyzabcdefghijklm",
)
#: Elements whose content is not the page's text.
_CODE = frozenset({"script", "style", "template"})


def cipher(text: str) -> str:
    return text.translate(_ROT13)


#: JSON-LD's fields that hold the page's text.
_LD_TEXT = frozenset({"articleBody", "text", "headline", "alternativeHeadline", "name", "description",
                      "abstract", "caption"})


def _ld_enciphered(value: Any) -> Any:
    if isinstance(value, list):
        return [_ld_enciphered(v) for v in value]
    if isinstance(value, dict):
        return {k: cipher(v) if k in _LD_TEXT and isinstance(v, str) else _ld_enciphered(v)
                for k, v in value.items()}
    return value


def _ld_script(text: str) -> str:
    try:
        return json.dumps(_ld_enciphered(json.loads(text)), ensure_ascii=False)
    except ValueError:
        return text


def encipher_tree(root: Any) -> None:
    """Every Latin letter of the text under ``root`` enciphered in place (see the module's docstring)."""
    for el in root.iter():
        if el.text and isinstance(el.tag, str) and el.tag not in _CODE:
            el.text = cipher(el.text)
        elif el.text and el.tag == "script" and "ld+json" in (el.get("type") or ""):
            el.text = _ld_script(el.text)
        if el.tail:
            el.tail = cipher(el.tail)


def enciphered(raw: bytes, charset: str | None, gold: str) -> tuple[bytes, str]:
    """The page (as UTF-8) and its gold text with every Latin letter of their text enciphered."""
    root = parse(raw, encoding=charset).root
    if root is None:
        return raw, cipher(gold)
    encipher_tree(root)
    return lxml.html.tostring(root, encoding="utf-8"), cipher(gold)
