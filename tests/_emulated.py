"""Copies of the package's modules built as Python 3.10 builds them: atomic groups and possessive
repeats emulated (see ``scrapy_webclean._regex``), so that one run can compare both builds."""

from __future__ import annotations

import types
from pathlib import Path

import scrapy_webclean._regex as regex

_NATIVE = "HAS_ATOMIC = sys.version_info >= (3, 11)"


def module_copy(module: types.ModuleType, replace: tuple[tuple[str, str], ...] = ()) -> types.ModuleType:
    """A fresh copy of ``module``, its source run again (``replace``: changes made to it first); its
    relative imports take the modules in ``sys.modules``."""
    source = Path(module.__file__ or "").read_text(encoding="utf-8")
    for old, new in replace:
        assert old in source, old
        source = source.replace(old, new)
    copy = types.ModuleType(f"{module.__name__}_copy")
    copy.__package__ = module.__package__
    exec(compile(source, module.__file__ or "", "exec"), copy.__dict__)
    return copy


def emulated_regex() -> types.ModuleType:
    """``scrapy_webclean._regex`` as Python 3.10 runs it (to put in ``sys.modules`` before copying a
    module that imports it)."""
    return module_copy(regex, ((_NATIVE, "HAS_ATOMIC = False"),))
