"""Exceptions raised by scrapy-webclean.

Every error a caller can provoke with bad input or bad options is a
:class:`WebcleanError`, itself a :class:`ValueError`, so ``except ValueError``
catches them all.
"""

from __future__ import annotations

__all__ = [
    "WebcleanError",
    "UnknownExtractorError",
    "InvalidOptionError",
    "SiteTreeError",
    "ExtractionTimeout",
    "InvalidBodyError",
    "BodyTooLargeError",
    "InvalidSettingError",
    "InvalidMetaError",
]


class WebcleanError(ValueError):
    """Base class of every documented scrapy-webclean error."""


class UnknownExtractorError(WebcleanError):
    """The extractor name is not registered."""


class InvalidOptionError(WebcleanError):
    """An extractor option is unknown or has an invalid value."""


class SiteTreeError(WebcleanError):
    """A site style tree is missing, corrupt or incompatible."""


class ExtractionTimeout(WebcleanError):
    """A page took longer than the configured per-page time limit."""


class InvalidBodyError(WebcleanError, TypeError):
    """The body is not bytes, a bytes-like object or str (also a ``TypeError``)."""


class BodyTooLargeError(WebcleanError):
    """The body is larger than the accepted maximum (``max_body_size``)."""


class InvalidSettingError(WebcleanError):
    """A ``WEBCLEAN_*`` setting has a value that is not allowed.

    Raised at start-up: the message is one line naming the setting, the
    value and what is allowed. Unlike :class:`~scrapy.exceptions.NotConfigured`,
    which Scrapy takes to mean "leave this component out", it stops the crawl.
    """


class InvalidMetaError(WebcleanError):
    """A request's ``meta["webclean"]`` (or ``webclean_extractor``) is not valid.

    The page's item gets the message in ``WEBCLEAN_ERROR_FIELD`` and counts
    in ``webclean/items/failed``; the crawl goes on.
    """
