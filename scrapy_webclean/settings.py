"""Default values of every ``WEBCLEAN_*`` setting, and their validation.

The defaults are declared here, in one place, in alphabetical order (the
``*_ENABLED`` flag first in its group), the way Scrapy's own
``default_settings.py`` does. :class:`~scrapy_webclean.addon.Addon` copies
them into the crawl's settings at add-on priority, so a value the user set in
``settings.py``, a spider's ``custom_settings`` or ``-s`` always wins.

Components never read these constants directly: they call
:func:`webclean_config` on ``crawler.settings``, which reads every setting
with Scrapy's typed getters and raises
:class:`~scrapy.exceptions.NotConfigured` naming the setting that is invalid.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from scrapy.exceptions import NotConfigured

from ._registry import get_extractor, resolve_options
from .errors import WebcleanError

if TYPE_CHECKING:
    from scrapy.settings import BaseSettings

WEBCLEAN_ENABLED = True
WEBCLEAN_DROP_FAILED = False
WEBCLEAN_ERROR_FIELD = "webclean_error"
WEBCLEAN_EXTRACT_HUBS = False
WEBCLEAN_EXTRACTOR = "auto"
WEBCLEAN_EXTRACTOR_OPTIONS: dict[str, Any] = {}
WEBCLEAN_FIELDS = ["title", "text", "page_type"]
WEBCLEAN_LINKS = False
WEBCLEAN_MAXSIZE = 10 * 1024 * 1024
WEBCLEAN_OVERWRITE = False

WEBCLEAN_SST_ENABLED = True
WEBCLEAN_SST_DIR = "webclean-sst"
WEBCLEAN_SST_MAX_DOMAINS = 200
WEBCLEAN_SST_MIN_PAGES = 10
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
RESULT_FIELDS = ("title", "text", "html", "markdown", "extractor", "author", "date", "language",
                 "canonical_url", "image", "description", "sitename", "comments", "encoding")
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
    links: bool
    maxsize: int
    overwrite: bool
    sst_enabled: bool
    sst_dir: str
    sst_max_domains: int
    sst_min_pages: int
    sst_wait: float
    timeout: float
    workers: int
    workers_niceness: int
    workers_max_rss: int


def _get(settings: BaseSettings, name: str, getter: str) -> Any:
    # Scrapy's typed getters raise ValueError/TypeError on a bad value; say
    # which setting it was, as Scrapy's own components do.
    try:
        return getattr(settings, getter)(name, DEFAULTS[name])
    except (ValueError, TypeError) as exc:
        raise NotConfigured(f"{name}: invalid value {settings.get(name)!r} ({exc})") from None


def _at_least(name: str, value: float, minimum: float) -> None:
    if value < minimum:
        raise NotConfigured(f"{name} must be >= {minimum}, got {value!r}")


def _fields(settings: BaseSettings) -> dict[str, str]:
    raw = settings.get("WEBCLEAN_FIELDS", WEBCLEAN_FIELDS)
    if isinstance(raw, str):
        raw = [s.strip() for s in raw.split(",") if s.strip()]
    if isinstance(raw, (list, tuple)):
        mapping = {str(name): str(name) for name in raw}
    elif hasattr(raw, "items"):
        mapping = {str(k): str(v) for k, v in dict(raw).items()}
    else:
        raise NotConfigured(f"WEBCLEAN_FIELDS must be a list of names or a dict, got {type(raw).__name__}")
    unknown = sorted(set(mapping) - set(FIELD_SOURCES))
    if unknown:
        raise NotConfigured(f"WEBCLEAN_FIELDS: unknown field(s) {', '.join(unknown)}; "
                            f"valid: {', '.join(FIELD_SOURCES)}")
    return mapping


def webclean_config(settings: BaseSettings) -> WebcleanConfig:
    """Read and validate every ``WEBCLEAN_*`` setting.

    Raises :class:`~scrapy.exceptions.NotConfigured` whose message starts
    with the name of the first invalid setting.
    """
    extractor = str(settings.get("WEBCLEAN_EXTRACTOR", WEBCLEAN_EXTRACTOR))
    try:
        cls = get_extractor(extractor)
    except WebcleanError as exc:
        raise NotConfigured(f"WEBCLEAN_EXTRACTOR: {exc}") from None
    options = _get(settings, "WEBCLEAN_EXTRACTOR_OPTIONS", "getdict")
    try:
        resolve_options(cls, options)
    except WebcleanError as exc:
        raise NotConfigured(f"WEBCLEAN_EXTRACTOR_OPTIONS: {exc}") from None
    error_field = str(settings.get("WEBCLEAN_ERROR_FIELD", WEBCLEAN_ERROR_FIELD) or "")
    config = WebcleanConfig(
        enabled=_get(settings, "WEBCLEAN_ENABLED", "getbool"),
        drop_failed=_get(settings, "WEBCLEAN_DROP_FAILED", "getbool"),
        error_field=error_field,
        extract_hubs=_get(settings, "WEBCLEAN_EXTRACT_HUBS", "getbool"),
        extractor=extractor,
        extractor_options=dict(options),
        fields=_fields(settings),
        links=_get(settings, "WEBCLEAN_LINKS", "getbool"),
        maxsize=_get(settings, "WEBCLEAN_MAXSIZE", "getint"),
        overwrite=_get(settings, "WEBCLEAN_OVERWRITE", "getbool"),
        sst_enabled=_get(settings, "WEBCLEAN_SST_ENABLED", "getbool"),
        sst_dir=str(settings.get("WEBCLEAN_SST_DIR", WEBCLEAN_SST_DIR) or ""),
        sst_max_domains=_get(settings, "WEBCLEAN_SST_MAX_DOMAINS", "getint"),
        sst_min_pages=_get(settings, "WEBCLEAN_SST_MIN_PAGES", "getint"),
        sst_wait=_get(settings, "WEBCLEAN_SST_WAIT", "getfloat"),
        timeout=_get(settings, "WEBCLEAN_TIMEOUT", "getfloat"),
        workers=_get(settings, "WEBCLEAN_WORKERS", "getint"),
        workers_niceness=_get(settings, "WEBCLEAN_WORKERS_NICENESS", "getint"),
        workers_max_rss=_get(settings, "WEBCLEAN_WORKERS_MAX_RSS", "getint"),
    )
    _at_least("WEBCLEAN_MAXSIZE", config.maxsize, 0)
    _at_least("WEBCLEAN_SST_MAX_DOMAINS", config.sst_max_domains, 1)
    _at_least("WEBCLEAN_SST_MIN_PAGES", config.sst_min_pages, 2)
    _at_least("WEBCLEAN_SST_WAIT", config.sst_wait, 0)
    _at_least("WEBCLEAN_WORKERS", config.workers, 0)
    _at_least("WEBCLEAN_WORKERS_MAX_RSS", config.workers_max_rss, 0)
    if not 0 <= config.workers_niceness <= 19:
        raise NotConfigured(f"WEBCLEAN_WORKERS_NICENESS must be from 0 to 19, got {config.workers_niceness!r}")
    if not config.timeout > 0:
        raise NotConfigured(f"WEBCLEAN_TIMEOUT must be > 0 seconds, got {config.timeout!r}")
    if config.sst_enabled and not config.sst_dir:
        raise NotConfigured("WEBCLEAN_SST_DIR must name a directory (set WEBCLEAN_SST_ENABLED=False to keep no trees)")
    return config
