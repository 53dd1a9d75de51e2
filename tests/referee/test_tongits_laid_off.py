"""Tong Its: laying off (sapaw, RULES.md "tongits") — worked cases, then the refusals.

RULES.md: a hand may list ``laid_off``: ``[{"onto": seat, "cards": ["8H"]}]``, the cards this
player added to another player's laid meld. Those cards appear in the receiving seat's ``melds``
and count as the giver's cards (never against the receiver's 13); a four completed by a laid-off
card is the meld owner's four. Classic options: ante 2, pay_win 1, pay_per_ace 1,
pay_per_four 3, pay_burned 1; a fresh state, so the pot holds 6 after the antes.
"""

from __future__ import annotations

from typing import Any

import pytest

from referee.games import tongits
from referee.games.tongits import Hand, LaidOff, Options, Play
from referee.ledger import Rejected
from tests.referee.test_tongits import cards, hand

CLASSIC = Options()


def laid(onto: int, text: str) -> LaidOff:
    return LaidOff(onto, cards(text))


def given(held: Hand, *laid_off: LaidOff) -> Hand:
    return Hand(held.melds, held.hand, held.secret, laid_off)


def score(entry: Play) -> tuple[tuple[int, ...], Any]:
    state = tongits.initial_state(CLASSIC, 3, 0)
    assert tongits.validate(state, entry) == []
    after, outcome = tongits.apply(state, entry)
    assert sum(after.totals) + after.pot == 0
    return outcome.deltas, outcome.result


# Seat 1 holds 12 cards of his own: 2♦ 3♦ 4♦, J♥ J♠ J♦, 8♥ 8♠ 8♦ laid, A♠ 2♠ 3♣ unmelded (count
# 1 + 2 + 3 = 6). Seat 0 laid off 5♦, J♣ and 8♣ onto his melds: 15 cards lie at seat 1, three of
# them seat 0's. Seat 0: 7♥ 7♠ 7♦ laid, 9♣ (count 9). Seat 2: 5♥ 5♠ 5♣ laid, K♦ (count 10).
TWELVE_AND_THREE = Play("stock_out", (
    given(hand("7H 7S 7D", "9C"), laid(1, "5D JC 8C")),
    hand("2D 3D 4D 5D | JH JS JD JC | 8H 8S 8D 8C", "AS 2S 3C"),
    hand("5H 5S 5C", "KD"),
))


def test_cards_laid_off_onto_a_twelve_card_hand_count_as_the_givers() -> None:
    # Counts 9, 6, 10: seat 1 wins. His fours: J♥ J♠ J♦ + J♣ and 8♥ 8♠ 8♦ + 8♣, each completed by
    # seat 0's card, are his (the meld owner's); his ace A♠. Each pays 1 + 1 (ace) + 2 × 3 (fours)
    # = 8. 1: −2 + 16 = 14; 0, 2: −2 − 8 = −10.
    deltas, result = score(TWELVE_AND_THREE)
    assert deltas == (-10, 14, -10)
    assert result["winner"] == 1 and result["counts"] == [9, 6, 10]
    assert result["payments"][0]["items"] == {"win": 1, "aces": 1, "fours": 6, "burned": 0}
    assert TWELVE_AND_THREE.held(1) == list(cards("2D 3D 4D JH JS JD 8H 8S 8D AS 2S 3C"))
    assert len(TWELVE_AND_THREE.held(0)) == 3 + 1 + 3  # his set, his 9♣ and the three he laid off


@pytest.mark.parametrize(("hand_0", "hand_2", "deltas", "aces"), [
    # Seat 0 laid A♦ off onto seat 2's A♥ A♠ A♣ and wins with 2♣ (2; seats 1 and 2 count 10): the
    # ace is his, the giver's (laid-off cards "count as the giver's cards"). Each pays 1 + 1 (ace)
    # = 2. 0: −2 + 4 = 2; 1, 2: −4.
    pytest.param("2C", "KH", (2, -4, -4), 1, id="the-giver-wins-with-the-ace-he-laid-off"),
    # Seat 0 holds 2♣ Q♣ (12), seat 2 nothing unmelded (0): seat 2 wins. His aces A♥ A♠ A♣ (3),
    # his four A♥ A♠ A♣ + A♦ (the owner's). Each pays 1 + 3 + 3 = 7. 2: −2 + 14 = 12; 0, 1: −9.
    pytest.param("2C QC", "", (-9, -9, 12), 3, id="the-owner-wins-with-the-four"),
])
def test_an_ace_laid_off_is_the_givers_and_the_four_the_owners(hand_0: str, hand_2: str, deltas: tuple[int, ...],
                                                               aces: int) -> None:
    entry = Play("stock_out", (
        given(hand("7H 7S 7D", hand_0), laid(2, "AD")),
        hand("8H 8S 8D", "10C"),
        hand("AH AS AC AD", hand_2),
    ))
    got, result = score(entry)
    assert got == deltas
    assert result["payments"][0]["items"]["aces"] == aces


def test_a_run_lengthened_by_a_laid_off_card() -> None:
    # Seat 2 laid 10♣ off onto seat 0's 7♣ 8♣ 9♣; seat 2: 5♥ 5♠ 5♦ laid, 3♠ (3) — lowest, wins.
    # Seat 0: 7-10♣ laid, K♦ (10); seat 1: 8♥ 8♠ 8♦, Q♦ (10). Each pays 1. 2: −2 + 2 = 0.
    entry = Play("stock_out", (
        hand("7C 8C 9C 10C", "KD"),
        hand("8H 8S 8D", "QD"),
        given(hand("5H 5S 5D", "3S"), laid(0, "10C")),
    ))
    assert score(entry)[0] == (-3, -3, 0)


def test_laid_off_cards_are_written_canonically() -> None:
    raw = {"type": "play", "ending": "stock_out",
           "hands": [{"melds": [["7h", "7s", "7d"]], "hand": ["9c"], "laid_off": [{"onto": 1, "cards": ["8♣"]}]},
                     {"melds": [["8H", "8S", "8D", "8C"]], "hand": ["10C"]},
                     {"melds": [["5H", "5S", "5D"]], "hand": ["KC"]}]}
    dumped = tongits.dump_entry(tongits.parse_entry(raw, 3))
    assert dumped["hands"][0] == {"melds": [["7H", "7S", "7D"]], "hand": ["9C"],
                                  "laid_off": [{"onto": 1, "cards": ["8C"]}]}
    assert "laid_off" not in dumped["hands"][1]  # a hand that laid nothing off keeps its old shape
    assert tongits.dump_entry(tongits.parse_entry(dumped, 3)) == dumped


# ---------------------------------------------------------------- refusals

RAW_HANDS = [{"melds": [["7H", "7S", "7D"]], "hand": ["9C"]},
             {"melds": [["8H", "8S", "8D", "8C"], ["2D", "3D", "4D", "5D"]], "hand": ["10C"]},
             {"melds": [["5H", "5S", "5C"]], "hand": ["KC"]}]


def entry_with(*laid_off: tuple[int, Any], hands: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """The hands above (counts 9, 10, 10), *laid_off* given as (giver, its raw laid_off list)."""
    hands = [dict(item) for item in (hands or RAW_HANDS)]
    for seat, value in laid_off:
        hands[seat]["laid_off"] = value
    return {"type": "play", "ending": "stock_out", "hands": hands}


def problems(raw: dict[str, Any]) -> list[tuple[str, str | None]]:
    try:
        entry = tongits.parse_entry(raw, 3)
    except Rejected as rejected:
        return [(v.code, v.field) for v in rejected.violations]
    return [(v.code, v.field) for v in tongits.validate(tongits.initial_state(CLASSIC, 3, 0), entry)]


FOURTEEN_OWN = [{"melds": [["AC", "2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C"]], "hand": ["2D", "3D"],
                 "laid_off": [{"onto": 1, "cards": ["JC", "QC", "KC"]}]},
                {"melds": [["JH", "JS", "JD", "JC"], ["QH", "QS", "QD", "QC"], ["KH", "KS", "KD", "KC"]]},
                {"melds": [["5H", "5S", "5D"]], "hand": ["9D"]}]


@pytest.mark.parametrize(("raw", "expected"), [
    pytest.param(entry_with((0, [{"onto": 1, "cards": ["8C"]}])), [], id="valid"),
    pytest.param(entry_with((0, [{"onto": 1, "cards": ["8C"]}]), (2, [{"onto": 1, "cards": ["5D"]}])), [],
                 id="two-givers-onto-one-seat"),
    # rules
    pytest.param(entry_with((0, [{"onto": 0, "cards": ["7D"]}])), [("laid_off_onto_self", "hands[0].laid_off[0].onto")],
                 id="onto-himself"),
    pytest.param(entry_with((0, [{"onto": 1, "cards": ["9H"]}])),
                 [("laid_off_not_in_meld", "hands[0].laid_off[0].cards[0]")], id="card-in-no-meld"),
    pytest.param(entry_with((0, [{"onto": 1, "cards": ["10C"]}])),
                 [("laid_off_not_in_meld", "hands[0].laid_off[0].cards[0]")], id="card-in-his-hand-not-a-meld"),
    pytest.param(entry_with((0, [{"onto": 2, "cards": ["8C"]}])),
                 [("laid_off_not_in_meld", "hands[0].laid_off[0].cards[0]")], id="card-in-another-seats-meld"),
    pytest.param(entry_with((0, [{"onto": 1, "cards": ["8C"]}]), (2, [{"onto": 1, "cards": ["8C"]}])),
                 [("card_twice", "hands[2].laid_off[0].cards[0]")], id="laid-off-by-two"),
    pytest.param(entry_with((0, [{"onto": 1, "cards": ["8C", "8C"]}])),
                 [("card_twice", "hands[0].laid_off[0].cards[1]")], id="laid-off-twice"),
    # 8♥ 8♠ 8♦ 8♣ with 8♦ and 8♣ laid off: seat 1 keeps two of his own, no meld of his.
    pytest.param(entry_with((0, [{"onto": 1, "cards": ["8C", "8D"]}])),
                 [("laid_off_leaves_no_meld", "hands[1].melds[0]")], id="meld-not-the-owners"),
    # Seat 0: 9 + 2 of his own and 3 laid off = 14 (seat 1 keeps 9 of his own).
    pytest.param(entry_with(hands=FOURTEEN_OWN), [("too_many_cards", "hands[0]")], id="fourteen-with-laid-off"),
    # shape
    pytest.param(entry_with((0, [{"onto": 3, "cards": ["8C"]}])), [("bad_seat", "hands[0].laid_off[0].onto")],
                 id="onto-seat-3"),
    pytest.param(entry_with((0, [{"cards": ["8C"]}])), [("missing_field", "hands[0].laid_off[0].onto")],
                 id="no-onto"),
    pytest.param(entry_with((0, [{"onto": 1, "cards": []}])), [("missing_field", "hands[0].laid_off[0].cards")],
                 id="no-cards"),
    pytest.param(entry_with((0, [{"onto": 1, "cards": ["8Z"]}])), [("bad_card", "hands[0].laid_off[0].cards[0]")],
                 id="not-a-card"),
    pytest.param(entry_with((0, [{"onto": 1, "cards": ["8C"], "from": 0}])),
                 [("unknown_field", "hands[0].laid_off[0].from")], id="unknown-field"),
    pytest.param(entry_with((0, {"onto": 1, "cards": ["8C"]})), [("bad_type", "hands[0].laid_off")],
                 id="not-a-list"),
    pytest.param(entry_with((0, ["8C"])), [("bad_type", "hands[0].laid_off[0]")], id="item-not-an-object"),
])
def test_laid_off_refusals(raw: dict[str, Any], expected: list[tuple[str, str | None]]) -> None:
    assert problems(raw) == expected


def test_laid_off_messages_say_what_is_wrong() -> None:
    entry = tongits.parse_entry(entry_with((0, [{"onto": 1, "cards": ["9H"]}])), 3)
    [violation] = tongits.validate(tongits.initial_state(CLASSIC, 3, 0), entry)
    assert violation.message % {**violation.params, "player": "Ben"} == (
        "9♥ is not in a meld Ben laid down: a card laid off is listed in the meld that took it.")
