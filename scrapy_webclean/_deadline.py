"""The per-page time limit.

:func:`time_limit` sets a deadline for the work done inside it (in this
thread or task: it is a context variable); the core and the extractors call
:func:`check_deadline` at loop boundaries, which raises
:class:`~scrapy_webclean.errors.ExtractionTimeout` once the deadline has
passed. Work inside one C call (libxml2 parsing a page, one regular
expression) cannot be interrupted: those steps are linear in the page size
and the page size is bounded (see ``MAX_BODY_SIZE``), so the limit is
overshot by at most a few seconds on the largest pages. A hard limit that
also covers C code is the Scrapy pipeline's: its worker processes are
killed after ``WEBCLEAN_TIMEOUT`` seconds.
"""

from __future__ import annotations

import math
import time
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Iterator, Sequence

from .errors import ExtractionTimeout, InvalidOptionError

__all__ = ["time_limit", "check_deadline", "DEFAULT_TIME_LIMIT", "CHECK_EVERY", "children_first", "chunks_down",
           "chunks_up"]

#: Seconds :func:`scrapy_webclean.extract` allows one page by default. A
#: normal page takes milliseconds and the largest accepted ones a few
#: seconds; only a page that would take pathologically long reaches this.
DEFAULT_TIME_LIMIT = 15.0
#: A loop over a page's nodes checks the deadline where ``not i & CHECK_EVERY``:
#: once every 16,384 nodes, a few milliseconds of work.
CHECK_EVERY = 0x3FFF

# (monotonic deadline, the limit in seconds for the message), or None.
_DEADLINE: ContextVar[tuple[float, float] | None] = ContextVar("webclean_deadline", default=None)
_now = time.monotonic


@contextmanager
def time_limit(seconds: float | None) -> Iterator[None]:
    """Run the body of the ``with`` under a deadline ``seconds`` from now.

    ``None`` sets no limit of its own. Nested limits keep the earlier
    deadline. Raises :class:`InvalidOptionError` for a limit that is not a
    positive number.

    >>> with time_limit(5.0):
    ...     check_deadline()  # well within the limit: nothing happens
    """
    if seconds is None:
        yield
        return
    if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not seconds > 0 \
            or math.isinf(seconds):
        raise InvalidOptionError(f"time_limit must be a positive number of seconds or None, not {seconds!r}")
    deadline = _now() + seconds
    current = _DEADLINE.get()
    if current is not None and current[0] < deadline:
        deadline, seconds = current
    token = _DEADLINE.set((deadline, seconds))
    try:
        yield
    finally:
        _DEADLINE.reset(token)


def check_deadline() -> None:
    """Raise :class:`ExtractionTimeout` when the current deadline has passed.

    Cheap (a context-variable read and a clock read): call it every few
    thousand iterations of a loop over nodes, and between steps.
    """
    current = _DEADLINE.get()
    if current is not None and _now() > current[0]:
        raise ExtractionTimeout(f"the page took longer than the time limit of {current[1]:g} s")


def children_first(excluded: Sequence[int]) -> Iterator[int]:
    """The node numbers not flagged in ``excluded``, last first, so that
    every node comes after all its descendants; the deadline is checked as
    it goes."""
    for i in range(len(excluded) - 1, -1, -1):
        if not i & CHECK_EVERY:
            check_deadline()
        if not excluded[i]:
            yield i


#: Nodes per chunk of :func:`chunks_down` and :func:`chunks_up`.
CHUNK = CHECK_EVERY + 1


def chunks_down(start: int, stop: int) -> Iterator[tuple[int, int]]:
    """``(lo, hi)`` ranges of at most :data:`CHUNK` items that cover
    ``range(start, stop)`` from the end back, the deadline checked before
    each: for a loop over nodes in reverse (children before parents) that
    runs over a chunk's slices (``zip`` of reversed slices), not checking
    the deadline per node."""
    for hi in range(stop, start, -CHUNK):
        check_deadline()
        yield max(hi - CHUNK, start), hi


def chunks_up(start: int, stop: int) -> Iterator[tuple[int, int]]:
    """``(lo, hi)`` ranges of at most :data:`CHUNK` items that cover
    ``range(start, stop)`` in order, the deadline checked before each."""
    for lo in range(start, stop, CHUNK):
        check_deadline()
        yield lo, min(lo + CHUNK, stop)
