"""Chinese punctuation and DOM path similarity (seed 002).

Every run of text is a *leaf* (the seed wraps each in a ``<text>`` element,
so text split by inline tags keeps its order) with its *path*: the node keys
from the root down to it, e.g. html→body→div→p→text. Article prose is where
the Chinese full stops are, so the leaf with the most full stops gives the
*sample path*. The sample is checked against the other punctuation-rich
leaves: among the ``sample_candidates`` leaves with most marks, the one whose
path keeps the most marks wins (a lone full-stop-rich caption or comment
cannot pull the sample away from the article). Then every leaf whose path is
similar enough to the sample is kept.

Path similarity ``K = 2N / (Li + Lj)``: ``N`` nodes match from the root down
(the common prefix), ``Li`` and ``Lj`` are the lengths; 0 when the roots
differ, 1 for identical paths. The default threshold is the seed's worst
case, ``2(L0-1) / (2L0+2)`` with ``L0`` the sample path's length: prose that
is both linked and emphasised matches one node fewer and is two nodes
longer, and must still pass (``>=``).

Choices (spec section 4) exposed as options: which marks count
(``punctuation``, the full stop by default), the threshold, the node key of a
path (``node_key``: the tag as in the seed, or the tag and its classes), and a
``fallback`` for pages with none of the marks: Latin sentence ends, so an
English page gives its prose rather than nothing. The seed removes form,
script and style first; script and style are invisible anyway and ``form``
is the default of ``remove_tags``.

Output: the kept leaves as text blocks, one per block-level parent (a
``<br>`` also starts a block), so paragraphs stay paragraphs.
"""

from __future__ import annotations

import re
from typing import Any, Iterable, Mapping, Sequence

from .._document import BLOCK_TAGS, Document, text_nodes
from .._render import BlockSelection
from .base import Extractor, Option, SelectionResult, register

__all__ = ["PunctuationPathExtractor", "path_similarity", "worst_case_threshold"]

#: Marks counted by default: the Chinese full stop (the seed's 96% figure).
FULL_STOP = "。"
#: A Latin sentence end: . ! or ? after a letter (not in numbers or URLs),
#: optionally closed by a quote or bracket, then whitespace or the end.
_LATIN_END = re.compile(r"(?<=[^\W\d_])[.!?]['\"”’)\]]*(?=\s|$)")
_TEXT = "\x00text"  # the key of the seed's <text> leaf; no tag can be named this


@register
class PunctuationPathExtractor(Extractor):
    name = "punctuation_path"
    summary = "seed 002: the full-stop-richest text gives a DOM path; keep text on similar paths"
    options = (
        Option("punctuation", FULL_STOP, str, "marks counted per text leaf (e.g. '。！？；' for every "
               "Chinese sentence end)"),
        Option("threshold", None, float, "keep leaves whose path similarity to the sample is at least this; "
               "None: the seed's worst case 2(L0-1)/(2L0+2)", minimum=0.0, maximum=1.0),
        Option("sample_candidates", 5, int, "leaves richest in marks checked as the sample (1: the richest "
               "only, as the seed's step 3 alone)", minimum=1),
        Option("node_key", "tag", "choice", "what names a path node: the tag (the seed) or the tag and "
               "its class attribute", choices=("tag", "tag_class")),
        Option("fallback", "latin", "choice", "on a page without the marks: count Latin sentence ends "
               "(latin) or keep nothing (none)", choices=("latin", "none")),
        Option("remove_tags", ("form",), "strings", "tags removed before collecting leaves (the seed: form)"),
    )

    def select(self, doc: Document, opts: Mapping[str, Any]) -> SelectionResult:
        excluded = doc.excluded_mask()
        removed = frozenset(opts["remove_tags"])
        if removed:  # text_nodes skips the whole subtree of a flagged node
            excluded = bytearray(excluded)
            for i, tag in enumerate(doc.tags):
                if tag in removed:
                    excluded[i] = 1
        pieces = text_nodes(doc, excluded=excluded)
        if not pieces:
            return SelectionResult(BlockSelection([]))
        parent = doc.parent
        owners = [parent[node] if is_tail else node for node, is_tail, _ in pieces]
        leaves = [k for k, (_, _, text) in enumerate(pieces) if not text.isspace()]
        counts = _mark_counts([pieces[k][2] for k in leaves], opts["punctuation"], opts["fallback"])
        if not any(counts):
            return SelectionResult(BlockSelection([]))
        paths = _PathTable(doc, _node_keys(doc, opts["node_key"]))
        leaf_pids = [paths.pid(owners[k]) for k in leaves]
        marks: dict[int, int] = {}  # marks per distinct owner path
        for pid, c in zip(leaf_pids, counts):
            marks[pid] = marks.get(pid, 0) + c
        ranked = sorted(range(len(leaves)), key=lambda k: (-counts[k], k))
        ranked = [k for k in ranked[:opts["sample_candidates"]] if counts[k]]
        best: tuple[int, set[int]] = (-1, set())
        for k in ranked:
            kept_paths = _similar_paths(paths, marks, leaf_pids[k], opts["threshold"])
            total = sum(marks[pid] for pid in kept_paths)
            if total > best[0]:
                best = (total, kept_paths)
        kept = [False] * len(pieces)
        for k, pid in zip(leaves, leaf_pids):
            kept[k] = pid in best[1]
        return SelectionResult(BlockSelection(_blocks(doc, pieces, owners, kept)))


def worst_case_threshold(sample_len: int) -> float:
    """The seed's default threshold for a sample path of ``sample_len`` nodes.

    >>> worst_case_threshold(6)  # html body div div p text
    0.7142857142857143
    """
    return 2 * (sample_len - 1) / (2 * sample_len + 2)


def path_similarity(a: Sequence[str], b: Sequence[str]) -> float:
    """``2N / (len(a) + len(b))`` with ``N`` the length of the common prefix.

    >>> path_similarity(["html", "body", "p", "text"], ["html", "body", "p", "text"])
    1.0
    >>> path_similarity(["html", "body", "p", "text"], ["body", "p", "text"])
    0.0
    >>> path_similarity(["html", "body", "p", "text"], ["html", "body", "p", "a", "b", "text"])
    0.6
    """
    n = 0
    for x, y in zip(a, b):
        if x != y:
            break
        n += 1
    total = len(a) + len(b)
    return 2 * n / total if total else 0.0


def _mark_counts(texts: Sequence[str], marks: str, fallback: str) -> list[int]:
    if len(marks) == 1:
        counts = [t.count(marks) for t in texts]
    else:
        counts = [sum(t.count(m) for m in marks) for t in texts] if marks else [0] * len(texts)
    if not any(counts) and fallback == "latin":
        counts = [len(_LATIN_END.findall(t)) for t in texts]
    return counts


def _node_keys(doc: Document, node_key: str) -> list[str]:
    if node_key == "tag":
        return doc.tags
    keys = []
    for i, tag in enumerate(doc.tags):
        cls = doc.nodes[i].get("class") if tag else None
        keys.append(f"{tag}.{'.'.join(cls.split())}" if cls else tag)
    return keys


class _PathTable:
    """Interned paths: equal paths share an id, and a path's parent is its prefix.

    Only the paths of the leaves' owners (and their prefixes) are built, so
    comparing a leaf with the sample costs a walk up the path ids, not a
    walk over the page.
    """

    __slots__ = ("doc", "keys", "node_pid", "parent", "depth", "_ids")

    def __init__(self, doc: Document, keys: Sequence[str]) -> None:
        self.doc = doc
        self.keys = keys
        self.node_pid: dict[int, int] = {}
        self.parent: list[int] = []  # path id of the prefix one node shorter (-1 at the root)
        self.depth: list[int] = []  # nodes in the path, minus one
        self._ids: dict[tuple[int, str], int] = {}

    def pid(self, node: int) -> int:
        node_pid, parent = self.node_pid, self.doc.parent
        chain = []
        i = node
        while i >= 0 and i not in node_pid:
            chain.append(i)
            i = parent[i]
        up = node_pid[i] if i >= 0 else -1
        for j in reversed(chain):
            key = (up, self.keys[j])
            pid = self._ids.get(key)
            if pid is None:
                pid = self._ids[key] = len(self.parent)
                self.parent.append(up)
                self.depth.append(self.depth[up] + 1 if up >= 0 else 0)
            node_pid[j] = up = pid
        return up


def _similar_paths(paths: _PathTable, owner_pids: Iterable[int], sample_pid: int,
                   threshold: float | None) -> set[int]:
    """The owner paths whose leaves pass the similarity test against the sample.

    A leaf's path is its owner's path plus the text node, which matches the
    sample's text node only when the owner paths are equal.
    """
    parent, depth = paths.parent, paths.depth
    prefixes = set()
    q = sample_pid
    while q >= 0:
        prefixes.add(q)
        q = parent[q]
    l0 = depth[sample_pid] + 2
    if threshold is None:
        threshold = worst_case_threshold(l0)
    out = set()
    for pid in owner_pids:
        if pid == sample_pid:
            common = l0
        else:
            q = pid
            while q >= 0 and q not in prefixes:
                q = parent[q]
            common = depth[q] + 1 if q >= 0 else 0
        # 2N/(Li+L0) >= t, with slack for rounding: the worst case sits exactly on the threshold.
        if 2 * common >= threshold * (depth[pid] + 2 + l0) - 1e-9:
            out.add(pid)
    return out


def _blocks(doc: Document, pieces: Sequence[tuple[int, bool, str]], owners: Sequence[int],
            kept: Sequence[bool]) -> list[str]:
    """Kept leaves joined into one block per block-level parent, in order."""
    tags, parent = doc.tags, doc.parent
    block_of: dict[int, int] = {}

    def block(i: int) -> int:
        start = i
        chain = []
        while i >= 0 and tags[i] not in BLOCK_TAGS and i not in block_of:
            chain.append(i)
            i = parent[i]
        b = block_of.get(i, i) if i >= 0 else start
        for j in chain:
            block_of[j] = b
        return b

    out: list[str] = []
    cur: list[str] = []
    last = -1
    for (node, is_tail, text), owner, keep in zip(pieces, owners, kept):
        if text.isspace():  # whitespace between inline tags separates words
            if cur and not (is_tail and tags[node] == "br") and block(owner) == last:
                cur.append(" ")
            continue
        if not keep:
            continue
        b = block(owner)
        if cur and (b != last or (is_tail and tags[node] == "br")):
            out.append("".join(cur))
            cur = []
        cur.append(text)
        last = b
    if cur:
        out.append("".join(cur))
    return out
