"""The JSON API of API.md: one view per operation, input serializers that check shape only, then
one service call. Everything refused answers through ``api_errors.exception_handler``."""

from __future__ import annotations

from typing import Any

from django.http import Http404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.pagination import PageNumberPagination
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from referee.games import GAMES
from referee.reading import option_fields
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


class MatchCreateInput(StrictSerializer):
    game = serializers.CharField(max_length=20)
    players = serializers.ListField(child=serializers.CharField(max_length=100, allow_blank=True),
                                    max_length=10)
    first_dealer = serializers.IntegerField(default=0, min_value=0, max_value=9)
    preset = serializers.CharField(max_length=40, required=False, allow_null=True)
    options = serializers.DictField(required=False, allow_null=True)
    name = serializers.CharField(max_length=100, required=False, allow_blank=True, default="")


class DealWriteInput(StrictSerializer):
    entry = serializers.DictField()
    expected_version = serializers.IntegerField(required=False, allow_null=True, min_value=0)
    client_id = serializers.CharField(required=False, allow_null=True, max_length=64)


class DealVoidInput(StrictSerializer):
    expected_version = serializers.IntegerField(required=False, allow_null=True, min_value=0)
    client_id = serializers.CharField(required=False, allow_null=True, max_length=64)


VIOLATIONS = OpenApiResponse(OpenApiTypes.OBJECT, description='{"violations": [{code, message, field, severity}]}')
CONFLICT = OpenApiResponse(OpenApiTypes.OBJECT,
                           description='{"version": n, "scoresheet": {...}}: stale expected_version')
NOT_FOUND = OpenApiResponse(OpenApiTypes.OBJECT, description="not one of your matches, or no such deal")
UNAUTHENTICATED = OpenApiResponse(OpenApiTypes.OBJECT, description="not signed in: session or token needed")


def read_input(serializer_class: type[StrictSerializer], request: Request) -> dict[str, Any]:
    """The request body checked for shape by *serializer_class*. :raises ValidationError: (a 400)"""
    data = serializer_class(data=request.data)
    data.is_valid(raise_exception=True)
    return dict(data.validated_data)


def players_of(context: dict[str, Any]) -> list[str]:
    view = context.get("view")
    match = getattr(view, "match", None)
    return list(match.players) if match is not None else []


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


class MatchScoped(APIView):
    """A view on one of the caller's matches: anyone else's is a 404, never a 403."""

    match: Match | None = None

    def get_match(self, request: Request, pk: int) -> Match:
        self.match = selectors.match_of(request.user, pk)
        return self.match


class MatchList(APIView):
    @extend_schema(responses={200: OpenApiTypes.OBJECT}, summary="The caller's matches, newest first",
                   operation_id="matches_list")
    def get(self, request: Request) -> Response:
        paginator = PageNumberPagination()
        page = paginator.paginate_queryset(selectors.matches_of(request.user).order_by("-created_at", "-id"),
                                           request, view=self)
        return paginator.get_paginated_response([match_json(m, with_sheet=False) for m in page])

    @extend_schema(request=MatchCreateInput, responses={201: OpenApiTypes.OBJECT, 400: VIOLATIONS},
                   summary="Create a match; the options are resolved and frozen")
    def post(self, request: Request) -> Response:
        data = MatchCreateInput(data=request.data)
        data.is_valid(raise_exception=True)
        match = services.match_create(owner=request.user, **data.validated_data)
        return Response(match_json(match), status=status.HTTP_201_CREATED)


class MatchDetail(MatchScoped):
    @extend_schema(responses={200: OpenApiTypes.OBJECT, 404: NOT_FOUND})
    def get(self, request: Request, pk: int) -> Response:
        return Response(match_json(self.get_match(request, pk)))


class Scoresheet(MatchScoped):
    @extend_schema(responses={200: OpenApiTypes.OBJECT, 404: NOT_FOUND}, summary="The scoresheet: the replay")
    def get(self, request: Request, pk: int) -> Response:
        return Response(match_payload_sheet(self.get_match(request, pk)))


class DealList(MatchScoped):
    @extend_schema(responses={200: OpenApiTypes.OBJECT, 404: NOT_FOUND}, operation_id="matches_deals_list",
                   summary="Every deal, voided ones included, with its history")
    def get(self, request: Request, pk: int) -> Response:
        match = self.get_match(request, pk)
        deals = match.deals.order_by("number").prefetch_related("revisions__author")
        return Response({"deals": [deal_json(match, d) | {"history": history_json(d)} for d in deals],
                         "version": match.version})

    @extend_schema(request=DealWriteInput,
                   responses={201: OpenApiTypes.OBJECT, 200: OpenApiTypes.OBJECT, 400: VIOLATIONS,
                              404: NOT_FOUND, 409: CONFLICT},
                   summary="Record the next deal")
    def post(self, request: Request, pk: int) -> Response:
        match = self.get_match(request, pk)
        data = DealWriteInput(data=request.data)
        data.is_valid(raise_exception=True)
        written = services.deal_record(match=match, author=request.user, **data.validated_data)
        # A re-sent write (same client id) was done before: 200 with what it did, nothing new stored.
        answer = status.HTTP_200_OK if written.repeated else status.HTTP_201_CREATED
        return Response(written_json(written), status=answer)


def history_json(deal: Deal) -> list[dict[str, Any]]:
    return [{"kind": r.kind, "entry": r.entry, "version": r.version,
             "author": r.author.get_username() if r.author else None, "at": r.created_at.isoformat()}
            for r in deal.revisions.all()]


class DealDetail(MatchScoped):
    def _deal(self, match: Match, number: int) -> Deal:
        try:
            return match.deals.get(number=number)
        except Deal.DoesNotExist:
            raise Http404 from None

    @extend_schema(responses={200: OpenApiTypes.OBJECT, 404: NOT_FOUND})
    def get(self, request: Request, pk: int, number: int) -> Response:
        match = self.get_match(request, pk)
        deal = self._deal(match, number)
        return Response(deal_json(match, deal) | {"history": history_json(deal)})

    @extend_schema(request=DealWriteInput,
                   responses={200: OpenApiTypes.OBJECT, 400: VIOLATIONS, 404: NOT_FOUND, 409: CONFLICT},
                   summary="Replace a past entry; the match is replayed")
    def put(self, request: Request, pk: int, number: int) -> Response:
        match = self.get_match(request, pk)
        data = DealWriteInput(data=request.data)
        data.is_valid(raise_exception=True)
        written = services.deal_replace(match=match, number=number, author=request.user, **data.validated_data)
        return Response(written_json(written))

    @extend_schema(request=DealVoidInput,
                   responses={200: OpenApiTypes.OBJECT, 400: VIOLATIONS, 404: NOT_FOUND, 409: CONFLICT},
                   summary="Void a deal: kept in the history, no longer counted")
    def delete(self, request: Request, pk: int, number: int) -> Response:
        match = self.get_match(request, pk)
        raw = request.data if isinstance(request.data, dict) and request.data else {}
        if "expected_version" in request.query_params:
            raw = {**raw, "expected_version": request.query_params["expected_version"]}
        data = DealVoidInput(data=raw)
        data.is_valid(raise_exception=True)
        written = services.deal_void(match=match, number=number, author=request.user, **data.validated_data)
        return Response(written_json(written))


class GameList(APIView):
    @extend_schema(responses={200: OpenApiTypes.OBJECT}, summary="The games, their options and presets")
    def get(self, request: Request) -> Response:
        games = []
        for name, module in GAMES.items():
            games.append({
                "game": name, "seats": [module.SEATS.start, module.SEATS.stop - 1],
                "entry_types": list(module.ENTRY_TYPES), "default_preset": module.DEFAULT_PRESET,
                "presets": {p: module.dump_options(o) for p, o in module.PRESETS.items()},
                "options": [{"name": f.name, "kind": f.metadata["kind"],
                             "choices": list(f.metadata["choices"]) if f.metadata["choices"] else None,
                             "nullable": f.metadata["nullable"], "low": f.metadata["low"],
                             "high": f.metadata["high"]} for f in option_fields(module.Options)],
            })
        return Response({"games": games})
