"""The Khrap referee checks over HTTP: ``/api/referee/khrap/{trick,legal}/`` and the
``/referee/khrap/`` page. Stateless: no match, nothing stored.

Expected answers are worked out by hand from seed 003: "Карта, побившая другие вышедшие под нее
карты или не побитая другими картами, берет взятку"; answer "картой этой же масти; если такой
масти нет, то козырем; если козыря нет, то сбрасывается любая другая карта". The 36-card deck,
6 < 7 < … < 10 < J < Q < K < A.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

import pytest
from django.test import Client
from rest_framework.test import APIClient

from scorebook.games import game_ui

TRICK = "/api/referee/khrap/trick/"
LEGAL = "/api/referee/khrap/legal/"

pytestmark = pytest.mark.django_db


def post(api: APIClient, path: str, body: Any) -> Any:
    return api.post(path, body, format="json", HTTP_ACCEPT_LANGUAGE="en")


def codes(answer: Any) -> list[tuple[str, str | None]]:
    assert answer.status_code == 400, answer.content
    return [(v["code"], v["field"]) for v in answer.json()["violations"]]


def test_the_module_keeps_the_checks_contract() -> None:
    game = game_ui("khrap")
    assert str(game.checks_title)
    assert import_module(game.check_pages).urlpatterns and import_module(game.check_api).urlpatterns


# ---------------------------------------------------------------- who takes the trick


@pytest.mark.parametrize(("body", "winner", "card"), [
    # ♥ led, no trump (♠) played: the highest heart, the ace (the 2nd card played)
    pytest.param({"led": "KH", "trump": "S", "played": ["7H", "AH"]}, 2, "AH", id="highest-of-the-suit-led"),
    # the 6 of trumps beats the ace of the suit led
    pytest.param({"led": "KH", "trump": "S", "played": ["AH", "6S"]}, 2, "6S", id="a-small-trump-beats-the-ace"),
    # two trumps: the higher one
    pytest.param({"led": "9D", "trump": "C", "played": ["7C", "QC", "AD"]}, 2, "QC", id="the-higher-trump"),
    # nobody followed or trumped: the led card stays
    pytest.param({"led": "8H", "trump": "S", "played": ["AD", "KC"]}, 0, "8H", id="the-led-card-unbeaten"),
    # an ace of another suit never takes it: 10 beats 7 in the suit led
    pytest.param({"led": "7D", "trump": "H", "played": ["AC", "10D", "AS"]}, 2, "10D", id="another-suit-never"),
    # trumps led: the highest trump; 10 beats 9
    pytest.param({"led": "9S", "trump": "S", "played": ["10S", "AH"]}, 1, "10S", id="trumps-led"),
    # every spelling API.md accepts: symbols, lower case, Cyrillic ranks (Д the queen, Т the ace)
    pytest.param({"led": "Д♥", "trump": "♠", "played": ["т♥", "10♥️"]}, 1, "AH", id="any-spelling"),
    pytest.param({"led": "QH", "trump": "S", "played": []}, 0, "QH", id="the-led-card-alone"),
])
def test_who_takes_the_trick(api: APIClient, body: dict[str, Any], winner: int, card: str) -> None:
    answer = post(api, TRICK, body)
    assert answer.status_code == 200, answer.content
    data = answer.json()
    assert (data["winner"], data["card"]) == (winner, card)
    assert set(data) == {"winner", "card", "reason"} and data["reason"]


def test_the_reason_names_the_card_and_the_rule(api: APIClient) -> None:
    answer = post(api, TRICK, {"led": "KH", "trump": "S", "played": ["AH", "6S"]}).json()
    assert answer["reason"] == "6♠ takes it: the highest trump (♠) beats the suit led (♥)"


@pytest.mark.parametrize(("body", "expected"), [
    pytest.param({"led": "5H", "trump": "S", "played": ["KH"]}, [("bad_card", "led")], id="a-5-is-not-in-the-deck"),
    pytest.param({"led": "KH", "trump": "S", "played": ["X1"]}, [("bad_card", "played[0]")], id="no-jokers"),
    pytest.param({"led": "KH", "trump": "Z", "played": ["QH", "KH"]},
                 [("bad_card", "trump"), ("card_twice", "played[1]")], id="bad-trump-and-a-card-twice"),
    pytest.param({"led": "KH", "trump": "S", "played": ["1H"]}, [("bad_card", "played[0]")], id="not-a-card"),
    pytest.param({"led": "KH", "played": []}, [("missing_field", "trump")], id="trump-missing"),
    pytest.param({"led": "KH", "trump": "S", "played": [], "extra": 1}, [("unknown_field", "extra")],
                 id="unknown-field"),
    pytest.param({"led": "KH", "trump": "S", "played": ["6H", "7H", "8H", "9H", "10H", "JH"]},
                 [("out_of_range", "played")], id="six-answers-for-at-most-six-players"),
])
def test_a_trick_that_cannot_be_read_is_400(api: APIClient, body: dict[str, Any],
                                            expected: list[tuple[str, str]]) -> None:
    assert codes(post(api, TRICK, body)) == expected


# ---------------------------------------------------------------- may this card be played


@pytest.mark.parametrize(("body", "legal"), [
    pytest.param({"card": "7H", "hand": ["AS", "KD"], "led": "KH", "trump": "S"}, True, id="follows-suit"),
    # a heart in hand: the 6 of trumps is refused
    pytest.param({"card": "6S", "hand": ["7H", "AD"], "led": "KH", "trump": "S"}, False, id="must-follow-suit"),
    # no heart: a trump it must be
    pytest.param({"card": "6S", "hand": ["AD", "KC"], "led": "KH", "trump": "S"}, True, id="trumps-when-void"),
    pytest.param({"card": "AD", "hand": ["6S", "KC"], "led": "KH", "trump": "S"}, False, id="must-trump-when-void"),
    # neither hearts nor trumps: anything
    pytest.param({"card": "AD", "hand": ["KC", "7D"], "led": "KH", "trump": "S"}, True, id="discard-anything"),
    pytest.param({"card": "AD", "hand": ["7H"], "led": None, "trump": "S"}, True, id="he-leads"),
    pytest.param({"card": "AD", "hand": ["7H"], "trump": "S"}, True, id="led-left-out-he-leads"),
    # the card listed in the hand too is the same card
    pytest.param({"card": "7H", "hand": ["7H", "AS"], "led": "KH", "trump": "S"}, True, id="card-in-the-hand"),
])
def test_may_this_card_be_played(api: APIClient, body: dict[str, Any], legal: bool) -> None:
    answer = post(api, LEGAL, body)
    assert answer.status_code == 200, answer.content
    data = answer.json()
    assert data["legal"] is legal and set(data) == {"legal", "reason"} and data["reason"]


def test_the_legal_reason(api: APIClient) -> None:
    answer = post(api, LEGAL, {"card": "6S", "hand": ["7H", "AD"], "led": "KH", "trump": "S"}).json()
    assert answer == {"legal": False, "reason": "must follow suit: ♥ was led"}


@pytest.mark.parametrize(("body", "expected"), [
    pytest.param({"card": "2H", "hand": [], "trump": "S"}, [("bad_card", "card")], id="a-2-is-not-in-the-deck"),
    pytest.param({"card": "7H", "hand": ["AS", "AS"], "trump": "S"}, [("card_twice", "hand[1]")], id="twice-in-hand"),
    pytest.param({"card": "7H", "hand": ["AS"], "led": "AS", "trump": "S"}, [("card_twice", "led")],
                 id="the-led-card-in-my-hand"),
    pytest.param({"card": "7H", "hand": ["6S", "7S", "8S", "9S", "10S"], "trump": "S"},
                 [("too_many_cards", "hand")], id="six-cards"),
    pytest.param({"card": "7H", "hand": ["6S", "7S", "8S", "9S", "10S", "JS"], "trump": "S"},
                 [("out_of_range", "hand")], id="six-listed"),
    pytest.param({"hand": [], "trump": "S"}, [("missing_field", "card")], id="card-missing"),
    pytest.param({"card": "7H", "hand": "7H", "trump": "S"}, [("bad_type", "hand")], id="hand-not-a-list"),
])
def test_a_play_that_cannot_be_read_is_400(api: APIClient, body: dict[str, Any],
                                           expected: list[tuple[str, str]]) -> None:
    assert codes(post(api, LEGAL, body)) == expected


def test_the_checks_need_a_signed_in_caller() -> None:
    anonymous = APIClient()
    assert anonymous.post(TRICK, {"led": "KH", "trump": "S", "played": []}, format="json").status_code in (401, 403)


# ---------------------------------------------------------------- the page


def test_the_page_shows_both_checks(signed_in: Client) -> None:
    page = signed_in.get("/referee/khrap/")
    assert page.status_code == 200
    html = page.content.decode()
    assert 'id="trick-title"' in html and 'id="legal-title"' in html
    assert html.count('class="card-grid"') == 2  # the shared tap-to-pick grid, 36 cards each
    assert html.count('name="played" value=') == 36 and html.count('name="hand" value=') == 36
    assert 'name="played" value="10H"' in html and 'name="hand" value="6C"' in html  # canonical codes


def test_the_page_answers_who_takes_the_trick(signed_in: Client) -> None:
    # ♥ led (K), trumps ♠: the 6♠ beats the A♥. The K♥ ticked in the grid too is the led card.
    answer = signed_in.post("/referee/khrap/trick/", {"led_rank": "K", "led_suit": "H", "trump": "S",
                                                    "played": ["KH", "AH", "6S"]}, HTTP_HX_REQUEST="true")
    assert answer.status_code == 200
    html = answer.content.decode()
    assert html.lstrip().startswith('<div id="trick-verdict"')
    assert "6♠ takes the trick." in html


def test_the_page_without_javascript_keeps_the_form(signed_in: Client) -> None:
    answer = signed_in.post("/referee/khrap/legal/", {"card_rank": "6", "card_suit": "S", "led_suit": "H",
                                                    "led_rank": "K", "trump": "S", "hand": ["7H", "AD"]})
    html = answer.content.decode()
    assert "No: 6♠ may not be played." in html
    assert 'name="hand" value="7H" checked' in html and 'name="card_suit" value="S" checked' in html


@pytest.mark.parametrize(("fields", "verdict"), [
    pytest.param({"card_rank": "A", "card_suit": "D", "led_suit": "lead", "trump": "S"}, "Yes: A♦ may be played.",
                 id="he-leads"),
    pytest.param({"card_rank": "A", "card_suit": "D", "led_suit": "H", "trump": "S"},
                 "Pick the card that was led", id="half-picked-led"),
    pytest.param({"card_rank": "A", "led_suit": "lead", "trump": "S"}, "Pick the card to play", id="no-suit"),
    pytest.param({"card_rank": "A", "card_suit": "D", "led_suit": "lead", "trump": "S",
                  "hand": ["6S", "7S", "8S", "9S", "10S"]}, "at most 5 cards", id="too-many"),
])
def test_the_legal_form_answers(signed_in: Client, fields: dict[str, Any], verdict: str) -> None:
    html = signed_in.post("/referee/khrap/legal/", fields, HTTP_HX_REQUEST="true").content.decode()
    assert verdict in html


def test_the_trick_form_asks_for_what_is_missing(signed_in: Client) -> None:
    html = signed_in.post("/referee/khrap/trick/", {"played": ["AH"]}, HTTP_HX_REQUEST="true").content.decode()
    assert "Pick the card that was led" in html and "Pick the trump suit." in html
