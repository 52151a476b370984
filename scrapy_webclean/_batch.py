"""Batch extraction for the command line: many pages, in parallel, as JSON Lines.

``webclean extract`` takes files, folders (searched for HTML files, ``.gz``
too), URLs and list files (one path or URL a line); each page is extracted
in one of ``--parallel`` processes and written as one JSON object a line,
in input order. A progress bar (tqdm) runs on stderr while it works, and a
summary follows at the end.
"""

from __future__ import annotations

import gzip
import json
import multiprocessing
import os
import sys
import time
import urllib.error
import urllib.request
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any, Iterator, Sequence

from ._api import METADATA_FIELDS, extract
from ._document import MAX_BODY_SIZE
from .errors import WebcleanError

__all__ = ["BatchSummary", "Page", "expand_inputs", "extract_page", "is_url", "run_batch"]

#: Files a folder is searched for (each also with ``.gz``).
HTML_SUFFIXES = (".html", ".htm", ".xhtml", ".shtml")
#: Content fields a record can carry; ``--format`` picks them.
CONTENT_FIELDS = {"text": ("text",), "html": ("html",), "markdown": ("markdown",),
                  "json": ("text", "html", "markdown")}
USER_AGENT = "scrapy-webclean"
DOWNLOAD_TIMEOUT = 30.0


def is_url(name: str) -> bool:
    return name.startswith(("http://", "https://"))


def _html_files(folder: Path) -> list[str]:
    found = []
    for root, dirs, files in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        for name in sorted(files):
            if name.lower().removesuffix(".gz").endswith(HTML_SUFFIXES) and not name.startswith("."):
                found.append(os.path.join(root, name))
    return found


def expand_inputs(inputs: list[str], list_files: Sequence[str] = ()) -> list[str]:
    """Every page named by ``inputs`` (files, folders, URLs, ``-``) and by the
    lines of ``list_files`` (``-``: stdin; blank lines and ``#`` comments
    skipped), in order. Raises :class:`OSError` for an unreadable list."""
    names = list(inputs)
    for list_file in list_files:
        text = sys.stdin.read() if list_file == "-" else Path(list_file).read_text(encoding="utf-8")
        names += [line.strip() for line in text.splitlines() if line.strip() and not line.startswith("#")]
    pages = []
    for name in names:
        if not is_url(name) and name != "-" and Path(name).is_dir():
            pages += _html_files(Path(name))
        else:
            pages.append(name)
    return pages


@dataclass(frozen=True, slots=True)
class Page:
    """One page to extract, with everything a worker process needs."""

    source: str  # a path, a URL, or "-" (the body given in ``body``)
    extractor: str
    options: dict[str, Any]
    formats: tuple[str, ...]
    url: str | None = None
    encoding: str | None = None
    body: bytes | None = None


def _load(page: Page) -> tuple[bytes, str | None, str | None]:
    """The page's body, URL and HTTP charset. Raises OSError or ValueError."""
    if page.body is not None:
        return page.body, page.url, page.encoding
    if is_url(page.source):
        request = urllib.request.Request(page.source, headers={"User-Agent": USER_AGENT})
        with urllib.request.urlopen(request, timeout=DOWNLOAD_TIMEOUT) as response:  # noqa: S310 (http(s) only)
            body = response.read(MAX_BODY_SIZE + 1)
            return body, page.url or response.geturl(), page.encoding or response.headers.get_content_charset()
    path = Path(page.source)
    body = path.read_bytes()
    if path.suffix.lower() == ".gz":
        body = gzip.decompress(body)
    return body, page.url, page.encoding


def _reason(exc: BaseException) -> str:
    if isinstance(exc, urllib.error.HTTPError):
        return f"HTTP {exc.code} {exc.reason}"
    if isinstance(exc, urllib.error.URLError):
        return f"cannot download: {exc.reason}"
    if isinstance(exc, OSError):
        return f"cannot read: {exc.strerror or exc}"
    return str(exc) or type(exc).__name__


def extract_page(page: Page) -> dict[str, Any]:
    """The JSON Lines record of one page: ``source``, the metadata and the
    content fields of ``page.formats``; or ``source`` and ``error``. Never raises
    for a bad page (it runs in a worker process)."""
    try:
        body, url, encoding = _load(page)
        result = extract(body, url, encoding=encoding, extractor=page.extractor, **page.options)
    except (OSError, EOFError, WebcleanError, ValueError) as exc:  # gzip and HTTP errors too
        return {"source": page.source, "error": _reason(exc)}
    record: dict[str, Any] = {"source": page.source, "url": result.url, "title": result.title}
    for name in page.formats:
        record[name] = getattr(result, name)
    record.update({name: getattr(result, name) for name in METADATA_FIELDS})
    if result.comments:
        record["comments"] = result.comments
    record["extractor"] = result.extractor
    record["encoding"] = result.encoding
    return record


@dataclass(slots=True)
class BatchSummary:
    pages: int = 0
    extracted: int = 0
    empty: int = 0
    failed: int = 0
    seconds: float = 0.0
    processes: int = 1
    errors: list[str] = field(default_factory=list)

    def line(self) -> str:
        rate = self.pages / self.seconds if self.seconds > 0 else 0.0
        return (f"webclean: {self.pages} pages in {self.seconds:.1f} s ({rate:.1f} pages/s, {self.processes}"
                f" process{'es' if self.processes > 1 else ''}): {self.extracted} extracted, {self.empty} with"
                f" no text, {self.failed} failed")


def _results(pages: list[Page], parallel: int) -> Iterator[dict[str, Any]]:
    if parallel <= 1 or len(pages) <= 1:
        yield from map(extract_page, pages)
        return
    # Not fork: the progress bar's monitor thread may be running already.
    method = "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"
    chunksize = max(1, min(16, len(pages) // (parallel * 8)))
    with ProcessPoolExecutor(parallel, mp_context=multiprocessing.get_context(method)) as pool:
        yield from pool.map(extract_page, pages, chunksize=chunksize)


def run_batch(pages: list[Page], out: IO[str], *, parallel: int = 1, progress: bool | None = None) -> BatchSummary:
    """Extract ``pages`` into ``out`` as JSON Lines, in input order.

    ``progress``: show a bar on stderr (``None``: when stderr is a terminal).
    """
    from tqdm import tqdm

    summary = BatchSummary(processes=max(1, min(parallel, len(pages))))
    start = time.perf_counter()
    bar = tqdm(total=len(pages), unit="page", file=sys.stderr, disable=(not progress) if progress is not None
               else None, dynamic_ncols=True)
    with bar:
        for record in _results(pages, parallel):
            out.write(json.dumps(record, ensure_ascii=False) + "\n")
            summary.pages += 1
            if "error" in record:
                summary.failed += 1
                summary.errors.append(f"{record['source']}: {record['error']}")
            elif record.get("text") or any(record.get(name) for name in ("html", "markdown")):
                summary.extracted += 1
            else:
                summary.empty += 1
            bar.update()
    summary.seconds = time.perf_counter() - start
    return summary
