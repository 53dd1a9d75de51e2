"""The referee's 1000 checks as JSON: no match behind them, nothing stored.

``POST /api/referee/thousand/bid/``, ``.../points/`` and ``.../marriage/``: the input serializers
check shape only; ``referee.games.thousand`` reads the cards and judges. A hand it cannot read
raises ``Rejected``, which ``scorebook.api.errors.exception_handler`` answers as API.md's 400.
"""

from __future__ import annotations

from typing import Any

from django.urls import path
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from referee.games import thousand
from scorebook.api.common import StrictSerializer, check_responses, read_input
from scorebook.sheets import WORDS

DECK = len(thousand.CARD_VALUES) * len(thousand.MARRIAGE_SUITS)  # 24: the most distinct cards of its deck


def card_list(**kwargs: Any) -> serializers.ListField:
    """A list of card texts; ``thousand.read_cards`` reads them (every spelling API.md accepts)."""
    return serializers.ListField(child=serializers.CharField(max_length=10), max_length=DECK, **kwargs)


class RulesInput(StrictSerializer):
    """House rules the check depends on (a preset and overrides, as when creating a match)."""

    preset = serializers.CharField(max_length=40, required=False, allow_null=True)
    options = serializers.DictField(required=False, allow_null=True)


class BidInput(RulesInput):
    cards = card_list()
    bid = serializers.IntegerField(required=False, allow_null=True, min_value=0, max_value=10_000)


class PointsInput(StrictSerializer):
    cards = card_list()


class MarriageInput(RulesInput):
    suit = serializers.CharField(max_length=10)
    took_trick = serializers.BooleanField()
    declared = serializers.ListField(child=serializers.CharField(max_length=10), max_length=5, default=list)
    trump = serializers.CharField(max_length=10, required=False, allow_null=True)
    cards = card_list(required=False, allow_null=True)


def _texts(**kwargs: Any) -> serializers.ListField:
    return serializers.ListField(child=serializers.CharField(), **kwargs)


class ThousandBidAnswer(serializers.Serializer):
    cards = _texts(help_text="canonical")
    card_points = serializers.IntegerField()
    marriages = _texts(help_text='held: "H" "D" "C" "S" in that order, then "A" (four aces)')
    highest_bid = serializers.IntegerField(help_text="the highest bid the hand allows")
    bid = serializers.IntegerField(allow_null=True)
    legal = serializers.BooleanField(allow_null=True, help_text="null when no bid was asked about")
    reasons = _texts(help_text="stable codes of what makes the bid illegal")
    explanation = _texts()


class ThousandPointsAnswer(serializers.Serializer):
    cards = _texts(help_text="canonical")
    card_points = serializers.IntegerField()


class ThousandMarriageAnswer(serializers.Serializer):
    suit = serializers.CharField(help_text='"H" "D" "C" "S", or "A" for the four aces')
    value = serializers.IntegerField()
    legal = serializers.BooleanField()
    reasons = _texts(help_text="stable codes of what forbids it")
    explanation = _texts()


def rules(data: dict[str, Any]) -> thousand.Options:
    """:raises Rejected: an unknown preset or option, a bad value."""
    return thousand.parse_options(data.get("options"), data.get("preset"))


class ThousandBid(APIView):
    @extend_schema(request=BidInput, responses=check_responses(ThousandBidAnswer),
                   summary="1000: what a hand holds, the highest bid it allows, and whether a bid is legal")
    def post(self, request: Request) -> Response:
        data = read_input(BidInput, request)
        check = thousand.bid_check(data["cards"], data.get("bid"), rules(data))
        return Response({
            "cards": [card.code for card in check.cards], "card_points": check.card_points,
            "marriages": list(check.marriages), "highest_bid": check.highest, "bid": check.bid,
            "legal": check.legal, "reasons": list(check.reasons), "explanation": WORDS.render_lines(check.lines),
        })


class ThousandPoints(APIView):
    @extend_schema(request=PointsInput, responses=check_responses(ThousandPointsAnswer),
                   summary="1000: the card points of a set of cards")
    def post(self, request: Request) -> Response:
        cards = thousand.read_cards(read_input(PointsInput, request)["cards"])
        return Response({"cards": [card.code for card in cards], "card_points": thousand.card_points(list(cards))})


class ThousandMarriage(APIView):
    @extend_schema(request=MarriageInput, responses=check_responses(ThousandMarriageAnswer),
                   summary="1000: may this marriage be declared now?")
    def post(self, request: Request) -> Response:
        data = read_input(MarriageInput, request)
        check = thousand.marriage_check(data["suit"], data.get("cards"), data["took_trick"], data["declared"],
                                        data.get("trump"), rules(data))
        return Response({"suit": check.marriage, "value": check.value, "legal": check.legal,
                         "reasons": list(check.reasons), "explanation": WORDS.render_lines(check.lines)})


urlpatterns = [
    path("bid/", ThousandBid.as_view(), name="referee-thousand-bid"),
    path("points/", ThousandPoints.as_view(), name="referee-thousand-points"),
    path("marriage/", ThousandMarriage.as_view(), name="referee-thousand-marriage"),
]
