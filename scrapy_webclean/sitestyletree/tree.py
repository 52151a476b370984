""":class:`SiteStyleTree`: a site's style tree, learned page by page."""

from __future__ import annotations

import os
from typing import Any, Callable

from .._document import Document, parse
from ..errors import SiteTreeError
from .cleaner import CompiledSiteTree
from .features import fingerprint, url_hash
from .keys import DEFAULT_KEY_NAME, AttrKey, default_key_function, key_name, presentation_key
from .learning import Element, merge_page
from .marks import mark_tree, preorder
from .storage import FORMAT, FORMAT_VERSION, check_header, is_int, read_body, read_file, tree_rows, write_file

#: Importance below which a known node is template. Tuned on the site-bbc and
#: site-163 corpora by learning from one half and cleaning the other: every
#: extractor scores within 0.005 F1 of its best anywhere from 0.3 to 0.8,
#: so the middle of that plateau.
DEFAULT_THRESHOLD = 0.5
DEFAULT_GAMMA = 0.9
DEFAULT_MAX_PAGES = 300
DEFAULT_MAX_FEATURES = 2000


class SiteStyleTree:
    """A site's style tree, learned from its pages; cleans any page of the site.

    ``threshold``: importance below which a known node is template (0..1);
    ``gamma``: the weight decay of composite importance (the seed's 0.9);
    ``max_pages``: pages learned at most (later :meth:`add_page` calls
    return ``False``); ``attr_key``: the presentation key, a function
    ``(tag, attrs) -> str`` (default :func:`presentation_key`); a tree saved
    with a custom key records the key's name and loads only with that key.
    ``max_features`` bounds the features stored per element node.

    Not thread-safe; :meth:`compile` gives a frozen, picklable cleaner for
    other threads or processes. How it learns and cleans: docs/sitestyletree.md.
    """

    def __init__(self, *, threshold: float = DEFAULT_THRESHOLD, gamma: float = DEFAULT_GAMMA,
                 max_pages: int = DEFAULT_MAX_PAGES, attr_key: AttrKey | None = None,
                 max_features: int = DEFAULT_MAX_FEATURES) -> None:
        self._threshold = _check_fraction("threshold", threshold, low_open=False)
        self._gamma = _check_fraction("gamma", gamma, low_open=True)
        self.max_pages = _check_count("max_pages", max_pages)
        self.max_features = _check_count("max_features", max_features)
        if attr_key is None:
            attr_key = presentation_key
        if not callable(attr_key):
            raise TypeError(f"attr_key must be a callable (tag, attrs) -> str, not {type(attr_key).__name__}")
        self.attr_key: AttrKey = attr_key
        self.attr_key_name = key_name(attr_key)
        #: the host the tree was learned for, when its learner said (saved with it)
        self.site: str | None = None
        self.pages = 0
        self._keys: list[tuple[str, str]] = []
        self._key_ids: dict[tuple[str, str], int] = {}
        self._root = Element(-1)
        self._seen: set[str] = set()
        self._dirty = True
        self._compiled: CompiledSiteTree | None = None

    # -- settings -----------------------------------------------------------------
    @property
    def threshold(self) -> float:
        return self._threshold

    @threshold.setter
    def threshold(self, value: float) -> None:
        self._threshold = _check_fraction("threshold", value, low_open=False)
        self._changed()

    @property
    def gamma(self) -> float:
        return self._gamma

    @gamma.setter
    def gamma(self, value: float) -> None:
        self._gamma = _check_fraction("gamma", value, low_open=True)
        self._changed()

    def _changed(self) -> None:
        self._dirty = True
        self._compiled = None

    def __len__(self) -> int:
        """Pages learned."""
        return self.pages

    def __repr__(self) -> str:
        return (f"<SiteStyleTree pages={self.pages} threshold={self._threshold} "
                f"attr_key={self.attr_key_name!r}>")

    # -- learning ----------------------------------------------------------------
    def _key_id(self, key: tuple[str, str]) -> int:
        kid = self._key_ids.get(key)
        if kid is None:
            kid = len(self._keys)
            self._keys.append(key)
            self._key_ids[key] = kid
        return kid

    def add_page(self, body: bytes | str | Document | None, url: str | None = None, *,
                 encoding: str | None = None) -> bool:
        """Merge one page of the site into the tree.

        ``body`` is the response body (bytes, or str) or an already parsed
        :class:`~scrapy_webclean._document.Document` (so a crawler parses
        each page once). Returns ``True`` when the page was learned;
        ``False`` when ``max_pages`` pages were learned already, when the
        page is empty, or when the same URL or the same text was learned
        before (a page learned twice would make its own text look like
        template). Never raises on a bad page.
        """
        if self.pages >= self.max_pages:
            return False
        doc = body if isinstance(body, Document) else parse(body, url, encoding=encoding)
        if doc.is_empty:
            return False
        url = url if url is not None else doc.url
        marks = [fingerprint(doc)]
        if url:
            marks.append(url_hash(url))
        if any(mark in self._seen for mark in marks):
            return False
        self._seen.update(marks)
        page = self.pages
        self.pages += 1
        self._changed()
        merge_page(self._root, doc, page, self._key_function(doc), self.max_features)
        return True

    def _key_function(self, doc: Document) -> Callable[[int], int]:
        """Page node -> key id (new keys get new ids)."""
        attr_key, tags, key_id = self.attr_key, doc.tags, self._key_id
        if attr_key is presentation_key:
            node_key = default_key_function(doc)

            def key_of(i: int) -> int:
                return key_id((tags[i], node_key(i)))
        else:
            def key_of(i: int) -> int:
                return key_id((tags[i], str(attr_key(tags[i], doc.attrs(i)))))
        return key_of

    def _update(self) -> None:
        """Compute every node's importance and marks (lazily, once per change)."""
        if self._dirty:
            mark_tree(preorder(self._root), self._keys, self._gamma, self._threshold)
            self._dirty = False

    # -- cleaning ------------------------------------------------------------------
    def compile(self) -> CompiledSiteTree:
        """A frozen cleaner for this tree as it is now (cached until the next change).

        It holds only the part of the tree that can remove anything (the
        paths down to low nodes), so it is much smaller than the tree, and it
        pickles cheaply (flat tables, no nesting; the key function is
        pickled by reference, so a custom key must be importable) to be sent
        to worker processes. ``compiled.noise_mask(doc)`` gives exactly what
        :meth:`noise_mask` gives.
        """
        if self._compiled is None:
            self._update()
            self._compiled = CompiledSiteTree.from_tree(self._root, self._keys, self.attr_key, self.pages,
                                                        self.threshold)
        return self._compiled

    def noise_mask(self, doc: Document, *, fields: bool = True) -> bytearray:
        """1 for every node of ``doc`` that is the site's template (see docs/sitestyletree.md;
        ``fields``: the fields of labelled blocks and labelled lines too).

        A tree learned from fewer than two pages removes nothing.
        """
        return self.compile().noise_mask(doc, fields=fields)

    def clean(self, body: bytes | str | Document | None, url: str | None = None, *,
              encoding: str | None = None) -> Document:
        """The page as a :class:`Document` view with the template removed."""
        doc = body if isinstance(body, Document) else parse(body, url, encoding=encoding)
        if doc.is_empty:
            return doc
        return doc.with_removed(self.noise_mask(doc))

    def stats(self) -> dict[str, int]:
        """Sizes for bounded-memory checks: ``pages``, ``elements``, ``styles``,
        ``features`` (stored feature counts), ``keys``, and the ``low``,
        ``noisy`` and ``meaningful`` element nodes."""
        self._update()
        elements = styles = features = low = noisy = meaningful = 0
        for e in preorder(self._root)[1:]:
            elements += 1
            if e.features:
                features += len(e.features)
            if e.styles:
                styles += len(e.styles)
            low += e.low
            noisy += e.noisy
            meaningful += not e.any_noisy
        return {"pages": self.pages, "elements": elements, "styles": styles, "features": features,
                "keys": len(self._keys), "low": low, "noisy": noisy, "meaningful": meaningful}

    # -- persistence ---------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """The whole tree as JSON-ready data (format documented in docs/sitestyletree.md).

        Element nodes are listed in preorder, the virtual root first, as
        ``[key, m, features, overflow, run_lo, run_hi, leads]`` (the shortest
        and longest runs of like siblings it came in; ``leads``: first token
        of its text -> pages, or None when it can be no labelled line);
        ``children`` rows are
        ``[parent, child]`` and ``styles`` rows ``[element, n, key sequence]``.
        """
        elements, children, styles = tree_rows(preorder(self._root))
        return {
            "format": FORMAT,
            "version": FORMAT_VERSION,
            "attr_key": self.attr_key_name,
            "threshold": self._threshold,
            "gamma": self._gamma,
            "max_pages": self.max_pages,
            "max_features": self.max_features,
            "pages": self.pages,
            "seen": sorted(self._seen),
            "keys": [list(k) for k in self._keys],
            "elements": elements,
            "children": children,
            "styles": styles,
            **({"site": self.site} if self.site is not None else {}),
        }

    @classmethod
    def from_dict(cls, data: Any, *, attr_key: AttrKey | None = None) -> SiteStyleTree:
        """A tree from :meth:`to_dict` data. ``attr_key`` must be the key the
        tree was learned with when that was not the default.

        Raises :class:`~scrapy_webclean.errors.SiteTreeError` for data that is
        not a site style tree, of another format version, learned with
        another key, or inconsistent.
        """
        version = check_header(data, key_name(attr_key) if attr_key is not None else DEFAULT_KEY_NAME)
        try:
            tree = cls(threshold=data["threshold"], gamma=data["gamma"], max_pages=data["max_pages"],
                       attr_key=attr_key, max_features=data["max_features"])
            tree.pages, tree._keys, tree._seen, tree._root = read_body(data, version)
            tree._key_ids = {k: i for i, k in enumerate(tree._keys)}
            site = data.get("site")
            tree.site = site if isinstance(site, str) else None
        except SiteTreeError:
            raise
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
            raise SiteTreeError(f"corrupt site style tree: {type(exc).__name__}: {exc}") from None
        return tree

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the tree as JSON (gzip-compressed when ``path`` ends in ``.gz``).

        The file is written beside ``path`` first and then renamed, so a
        crash never leaves half a tree.
        """
        write_file(self.to_dict(), path)

    @classmethod
    def load(cls, path: str | os.PathLike[str], *, attr_key: AttrKey | None = None) -> SiteStyleTree:
        """Read a tree written by :meth:`save`.

        Raises :class:`~scrapy_webclean.errors.SiteTreeError` when the file is
        not a valid, compatible tree (``OSError`` when it cannot be read).
        """
        return cls.from_dict(read_file(path), attr_key=attr_key)

    def __getstate__(self) -> dict[str, Any]:
        # Flat, so that pickling a tree of 10,000-deep pages does not recurse.
        return {"tree": self.to_dict(), "attr_key": self.attr_key}

    def __setstate__(self, state: dict[str, Any]) -> None:
        fn = state["attr_key"]
        other = SiteStyleTree.from_dict(state["tree"], attr_key=None if fn is presentation_key else fn)
        self.__dict__.update(other.__dict__)


def _check_fraction(name: str, value: Any, *, low_open: bool) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value != value:
        raise ValueError(f"{name} must be a number between 0 and 1, not {value!r}")
    value = float(value)
    if not (0.0 < value <= 1.0 if low_open else 0.0 <= value <= 1.0):
        raise ValueError(f"{name} must be between 0 and 1, not {value!r}")
    return value


def _check_count(name: str, value: Any) -> int:
    if not is_int(value) or value < 1:
        raise ValueError(f"{name} must be a positive integer, not {value!r}")
    return value
