"""The 1000 referee checks over HTTP: ``/api/referee/thousand/{bid,points,marriage}/`` and the
``/referee/`` pages. Stateless: no match, nothing stored. Expected numbers are worked out by hand
(seed 001: 120 in the deck, marriages ♥100 ♦80 ♣60 ♠40, highest bid 120 + marriages held).
"""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from rest_framework.test import APIClient

BID = "/api/referee/thousand/bid/"
POINTS = "/api/referee/thousand/points/"
MARRIAGE = "/api/referee/thousand/marriage/"

pytestmark = pytest.mark.django_db


def post(api: APIClient, path: str, body: Any, language: str = "en") -> Any:
    return api.post(path, body, format="json", HTTP_ACCEPT_LANGUAGE=language)


def codes(answer: Any) -> list[tuple[str, str | None]]:
    assert answer.status_code == 400, answer.content
    return [(v["code"], v["field"]) for v in answer.json()["violations"]]


# ---------------------------------------------------------------- bid


def test_a_hand_with_the_hearts_marriage_may_bid_up_to_220(api: APIClient) -> None:
    # K 4 + Q 3 + A 11 + 10 10 + 9 0 + J 2 + A 11 = 41; 120 + ♥100 = 220
    answer = post(api, BID, {"cards": ["KH", "QH", "AS", "10S", "9D", "JC", "AC"], "bid": 135})
    assert answer.status_code == 200
    assert answer.json() == {
        "cards": ["KH", "QH", "AS", "10S", "9D", "JC", "AC"], "card_points": 41, "marriages": ["H"],
        "highest_bid": 220, "bid": 135, "legal": True, "reasons": [],
        "explanation": ["Card points in the hand: 41.", "Marriage ♥ (king and queen): 100.",
                        "Highest bid: 120 + 100 = 220.", "135 may be bid: it is at most 220."],
    }


@pytest.mark.parametrize(("body", "highest", "legal", "reasons"), [
    pytest.param({"cards": ["KH", "QH", "KD", "QD"]}, 300, None, [], id="hearts-and-diamonds-300-no-bid-asked"),
    pytest.param({"cards": ["AH", "10H", "KH"], "bid": 135}, 120, False, ["no_marriage_for_bid"],
                 id="135-without-a-marriage"),
    pytest.param({"cards": ["KS", "QS"], "bid": 160}, 160, True, [], id="160-with-spades"),
    pytest.param({"cards": ["KS", "QS"], "bid": 165}, 160, False, ["bid_over_hand"], id="165-over-spades"),
    pytest.param({"cards": ["KS", "QS"], "bid": 135, "options": {"bid_step": 10}}, 160, False, ["bid_step"],
                 id="off-a-step-of-10"),
    pytest.param({"cards": ["KS", "QS"], "options": {"bid_step": 10, "marriage_values": {
        "H": 100, "D": 80, "C": 60, "S": 45}}}, 160, None, [], id="165-rounded-down-to-160"),
    pytest.param({"cards": ["KC", "QC"], "options": {"marriage_values": {"C": 100, "S": 80, "H": 60, "D": 40}}},
                 220, None, [], id="clubs-high"),
    pytest.param({"cards": ["AH", "AD", "AC", "AS"], "options": {"ace_marriage": True}}, 320, None, [],
                 id="four-aces-200"),
    pytest.param({"cards": [], "bid": None}, 120, None, [], id="no-cards-no-bid"),
])
def test_the_highest_bid_and_the_verdict(api: APIClient, body: dict[str, Any], highest: int, legal: bool | None,
                                         reasons: list[str]) -> None:
    answer = post(api, BID, body)
    assert answer.status_code == 200, answer.content
    data = answer.json()
    assert (data["highest_bid"], data["legal"], data["reasons"]) == (highest, legal, reasons)


SPELLINGS = [
    pytest.param(["KH", "QH"], id="canonical"),
    pytest.param(["kh", "qh"], id="lower-case"),
    pytest.param(["K♥", "Q♥"], id="symbols"),
    pytest.param(["K♥️", "Q♥️"], id="symbols-with-fe0f"),
    pytest.param(["К♥", "Д♥"], id="cyrillic"),
    pytest.param(["к♥️", "Д♥"], id="cyrillic-lower-with-fe0f"),
    pytest.param(["kh", "Д♥"], id="mixed"),
]


@pytest.mark.parametrize("cards", SPELLINGS)
def test_every_spelling_is_accepted_and_answered_canonically(api: APIClient, cards: list[str]) -> None:
    data = post(api, BID, {"cards": cards}).json()
    assert (data["cards"], data["marriages"], data["highest_bid"], data["card_points"]) == (["KH", "QH"], ["H"], 220, 7)
    points = post(api, POINTS, {"cards": cards}).json()
    assert points == {"cards": ["KH", "QH"], "card_points": 7}
    marriage = post(api, MARRIAGE, {"suit": "H", "took_trick": True, "cards": cards}).json()
    assert marriage["legal"] is True


@pytest.mark.parametrize(("body", "expected"), [
    pytest.param({"cards": ["7H"]}, [("bad_card", "cards[0]")], id="a-seven"),
    pytest.param({"cards": ["X1"]}, [("bad_card", "cards[0]")], id="a-joker"),
    pytest.param({"cards": ["KH", "K♥"]}, [("card_twice", "cards[1]")], id="twice"),
    pytest.param({"cards": ["ZZ", "9H", "9h"]}, [("bad_card", "cards[0]"), ("card_twice", "cards[2]")],
                 id="every-problem"),
    pytest.param({}, [("missing_field", "cards")], id="no-cards"),
    pytest.param({"cards": "KH QH"}, [("bad_type", "cards")], id="cards-not-a-list"),
    pytest.param({"cards": ["KH"], "bid": "lots"}, [("bad_type", "bid")], id="bid-not-a-number"),
    pytest.param({"cards": ["KH"], "bid": 20_000}, [("out_of_range", "bid")], id="absurd-bid"),
    pytest.param({"cards": ["KH"], "trump": "H"}, [("unknown_field", "trump")], id="unknown-field"),
    pytest.param({"cards": ["KH"], "options": {"bid_step": 7}}, [("bad_option_value", "options.bid_step")],
                 id="bad-option"),
    pytest.param({"cards": ["KH"], "options": {"barrel_size": 1}}, [("unknown_option", "options.barrel_size")],
                 id="unknown-option"),
    pytest.param({"cards": ["KH"], "preset": "nope"}, [("unknown_preset", "preset")], id="unknown-preset"),
    pytest.param({"cards": ["9H"] * 25}, [("out_of_range", "cards")], id="more-than-a-deck"),
])
def test_bad_bid_input_is_400_with_codes(api: APIClient, body: Any, expected: list[tuple[str, str]]) -> None:
    assert codes(post(api, BID, body)) == expected


def test_a_body_that_is_not_json_is_400(api: APIClient) -> None:
    answer = api.post(BID, "{not json", content_type="application/json")
    assert codes(answer) == [("malformed_json", None)]


# ---------------------------------------------------------------- points


@pytest.mark.parametrize(("cards", "points"), [
    pytest.param(["AH", "10H", "KH", "QH", "JH", "9H"], 30, id="a-suit-is-30"),
    pytest.param(["9H", "9S", "JD"], 2, id="two-nines-and-a-jack"),
    pytest.param([], 0, id="nothing"),
    pytest.param([r + s for r in ("9", "10", "J", "Q", "K", "A") for s in "SHDC"], 120, id="the-deck-is-120"),
])
def test_card_points(api: APIClient, cards: list[str], points: int) -> None:
    answer = post(api, POINTS, {"cards": cards})
    assert answer.status_code == 200
    assert answer.json() == {"cards": cards, "card_points": points}


@pytest.mark.parametrize(("body", "expected"), [
    pytest.param({"cards": ["8C"]}, [("bad_card", "cards[0]")], id="an-eight"),
    pytest.param({"cards": ["AS", "as"]}, [("card_twice", "cards[1]")], id="twice"),
    pytest.param({"cards": ["AS"], "bid": 100}, [("unknown_field", "bid")], id="unknown-field"),
    pytest.param({}, [("missing_field", "cards")], id="no-cards"),
])
def test_bad_points_input_is_400_with_codes(api: APIClient, body: Any, expected: list[tuple[str, str]]) -> None:
    assert codes(post(api, POINTS, body)) == expected


# ---------------------------------------------------------------- marriage


@pytest.mark.parametrize(("body", "legal", "reasons"), [
    pytest.param({"suit": "H", "took_trick": True}, True, [], id="after-a-trick"),
    pytest.param({"suit": "H", "took_trick": False}, False, ["marriage_without_trick"], id="no-trick"),
    pytest.param({"suit": "♦", "took_trick": True, "declared": ["D"]}, False, ["marriage_twice"], id="twice"),
    pytest.param({"suit": "d", "took_trick": True, "declared": ["H"], "trump": "♥"}, True, [], id="new-trump"),
    pytest.param({"suit": "S", "took_trick": True, "cards": ["KS", "9S"]}, False, ["marriage_not_in_hand"],
                 id="no-queen"),
    pytest.param({"suit": "A", "took_trick": True, "cards": ["AH", "AD", "AC", "AS"],
                  "options": {"ace_marriage": True}}, True, [], id="four-aces"),
    pytest.param({"suit": "A", "took_trick": True}, False, ["ace_marriage_off"], id="aces-off"),
])
def test_a_marriage_verdict(api: APIClient, body: dict[str, Any], legal: bool, reasons: list[str]) -> None:
    answer = post(api, MARRIAGE, body)
    assert answer.status_code == 200, answer.content
    data = answer.json()
    assert (data["legal"], data["reasons"]) == (legal, reasons)
    assert data["explanation"]


def test_a_marriage_answer_in_full(api: APIClient) -> None:
    answer = post(api, MARRIAGE, {"suit": "♦️", "took_trick": True, "declared": ["H"], "trump": "H",
                                  "cards": ["К♦", "Д♦"]})
    assert answer.json() == {"suit": "D", "value": 80, "legal": True, "reasons": [],
                             "explanation": ["The marriage in ♦ may be declared: +80.", "♦ becomes trump instead of ♥."]}


@pytest.mark.parametrize(("body", "expected"), [
    pytest.param({"suit": "X", "took_trick": True}, [("bad_card", "suit")], id="not-a-suit"),
    pytest.param({"suit": "H"}, [("missing_field", "took_trick")], id="no-took-trick"),
    pytest.param({"took_trick": True}, [("missing_field", "suit")], id="no-suit"),
    pytest.param({"suit": "H", "took_trick": True, "declared": ["H", "h"]}, [("marriage_twice", "declared[1]")],
                 id="declared-twice"),
    pytest.param({"suit": "H", "took_trick": True, "cards": ["KH", "6H"]}, [("bad_card", "cards[1]")],
                 id="a-six-in-hand"),
    pytest.param({"suit": "H", "took_trick": True, "trump": "A"}, [("bad_card", "trump")], id="aces-no-trump"),
    pytest.param({"suit": "H", "took_trick": True, "tricks": 2}, [("unknown_field", "tricks")], id="unknown"),
])
def test_bad_marriage_input_is_400_with_codes(api: APIClient, body: Any, expected: list[tuple[str, str]]) -> None:
    assert codes(post(api, MARRIAGE, body)) == expected


# ---------------------------------------------------------------- who may ask, and in which language


@pytest.mark.parametrize("path", [BID, POINTS, MARRIAGE])
def test_without_signing_in_the_answer_is_401_or_403(path: str) -> None:
    answer = APIClient().post(path, {"cards": ["KH"], "suit": "H", "took_trick": True}, format="json")
    assert answer.status_code in (401, 403)


def test_a_browser_session_may_ask(owner) -> None:
    browser = APIClient(enforce_csrf_checks=False)
    browser.force_login(owner)
    assert browser.post(POINTS, {"cards": ["AH"]}, format="json").json()["card_points"] == 11


@pytest.mark.parametrize(("language", "message", "line"), [
    pytest.param("en", "7H is not in the 24-card deck (9 to ace).", "135 is over 120 without a marriage in the hand.",
                 id="english"),
    pytest.param("ru", "7H — не из колоды в 24 карты (от девятки до туза).", "135 — больше 120, а марьяжа на руке нет.",
                 id="russian"),
    pytest.param("uk", "7H — не з колоди у 24 карти (від дев'ятки до туза).", "135 — більше 120, а мар'яжу на руці немає.",
                 id="ukrainian"),
])
def test_messages_are_in_the_request_language_and_codes_are_the_same(api: APIClient, language: str, message: str,
                                                                      line: str) -> None:
    refused = post(api, BID, {"cards": ["7H"]}, language)
    assert refused.json()["violations"] == [
        {"code": "bad_card", "message": message, "field": "cards[0]", "severity": "error"}]
    answer = post(api, BID, {"cards": ["AH"], "bid": 135}, language).json()
    assert answer["reasons"] == ["no_marriage_for_bid"]
    assert answer["explanation"][-1] == line


def test_the_marriage_explanation_speaks_russian(api: APIClient) -> None:
    answer = post(api, MARRIAGE, {"suit": "S", "took_trick": False, "cards": ["К♠"]}, "ru")
    assert answer.json()["explanation"] == [
        "Взяток ещё нет: марьяж объявляет только тот, кто взял хотя бы одну взятку.",
        "На руке нет короля и дамы ♠ вместе."]


# ---------------------------------------------------------------- the pages


@pytest.mark.parametrize("path", ["/referee/", "/referee/thousand/"])
def test_the_pages_need_signing_in(path: str) -> None:
    answer = Client().get(path)
    assert answer.status_code == 302
    assert answer["Location"].startswith("/accounts/login/")


def test_the_index_lists_the_thousand_checks(signed_in: Client) -> None:
    page = signed_in.get("/referee/").content.decode()
    assert 'href="/referee/thousand/"' in page
    assert "May I bid this much?" in page


def test_the_thousand_page_has_a_card_grid_per_check(signed_in: Client) -> None:
    page = signed_in.get("/referee/thousand/").content.decode()
    assert page.count('class="card-grid"') == 3
    assert page.count('type="checkbox" name="cards"') == 3 * 24
    assert '<label class="card-pick"><input type="checkbox" name="cards" value="KH"><span class="suit-H">K♥</span></label>' in page
    assert '<input type="checkbox" name="cards" value="10S"><span class="suit-S">10♠</span>' in page
    assert 'href="/referee/"' in page  # the nav link


def test_the_grid_speaks_russian_ranks(signed_in: Client) -> None:
    page = signed_in.get("/referee/thousand/", HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert 'value="QH"><span class="suit-H">Д♥</span>' in page
    assert 'value="AS"><span class="suit-S">Т♠</span>' in page


def test_htmx_gets_the_bid_verdict_alone(signed_in: Client) -> None:
    answer = signed_in.post("/referee/thousand/bid/", {"cards": ["KS", "QS", "AH"], "bid": "135"}, HTTP_HX_REQUEST="true")
    page = answer.content.decode()
    assert answer.status_code == 200
    assert page.lstrip().startswith('<div id="bid-verdict"')
    assert "Yes: 135 may be bid." in page
    assert "Highest bid: 120 + 40 = 160." in page


def test_without_javascript_the_whole_page_comes_back_with_the_cards_kept(signed_in: Client) -> None:
    answer = signed_in.post("/referee/thousand/bid/", {"cards": ["AH", "10H"], "bid": "135", "bid_step": "10"})
    page = answer.content.decode()
    assert "<html" in page
    assert "No: 135 may not be bid." in page
    assert 'value="AH" checked' in page and 'value="10H" checked' in page
    assert 'name="bid_step" value="10" checked' in page


def test_a_bid_that_is_no_number_is_said_so(signed_in: Client) -> None:
    page = signed_in.post("/referee/thousand/bid/", {"cards": [], "bid": "１３５"}, HTTP_HX_REQUEST="true").content.decode()
    assert "Type the bid as a whole number, like 135." in page


def test_the_points_and_marriage_verdicts(signed_in: Client) -> None:
    points = signed_in.post("/referee/thousand/points/", {"cards": ["AH", "10H", "KH"]}, HTTP_HX_REQUEST="true")
    assert "Card points: 25" in points.content.decode()  # 11 + 10 + 4
    assert "The rest of the deck holds 95." in points.content.decode()
    marriage = signed_in.post("/referee/thousand/marriage/", {"suit": "H", "declared": ["H"], "took_trick": "on"},
                            HTTP_HX_REQUEST="true").content.decode()
    assert "No: not now." in marriage
    assert "The marriage in ♥ was already declared in this deal." in marriage
    aces = signed_in.post("/referee/thousand/marriage/", {"suit": "A", "took_trick": "on",
                                                        "cards": ["AH", "AD", "AC", "AS"]},
                        HTTP_HX_REQUEST="true").content.decode()
    assert "Yes: declare it, +200." in aces


def test_a_forged_card_is_refused_on_the_page(signed_in: Client) -> None:
    page = signed_in.post("/referee/thousand/points/", {"cards": ["7H"]}, HTTP_HX_REQUEST="true").content.decode()
    assert "7H is not in the 24-card deck (9 to ace)." in page
