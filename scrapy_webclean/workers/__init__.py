"""Page jobs run in worker processes, with a time limit each.

- :mod:`.pool`: :class:`WorkerPool`, which schedules jobs (priorities,
  affinity) over worker processes and replaces a stuck or dead one;
- :mod:`.process`: the worker process and the parent's handle on it;
- :mod:`.jobs`: the jobs a crawl runs (tag, extract, learn and load site
  style trees), with their plans and reports.

Nothing here imports Scrapy: a crawl's pool is made by
:mod:`scrapy_webclean.crawl.pool`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .pool import EXTRACT_PRIORITY, TAG_PRIORITY, TREE_PRIORITY, JobError, WorkerCrashed, WorkerPool

__all__ = ["EXTRACT_PRIORITY", "TAG_PRIORITY", "TREE_PRIORITY", "JobError", "WorkerCrashed", "WorkerPool"]


def __getattr__(name: str) -> Any:
    # Imported on first use: a worker process imports this package for
    # .process alone, and starts faster without the pool's imports.
    if name in __all__:
        from . import pool

        return getattr(pool, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
