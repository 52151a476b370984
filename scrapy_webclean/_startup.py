"""Start-up checks of a crawl's ``WEBCLEAN_*`` settings, reported in one line.

Scrapy leaves out, with one log line, a component whose ``from_crawler``
raises :class:`~scrapy.exceptions.NotConfigured`, and the crawl runs on
without it: a typo in a setting would give a whole crawl of items without
text and exit 0. Any other exception raised while Scrapy builds the add-ons
and components fails the crawl's bootstrap, so ``scrapy crawl`` stops before
the first request and exits 1. scrapy-webclean raises
:class:`~scrapy_webclean.errors.InvalidSettingError` that way, after logging
its one-line message at CRITICAL level; asyncio's "Task exception was never
retrieved" report of the same exception (a traceback through Scrapy's
internals that says nothing more) is left out.
"""

from __future__ import annotations

import difflib
import logging
import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .errors import InvalidSettingError
from .settings import DEFAULTS, WebcleanConfig, invalid, max_workers, webclean_config

if TYPE_CHECKING:
    from scrapy.crawler import Crawler
    from scrapy.settings import BaseSettings

logger = logging.getLogger(__name__)

__all__ = ["crawler_config", "check_sst_dir", "warn_about_settings"]


class _ReportedErrors(logging.Filter):
    """Drop the traceback of a settings error already reported in one line."""

    def filter(self, record: logging.LogRecord) -> bool:
        exc = record.exc_info[1] if record.exc_info else None
        return not (isinstance(exc, InvalidSettingError) and getattr(exc, "reported", False))


_FILTER = _ReportedErrors()


def report(crawler: Crawler | None, exc: InvalidSettingError) -> InvalidSettingError:
    """Log ``exc`` once, in one line, and return it to be raised."""
    if not getattr(exc, "reported", False):
        exc.reported = True  # type: ignore[attr-defined]
        logger.critical("%s. The crawl stops.", exc, extra={"crawler": crawler})
        asyncio_logger = logging.getLogger("asyncio")
        if _FILTER not in asyncio_logger.filters:
            asyncio_logger.addFilter(_FILTER)
    return exc


def crawler_config(crawler: Crawler) -> WebcleanConfig:
    """:func:`~scrapy_webclean.settings.webclean_config` of a crawl; a bad
    value is reported and stops the crawl (see the module doc)."""
    try:
        return webclean_config(crawler.settings)
    except InvalidSettingError as exc:
        raise report(crawler, exc) from None


def check_sst_dir(crawler: Crawler, directory: Path) -> None:
    """Create ``WEBCLEAN_SST_DIR`` now, so a path that cannot be a writable
    directory stops the crawl at start-up, not at the first saved tree."""
    try:
        directory.mkdir(parents=True, exist_ok=True)
        if not os.access(directory, os.W_OK | os.X_OK):
            raise PermissionError("not writable")
    except OSError as exc:
        reason = exc.strerror or str(exc)
        error = invalid("WEBCLEAN_SST_DIR", crawler.settings.get("WEBCLEAN_SST_DIR"),
                        f"a directory this process can create and write ({directory}: {reason})")
        raise report(crawler, error) from None


def _closest(name: str) -> str:
    match = difflib.get_close_matches(name, DEFAULTS, n=1, cutoff=0.6)
    return f"did you mean {match[0]}?" if match else "see the README's settings table"


def warn_about_settings(crawler: Crawler | None, settings: BaseSettings) -> None:
    """Warn about ``WEBCLEAN_*`` names scrapy-webclean does not define, and
    about a worker count capped by :func:`~scrapy_webclean.settings.max_workers`."""
    extra: dict[str, Any] = {"crawler": crawler}
    for name in sorted(n for n in settings if isinstance(n, str) and n.startswith("WEBCLEAN_")):
        if name not in DEFAULTS:
            logger.warning("Unknown setting %s, ignored: %s", name, _closest(name), extra=extra)
    try:
        workers = settings.getint("WEBCLEAN_WORKERS")
    except (TypeError, ValueError):
        return  # webclean_config says what is wrong
    if workers > max_workers():
        logger.warning("WEBCLEAN_WORKERS=%d is more than twice the %d CPUs this process may use: %d worker"
                       " processes are started instead", workers, max_workers() // 2, max_workers(), extra=extra)
