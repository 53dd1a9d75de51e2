"""What the pages share with the games' own pages: answering a referee check with its verdict.
Imports nothing of the games or of the other page modules."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django_htmx.middleware import HtmxDetails


class HtmxHttpRequest(HttpRequest):
    """A request as a page sees it (for type checkers only): HtmxMiddleware adds ``htmx``, and
    ``scorebook.web.people.member_required`` the person acting at the match."""

    htmx: HtmxDetails
    person: Any


def verdict(request: HttpRequest, page: str, partial: str, context: dict[str, Any]) -> HttpResponse:
    """A check's answer: its verdict partial for htmx; the whole page, the form filled in, without
    JavaScript."""
    # HtmxMiddleware sets htmx on every request; the game pages calling this type theirs as plain ones.
    return render(request, f"{page}#{partial}" if request.htmx else page, context)  # type: ignore[attr-defined]
