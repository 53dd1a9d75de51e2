"""Khrap's referee checks as JSON: ``POST /api/referee/khrap/trick/`` ("who takes this trick?")
and ``.../legal/`` ("may I play this card?"). The judging is ``referee.games.khrap``'s
(``trick_check``, ``legal_play``; cards read by ``read_trick``/``read_play``, which raise
``Rejected``, answered as API.md's 400). Nothing is stored."""

from __future__ import annotations

from django.urls import path
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from referee.games import khrap
from scorebook.api.common import StrictSerializer, check_responses, read_input
from scorebook.sheets import WORDS

CARD_TEXT = 10  # the longest spelling of one card: "10♥️" and spaces


class KhrapTrickInput(StrictSerializer):
    led = serializers.CharField(max_length=CARD_TEXT)
    trump = serializers.CharField(max_length=CARD_TEXT)
    played = serializers.ListField(child=serializers.CharField(max_length=CARD_TEXT), max_length=khrap.SEATS.stop - 2)


class KhrapLegalInput(StrictSerializer):
    card = serializers.CharField(max_length=CARD_TEXT)
    hand = serializers.ListField(child=serializers.CharField(max_length=CARD_TEXT), max_length=khrap.HAND)
    led = serializers.CharField(max_length=CARD_TEXT, required=False, allow_null=True)
    trump = serializers.CharField(max_length=CARD_TEXT)


class KhrapTrickAnswer(serializers.Serializer):
    winner = serializers.IntegerField(help_text="0: the led card takes the trick, k: the k-th card played")
    card = serializers.CharField(help_text="the card that takes it")
    reason = serializers.CharField()


class KhrapLegalAnswer(serializers.Serializer):
    legal = serializers.BooleanField()
    reason = serializers.CharField()


class KhrapTrick(APIView):
    @extend_schema(request=KhrapTrickInput, responses=check_responses(KhrapTrickAnswer),
                   summary="Khrap: who takes this trick (winner 0 is the led card, k the k-th card played)")
    def post(self, request: Request) -> Response:
        data = read_input(KhrapTrickInput, request)
        led, trump, played = khrap.read_trick(data["led"], data["trump"], data["played"])
        winner, why = khrap.trick_check(led, trump, played)
        return Response({"winner": winner, "card": [led, *played][winner].code, "reason": WORDS.render_lines([why])[0]})


class KhrapLegal(APIView):
    @extend_schema(request=KhrapLegalInput, responses=check_responses(KhrapLegalAnswer),
                   summary="Khrap: may this card be played from this hand (led null: the holder leads)?")
    def post(self, request: Request) -> Response:
        data = read_input(KhrapLegalInput, request)
        card, hand, led, trump = khrap.read_play(data["card"], data["hand"], data.get("led"), data["trump"])
        legal, why = khrap.legal_play(card, hand, led, trump)
        return Response({"legal": legal, "reason": WORDS.render_lines([why])[0]})


urlpatterns = [
    path("trick/", KhrapTrick.as_view(), name="referee-khrap-trick"),
    path("legal/", KhrapLegal.as_view(), name="referee-khrap-legal"),
]
