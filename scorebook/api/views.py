"""The JSON API of API.md: one view per operation, input serializers that check shape only, then
one service call. Everything refused answers through ``scorebook.api.errors.exception_handler``."""

from __future__ import annotations

from django.db.models import Prefetch
from django.http import HttpResponse
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.pagination import PageNumberPagination
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from referee.games import GAMES
from referee.ledger import Rejected
from referee.reading import option_fields
from scorebook import caches, selectors, services
from scorebook.api import answers
from scorebook.api.common import (
    NOT_FOUND,
    MatchScoped,
    StrictSerializer,
    deal_json,
    history_json,
    match_json,
    read_input,
    refusals,
    scoresheet_bytes,
    sheet_bytes,
    written_answer,
)
from scorebook.api.table import FORBIDDEN
from scorebook.errors import DealNotFound
from scorebook.models import Deal, Match, Revision


class MatchCreateInput(StrictSerializer):
    game = serializers.CharField(max_length=20)
    players = serializers.ListField(child=serializers.CharField(max_length=100, allow_blank=True),
                                    max_length=10)
    first_dealer = serializers.IntegerField(default=0, min_value=0, max_value=9)
    preset = serializers.CharField(max_length=40, required=False, allow_null=True)
    options = serializers.DictField(required=False, allow_null=True)
    name = serializers.CharField(max_length=100, required=False, allow_blank=True, default="")
    confirmation = serializers.BooleanField(required=False, default=False,
                                            help_text="a deal counts once a player of another seat confirms it")
    correction_window = serializers.IntegerField(
        required=False, allow_null=True, default=None, min_value=1, max_value=services.MAX_CORRECTION_WINDOW,
        help_text="minutes a confirmed deal may still be corrected directly; null: until the next deal is confirmed")


class MatchOptionsInput(StrictSerializer):
    confirmation = serializers.BooleanField()
    correction_window = serializers.IntegerField(required=False, allow_null=True, default=None, min_value=1,
                                                 max_value=services.MAX_CORRECTION_WINDOW)


class DealWriteInput(StrictSerializer):
    entry = serializers.DictField()
    expected_version = serializers.IntegerField(required=False, allow_null=True, min_value=0)
    client_id = serializers.CharField(required=False, allow_null=True, max_length=64)


class DealVoidInput(StrictSerializer):
    expected_version = serializers.IntegerField(required=False, allow_null=True, min_value=0)
    client_id = serializers.CharField(required=False, allow_null=True, max_length=64)


class MatchList(APIView):
    @extend_schema(responses=refusals({200: answers.MatchPage}), summary="The caller's matches, newest first",
                   operation_id="matches_list")
    def get(self, request: Request) -> Response:
        paginator = PageNumberPagination()
        page = paginator.paginate_queryset(selectors.matches_of(request.user).order_by("-created_at", "-id"),
                                           request, view=self)
        assert page is not None  # None only without a PAGE_SIZE, which settings.py sets
        return paginator.get_paginated_response([match_json(m, with_sheet=False) for m in page])

    @extend_schema(request=MatchCreateInput, responses=refusals({201: answers.Match}, body=True),
                   summary="Create a match; the options are resolved and frozen")
    def post(self, request: Request) -> Response:
        data = MatchCreateInput(data=request.data)
        data.is_valid(raise_exception=True)
        match = services.match_create(owner=request.user, **data.validated_data)
        return Response(match_json(match), status=status.HTTP_201_CREATED)


class MatchDetail(MatchScoped):
    @extend_schema(responses=refusals({200: answers.Match, 404: NOT_FOUND}))
    def get(self, request: Request, pk: int) -> Response:
        return Response(match_json(self.get_match(request, pk)))

    @extend_schema(request=MatchOptionsInput, responses=refusals({200: answers.Match, 404: NOT_FOUND}, body=True),
                   summary="The owner sets the table's options: confirmation mode and its correction window")
    def patch(self, request: Request, pk: int) -> Response:
        match = self.get_match(request, pk)
        data = MatchOptionsInput(data=request.data)
        data.is_valid(raise_exception=True)
        match = services.match_confirmation(match=match, by=request.user, **data.validated_data)
        return Response(match_json(match))


class Scoresheet(MatchScoped):
    @extend_schema(responses=refusals({200: answers.Scoresheet, 404: NOT_FOUND}), summary="The scoresheet: the replay")
    def get(self, request: Request, pk: int) -> HttpResponse:
        # Rendered once per version and language, down to its bytes: the phones at the table read it
        # with no query on the match (its version from its entry in the cache, once the database
        # said the caller may read it).
        found = caches.rendered_get("json", selectors.readable_seen(request.user, pk))
        if found is not None:
            return _json_answer(sheet_bytes(found))
        return _json_answer(scoresheet_bytes(self.get_match(request, pk)))


def _json_answer(body: bytes) -> HttpResponse:
    """JSON as the API's renderer made it (kept as bytes: rendering it cost more than the rest)."""
    return HttpResponse(body, content_type="application/json")


class DealList(MatchScoped):
    @extend_schema(responses=refusals({200: answers.DealList, 404: NOT_FOUND}), operation_id="matches_deals_list",
                   summary="Every deal, voided ones included, with its history")
    def get(self, request: Request, pk: int) -> Response:
        match = self.get_match(request, pk)
        revisions = Revision.objects.select_related("author", "member").order_by("id")
        deals = match.deals.order_by("number").prefetch_related(Prefetch("revisions", queryset=revisions))
        return Response({"deals": [deal_json(match, d) | {"history": history_json(d)} for d in deals],
                         "version": match.version})

    @extend_schema(request=DealWriteInput,
                   responses=refusals({201: answers.Written, 200: answers.Written, 404: NOT_FOUND,
                                       409: answers.CONFLICT}, body=True),
                   summary="Record the next deal")
    def post(self, request: Request, pk: int) -> HttpResponse:
        # A stranger's or a missing match is a 404 before his input is read. The match is not read
        # here: the append reads it locked, and checks the caller's role there.
        selectors.poll_version(request.user, pk)
        data = DealWriteInput(data=request.data)
        data.is_valid(raise_exception=True)
        try:
            written = services.deal_record(match=Match(pk=pk), author=request.user, **data.validated_data)
        except Rejected:
            # The refusal's messages name the seats (only a refused write reads them here).
            self.players = Match.objects.filter(pk=pk).values_list("players", flat=True).first() or []
            raise
        # A re-sent write (same client id) was done before: 200 with what it did, nothing new stored.
        answer = status.HTTP_200_OK if written.repeated else status.HTTP_201_CREATED
        return written_answer(written, answer)


class DealDetail(MatchScoped):
    def _deal(self, match: Match, number: int) -> Deal:
        try:
            return match.deals.get(number=number)
        except Deal.DoesNotExist:
            raise DealNotFound(number) from None

    @extend_schema(responses=refusals({200: answers.DealWithHistory, 404: NOT_FOUND}))
    def get(self, request: Request, pk: int, number: int) -> Response:
        match = self.get_match(request, pk)
        deal = self._deal(match, number)
        return Response(deal_json(match, deal) | {"history": history_json(deal)})

    @extend_schema(request=DealWriteInput,
                   responses=refusals({200: answers.Written, 404: NOT_FOUND, 409: answers.CONFLICT}, body=True),
                   summary="Replace a past entry; the match is replayed")
    def put(self, request: Request, pk: int, number: int) -> HttpResponse:
        match = self.get_match(request, pk)
        data = DealWriteInput(data=request.data)
        data.is_valid(raise_exception=True)
        written = services.deal_replace(match=match, number=number, author=request.user, **data.validated_data)
        return written_answer(written)

    @extend_schema(request=DealVoidInput,
                   responses=refusals({200: answers.Written, 404: NOT_FOUND, 409: answers.CONFLICT}, body=True),
                   summary="Void a deal: kept in the history, no longer counted")
    def delete(self, request: Request, pk: int, number: int) -> HttpResponse:
        match = self.get_match(request, pk)
        # No body reads as {}; a body that is not an object is refused by the serializer, never
        # dropped (its expected_version would be lost and the deal voided all the same).
        body = request.data
        if "expected_version" in request.query_params and isinstance(body, dict):
            body = {**body, "expected_version": request.query_params["expected_version"]}
        data = DealVoidInput(data=body)
        data.is_valid(raise_exception=True)
        written = services.deal_void(match=match, number=number, author=request.user, **data.validated_data)
        return written_answer(written)


class GameList(APIView):
    @extend_schema(responses=refusals({200: answers.GameList}), summary="The games, their options and presets")
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


# ---------------------------------------------------------------- confirmation mode


class StepInput(StrictSerializer):
    expected_version = serializers.IntegerField(required=False, allow_null=True, min_value=0)
    client_id = serializers.CharField(required=False, allow_null=True, max_length=64)


class RejectInput(StepInput):
    reason = serializers.CharField(max_length=1000, allow_blank=True, help_text="why: said to the deal's author")


class ProposeInput(StepInput):
    entry = serializers.DictField(required=False, allow_null=True, default=None,
                                  help_text="the entry proposed (omitted or null with void: true)")
    void = serializers.BooleanField(required=False, default=False, help_text="propose voiding the deal")


_STEP = refusals({200: answers.Written, 403: FORBIDDEN, 404: NOT_FOUND, 409: answers.CONFLICT}, body=True)


class DealConfirm(MatchScoped):
    @extend_schema(request=StepInput, responses=_STEP,
                   summary="Confirm a pending deal, or the change proposed for a deal (from another seat)")
    def post(self, request: Request, pk: int, number: int) -> HttpResponse:
        match = self.get_match(request, pk)
        data = read_input(StepInput, request)
        written = services.deal_confirm(match=match, number=number, author=request.user, **data)
        return written_answer(written)


class DealReject(MatchScoped):
    @extend_schema(request=RejectInput, responses=_STEP,
                   summary="Reject a pending deal (back to its author, not counted) or a proposed change, saying why")
    def post(self, request: Request, pk: int, number: int) -> HttpResponse:
        match = self.get_match(request, pk)
        data = read_input(RejectInput, request)
        written = services.deal_reject(match=match, number=number, author=request.user, **data)
        return written_answer(written)


class DealPropose(MatchScoped):
    @extend_schema(request=ProposeInput, responses=_STEP,
                   summary="Propose another entry for a confirmed deal, or voiding it: it counts once another seat "
                   "confirms it")
    def post(self, request: Request, pk: int, number: int) -> HttpResponse:
        match = self.get_match(request, pk)
        data = read_input(ProposeInput, request)
        written = services.deal_propose(match=match, number=number, author=request.user, **data)
        return written_answer(written)
