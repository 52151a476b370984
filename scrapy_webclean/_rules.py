"""Site rules: XPath expressions a user gives for a site the generic extractors get wrong.

A rules dict (``extract(rules=...)``, ``WEBCLEAN_SITE_RULES`` per domain,
``meta["webclean"]["rules"]`` per request) takes these keys, each optional::

    {"body": "//div[@id='story']",                  # the body: these elements, no extractor runs
     "drop": ["//div[contains(@class, 'promo')]"],  # never content: for the extractor and the rules
     "title": "//h1", "author": "//a[@rel='author']", "date": "//time/@datetime"}

An expression that matches nothing on a page leaves that part to the extractor
(and to the page's own metadata), so one site's rules survive a page that differs.
See ``docs/rules.md``.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from lxml import etree

from ._deadline import check_deadline
from ._document import Document, union_mask
from ._meta_date import parse_date
from ._render import NodeSelection
from ._walk import flagged, merge_subtrees
from .errors import InvalidOptionError, WebcleanError

__all__ = ["RULE_KEYS", "Rules", "compile_rules", "rules_for_host", "apply_drop", "body_selection", "rule_fields"]

#: The keys a rules dict takes.
RULE_KEYS = ("body", "drop", "title", "author", "date")
#: The keys whose expression gives a metadata field's text.
FIELD_KEYS = ("title", "author", "date")


@dataclass(frozen=True, slots=True)
class Rules:
    """A rules dict, checked and compiled (see the module's docstring). Two are equal when their
    expressions are (``source``); a pickled one is compiled again from them (for a worker process)."""

    body: etree.XPath | None = field(default=None, compare=False)
    drop: tuple[etree.XPath, ...] = field(default=(), compare=False)
    title: etree.XPath | None = field(default=None, compare=False)
    author: etree.XPath | None = field(default=None, compare=False)
    date: etree.XPath | None = field(default=None, compare=False)
    #: The expressions compiled, as ``(key, expression)`` pairs (``drop``: a tuple of them). Kept, not
    #: derived from the XPaths' ``.path``: it also records an empty ``drop`` given, which equality
    #: (the crawl's plan reuse) and pickling tell apart from none.
    source: tuple[tuple[str, Any], ...] = ()

    def __reduce__(self) -> tuple[Any, ...]:
        return compile_rules, (dict(self.source),)


def _xpath(expr: Any, label: str, error: type[WebcleanError]) -> etree.XPath:
    if not isinstance(expr, str) or not expr.strip():
        raise error(f"{label}={expr!r} is invalid: an XPath expression (a non-empty string)")
    try:
        return _compiled(expr)
    except etree.XPathEvalError as exc:  # compiles, but fails on any page: an unknown variable, function or prefix
        raise error(f"{label}={expr!r} is invalid: it cannot be evaluated ({exc})") from None
    except (etree.XPathSyntaxError, ValueError) as exc:  # (ValueError: NUL or a lone surrogate in it)
        raise error(f"{label}={expr!r} is invalid: not an XPath expression ({exc})") from None


#: A page to try each expression on once: what fails here fails everywhere.
_PROBE = etree.fromstring("<html><head><title>t</title></head><body><div><p>x</p></div></body></html>")


@lru_cache(maxsize=512)  # a crawl's few rules, compiled once per process
def _compiled(expr: str) -> etree.XPath:
    xpath = etree.XPath(expr)
    xpath(_PROBE)
    return xpath


def compile_rules(value: Any, name: str = "rules", error: type[WebcleanError] = InvalidOptionError) -> Rules | None:
    """``value`` (a rules dict, or ``None``) checked and compiled; ``None`` when it sets no rule.
    :class:`Rules` (compiled already) are returned as they are.

    Raises ``error`` naming ``name``, the key and what is allowed."""
    if value is None or isinstance(value, Rules):
        return value
    if not isinstance(value, Mapping):
        raise error(f"{name}={value!r} is invalid: a dict with keys " + ", ".join(RULE_KEYS))
    for key in value:
        if key not in RULE_KEYS:
            close = difflib.get_close_matches(str(key), RULE_KEYS, n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            raise error(f"{name} has an unknown key {key!r}{hint}; keys are " + ", ".join(RULE_KEYS))
    fields: dict[str, Any] = {}
    source: list[tuple[str, Any]] = []
    for key in ("body", *FIELD_KEYS):
        if value.get(key) is not None:
            fields[key] = _xpath(value[key], f"{name}[{key!r}]", error)
            source.append((key, value[key]))
    drop = value.get("drop")
    if drop is not None:
        exprs = [drop] if isinstance(drop, str) else drop
        if not isinstance(exprs, Sequence) or isinstance(exprs, (bytes, bytearray)):
            raise error(f"{name}['drop']={drop!r} is invalid: an XPath expression or a list of them")
        fields["drop"] = tuple(_xpath(e, f"{name}['drop']", error) for e in exprs)
        source.append(("drop", tuple(exprs)))
    return Rules(**fields, source=tuple(source)) if fields else None


def check_site_rules(value: Any, name: str, error: type[WebcleanError]) -> dict[str, dict[str, Any]]:
    """``{domain: rules dict}`` checked (every rules dict compiles), domains lower-cased."""
    if not isinstance(value, Mapping):
        raise error(f"{name}={value!r} is invalid: a dict of {{domain: rules dict}}")
    out: dict[str, dict[str, Any]] = {}
    for domain, rules in value.items():
        host = str(domain).strip().lower().strip(".")
        try:
            host = host.encode("idna").decode("ascii")  # as a URL's host reads: bücher.de is xn--bcher-kva.de
        except UnicodeError:
            host = ""
        if not host or any(c in host for c in "/:*@ ") or host in out:
            what = "given twice" if host in out else "a host name such as 'example.com' (no scheme, port or *)"
            raise error(f"{name} has an invalid domain {domain!r}: {what}")
        compile_rules(rules, f"{name}[{domain!r}]", error)
        out[host] = dict(rules or {})  # None or {}: no rules (a subdomain may switch off its parent's)
    return out


def rules_for_host(host: str | None, site_rules: Mapping[str, dict[str, Any]]) -> dict[str, Any] | None:
    """The rules dict of the most specific domain of ``site_rules`` that ``host`` (a URL's host name,
    lower case: a page source's ``site``) is or lies under."""
    if not site_rules or not host:
        return None
    while host:
        if host in site_rules:
            return site_rules[host]
        host = host.partition(".")[2]
    return None


def _index(doc: Document) -> dict[Any, int]:
    """Node numbers by element (``doc.nodes`` keeps every element's proxy alive, so identity holds),
    built once per parse: a drop rule's view shares it."""
    index = doc.parse_memo.get("rules_node_index")
    if index is None:
        index = doc.parse_memo["rules_node_index"] = {el: i for i, el in enumerate(doc.nodes)}
    return index


def _matched(doc: Document, xpath: etree.XPath) -> list[int]:
    """The node numbers of the elements ``xpath`` selects, in document order, each once."""
    try:
        found = xpath(doc.root)
    except etree.XPathError:  # fails on this page only (compile_rules tried each expression once)
        return []
    if not isinstance(found, list):
        return []
    index = _index(doc)
    return sorted({index[el] for el in found if isinstance(el, etree._Element) and el in index})


def _hidden(doc: Document) -> bytearray:
    """The nodes out of view: excluded (invisible tags, removed subtrees), with everything inside them
    (found once per document view, for the body rule and the field rules both)."""
    hidden = doc.memo.get("_rules_hidden")
    if hidden is None:
        hidden = doc.memo["_rules_hidden"] = doc.subtree_mask(flagged(doc.measures.excluded))
    return hidden


def apply_drop(doc: Document, rules: Rules) -> Document:
    """``doc`` without what the ``drop`` expressions select (a view: see :meth:`Document.with_removed`)."""
    if not rules.drop or doc.is_empty:
        return doc
    found = [i for xpath in rules.drop for i in _matched(doc, xpath)]
    if not found:
        return doc
    mask = doc.subtree_mask(found)
    return doc.with_removed(mask if doc.removed is None else union_mask(doc.removed, mask))


def body_selection(doc: Document, rules: Rules) -> NodeSelection | None:
    """The elements the ``body`` expression selects (those in view), as one selection; ``None`` when it
    selects none. Several elements are kept in page order, and nothing else of their lowest common
    ancestor: not its other children, nor the loose text around them."""
    if rules.body is None or doc.is_empty:
        return None
    end = doc.end
    hidden = _hidden(doc)
    tops: list[int] = []
    for i in _matched(doc, rules.body):
        if not hidden[i] and not (tops and i < end[tops[-1]]):
            tops.append(i)
    if not tops:
        return None
    excluded = doc.measures.excluded
    if len(tops) == 1:
        return NodeSelection(doc, tops[0], excluded=excluded)
    drop = bytearray(len(doc))
    root = merge_subtrees(doc, tops[0], tops[1:], drop)
    return NodeSelection(doc, root, drop, excluded=excluded, drop_pieces=_loose_pieces(doc, root, tops))


def _loose_pieces(doc: Document, root: int, tops: list[int]) -> set[tuple[int, bool]]:
    """The loose text beside the matches ``tops`` under their common ancestor ``root``, as
    ``(node, is_tail)`` pieces: the own text of each ancestor of a match, and its children's tails."""
    parent = doc.parent
    ancestors = {root}
    for t in tops:
        a = parent[t]
        while a not in ancestors:
            ancestors.add(a)
            a = parent[a]
    pieces: set[tuple[int, bool]] = set()
    for a in ancestors:
        check_deadline()
        pieces.add((a, False))
        pieces.update((c, True) for c in doc.children(a))
    return pieces


def _text_of(found: Any, doc: Document, hidden: bytearray) -> str:
    """The first non-empty text of an XPath result (an element's visible text, an attribute, a string)
    that does not lie out of view or in what ``drop`` removed."""
    items: Iterable[Any] = found if isinstance(found, list) else [found]
    index = _index(doc)
    for item in items:
        if isinstance(item, etree._Element):
            i = index.get(item)
            if i is None or hidden[i]:
                continue
            text = NodeSelection(doc, i, excluded=doc.measures.excluded).text()  # as the body renders it
        elif isinstance(item, (str, bytes, int, float)) and not isinstance(item, bool):
            owner = item.getparent() if isinstance(item, etree._ElementUnicodeResult) else None
            if owner is not None and owner in index and hidden[index[owner]]:
                continue
            text = item.decode("utf-8", "replace") if isinstance(item, bytes) else str(item)
        else:
            continue
        text = " ".join(text.split())
        if text:
            return text
    return ""


def rule_fields(doc: Document, rules: Rules) -> dict[str, Any]:
    """``title``, ``author`` (and ``authors``) and ``date`` (``YYYY-MM-DD``) as the rules' expressions
    read them, out of view and dropped parts aside; a field whose expression finds nothing (or no date)
    is left out."""
    out: dict[str, Any] = {}
    if doc.is_empty or not (rules.title or rules.author or rules.date):
        return out
    hidden = _hidden(doc)
    for key in FIELD_KEYS:
        xpath = getattr(rules, key)
        if xpath is None:
            continue
        try:
            text = _text_of(xpath(doc.root), doc, hidden)
        except etree.XPathError:
            continue
        if key == "date":
            text = parse_date(text, doc.memo.get("reference_date")) or ""
        if text:
            out[key] = text
    if "author" in out:
        out["authors"] = [out["author"]]
    return out
