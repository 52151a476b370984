"""Per-request control: ``meta["webclean"]``.

One dict per request, in the manner of scrapy-zyte-api's request meta keys;
every key is honoured or the page's item fails with a clear error (never
silently ignored)::

    yield scrapy.Request(url, meta={"webclean": {
        "extractor": "line_block",            # instead of WEBCLEAN_EXTRACTOR
        "options": {"block_size": 4},         # that extractor's options
        "fields": ["title", "markdown"],      # instead of WEBCLEAN_FIELDS
        "skip": False,                        # True: neither tagged, extracted nor sampled
        "rules": {"body": "//article"},       # XPath rules, over WEBCLEAN_SITE_RULES' for the site
    }})

The older keys still work: ``dont_webclean`` (as ``skip``) and
``webclean_extractor`` (as ``extractor``; the dict wins when both are set).
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .extractors import get_extractor, resolve_options
from ._rules import compile_rules, rules_for_host
from .errors import InvalidMetaError, WebcleanError
from .settings import crawl_extractors, invalid, parse_fields

if TYPE_CHECKING:
    from collections.abc import Mapping

    from .settings import WebcleanConfig

__all__ = ["META_KEYS", "PagePlan", "extract_options", "page_plan", "skips"]

#: The keys ``meta["webclean"]`` takes.
META_KEYS = ("extractor", "options", "fields", "skip", "rules")


@dataclass(frozen=True, slots=True)
class PagePlan:
    """What the pipeline runs on one page and which item fields it fills."""

    extractor: str
    options: dict[str, Any]  # what extract() takes besides the page: the rules compiled (see extract_options)
    fields: dict[str, str]  # source name -> item field name


def skips(meta: Mapping[str, Any]) -> bool:
    """Whether a request asks to be left alone (``dont_webclean`` or ``skip``)."""
    webclean = meta.get("webclean")
    return bool(meta.get("dont_webclean")) or (isinstance(webclean, dict) and webclean.get("skip") is True)


def _label(key: str) -> str:
    return f"meta['webclean'][{key!r}]"


def _check_keys(webclean: Any) -> dict[str, Any]:
    if webclean is None:
        return {}
    if not isinstance(webclean, dict):
        raise invalid("meta['webclean']", webclean, "a dict with keys " + ", ".join(META_KEYS), InvalidMetaError)
    for key in webclean:
        if key not in META_KEYS:
            close = difflib.get_close_matches(str(key), META_KEYS, n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            raise InvalidMetaError(f"meta['webclean'] has an unknown key {key!r}{hint}; keys are "
                                   + ", ".join(META_KEYS))
    if not isinstance(webclean.get("skip", False), bool):
        raise invalid(_label("skip"), webclean["skip"], "True or False", InvalidMetaError)
    return webclean


def page_plan(config: WebcleanConfig, webclean: Any = None, extractor: Any = None, host: str | None = None) -> PagePlan:
    """The plan of a page from its request's ``meta["webclean"]`` (and the
    older ``webclean_extractor``, passed as ``extractor``) over ``config``;
    the options are :func:`extract_options`'s.

    Raises :class:`~scrapy_webclean.errors.InvalidMetaError` naming the key,
    its value and what is allowed.
    """
    given = _check_keys(webclean)
    label = _label("extractor") if "extractor" in given else "meta['webclean_extractor']"
    name = given.get("extractor", extractor)
    if name is None:
        name = config.extractor
    elif name not in crawl_extractors():
        raise invalid(label, name, "one of " + ", ".join(crawl_extractors()), InvalidMetaError)
    if "options" in given:
        if not isinstance(given["options"], dict):
            raise invalid(_label("options"), given["options"], f"a dict of {name}'s options", InvalidMetaError)
        try:
            resolve_options(get_extractor(name), {**_configured(config, name), **given["options"]})
        except WebcleanError as exc:
            raise invalid(_label("options"), given["options"], str(exc), InvalidMetaError) from None
    fields = config.fields
    if "fields" in given:
        fields = parse_fields(given["fields"], _label("fields"), InvalidMetaError)
    if "rules" in given:
        compile_rules(given["rules"], _label("rules"), InvalidMetaError)
    return PagePlan(name, extract_options(config, name, host, given), fields)


def _configured(config: WebcleanConfig, name: str) -> Mapping[str, Any]:
    """The configured options: they belong to the configured extractor."""
    return config.extractor_options if name == config.extractor else {}


def extract_options(config: WebcleanConfig, name: str, host: str | None,
                    given: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """What :func:`~scrapy_webclean.extract` takes besides the page, for a page of ``host`` run with
    extractor ``name``: ``config``'s options for it with the request's over them, the render flags,
    and the site's rules (``WEBCLEAN_SITE_RULES``) with the request's over them, compiled.
    ``given``: the request's ``meta["webclean"]``, checked (see :func:`page_plan`)."""
    given = given or {}
    options = {**_configured(config, name), **given.get("options", {})}
    rules = rules_for_host(host, config.site_rules)
    if "rules" in given:
        # None: no rules for this page; a dict: its keys over the site's (a key set to None unsets it).
        rules = None if given["rules"] is None else {**(rules or {}), **given["rules"]}
    compiled = compile_rules(rules)  # both parts are checked already
    return {**options, **config.render, **({"rules": compiled} if compiled is not None else {})}
