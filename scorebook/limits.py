"""What one request may make the server do: how deep its JSON may nest. (How many problems an
answer lists is ``scorebook.sheets.capped``; how large a body may be, DATA_UPLOAD_MAX_MEMORY_SIZE.)

Python's JSON parser recurses once per level: about a thousand levels raise RecursionError, which
no view expects (a 500), and anything that walks the value afterwards recurses as deep. No entry,
option or match file nests more than about ten levels, so anything deeper is refused at the door.
"""

from __future__ import annotations

import json
from typing import Any

from django.conf import settings

MAX_DEPTH = 32  # levels of objects and lists; a match file needs about 8


class TooDeep(ValueError):
    """JSON nested more than MAX_DEPTH levels."""


def too_deep(value: Any) -> bool:
    """Whether *value* (parsed JSON) nests more than MAX_DEPTH levels. Walks with a list, not by
    recursion: the value may be as deep as the parser let it be."""
    todo: list[tuple[Any, int]] = [(value, 1)]
    while todo:
        item, depth = todo.pop()
        if isinstance(item, dict):
            children = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        if depth > MAX_DEPTH:
            return True
        todo.extend((child, depth + 1) for child in children if isinstance(child, (dict, list)))
    return False


def loads(text: str) -> Any:
    """``json.loads`` that refuses JSON nested too deep. :raises TooDeep:, ValueError: not JSON"""
    try:
        value = json.loads(text)
    except RecursionError:
        raise TooDeep from None
    if too_deep(value):
        raise TooDeep
    return value


def upload_megabytes() -> str:
    """The largest body a request may have (DATA_UPLOAD_MAX_MEMORY_SIZE), in MB for messages."""
    return f"{settings.DATA_UPLOAD_MAX_MEMORY_SIZE / (1024 * 1024):g}"
