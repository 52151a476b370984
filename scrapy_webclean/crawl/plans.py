"""Plans and what was extracted ahead of the pipeline.

An :class:`~scrapy_webclean.workers.jobs.ExtractionPlan` says what the
pipeline runs on a page. A page may be extracted before its item reaches the
pipeline: by the job that tags it (from the same parse), or by the job that
learns its site's tree (for the site's samples). Such an :class:`Extracted`
is used only when its plan and tree are the ones the pipeline would use.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any, NamedTuple

from ..workers.jobs import ExtractionPlan

__all__ = ["Extracted", "ExtractionPlan", "TreeEntry", "site_affinity"]


def site_affinity(site: str) -> tuple[str, str]:
    """The pool affinity of the jobs of ``site`` that may find one of its
    pages kept parsed where the site was sampled: its tagging jobs while it
    is sampled, its learning job, and the extraction of a page tagged while
    the site was sampled."""
    return ("sst-samples", site)


class TreeEntry(NamedTuple):
    """A site's compiled tree, and its key: ``(site, version)``, new
    whenever the tree changes (a worker holding an older tree of the site
    is sent the new one). A worker pool takes it as ``tree=``."""

    key: tuple[str, int]
    cleaner: Any


@dataclass(frozen=True)
class Extracted:
    """A page's values, extracted with ``plan`` and the tree of key ``tree``."""

    plan: ExtractionPlan
    tree: Hashable | None
    values: dict[str, Any]

    def is_for(self, plan: ExtractionPlan, tree: TreeEntry | None) -> bool:
        """Whether the pipeline, running ``plan`` with ``tree``, would get these values."""
        return self.tree == (tree.key if tree is not None else None) and self.plan == plan
