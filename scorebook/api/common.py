"""What the API's views share (and what the games' check APIs may use): a serializer that refuses
undeclared keys, reading a request body for shape, the schema's error answers, and the JSON of a
match, a deal and a write as API.md describes them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.views import APIView

from scorebook import selectors, services
from scorebook.models import Deal, Match
from scorebook.sheets import render_row, render_sheet, violation_json


class StrictSerializer(serializers.Serializer):
    """DRF drops undeclared keys silently; API.md wants them refused (``unknown_field``)."""

    def to_internal_value(self, data: Any) -> Any:
        if isinstance(data, dict):
            unknown = sorted(set(data) - set(self.fields))
            if unknown:
                raise serializers.ValidationError(
                    {name: [serializers.ErrorDetail(f"Unknown field “{name}”.", code="unknown_field")]
                     for name in unknown})
        return super().to_internal_value(data)


VIOLATIONS = OpenApiResponse(OpenApiTypes.OBJECT, description='{"violations": [{code, message, field, severity}]}')
CONFLICT = OpenApiResponse(OpenApiTypes.OBJECT,
                           description='{"version": n, "scoresheet": {...}}: stale expected_version; or '
                           '{"violations": [{"code": "client_id_reused", ...}], "version": n}: the client id '
                           'names another write')
NOT_FOUND = OpenApiResponse(OpenApiTypes.OBJECT, description="not one of your matches, or no such deal")
UNAUTHENTICATED = OpenApiResponse(OpenApiTypes.OBJECT, description="not signed in: session or token needed")
THROTTLED = OpenApiResponse(OpenApiTypes.OBJECT, description='{"violations": [{"code": "throttled" | "locked_out", '
                            '...}]}, with Retry-After: too many requests, or failed sign-ins')
TOO_LARGE = OpenApiResponse(OpenApiTypes.OBJECT, description='{"violations": [{"code": "too_large", ...}]}: the body '
                            "is over the upload limit")
# What a referee check answers: its verdict, or why the input is refused, or who may ask.
CHECK_RESPONSES = {200: OpenApiTypes.OBJECT, 400: VIOLATIONS, 401: UNAUTHENTICATED, 403: UNAUTHENTICATED}


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
    return render_sheet(match.game, match.players, selectors.current_sheet(match))


def match_json(match: Match, with_sheet: bool = True) -> dict[str, Any]:
    neutral = selectors.current_sheet(match)
    out: dict[str, Any] = {
        "id": match.pk, "game": match.game, "name": match.name, "players": match.players,
        "first_dealer": match.first_dealer, "preset": match.preset, "options": match.options,
        "version": match.version, "finished": neutral["finished"], "winner": neutral["winner"],
        "totals": neutral["totals"], "created_at": match.created_at.isoformat(),
    }
    if with_sheet:
        out["scoresheet"] = render_sheet(match.game, match.players, neutral)
    return out


def deal_json(match: Match, deal: Deal, warnings: Any = ()) -> dict[str, Any]:
    neutral = selectors.current_sheet(match)
    row = next((r for r in neutral["rows"] if r["number"] == deal.number), None)
    out: dict[str, Any] = {"number": deal.number, "entry": deal.entry, "voided": deal.voided}
    if row is not None:
        rendered = render_row(row, match.players)
        out |= {"result": rendered["result"], "explanation": rendered["explanation"],
                "deltas": rendered["deltas"], "totals": rendered["totals"], "marks": rendered["marks"]}
    else:
        out |= {"result": None, "explanation": [], "deltas": None, "totals": None, "marks": None}
    out["warnings"] = [violation_json(w, match.players) for w in warnings]
    return out


def written_json(written: services.Written) -> dict[str, Any]:
    match = written.match
    body = deal_json(match, written.deal, written.warnings)
    return {"deal": body, "version": match.version, "warnings": body["warnings"],
            "scoresheet": match_payload_sheet(match), "repeated": written.repeated}


class MatchScoped(NamesSeats):
    """A view on one of the caller's matches: anyone else's is a 404, never a 403."""

    def get_match(self, request: Request, pk: int) -> Match:
        match = selectors.match_of(request.user, pk)
        self.players = match.players
        return match


def history_json(deal: Deal) -> list[dict[str, Any]]:
    return [{"kind": r.kind, "entry": r.entry, "version": r.version,
             "author": r.author.get_username() if r.author else None, "at": r.created_at.isoformat()}
            for r in deal.revisions.all()]
