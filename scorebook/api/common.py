"""What the API's views share (and what the games' check APIs may use): a serializer that refuses
undeclared keys, reading a request body for shape, the schema's error answers, and the JSON of a
match, a deal and a write as API.md describes them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NoReturn

from django.http import HttpResponse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.utils import OpenApiResponse
from rest_framework import serializers
from rest_framework.renderers import JSONRenderer
from rest_framework.request import Request
from rest_framework.views import APIView

from scorebook import caches, selectors, services
from scorebook.models import Deal, Match, Revision
from scorebook.phone.wording import echoed
from scorebook.sheets import render_row, render_sheet, violation_json


class StrictSerializer(serializers.Serializer):
    """DRF drops undeclared keys silently; API.md wants them refused (``unknown_field``)."""

    def to_internal_value(self, data: Any) -> Any:
        if isinstance(data, dict):
            unknown = sorted(set(data) - set(self.fields))
            if unknown:  # the referee's words for it (referee.reading), the name as a refusal may show it
                raise serializers.ValidationError(
                    {name: [serializers.ErrorDetail(_("Unknown field “%(name)s”.") % {"name": echoed(name)},
                                                    code="unknown_field")]
                     for name in unknown})
        return super().to_internal_value(data)


class Choice(serializers.ChoiceField):
    """DRF's ChoiceField, whose refusal names the choices instead of quoting what was sent: a lone
    surrogate quoted could not be written (a 500, finding 8 of the second security pass), and a
    megabyte sent came back whole. Every choice of an input serializer is one of these
    (tests/scorebook/test_echoed_input.py)."""

    default_error_messages = {"invalid_choice": gettext_lazy("Not one of the choices: {choices}.")}

    def fail(self, key: str, **kwargs: Any) -> NoReturn:
        if key == "invalid_choice":
            kwargs = {"choices": ", ".join(str(choice) for choice in self.choices)}
        super().fail(key, **kwargs)


class Violation(serializers.Serializer):
    """One problem with a request, in API.md's shape (``violation_json``)."""

    code = serializers.CharField(help_text="stable and machine-readable, e.g. bid_step")
    message = serializers.CharField(help_text="in the request's language")
    field = serializers.CharField(allow_null=True, help_text='where: "bid", "points[1]", null for the whole request')
    severity = serializers.ChoiceField(choices=["error", "warning"])
    deal = serializers.IntegerField(required=False, help_text="the deal it is about, when not the one written")


class Errors(serializers.Serializer):
    """Every refusal that is not a 401, 403 or 404: what is wrong, nothing stored."""

    violations = Violation(many=True)


class Detail(serializers.Serializer):
    """DRF's own refusals: not signed in (401), not allowed (403), not found (404)."""

    detail = serializers.CharField()


def _error(serializer: Any, description: str) -> OpenApiResponse:
    return OpenApiResponse(serializer, description=description)


VIOLATIONS = _error(Errors, "refused: the request breaks a rule or is not in shape; nothing stored")
NOT_FOUND = _error(Detail, "not one of your matches, or no such deal")
UNAUTHENTICATED = _error(Detail, "not signed in: session or token needed")
THROTTLED = _error(Errors, 'too many requests (code "throttled"), or failed sign-ins ("locked_out"); see '
                   "Retry-After")
TOO_LARGE = _error(Errors, 'the body is over the upload limit (code "too_large")')


def refusals(answers: dict[int, Any], *, body: bool = False, signed_in: bool = True) -> dict[int, Any]:
    """*answers* and the refusals any such request may get: not signed in (401, or 403 for a session
    without its CSRF token), too many requests (429), and for one with a body: not JSON (400), too
    large (413)."""
    found: dict[int, Any] = {429: THROTTLED}
    if signed_in:
        found |= {401: UNAUTHENTICATED, 403: UNAUTHENTICATED}
    if body:
        found |= {400: VIOLATIONS, 413: TOO_LARGE}
    return found | answers


def check_responses(answer: Any) -> dict[int, Any]:
    """What a referee check answers: its verdict (*answer*), or why the input is refused, or who may ask."""
    return refusals({200: answer}, body=True)


def read_input(serializer_class: type[StrictSerializer], request: Request) -> dict[str, Any]:
    """The request body checked for shape by *serializer_class*. :raises ValidationError: (a 400)"""
    data = serializer_class(data=request.data)
    data.is_valid(raise_exception=True)
    return dict(data.validated_data)


# A view whose refusals name the seats after players: its match's, or names the request gave. (A
# comment, not a docstring: the schema would show a docstring as every such view's description.)
class NamesSeats(APIView):
    players: Sequence[str] = ()


def players_of(context: dict[str, Any]) -> list[str]:
    """The names for the seats in a refused request's messages (none: "seat N")."""
    view = context.get("view")
    return list(view.players) if isinstance(view, NamesSeats) else []


def match_payload_sheet(match: Match) -> dict[str, Any]:
    return render_sheet(match.game, match.players, selectors.sheet_waiting(match))


def match_json(match: Match, with_sheet: bool = True) -> dict[str, Any]:
    # Without the sheet (a list of matches) its rows are not read: one query for the page, not one a match.
    neutral = selectors.current_sheet(match) if with_sheet else selectors.current_head(match)
    out: dict[str, Any] = {
        "id": match.pk, "game": match.game, "name": match.name, "players": match.players,
        "first_dealer": match.first_dealer, "preset": match.preset, "options": match.options,
        "version": match.version, "finished": neutral["finished"], "winner": neutral["winner"],
        "totals": neutral["totals"], "created_at": match.created_at.isoformat(),
        "confirmation": match.confirmation, "correction_window": match.correction_window,
    }
    if with_sheet:
        out["scoresheet"] = render_sheet(match.game, match.players, selectors.sheet_waiting(match, neutral))
    return out


def deal_json(match: Match, deal: Deal, warnings: Any = (), row: dict[str, Any] | None = None,
              rendered: dict[str, Any] | None = None) -> dict[str, Any]:
    """*deal* with its row of the sheet (*row*: that row, known already; else read from the sheet;
    *rendered*: that row rendered already)."""
    if row is None:
        row = next((r for r in selectors.current_sheet(match)["rows"] if r["number"] == deal.number), None)
    out: dict[str, Any] = {"number": deal.number, "entry": deal.entry, "voided": deal.voided}
    if row is not None:
        rendered = rendered if rendered is not None else render_row(row, match.players)
        out |= {"result": rendered["result"], "explanation": rendered["explanation"],
                "deltas": rendered["deltas"], "totals": rendered["totals"], "marks": rendered["marks"]}
    else:
        out |= {"result": None, "explanation": [], "deltas": None, "totals": None, "marks": None}
    out["warnings"] = [violation_json(w, match.players) for w in warnings]
    out |= {"status": deal.status, "seat": deal.seat, "reason": deal.reason,
            "proposal": None if deal.proposal is None else {"entry": deal.proposal.get("entry"),
                                                            "seat": deal.proposal.get("seat")}}
    return out


# The API's renderer (it keeps nothing between renders): made once, not once per render.
_JSON = JSONRenderer()


def written_answer(written: services.Written, status: int = 200) -> HttpResponse:
    """What a deal write answers (API.md's ``Written``), as JSON: its scoresheet's bytes are put in
    as they are kept (``written_sheet``), not decoded and rendered again."""
    match = written.match
    # An append's row rendered once: for the deal and for the scoresheet's new row.
    row = render_row(written.row, match.players) if written.row is not None else None
    body = deal_json(match, written.deal, written.warnings, written.row, row)
    start = _JSON.render({"deal": body, "version": match.version, "warnings": body["warnings"]})
    answer = b"".join((start[:-1], b',"scoresheet":', written_sheet(written, row),
                       b',"repeated":', b"true" if written.repeated else b"false", b"}"))
    return HttpResponse(answer, status=status, content_type="application/json")


# The scoresheet's JSON is kept per version (``caches.keep_rendered("json", …)``) in two parts: the
# sheet rendered without its rows, and its rows (their JSON between the brackets). An append's
# answer is the version before's rows with its one row added: it costs the same at any length.


def sheet_bytes(kept: tuple[bytes, bytes]) -> bytes:
    """The scoresheet's JSON from its two kept parts."""
    head, rows = kept
    before, found, after = head.partition(b'"rows":[]')
    assert found, "a scoresheet has its rows"  # its first: only the game's and the players' names come before
    return b"".join((before, b'"rows":[', rows, b"]", after))


def written_sheet(written: services.Written, row: dict[str, Any] | None = None) -> bytes:
    """The scoresheet a write answers with, as JSON, rendered once per version and kept for the
    reads that follow (the scoresheet's GET). An append's is the version before's rows with its one
    row added, when those are kept and nothing waits for a confirmation (a pending deal changes what
    the rows before it say). *row*: the appended row, rendered already."""
    match = written.match
    if written.row is None and (found := caches.rendered_get("json", match)) is not None:
        return sheet_bytes(found)
    if (written.row is None or match.confirmation
            or (before := caches.rendered_get("json", match, match.version - 1)) is None):
        return kept_sheet(match, match_payload_sheet(match))
    head = _JSON.render(render_sheet(match.game, match.players, {**(match.sheet or {}), "rows": []}))
    added = _JSON.render(row if row is not None else render_row(written.row, match.players))
    rows = b",".join((before[1], added)) if before[1] else added
    caches.keep_rendered("json", match, (head, rows))
    return sheet_bytes((head, rows))


def scoresheet_bytes(match: Match) -> bytes:
    """The scoresheet of *match* (read from the database) as JSON, rendered at most once per version."""
    found = caches.rendered_get("json", match)
    return sheet_bytes(found) if found is not None else kept_sheet(match, match_payload_sheet(match))


def kept_sheet(match: Match, sheet: dict[str, Any]) -> bytes:
    """*sheet*, the scoresheet of *match*, as JSON, kept for its version in its two parts."""
    kept = (_JSON.render({**sheet, "rows": []}), _JSON.render(sheet["rows"])[1:-1])
    caches.keep_rendered("json", match, kept)
    return sheet_bytes(kept)


class MatchScoped(NamesSeats):
    """A view on one of the caller's matches: anyone else's is a 404, never a 403. A guest's key
    opens these views of his one match (``GuestsWelcome``)."""

    guests_welcome = True

    def get_match(self, request: Request, pk: int) -> Match:
        match = selectors.match_of(request.user, pk)
        self.players = match.players
        return match


def history_json(deal: Deal) -> list[dict[str, Any]]:
    return [{"kind": r.kind, "entry": r.entry, "version": r.version, "author": _author(r),
             "at": r.created_at.isoformat(), "reason": r.reason}
            for r in deal.revisions.all()]


def _author(revision: Revision) -> str | None:
    if revision.author is not None:
        return revision.author.get_username()
    return revision.member.name if revision.member is not None else None
