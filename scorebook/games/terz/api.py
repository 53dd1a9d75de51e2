"""The referee's Terz checks as JSON: ``POST /api/referee/terz/compare/`` and ``.../classify/``
(declarations), ``.../trick/`` (who takes this trick), ``.../play/`` (may I play this card),
``.../seven/`` (may I swap the trump seven) and ``.../points/`` (the card points of taken cards).
Input serializers check shape only; refused input raises ``Rejected``, answered as API.md's 400.
The four checks of the cards at the table declare their answers too, so the schema types them."""

from __future__ import annotations

from typing import Any

from django.urls import path
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from referee.games import terz
from scorebook.api.common import NamesSeats, StrictSerializer, check_responses, read_input
from scorebook.games.terz.checks import (
    SLOTS,
    classification,
    comparison,
    play_answer,
    points_answer,
    seat_names,
    seven_answer,
    trick_answer,
)
from scorebook.sheets import WORDS

CARD_TEXT = 10  # the longest spelling of one card: "10♥️" and spaces
DECK = len(terz.SEQUENCE) * 4  # 32 cards


def _card_list(**kwargs: Any) -> serializers.ListField:
    """Card texts; the referee reads them (every spelling API.md accepts) and refuses a card twice."""
    return serializers.ListField(child=serializers.CharField(max_length=CARD_TEXT), max_length=DECK, **kwargs)


def _codes(**kwargs: Any) -> serializers.ListField:
    return serializers.ListField(child=serializers.CharField(), **kwargs)


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


class TerzDeclared(serializers.Serializer):
    player = serializers.IntegerField()
    cards = _codes(help_text="canonical")
    kind = serializers.CharField(help_text="terz, fifty, hundred, four, marriage…")
    value = serializers.IntegerField()
    counts = serializers.BooleanField(help_text="it counts for its player in this deal")


class TerzCompareAnswer(serializers.Serializer):
    trump = serializers.CharField()
    declarations = TerzDeclared(many=True, help_text="every declaration, classified and judged")
    scores = serializers.ListField(child=serializers.IntegerField(), help_text="the points per seat")
    best_player = serializers.IntegerField(allow_null=True, help_text="who holds the best combination (null: none "
                                                                      "but marriages)")
    decided_by = serializers.CharField(allow_null=True, help_text="the comparison step that decided; null: "
                                                                  "uncontested")
    explanation = _codes()


class TerzClassifyAnswer(serializers.Serializer):
    cards = _codes()
    trump = serializers.CharField()
    kind = serializers.CharField()
    value = serializers.IntegerField()


class TerzCompare(NamesSeats):
    @extend_schema(request=CompareInput, responses=check_responses(TerzCompareAnswer),
                   summary="Terz: whose declarations count, what each scores and why")
    def post(self, request: Request) -> Response:
        data = read_input(CompareInput, request)
        names = seat_names(WORDS, data.get("players"))
        # The exception handler names the seats in its messages after these names.
        self.players = names
        return Response(comparison(WORDS, data["trump"], list(data["declarations"]), names))


class TerzClassify(APIView):
    @extend_schema(request=ClassifyInput, responses=check_responses(TerzClassifyAnswer),
                   summary="Terz: what combination a set of cards is")
    def post(self, request: Request) -> Response:
        data = read_input(ClassifyInput, request)
        return Response(classification(data["cards"], data["trump"]))


# ---------------------------------------------------------------- the cards at the table


class TerzTrickInput(StrictSerializer):
    trump = serializers.CharField(max_length=CARD_TEXT)
    cards = _card_list(help_text="the card led, then the answer")


class TerzTrickAnswer(serializers.Serializer):
    trump = serializers.CharField()
    cards = _codes(help_text="the card led, then the answer, canonical")
    winner = serializers.IntegerField(help_text="0: the card led takes the trick, 1: the answer")
    card = serializers.CharField(help_text="the card that takes it")
    reason = serializers.ChoiceField(choices=["same_suit", "trump", "off_suit"],
                                     help_text="same_suit: the higher in its suit's rank order; trump: a trump on a "
                                               "card that is none; off_suit: the answer neither follows nor trumps")
    order = serializers.ChoiceField(choices=["trump", "plain"], allow_null=True,
                                    help_text="the rank order that decided (same_suit only), else null")
    ranks = _codes(allow_null=True, help_text="that order, lowest first: plain 7 8 9 J Q K 10 A, "
                                              "trumps 7 8 Q K 10 A 9 J")
    points = serializers.IntegerField(help_text="the trick's card points (the last trick's 10 not included)")
    explanation = _codes()


class TerzPlayInput(StrictSerializer):
    hand = _card_list(help_text="the cards in hand (the card to play counts as in it, listed or not)")
    trump = serializers.CharField(max_length=CARD_TEXT)
    led = serializers.CharField(max_length=CARD_TEXT, required=False, allow_null=True,
                                help_text="the card on the table; null or absent: the holder leads")
    talon_empty = serializers.BooleanField(help_text="no card left to draw, the turned-up trump taken too")
    card = serializers.CharField(max_length=CARD_TEXT)


class TerzPlayAnswer(serializers.Serializer):
    card = serializers.CharField()
    legal = serializers.BooleanField()
    duty = serializers.ChoiceField(choices=list(terz.DUTIES),
                                   help_text="lead: nothing on the table; beat: a higher card of the suit led (the "
                                             "talon is empty); follow_suit; trump; free: any card")
    allowed = _codes(help_text="every card of the hand that may be played now")
    free_jack = serializers.BooleanField(help_text="allowed only by the trump jack's freedom, not by the duty")
    explanation = _codes()


class TerzSevenInput(StrictSerializer):
    hand = _card_list()
    trump = serializers.CharField(max_length=CARD_TEXT)
    talon = serializers.IntegerField(help_text="cards left face down in the talon, the turned-up trump not counted")
    my_turn = serializers.BooleanField(help_text="it is the holder's turn and they have not played yet")


class TerzSevenAnswer(serializers.Serializer):
    seven = serializers.CharField(help_text="the trump seven")
    legal = serializers.BooleanField()
    reasons = serializers.ListField(child=serializers.ChoiceField(choices=["no_trump_seven", "not_your_turn",
                                                                           "talon_too_small"]),
                                    help_text="why not (empty when it may be swapped)")
    explanation = _codes()


class TerzPointsInput(StrictSerializer):
    cards = _card_list(help_text="the cards a player took")
    trump = serializers.CharField(max_length=CARD_TEXT)
    last_trick = serializers.BooleanField(default=False, help_text="they took the last trick: 10 more")


class TerzPointsAnswer(serializers.Serializer):
    cards = _codes()
    trump = serializers.CharField()
    last_trick = serializers.BooleanField()
    points = serializers.IntegerField()
    explanation = _codes()


class TerzTrick(APIView):
    @extend_schema(request=TerzTrickInput, responses=check_responses(TerzTrickAnswer),
                   summary="Terz: who takes this trick, and by which rank order")
    def post(self, request: Request) -> Response:
        data = read_input(TerzTrickInput, request)
        return Response(TerzTrickAnswer(trick_answer(WORDS, data["trump"], data["cards"])).data)


class TerzPlay(APIView):
    @extend_schema(request=TerzPlayInput, responses=check_responses(TerzPlayAnswer),
                   summary="Terz: may I play this card, under which duty")
    def post(self, request: Request) -> Response:
        data = read_input(TerzPlayInput, request)
        return Response(TerzPlayAnswer(play_answer(WORDS, data["hand"], data["trump"], data.get("led"),
                                                   data["talon_empty"], data["card"])).data)


class TerzSeven(APIView):
    @extend_schema(request=TerzSevenInput, responses=check_responses(TerzSevenAnswer),
                   summary="Terz: may I swap the trump seven for the turned-up trump now")
    def post(self, request: Request) -> Response:
        data = read_input(TerzSevenInput, request)
        return Response(TerzSevenAnswer(seven_answer(WORDS, data["hand"], data["trump"], data["talon"],
                                                     data["my_turn"])).data)


class TerzPoints(APIView):
    @extend_schema(request=TerzPointsInput, responses=check_responses(TerzPointsAnswer),
                   summary="Terz: the card points of a set of taken cards")
    def post(self, request: Request) -> Response:
        data = read_input(TerzPointsInput, request)
        return Response(TerzPointsAnswer(points_answer(WORDS, data["cards"], data["trump"], data["last_trick"])).data)


urlpatterns = [
    path("compare/", TerzCompare.as_view(), name="referee-terz-compare"),
    path("classify/", TerzClassify.as_view(), name="referee-terz-classify"),
    path("trick/", TerzTrick.as_view(), name="referee-terz-trick"),
    path("play/", TerzPlay.as_view(), name="referee-terz-play"),
    path("seven/", TerzSeven.as_view(), name="referee-terz-seven"),
    path("points/", TerzPoints.as_view(), name="referee-terz-points"),
]
