"""Extractors behind one small interface, registered by name.

An extractor is a class with a ``name``, a tuple of :class:`Option` specs
(their defaults are the algorithm authors' defaults) and a ``select``
method that reads a :class:`~scrapy_webclean._document.Document` and returns
a :class:`~scrapy_webclean._render.Selection`. It must not modify the
document.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar, Mapping

from .errors import InvalidOptionError, UnknownExtractorError

__all__ = ["Option", "Extractor", "register", "get_extractor", "available_extractors", "resolve_options"]


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
    """Base class of extractors. Subclasses set ``name``, ``options``, ``select``."""

    name: ClassVar[str] = ""
    #: One line for ``available_extractors`` listings and the README.
    summary: ClassVar[str] = ""
    options: ClassVar[tuple[Option, ...]] = ()

    def select(self, doc, opts: Mapping[str, Any]):  # pragma: no cover - interface
        raise NotImplementedError


_REGISTRY: dict[str, type[Extractor]] = {}


def register(cls: type[Extractor]) -> type[Extractor]:
    """Class decorator: make ``cls`` available under ``cls.name``."""
    if not cls.name:
        raise TypeError(f"{cls.__name__} has no name")
    _REGISTRY[cls.name] = cls
    return cls


def _load() -> None:
    # The built-in extractors register themselves on import.
    from . import extractors  # noqa: F401


def get_extractor(name: str) -> type[Extractor]:
    _load()
    try:
        return _REGISTRY[name]
    except (KeyError, TypeError):
        known = ", ".join(sorted(_REGISTRY))
        raise UnknownExtractorError(f"unknown extractor {name!r}; available: {known}") from None


def available_extractors() -> list[str]:
    """Names of every registered extractor, ``auto`` first."""
    _load()
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

