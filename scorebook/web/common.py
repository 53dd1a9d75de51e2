"""What the pages share with the games' own pages and forms: reading a typed number, and answering
a referee check with its verdict. Imports nothing of the games or of the other page modules."""

from __future__ import annotations

import re
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render


def number(text: str | None) -> Any:
    """A typed number as an int; anything else is passed on as typed for the referee to refuse."""
    if text is None:
        return None
    cleaned = text.strip().replace("−", "-")
    if cleaned == "":
        return None
    if re.fullmatch(r"-?[0-9]{1,6}", cleaned):
        return int(cleaned)
    return cleaned


def verdict(request: HttpRequest, page: str, partial: str, context: dict[str, Any]) -> HttpResponse:
    """A check's answer: its verdict partial for htmx; the whole page, the form filled in, without
    JavaScript."""
    return render(request, f"{page}#{partial}" if request.htmx else page, context)
