"""The page jobs a crawl runs, inline or in worker processes.

Module-level functions with plain, picklable arguments and results (the
dataclasses below), so that
:class:`~scrapy_webclean.workers.pool.WorkerPool` can send them to a worker by
name. Each parses its page once. The Scrapy components check page sizes
against ``WEBCLEAN_MAXSIZE`` before sending a job, so the jobs lift the
core's own ``max_body_size``: one setting decides.
"""

from __future__ import annotations

import time
import zlib
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .._api import extract, load_document
from .._document import SiteCleaner
from .._encoding import resolve_charset
from .._links import page_links

if TYPE_CHECKING:  # imported where used: the worker process loads them on demand
    from ..sitestyletree import CompiledSiteTree, SiteStyleTree

__all__ = ["ExtractionPlan", "LearnedTree", "PageReport", "classify_page", "extract_fields", "learn_shared_tree",
           "learn_site_tree", "load_shared_tree", "load_site_tree"]

@dataclass(frozen=True)
class ExtractionPlan:
    """What to extract from a page: the extractor, its options, the result
    fields to send back (``outputs``), and whether hub pages are extracted
    too. Two extractions of one page with equal plans (and the same site
    tree) give the same values."""

    extractor: str
    options: dict[str, Any]
    outputs: tuple[str, ...]
    extract_hubs: bool = False


@dataclass
class PageReport:
    """What :func:`classify_page` found about a page."""

    kind: str
    score: float
    #: seconds classifying (and listing links)
    seconds: float
    #: the plan's outputs when the page was extracted too, else ``None``
    values: dict[str, Any] | None = None
    extract_seconds: float = 0.0
    links: list[str] | None = None
    #: the charset used when it was not the HTTP header's, else ``None``
    charset: str | None = None


@dataclass
class LearnedTree:
    """What a learning job made: the compiled cleaner (what
    :func:`~scrapy_webclean.extract` takes as ``site_tree``), the seconds
    spent, the values of its samples extracted with it (see
    :func:`learn_site_tree`), and either why its save failed or, for a
    tree shared through a store, the tree encoded for the store."""

    cleaner: Any
    seconds: float
    values: list[dict[str, Any] | None] | None
    save_error: str | None = None
    data: bytes = b""


def _fields(result: Any, outputs: Sequence[str]) -> dict[str, Any]:
    """The ``outputs`` fields of an extraction result (html and markdown
    are rendered only when asked for)."""
    return {name: getattr(result, name) for name in outputs}


def extract_fields(body: bytes, url: str | None, encoding: str | None, extractor: str,
                   options: dict[str, Any], outputs: Sequence[str],
                   site_tree: SiteCleaner | None = None) -> tuple[dict[str, Any], float]:
    """Extract one page: ``(the outputs fields of the result, seconds spent)``.

    Only what is asked for is rendered and sent back (``html`` and
    ``markdown`` are rendered lazily by :class:`ExtractResult`). A page a
    tagging job kept parsed in this process (see :func:`classify_page`'s
    ``keep``) is extracted from that parse.
    """
    started = time.perf_counter()
    # The pipeline checks WEBCLEAN_MAXSIZE itself, which may exceed the
    # library's default limit.
    doc = _take_kept(url, encoding, body)
    # A page showing only "3 days ago" is dated from the crawl's day.
    result = extract(body if doc is None else doc, url, encoding=encoding, extractor=extractor,
                     site_tree=site_tree, max_body_size=None, reference_date=date.today(), **options)
    return _fields(result, outputs), time.perf_counter() - started


def classify_page(body: bytes, url: str | None, encoding: str | None,
                  plan: ExtractionPlan | None = None, site_tree: SiteCleaner | None = None, keep: bool = False,
                  links: bool = False) -> PageReport:
    """Tag one page hub or content with :func:`scrapy_webclean.classify`.

    With an :class:`ExtractionPlan`, a page
    the plan covers (content, or any page when ``extract_hubs``) is also
    extracted from the same parse, so the pipeline does not parse it again.
    With ``keep``, a content page stays parsed in this process (a few, the
    least recently kept dropped first) for a :func:`learn_site_tree` job
    run here later: the page of a site still being sampled will likely be
    one of its samples. With ``links``, the page's links are listed too
    (:func:`~scrapy_webclean._links.page_links`; its time counts as
    classifying). Returns a :class:`PageReport`; its ``charset`` is the
    one the page was decoded with when that is not ``encoding`` (the HTTP
    header's was wrong), else ``None``.
    """
    from .._classify import classify

    started = time.perf_counter()
    doc = load_document(body, url, encoding=encoding, max_body_size=None)
    # With the site's tree the page is tagged without its template too (the
    # cleaned view is computed once, and the extraction below reuses it).
    declared = resolve_charset(encoding)
    # The header's charset was wrong: a BOM said otherwise, or it garbled the text.
    charset = doc.encoding if declared is not None and doc.encoding not in (declared, "binary") else None
    if doc.is_empty or (not any(doc.own_len) and "a" not in doc.tags):
        # Markup without a word or a link: neither hub nor content.
        return PageReport("empty", 0.0, time.perf_counter() - started, links=[] if links else None, charset=charset)
    result = classify(doc, url, site_tree=site_tree)
    if keep and result.kind == "content":
        _keep(doc, url, encoding, body)
    found = page_links(doc, url) if links else None
    classified = time.perf_counter()
    values = None
    if plan is not None and (result.kind == "content" or plan.extract_hubs):
        extracted = extract(doc, url, encoding=encoding, extractor=plan.extractor, site_tree=site_tree,
                            reference_date=date.today(), **plan.options)
        values = _fields(extracted, plan.outputs)
    return PageReport(result.kind, float(result.score), classified - started, values,
                      time.perf_counter() - classified, found, charset)


#: Samples a learning job keeps parsed to extract them with the new tree,
#: and pages a tagging job keeps for a learning job (``keep``), per process.
#: Each parsed page holds a few megabytes, and the default sample is 10.
MAX_KEPT_SAMPLES = 16
#: Bytes of page bodies whose parses a process keeps at most (a parse
#: takes ten to twenty times its body's size).
MAX_KEPT_BYTES = 8 << 20
#: (url, encoding, CRC-32 of the body) -> (the page parsed by a tagging job, body size).
_KEPT: OrderedDict[tuple[str | None, str | None, int], tuple[Any, int]] = OrderedDict()
_kept_bytes = 0


def _keep(doc: Any, url: str | None, encoding: str | None, body: bytes) -> None:
    """Keep a tagged page parsed for a learning job, within both bounds."""
    global _kept_bytes
    key = (url, encoding, zlib.crc32(body))
    old = _KEPT.pop(key, None)
    if old is not None:
        _kept_bytes -= old[1]
    if len(body) > MAX_KEPT_BYTES:
        return
    _KEPT[key] = (doc, len(body))
    _kept_bytes += len(body)
    while len(_KEPT) > MAX_KEPT_SAMPLES or _kept_bytes > MAX_KEPT_BYTES:
        _kept_bytes -= _KEPT.popitem(last=False)[1][1]


def _take_kept(url: str | None, encoding: str | None, body: bytes) -> Any:
    """The page kept by :func:`_keep` for these bytes (given up), or ``None``."""
    global _kept_bytes
    found = _KEPT.pop((url, encoding, zlib.crc32(body)), None) if _KEPT else None
    if found is None:
        return None
    _kept_bytes -= found[1]
    return found[0]


def _learn(samples: Sequence[tuple[bytes, str | None, str | None]],
           plan: ExtractionPlan | None) -> tuple[Any, list[Any]]:
    """The tree learned from the samples, and the first parses when there is a plan."""
    from ..sitestyletree import SiteStyleTree

    tree = SiteStyleTree()
    kept: list[Any] = []
    for packed, url, encoding in samples:
        body = zlib.decompress(packed)
        # Parsed already when this process tagged the page (the same bytes).
        doc = _take_kept(url, encoding, body)
        if doc is None:
            doc = load_document(body, url, encoding=encoding, max_body_size=None)
        tree.add_page(doc, url, encoding=encoding)
        if plan is not None and len(kept) < MAX_KEPT_SAMPLES:
            kept.append(doc)
    return tree, kept


def _extract_kept(cleaner: Any, kept: list[Any], count: int,
                  plan: ExtractionPlan | None) -> list[dict[str, Any] | None] | None:
    """The plan's outputs of each kept parse, extracted with the new tree."""
    if plan is None:
        return None
    values: list[dict[str, Any] | None] = [None] * count
    for n, doc in enumerate(kept):
        try:
            result = extract(doc, doc.url, extractor=plan.extractor, site_tree=cleaner, **plan.options)
            values[n] = _fields(result, plan.outputs)
        except Exception:  # noqa: BLE001 - the page's own job runs it again and reports it
            pass
    return values


def learn_site_tree(samples: Sequence[tuple[bytes, str | None, str | None]], path: str | None,
                    plan: ExtractionPlan | None = None, site: str | None = None) -> LearnedTree:
    """Build a site style tree from zlib-compressed page samples.

    Saves it to ``path`` (atomically: a reader never sees half a file) when
    given, recording ``site`` in it, and returns a :class:`LearnedTree`
    (``save_error`` says why the save failed). A failed save (read-only or
    full disk) costs the crawl nothing but the file: the tree is returned
    all the same. With a ``plan``, the
    first :data:`MAX_KEPT_SAMPLES` samples are also extracted with the new
    tree from the parse that learned them, so their items need no job of
    their own: ``values`` lists, per sample, the outputs (``None`` for a
    sample not extracted, or whose extraction failed); without a plan it is
    ``None``.
    """
    started = time.perf_counter()
    tree, kept = _learn(samples, plan)
    tree.site = site
    save_error = None
    if path:
        try:
            Path(path).parent.mkdir(parents=True, exist_ok=True)
            tree.save(path)  # atomic, and removes its temporary file when it fails
        except OSError as exc:
            save_error = f"{type(exc).__name__}: {exc}"
    cleaner = tree.compile()
    return LearnedTree(cleaner, time.perf_counter() - started, _extract_kept(cleaner, kept, len(samples), plan),
                       save_error=save_error)


def learn_shared_tree(samples: Sequence[tuple[bytes, str | None, str | None]], plan: ExtractionPlan | None = None,
                      site: str | None = None) -> LearnedTree:
    """:func:`learn_site_tree` for a tree shared through a store: saves no
    file, and also returns the tree encoded for the store
    (:func:`~scrapy_webclean._treestore.encode_tree`), naming ``site``
    where the tree format records it."""
    from .._treestore import encode_tree

    started = time.perf_counter()
    tree, kept = _learn(samples, plan)
    tree.site = site
    data = encode_tree(tree)
    cleaner = tree.compile()
    return LearnedTree(cleaner, time.perf_counter() - started, _extract_kept(cleaner, kept, len(samples), plan),
                       data=data)


def _compiled_for(tree: SiteStyleTree, site: str | None, where: str) -> CompiledSiteTree:
    """``tree`` compiled, unless it names a site other than ``site``
    (:class:`~scrapy_webclean.errors.SiteTreeError`; a tree that names no
    site, saved by an older version, is taken)."""
    from ..errors import SiteTreeError

    named = getattr(tree, "site", None)
    if site is not None and named is not None and named != site:
        raise SiteTreeError(f"{where} holds the site style tree of {named!r}, not of {site!r}")
    return tree.compile()


def load_shared_tree(data: bytes, site: str | None = None) -> CompiledSiteTree:
    """The compiled cleaner of a tree read from a store; a
    :class:`~scrapy_webclean.errors.SiteTreeError` for anything else, and
    for a tree that names another site than ``site``."""
    from .._treestore import decode_tree

    return _compiled_for(decode_tree(data), site, "the store")


def load_site_tree(path: str, site: str | None = None) -> CompiledSiteTree:
    """The compiled cleaner of a tree saved by :func:`learn_site_tree`;
    with ``site``, a tree saved for another site raises
    :class:`~scrapy_webclean.errors.SiteTreeError`."""
    from ..sitestyletree import SiteStyleTree

    return _compiled_for(SiteStyleTree.load(path), site, path)
