"""The referee's Tong Its checks as JSON: ``POST /api/referee/tongits/meld/``, ``tongit/``,
``count/``, ``draw/``. Input serializers check shape only; ``referee.games.tongits`` reads the cards
(``Rejected`` → API.md's 400) and judges."""

from __future__ import annotations

from typing import Any

from django.urls import path
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from referee.games import tongits
from scorebook.api.common import StrictSerializer, check_responses, read_input
from scorebook.games.tongits.checks import MAX_COUNT, SEATS, draw_answer, meld_answer, tongit_answer
from scorebook.sheets import WORDS


def card_list(**kwargs: Any) -> serializers.ListField:
    """Card texts; ``tongits.read_cards`` reads them (every spelling API.md accepts)."""
    return serializers.ListField(child=serializers.CharField(max_length=10), max_length=52, **kwargs)


class MeldInput(StrictSerializer):
    cards = card_list()
    runs = serializers.BooleanField(default=True)  # RULES.md `runs`: false, sets only


class TongitInput(StrictSerializer):
    cards = card_list()
    runs = serializers.BooleanField(default=True)


class CountInput(StrictSerializer):
    cards = card_list()


def _seat(**kwargs: Any) -> serializers.IntegerField:
    return serializers.IntegerField(min_value=0, max_value=SEATS - 1, **kwargs)


class DrawInput(StrictSerializer):
    caller = _seat()
    challengers = serializers.ListField(child=_seat(), max_length=SEATS - 1)
    counts = serializers.ListField(child=serializers.IntegerField(min_value=0, max_value=MAX_COUNT),
                                   min_length=SEATS, max_length=SEATS)
    burned = serializers.ListField(child=_seat(), max_length=SEATS, default=list)


class TongitsMeldAnswer(serializers.Serializer):
    meld = serializers.BooleanField()
    kind = serializers.CharField(allow_null=True, help_text="set or run; null: no meld")
    reason = serializers.CharField(help_text="a stable code")
    explanation = serializers.CharField()


class TongitsTongitAnswer(serializers.Serializer):
    tongit = serializers.BooleanField()
    melds = serializers.ListField(child=serializers.ListField(child=serializers.CharField()),
                                  help_text="how every card is melded (empty: no tongit)")


class TongitsCountAnswer(serializers.Serializer):
    count = serializers.IntegerField()


class TongitsDrawAnswer(serializers.Serializer):
    winner = serializers.IntegerField(help_text="a seat")
    reason = serializers.CharField(help_text="a stable code")
    explanation = serializers.CharField()


class MeldCheck(APIView):
    @extend_schema(request=MeldInput, responses=check_responses(TongitsMeldAnswer),
                   summary="Tong Its: is this a meld (a set or a run), and why")
    def post(self, request: Request) -> Response:
        data = read_input(MeldInput, request)
        return Response(meld_answer(WORDS, tongits.read_cards(data["cards"]), data["runs"]))


class TongitCheck(APIView):
    @extend_schema(request=TongitInput, responses=check_responses(TongitsTongitAnswer),
                   summary="Tong Its: can every one of these cards be melded, and how")
    def post(self, request: Request) -> Response:
        data = read_input(TongitInput, request)
        answer = tongit_answer(tongits.read_cards(data["cards"]), data["runs"])
        return Response({"tongit": answer["tongit"], "melds": answer["melds"]})


class CountCheck(APIView):
    @extend_schema(request=CountInput, responses=check_responses(TongitsCountAnswer),
                   summary="Tong Its: the count of unmelded cards (A 1, 2-10 face value, J Q K 10)")
    def post(self, request: Request) -> Response:
        return Response({"count": tongits.count(tongits.read_cards(read_input(CountInput, request)["cards"]))})


class DrawCheck(APIView):
    @extend_schema(request=DrawInput, responses=check_responses(TongitsDrawAnswer),
                   summary="Tong Its: who wins a draw call, and why")
    def post(self, request: Request) -> Response:
        data = read_input(DrawInput, request)
        return Response(draw_answer(WORDS, data["caller"], data["challengers"], data["counts"], data["burned"]))


urlpatterns = [
    path("meld/", MeldCheck.as_view(), name="referee-tongits-meld"),
    path("tongit/", TongitCheck.as_view(), name="referee-tongits-tongit"),
    path("count/", CountCheck.as_view(), name="referee-tongits-count"),
    path("draw/", DrawCheck.as_view(), name="referee-tongits-draw"),
]
