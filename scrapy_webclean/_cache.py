"""The memo tables of pure functions, bounded: :class:`BoundedCache`."""

from __future__ import annotations

from typing import Hashable, TypeVar

__all__ = ["BoundedCache"]

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class BoundedCache(dict[K, V]):
    """A memo of at most ``maxsize`` entries, emptied when full.

    For functions of a few hundred distinct arguments met again and again
    (a site's class strings, tag names, links): a lookup is the dict's own
    ``get``, at C speed; :meth:`put` stores. Emptying instead of evicting
    one entry at a time costs nothing per lookup, and the table never holds
    more than ``maxsize`` entries however many sites a crawl visits.

    >>> cache = BoundedCache(2)
    >>> cache.put("a", 1), cache.put("b", 2), cache.put("c", 3)
    (1, 2, 3)
    >>> dict(cache)
    {'c': 3}
    """

    __slots__ = ("maxsize",)

    def __init__(self, maxsize: int) -> None:
        super().__init__()
        self.maxsize = maxsize

    def put(self, key: K, value: V) -> V:
        """Store ``value`` under ``key`` (emptying the table first when full); returns ``value``."""
        if len(self) >= self.maxsize:
            self.clear()
        self[key] = value
        return value
