"""Walks over a :class:`~scrapy_webclean._document.Document`'s kept nodes and text pieces."""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from itertools import accumulate
from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator, Sequence, overload

from ._deadline import CHECK_EVERY, check_deadline, chunks_up

if TYPE_CHECKING:
    from ._document import Document

__all__ = ["walk_kept", "text_nodes", "first_words_at", "text_content", "subtree_text", "text_over", "subtree_texts",
           "node_positions", "owned_text", "positions", "positions_of", "tag_positions",
           "tag_positions_of", "holding", "flagged", "common_region",
           "merge_subtrees", "OwnersAndDead"]


def walk_kept(doc: Document, root: int, skip: bytes | bytearray, enter: Callable[[int], None],
              leave: Callable[[int], None], passed: Callable[[int], None]) -> None:
    """Walk the subtree of ``root`` in document order, leaving out the
    subtrees of nodes flagged in ``skip``.

    ``enter(i)`` is called on reaching each kept node, ``leave(i)`` once its
    subtree is done (children before parents, as end tags come), and
    ``passed(i)`` in place of a skipped subtree (its tail, which belongs to
    the parent, is still the caller's to use). A loop over index ranges with
    a stack of open nodes: no recursion, however deep the page nests; the
    time limit is checked as it goes.
    """
    end = doc.end
    stack: list[int] = []
    push, pop = stack.append, stack.pop
    stop = end[root]
    i = root
    while i < stop:
        if not i & CHECK_EVERY:
            check_deadline()
        while stack and end[stack[-1]] <= i:
            leave(pop())
        if skip[i]:
            passed(i)
            i = end[i]
            continue
        enter(i)
        push(i)
        i += 1
    while stack:
        leave(pop())


def text_nodes(doc: Document, start: int | None = None, *,
               excluded: bytearray | None = None) -> Sequence[tuple[int, bool, str]]:
    """Text pieces under ``start`` (default: the whole page) in reading order.

    Each is ``(node, is_tail, text)``: the element's ``.text`` (``is_tail``
    false) or the ``.tail`` of element ``node`` (which belongs to its parent).
    Invisible and removed subtrees (or those flagged in ``excluded``, an
    extractor's own mask) are skipped, their tails kept.
    """
    if doc.is_empty:
        return []
    if excluded is None:
        excluded = doc.excluded_mask()
    s = doc.body if start is None else start
    texts, tails = doc.texts, doc.tails
    out: list[tuple[int, bool, str]] = []
    add = out.append

    def enter(i: int) -> None:
        text = texts[i]
        if text:
            add((i, False, text))

    def leave(j: int) -> None:
        tail = tails[j]
        if j != s and tail:
            add((j, True, tail))

    walk_kept(doc, s, excluded, enter, leave, leave)
    return out


def first_words_at(doc: Document, start: int, *, excluded: bytearray | None = None) -> int:
    """The element whose text (its ``.text``, or the parent of a ``.tail``) is the first
    piece under ``start`` holding a letter (see :func:`text_nodes`), or -1 for none: where
    a card's or list item's words begin (in a link or not)."""
    for node, is_tail, text in text_nodes(doc, start, excluded=excluded):
        if any(ch.isalpha() for ch in text):
            return doc.parent[node] if is_tail else node
    return -1


def text_content(el) -> str:
    """All text under an element (its own tail excluded), as ``text_content()``
    of lxml.html elements gives it."""
    return "".join(el.itertext())


def subtree_text(doc: Document, i: int) -> str:
    """``text_content(doc.nodes[i])`` read from the document's arrays: the
    texts and tails of the subtree of ``i`` in reading order (each node's
    text, its children's text and tails, then its own tail), without
    asking lxml for them again: a few times faster, whatever the size."""
    stop = doc.end[i]
    if stop == i + 1:
        return doc.texts[i] or ""  # most blocks are a leaf
    if "" in doc.tags[i:stop]:
        return text_content(doc.nodes[i])  # a node other than an element (the arrays hold no text of its)
    return _joined(doc, i, None)


def text_over(doc: Document, i: int, known: dict[int, str | None]) -> str | None:
    """``subtree_text(doc, i)`` read innermost first: the text of each element of ``known`` inside
    ``i`` (subtrees read before it, the page read backwards) is taken whole, and left out of
    ``known``: each element is read once, however deeply the ones read nest (a hostile page's chain
    of hundreds of elements, each read, was read once per level). None where one of them is None (a
    caller's mark: what holds it need not be read)."""
    end, tags, texts, tails = doc.end, doc.tags, doc.texts, doc.tails
    stop = end[i]
    if stop == i + 1:
        return texts[i] or ""
    if not tags[i]:
        return text_content(doc.nodes[i])  # an entity: its text is not in the arrays
    if stop - i > CHECK_EVERY:
        check_deadline()
    out = [texts[i] or ""]
    add = out.append
    stack: list[int] = []
    push, pop = stack.append, stack.pop
    j = i + 1
    while j < stop:
        while stack and end[stack[-1]] <= j:
            x = tails[pop()]
            if x:
                add(x)
        push(j)
        if j in known:
            inner = known.pop(j)
            if inner is None:
                return None
            add(inner)
            j = end[j]
            continue
        if not tags[j]:
            return text_content(doc.nodes[i])
        x = texts[j]
        if x:
            add(x)
        j += 1
    while stack:
        x = tails[pop()]
        if x:
            add(x)
    return "".join(out)


def subtree_texts(doc: Document, at: Iterable[int]) -> dict[int, str]:
    """``subtree_text`` of each element of ``at``, each element of the page read once: innermost
    first, the text of one inside another taken whole into the outer one's (:func:`text_over`)."""
    known: dict[int, str | None] = {}
    out: dict[int, str] = {}
    for k, i in enumerate(sorted(set(at), reverse=True)):
        if not k & CHECK_EVERY:
            check_deadline()
        out[i] = known[i] = text_over(doc, i, known) or ""
    return out


def node_positions(doc: Document, els: Iterable[Any]) -> list[int]:
    """Where each lxml element of ``els`` (the page's, in document order) is among ``doc.nodes``:
    each looked for from the one before, at C speed; -1 for one outside them (libxml2 may leave a
    second ``<html>`` tree beside the root, which an XPath from the root searches too)."""
    nodes, out, k = doc.nodes, [], 0
    where: dict[int, int] | None = None  # every node's position, once one element was not found
    for el in els:
        if where is None:
            try:
                k = nodes.index(el, k)
            except ValueError:
                where = {id(node): j for j, node in enumerate(nodes)}
            else:
                out.append(k)
                continue
        out.append(where.get(id(el), -1))
    return out


class OwnersAndDead(Sequence[int]):
    """Each node's block (``owner``; with none, no block: -1), a dead node its own: what
    :func:`owned_text` leaves out (read per node, for the few blocks read so, not made for all)."""

    __slots__ = ("owner", "dead")

    def __init__(self, owner: list[int] | None, dead: bytearray) -> None:
        self.owner, self.dead = owner, dead

    def __len__(self) -> int:
        return len(self.dead)

    @overload
    def __getitem__(self, j: int) -> int: ...
    @overload
    def __getitem__(self, j: slice) -> Sequence[int]: ...

    def __getitem__(self, j: int | slice) -> int | Sequence[int]:
        if isinstance(j, slice):
            return [self[k] for k in range(*j.indices(len(self)))]
        return j if self.dead[j] else (self.owner[j] if self.owner is not None else -1)


def owned_text(doc: Document, i: int, owner: Sequence[int]) -> str:
    """The text block ``i`` owns (``owner``: each node's block): its subtree's
    text without the blocks nested in it, whose tails it keeps."""
    stop = doc.end[i]
    if stop == i + 1 or "" in doc.tags[i:stop]:
        return subtree_text(doc, i)
    return _joined(doc, i, owner)


def _joined(doc: Document, i: int, owner: Sequence[int] | None) -> str:
    """The texts and tails of ``i``'s subtree in reading order; with ``owner``, without the
    subtrees of the blocks nested in it (``owner[j] == j``), their tails kept."""
    end, texts, tails = doc.end, doc.texts, doc.tails
    stop = end[i]
    if stop - i > CHECK_EVERY:
        check_deadline()
    out = [texts[i] or ""]
    add = out.append
    stack: list[int] = []
    push, pop = stack.append, stack.pop
    resume = 0  # inside a nested block until here
    for j in range(i + 1, stop):
        if j < resume:
            continue
        while stack and end[stack[-1]] <= j:
            x = tails[pop()]
            if x:
                add(x)
        push(j)
        if owner is not None and owner[j] == j:
            resume = end[j]
            continue
        x = texts[j]
        if x:
            add(x)
    while stack:
        x = tails[pop()]
        if x:
            add(x)
    return "".join(out)


def positions_of(items: Sequence[str], values: Iterable[str], start: int = 0, stop: int | None = None) -> list[int]:
    """Where any of ``values`` occurs in ``items`` from ``start`` to ``stop``, in order (see :func:`positions`)."""
    return sorted(k for value in values for k in positions(items, value, start, stop))


def positions(items: Sequence[str], value: str, start: int = 0, stop: int | None = None) -> list[int]:
    """Where ``value`` occurs in ``items`` (a document's tags) from ``start``
    to ``stop``, in order: ``list.index`` from each one to the next, at C speed."""
    out: list[int] = []
    i = start - 1
    end = len(items) if stop is None else stop
    try:
        while True:
            i = items.index(value, i + 1, end)
            out.append(i)
    except ValueError:
        return out


def tag_positions(doc: Document, value: str, start: int = 0, stop: int | None = None) -> list[int]:
    """:func:`positions` of ``value`` in ``doc.tags``, read from the page's tag index (built once per
    parse: a page's tags are asked for a few dozen times, many of them absent, each a search of them all)."""
    if start < 0 or (stop is not None and stop < 0):
        return positions(doc.tags, value, start, stop)
    found = _tag_index(doc).get(value)
    if not found:
        return []
    lo = bisect_left(found, start) if start else 0
    return found[lo:] if stop is None else found[lo:bisect_left(found, stop)]


def tag_positions_of(doc: Document, values: Iterable[str], start: int = 0, stop: int | None = None) -> list[int]:
    """:func:`positions_of` in ``doc.tags``, from the page's tag index (see :func:`tag_positions`)."""
    return sorted(k for value in values for k in tag_positions(doc, value, start, stop))


def _tag_index(doc: Document) -> dict[str, list[int]]:
    """Each tag of ``doc`` -> where it occurs, in order (one loop over the tags, per parse)."""
    index: dict[str, list[int]] | None = doc.parse_memo.get(_TAG_INDEX)
    if index is None:
        index = {}
        get, tags = index.get, doc.tags
        for lo, hi in chunks_up(0, len(tags)):
            for i, t in zip(range(lo, hi), tags[lo:hi]):
                at = get(t)
                if at is None:
                    index[t] = [i]
                else:
                    at.append(i)
        doc.parse_memo[_TAG_INDEX] = index
    return index


_TAG_INDEX = "tag_index"


def holding(pieces: Sequence[str | None], marks: Sequence[str]) -> list[int]:
    """Where a piece (a document's texts or tails: none holds a NUL) holds
    any of ``marks``, in order: the pieces joined and searched at C speed,
    not tested one by one."""
    texts = [piece or "" for piece in pieces]
    joined = "\0".join(texts)
    if not any(mark in joined for mark in marks):
        return []
    starts = list(accumulate(map((1).__add__, map(len, texts)), initial=0))  # each piece's offset, and the end
    found: set[int] = set()
    for mark in marks:
        at = joined.find(mark)
        while at >= 0:
            k = bisect_right(starts, at) - 1
            found.add(k)
            at = joined.find(mark, starts[k + 1])
    return sorted(found)


def common_region(doc: Document, root: int, parts: Sequence[int]) -> tuple[int, bytearray, bytearray]:
    """The lowest common ancestor of ``root`` and ``parts``; a mask of their subtrees; and a mask of
    the paths down to them from it (their ancestors under it, outside those subtrees)."""
    parent, end = doc.parent, doc.end
    top = root
    for k in parts:
        while not top <= k < end[top]:
            top = parent[top]
    kept = bytearray(len(doc))
    path = bytearray(len(doc))
    for k in (root, *parts):
        kept[k:end[k]] = b"\x01" * (end[k] - k)
    for k in (root, *parts):
        a = parent[k]
        while a > top and not kept[a] and not path[a]:
            path[a] = 1
            a = parent[a]
    return top, kept, path


def merge_subtrees(doc: Document, root: int, parts: Sequence[int], drop: bytearray) -> int:
    """The lowest common ancestor of ``root`` and ``parts``; under it, every node outside their subtrees
    and the paths down to them is flagged in ``drop``, with its whole subtree."""
    top, kept, path = common_region(doc, root, parts)
    end = doc.end
    i, stop = top + 1, end[top]
    while i < stop:
        if not i & CHECK_EVERY:
            check_deadline()
        if path[i]:
            i += 1
            continue
        if not kept[i]:
            drop[i:end[i]] = b"\x01" * (end[i] - i)
        i = end[i]
    return top


def marked_above(parent: Sequence[int], marks: bytes | bytearray, i: int, stop: int) -> bool:
    """Whether an ancestor of ``i`` below ``stop`` is marked (not zero) in ``marks``."""
    a = parent[i]
    while a > stop:
        if marks[a]:
            return True
        a = parent[a]
    return False


def holds_any(at: Sequence[int], start: int, stop: int) -> bool:
    """Whether one of the sorted positions ``at`` lies in ``[start, stop)`` (a subtree's span)."""
    k = bisect_left(at, start)
    return k < len(at) and at[k] < stop


def flagged(marks: bytes | bytearray) -> Iterator[int]:
    """The positions of the bytes of ``marks`` that are not zero, found at C speed."""
    flags = marks.translate(_NONZERO)
    i = flags.find(1)
    while i >= 0:
        yield i
        i = flags.find(1, i + 1)


#: Every byte but zero to one.
_NONZERO = bytes([0] + [1] * 255)
