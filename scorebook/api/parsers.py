"""The API's JSON parser: DRF's, refusing JSON nested deeper than ``scorebook.limits.MAX_DEPTH``
(a ParseError the exception handler answers as ``too_deep``, not a RecursionError and a 500)."""

from __future__ import annotations

from typing import Any

from rest_framework import parsers
from rest_framework.exceptions import ParseError

from scorebook.limits import too_deep


class TooDeep(ParseError):
    default_code = "too_deep"


class JSONParser(parsers.JSONParser):
    def parse(self, stream: Any, media_type: str | None = None, parser_context: Any = None) -> Any:
        try:
            data = super().parse(stream, media_type, parser_context)
        except RecursionError:
            raise TooDeep from None
        if too_deep(data):
            raise TooDeep
        return data
