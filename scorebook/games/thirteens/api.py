"""The referee's Thirteens checks as JSON: ``POST /api/referee/thirteens/trick/`` (the best score of
one trick, with its melds) and ``.../winner/`` (which card takes it). A trick it cannot read raises
``Rejected``, answered as API.md's 400."""

from __future__ import annotations

from typing import Any

from django.urls import path
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from referee.games import thirteens
from scorebook.api.common import StrictSerializer, check_responses, read_input
from scorebook.games.thirteens.checks import read_trump
from scorebook.sheets import WORDS


def _card_list(**kwargs: Any) -> serializers.ListField:
    # The 54 cards at most; ``thirteens.read_trick`` refuses more than 6 as ``trick_size``.
    return serializers.ListField(child=serializers.CharField(max_length=10), max_length=thirteens.DECK_SIZE,
                                 **kwargs)


class TrickInput(StrictSerializer):
    cards = _card_list()
    options = serializers.DictField(required=False, allow_null=True)


class WinnerInput(StrictSerializer):
    cards = _card_list()
    trump = serializers.CharField(max_length=10, allow_null=True, allow_blank=True)


class ThirteensMeld(serializers.Serializer):
    kind = serializers.ChoiceField(choices=["thirteen", "pair", "run"])
    cards = serializers.ListField(child=serializers.CharField())
    points = serializers.IntegerField()


class ThirteensTrickAnswer(serializers.Serializer):
    cards = serializers.ListField(child=serializers.CharField(), help_text="canonical")
    points = serializers.IntegerField(help_text="the trick's best score")
    melds = ThirteensMeld(many=True, help_text="the melds that make it")
    trick_point = serializers.IntegerField()
    jokers = serializers.IntegerField(help_text="how many jokers the trick holds")
    joker_points = serializers.IntegerField()
    explanation = serializers.ListField(child=serializers.CharField())


class ThirteensWinnerAnswer(serializers.Serializer):
    winner = serializers.IntegerField(help_text="the index of the card that takes the trick")
    card = serializers.CharField()
    trump = serializers.CharField(allow_null=True)
    reason = serializers.CharField()


class ThirteensTrick(APIView):
    @extend_schema(request=TrickInput, responses=check_responses(ThirteensTrickAnswer),
                   summary="Thirteens: the best score of one trick, with the melds chosen")
    def post(self, request: Request) -> Response:
        data = read_input(TrickInput, request)
        options = thirteens.parse_options(data.get("options"), None)
        score = thirteens.score_trick(thirteens.read_trick(data["cards"]), options)
        return Response({"cards": [card.code for card in score.cards], "points": score.points,
                         "melds": [meld.json() for meld in score.melds], "trick_point": score.trick_point,
                         "jokers": score.jokers, "joker_points": score.joker_points,
                         "explanation": WORDS.render_lines(thirteens.trick_lines(score, options))})


class ThirteensWinner(APIView):
    @extend_schema(request=WinnerInput, responses=check_responses(ThirteensWinnerAnswer),
                   summary="Thirteens: which card takes a trick (cards in play order; a joker cancels trumps)")
    def post(self, request: Request) -> Response:
        data = read_input(WinnerInput, request)
        trump = read_trump(data["trump"])
        won = thirteens.winner_check(thirteens.read_trick(data["cards"]), trump)
        return Response({"winner": won.index, "card": won.card.code,
                         "trump": trump.value if trump is not None else None,
                         "reason": WORDS.render_lines([won.reason])[0]})


urlpatterns = [
    path("trick/", ThirteensTrick.as_view(), name="referee-thirteens-trick"),
    path("winner/", ThirteensWinner.as_view(), name="referee-thirteens-winner"),
]
