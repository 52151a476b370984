"""The extractor interface: what an extractor is, its options, and how it is registered.

An extractor is a subclass of :class:`Extractor` with a ``name``, a tuple
of :class:`Option` specs (their defaults are the algorithm authors'
defaults) and a :meth:`~Extractor.select` method that reads a parsed
:class:`Document` and returns a :class:`SelectionResult`: a
:class:`NodeSelection` (a subtree of the page, some nodes dropped) or a
:class:`BlockSelection` (lines of text), and metadata. It must not modify the document. Decorated with
:func:`register`, it is available by name to :func:`scrapy_webclean.extract`,
the pipeline and the command line::

    from scrapy_webclean.extractors import Extractor, NodeSelection, Option, SelectionResult, register

    @register
    class Everything(Extractor):
        name = "everything"
        summary = "the whole visible page"
        options = (Option("min_chars", 0, int, "ignored here", minimum=0),)

        def select(self, doc, opts):
            return SelectionResult(NodeSelection(doc, doc.body))
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar, Mapping

from .._document import Document, SiteCleaner
from .._render import BlockSelection, NodeSelection, Selection
from ..errors import InvalidOptionError, UnknownExtractorError

__all__ = ["Option", "Extractor", "SelectionResult", "SiteCleaner", "Document", "Selection", "NodeSelection",
           "BlockSelection", "register", "get_extractor", "available_extractors", "extractor_modules",
           "resolve_options"]


@dataclass(frozen=True)
class Option:
    """One extractor option: its name, default, type and meaning.

    ``kind`` is one of ``float``, ``int``, ``bool``, ``str``, ``"strings"``
    (a tuple of strings) or ``"choice"`` (one of ``choices``). ``minimum``
    and ``maximum`` bound numbers. ``None`` is accepted as a value when the
    default is ``None`` (meaning "decide per page").
    """

    name: str
    default: Any
    kind: Any
    help: str
    minimum: float | None = None
    maximum: float | None = None
    choices: tuple[str, ...] = field(default=())

    def coerce(self, value: Any, *, from_text: bool = False) -> Any:
        """Validate ``value``; with ``from_text``, also parse strings (settings)."""
        if value is None and self.default is None:
            return None
        bad = InvalidOptionError(f"invalid value {value!r} for option {self.name!r}: expected {self._expect()}")
        kind = self.kind
        if kind is bool:
            if isinstance(value, bool):
                return value
            if from_text and isinstance(value, (str, int)):
                text = str(value).strip().lower()
                if text in ("1", "true", "yes", "on"):
                    return True
                if text in ("0", "false", "no", "off"):
                    return False
            raise bad
        if kind in (int, float):
            if isinstance(value, bool):
                raise bad
            if from_text and isinstance(value, str):
                try:
                    value = float(value) if kind is float else int(value)
                except ValueError:
                    raise bad from None
            if kind is int and isinstance(value, float) and value.is_integer():
                value = int(value)
            if not isinstance(value, (int, float)) or (kind is int and not isinstance(value, int)):
                raise bad
            if value != value or value in (float("inf"), float("-inf")):
                raise bad
            if self.minimum is not None and value < self.minimum:
                raise bad
            if self.maximum is not None and value > self.maximum:
                raise bad
            return kind(value)
        if kind is str:
            if isinstance(value, str):
                return value
            raise bad
        if kind == "choice":
            if isinstance(value, str) and value in self.choices:
                return value
            raise bad
        if kind == "strings":
            if isinstance(value, str):
                if not from_text:
                    raise bad
                value = [v.strip() for v in value.split(",")]
            if isinstance(value, (list, tuple, set, frozenset)) and all(isinstance(v, str) for v in value):
                return tuple(v for v in value if v)
            raise bad
        raise AssertionError(f"unknown option kind {kind!r}")  # pragma: no cover

    def _expect(self) -> str:
        if self.kind == "choice":
            return "one of " + ", ".join(self.choices)
        if self.kind == "strings":
            return "a list of strings"
        name = self.kind.__name__
        lo = "" if self.minimum is None else f" >= {self.minimum}"
        hi = "" if self.maximum is None else f" <= {self.maximum}"
        return f"{name}{lo}{hi}".replace("  ", " ")


class Extractor:
    """Base class of extractors: subclasses set ``name``, ``summary``,
    ``options`` and ``select``, and are made available with :func:`register`."""

    #: The name ``extract(..., extractor=name)`` and the settings use.
    name: ClassVar[str] = ""
    #: One line for ``available_extractors`` listings and the README.
    summary: ClassVar[str] = ""
    #: The options ``select`` reads, with their defaults.
    options: ClassVar[tuple[Option, ...]] = ()
    #: True when the extractor reads only pages cleaned by a site style tree:
    #: :func:`scrapy_webclean.extract` then refuses to run it without ``site_tree``.
    needs_site_tree: ClassVar[bool] = False
    #: Whether a page cleaned by a ``site_tree`` loses the template's fields and
    #: labelled lines too (see :meth:`Document.cleaned`), not its noise alone.
    template_fields: ClassVar[bool] = True

    def select(self, doc: Document, opts: Mapping[str, Any]) -> SelectionResult:  # pragma: no cover - interface
        """The main content of ``doc`` (read-only), with ``opts`` resolved
        from :attr:`options` (every option present, each value checked)."""
        raise NotImplementedError


@dataclass
class SelectionResult:
    """What :meth:`Extractor.select` returns: the content kept, and any
    metadata fields the extractor read on the way (``title``, ``author``,
    ``date``... the fields of :class:`~scrapy_webclean.ExtractResult`);
    fields it leaves out are read from the page by the caller."""

    selection: Selection
    metadata: dict[str, Any] = field(default_factory=dict)


_REGISTRY: dict[str, type[Extractor]] = {}


def register(cls: type[Extractor]) -> type[Extractor]:
    """Class decorator: make ``cls`` available under ``cls.name`` (a later
    class of the same name replaces an earlier one)."""
    if not (isinstance(cls, type) and issubclass(cls, Extractor)):
        raise TypeError(f"{cls!r} is not an Extractor subclass")
    if not cls.name:
        raise TypeError(f"{cls.__name__} has no name")
    _REGISTRY[cls.name] = cls
    return cls


def get_extractor(name: str) -> type[Extractor]:
    """The extractor class registered as ``name`` (:class:`UnknownExtractorError` if none)."""
    try:
        return _REGISTRY[name]
    except (KeyError, TypeError):
        known = ", ".join(sorted(_REGISTRY))
        raise UnknownExtractorError(f"unknown extractor {name!r}; available: {known}") from None


def extractor_modules() -> list[str]:
    """The modules, outside this package, that registered the extractors known
    now: what another interpreter (a crawl's worker process) imports to know
    them too. ``__main__`` is among them when a script registered one."""
    return sorted({cls.__module__ for cls in _REGISTRY.values()
                   if cls.__module__.split(".")[0] != __name__.split(".")[0]})


def available_extractors() -> list[str]:
    """Names of every registered extractor, ``auto`` first."""
    return sorted(_REGISTRY, key=lambda n: (n != "auto", n))


def resolve_options(cls: type[Extractor], given: Mapping[str, Any], *, from_text: bool = False,
                    ignore_unknown: bool = False) -> dict[str, Any]:
    """Defaults of ``cls`` overridden by ``given``, each value validated.

    Raises :class:`InvalidOptionError` naming an unknown option (unless
    ``ignore_unknown``) or a bad value.
    """
    specs = {o.name: o for o in cls.options}
    unknown = [k for k in given if k not in specs]
    if unknown and not ignore_unknown:
        valid = ", ".join(sorted(specs)) or "none"
        raise InvalidOptionError(
            f"unknown option(s) {', '.join(map(repr, sorted(unknown)))} for extractor {cls.name!r}; valid: {valid}")
    out = {name: spec.default for name, spec in specs.items()}
    for k, v in given.items():
        if k in specs:
            out[k] = specs[k].coerce(v, from_text=from_text)
    return out

