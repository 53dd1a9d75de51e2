"""The 1000 referee checks asked at the table with no match behind them: "may I bid 135?",
"may I declare ♦ now?". Every expected number is worked out by hand from seed 001 and RULES.md
("thousand": 120 in the deck; marriages ♥100 ♦80 ♣60 ♠40; the highest bid is 120 plus the
marriages held, rounded down to the bidding step), never read from the code.
"""

from __future__ import annotations

from typing import Any

import pytest

from referee.cards import Suit
from referee.games import thousand
from referee.games.thousand import bid_check, marriage_check
from referee.ledger import Rejected

CLUBS_HIGH = {"H": 60, "D": 40, "C": 100, "S": 80}  # seed 001: "максимальным является трефовый марьяж"


def options(**overrides: Any) -> thousand.Options:
    return thousand.parse_options(overrides or None)


def codes(rejected: pytest.ExceptionInfo[Rejected]) -> list[tuple[str, str | None]]:
    return [(v.code, v.field) for v in rejected.value.violations]


# ---------------------------------------------------------------- the highest bid a hand allows

# Seed 001: "без марьяжей торгующийся не может идти больше 120 очков"; "игрок не имеет права повышать
# больше, чем составляет сумма всех очков с марьяжем у него на руках".
@pytest.mark.parametrize(("hand", "overrides", "marriages", "points", "highest"), [
    # K 4 + Q 3 + A 11 + 10 10 + 9 0 + J 2 + A 11 = 41; 120 + ♥100 = 220
    pytest.param(["KH", "QH", "AS", "10S", "9D", "JC", "AC"], {}, ("H",), 41, 220, id="hearts-220"),
    # two marriages: 120 + ♥100 + ♦80 = 300; 4 + 3 + 4 + 3 + 11 + 0 + 0 = 25
    pytest.param(["KH", "QH", "KD", "QD", "AC", "9S", "9C"], {}, ("H", "D"), 25, 300, id="hearts-diamonds-300"),
    # a king without his queen is no marriage: 11 + 10 + 4 + 3 + 2 + 0 + 11 = 41 → 120
    pytest.param(["AH", "10H", "KH", "QS", "JD", "9C", "AD"], {}, (), 41, 120, id="no-marriage-120"),
    # 4 + 3 + 0 + 0 + 2 + 2 + 10 = 21; 120 + ♠40 = 160
    pytest.param(["KS", "QS", "9H", "9D", "JH", "JD", "10C"], {}, ("S",), 21, 160, id="spades-160"),
    pytest.param(["KC", "QC"], {}, ("C",), 7, 180, id="clubs-180"),  # 120 + 60
    pytest.param([], {}, (), 0, 120, id="an-empty-hand-120"),
    # all four marriages: 120 + 100 + 80 + 60 + 40 = 400
    pytest.param(["KH", "QH", "KD", "QD", "KC", "QC", "KS", "QS"], {}, ("H", "D", "C", "S"), 28, 400,
                 id="four-marriages-400"),
    # the "clubs high" table: ♣ is worth 100 → 220
    pytest.param(["KC", "QC", "AH"], {"marriage_values": CLUBS_HIGH}, ("C",), 18, 220, id="clubs-high-220"),
    # steps of 10 change nothing for the usual values (all are tens) ...
    pytest.param(["KS", "QS"], {"bid_step": 10}, ("S",), 7, 160, id="step-10-spades-160"),
    # ... but a ♠ worth 45 gives 165, rounded down to 160 in steps of 10, kept in steps of 5
    pytest.param(["KS", "QS"], {"bid_step": 10, "marriage_values": {"H": 100, "D": 80, "C": 60, "S": 45}},
                 ("S",), 7, 160, id="step-10-rounds-165-down-to-160"),
    pytest.param(["KS", "QS"], {"marriage_values": {"H": 100, "D": 80, "C": 60, "S": 45}},
                 ("S",), 7, 165, id="step-5-keeps-165"),
    # four aces: 44 points; a marriage worth 200 only where ace_marriage is on (seed 001: "тузовый марьяж")
    pytest.param(["AH", "AD", "AC", "AS"], {}, (), 44, 120, id="four-aces-without-the-ace-marriage"),
    pytest.param(["AH", "AD", "AC", "AS"], {"ace_marriage": True}, ("A",), 44, 320, id="four-aces-320"),
    pytest.param(["AH", "AD", "AC", "AS", "KH", "QH"], {"ace_marriage": True}, ("H", "A"), 51, 420,
                 id="hearts-and-four-aces-420"),
])
def test_a_hand_allows_120_plus_its_marriages(hand: list[str], overrides: dict[str, Any],
                                              marriages: tuple[str, ...], points: int, highest: int) -> None:
    check = bid_check(hand, None, options(**overrides))
    assert (check.marriages, check.card_points, check.highest) == (marriages, points, highest)
    assert (check.bid, check.legal, check.reasons) == (None, None, ())
    assert check.highest == thousand.highest_bid(list(check.cards), options(**overrides)) + (
        200 if "A" in marriages else 0)


SPADES = ["KS", "QS", "AH", "9D", "JC", "10C", "9H"]  # ♠ marriage: at most 120 + 40 = 160
PLAIN = ["AH", "10H", "KH", "QS", "JD", "9C", "AD"]  # no marriage: at most 120


@pytest.mark.parametrize(("hand", "bid", "overrides", "legal", "reasons"), [
    pytest.param(PLAIN, 100, {}, True, (), id="100-is-always-allowed"),
    pytest.param(PLAIN, 120, {}, True, (), id="120-without-a-marriage"),
    pytest.param(PLAIN, 125, {}, False, ("no_marriage_for_bid",), id="125-without-a-marriage"),
    pytest.param(PLAIN, 135, {}, False, ("no_marriage_for_bid",), id="135-without-a-marriage"),
    pytest.param(SPADES, 135, {}, True, (), id="135-with-the-spades-marriage"),
    pytest.param(SPADES, 160, {}, True, (), id="160-the-most-with-spades"),
    pytest.param(SPADES, 165, {}, False, ("bid_over_hand",), id="165-over-the-spades-160"),
    pytest.param(SPADES, 95, {}, False, ("bid_too_low",), id="below-100"),
    pytest.param(SPADES, 137, {}, False, ("bid_step",), id="off-the-step-of-5"),
    pytest.param(SPADES, 135, {"bid_step": 10}, False, ("bid_step",), id="off-the-step-of-10"),
    pytest.param(SPADES, 140, {"bid_step": 10}, True, (), id="on-the-step-of-10"),
    pytest.param(PLAIN, 123, {}, False, ("bid_step", "no_marriage_for_bid"), id="every-reason-at-once"),
    pytest.param(PLAIN, 97, {}, False, ("bid_too_low", "bid_step"), id="low-and-off-the-step"),
])
def test_a_bid_is_legal_or_says_why_not(hand: list[str], bid: int, overrides: dict[str, Any], legal: bool,
                                        reasons: tuple[str, ...]) -> None:
    check = bid_check(hand, bid, options(**overrides))
    assert (check.bid, check.legal, check.reasons) == (bid, legal, reasons)


def test_the_explanation_says_what_the_hand_holds_and_why() -> None:
    check = bid_check(SPADES, 135, options())
    # 4 + 3 + 11 + 0 + 2 + 10 + 0 = 30
    assert [item.english() for item in check.lines] == [
        "Card points in the hand: 30.",
        "Marriage ♠ (king and queen): 40.",
        "Highest bid: 120 + 40 = 160.",
        "135 may be bid: it is at most 160.",
    ]
    refused = bid_check(PLAIN, 135, options())
    assert refused.lines[-1].english() == "135 is over 120 without a marriage in the hand."
    rounded = bid_check(["KS", "QS"], None, options(bid_step=10, marriage_values={"H": 100, "D": 80, "C": 60, "S": 45}))
    assert rounded.lines[-1].english() == "Highest bid: 120 + 45 = 165, down to a step of 10: 160."


def test_the_suits_in_the_lines_are_suits_for_the_edge_to_render() -> None:
    check = bid_check(["KH", "QH"], None, options())
    assert check.lines[1].params["suit"] is Suit.HEARTS


# ---------------------------------------------------------------- reading the hand


@pytest.mark.parametrize(("hand", "canonical"), [
    pytest.param(["KH", "QH"], ["KH", "QH"], id="canonical"),
    pytest.param(["kh", "qh", "10s", "as"], ["KH", "QH", "10S", "AS"], id="lower-case"),
    pytest.param(["K♥", "Q♥️", "10♠"], ["KH", "QH", "10S"], id="symbols-with-and-without-fe0f"),
    pytest.param(["К♥", "Д♥", "Т♠", "В♦"], ["KH", "QH", "AS", "JD"], id="cyrillic-ranks"),
    pytest.param(["к♥️", "д♥"], ["KH", "QH"], id="cyrillic-lower-case-with-fe0f"),
    pytest.param(["9♣", " AD "], ["9C", "AD"], id="nine-and-spaces"),
])
def test_every_spelling_of_a_card_is_read_canonically(hand: list[str], canonical: list[str]) -> None:
    assert [card.code for card in bid_check(hand).cards] == canonical


@pytest.mark.parametrize(("hand", "expected"), [
    # Seed 001: "колода из 24 карт, от девятки до туза": no 7, no 8, no joker
    pytest.param(["7H"], [("bad_card", "cards[0]")], id="a-seven"),
    pytest.param(["KH", "8S"], [("bad_card", "cards[1]")], id="an-eight"),
    pytest.param(["X1"], [("bad_card", "cards[0]")], id="a-joker"),
    pytest.param(["ZZ"], [("bad_card", "cards[0]")], id="not-a-card"),
    pytest.param(["TH"], [("bad_card", "cards[0]")], id="latin-t-is-no-ace"),
    pytest.param(["１０H"], [("bad_card", "cards[0]")], id="full-width-digits"),
    pytest.param([""], [("bad_card", "cards[0]")], id="empty-text"),
    pytest.param([12], [("bad_card", "cards[0]")], id="a-number"),
    pytest.param(["KH", "kh"], [("card_twice", "cards[1]")], id="the-same-card-twice"),
    pytest.param(["Д♥", "QH"], [("card_twice", "cards[1]")], id="twice-in-two-spellings"),
    pytest.param(["7H", "KH", "K♥", "X2"], [("bad_card", "cards[0]"), ("card_twice", "cards[2]"),
                                           ("bad_card", "cards[3]")], id="every-problem-at-once"),
])
def test_a_hand_that_is_not_24_card_deck_cards_is_refused(hand: list[Any], expected: list[tuple[str, str]]) -> None:
    with pytest.raises(Rejected) as refused:
        bid_check(hand, 120)
    assert codes(refused) == expected
    with pytest.raises(Rejected) as again:
        thousand.read_cards(hand)
    assert codes(again) == expected


def test_a_hand_must_be_a_list() -> None:
    with pytest.raises(Rejected) as refused:
        bid_check("KH QH")
    assert codes(refused) == [("bad_type", "cards")]


# ---------------------------------------------------------------- card points


@pytest.mark.parametrize(("cards", "points"), [
    pytest.param(["AH", "10H", "KH", "QH", "JH", "9H"], 30, id="a-suit-is-30"),  # seed: "одной масти ... 30"
    pytest.param(["9H", "9S", "JD"], 2, id="two-nines-and-a-jack"),  # seed: "две девятки и валет это два очка"
    pytest.param(["Т♠", "т♦", "10♣"], 32, id="cyrillic-aces-and-a-ten"),
])
def test_card_points_of_read_cards(cards: list[str], points: int) -> None:
    assert thousand.card_points(list(thousand.read_cards(cards))) == points


# ---------------------------------------------------------------- declaring a marriage


@pytest.mark.parametrize(("args", "overrides", "legal", "reasons"), [
    # Seed 001: "Объявление марьяжа проходит в любой момент игроком, имеющим хотя бы одну взятку".
    pytest.param({"suit": "H", "cards": None, "took_trick": True}, {}, True, (), id="after-a-trick"),
    pytest.param({"suit": "H", "cards": None, "took_trick": False}, {}, False, ("marriage_without_trick",),
                 id="before-any-trick"),
    # Each suit once per deal (RULES.md).
    pytest.param({"suit": "D", "cards": None, "took_trick": True, "declared": ["D"]}, {}, False, ("marriage_twice",),
                 id="diamonds-again"),
    pytest.param({"suit": "D", "cards": None, "took_trick": True, "declared": ["H", "C"]}, {}, True, (),
                 id="another-suit-after-two"),
    pytest.param({"suit": "H", "cards": None, "took_trick": True, "trump": "H"}, {}, False, ("marriage_twice",),
                 id="the-trump-suit-was-declared"),
    pytest.param({"suit": "D", "cards": None, "took_trick": True, "declared": ["H"], "trump": "H"}, {}, True, (),
                 id="a-new-trump"),
    # With the hand given, it must hold the king and the queen.
    pytest.param({"suit": "S", "cards": ["KS", "QS", "9H"], "took_trick": True}, {}, True, (), id="k-and-q-in-hand"),
    pytest.param({"suit": "S", "cards": ["KS", "9H"], "took_trick": True}, {}, False, ("marriage_not_in_hand",),
                 id="the-queen-is-missing"),
    pytest.param({"suit": "S", "cards": [], "took_trick": True}, {}, False, ("marriage_not_in_hand",),
                 id="an-empty-hand-is-checked"),
    pytest.param({"suit": "S", "cards": ["KH", "QH"], "took_trick": True}, {}, False, ("marriage_not_in_hand",),
                 id="k-and-q-of-another-suit"),
    # Spellings of the suit.
    pytest.param({"suit": "♦", "cards": ["К♦", "Д♦"], "took_trick": True}, {}, True, (), id="symbol-and-cyrillic"),
    pytest.param({"suit": "♦️", "cards": None, "took_trick": True, "declared": ["h"]}, {}, True, (), id="fe0f-and-lower"),
    # The ace marriage: only where ace_marriage is on, with all four aces (seed 001: "В момент
    # «хваления» все 4 туза должны быть у игрока на руках"), after a trick.
    pytest.param({"suit": "A", "cards": ["AH", "AD", "AC", "AS"], "took_trick": True}, {"ace_marriage": True},
                 True, (), id="four-aces"),
    pytest.param({"suit": "A", "cards": ["AH", "AD", "AC"], "took_trick": True}, {"ace_marriage": True},
                 False, ("aces_not_in_hand",), id="three-aces"),
    pytest.param({"suit": "A", "cards": None, "took_trick": True}, {}, False, ("ace_marriage_off",), id="aces-off"),
    pytest.param({"suit": "A", "cards": None, "took_trick": False, "declared": ["A"]}, {"ace_marriage": True}, False,
                 ("marriage_without_trick", "marriage_twice"), id="aces-twice-and-no-trick"),
    # Every reason at once.
    pytest.param({"suit": "C", "cards": ["QC"], "took_trick": False, "declared": ["C"]}, {}, False,
                 ("marriage_without_trick", "marriage_twice", "marriage_not_in_hand"), id="everything-wrong"),
])
def test_a_marriage_may_be_declared_or_says_why_not(args: dict[str, Any], overrides: dict[str, Any], legal: bool,
                                                    reasons: tuple[str, ...]) -> None:
    check = marriage_check(**args, options=options(**overrides))
    assert (check.legal, check.reasons) == (legal, reasons)
    assert len(check.lines) >= 1


@pytest.mark.parametrize(("suit", "overrides", "value"), [
    pytest.param("H", {}, 100, id="hearts-100"),
    pytest.param("S", {}, 40, id="spades-40"),
    pytest.param("C", {"marriage_values": CLUBS_HIGH}, 100, id="clubs-high-100"),
    pytest.param("A", {"ace_marriage": True}, 200, id="aces-200"),
])
def test_a_marriage_is_worth_its_table_value(suit: str, overrides: dict[str, Any], value: int) -> None:
    assert marriage_check(suit, None, True, options=options(**overrides)).value == value


def test_the_marriage_explanation() -> None:
    check = marriage_check("D", ["KD", "QD"], True, ["H"], trump="H")
    assert [item.english() for item in check.lines] == [
        "The marriage in ♦ may be declared: +80.", "♦ becomes trump instead of ♥."]
    refused = marriage_check("H", None, False)
    assert [item.english() for item in refused.lines] == [
        "No trick taken yet: a marriage is declared only by a player who has taken one.",
        "No hand given: the cards were not checked."]


@pytest.mark.parametrize(("args", "expected"), [
    pytest.param({"suit": "X", "cards": None, "took_trick": True}, [("bad_card", "suit")], id="not-a-suit"),
    pytest.param({"suit": "H", "cards": None, "took_trick": True, "declared": ["H", "Z"]}, [("bad_card", "declared[1]")],
                 id="a-declared-non-suit"),
    pytest.param({"suit": "D", "cards": None, "took_trick": True, "declared": ["H", "♥"]},
                 [("marriage_twice", "declared[1]")], id="declared-twice-in-the-list"),
    pytest.param({"suit": "H", "cards": None, "took_trick": True, "trump": "A"}, [("bad_card", "trump")],
                 id="the-aces-are-no-trump"),
    pytest.param({"suit": "H", "cards": ["KH", "7H"], "took_trick": True}, [("bad_card", "cards[1]")], id="a-seven"),
    pytest.param({"suit": "H", "cards": None, "took_trick": True, "declared": "H"}, [("bad_type", "declared")],
                 id="declared-not-a-list"),
    pytest.param({"suit": "?", "cards": ["KH", "KH"], "took_trick": True, "declared": ["?"]},
                 [("bad_card", "suit"), ("bad_card", "declared[0]"), ("card_twice", "cards[1]")],
                 id="every-problem-at-once"),
])
def test_a_marriage_question_that_cannot_be_read_is_refused(args: dict[str, Any],
                                                           expected: list[tuple[str, str]]) -> None:
    with pytest.raises(Rejected) as refused:
        marriage_check(**args)
    assert codes(refused) == expected
