"""The Thirteens referee checks as JSON and as a page: "score this trick", "who takes this trick?".

Every expected value is worked out by hand from seed 004 and RULES.md ("thirteens"): seed values
A 1, J 2, Q 3, K 4 (pagat: J 11, Q 12, K 13); thirteen 3, pair 1, run of three 1, a trick with no
meld and no joker 1 (``every_trick``: every trick 1), joker −4. The highest card of the suit led
takes a trick, the highest trump if a trump was played; a joker in the trick cancels the trumps.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db

TRICK = "/api/referee/thirteens/trick/"
WINNER = "/api/referee/thirteens/winner/"


def melds(answer: dict[str, Any]) -> list[tuple[str, list[str], int]]:
    return [(m["kind"], m["cards"], m["points"]) for m in answer["melds"]]


@pytest.mark.parametrize(("cards", "options", "points", "expected"), [
    # Seed 004: "К-Д-6, где Король — 4 очка, Дама — 3 очка и 6 — 6 очков": 4 + 3 + 6 = 13
    pytest.param(["KH", "QD", "6S"], None, 3, [("thirteen", ["KH", "QD", "6S"], 3)], id="seed-K-Q-6"),
    pytest.param(["К♥", "Д♦", "6♠"], None, 3, [("thirteen", ["KH", "QD", "6S"], 3)], id="seed-K-Q-6-cyrillic"),
    # the same cards with pagat's values: 13 + 12 + 6 — the lone king is a thirteen (13), Q and 6
    # nothing: 3
    pytest.param(["KH", "QD", "6S"], {"pip_values": "pagat"}, 3, [("thirteen", ["KH"], 3)], id="pagat-lone-king"),
    # pagat: Q 12 + A 1 = 13 → 3. Seed: 3 + 1 + 7 = 11, 3 + 7, 1 + 7 … no meld → the trick point 1
    pytest.param(["QH", "AC", "7D"], {"pip_values": "pagat"}, 3, [("thirteen", ["QH", "AC"], 3)], id="pagat-Q-A"),
    pytest.param(["QH", "AC", "7D"], None, 1, [], id="seed-no-meld-trick-point"),
    # seed: J 2 + 2 + 9 = 13 → 3
    pytest.param(["JS", "2D", "9C"], None, 3, [("thirteen", ["JS", "2D", "9C"], 3)], id="seed-J-2-9"),
    # 10 + Q (3) = 13 is worth more than the run 10-J-Q (1): the best split counts
    pytest.param(["10H", "JD", "QS"], None, 3, [("thirteen", ["10H", "QS"], 3)], id="thirteen-beats-run"),
    pytest.param(["7C", "8D", "9H"], None, 1, [("run", ["7C", "8D", "9H"], 1)], id="run"),
    # a joker: −4, no trick point; 5 5 a pair: 1 → −3
    pytest.param(["X1", "5H", "5D"], None, -3, [("pair", ["5H", "5D"], 1)], id="joker-and-pair"),
    # two jokers: −8; 3 alone scores nothing
    pytest.param(["X1", "X2", "3C"], None, -8, [], id="two-jokers"),
    # every_trick: the thirteen 3 + the trick 1
    pytest.param(["KH", "QD", "6S"], {"trick_point_rule": "every_trick"}, 4,
                 [("thirteen", ["KH", "QD", "6S"], 3)], id="every-trick-scores-its-point"),
    # six cards: 6 + 7 twice (3 + 3) and the pair of eights (1) = 7; better than two runs or three pairs
    pytest.param(["6H", "7H", "8H", "6D", "7D", "8D"], None, 7, None, id="six-cards-two-thirteens-and-a-pair"),
    # the table's own thirteen value
    pytest.param(["KH", "QD", "6S"], {"thirteen_points": 5}, 5, [("thirteen", ["KH", "QD", "6S"], 5)],
                 id="thirteen-points-option"),
])
def test_a_trick_scores_its_best_split(api: APIClient, cards: list[str], options: dict[str, Any] | None,
                                       points: int, expected: list[Any] | None) -> None:
    body: dict[str, Any] = {"cards": cards}
    if options is not None:
        body["options"] = options
    response = api.post(TRICK, body, format="json")
    assert response.status_code == 200, response.json()
    answer = response.json()
    assert answer["points"] == points
    if expected is not None:
        assert melds(answer) == expected
    else:
        assert sorted(m["kind"] for m in answer["melds"]) == ["pair", "thirteen", "thirteen"]
    assert answer["explanation"] and all(isinstance(line, str) for line in answer["explanation"])


@pytest.mark.parametrize(("cards", "trump", "winner", "card"), [
    # only one trump: it takes the trick
    pytest.param(["10H", "KH", "2S"], "S", 2, "2S", id="the-only-trump"),
    pytest.param(["10H", "KH", "2S", "AS"], "S", 3, "AS", id="the-highest-trump"),
    # a joker cancels the trumps: the highest heart, the suit led, takes it
    pytest.param(["10H", "KH", "X1", "2S"], "S", 1, "KH", id="a-joker-cancels-trumps"),
    pytest.param(["10H", "2C", "KD"], None, 0, "10H", id="no-trumps-nobody-followed"),
    pytest.param(["5D", "9D", "AD"], "H", 2, "AD", id="ace-is-high"),
    # a joker led: the first card after it sets the suit (clubs); trumps cancelled, the ace of hearts
    # does not take it
    pytest.param(["X1", "9C", "QC", "AH"], "H", 2, "QC", id="a-joker-led"),
    pytest.param(["10H", "KH", "2S"], "♠", 2, "2S", id="trump-as-a-symbol"),
])
def test_who_takes_a_trick(api: APIClient, cards: list[str], trump: str | None, winner: int, card: str) -> None:
    response = api.post(WINNER, {"cards": cards, "trump": trump}, format="json")
    assert response.status_code == 200, response.json()
    answer = response.json()
    assert (answer["winner"], answer["card"]) == (winner, card)
    assert isinstance(answer["reason"], str) and answer["reason"]


@pytest.mark.parametrize(("url", "body", "violations"), [
    pytest.param(TRICK, {"cards": ["KH", "KH", "2C"]}, [("card_twice", "cards[1]")], id="a-card-twice"),
    pytest.param(TRICK, {"cards": ["KH", "ZZ", "2C"]}, [("bad_card", "cards[1]")], id="not-a-card"),
    pytest.param(TRICK, {"cards": ["TH", "QD", "2C"]}, [("bad_card", "cards[0]")], id="latin-T-is-no-rank"),
    pytest.param(TRICK, {"cards": ["KH", "QD"]}, [("trick_size", "cards")], id="two-cards"),
    pytest.param(TRICK, {"cards": ["2H", "3H", "4H", "5H", "6H", "7H", "8H"]}, [("trick_size", "cards")],
                 id="seven-cards"),
    pytest.param(TRICK, {"cards": ["KH", "QD", "6S"], "trump": "H"}, [("unknown_field", "trump")], id="unknown-field"),
    pytest.param(TRICK, {"cards": ["KH", "QD", "6S"], "options": {"pip_values": "dutch"}},
                 [("bad_option_value", "options.pip_values")], id="bad-option-value"),
    pytest.param(TRICK, {"cards": ["KH", "QD", "6S"], "options": {"barrel": True}},
                 [("unknown_option", "options.barrel")], id="unknown-option"),
    pytest.param(TRICK, {}, [("missing_field", "cards")], id="no-cards"),
    pytest.param(WINNER, {"cards": ["10H", "KH", "2S"], "trump": "Z"}, [("bad_card", "trump")], id="not-a-suit"),
    pytest.param(WINNER, {"cards": ["10H", "KH", "2S"]}, [("missing_field", "trump")], id="no-trump-given"),
    pytest.param(WINNER, {"cards": ["X1", "X2"], "trump": None}, [("trick_size", "cards")], id="jokers-only"),
    pytest.param(WINNER, {"cards": ["10H", "10H", "2S"], "trump": "S"}, [("card_twice", "cards[1]")],
                 id="winner-card-twice"),
])
def test_refused_checks_answer_400_with_codes(api: APIClient, url: str, body: dict[str, Any],
                                              violations: list[tuple[str, str]]) -> None:
    response = api.post(url, body, format="json")
    assert response.status_code == 400
    found = response.json()["violations"]
    assert [(v["code"], v["field"]) for v in found] == violations
    assert all(v["severity"] == "error" and v["message"] for v in found)


def test_the_checks_need_a_signed_in_caller() -> None:
    assert APIClient().post(TRICK, {"cards": ["KH", "QD", "6S"]}, format="json").status_code in (401, 403)


# ---------------------------------------------------------------- the page


def test_the_page_draws_the_melds_of_a_trick(signed_in: Client) -> None:
    assert signed_in.get("/referee/thirteens/").status_code == 200
    html = signed_in.post("/referee/thirteens/trick/", {"cards": ["KH", "QD", "6S", "5C", "5D", "X1"]},
                        HTTP_HX_REQUEST="true").content.decode()
    # K Q 6 a thirteen (3), 5 5 a pair (1), the joker −4: 0
    assert html.count('class="meld meld-thirteen"') == 1
    assert html.count('class="meld meld-pair"') == 1
    assert html.count('class="meld meld-joker"') == 1
    assert 'class="verdict-answer">Points: 0<' in html


def test_the_page_says_who_takes_the_trick_in_tap_order(signed_in: Client) -> None:
    # ticked in grid order, tapped as 2♠ 10♥ K♥: 2♠ led, no spade follows higher, trumps ♥ → K♥ (index 2)
    html = signed_in.post("/referee/thirteens/winner/", {"cards": ["10H", "KH", "2S"], "order": "2S 10H KH",
                                                       "trump": "H"}, HTTP_HX_REQUEST="true").content.decode()
    assert '<li class="winning"><span class="card-face suit-H" data-code="KH">' in html


def test_the_page_refuses_a_trick_of_two_cards(signed_in: Client) -> None:
    html = signed_in.post("/referee/thirteens/trick/", {"cards": ["KH", "QD"]}, HTTP_HX_REQUEST="true").content.decode()
    assert 'role="alert"' in html
