"""The Terz checks of the cards at the table, over HTTP: ``/api/referee/terz/{trick,play,seven,points}/``
and the ``/referee/terz/`` page. Stateless: no match, nothing stored.

Every expected answer is worked by hand from seed 000:
- rank orders, lowest first: "в НЕ козирною масті - 7, 8, 9, В, Д, К, 10, Т; в козирною масті - 7, 8,
  Д, К, 10, Т, 9, В";
- answering: "Карти у відповідь необхідно класти в масть, якщо такої карти немає, то необхідно класти
  козир, але тільки до того моменту, поки в талоні не закінчаться карти. Коли карти в талоні
  закінчаться, то необхідно перебивати карту суперника … За своїм бажанням гравець може покласти тільки
  валета козирного";
- the trump seven: "може в будь-який момент перед своїм ходом замінити її на відкритий козир, але за
  умови якщо в колоді не менше двох карт";
- card points: plain A 11, 10 10, K 3, Q 2, J 1; trumps J 20, 9 13, A 11, 10 10, K 3, Q 2; the last trick 10.
"""

from __future__ import annotations

import html
from typing import Any

import pytest
from django.test import Client
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db

TRICK = "/api/referee/terz/trick/"
PLAY = "/api/referee/terz/play/"
SEVEN = "/api/referee/terz/seven/"
POINTS = "/api/referee/terz/points/"
PLAIN = ["7", "8", "9", "J", "Q", "K", "10", "A"]
TRUMPS = ["7", "8", "Q", "K", "10", "A", "9", "J"]


def post(api: APIClient, path: str, body: Any) -> Any:
    return api.post(path, body, format="json", HTTP_ACCEPT_LANGUAGE="en")


def codes(answer: Any) -> list[tuple[str, str | None]]:
    assert answer.status_code == 400, answer.content
    assert all(v["severity"] == "error" and v["message"] for v in answer.json()["violations"])
    return [(v["code"], v["field"]) for v in answer.json()["violations"]]


# ---------------------------------------------------------------- who takes this trick


@pytest.mark.parametrize(("trump", "cards", "winner", "reason", "order", "points"), [
    # Plain order: the ace above the ten (10 + 11 = 21).
    pytest.param("H", ["10S", "AS"], 1, "same_suit", "plain", 21, id="plain-ace-over-ten"),
    # Plain order: the ten above the king (3 + 10 = 13), whatever their faces say.
    pytest.param("H", ["KS", "10S"], 1, "same_suit", "plain", 13, id="plain-ten-over-king"),
    # Plain order: the jack above the nine (0 + 1 = 1).
    pytest.param("H", ["9S", "JS"], 1, "same_suit", "plain", 1, id="plain-jack-over-nine"),
    # Plain order: the queen led stays above the eight (2 + 0 = 2).
    pytest.param("H", ["QD", "8D"], 0, "same_suit", "plain", 2, id="plain-the-card-led-stays"),
    # Trump order: the nine above the ace (11 + 13 = 24).
    pytest.param("H", ["AH", "9H"], 1, "same_suit", "trump", 24, id="trump-nine-over-ace"),
    # Trump order: the jack above the nine (13 + 20 = 33).
    pytest.param("H", ["9H", "JH"], 1, "same_suit", "trump", 33, id="trump-jack-over-nine"),
    # Trump order: the ten led stays above the king (10 + 3 = 13).
    pytest.param("H", ["10H", "KH"], 0, "same_suit", "trump", 13, id="trump-ten-over-king"),
    # A trump on a plain card: the seven of trumps takes the ace (11 + 0 = 11).
    pytest.param("H", ["AS", "7H"], 1, "trump", None, 11, id="a-trump-takes-a-plain-ace"),
    # A trump led, a plain ace answered: the trump stays (0 + 11 = 11).
    pytest.param("H", ["7H", "AS"], 0, "trump", None, 11, id="a-plain-ace-on-a-trump"),
    # Neither the suit led nor a trump: the ace of diamonds cannot take the king of spades (3 + 11 = 14).
    pytest.param("H", ["KS", "AD"], 0, "off_suit", None, 14, id="another-suit-never"),
    # Every spelling API.md accepts: Cyrillic ranks (Т the ace), symbols, lower case.
    pytest.param("♣", ["10♠", "т♠"], 1, "same_suit", "plain", 21, id="any-spelling"),
])
def test_who_takes_the_trick(api: APIClient, trump: str, cards: list[str], winner: int, reason: str,
                             order: str | None, points: int) -> None:
    answer = post(api, TRICK, {"trump": trump, "cards": cards})
    assert answer.status_code == 200, answer.content
    body = answer.json()
    assert (body["winner"], body["reason"], body["order"], body["points"]) == (winner, reason, order, points)
    assert body["card"] == body["cards"][winner]
    assert body["ranks"] == {"plain": PLAIN, "trump": TRUMPS, None: None}[order]


def test_the_trick_explains_the_rank_order(api: APIClient) -> None:
    body = post(api, TRICK, {"trump": "H", "cards": ["AH", "9H"]}).json()
    assert body["explanation"] == [
        "Trumps: ♥. A♥ led, 9♥ answered.",
        "Both trumps: 9♥ is above A♥ in the trump order 7 8 Q K 10 A 9 J.",
        "9♥ takes the trick, with 24 card points in it.",
    ]
    assert set(body) == {"trump", "cards", "winner", "card", "reason", "order", "ranks", "points", "explanation"}


@pytest.mark.parametrize(("body", "expected"), [
    pytest.param({"trump": "H", "cards": ["10S"]}, [("trick_size", "cards")], id="one-card"),
    pytest.param({"trump": "H", "cards": ["10S", "AS", "KS"]}, [("trick_size", "cards")], id="three-cards"),
    pytest.param({"trump": "H", "cards": ["6S", "AS"]}, [("bad_card", "cards[0]")], id="a-six-is-not-in-the-deck"),
    pytest.param({"trump": "H", "cards": ["AS", "AS"]}, [("card_twice", "cards[1]")], id="card-twice"),
    pytest.param({"trump": "Z", "cards": ["10S", "AS"]}, [("bad_card", "trump")], id="bad-trump"),
    pytest.param({"cards": ["10S", "AS"]}, [("missing_field", "trump")], id="no-trump"),
    pytest.param({"trump": "H", "cards": ["10S", "AS"], "led": "10S"}, [("unknown_field", "led")], id="unknown-field"),
])
def test_the_trick_refuses_bad_input(api: APIClient, body: dict[str, Any], expected: list[tuple[str, str]]) -> None:
    assert codes(post(api, TRICK, body)) == expected


# ---------------------------------------------------------------- may I play this card


def play(hand: str, card: str, led: str | None = None, talon_empty: bool = False, trump: str = "H") -> dict[str, Any]:
    return {"hand": hand.split(), "trump": trump, "led": led, "talon_empty": talon_empty, "card": card}


# One row per duty and per talon condition; trumps are hearts.
@pytest.mark.parametrize(("body", "legal", "duty", "allowed", "free_jack"), [
    # Nothing on the table: any card may be led; the card counts as in the hand, listed or not.
    pytest.param(play("7S", "AD"), True, "lead", ["7S", "AD"], False, id="lead-any-card"),
    # Talon left: follow suit (a spade), a trump is not allowed while he holds spades.
    pytest.param(play("7S KS AH", "AH", led="10S"), False, "follow_suit", ["7S", "KS"], False,
                 id="talon-left-follow-suit"),
    # Talon left: following with a lower card is enough, no need to beat.
    pytest.param(play("7S 8C", "7S", led="AS"), True, "follow_suit", ["7S"], False, id="talon-left-no-need-to-beat"),
    # Talon left, no spade: trump.
    pytest.param(play("9D 8H AH", "9D", led="10S"), False, "trump", ["8H", "AH"], False, id="talon-left-trump"),
    # Talon left, neither a spade nor a trump: any card.
    pytest.param(play("9D KC", "KC", led="10S"), True, "free", ["9D", "KC"], False, id="talon-left-free"),
    # Talon empty: beat it — of 7, K, A of spades only the ace is above the ten in the plain order.
    pytest.param(play("7S KS AS", "7S", led="10S", talon_empty=True), False, "beat", ["AS"], False,
                 id="talon-empty-beat"),
    # Talon empty, a trump led: a higher trump — the nine is above the ace in the trump order, the king is not.
    pytest.param(play("KH 9H 7C", "KH", led="AH", talon_empty=True), False, "beat", ["9H"], False,
                 id="talon-empty-beat-a-trump"),
    # Talon empty, nothing beats the ace of spades: follow suit.
    pytest.param(play("7S KS 8H", "8H", led="AS", talon_empty=True), False, "follow_suit", ["7S", "KS"], False,
                 id="talon-empty-cannot-beat-follow"),
    # Talon empty, no spade: trump (a trump is also the only card that beats it).
    pytest.param(play("8H 9D", "9D", led="AS", talon_empty=True), False, "trump", ["8H"], False,
                 id="talon-empty-trump"),
    # Talon empty, neither a spade nor a trump: any card.
    pytest.param(play("9D KC", "9D", led="AS", talon_empty=True), True, "free", ["9D", "KC"], False,
                 id="talon-empty-free"),
    # The trump jack may always be played, whatever the duty (here: follow suit in spades).
    pytest.param(play("JH 7S", "JH", led="10S"), True, "follow_suit", ["JH", "7S"], True, id="the-trump-jack"),
    # The trump jack held, another card that breaks the duty is still refused.
    pytest.param(play("JH 7S 9D", "9D", led="10S"), False, "follow_suit", ["JH", "7S"], False,
                 id="the-jack-frees-only-itself"),
])
def test_may_i_play_this_card(api: APIClient, body: dict[str, Any], legal: bool, duty: str, allowed: list[str],
                              free_jack: bool) -> None:
    answer = post(api, PLAY, body)
    assert answer.status_code == 200, answer.content
    got = answer.json()
    assert (got["legal"], got["duty"], got["allowed"], got["free_jack"]) == (legal, duty, allowed, free_jack)
    assert got["card"] == body["card"]


def test_the_play_explains_the_duty(api: APIClient) -> None:
    body = post(api, PLAY, play("7S KS AS", "7S", led="10S", talon_empty=True)).json()
    assert body["explanation"] == [
        "10♠ led and the talon is empty: beat it if the hand can.",
        "The hand can beat it in ♠: A♠.",
        "7♠ may not be played.",
    ]
    jack = post(api, PLAY, play("JH 7S", "JH", led="10S")).json()
    assert "J♥, the trump jack, may be played at will, whatever the duty." in jack["explanation"]


def test_leading_may_leave_out_the_card_on_the_table(api: APIClient) -> None:
    body = {"hand": ["7S"], "trump": "H", "talon_empty": False, "card": "AD"}
    assert post(api, PLAY, body).json()["duty"] == "lead"


@pytest.mark.parametrize(("body", "expected"), [
    pytest.param(play("10S 7S", "7S", led="10S"), [("card_twice", "led")], id="the-led-card-in-the-hand"),
    pytest.param(play("7S 8S 9S 10S JS QS KS AS 7D", "7C", led="10H"), [("too_many_cards", "hand")],
                 id="ten-cards"),
    pytest.param(play("7S", "6S"), [("bad_card", "card")], id="a-six"),
    pytest.param(play("7S", "AS", led="Z"), [("bad_card", "led")], id="led-not-a-card"),
    pytest.param({"hand": ["7S"], "trump": "H", "card": "7S"}, [("missing_field", "talon_empty")],
                 id="no-talon-condition"),
    pytest.param(play("7S", "AS") | {"table": []}, [("unknown_field", "table")], id="unknown-field"),
])
def test_the_play_refuses_bad_input(api: APIClient, body: dict[str, Any], expected: list[tuple[str, str]]) -> None:
    assert codes(post(api, PLAY, body)) == expected


# ---------------------------------------------------------------- may I swap the trump seven


@pytest.mark.parametrize(("hand", "talon", "my_turn", "legal", "reasons"), [
    pytest.param("7H AS", 5, True, True, [], id="before-his-play-five-left"),
    pytest.param("7H AS", 2, True, True, [], id="two-left-is-enough"),  # "не менше двох карт"
    pytest.param("7H AS", 1, True, False, ["talon_too_small"], id="one-left"),
    pytest.param("7H AS", 0, True, False, ["talon_too_small"], id="none-left"),
    pytest.param("7H AS", 5, False, False, ["not_your_turn"], id="not-before-his-play"),
    pytest.param("7S AS", 5, True, False, ["no_trump_seven"], id="no-trump-seven"),
    pytest.param("7S", 1, False, False, ["no_trump_seven", "not_your_turn", "talon_too_small"], id="every-reason"),
])
def test_may_i_swap_the_trump_seven(api: APIClient, hand: str, talon: int, my_turn: bool, legal: bool,
                                    reasons: list[str]) -> None:
    answer = post(api, SEVEN, {"hand": hand.split(), "trump": "H", "talon": talon, "my_turn": my_turn})
    assert answer.status_code == 200, answer.content
    body = answer.json()
    assert (body["seven"], body["legal"], body["reasons"]) == ("7H", legal, reasons)
    assert len(body["explanation"]) == max(len(reasons), 1)


def test_the_seven_says_why_not(api: APIClient) -> None:
    body = post(api, SEVEN, {"hand": ["7H"], "trump": "H", "talon": 1, "my_turn": True}).json()
    assert body["explanation"] == ["Cards left in the talon: 1; the swap needs at least 2."]


@pytest.mark.parametrize(("body", "expected"), [
    pytest.param({"hand": ["7H"], "trump": "H", "talon": 14, "my_turn": True}, [("out_of_range", "talon")],
                 id="more-than-13-in-the-talon"),
    pytest.param({"hand": ["7H"], "trump": "H", "talon": -1, "my_turn": True}, [("out_of_range", "talon")],
                 id="below-0"),
    pytest.param({"hand": ["7H"], "trump": "H", "talon": "many", "my_turn": True}, [("bad_type", "talon")],
                 id="not-a-number"),
    pytest.param({"hand": ["7H"], "trump": "H", "talon": 3}, [("missing_field", "my_turn")], id="no-turn"),
])
def test_the_seven_refuses_bad_input(api: APIClient, body: dict[str, Any], expected: list[tuple[str, str]]) -> None:
    assert codes(post(api, SEVEN, body)) == expected


# ---------------------------------------------------------------- card points


ALL_TRUMPS = "JH 9H AH 10H KH QH 8H 7H"
DECK = " ".join(rank + suit for suit in "HSDC" for rank in PLAIN)


@pytest.mark.parametrize(("cards", "last_trick", "points"), [
    pytest.param("JH 9H 7H", False, 33, id="trump-jack-and-nine"),  # 20 + 13 + 0
    pytest.param("JS 9S", False, 1, id="a-plain-jack-and-nine"),  # 1 + 0
    pytest.param("AS 10S KS QS JS", False, 27, id="a-plain-suit"),  # 11 + 10 + 3 + 2 + 1
    pytest.param(ALL_TRUMPS, False, 59, id="every-trump"),  # 20 + 13 + 11 + 10 + 3 + 2
    pytest.param("AS", True, 21, id="with-the-last-trick"),  # 11 + 10
    pytest.param("", True, 10, id="only-the-last-trick"),
    pytest.param(DECK, True, 150, id="the-whole-deal"),  # 3 × 27 + 59 + 10
])
def test_card_points(api: APIClient, cards: str, last_trick: bool, points: int) -> None:
    answer = post(api, POINTS, {"cards": cards.split(), "trump": "H", "last_trick": last_trick})
    assert answer.status_code == 200, answer.content
    assert (answer.json()["points"], answer.json()["last_trick"]) == (points, last_trick)


def test_points_say_how_they_add_up(api: APIClient) -> None:
    body = post(api, POINTS, {"cards": ["JH", "9H", "AS"], "trump": "H", "last_trick": True}).json()
    assert body["explanation"] == ["In trumps: J♥ 20 + 9♥ 13 = 33.", "Not in trumps: A♠ 11 = 11.",
                                   "The last trick: 10.", "Card points: 33 + 11 + 10 = 54."]


def test_the_last_trick_is_false_unless_said(api: APIClient) -> None:
    assert post(api, POINTS, {"cards": ["AS"], "trump": "H"}).json()["points"] == 11


@pytest.mark.parametrize(("body", "expected"), [
    pytest.param({"cards": ["AS", "AS"], "trump": "H"}, [("card_twice", "cards[1]")], id="card-twice"),
    pytest.param({"cards": ["X1"], "trump": "H"}, [("bad_card", "cards[0]")], id="no-jokers"),
    pytest.param({"cards": ["AS"], "trump": ""}, [("bad_type", "trump")], id="blank-trump"),
])
def test_points_refuse_bad_input(api: APIClient, body: dict[str, Any], expected: list[tuple[str, str]]) -> None:
    assert codes(post(api, POINTS, body)) == expected


# ---------------------------------------------------------------- who may ask, the schema, the languages


@pytest.mark.parametrize("path", [TRICK, PLAY, SEVEN, POINTS])
def test_only_a_signed_in_caller_may_ask(path: str) -> None:
    assert APIClient().post(path, {}, format="json").status_code in (401, 403)


def test_the_schema_types_the_answers(api: APIClient) -> None:
    schema = api.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()
    for path, answer in [(TRICK, "TerzTrickAnswer"), (PLAY, "TerzPlayAnswer"), (SEVEN, "TerzSevenAnswer"),
                         (POINTS, "TerzPointsAnswer")]:
        ok = schema["paths"][path]["post"]["responses"]["200"]["content"]["application/json"]["schema"]
        assert ok == {"$ref": f"#/components/schemas/{answer}"}
    assert set(schema["components"]["schemas"]["TerzPlayAnswer"]["properties"]) == {
        "card", "legal", "duty", "allowed", "free_jack", "explanation"}


def test_answers_are_in_the_callers_language(api: APIClient) -> None:
    body = api.post(PLAY, play("7S KS AS", "7S", led="10S", talon_empty=True), format="json",
                    HTTP_ACCEPT_LANGUAGE="uk").json()
    assert body["explanation"][-1] != "7♠ may not be played."
    assert "7♠" in body["explanation"][-1]


# ---------------------------------------------------------------- the page


def test_the_page_offers_the_four_checks(signed_in: Client) -> None:
    page = signed_in.get("/referee/terz/").content.decode()
    for title in ("Who takes this trick?", "May I play this card?", "May I swap the trump seven?",
                  "How many card points are these?"):
        assert title in page
    # The two rank orders, lowest first.
    assert "7 8 9 J Q K 10 A" in page and "7 8 Q K 10 A 9 J" in page


def test_the_page_answers_may_i_play_this_card(signed_in: Client) -> None:
    answer = signed_in.post("/referee/terz/play/", {
        "trump": "H", "led_suit": "S", "led_rank": "10", "card_rank": "7", "card_suit": "S",
        "hand": ["KS", "AS", "7S"], "talon_empty": "on"}, HTTP_HX_REQUEST="true")
    assert answer.status_code == 200
    page = answer.content.decode()
    assert 'id="play-verdict"' in page and "<form" not in page  # only the verdict, for htmx
    assert "No: 7♠ may not be played." in page
    assert "beat the card led" in page
    assert "The hand can beat it in ♠: A♠." in page


def test_leading_on_the_page(signed_in: Client) -> None:
    page = signed_in.post("/referee/terz/play/", {"trump": "H", "led_suit": "lead", "card_rank": "A",
                                                  "card_suit": "D"}).content.decode()
    assert "Yes: A♦ may be played." in page and "lead: any card" in page


def test_the_page_says_what_is_missing(signed_in: Client) -> None:
    page = signed_in.post("/referee/terz/play/", {"led_suit": "S"}, HTTP_HX_REQUEST="true").content.decode()
    assert "Pick the trump suit." in page
    assert "Pick the card that was led, or “I lead”." in page
    assert "Pick the card to play: its rank and its suit." in page


def test_the_page_shows_a_refused_hand(signed_in: Client) -> None:
    page = signed_in.post("/referee/terz/play/", {
        "trump": "H", "led_suit": "S", "led_rank": "10", "card_rank": "7", "card_suit": "S",
        "hand": ["10S"]}, HTTP_HX_REQUEST="true").content.decode()
    assert "10♠ is on the table and in the hand." in page


def test_the_page_answers_who_takes_the_trick(signed_in: Client) -> None:
    page = signed_in.post("/referee/terz/trick/", {"trump": "H", "led_rank": "A", "led_suit": "H",
                                                   "answer_rank": "9", "answer_suit": "H"},
                          HTTP_HX_REQUEST="true").content.decode()
    assert "9♥ takes the trick." in page
    assert "trumps: 7 8 Q K 10 A 9 J" in page
    assert "24" in page


def test_the_page_answers_the_trump_seven(signed_in: Client) -> None:
    yes = signed_in.post("/referee/terz/seven/", {"trump": "D", "hand": ["7D", "AS"], "talon": "4",
                                                  "my_turn": "on"}).content.decode()
    assert "Yes: swap 7♦ for the turned-up trump." in yes
    no = signed_in.post("/referee/terz/seven/", {"trump": "D", "hand": ["7D"], "talon": "1"},
                        HTTP_HX_REQUEST="true").content.decode()
    assert "No: not now." in no
    assert "The seven is swapped only before its holder's own play." in html.unescape(no)
    blank = signed_in.post("/referee/terz/seven/", {"trump": "D", "hand": ["7D"], "talon": ""},
                           HTTP_HX_REQUEST="true").content.decode()
    assert "Say how many cards are left face down in the talon: 0 to 13." in blank


def test_the_page_counts_card_points(signed_in: Client) -> None:
    page = signed_in.post("/referee/terz/points/", {"trump": "S", "cards": ["JS", "9S"], "last_trick": "on"},
                          HTTP_HX_REQUEST="true").content.decode()
    assert "Card points: 43" in page  # 20 + 13 + 10


def test_the_page_speaks_russian(owner: Any) -> None:
    client = Client(HTTP_ACCEPT_LANGUAGE="ru")
    client.force_login(owner)
    page = client.post("/referee/terz/play/", {"trump": "H", "led_suit": "lead", "card_rank": "A",
                                               "card_suit": "D"}, HTTP_HX_REQUEST="true").content.decode()
    assert "Т♦" in page  # the ace as a Russian deck writes it
    assert "may be played" not in page
