"""What a row's ``Outcome.result`` holds, typed: each game declares one frozen dataclass per kind
of result (``RESULTS``, by entry kind) and ``dump`` writes it as the JSON the sheet keeps.

The JSON is what the API answers in a row's ``result`` and what the Django side reads (statistics,
chart markers, previews): its keys are the dataclass's fields, a field's ``metadata["json"]``
naming the key where the field cannot (``"from"``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any


def dump(value: Any) -> Any:
    """*value* as JSON: a dataclass as an object of its fields, tuples and lists as lists, a
    mapping as an object; anything else as it is."""
    kind = type(value)
    if kind in PLAIN:
        return value
    # Most items are plain already: checked here, not by a call each (a row's result holds ~15).
    if kind is tuple or kind is list:
        return [item if type(item) in PLAIN else dump(item) for item in value]
    if kind in _names:
        names = _names[kind]
    else:
        names = _names[kind] = _json_names(kind) if dataclasses.is_dataclass(kind) else None
    if names is not None:
        return {key: item if type(item := getattr(value, name)) in PLAIN else dump(item) for key, name in names}
    if isinstance(value, (list, tuple)):
        return [dump(item) for item in value]
    if isinstance(value, Mapping):
        return {key: dump(item) for key, item in value.items()}
    return value


# JSON as they are: exactly these types (no subclass: a dataclass or an enum of ints is not).
PLAIN = frozenset({str, int, bool, float, type(None)})
# Each type's (JSON key, field name) pairs if it is a dataclass, else None, read once: every deal's
# fold dumps its result, and ``dataclasses.fields`` builds its tuple anew at each call (a third of
# the dump's time), ``dataclasses.is_dataclass`` asks again for every tuple.
_names: dict[type, tuple[tuple[str, str], ...] | None] = {}


def _json_names(cls: type) -> tuple[tuple[str, str], ...]:
    return tuple((spec.metadata.get("json", spec.name), spec.name) for spec in dataclasses.fields(cls))


def keys(result_cls: type) -> set[str]:
    """The keys of a result kind's JSON."""
    return {spec.metadata.get("json", spec.name) for spec in dataclasses.fields(result_cls)}


def renamed(json_name: str) -> dict[str, str]:
    """The metadata of a field written under another key in the JSON (a Python keyword, such as
    ``from``): ``field(metadata=renamed("from"))``, a plain ``field`` so type checkers see it is one."""
    return {"json": json_name}
