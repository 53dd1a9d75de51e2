"""The referee's Terz checks as JSON: ``POST /api/referee/terz/compare/`` and ``.../classify/``.
Input serializers check shape only; refused input raises ``Rejected``, answered as API.md's 400."""

from __future__ import annotations

from django.urls import path
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from scorebook.api.common import CHECK_RESPONSES, NamesSeats, StrictSerializer, read_input
from scorebook.games.terz.checks import classification, comparison, seat_names
from scorebook.games.terz.form import SLOTS


class CompareInput(StrictSerializer):
    trump = serializers.CharField(max_length=10)
    # Each item is read by the engine, as a play's declarations are: its violations then point at
    # "declarations[0].cards[1]" (API.md's paths), which a nested serializer would not.
    declarations = serializers.ListField(child=serializers.JSONField(), max_length=2 * SLOTS,
                                         help_text='in the order announced: {"player": 0, "cards": ["7H", "8H", "9H"]}')
    players = serializers.ListField(child=serializers.CharField(max_length=40), min_length=2, max_length=2,
                                    required=False, help_text="names for the explanation (optional)")


class ClassifyInput(StrictSerializer):
    cards = serializers.ListField(child=serializers.CharField(max_length=10), max_length=32)
    trump = serializers.CharField(max_length=10)


class TerzCompare(NamesSeats):
    @extend_schema(request=CompareInput, responses=CHECK_RESPONSES,
                   summary="Terz: whose declarations count, what each scores and why")
    def post(self, request: Request) -> Response:
        data = read_input(CompareInput, request)
        names = seat_names(data.get("players"))
        # The exception handler names the seats in its messages after these names.
        self.players = names
        return Response(comparison(data["trump"], list(data["declarations"]), names))


class TerzClassify(APIView):
    @extend_schema(request=ClassifyInput, responses=CHECK_RESPONSES,
                   summary="Terz: what combination a set of cards is")
    def post(self, request: Request) -> Response:
        data = read_input(ClassifyInput, request)
        return Response(classification(data["cards"], data["trump"]))


urlpatterns = [
    path("compare/", TerzCompare.as_view(), name="referee-terz-compare"),
    path("classify/", TerzClassify.as_view(), name="referee-terz-classify"),
]
