"""Терц (Terz): worked cases from seed 000 and RULES.md ("terz"), then properties.

Every expected value is worked out by hand from the rules; the arithmetic is in the comments.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.cards import Card, Suit, parse_card
from referee.games import GAMES, terz
from referee.games.terz import (
    Declaration,
    FalseDeclaration,
    Forfeit,
    Options,
    Penalty,
    Play,
    WrongRecording,
)
from referee.ledger import Rejected, Sheet, Violation, line, replay

S, H, D, C = Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_card(t) for t in text.split())  # type: ignore[misc]


def dec(player: int, text: str) -> Declaration:
    return Declaration(player, cards(text))


def play(points: tuple[int, int] = (75, 75), trump: Suit = H, *declarations: Declaration,
         last_trick: int | None = None) -> Play:
    return Play(trump, points, tuple(declarations), last_trick)


def sheet(*entries: Any, options: Options = Options(), first_dealer: int = 0) -> Sheet:
    return replay(terz, options, 2, first_dealer, list(enumerate(entries, start=1)))


def codes(raw: dict[str, Any], state: terz.State | None = None) -> list[str]:
    """The violation codes of a raw entry: its shape first (parse_entry), then the rules."""
    try:
        entry = terz.parse_entry(raw, 2)
    except Rejected as rejected:
        return [v.code for v in rejected.violations]
    state = state or terz.initial_state(Options(), 2, 0)
    return [v.code for v in terz.validate(state, entry)]


def test_registered() -> None:
    assert GAMES["terz"] is terz
    assert terz.ENTRY_TYPES == ("play", "false_declaration", "wrong_recording", "forfeit", "penalty")


# ---------------------------------------------------------------- options


def test_options_default_and_presets() -> None:
    assert terz.dump_options(terz.parse_options(None)) == {"target": 501, "rounding": "nearest_10_five_down"}
    assert terz.parse_options({"rounding": "floor_10"}, "classic") == Options(rounding="floor_10")
    assert terz.parse_options({"target": 1001}).target == 1001


@pytest.mark.parametrize(("raw", "preset", "code"), [
    pytest.param({"rounding": "nearest_5"}, None, "bad_option_value", id="unknown-rounding"),
    pytest.param({"target": "501"}, None, "bad_option_value", id="target-as-text"),
    pytest.param({"barrel": True}, None, "unknown_option", id="thousand-option"),
    pytest.param(None, "lviv", "unknown_preset", id="unknown-preset"),
])
def test_bad_options(raw: Any, preset: str | None, code: str) -> None:
    with pytest.raises(Rejected) as caught:
        terz.parse_options(raw, preset)
    assert [v.code for v in caught.value.violations] == [code]


# ---------------------------------------------------------------- classify: one row per combination


@pytest.mark.parametrize(("text", "trump", "expected"), [
    # Seed 000: "20 очок - 3 карти однієї масті підряд (терц)"
    pytest.param("7H 8H 9H", S, ("terz", 20), id="terz-lowest"),
    pytest.param("QD AD KD", S, ("terz", 20), id="terz-any-order"),
    pytest.param("9C 10C JC", S, ("terz", 20), id="terz-across-ten-jack"),  # natural order 9-10-J
    # "50 очок - 4 карти однієї масті підряд (п'ятдесят)"
    pytest.param("JC QC KC AC", S, ("fifty", 50), id="fifty"),
    # "100 очок - 5 … 6 … 7 … 8 карт однієї масті підряд (сто п'ять … сто вісім)"
    pytest.param("7S 8S 9S 10S JS", H, ("hundred", 100), id="hundred-of-5"),
    pytest.param("9S 10S JS QS KS AS", H, ("hundred", 100), id="hundred-of-6"),
    pytest.param("8D 9D 10D JD QD KD AD", H, ("hundred", 100), id="hundred-of-7"),
    pytest.param("7H 8H 9H 10H JH QH KH AH", H, ("hundred", 100), id="hundred-of-8"),
    # "100 очок - 4 жінки (сто дам)", "4 короля", "4 туза"; "200 очок - 4 валета"
    pytest.param("QS QH QD QC", H, ("four_queens", 100), id="four-queens"),
    pytest.param("KS KH KD KC", H, ("four_kings", 100), id="four-kings"),
    pytest.param("AS AH AD AC", H, ("four_aces", 100), id="four-aces"),
    pytest.param("JS JH JD JC", H, ("four_jacks", 200), id="four-jacks"),
    # "20 очок - козирна дама і король (мар'яж)"
    pytest.param("KH QH", H, ("marriage", 20), id="marriage"),
    pytest.param("QC KC", C, ("marriage", 20), id="marriage-queen-first"),
    pytest.param("Д♥ К♥", H, ("marriage", 20), id="marriage-cyrillic-and-symbols"),
])
def test_classify(text: str, trump: Suit, expected: tuple[str, int]) -> None:
    assert terz.classify(cards(text), trump) == expected


@pytest.mark.parametrize(("given_cards", "trump", "code"), [
    # RULES.md: "Four 7s, 8s, 9s or 10s are not a combination"
    pytest.param("7S 7H 7D 7C", H, "not_a_combination", id="four-sevens"),
    pytest.param("8S 8H 8D 8C", H, "not_a_combination", id="four-eights"),
    pytest.param("9S 9H 9D 9C", H, "not_a_combination", id="four-nines"),
    pytest.param("10S 10H 10D 10C", H, "not_a_combination", id="four-tens"),
    pytest.param("7H 8H 10H", S, "not_a_combination", id="gap-in-sequence"),
    pytest.param("7H 8H 9S", S, "not_a_combination", id="mixed-suits"),
    pytest.param("KH AH 7H", S, "not_a_combination", id="no-wrap-round-ace-to-seven"),
    pytest.param("JS JH JD", S, "not_a_combination", id="three-jacks"),
    pytest.param("AH KH", H, "not_a_combination", id="two-in-sequence-not-a-marriage"),
    pytest.param("KH QS", H, "not_a_combination", id="king-queen-of-two-suits"),
    pytest.param("AH", H, "not_a_combination", id="one-card"),
    pytest.param("", H, "not_a_combination", id="no-cards"),
    # "козирна дама і король (мар'яж)": in trumps only
    pytest.param("KS QS", H, "marriage_not_trump", id="marriage-not-in-trumps"),
    pytest.param("7H 7H 8H", S, "card_twice", id="card-twice"),
    # Seed 000: "Кількість карт в колоді: 32" — 7 to ace
    pytest.param("6H 7H 8H", S, "bad_card", id="six-not-in-deck"),
    pytest.param("2S", S, "bad_card", id="two-not-in-deck"),
    pytest.param("X1", S, "bad_card", id="joker"),
    pytest.param("ZZ", S, "bad_card", id="not-a-card"),
])
def test_classify_refuses(given_cards: str, trump: Suit, code: str) -> None:
    found = terz.classify(given_cards.split(), trump)
    assert isinstance(found, Violation)
    assert found.code == code


# ---------------------------------------------------------------- compare: steps and tie-breaks


@pytest.mark.parametrize(("trump", "declarations", "scores", "scorer", "step"), [
    pytest.param(H, [], (0, 0), None, None, id="nothing-declared"),
    pytest.param(H, [dec(1, "9D 10D JD")], (0, 20), 1, None, id="alone-scores"),
    # value: 50 > 20
    pytest.param(D, [dec(0, "7H 8H 9H"), dec(1, "7S 8S 9S 10S")], (0, 50), 1, "value", id="value-fifty-over-terz"),
    # value: 200 > 50 (no hundred can face four jacks: every run of 5 holds a jack)
    pytest.param(H, [dec(0, "7D 8D 9D 10D"), dec(1, "JS JH JD JC")], (0, 200), 1, "value",
                 id="value-four-jacks-over-fifty"),
    pytest.param(H, [dec(0, "QS QH QD QC"), dec(1, "7D 8D 9D 10D")], (100, 0), 0, "value",
                 id="value-four-queens-over-fifty"),
    # cards: both 100, 5 cards beat 4
    pytest.param(D, [dec(1, "AS AH AD AC"), dec(0, "7S 8S 9S 10S JS")], (100, 0), 0, "cards",
                 id="cards-hundred-of-5-over-four-aces"),
    pytest.param(D, [dec(0, "7S 8S 9S 10S JS"), dec(1, "7C 8C 9C 10C JC QC")], (0, 100), 1, "cards",
                 id="cards-hundred-of-6-over-hundred-of-5"),
    # top: equal value and length, the higher top card (natural order, 10 over 9)
    pytest.param(D, [dec(0, "7S 8S 9S"), dec(1, "8H 9H 10H")], (0, 20), 1, "top", id="top-terz-to-ten-over-to-nine"),
    pytest.param(D, [dec(0, "KS KH KD KC"), dec(1, "QS QH QD QC")], (100, 0), 0, "top",
                 id="top-four-kings-over-four-queens"),
    pytest.param(D, [dec(1, "KS KH KD KC"), dec(0, "AS AH AD AC")], (100, 0), 0, "top",
                 id="top-four-aces-over-four-kings"),
    # trump: same length and top, the one in trumps wins although announced second
    pytest.param(S, [dec(0, "7H 8H 9H"), dec(1, "7S 8S 9S")], (0, 20), 1, "trump", id="trump-breaks-the-tie"),
    # first: still equal and neither in trumps, the one announced first
    pytest.param(D, [dec(1, "7H 8H 9H"), dec(0, "7S 8S 9S")], (0, 20), 1, "first", id="first-announced-wins"),
    pytest.param(D, [dec(0, "10C JC QC"), dec(1, "10H JH QH")], (20, 0), 0, "first", id="first-announced-wins-seat-0"),
    # the marriage never competes and always scores
    pytest.param(H, [dec(0, "KH QH"), dec(1, "7S 8S 9S")], (20, 20), 1, None, id="marriage-does-not-compete"),
    pytest.param(H, [dec(0, "KH QH"), dec(0, "7D 8D 9D"), dec(1, "7S 8S 9S 10S")], (20, 50), 1, "value",
                 id="marriage-scores-for-the-loser"),
    pytest.param(H, [dec(0, "KH QH")], (20, 0), None, None, id="marriage-alone"),
    # the best combination's holder scores all of his: 200 + 20 = 220
    pytest.param(H, [dec(0, "JS JH JD JC"), dec(1, "7S 8S 9S 10S"), dec(0, "7C 8C 9C")], (220, 0), 0, "value",
                 id="winner-scores-all-his"),
    # p0's best is his later fifty (top K) against p1's fifty (top 10): 20 + 50 = 70
    pytest.param(H, [dec(0, "7C 8C 9C"), dec(1, "7S 8S 9S 10S"), dec(0, "10D JD QD KD")], (70, 0), 0, "top",
                 id="best-is-not-the-first-declared"),
    # a card in a sequence and a four of a kind at once; the marriage overlapping both: 100 + 20 + 20
    pytest.param(S, [dec(0, "KS KH KD KC"), dec(0, "JS QS KS"), dec(0, "KS QS"), dec(1, "7D 8D 9D")],
                 (140, 0), 0, "value", id="overlaps-allowed"),
])
def test_compare(trump: Suit, declarations: list[Declaration], scores: tuple[int, int] | None,
                 scorer: int | None, step: str | None) -> None:
    judged = terz.compare(trump, declarations)
    assert (judged.scores, judged.scorer, judged.step) == (scores, scorer, step)


def test_compare_explains_why() -> None:
    judged = terz.compare(S, [dec(0, "7H 8H 9H"), dec(1, "7S 8S 9S")])
    text = [item.english(["Остап", "Марко"]) for item in judged.lines]
    assert text == ["Марко's terz 7♠ 8♠ 9♠ beats Остап's terz 7♥ 8♥ 9♥: it is in trumps",
                    "Остап: terz 7♥ 8♥ 9♥ does not count",
                    "Марко: terz 7♠ 8♠ 9♠ +20"]


def test_compare_refuses_bad_declarations() -> None:
    with pytest.raises(Rejected) as caught:
        terz.compare(H, [dec(0, "7S 7H 7D 7C")])
    assert [(v.code, v.field) for v in caught.value.violations] == [("not_a_combination", "declarations[0].cards")]


# ---------------------------------------------------------------- rounding


@pytest.mark.parametrize(("total", "rule", "expected"), [
    # Seed 000: "якщо сума очок закінчується на 135, то округлюють до 130"; RULES.md: 137 → 140
    pytest.param(135, "nearest_10_five_down", 130, id="nearest-135-to-130"),
    pytest.param(137, "nearest_10_five_down", 140, id="nearest-137-to-140"),
    pytest.param(136, "nearest_10_five_down", 140, id="nearest-136-to-140"),
    pytest.param(134, "nearest_10_five_down", 130, id="nearest-134-to-130"),
    pytest.param(130, "nearest_10_five_down", 130, id="nearest-130-stays"),
    pytest.param(165, "nearest_10_five_down", 160, id="nearest-165-to-160"),
    pytest.param(-135, "nearest_10_five_down", -140, id="nearest-minus-135-goes-down"),
    pytest.param(-133, "nearest_10_five_down", -130, id="nearest-minus-133-to-minus-130"),
    pytest.param(137, "floor_10", 130, id="floor-137-to-130"),
    pytest.param(139, "floor_10", 130, id="floor-139-to-130"),
    pytest.param(-131, "floor_10", -140, id="floor-minus-131-to-minus-140"),
    pytest.param(137, "none", 137, id="none-137-stays"),
])
def test_round_total(total: int, rule: str, expected: int) -> None:
    assert terz.round_total(total, rule) == expected


@pytest.mark.parametrize(("rounding", "totals"), [
    # 47 → 50 (7 up), 103 → 100 (3 down)
    pytest.param("nearest_10_five_down", (50, 100), id="nearest"),
    pytest.param("floor_10", (40, 100), id="floor"),
    pytest.param("none", (47, 103), id="none"),
])
def test_rounding_option_on_a_deal(rounding: str, totals: tuple[int, int]) -> None:
    assert sheet(play((47, 103)), options=Options(rounding=rounding)).state.totals == totals


# ---------------------------------------------------------------- deals


@pytest.mark.parametrize(("entries", "totals"), [
    # Seed 000 (public case): 40 + 95 = 135 → 130; 110 + 55 = 165 → 160 — the running total is rounded
    pytest.param([play((40, 110)), play((95, 55))], (130, 160), id="seed-135-to-130"),
    # API.md's example: Остап 108 + marriage 20 = 128 → 130; Марко 42 + four jacks 200 = 242 → 240
    pytest.param([play((108, 42), H, dec(0, "7H 8H 9H"), dec(1, "JS JH JD JC"), dec(0, "KH QH"))], (130, 240),
                 id="declarations-then-rounding"),
    # 62 → 60; 88 + 20 = 108 → 110
    pytest.param([play((62, 88), S, dec(1, "9D 10D JD"))], (60, 110), id="terz-alone"),
])
def test_a_deal_scores(entries: list[Play], totals: tuple[int, int]) -> None:
    result = sheet(*entries)
    assert result.errors == []
    assert result.state.totals == totals


def test_play_result_and_marks() -> None:
    result = sheet(play((108, 42), H, dec(0, "7H 8H 9H"), dec(1, "JS JH JD JC"), dec(0, "KH QH"), last_trick=0))
    row = result.rows[0]
    assert row.outcome.deltas == (130, 240)
    assert row.outcome.marks == (("last_trick", "marriage"), ("declaration",))
    assert row.outcome.result["points"] == [108, 42]
    assert row.outcome.result["declarations"] == [
        {"player": 0, "cards": ["7H", "8H", "9H"], "kind": "terz", "value": 20, "counts": False},
        {"player": 1, "cards": ["JS", "JH", "JD", "JC"], "kind": "four_jacks", "value": 200, "counts": True},
        {"player": 0, "cards": ["KH", "QH"], "kind": "marriage", "value": 20, "counts": True},
    ]
    text = [item.english(["Остап", "Марко"]) for item in row.outcome.lines]
    assert "Остап: 0 + 128 = 128, rounded to 130" in text


@pytest.mark.parametrize(("entries", "dealer"), [
    # Seed 000: "далі здає той гравець, який візьме останній хабар"
    pytest.param([play(last_trick=0)], 0, id="last-trick-seat-0-deals"),
    pytest.param([play(last_trick=1)], 1, id="last-trick-seat-1-deals"),
    pytest.param([play()], 1, id="no-last-trick-alternates"),
    pytest.param([play(), play()], 0, id="alternates-twice"),
    pytest.param([play(), FalseDeclaration(0, 20), WrongRecording(0, 10), Penalty(1, 10)], 1,
                 id="penalties-keep-the-dealer"),
])
def test_next_dealer(entries: list[Any], dealer: int) -> None:
    assert sheet(*entries, first_dealer=0).state.dealer == dealer


# ---------------------------------------------------------------- penalties


@pytest.mark.parametrize(("entries", "totals", "mountain", "winner"), [
    # Seed 000: "записується "сто в гору"" — the total stands, the mountain grows
    pytest.param([play((70, 80)), FalseDeclaration(0, 100)], (70, 80), (100, 0), None, id="false-declaration"),
    pytest.param([FalseDeclaration(1, 20), FalseDeclaration(1, 50)], (0, 0), (0, 70), None,
                 id="mountain-adds-up"),
    # "сума приписаних очок списується, а суперник приплюсовує її": 70 − 30 = 40, 80 + 30 = 110
    pytest.param([play((70, 80)), WrongRecording(0, 30)], (40, 110), (0, 0), None, id="wrong-recording"),
    # Settled: the running total is rounded after a penalty too: 70 − 25 = 45 → 40, 80 + 25 = 105 → 100
    pytest.param([play((70, 80)), WrongRecording(0, 25)], (40, 100), (0, 0), None, id="wrong-recording-rounded"),
    # "взяту не в чергу карту гравець карається програшем"; "зайва карта … програв"
    pytest.param([play((70, 80)), Forfeit(1, "out_of_turn")], (70, 80), (0, 0), 0, id="forfeit-out-of-turn"),
    pytest.param([Forfeit(0, "extra_card")], (0, 0), (0, 0), 1, id="forfeit-extra-card"),
    # the generic penalty: 70 − 100 = −30
    pytest.param([play((70, 80)), Penalty(0, -100, "revoke")], (-30, 80), (0, 0), None, id="penalty"),
    # 80 − 35 = 45 → 40
    pytest.param([play((70, 80)), Penalty(1, -35)], (70, 40), (0, 0), None, id="penalty-rounded"),
])
def test_penalties(entries: list[Any], totals: tuple[int, int], mountain: tuple[int, int],
                   winner: int | None) -> None:
    state = sheet(*entries).state
    assert (state.totals, state.mountain, state.winner) == (totals, mountain, winner)
    assert state.finished is (winner is not None)


def test_false_declaration_state() -> None:
    state = sheet(play((70, 80)), FalseDeclaration(0, 100)).state
    # "до закінчення партії йому потрібно набрати на 100 очок більше": 501 + 100 = 601
    assert terz.dump_state(state) == {"mountain": [100, 0], "needs": [601, 501], "dealer": 1, "target": 501,
                                      "totals": [70, 80], "winner": None, "options": terz.dump_options(Options())}


# ---------------------------------------------------------------- the winner


@pytest.mark.parametrize(("entries", "options", "totals", "winner"), [
    # 480 + 30 = 510 ≥ 501
    pytest.param([Penalty(0, 480), play((30, 120))], Options(), (510, 120), 0, id="reaches-501"),
    # rounding none: 431 + 70 = 501 exactly
    pytest.param([Penalty(0, 431), play((70, 80))], Options(rounding="none"), (501, 80), 0, id="exactly-501"),
    pytest.param([Penalty(0, 480)], Options(), (480, 0), None, id="not-yet"),
    # Seed 000 "сто в гору": 560 − 100 = 460 < 501, then 560 + 50 = 610 − 100 = 510 ≥ 501
    pytest.param([FalseDeclaration(0, 100), Penalty(0, 560)], Options(), (560, 0), None, id="mountain-holds-back"),
    pytest.param([FalseDeclaration(0, 100), Penalty(0, 560), play((50, 100))], Options(), (610, 100), 0,
                 id="mountain-then-wins"),
    # both over in one deal: 480 + 70 = 550 against 450 + 80 = 530 → the higher
    pytest.param([Penalty(0, 480), Penalty(1, 450), play((70, 80))], Options(), (550, 530), 0,
                 id="both-over-the-higher-wins"),
    # both 550: play on; then 550 + 80 = 630 against 550 + 70 = 620
    pytest.param([Penalty(0, 480), Penalty(1, 470), play((70, 80))], Options(), (550, 550), None,
                 id="both-equal-play-on"),
    pytest.param([Penalty(0, 480), Penalty(1, 470), play((70, 80)), play((80, 70))], Options(), (630, 620), 0,
                 id="after-a-tie-the-next-deal-decides"),
    # 550 − 100 = 450 < 501; 450 + 80 = 530 → Марко, though Остап's total is higher
    pytest.param([FalseDeclaration(0, 100), Penalty(0, 480), Penalty(1, 450), play((70, 80))], Options(),
                 (550, 530), 1, id="mountain-decides"),
    # both over with equal totals: 480 + 70 = 550 against 470 + 80 = 550 − 20 = 530 → Остап
    pytest.param([FalseDeclaration(1, 20), Penalty(0, 480), Penalty(1, 470), play((70, 80))], Options(),
                 (550, 550), 0, id="both-over-net-compared"),
    # 480 + 60 = 540 against 470 + 90 = 560 − 20 = 540: equal after the mountain → play on
    pytest.param([FalseDeclaration(1, 20), Penalty(0, 480), Penalty(1, 470), play((60, 90))], Options(),
                 (540, 560), None, id="equal-after-the-mountain-play-on"),
    # a wrong recording can decide the match: 480 + 30 = 510
    pytest.param([Penalty(0, 480), WrongRecording(1, 30)], Options(), (510, -30), 0, id="wrong-recording-wins"),
    pytest.param([Penalty(0, 480), play((30, 120))], Options(target=1001), (510, 120), None, id="target-option"),
])
def test_winner(entries: list[Any], options: Options, totals: tuple[int, int], winner: int | None) -> None:
    state = sheet(*entries, options=options).state
    assert (state.totals, state.winner) == (totals, winner)


def test_no_entry_after_the_winner() -> None:
    result = sheet(Forfeit(0, "out_of_turn"), play())
    assert [v.code for v in result.violations] == ["match_finished"]
    assert len(result.rows) == 1


# ---------------------------------------------------------------- a golden replay


def test_golden_replay() -> None:
    """A match played to the end, worked by hand row by row (first dealer Остап, seat 0)."""
    result = sheet(
        # Марко's terz alone: 62 → 60; 88 + 20 = 108 → 110
        play((62, 88), S, dec(1, "9D 10D JD"), last_trick=1),
        # fifty 50 beats terz 20; Остап also has the marriage: 60 + 97 + 50 + 20 = 227 → 230;
        # 110 + 53 = 163 → 160
        play((97, 53), H, dec(0, "10C JC QC KC"), dec(1, "7H 8H 9H"), dec(0, "KH QH"), last_trick=0),
        # a false terz: 20 up Марко's mountain, he needs 521
        FalseDeclaration(1, 20),
        # hundred of 5 beats four aces on cards: 230 + 45 + 100 = 375 → 370; 160 + 105 = 265 → 260
        play((45, 105), D, dec(1, "AS AH AD AC"), dec(0, "7S 8S 9S 10S JS")),
        # 370 − 30 = 340; 260 + 30 = 290
        WrongRecording(0, 30),
        # four kings 100 beat fifty 50; Марко's terz shares K♣ with the four, the marriage overlaps:
        # 340 + 81 = 421 → 420; 290 + 69 + 100 + 20 + 20 = 499 → 500, less 20 on the mountain = 480
        play((81, 69), C, dec(1, "KS KH KD KC"), dec(1, "JC QC KC"), dec(1, "KC QC"), dec(0, "7D 8D 9D 10D"),
             last_trick=1),
        # 420 + 100 = 520; 500 + 50 = 550 − 20 = 530: both over, Марко higher
        play((100, 50), H, last_trick=0),
        play(),  # refused: the match is over
    )
    assert [row.outcome.deltas for row in result.rows] == [
        (60, 110), (170, 50), (0, 0), (140, 100), (-30, 30), (80, 210), (100, 50)]
    assert [row.totals for row in result.rows] == [
        (60, 110), (230, 160), (230, 160), (370, 260), (340, 290), (420, 500), (520, 550)]
    assert [row.dealer for row in result.rows] == [0, 1, 0, 0, 1, 1, 1]
    assert [row.kind for row in result.rows] == [
        "play", "play", "false_declaration", "play", "wrong_recording", "play", "play"]
    assert result.state.mountain == (0, 20)
    assert result.state.winner == 1
    assert [v.code for v in result.violations] == ["match_finished"]
    assert result.rows[-1].outcome.marks[1] == ("winner",)


# ---------------------------------------------------------------- entries: parse, dump, validation codes


PLAY = {"type": "play", "trump": "H", "points": [108, 42], "last_trick": 0, "declarations": [
    {"player": 0, "cards": ["7H", "8H", "9H"]}, {"player": 1, "cards": ["JS", "JH", "JD", "JC"]},
    {"player": 0, "cards": ["KH", "QH"]}]}


def with_declarations(*declarations: tuple[int, list[str]], trump: str = "H",
                      points: list[int] | None = None) -> dict[str, Any]:
    return {"type": "play", "trump": trump, "points": points or [75, 75],
            "declarations": [{"player": p, "cards": c} for p, c in declarations]}


@pytest.mark.parametrize("raw", [
    PLAY,
    {"type": "play", "trump": "S", "points": [70, 80], "declarations": []},
    {"type": "false_declaration", "player": 0, "points": 100},
    {"type": "wrong_recording", "player": 1, "points": 30},
    {"type": "forfeit", "player": 1, "reason": "out_of_turn"},
    {"type": "penalty", "player": 0, "points": -50, "reason": "revoke"},
])
def test_canonical_entries_round_trip(raw: dict[str, Any]) -> None:
    assert terz.dump_entry(terz.parse_entry(raw, 2)) == raw


def test_entry_spellings_become_canonical() -> None:
    raw = {"type": "play", "trump": "♥️", "points": [75, 75],
           "declarations": [{"player": 0, "cards": ["Д♥", "к♥"]}]}
    assert terz.dump_entry(terz.parse_entry(raw, 2)) == {
        "type": "play", "trump": "H", "points": [75, 75], "declarations": [{"player": 0, "cards": ["QH", "KH"]}]}
    # no declarations field at all: none were made
    assert terz.parse_entry({"type": "play", "trump": "H", "points": [75, 75]}, 2).declarations == ()


@pytest.mark.parametrize(("raw", "expected"), [
    pytest.param(PLAY, [], id="api-example-accepted"),
    # Seed 000: "Загальна кількість очок 150"
    pytest.param(with_declarations(points=[70, 70]), ["points_total"], id="points-total"),
    # RULES.md: "a sum other than 150, or one seat above 150, is points_total" (as 1000 answers)
    pytest.param(with_declarations(points=[70, 151]), ["points_total"], id="points-over-150"),
    pytest.param(with_declarations(points=[151, 0]), ["points_total"], id="points-151-and-0"),
    pytest.param(with_declarations(points=[160, -10]), ["points_total", "points_total"], id="points-out-of-0-to-150"),
    pytest.param(with_declarations(points=[75, "75"]), ["bad_type"], id="points-as-text"),
    pytest.param(with_declarations((0, ["7S", "7H", "7D", "7C"])), ["not_a_combination"], id="four-sevens"),
    pytest.param(with_declarations((0, ["7S", "8S", "10S"])), ["not_a_combination"], id="gap"),
    pytest.param(with_declarations((1, ["KS", "QS"])), ["marriage_not_trump"], id="marriage-not-trump"),
    # RULES.md: "No card may be declared by both players"
    pytest.param(with_declarations((0, ["7S", "8S", "9S"]), (1, ["9S", "10S", "JS"])), ["card_declared_twice"],
                 id="card-declared-by-both"),
    pytest.param(with_declarations((0, ["KH", "QH"]), (1, ["QH", "KH"])), ["card_declared_twice"] * 2,
                 id="marriage-declared-by-both"),
    pytest.param(with_declarations((0, ["7S", "7S", "8S"])), ["card_twice"], id="card-twice-in-one"),
    pytest.param(with_declarations((0, ["7S", "8S", "9S"]), (0, ["9S", "10S", "JS"])), ["card_twice"],
                 id="two-sequences-share-a-card"),
    pytest.param(with_declarations((0, ["KH", "QH"]), (0, ["QH", "KH"])), ["card_twice"], id="marriage-twice"),
    # Seed 000: "одна карта з послідовної комбінації входить в комбінацію гідно"; "Мар'яж входить в
    # будь-які комбінації"
    pytest.param(with_declarations((0, ["JH", "QH", "KH"]), (0, ["KS", "KH", "KD", "KC"]), (0, ["KH", "QH"])), [],
                 id="sequence-four-and-marriage-overlap"),
    pytest.param(with_declarations((0, ["6S", "7S", "8S"])), ["bad_card"], id="six-not-in-deck"),
    pytest.param(with_declarations((0, ["2S"])), ["bad_card"], id="two-not-in-deck"),
    pytest.param(with_declarations((0, ["TS", "JS", "QS"])), ["bad_card"], id="latin-T"),
    pytest.param(with_declarations((2, ["7S", "8S", "9S"])), ["bad_seat"], id="bad-seat"),
    pytest.param(with_declarations((0, "7S 8S 9S")), ["bad_type"], id="cards-not-a-list"),
    pytest.param({**with_declarations(), "declarations": [{"player": 0, "cards": ["7S"], "kind": "terz"}]},
                 ["unknown_field"], id="declaration-unknown-field"),
    pytest.param({**with_declarations(), "declarations": [{"cards": ["7S", "8S", "9S"]}]}, ["missing_field"],
                 id="declaration-without-player"),
    pytest.param({"type": "play", "points": [75, 75]}, ["missing_field"], id="no-trump"),
    pytest.param(with_declarations(trump="X"), ["bad_card"], id="bad-trump"),
    pytest.param({**with_declarations(), "marriages": []}, ["unknown_field"], id="unknown-field"),
    pytest.param({**with_declarations(), "last_trick": 2}, ["bad_seat"], id="bad-last-trick"),
    # RULES.md: bad_amount, "0 included": no declarations are worth 0
    pytest.param({"type": "false_declaration", "player": 0, "points": 0}, ["bad_amount"], id="false-zero"),
    pytest.param({"type": "false_declaration", "player": 0}, ["missing_field"], id="false-without-points"),
    pytest.param({"type": "wrong_recording", "player": 5, "points": 30}, ["bad_seat"], id="wrong-bad-seat"),
    pytest.param({"type": "forfeit", "player": 0, "reason": "rude"}, ["bad_type"], id="forfeit-bad-reason"),
    pytest.param({"type": "forfeit", "player": 0}, ["missing_field"], id="forfeit-without-reason"),
    pytest.param({"type": "redeal"}, ["bad_type"], id="unknown-type"),
    pytest.param({"trump": "H"}, ["missing_field"], id="no-type"),
])
def test_validation_codes(raw: dict[str, Any], expected: list[str]) -> None:
    assert codes(raw) == expected


def test_violation_fields() -> None:
    raw = with_declarations((0, ["7S", "8S", "9S"]), (1, ["9S", "10S", "JS"]), (1, ["KS", "QS"]))
    entry = terz.parse_entry(raw, 2)
    found = terz.validate(terz.initial_state(Options(), 2, 0), entry)
    assert [(v.code, v.field) for v in found] == [
        ("marriage_not_trump", "declarations[2].cards"),
        ("card_declared_twice", "declarations[1].cards[0]"),
    ]


# ---------------------------------------------------------------- the last trick's 10, a false declaration's amount


@pytest.mark.parametrize(("raw", "expected"), [
    # Seed 000: "Остання хабар - 10 очок": its taker has at least those 10
    pytest.param({"type": "play", "trump": "H", "points": [140, 10], "last_trick": 1}, [],
                 id="last-trick-exactly-10"),  # 10 = the last trick of two blank cards (7, 8) + 10
    pytest.param({"type": "play", "trump": "H", "points": [150, 0], "last_trick": 0}, [], id="last-trick-all-150"),
    pytest.param({"type": "play", "trump": "H", "points": [145, 5], "last_trick": 1}, ["last_trick_points"],
                 id="last-trick-5-under-10"),  # 5 < 10
    pytest.param({"type": "play", "trump": "H", "points": [0, 150], "last_trick": 0}, ["last_trick_points"],
                 id="last-trick-0"),
    pytest.param({"type": "play", "trump": "H", "points": [9, 141], "last_trick": 0}, ["last_trick_points"],
                 id="last-trick-9"),
    # no last_trick given: nothing to hold the points against
    pytest.param({"type": "play", "trump": "H", "points": [0, 150]}, [], id="last-trick-not-given"),
    # every problem, not just the first: 145 + 4 = 149 ≠ 150 and 4 < 10
    pytest.param({"type": "play", "trump": "H", "points": [145, 4], "last_trick": 1},
                 ["points_total", "last_trick_points"], id="last-trick-and-total"),
    # RULES.md: "a sum of 20, 50, 100, 200 — so a multiple of 10, at least 20, never 30"
    pytest.param({"type": "false_declaration", "player": 0, "points": 20}, [], id="false-terz-20"),
    pytest.param({"type": "false_declaration", "player": 0, "points": 40}, [], id="false-40-two-terzes"),  # 20 + 20
    pytest.param({"type": "false_declaration", "player": 0, "points": 50}, [], id="false-fifty-50"),
    pytest.param({"type": "false_declaration", "player": 0, "points": 70}, [], id="false-70-terz-fifty"),  # 20 + 50
    pytest.param({"type": "false_declaration", "player": 0, "points": 90}, [], id="false-90"),  # 20 + 20 + 50
    pytest.param({"type": "false_declaration", "player": 1, "points": 200}, [], id="false-four-jacks-200"),
    pytest.param({"type": "false_declaration", "player": 1, "points": 250}, [], id="false-250"),  # 200 + 50
    pytest.param({"type": "false_declaration", "player": 0, "points": 10}, ["bad_amount"], id="false-10-under-20"),
    pytest.param({"type": "false_declaration", "player": 0, "points": 30}, ["bad_amount"], id="false-30-never"),
    pytest.param({"type": "false_declaration", "player": 0, "points": 25}, ["bad_amount"], id="false-25-not-of-10"),
    pytest.param({"type": "false_declaration", "player": 0, "points": 105}, ["bad_amount"], id="false-105"),
    pytest.param({"type": "false_declaration", "player": 0, "points": 1}, ["bad_amount"], id="false-1"),
    # below 0 is no declaration's worth either (0 itself: "false-zero" above)
    pytest.param({"type": "false_declaration", "player": 0, "points": -20}, ["bad_amount"], id="false-minus-20"),
    # the rule is the false declaration's: a wrong recording moves whatever was written down
    pytest.param({"type": "wrong_recording", "player": 0, "points": 25}, [], id="wrong-recording-any-amount"),
    pytest.param({"type": "wrong_recording", "player": 0, "points": 30}, [], id="wrong-recording-30"),
])
def test_last_trick_and_false_declaration_codes(raw: dict[str, Any], expected: list[str]) -> None:
    assert codes(raw) == expected


def test_last_trick_points_names_the_seat_and_its_points() -> None:
    entry = terz.parse_entry({"type": "play", "trump": "H", "points": [145, 5], "last_trick": 1}, 2)
    (found,) = terz.validate(terz.initial_state(Options(), 2, 0), entry)
    assert (found.code, found.field) == ("last_trick_points", "points[1]")
    assert line(found.message, **found.params).english(["Остап", "Марко"]) == (
        "Марко took the last trick, worth 10 on its own, but has only 5 card points.")


def test_a_seat_given_more_than_150_is_points_total_at_its_seat() -> None:
    with pytest.raises(Rejected) as caught:
        terz.parse_entry({"type": "play", "trump": "H", "points": [151, 0]}, 2)
    (found,) = caught.value.violations
    assert (found.code, found.field, dict(found.params)) == ("points_total", "points[0]", {"value": 151, "high": 150})
    assert found.message % found.params == "151 card points: a player takes from 0 to 150."


def test_bad_amount_says_what_a_declaration_is_worth() -> None:
    entry = terz.parse_entry({"type": "false_declaration", "player": 0, "points": 30}, 2)
    (found,) = terz.validate(terz.initial_state(Options(), 2, 0), entry)
    assert (found.code, found.field, found.params) == ("bad_amount", "points", {"points": 30})
    assert found.message % found.params == (
        "30 is no declaration's worth: a sum of 20, 50, 100 and 200 (a multiple of 10, at least 20, never 30).")


def test_a_refused_entry_stops_the_replay_at_its_deal() -> None:
    """Stored entries still parse (the shape did not change); a refused one stops the sheet there."""
    raw = [{"type": "play", "trump": "H", "points": [70, 80], "last_trick": 1},
           {"type": "false_declaration", "player": 0, "points": 30}]
    result = sheet(*[terz.parse_entry(r, 2) for r in raw])
    assert [row.totals for row in result.rows] == [(70, 80)]
    assert [(v.code, v.deal) for v in result.violations] == [("bad_amount", 2)]


def declaration_sums(high: int) -> set[int]:
    """Every sum of declaration values (20, 50, 100, 200, each any number of times) up to *high*."""
    sums = {0}
    for amount in range(10, high + 1, 10):
        if any(amount - value in sums for value in (20, 50, 100, 200)):
            sums.add(amount)
    return sums - {0}


@given(st.integers(-2000, 2000))
def test_bad_amount_is_exactly_what_no_declarations_add_up_to(points: int) -> None:
    entry = FalseDeclaration(0, points)
    refused = [v.code for v in terz.validate(terz.initial_state(Options(), 2, 0), entry)] == ["bad_amount"]
    assert refused is (points not in declaration_sums(2000))


# ---------------------------------------------------------------- properties


SEQUENCE_CANDIDATES = [
    tuple(Card(rank, suit) for rank in terz.SEQUENCE[start:start + length])
    for suit in Suit for length in range(3, 9) for start in range(0, 9 - length)
]
FOUR_CANDIDATES = [tuple(Card(rank, suit) for suit in Suit) for rank in terz.FOURS]
MARRIAGE_CANDIDATES = [cards(f"K{s.value} Q{s.value}") for s in Suit]
CANDIDATES = SEQUENCE_CANDIDATES + FOUR_CANDIDATES + MARRIAGE_CANDIDATES


@st.composite
def declared(draw: st.DrawFn) -> tuple[Suit, list[Declaration]]:
    """A trump and the declarations of a deal that the rules accept, in the order announced."""
    trump = draw(st.sampled_from(list(Suit)), label="trump")
    picks = draw(st.lists(st.tuples(st.integers(0, 1), st.sampled_from(CANDIDATES)), max_size=8))
    kept: list[Declaration] = []
    for player, chosen in picks:
        trial = [*kept, Declaration(player, chosen)]
        if not terz.check_declarations(trump, trial):
            kept = trial
    return trump, kept


@given(declared())
def test_swapping_the_players_swaps_the_result(deal: tuple[Suit, list[Declaration]]) -> None:
    trump, declarations = deal
    swapped = [Declaration(1 - d.player, d.cards) for d in declarations]
    before, after = terz.compare(trump, declarations), terz.compare(trump, swapped)
    assert after.scores == before.scores[::-1]
    assert after.scorer == (None if before.scorer is None else 1 - before.scorer)
    assert after.step == before.step
    assert [d.counts for d in after.declarations] == [d.counts for d in before.declarations]


@given(declared())
def test_never_both_score_competing_combinations(deal: tuple[Suit, list[Declaration]]) -> None:
    trump, declarations = deal
    judged = terz.compare(trump, declarations)
    scoring = {d.player for d in judged.declarations if d.counts and d.kind != "marriage"}
    competing = {d.player for d in judged.declarations if d.kind != "marriage"}
    assert len(scoring) <= 1
    assert bool(scoring) == bool(competing)  # somebody always holds the best combination
    assert all(d.counts for d in judged.declarations if d.kind == "marriage")
    assert sum(judged.scores) == sum(d.value for d in judged.declarations if d.counts)


@given(st.integers(-10_000, 10_000))
def test_rounding_stays_close(total: int) -> None:
    nearest = terz.round_total(total, "nearest_10_five_down")
    assert nearest % 10 == 0 and -5 <= nearest - total <= 4
    floor = terz.round_total(total, "floor_10")
    assert floor % 10 == 0 and -9 <= floor - total <= 0


@given(st.lists(st.integers(0, 150), min_size=1, max_size=20))
def test_rounded_totals_are_multiples_of_ten(firsts: list[int]) -> None:
    result = sheet(*[play((a, 150 - a)) for a in firsts])
    assert all(total % 10 == 0 for row in result.rows for total in row.totals)
