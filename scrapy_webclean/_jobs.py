"""The page jobs the Scrapy components run, inline or in worker processes.

Module-level functions with plain, picklable arguments and results, so that
:class:`~scrapy_webclean._workers.WorkerPool` can send them to a worker by
name. Each parses its page once.
"""

from __future__ import annotations

import os
import tempfile
import time
import zlib
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ._api import extract, load_document

__all__ = ["extract_fields", "classify_page", "learn_site_tree", "load_site_tree"]


def extract_fields(body: bytes, url: str | None, encoding: str | None, extractor: str,
                   options: dict[str, Any], outputs: Sequence[str],
                   site_tree: Any = None) -> tuple[dict[str, Any], float]:
    """Extract one page: ``(the outputs fields of the result, seconds spent)``.

    Only what is asked for is rendered and sent back (``html`` and
    ``markdown`` are rendered lazily by :class:`ExtractResult`).
    """
    started = time.perf_counter()
    result = extract(body, url, encoding=encoding, extractor=extractor, site_tree=site_tree, **options)
    values = {name: getattr(result, name) for name in outputs}
    return values, time.perf_counter() - started


def classify_page(body: bytes, url: str | None, encoding: str | None) -> tuple[str, float, float]:
    """``(kind, score, seconds spent)`` of :func:`scrapy_webclean.classify` for one page."""
    from . import classify

    started = time.perf_counter()
    result = classify(body, url, encoding=encoding)
    return result.kind, float(result.score), time.perf_counter() - started


def learn_site_tree(samples: Sequence[tuple[bytes, str | None, str | None]],
                    path: str | None) -> tuple[Any, float]:
    """Build a site style tree from zlib-compressed page samples.

    Saves it to ``path`` (atomically: a reader never sees half a file) when
    given, and returns ``(its compiled cleaner, seconds spent)``; the
    cleaner is what :func:`~scrapy_webclean.extract` takes as ``site_tree``.
    """
    from . import SiteStyleTree

    started = time.perf_counter()
    tree = SiteStyleTree()
    for packed, url, encoding in samples:
        tree.add_page(load_document(zlib.decompress(packed), url, encoding=encoding), url, encoding=encoding)
    if path:
        target = Path(path)
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=target.name, suffix=".tmp", dir=target.parent)
        os.close(fd)
        try:
            tree.save(tmp)
            os.replace(tmp, target)
        finally:
            if os.path.exists(tmp):
                os.unlink(tmp)
    return tree.compile(), time.perf_counter() - started


def load_site_tree(path: str) -> Any:
    """The compiled cleaner of a tree saved by :func:`learn_site_tree`."""
    from . import SiteStyleTree

    return SiteStyleTree.load(path).compile()
