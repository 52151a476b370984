"""The packaged JSON data files of trained models (``tagger.json``, ``arbiter.json``)."""

from __future__ import annotations

import json
from importlib import resources
from typing import Any


def trained_data(package: str, name: str, key: str, expected: tuple[str, ...]) -> dict[str, Any]:
    """Data file ``name`` of ``package``, checked to list ``expected`` under ``key`` (the inputs it was
    trained on, in order); read anew on each call, the callers cache what they make of it."""
    data: dict[str, Any] = json.loads(resources.files(package).joinpath(name).read_text("utf-8"))
    if tuple(data[key]) != expected:
        trainer = f"tests/training/train_{name.removesuffix('.json')}.py"
        raise RuntimeError(f"{name} was trained on other {key}; run {trainer}")
    return data
