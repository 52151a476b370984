"""The page jobs the Scrapy components run, inline or in worker processes.

Module-level functions with plain, picklable arguments and results, so that
:class:`~scrapy_webclean._workers.WorkerPool` can send them to a worker by
name. Each parses its page once.
"""

from __future__ import annotations

import os
import tempfile
import zlib
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ._api import extract, load_document

__all__ = ["extract_fields", "classify_page", "learn_site_tree", "load_site_tree"]


def extract_fields(body: bytes, url: str | None, encoding: str | None, extractor: str,
                   options: dict[str, Any], outputs: Sequence[str], site_tree: Any = None) -> dict[str, Any]:
    """Extract one page and return only the ``outputs`` fields of the result.

    Only what is asked for is rendered and sent back (``html`` and
    ``markdown`` are rendered lazily by :class:`ExtractResult`).
    """
    result = extract(body, url, encoding=encoding, extractor=extractor, site_tree=site_tree, **options)
    return {name: getattr(result, name) for name in outputs}


def classify_page(body: bytes, url: str | None, encoding: str | None) -> tuple[str, float]:
    """``(kind, score)`` of :func:`scrapy_webclean.classify` for one page."""
    from . import classify

    result = classify(body, url, encoding=encoding)
    return result.kind, float(result.score)


def learn_site_tree(samples: Sequence[tuple[bytes, str | None, str | None]], path: str | None) -> Any:
    """Build a site style tree from zlib-compressed page samples.

    Saves it to ``path`` (atomically: a reader never sees half a file) when
    given, and returns its compiled cleaner, the form
    :func:`~scrapy_webclean.extract` takes as ``site_tree``.
    """
    from . import SiteStyleTree

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
    return tree.compile()


def load_site_tree(path: str) -> Any:
    """The compiled cleaner of a tree saved by :func:`learn_site_tree`."""
    from . import SiteStyleTree

    return SiteStyleTree.load(path).compile()
