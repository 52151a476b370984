"""Where a crawl's site style trees are saved: ``WEBCLEAN_SST_DIR``.

One file per site, named by :func:`tree_filename`. :class:`TreeFiles`
knows which sites have a saved tree not loaded yet, and whether the
directory can still be written to.
"""

from __future__ import annotations

import hashlib
import logging
import os
import re
from pathlib import Path
from typing import TYPE_CHECKING

from scrapy.utils.project import data_path

from .._startup import check_sst_dir

if TYPE_CHECKING:
    from scrapy.crawler import Crawler

logger = logging.getLogger(__name__)

__all__ = ["TREE_SUFFIX", "TreeFiles", "tree_filename"]

#: Suffix of a saved tree: ``<site>.sst``.
TREE_SUFFIX = ".sst"
_UNSAFE = re.compile(r"[^a-z0-9.-]+")
#: Longest file name stem: 255 bytes is the limit of most file systems, and
#: a save writes a temporary name a few bytes longer.
_MAX_STEM = 200


def tree_filename(site: str) -> str:
    """The file name a site's tree is saved under (``www.bbc.com.sst``).

    One name per site: a character other than ``a-z 0-9 . -`` becomes
    ``_`` and the hex of its UTF-8 bytes (``a_b.test`` gives
    ``a_5fb.test.sst``, ``::1`` gives ``_3a_3a1.sst``), and a name too long
    for a file system ends in a hash of the whole site name instead.
    """
    name = _UNSAFE.sub(lambda m: "".join(f"_{b:02x}" for b in m.group().encode("utf-8", "surrogatepass")),
                       site) or "_"
    if len(name) > _MAX_STEM:
        name = name[: _MAX_STEM - 17] + "~" + hashlib.sha256(site.encode("utf-8", "surrogatepass")).hexdigest()[:16]
    return name + TREE_SUFFIX


def _stem(site: str) -> str:
    """The saved tree's file name without its suffix (what ``_on_disk`` holds)."""
    return tree_filename(site)[: -len(TREE_SUFFIX)]


class TreeFiles:
    """The saved trees of one crawl (file mode)."""

    def __init__(self, crawler: Crawler, sst_dir: str, *, check: bool) -> None:
        self.crawler = crawler
        self.directory = Path(data_path(sst_dir))
        if check:
            check_sst_dir(crawler, self.directory)
        self._on_disk: set[str] = set()
        self._saving = True  # False once WEBCLEAN_SST_DIR turned out unwritable
        self._save_failures = 0

    def open(self) -> None:
        """Find the saved trees. ``WEBCLEAN_SST_DIR`` was checked when the
        extension was built (see :func:`~scrapy_webclean._startup.check_sst_dir`);
        should it have become unusable since (removed, its mount gone
        read-only), trees are learned in memory and not saved: said once,
        and counted in ``webclean/sst/dir_unusable``."""
        try:
            self.directory.mkdir(parents=True, exist_ok=True)
            self._on_disk = {p.name[: -len(TREE_SUFFIX)] for p in self.directory.glob("*" + TREE_SUFFIX)}
            self._saving = os.access(self.directory, os.W_OK | os.X_OK)
            why = None if self._saving else "not writable"
        except OSError as exc:
            self._saving = False
            self._on_disk = set()
            why = exc.strerror or str(exc)
        if why is not None:
            self.crawler.stats.set_value("webclean/sst/dir_unusable", 1)
            logger.error("webclean: cannot use WEBCLEAN_SST_DIR %s (%s): site style trees are learned in memory"
                         " for this crawl and not saved", self.directory, why, extra={"crawler": self.crawler})

    def path(self, site: str) -> str:
        """Where ``site``'s tree is saved."""
        return str(self.directory / tree_filename(site))

    def save_path(self, site: str) -> str | None:
        """Where to save ``site``'s tree; ``None`` when the directory is unwritable."""
        return self.path(site) if self._saving else None

    def unloaded(self, site: str) -> bool:
        """Whether ``site`` has a saved tree not loaded (or dropped since it was)."""
        return _stem(site) in self._on_disk

    def loading(self, site: str) -> None:
        self._on_disk.discard(_stem(site))

    def dropped(self, site: str) -> None:
        """``site``'s tree was dropped from memory: load it again if it comes back."""
        self._on_disk.add(_stem(site))

    def save_failed(self, site: str, path: str | None, why: str) -> None:
        """A learned tree could not be saved: it is used all the same. The
        first failure is a warning, the next ones are counted only."""
        self._save_failures += 1
        self.crawler.stats.inc_value("webclean/sst/save_failed")
        level = logging.WARNING if self._save_failures == 1 else logging.DEBUG
        logger.log(level, "webclean: could not save the site style tree of %s to %s (%s); it is used for this"
                   " crawl (further failed saves are counted in webclean/sst/save_failed)", site, path, why,
                   extra={"crawler": self.crawler})
