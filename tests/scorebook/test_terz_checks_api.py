"""The Terz referee checks over HTTP: ``/api/referee/terz/{compare,classify}/`` and ``/referee/terz/``.

Stateless: no match, nothing stored. Expected values are worked by hand from RULES.md ("terz"):
terz 20, fifty 50, hundred (5 to 8) 100, four queens/kings/aces 100, four jacks 200, marriage
(trump K+Q) 20; only the holder of the best combination scores his, the marriage always scores;
best = higher value, then more cards, then the higher top card, then in trumps, then announced first.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client
from rest_framework.test import APIClient

from scorebook import services
from scorebook.models import Deal, Match

COMPARE = "/api/referee/terz/compare/"
CLASSIFY = "/api/referee/terz/classify/"

pytestmark = pytest.mark.django_db


def post(api: APIClient, path: str, body: Any) -> Any:
    return api.post(path, body, format="json", HTTP_ACCEPT_LANGUAGE="en")


def codes(answer: Any) -> list[tuple[str, str | None]]:
    assert answer.status_code == 400, answer.content
    assert all(v["severity"] == "error" and v["message"] for v in answer.json()["violations"])
    return [(v["code"], v["field"]) for v in answer.json()["violations"]]


def dec(player: int, cards: str) -> dict[str, Any]:
    return {"player": player, "cards": cards.split()}


# ---------------------------------------------------------------- compare


def test_four_jacks_beat_a_terz_and_only_their_holder_scores(api: APIClient) -> None:
    answer = post(api, COMPARE, {"trump": "H", "players": ["Остап", "Марко"],
                                 "declarations": [dec(0, "7H 8H 9H"), dec(1, "JS JH JD JC")]})
    assert answer.status_code == 200
    assert answer.json() == {
        "trump": "H",
        "declarations": [
            {"player": 0, "cards": ["7H", "8H", "9H"], "kind": "terz", "value": 20, "counts": False},
            {"player": 1, "cards": ["JS", "JH", "JD", "JC"], "kind": "four_jacks", "value": 200, "counts": True},
        ],
        "scores": [0, 200], "best_player": 1, "decided_by": "value",
        "explanation": [
            "Марко's four jacks J♠ J♥ J♦ J♣ beats Остап's terz 7♥ 8♥ 9♥: worth more (200 against 20)",
            "Остап: terz 7♥ 8♥ 9♥ does not count",
            "Марко: four jacks J♠ J♥ J♦ J♣ +200",
        ],
    }


def test_without_names_the_explanation_says_player_1_and_2(api: APIClient) -> None:
    answer = post(api, COMPARE, {"trump": "H", "declarations": [dec(0, "7H 8H 9H"), dec(1, "JS JH JD JC")]})
    assert answer.json()["explanation"][0].startswith("Player 2's four jacks")


@pytest.mark.parametrize(("trump", "declarations", "scores", "best", "step", "counts"), [
    # The marriage never competes and always scores: Остап's 20 stands beside Марко's fifty.
    pytest.param("H", [dec(0, "KH QH"), dec(1, "7S 8S 9S 10S")], [20, 50], 1, None, [True, True],
                 id="marriage-always-scores"),
    # K Q 9 10 J of hearts is a hundred (five in a row), not a marriage: five cards beat four aces.
    pytest.param("H", [dec(0, "KH QH 9H 10H JH"), dec(1, "AS AH AD AC")], [100, 0], 0, "cards",
                 [True, False], id="a-hundred-holding-the-king-and-queen"),
    # The marriage of the loser still counts; his terz does not.
    pytest.param("D", [dec(0, "7C 8C 9C"), dec(0, "KD QD"), dec(1, "10S JS QS KS")], [20, 50], 1, "value",
                 [False, True, True], id="the-loser-keeps-his-marriage"),
    # Equal value 100: six cards beat five.
    pytest.param("S", [dec(0, "7C 8C 9C 10C JC"), dec(1, "8D 9D 10D JD QD KD")], [0, 100], 1, "cards",
                 [False, True], id="more-cards"),
    # A hundred of five cards beats four queens (both 100): more cards.
    pytest.param("S", [dec(0, "QS QH QD QC"), dec(1, "7C 8C 9C 10C JC")], [0, 100], 1, "cards",
                 [False, True], id="a-hundred-beats-four-queens"),
    # Equal value and length: the higher top card (K over 10).
    pytest.param("C", [dec(0, "8S 9S 10S"), dec(1, "JD QD KD")], [0, 20], 1, "top", [False, True],
                 id="higher-top-card"),
    pytest.param("C", [dec(0, "KS KH KD KC"), dec(1, "AS AH AD AC")], [0, 100], 1, "top", [False, True],
                 id="aces-over-kings"),
    # All equal but the suit: the one in trumps.
    pytest.param("S", [dec(0, "7H 8H 9H"), dec(1, "7S 8S 9S")], [0, 20], 1, "trump", [False, True],
                 id="in-trumps"),
    # All equal, neither in trumps: the one announced first.
    pytest.param("C", [dec(0, "7H 8H 9H"), dec(1, "7D 8D 9D")], [20, 0], 0, "first", [True, False],
                 id="announced-first"),
    pytest.param("C", [dec(1, "7D 8D 9D"), dec(0, "7H 8H 9H")], [0, 20], 1, "first", [True, False],
                 id="announced-first-the-other-way"),
    # The winner scores all of his combinations: fifty + terz = 70.
    pytest.param("H", [dec(0, "7H 8H 9H"), dec(0, "10S JS QS KS"), dec(1, "7D 8D 9D")], [70, 0], 0, "value",
                 [True, True, False], id="the-winner-scores-all-of-his"),
    pytest.param("H", [dec(0, "7H 8H 9H 10H JH QH KH AH")], [100, 0], 0, None, [True], id="eight-in-a-row"),
    pytest.param("H", [], [0, 0], None, None, [], id="nothing-declared"),
])
def test_who_scores_what(api: APIClient, trump: str, declarations: list[dict[str, Any]], scores: list[int],
                         best: int | None, step: str | None, counts: list[bool]) -> None:
    answer = post(api, COMPARE, {"trump": trump, "declarations": declarations})
    assert answer.status_code == 200, answer.content
    body = answer.json()
    assert (body["scores"], body["best_player"], body["decided_by"]) == (scores, best, step)
    assert [d["counts"] for d in body["declarations"]] == counts


def test_cards_are_read_in_every_spelling_and_answered_canonical(api: APIClient) -> None:
    answer = post(api, COMPARE, {"trump": "♥", "declarations": [dec(0, "10♥ вh Дh")]})
    assert answer.status_code == 200
    assert answer.json()["declarations"][0]["cards"] == ["10H", "JH", "QH"]
    assert answer.json()["trump"] == "H"


@pytest.mark.parametrize(("body", "expected"), [
    pytest.param({"trump": "H", "declarations": [dec(0, "9H 10H JH"), dec(1, "JS JH JD JC")]},
                 [("card_declared_twice", "declarations[1].cards[1]")], id="card-declared-twice"),
    pytest.param({"trump": "H", "declarations": [dec(0, "7S 8S 10S")]},
                 [("not_a_combination", "declarations[0].cards")], id="not-a-sequence"),
    pytest.param({"trump": "H", "declarations": [dec(0, "7S 7H 7D 7C")]},
                 [("not_a_combination", "declarations[0].cards")], id="four-sevens"),
    pytest.param({"trump": "H", "declarations": [dec(0, "KS QS")]},
                 [("marriage_not_trump", "declarations[0].cards")], id="marriage-not-in-trumps"),
    pytest.param({"trump": "H", "declarations": [dec(0, "6H 7H 8H")]},
                 [("bad_card", "declarations[0].cards[0]")], id="a-six-is-not-in-the-deck"),
    pytest.param({"trump": "H", "declarations": [dec(0, "7H 7H 8H")]},
                 [("card_twice", "declarations[0].cards[1]")], id="card-twice"),
    pytest.param({"trump": "H", "declarations": [dec(2, "7H 8H 9H")]},
                 [("bad_seat", "declarations[0].player")], id="no-third-player"),
    pytest.param({"trump": "Z", "declarations": []}, [("bad_card", "trump")], id="bad-trump"),
    pytest.param({"declarations": []}, [("missing_field", "trump")], id="no-trump"),
    pytest.param({"trump": "H", "declarations": [{"player": 0}]}, [("missing_field", "declarations[0].cards")],
                 id="no-cards"),
    pytest.param({"trump": "H", "declarations": ["7H 8H 9H"]}, [("bad_type", "declarations[0]")],
                 id="a-declaration-is-an-object"),
    pytest.param({"trump": "H", "declarations": [], "points": [75, 75]}, [("unknown_field", "points")],
                 id="unknown-field"),
    pytest.param({"trump": "H", "declarations": [{"player": 0, "cards": ["7H"], "kind": "terz"}]},
                 [("unknown_field", "declarations[0].kind")], id="unknown-field-in-a-declaration"),
])
def test_compare_refuses_bad_input_with_codes(api: APIClient, body: dict[str, Any],
                                              expected: list[tuple[str, str | None]]) -> None:
    assert codes(post(api, COMPARE, body)) == expected


def test_a_refusal_names_the_players_given(api: APIClient) -> None:
    answer = post(api, COMPARE, {"trump": "H", "players": ["Остап", "Марко"],
                                 "declarations": [dec(0, "9H 10H JH"), dec(1, "JS JH JD JC")]})
    assert answer.json()["violations"][0]["message"] == "J♥ was already declared by Остап."


# ---------------------------------------------------------------- classify


@pytest.mark.parametrize(("cards", "trump", "kind", "value"), [
    ("7H 8H 9H", "S", "terz", 20),
    ("10D JD QD KD", "S", "fifty", 50),
    ("9C 10C JC QC KC", "S", "hundred", 100),
    ("7S 8S 9S 10S JS QS KS AS", "H", "hundred", 100),
    ("QS QH QD QC", "H", "four_queens", 100),
    ("KS KH KD KC", "H", "four_kings", 100),
    ("AS AH AD AC", "H", "four_aces", 100),
    ("JS JH JD JC", "H", "four_jacks", 200),
    ("KH QH", "H", "marriage", 20),
    ("9H 7H 8H", "S", "terz", 20),  # in any order
])
def test_classify_names_the_combination(api: APIClient, cards: str, trump: str, kind: str, value: int) -> None:
    answer = post(api, CLASSIFY, {"cards": cards.split(), "trump": trump})
    assert answer.status_code == 200, answer.content
    assert answer.json() == {"cards": cards.split(), "trump": trump, "kind": kind, "value": value}


@pytest.mark.parametrize(("body", "expected"), [
    pytest.param({"cards": ["7S", "8S", "10S"], "trump": "H"}, [("not_a_combination", "cards")], id="gap"),
    pytest.param({"cards": ["10S", "10H", "10D", "10C"], "trump": "H"}, [("not_a_combination", "cards")],
                 id="four-tens"),
    pytest.param({"cards": ["7S", "8H", "9S"], "trump": "H"}, [("not_a_combination", "cards")], id="two-suits"),
    pytest.param({"cards": ["AS", "KS"], "trump": "S"}, [("not_a_combination", "cards")], id="two-cards"),
    pytest.param({"cards": [], "trump": "S"}, [("not_a_combination", "cards")], id="no-cards"),
    pytest.param({"cards": ["KS", "QS"], "trump": "H"}, [("marriage_not_trump", "cards")], id="marriage-not-trump"),
    pytest.param({"cards": ["6S", "7S", "8S"], "trump": "H"}, [("bad_card", "cards")], id="six"),
    pytest.param({"cards": ["ZZ"], "trump": "H"}, [("bad_card", "cards")], id="not-a-card"),
    pytest.param({"cards": ["7S", "8S"], "trump": "Q"}, [("bad_card", "trump")], id="bad-trump"),
    pytest.param({"cards": ["7S"]}, [("missing_field", "trump")], id="no-trump"),
    pytest.param({"cards": "7S 8S 9S", "trump": "H"}, [("bad_type", "cards")], id="not-a-list"),
])
def test_classify_refuses_with_codes(api: APIClient, body: dict[str, Any],
                                     expected: list[tuple[str, str | None]]) -> None:
    assert codes(post(api, CLASSIFY, body)) == expected


def test_the_checks_need_a_signed_in_caller() -> None:
    anonymous = APIClient()
    assert post(anonymous, CLASSIFY, {"cards": ["KH", "QH"], "trump": "H"}).status_code in (401, 403)
    assert post(anonymous, COMPARE, {"trump": "H", "declarations": []}).status_code in (401, 403)


def test_the_checks_store_nothing(api: APIClient) -> None:
    post(api, COMPARE, {"trump": "H", "declarations": [dec(0, "7H 8H 9H")]})
    assert (Match.objects.count(), Deal.objects.count()) == (0, 0)


# ---------------------------------------------------------------- the page


def test_the_page_offers_trumps_and_the_32_card_grid_per_declaration(signed_in: Client) -> None:
    html = signed_in.get("/referee/terz/").content.decode()
    # compare, classify, then the cards at the table: trick, play, seven, points
    assert re.findall(r'name="trump" value="(\w)"', html) == ["H", "D", "C", "S"] * 6
    slot = html[html.index('id="decl-slot-0"'):html.index('id="decl-slot-1"')]
    assert len(re.findall(r'name="decl_0" value="(?:[789]|10|[JQKA])[HSDC]"', slot)) == 32
    assert re.findall(r'name="decl_0_player" value="(\d)"><span>([^<]+)<', slot) == [
        ("0", "Player 1"), ("1", "Player 2")]


def test_the_page_compares_declarations_picked_on_the_grid(signed_in: Client) -> None:
    answer = signed_in.post("/referee/terz/compare/", {
        "trump": "H", "decl_0_player": "0", "decl_0": ["7H", "8H", "9H"],
        "decl_1_player": "1", "decl_1": ["JS", "JH", "JD", "JC"], "decl_2_player": "0", "decl_2": ["KH", "QH"]},
        HTTP_HX_REQUEST="true")
    html = answer.content.decode()
    assert html.strip().startswith('<div id="terz-verdict"')
    assert "Player 2 scores their declarations." in html
    assert html.count("does not count</span>") == 1  # the terz
    assert html.count("counts</span>") == 2  # the jacks and the marriage
    assert "<dd>+20</dd>" in html and "<dd>+200</dd>" in html


def test_the_match_page_check_names_the_players_of_my_match_only(signed_in: Client, owner, stranger) -> None:
    mine = services.match_create(owner=owner, game="terz", players=["Остап", "Марко"])
    theirs = services.match_create(owner=stranger, game="terz", players=["Ева", "Юра"])
    fields = {"trump": "S", "decl_0_player": "1", "decl_0": ["7S", "8S", "9S"], "counter": "0", "counted": "40"}
    html = signed_in.post("/referee/terz/compare/", fields | {"match": mine.pk}, HTTP_HX_REQUEST="true").content.decode()
    assert "Марко scores their declarations." in html
    html = signed_in.post("/referee/terz/compare/", fields | {"match": theirs.pk}, HTTP_HX_REQUEST="true").content.decode()
    assert "Player 2 scores their declarations." in html and "Юра" not in html


@pytest.mark.parametrize(("fields", "message"), [
    ({"decl_0_player": "0", "decl_0": ["7H", "8H", "9H"]}, "Pick the trumps first"),
    ({"trump": "H"}, "Pick the cards of at least one declaration."),
    ({"trump": "H", "decl_0_player": "0", "decl_2_player": "1", "decl_0": ["7H", "8H", "9H"], "decl_2": ["9H", "10H", "JH"]},
     "Declaration 3: 9♥ was already declared by Player 1."),
])
def test_the_page_says_what_is_wrong(signed_in: Client, fields: dict[str, Any], message: str) -> None:
    html = signed_in.post("/referee/terz/compare/", fields).content.decode()
    assert message in html
    assert '<div class="violations" role="alert">' in html


def test_the_page_names_a_combination(signed_in: Client) -> None:
    html = signed_in.post("/referee/terz/classify/", {"trump": "H", "cards": ["JS", "JH", "JD", "JC"]},
                        HTTP_HX_REQUEST="true").content.decode()
    assert "four jacks: 200" in html
    html = signed_in.post("/referee/terz/classify/", {"trump": "H", "cards": ["7S", "7H", "7D", "7C"]},
                        HTTP_HX_REQUEST="true").content.decode()
    assert "Four 7s are not a combination" in html
