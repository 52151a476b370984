"""Default values of every ``WEBCLEAN_*`` setting, and their validation.

The defaults are declared here, in one place, in alphabetical order (the
``*_ENABLED`` flag first in its group), the way Scrapy's own
``default_settings.py`` does. :class:`~scrapy_webclean.addon.Addon` copies
them into the crawl's settings at add-on priority, so a value the user set in
``settings.py``, a spider's ``custom_settings`` or ``-s`` always wins.

Components never read these constants directly: they call
:func:`webclean_config` on ``crawler.settings``, which reads every setting
with Scrapy's typed getters and raises
:class:`~scrapy_webclean.errors.InvalidSettingError` naming the setting that
is invalid (which stops the crawl: ``NotConfigured`` would only leave the
component out). ``_startup`` reports it and warns about unknown names.
"""

from __future__ import annotations

import importlib
import json
import os
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ._language import language_targets
from ._rules import check_site_rules
from .extractors import available_extractors, get_extractor, resolve_options
from .errors import InvalidSettingError, WebcleanError

if TYPE_CHECKING:
    from scrapy.settings import BaseSettings

WEBCLEAN_ENABLED = True
WEBCLEAN_DEDUP_MAX_ENTRIES = 200_000
WEBCLEAN_DEDUP_REPEATS = 0
WEBCLEAN_DROP_FAILED = False
WEBCLEAN_ERROR_FIELD = "webclean_error"
WEBCLEAN_EXTRACT_HUBS = False
WEBCLEAN_EXTRACTOR = "auto"
WEBCLEAN_EXTRACTOR_MODULES: list[str] = []
WEBCLEAN_EXTRACTOR_OPTIONS: dict[str, Any] = {}
WEBCLEAN_FIELDS = ["title", "text", "page_type"]
WEBCLEAN_INCLUDE_FORMATTING = True
WEBCLEAN_INCLUDE_IMAGES = True
WEBCLEAN_INCLUDE_LINKS = True
WEBCLEAN_INCLUDE_TABLES = True
WEBCLEAN_LINKS = False
WEBCLEAN_OTHER_LANGUAGE = "drop"
WEBCLEAN_TARGET_LANGUAGE: list[str] = []
WEBCLEAN_MAXSIZE = 10 * 1024 * 1024
WEBCLEAN_OVERWRITE = False
# Seconds a crawler process's hold on the requests it took from a shared
# scrapy-redis queue lasts without renewal (scrapy_webclean.redisqueue).
WEBCLEAN_QUEUE_LEASE = 30.0

WEBCLEAN_SITE_RULES: dict[str, Any] = {}
WEBCLEAN_SST_ENABLED = True
WEBCLEAN_SST_DIR = "webclean-sst"
# Seconds a learner's lock on a site's tree lasts without renewal (shared mode).
WEBCLEAN_SST_LOCK_TIMEOUT = 10.0
WEBCLEAN_SST_MAX_DOMAINS = 200
WEBCLEAN_SST_MIN_PAGES = 10
# Where trees live: "" (files, or scrapy-redis's REDIS_URL when set), "files", or a redis:// URL.
WEBCLEAN_SST_STORE = ""
WEBCLEAN_SST_WAIT = 30.0


def _usable_cpus() -> int:
    """CPUs this process may run on: its affinity (taskset, a container's
    cpuset), not the host's count. A CPU quota (``docker --cpus``) is not
    seen: set ``WEBCLEAN_WORKERS`` there."""
    count = getattr(os, "process_cpu_count", None)  # Python 3.13+
    if count is not None:
        return count() or 1
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0)) or 1
    return os.cpu_count() or 1


WEBCLEAN_TIMEOUT = 10.0
# One worker per core, up to four: the reactor process mostly waits on the
# network (measured: about a third of a core for a 20 pages/s crawl), and a
# worker idle for lack of pages costs nothing. Worker processes need POSIX
# (they are handed a socket at start): on Windows extraction runs inline.
# The cores counted are those this process may run on (see _usable_cpus).
WEBCLEAN_WORKERS = 0 if os.name == "nt" else min(4, _usable_cpus())
# Above 0, workers run at a lower CPU priority than the crawl: when cores
# are short the reactor (downloads, the spider, the feed) goes first and
# extraction takes what is left. Off by default: on a machine busy with
# other work, niced workers wait behind all of it, and the crawl's items
# with them.
WEBCLEAN_WORKERS_NICENESS = 0
# Megabytes of resident memory past which a worker process is replaced by a
# fresh one after its job (0: never). One huge page can take a worker to a
# gigabyte, and the allocator keeps that peak for the rest of the crawl; a
# worker holding its trees and a few parsed pages stays near 200 MB.
WEBCLEAN_WORKERS_MAX_RSS = 512

#: Every setting this package defines, name -> default.
DEFAULTS: dict[str, Any] = {name: value for name, value in globals().items() if name.startswith("WEBCLEAN_")}

#: What an item field can be filled with (the names ``WEBCLEAN_FIELDS`` accepts).
#: ``error`` is not listed: failures go to ``WEBCLEAN_ERROR_FIELD``.
RESULT_FIELDS = ("title", "text", "html", "markdown", "links", "extractor", "author", "authors", "date", "language",
                 "canonical_url", "image", "description", "sitename", "comments", "comment_items", "encoding")
PAGE_FIELDS = ("url", "page_type", "page_score")
FIELD_SOURCES = RESULT_FIELDS + PAGE_FIELDS


@dataclass(frozen=True, slots=True, kw_only=True)
class WebcleanConfig:
    """The validated ``WEBCLEAN_*`` settings of one crawl (see the README)."""

    enabled: bool
    drop_failed: bool
    error_field: str
    extract_hubs: bool
    extractor: str
    extractor_options: dict[str, Any]
    fields: dict[str, str]  # source name -> item field name
    render: dict[str, bool]  # extract()'s include_* flags that are off
    target_languages: frozenset[str]  # empty: any language
    dedup_repeats: int  # 0: off
    dedup_max_entries: int
    other_language: str  # "drop" or "mark"
    links: bool
    maxsize: int
    overwrite: bool
    site_rules: dict[str, dict[str, Any]]  # domain -> rules dict (scrapy_webclean._rules)
    queue_lease: float  # seconds (scrapy_webclean.redisqueue)
    sst_enabled: bool
    sst_dir: str
    sst_lock_timeout: float
    sst_max_domains: int
    sst_min_pages: int
    sst_store: str | None  # Redis URL of the shared mode, None for files
    sst_wait: float
    timeout: float
    workers: int
    workers_niceness: int
    workers_max_rss: int


#: What each typed getter accepts, for the error message.
_ALLOWED = {
    "getbool": "True or False (also 1/0, 'true'/'false')",
    "getint": "an integer",
    "getfloat": "a number",
    "getdict": "a dict, or its JSON",
}


def invalid(name: str, value: Any, allowed: str, error: type[WebcleanError] = InvalidSettingError) -> WebcleanError:
    """The one-line error for a bad setting: name, value, what is allowed."""
    return error(f"{name}={value!r} is invalid: {allowed}")


def _get(settings: BaseSettings, name: str, getter: str) -> Any:
    # Scrapy's typed getters raise ValueError/TypeError on a bad value.
    try:
        return getattr(settings, getter)(name, DEFAULTS[name])
    except (ValueError, TypeError):
        raise invalid(name, settings.get(name), _ALLOWED[getter]) from None


def _at_least(settings: BaseSettings, name: str, getter: str, minimum: float) -> Any:
    value = _get(settings, name, getter)
    if value < minimum:
        raise invalid(name, settings.get(name), f"{_ALLOWED[getter]} >= {minimum}")
    return value


def _decoded(raw: Any, name: str, allowed: str, error: type[WebcleanError]) -> Any:
    """A list or dict setting as given, or from its text forms: the JSON of a list or dict
    (``-s NAME='["a", "b"]'``, as Scrapy's ``getdict`` reads JSON) or ``"a,b"`` (as ``getlist``)."""
    if not isinstance(raw, str):
        return raw
    if raw.strip()[:1] in ("[", "{"):
        try:
            return json.loads(raw)
        except ValueError:
            raise invalid(name, raw, f"{allowed}; this is not valid JSON", error) from None
    return [s.strip() for s in raw.split(",") if s.strip()]


def parse_fields(raw: Any, name: str = "WEBCLEAN_FIELDS",
                 error: type[WebcleanError] = InvalidSettingError) -> dict[str, str]:
    """``{source: item field}`` from what ``WEBCLEAN_FIELDS`` accepts: a list,
    a dict, ``"a,b"`` (as Scrapy's ``getlist``) or the JSON of a list or dict."""
    given = raw
    raw = _decoded(raw, name, "a list of field names or a dict", error)
    if isinstance(raw, (list, tuple)):
        mapping = {str(field): str(field) for field in raw}
    elif hasattr(raw, "items"):
        mapping = {str(k): str(v) for k, v in dict(raw).items()}
    else:
        raise invalid(name, given, "a list of field names or a dict {source: item_field}", error)
    unknown = sorted(set(mapping) - set(FIELD_SOURCES))
    if unknown:
        raise invalid(name, given, f"unknown field(s) {', '.join(unknown)}; fields are {', '.join(FIELD_SOURCES)}",
                      error)
    return mapping


def crawl_extractors() -> list[str]:
    """Extractors a crawl can run on every page: all but ``sst``, which needs
    a tree for every page (in a crawl every extractor already runs on pages
    cleaned by their site's tree, once it is learned)."""
    return [name for name in available_extractors() if name != "sst"]


def _import_extractor_modules(settings: BaseSettings) -> None:
    """Import the modules ``WEBCLEAN_EXTRACTOR_MODULES`` names (their extractors
    register themselves). A module that fails to import stops the crawl, with
    the import's own error."""
    given = settings.get("WEBCLEAN_EXTRACTOR_MODULES") or []
    raw = _decoded(given, "WEBCLEAN_EXTRACTOR_MODULES", "a list of module names", InvalidSettingError)
    if not isinstance(raw, (list, tuple)) or not all(isinstance(m, str) for m in raw):
        raise invalid("WEBCLEAN_EXTRACTOR_MODULES", given, "a list of module names")
    for name in (m.strip() for m in raw if m.strip()):
        try:
            importlib.import_module(name)
        except Exception as exc:  # the module's own error, whatever it is, named in one line
            raise invalid("WEBCLEAN_EXTRACTOR_MODULES", given,
                          f"importing {name!r} failed: {type(exc).__name__}: {exc}") from None


def _extractor(settings: BaseSettings) -> tuple[str, dict[str, Any]]:
    _import_extractor_modules(settings)
    extractor = settings.get("WEBCLEAN_EXTRACTOR", WEBCLEAN_EXTRACTOR)
    if extractor not in crawl_extractors():
        note = " (sst needs a learned tree for every page: any other extractor runs on the page cleaned" \
               " by its site's tree)" if extractor == "sst" else ""
        raise invalid("WEBCLEAN_EXTRACTOR", extractor, "one of " + ", ".join(crawl_extractors()) + note)
    options = _get(settings, "WEBCLEAN_EXTRACTOR_OPTIONS", "getdict")
    try:
        resolve_options(get_extractor(extractor), options)
    except WebcleanError as exc:
        raise invalid("WEBCLEAN_EXTRACTOR_OPTIONS", options, str(exc)) from None
    return extractor, dict(options)


def max_workers() -> int:
    """More worker processes than this only add memory and contention: the
    work is CPU-bound. ``WEBCLEAN_WORKERS`` above it is capped (with a warning)."""
    return 2 * _usable_cpus()


def _above_zero(settings: BaseSettings, name: str) -> float:
    value = _get(settings, name, "getfloat")
    if not value > 0:
        raise invalid(name, settings.get(name), "a number of seconds > 0")
    return value


def _store(settings: BaseSettings) -> str | None:
    """The Redis URL of ``WEBCLEAN_SST_STORE`` (or ``REDIS_URL``), ``None`` for files."""
    from ._treestore import store_url

    value = settings.get("WEBCLEAN_SST_STORE")
    try:
        url = store_url(str(value or ""), settings.get("REDIS_URL"))
    except ValueError:
        raise invalid("WEBCLEAN_SST_STORE", value, "'files', a redis://, rediss:// or unix:// URL, or empty "
                      "(REDIS_URL when set, else files)") from None
    if url is not None:
        try:
            import redis  # noqa: F401
        except ImportError:
            raise invalid("WEBCLEAN_SST_STORE", value or url, "sharing trees through Redis needs the redis "
                          "client: pip install 'scrapy-webclean[redis]'") from None
    return url


def webclean_config(settings: BaseSettings) -> WebcleanConfig:
    """Read and validate every ``WEBCLEAN_*`` setting.

    Raises :class:`~scrapy_webclean.errors.InvalidSettingError` whose message
    is one line naming the first invalid setting, its value and what is allowed.
    """
    enabled = _get(settings, "WEBCLEAN_ENABLED", "getbool")
    extractor, options = _extractor(settings)
    niceness = _get(settings, "WEBCLEAN_WORKERS_NICENESS", "getint")
    if not 0 <= niceness <= 19:
        raise invalid("WEBCLEAN_WORKERS_NICENESS", settings.get("WEBCLEAN_WORKERS_NICENESS"), "an integer from 0 to 19")
    timeout = _get(settings, "WEBCLEAN_TIMEOUT", "getfloat")
    if not timeout > 0:
        raise invalid("WEBCLEAN_TIMEOUT", settings.get("WEBCLEAN_TIMEOUT"), "a number of seconds > 0")
    sst_enabled = _get(settings, "WEBCLEAN_SST_ENABLED", "getbool")
    sst_dir = str(settings.get("WEBCLEAN_SST_DIR", WEBCLEAN_SST_DIR) or "")
    if sst_enabled and not sst_dir:
        raise invalid("WEBCLEAN_SST_DIR", settings.get("WEBCLEAN_SST_DIR"),
                      "a directory (set WEBCLEAN_SST_ENABLED=False to keep no trees)")
    try:
        targets = language_targets(settings.get("WEBCLEAN_TARGET_LANGUAGE") or [])
    except WebcleanError:
        raise invalid("WEBCLEAN_TARGET_LANGUAGE", settings.get("WEBCLEAN_TARGET_LANGUAGE"),
                      "a language code such as 'en', or a list of codes") from None
    workers = min(_at_least(settings, "WEBCLEAN_WORKERS", "getint", 0), max_workers())
    if workers and get_extractor(extractor).__module__ == "__main__":
        raise invalid("WEBCLEAN_EXTRACTOR", extractor, "an extractor worker processes can import: this one is "
                      "defined in the script being run (__main__); move it to a module (see "
                      "WEBCLEAN_EXTRACTOR_MODULES) or set WEBCLEAN_WORKERS=0")
    other = str(settings.get("WEBCLEAN_OTHER_LANGUAGE", WEBCLEAN_OTHER_LANGUAGE))
    if other not in ("drop", "mark"):
        raise invalid("WEBCLEAN_OTHER_LANGUAGE", other, "'drop' or 'mark'")
    return WebcleanConfig(
        dedup_repeats=_at_least(settings, "WEBCLEAN_DEDUP_REPEATS", "getint", 0),
        dedup_max_entries=_at_least(settings, "WEBCLEAN_DEDUP_MAX_ENTRIES", "getint", 1),
        target_languages=targets,
        other_language=other,
        enabled=enabled,
        drop_failed=_get(settings, "WEBCLEAN_DROP_FAILED", "getbool"),
        error_field=str(settings.get("WEBCLEAN_ERROR_FIELD", WEBCLEAN_ERROR_FIELD) or ""),
        extract_hubs=_get(settings, "WEBCLEAN_EXTRACT_HUBS", "getbool"),
        extractor=extractor,
        extractor_options=options,
        fields=parse_fields(settings.get("WEBCLEAN_FIELDS", WEBCLEAN_FIELDS)),
        render={f"include_{name}": False for name in ("formatting", "images", "links", "tables")
                if not _get(settings, f"WEBCLEAN_INCLUDE_{name.upper()}", "getbool")},
        links=_get(settings, "WEBCLEAN_LINKS", "getbool"),
        maxsize=_at_least(settings, "WEBCLEAN_MAXSIZE", "getint", 0),
        overwrite=_get(settings, "WEBCLEAN_OVERWRITE", "getbool"),
        site_rules=check_site_rules(_get(settings, "WEBCLEAN_SITE_RULES", "getdict"), "WEBCLEAN_SITE_RULES",
                                    InvalidSettingError),
        queue_lease=_above_zero(settings, "WEBCLEAN_QUEUE_LEASE"),
        sst_enabled=sst_enabled,
        sst_dir=sst_dir,
        sst_lock_timeout=_above_zero(settings, "WEBCLEAN_SST_LOCK_TIMEOUT"),
        sst_max_domains=_at_least(settings, "WEBCLEAN_SST_MAX_DOMAINS", "getint", 1),
        sst_min_pages=_at_least(settings, "WEBCLEAN_SST_MIN_PAGES", "getint", 2),
        sst_store=_store(settings),
        sst_wait=_at_least(settings, "WEBCLEAN_SST_WAIT", "getfloat", 0),
        timeout=timeout,
        workers=workers,
        workers_niceness=niceness,
        workers_max_rss=_at_least(settings, "WEBCLEAN_WORKERS_MAX_RSS", "getint", 0),
    )
