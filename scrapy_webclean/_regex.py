"""Atomic groups in regular expressions on every supported Python: ``(?>...)`` from Python 3.11,
the classic emulation (a lookahead captures, a backreference consumes) before it."""

from __future__ import annotations

import itertools
import re
import sys

__all__ = ["HAS_ATOMIC", "atomic", "compile_atomic"]

HAS_ATOMIC = sys.version_info >= (3, 11)
_atomic_ids = itertools.count()


def atomic(x: str) -> str:
    """``x`` as an atomic group: once matched it is never re-entered, so a
    failure later in the pattern cannot make it backtrack."""
    if HAS_ATOMIC:
        return f"(?>{x})"
    name = f"a{next(_atomic_ids)}"  # the classic emulation before Python 3.11
    return f"(?:(?=(?P<{name}>{x}))(?P={name}))"  # a group: a quantifier after it repeats it whole


_EMULATED = re.compile(r"\(\?P([<=])(a\d+)")


def compile_atomic(pattern: str, flags: int = 0) -> re.Pattern[str]:
    """``re.compile``; before Python 3.11, each emulated atomic group (see
    :func:`atomic`) that a pattern holds more than once renamed apart."""
    if HAS_ATOMIC:
        return re.compile(pattern, flags)
    fresh = itertools.count()
    open_names: dict[str, list[str]] = {}

    def rename(m: re.Match[str]) -> str:
        kind, name = m.groups()
        if kind == "<":  # a group opens; its backreference follows it (one name is never nested in itself)
            open_names.setdefault(name, []).append(f"u{next(fresh)}")
            return f"(?P<{open_names[name][-1]}"
        return f"(?P={open_names[name].pop()}"

    return re.compile(_EMULATED.sub(rename, pattern), flags)
