"""A tree as JSON-ready data and as a file: rows out, checked rows in."""

from __future__ import annotations

import gzip
import json
import math
import os
import zlib
from typing import Any, Mapping

from ..errors import SiteTreeError
from .learning import LEAD_CAP, Element, Style, xlogx

#: The ``format`` field of a saved tree, and the version this code writes and reads.
FORMAT = "scrapy-webclean/site-style-tree"
FORMAT_VERSION = 4
#: Bytes a saved tree file may hold, decompressed (:func:`read_file`
#: reads and inflates no more): trees learned from the default 10 pages
#: take well under a megabyte.
MAX_FILE_BYTES = 32 << 20
#: Older versions this code still reads (version 2 has no run marks: its
#: element nodes count as seen in runs, so it marks no template fields;
#: versions 2 and 3 have no first tokens, so they mark no labelled lines).
READ_VERSIONS = (2, 3, 4)


def is_int(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def tree_rows(order: list[Element]) -> tuple[list[list[Any]], list[list[int]], list[list[Any]]]:
    """``(elements, children, styles)`` rows of the tree listed in ``order`` (preorder).

    Element rows are ``[key, m, features, overflow, run_lo, run_hi, leads]``,
    children rows ``[parent, child]`` and styles rows ``[element, n, key sequence]``.
    """
    elements: list[list[Any]] = []
    children: list[list[int]] = []
    styles: list[list[Any]] = []
    index: dict[int, int] = {}
    for e in order:
        index[id(e)] = len(elements)
        elements.append([e.key, e.m, dict(e.features) if e.features else {}, e.overflow, e.run_lo, e.run_hi,
                         None if e.leads is None else dict(e.leads)])
    for e in order:
        here = index[id(e)]
        if e.children:
            for c in e.children.values():
                children.append([here, index[id(c)]])
        if e.styles:
            for seq, s in e.styles.items():
                styles.append([here, s.n, list(seq)])
    return elements, children, styles


def check_header(data: Any, wanted_key: str) -> int:
    """The format version of tree data ``data`` learned with the key named
    ``wanted_key``; :class:`SiteTreeError` when it is no tree, of a version
    not read here, or learned with another key."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SiteTreeError("not a site style tree (no 'format': %r field)" % FORMAT)
    version = data.get("version")
    if not is_int(version) or version not in READ_VERSIONS:
        raise SiteTreeError(f"site style tree format version {version!r} is not supported "
                            f"(this version of scrapy-webclean reads versions "
                            f"{', '.join(map(str, READ_VERSIONS))})")
    saved_key = data.get("attr_key")
    if saved_key != wanted_key:
        raise SiteTreeError(f"the site style tree was learned with presentation key {saved_key!r}, "
                            f"not {wanted_key!r}: pass attr_key= the same function to load it")
    return version


def _bad(what: str) -> SiteTreeError:
    return SiteTreeError(f"corrupt site style tree: {what}")


def read_body(data: Mapping[str, Any], version: int = FORMAT_VERSION
              ) -> tuple[int, list[tuple[str, str]], set[str], Element]:
    """``(pages, keys, seen, root)`` of tree data, checked (:class:`SiteTreeError` when inconsistent)."""
    pages = data["pages"]
    if not is_int(pages) or pages < 0:
        raise _bad("'pages' is not a count")
    keys = data["keys"]
    if not isinstance(keys, list):
        raise _bad("'keys' is not a list")
    for k in keys:
        if not (isinstance(k, list) and len(k) == 2 and all(isinstance(s, str) for s in k)):
            raise _bad(f"key {k!r:.80} is not [tag, attr]")
    pairs = [(k[0], k[1]) for k in keys]
    if len(set(pairs)) != len(keys):
        raise _bad("duplicate keys")
    seen = data["seen"]
    if not isinstance(seen, list) or not all(isinstance(s, str) for s in seen):
        raise _bad("'seen' is not a list of strings")
    elements = _read_elements(data["elements"], version, pages, len(keys))
    _read_children(data["children"], elements)
    _read_styles(data["styles"], elements)
    return pages, pairs, set(seen), elements[0]


def _read_elements(rows: Any, version: int, pages: int, nkeys: int) -> list[Element]:
    if not isinstance(rows, list) or not rows:
        raise _bad("no element nodes")
    elements: list[Element] = []
    width = {2: 4, 3: 6}.get(version, 7)
    for pos, row in enumerate(rows):
        if not (isinstance(row, list) and len(row) == width):
            raise _bad(f"element {pos} is not [key, m, features, overflow"
                       f"{', run_lo, run_hi' if width >= 6 else ''}{', leads' if width == 7 else ''}]")
        key, m, feats, overflow = row[:4]
        # Version 2 did not record runs: count them as varied, so nothing is a template field.
        run_lo, run_hi = row[4:6] if width >= 6 else (1, 2)
        # Versions 2 and 3 did not record first tokens: no labelled lines.
        leads = row[6] if width == 7 else None
        if not (is_int(run_lo) and is_int(run_hi) and 0 <= run_lo <= run_hi and (run_lo or not run_hi)):
            raise _bad(f"element {pos} has runs {run_lo!r}, {run_hi!r}")
        if not (is_int(key) and (key == -1 if pos == 0 else 0 <= key < nkeys)):
            raise _bad(f"element {pos} has key {key!r}")
        if not (is_int(m) and 0 <= m <= pages) or not (is_int(overflow) and overflow >= 0):
            raise _bad(f"element {pos} has bad counts")
        if leads is not None and not (isinstance(leads, dict) and len(leads) <= LEAD_CAP and all(
                isinstance(t, str) and is_int(c) and 1 <= c <= m for t, c in leads.items())):
            raise _bad(f"element {pos} has first tokens {leads!r:.80}")
        if not isinstance(feats, dict):
            raise _bad(f"element {pos} features are not an object")
        e = Element(key)
        e.m, e.overflow, e.run_lo, e.run_hi = m, overflow, run_lo, run_hi
        e.leads = None if leads is None else dict(leads)
        if feats:
            log_df = 0.0
            for f, c in feats.items():
                if not (is_int(c) and 1 <= c <= m):
                    raise _bad(f"element {pos} feature {f!r:.40} has count {c!r}")
                log_df += math.log(c)
            e.features, e.log_df = dict(feats), log_df
        elements.append(e)
    return elements


def _read_children(rows: Any, elements: list[Element]) -> None:
    has_parent = bytearray(len(elements))
    for row in rows:
        if not (isinstance(row, list) and len(row) == 2 and all(is_int(x) for x in row)):
            raise _bad(f"child link {row!r:.80} is not [parent, child]")
        parent, kid = row
        # Preorder: a child comes after its parent, so the links cannot loop.
        if not (0 <= parent < kid < len(elements)) or has_parent[kid]:
            raise _bad(f"child link {row!r:.80} links elements wrongly")
        elem = elements[parent]
        if elem.children is None:
            elem.children = {}
        k = elements[kid].key
        if k in elem.children:
            raise _bad(f"element {parent} has two children with key {k}")
        elem.children[k] = elements[kid]
        has_parent[kid] = 1
    if not all(has_parent[1:]):
        raise _bad("an element node has no parent")


def _read_styles(rows: Any, elements: list[Element]) -> None:
    for row in rows:
        if not (isinstance(row, list) and len(row) == 3):
            raise _bad(f"style node {row!r:.80} is not [element, n, keys]")
        parent, n, seq = row
        if not (is_int(parent) and 0 <= parent < len(elements)):
            raise _bad(f"style node names element {parent!r}")
        elem = elements[parent]
        if not (is_int(n) and 1 <= n <= elem.m):
            raise _bad(f"style node under element {parent} has count {n!r}")
        if not (isinstance(seq, list) and all(is_int(k) for k in seq)):
            raise _bad(f"style node under element {parent} has bad keys")
        seq_t = tuple(seq)
        if any(k not in (elem.children or {}) for k in seq_t):
            raise _bad(f"style node under element {parent} names a child it does not have")
        if elem.styles is None:
            elem.styles = {}
        if seq_t in elem.styles:
            raise _bad(f"element {parent} has the same style twice")
        style = elem.styles[seq_t] = Style()
        style.n = n
        elem.n_total += n
        elem.n_log_n += xlogx(n)


def write_file(data: Mapping[str, Any], path: str | os.PathLike[str]) -> None:
    """Write ``data`` as JSON (gzip-compressed when ``path`` ends in ``.gz``).

    The file is written beside ``path`` first and then renamed, so a
    crash never leaves half a tree.
    """
    path = os.fspath(path)
    raw = json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    if path.endswith(".gz"):
        raw = gzip.compress(raw, mtime=0)
    tmp = f"{path}.tmp{os.getpid()}"
    try:
        with open(tmp, "wb") as fh:
            fh.write(raw)
        os.replace(tmp, path)
    except BaseException:
        # A full disk or a read-only directory: leave no half-written file.
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def read_file(path: str | os.PathLike[str]) -> Any:
    """The JSON data of a file written by :func:`write_file` (:class:`SiteTreeError`
    when it is no such file; ``OSError`` when it cannot be read)."""
    with open(os.fspath(path), "rb") as fh:
        raw = fh.read(MAX_FILE_BYTES + 1)
    try:
        if raw[:2] == b"\x1f\x8b":
            raw = _gunzip(raw, MAX_FILE_BYTES)
        if len(raw) > MAX_FILE_BYTES:
            raise ValueError(f"larger than {MAX_FILE_BYTES} bytes (MAX_FILE_BYTES)")
        return json.loads(raw.decode("utf-8"))
    except (OSError, EOFError, UnicodeDecodeError, ValueError, zlib.error) as exc:
        raise SiteTreeError(f"{os.fspath(path)} is not a site style tree file: {exc}") from None


def _gunzip(raw: bytes, limit: int) -> bytes:
    """The gzip-compressed ``raw`` decompressed, at most ``limit`` + 1 bytes
    of it: a gzip bomb stops there instead of filling the memory."""
    inflate = zlib.decompressobj(wbits=31)
    out = inflate.decompress(raw, limit + 1)
    if len(out) <= limit and not inflate.eof:
        raise EOFError("truncated gzip data")
    return out
