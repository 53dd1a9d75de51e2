"""По тринадцати (Thirteens): worked cases from seed 004 and RULES.md ("thirteens"), then properties.

Every expected value is worked out by hand from the rules; the arithmetic is in the comments.
Card values for a thirteen: seed A 1, 2–10 face, J 2, Q 3, K 4; pagat J 11, Q 12, K 13.
Default points: thirteen 3, pair 1, run 1, trick 1 (no meld, no joker), joker −4, no trick −3.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.cards import Card, Joker, Rank, Suit, parse_card
from referee.games import thirteens
from referee.games.thirteens import Options, Penalty, Play, State
from referee.ledger import Rejected, Sheet, replay

S, H, D, C = Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS
CLASSIC = Options()
PAGAT = Options(pip_values="pagat")
EVERY = Options(trick_point_rule="every_trick")
DECK = [Card(rank, suit) for suit in Suit for rank in Rank] + [Joker.X1, Joker.X2]
NAMES = ["Аня", "Борис", "Вика", "Глеб", "Даша", "Егор"]


def cards(text: str) -> tuple[Card | Joker, ...]:
    return tuple(parse_card(t) for t in text.split())


def tricks(*seats: list[str]) -> tuple[tuple[tuple[Card | Joker, ...], ...], ...]:
    """Each seat's tricks, each trick written as one string: tricks(["KH QD 6S"], [], ...)."""
    return tuple(tuple(cards(trick) for trick in seat) for seat in seats)


def play(*seats: list[str], trump: Suit | None = H) -> Play:
    return Play(trump, tricks(*seats))


def state(totals: tuple[int, ...] = (0, 0, 0), options: Options = CLASSIC, dealer: int = 0) -> State:
    return dataclasses.replace(thirteens.initial_state(options, len(totals), dealer), totals=totals)


def sheet(*entries: Any, seats: int = 3, options: Options = CLASSIC, first_dealer: int = 0) -> Sheet:
    return replay(thirteens, options, seats, first_dealer, list(enumerate(entries, start=1)))


def codes(raw: dict[str, Any], seats: int = 3, cards_each: int | None = 2) -> list[str]:
    """The violation codes of a raw entry: its shape first (parse_entry), then the rules. The
    rows are short deals: unless a row says otherwise, the table deals 2 cards each (cards_each)."""
    try:
        entry = thirteens.parse_entry(raw, seats)
    except Rejected as rejected:
        return [v.code for v in rejected.violations]
    return [v.code for v in thirteens.validate(thirteens.initial_state(Options(cards_each=cards_each), seats, 0),
                                               entry)]


def dealt_as_given(options: Options, entry: Play | Penalty) -> Options:
    """The worked deals below are short: the table deals as many cards each as the deal has tricks
    (RULES.md's cards_each, for tables that deal fewer). trick_count has rows of its own."""
    if isinstance(entry, Play) and entry.tricks is not None:
        return dataclasses.replace(options, cards_each=sum(len(seat) for seat in entry.tricks))
    return options


# ---------------------------------------------------------------- options


def test_options_default_and_presets() -> None:
    assert thirteens.dump_options(thirteens.parse_options(None)) == {
        "target": 50, "pip_values": "seed", "thirteen_points": 3, "pair_points": 1, "run_points": 1,
        "trick_points": 1, "trick_point_rule": "no_meld", "joker_points": -4, "no_trick_points": -3,
        "cards_each": None}
    assert thirteens.DEFAULT_PRESET == "classic"
    assert thirteens.parse_options(None, "pagat") == PAGAT
    assert thirteens.parse_options({"thirteen_points": 5}).thirteen_points == 5
    assert thirteens.parse_options({"trick_point_rule": "every_trick"}) == EVERY
    assert thirteens.ENTRY_TYPES == ("play", "penalty")
    assert list(thirteens.SEATS) == [3, 4, 5, 6]
    assert thirteens.parse_options({"cards_each": 10}).cards_each == 10
    assert thirteens.parse_options({"cards_each": None}).cards_each is None


def test_options_frozen_before_cards_each_still_read() -> None:
    # A match stored before cards_each existed has these nine frozen options: the new one defaults.
    stored = {"target": 50, "pip_values": "pagat", "thirteen_points": 3, "pair_points": 1, "run_points": 1,
              "trick_points": 1, "trick_point_rule": "no_meld", "joker_points": -4, "no_trick_points": -3}
    assert thirteens.parse_options(stored) == Options(pip_values="pagat", cards_each=None)


@pytest.mark.parametrize(("seats", "dealt"), [
    # RULES.md: ⌊53 / players⌋, one card at least left to turn: 3 × 17 = 51, 4 × 13 = 52, 5 × 10 = 50, 6 × 8 = 48
    pytest.param(3, 17, id="3-players"), pytest.param(4, 13, id="4-players"),
    pytest.param(5, 10, id="5-players"), pytest.param(6, 8, id="6-players"),
])
def test_cards_dealt_by_default(seats: int, dealt: int) -> None:
    assert thirteens.cards_dealt(Options(), seats) == dealt
    assert thirteens.cards_dealt(Options(cards_each=5), seats) == 5  # a table that deals fewer
    assert thirteens.check_options(Options(cards_each=dealt), seats) == []


@pytest.mark.parametrize(("cards_each", "seats"), [
    pytest.param(14, 4, id="4-players-14-each"),  # 4 × 14 = 56 > 53: nothing left to turn
    pytest.param(11, 5, id="5-players-11-each"),  # 5 × 11 = 55
    pytest.param(9, 6, id="6-players-9-each"),  # 6 × 9 = 54: the last card dealt, none to turn
])
def test_cards_each_too_many_for_the_table(cards_each: int, seats: int) -> None:
    found = thirteens.check_options(Options(cards_each=cards_each), seats)
    assert [(v.code, v.field) for v in found] == [("bad_option_value", "options.cards_each")]
    assert found[0].params == {"seats": seats, "most": 53 // seats}


@pytest.mark.parametrize(("raw", "preset", "code"), [
    pytest.param({"pip_values": "face"}, None, "bad_option_value", id="unknown-pip-values"),
    pytest.param({"trick_point_rule": "always"}, None, "bad_option_value", id="unknown-trick-point-rule"),
    pytest.param({"target": "50"}, None, "bad_option_value", id="target-as-text"),
    pytest.param({"thirteen_points": 2.5}, None, "bad_option_value", id="points-not-whole"),
    pytest.param({"rounding": "none"}, None, "unknown_option", id="terz-option"),
    pytest.param({"cards_each": 0}, None, "bad_option_value", id="cards-each-0"),
    pytest.param({"cards_each": 18}, None, "bad_option_value", id="cards-each-over-17"),  # ⌊53 / 3⌋ = 17
    pytest.param({"cards_each": "10"}, None, "bad_option_value", id="cards-each-as-text"),
    pytest.param(None, "lviv", "unknown_preset", id="unknown-preset"),
])
def test_bad_options(raw: Any, preset: str | None, code: str) -> None:
    with pytest.raises(Rejected) as caught:
        thirteens.parse_options(raw, preset)
    assert [v.code for v in caught.value.violations] == [code]


# ---------------------------------------------------------------- one trick: one row per meld and option


@pytest.mark.parametrize(("trick", "options", "points", "melds"), [
    # Seed 004: "Например, К-Д-6, где Король — 4 очка, Дама — 3 очка и 6 — 6 очков": 4+3+6 = 13 → 3
    pytest.param("KH QD 6S", Options(), 3, ["thirteen"], id="seed-example-K-Q-6"),
    # 4 players: 1+2+3+7 = 13, one thirteen of four cards (A-2-3 is no run: the ace is high) → 3
    pytest.param("AS 2H 3D 7C", Options(), 3, ["thirteen"], id="thirteen-of-four-cards"),
    # 6 players: 6+7, 10+3, 9+4 — three thirteens, 3 × 3 = 9 (all 39 points used, no more possible)
    pytest.param("6S 7H 10D 3C 9S 4H", Options(), 9, ["thirteen"] * 3, id="three-thirteens"),
    # 5+5 = 10, 5+9 = 14, 5+5+9 = 19: no thirteen; 5-5 a pair → 1 (and no trick point: it has a meld)
    pytest.param("5S 5H 9C", Options(), 1, ["pair"], id="pair"),
    # three eights: one pair and a card over (8+8 = 16, no thirteen) → 1
    pytest.param("8S 8H 8D", Options(), 1, ["pair"], id="three-of-a-kind-is-one-pair"),
    # four eights: two pairs → 1 + 1 = 2
    pytest.param("8S 8H 8D 8C", Options(), 2, ["pair", "pair"], id="four-of-a-kind-is-two-pairs"),
    # 2+3 = 5, 2+4 = 6, 3+4 = 7, 2+3+4 = 9: no thirteen; 2-3-4 a run → 1
    pytest.param("2C 3C 4D", Options(), 1, ["run"], id="run-low"),
    # Q 3 + K 4 + A 1 = 8, no pair over 13: Q-K-A is a run, the ace high → 1
    pytest.param("QS KH AD", Options(), 1, ["run"], id="run-queen-king-ace"),
    # K-A-2: the ace is high only, no run; 4+1 = 5, 4+2 = 6, 1+2 = 3, 7: nothing → the trick point 1
    pytest.param("KS AH 2D", Options(), 1, [], id="no-run-round-the-ace"),
    # A-A pair 1 + 7-8-9 run 1 = 2; 1+1 = 2, 1+7 = 8, 1+1+9 = 11 — every thirteen needs 13: none
    pytest.param("AS AH 7D 8C 9S", Options(), 2, ["pair", "run"], id="pair-and-run"),
    # 6-7-8 is a run (1), but 6+7 = 13 (3) leaves 8 alone: the partition scoring most is the thirteen
    pytest.param("6C 7D 8S", Options(), 3, ["thirteen"], id="thirteen-beats-run"),
    # 5-5 pair (1) or 5+8 = 13 (3) and a lone 5: a card is in one meld only → 3
    pytest.param("5S 5H 8D", Options(), 3, ["thirteen"], id="thirteen-beats-pair"),
    # 5S+8D and 5H+8C: two thirteens, 3 + 3 = 6, against two pairs 1 + 1 = 2
    pytest.param("5S 5H 8D 8C", Options(), 6, ["thirteen", "thirteen"], id="two-thirteens-beat-two-pairs"),
    # 6+7 = 13 (3), the other 7 with 8 and 9 a run (1) → 4; the pair 7-7 would leave 6 8 9 bare (1)
    pytest.param("7S 7H 8D 9C 6S", Options(), 4, ["thirteen", "run"], id="thirteen-and-run"),
    # 2+5 = 7, 2+9 = 11, 5+9 = 14, 2+5+9 = 16: no meld, no joker → the trick point 1
    pytest.param("2S 5H 9D", Options(), 1, [], id="plain-trick"),
    # a joker is in no meld and kills the trick point: 0 − 4 = −4
    pytest.param("X1 2S 5H", Options(), -4, [], id="joker-alone"),
    # a joker beside a thirteen: 3 − 4 = −1
    pytest.param("X1 KH QD 6S", Options(), -1, ["thirteen"], id="joker-and-thirteen"),
    # both jokers: 2 × −4 = −8
    pytest.param("X1 X2 2S 5H", Options(), -8, [], id="two-jokers"),
    # pagat: a lone king is 13 → 3; 2+5 = 7 → 3. Seed values: 4+2, 4+5, 2+5, 4+2+5 = 11 → the trick point 1
    pytest.param("KS 2H 5D", PAGAT, 3, ["thirteen"], id="pagat-lone-king"),
    pytest.param("KS 2H 5D", Options(), 1, [], id="seed-king-is-4"),
    # pagat: K and K are two thirteens, 3 + 3 = 6, beating the pair (1). Seed: 4+4+2 = 10 → the pair 1
    pytest.param("KS KH 2D", PAGAT, 6, ["thirteen", "thirteen"], id="pagat-two-kings"),
    pytest.param("KS KH 2D", Options(), 1, ["pair"], id="seed-two-kings-a-pair"),
    # pagat: Q 12 + A 1 = 13 → 3. Seed: 3+1 = 4, 3+5 = 8, 1+5 = 6, 3+1+5 = 9 → the trick point 1
    pytest.param("QS AH 5D", PAGAT, 3, ["thirteen"], id="pagat-queen-ace"),
    pytest.param("QS AH 5D", Options(), 1, [], id="seed-queen-ace-no-thirteen"),
    # pagat, the seed's example: K 13 alone (3); Q 12 + 6 = 18, nothing else → 3
    pytest.param("KH QD 6S", PAGAT, 3, ["thirteen"], id="pagat-seed-example-king-alone"),
    # each points option on its own
    pytest.param("KH QD 6S", Options(thirteen_points=5), 5, ["thirteen"], id="thirteen-points-5"),
    pytest.param("5S 5H 9C", Options(pair_points=2), 2, ["pair"], id="pair-points-2"),
    pytest.param("2C 3C 4D", Options(run_points=3), 3, ["run"], id="run-points-3"),
    pytest.param("2S 5H 9D", Options(trick_points=2), 2, [], id="trick-points-2"),
    pytest.param("X1 2S 5H", Options(joker_points=-10), -10, [], id="joker-points-minus-10"),
    # every_trick: the trick point comes on top of melds and jokers
    pytest.param("KH QD 6S", EVERY, 4, ["thirteen"], id="every-trick-with-thirteen"),  # 3 + 1
    pytest.param("2S 5H 9D", EVERY, 1, [], id="every-trick-plain"),
    pytest.param("X1 2S 5H", EVERY, -3, [], id="every-trick-with-joker"),  # 1 − 4
    # a pair worth 0 under no_meld: claiming no meld keeps the trick point (1 > 0)
    pytest.param("5S 5H 9C", Options(pair_points=0), 1, [], id="worthless-pair-left-unclaimed"),
])
def test_score_trick(trick: str, options: Options, points: int, melds: list[str]) -> None:
    scored = thirteens.score_trick(cards(trick), options)
    assert scored.points == points
    assert sorted(m.kind for m in scored.melds) == sorted(melds)


def test_score_trick_names_the_cards() -> None:
    scored = thirteens.score_trick(["7S", "7H", "8D", "9C", "6S"])  # text is accepted too
    assert [(m.kind, " ".join(c.code for c in m.cards), m.points) for m in scored.melds] == [
        ("thirteen", "7S 6S", 3), ("run", "7H 8D 9C", 1)]  # as they lie in the trick; a run low to high
    assert (scored.trick_point, scored.jokers, scored.joker_points) == (0, 0, 0)


def test_score_trick_does_not_depend_on_order() -> None:
    def chosen(text: str) -> list[tuple[str, frozenset[Card | Joker]]]:
        return sorted((m.kind, frozenset(m.cards)) for m in thirteens.score_trick(cards(text)).melds)

    assert chosen("6S KH QD") == chosen("QD 6S KH") == [("thirteen", frozenset(cards("KH QD 6S")))]
    # 7+6 = 13 and a run: whichever 7 the thirteen takes, the same points and kinds
    assert chosen("7S 7H 8D 9C 6S") == chosen("6S 9C 8D 7H 7S")


# ---------------------------------------------------------------- who takes a trick


@pytest.mark.parametrize(("played", "trump", "winner"), [
    # Seed 004: "самую старшую карту в масти карты первого хода"
    pytest.param("5S AS 2S", H, 1, id="highest-of-the-led-suit"),
    pytest.param("10S 9S 4S", H, 0, id="ten-over-nine"),
    pytest.param("5S AD KC", H, 0, id="off-suit-never-takes"),
    # "или кто положит единственного козыря, или кто положит старшего козыря"
    pytest.param("5S 2H AS", H, 1, id="lone-trump"),
    pytest.param("5S 2H 10H", H, 2, id="highest-trump"),
    pytest.param("5S AH 2S", None, 0, id="no-trumps-turned-joker"),  # AH is no trump: 5S leads and holds
    # "Если кто-либо из игроков кладет Джокера, то все козыря во взятке аннулируются"
    pytest.param("5S 2H X1 AS", H, 3, id="joker-cancels-trumps"),
    pytest.param("3S X2 KH 5S", H, 3, id="joker-cancels-the-only-trump"),
    # a joker led: the first card that is not a joker sets the suit (the seed is silent)
    pytest.param("X1 5D AH KD", H, 3, id="joker-led-next-card-sets-suit"),
    pytest.param("X1 X2 5D", None, 2, id="both-jokers-then-a-card"),
])
def test_trick_winner(played: str, trump: Suit | None, winner: int) -> None:
    assert thirteens.trick_winner(cards(played), trump) == winner


@pytest.mark.parametrize("played", [pytest.param("", id="empty"), pytest.param("X1 X2", id="only-jokers")])
def test_trick_winner_refuses(played: str) -> None:
    with pytest.raises(ValueError):
        thirteens.trick_winner(cards(played), H)


# ---------------------------------------------------------------- whole deals


@pytest.mark.parametrize(("entry", "options", "deltas"), [
    # seat 0: K-Q-6 thirteen 3, then 2-5-9 plain (7, 11, 14, 16) 1 → 4
    # seat 1: 8-8 pair 1, joker −4 → −3; seat 2: no trick → −3
    pytest.param(play(["KH QD 6S", "2C 5H 9D"], ["8S 8H X1"], []), Options(), (4, -3, -3), id="deal"),
    # every_trick: seat 0 (3 + 1) + (0 + 1) = 5; seat 1 1 + 1 − 4 = −2; seat 2 −3
    pytest.param(play(["KH QD 6S", "2C 5H 9D"], ["8S 8H X1"], []), EVERY, (5, -2, -3), id="deal-every-trick"),
    pytest.param(play(["KH QD 6S", "2C 5H 9D"], ["8S 8H X1"], []), Options(no_trick_points=0), (4, -3, 0),
                 id="no-trick-points-0"),
    pytest.param(play(["KH QD 6S", "2C 5H 9D"], ["8S 8H X1"], []), Options(joker_points=0), (4, 1, -3),
                 id="joker-points-0"),  # seat 1: pair 1, the joker 0, still no trick point
    # pagat: seat 0 K alone 13 (3; Q 12 + 6 = 18) + plain 2-5-9 (1) = 4; seat 1 K and K two
    # thirteens 3 + 3 = 6 (the 4 bare); seat 2 1+2+10 = 13 → 3
    pytest.param(play(["KH QD 6S", "2C 5H 9D"], ["KS KC 4D"], ["AS 2S 10S"]), PAGAT, (4, 6, 3), id="pagat-deal"),
    # a joker turned: no trumps, the scoring is the same
    pytest.param(play(["KH QD 6S"], ["2C 3C 4D"], ["5S 5H 9C"], trump=None), Options(), (3, 1, 1),
                 id="no-trumps"),
    # hand-counted: the points as given, trump optional
    pytest.param(Play(None, None, (10, -3, 2)), Options(), (10, -3, 2), id="counted-by-hand"),
    pytest.param(Penalty(1, -5, "revoke"), Options(), (0, -5, 0), id="penalty"),
])
def test_a_deal_scores(entry: Play | Penalty, options: Options, deltas: tuple[int, ...]) -> None:
    before = state(options=dealt_as_given(options, entry))
    assert thirteens.validate(before, entry) == []
    assert thirteens.apply(before, entry)[1].deltas == deltas


def test_the_explanation_names_the_melds() -> None:
    entry = play(["KH QD 6S", "5S 5H X1"], ["2C 3C 4D"], [])
    _after, outcome = thirteens.apply(state(), entry)
    assert [item.english(NAMES) for item in outcome.lines] == [
        "Trumps: ♥",
        "Аня: trick K♥ Q♦ 6♠ — thirteen (4+3+6) 3",
        "Аня: trick 5♠ 5♥ X1 — pair 5♠ 5♥ 1, joker -4",
        "Аня: 0 + 0 = 0",  # 3 + (1 − 4)
        "Борис: trick 2♣ 3♣ 4♦ — run 2♣ 3♣ 4♦ 1",
        "Борис: 0 + 1 = 1",
        "Вика took no trick: -3",
        "Вика: 0 − 3 = -3",
    ]
    assert outcome.marks == (("joker",), (), ("no_trick",))
    assert outcome.result["scores"] == [0, 1, -3]
    assert outcome.result["no_trick"] == [2]
    assert outcome.result["tricks"][0][0] == {
        "cards": ["KH", "QD", "6S"], "melds": [{"kind": "thirteen", "cards": ["KH", "QD", "6S"], "points": 3}],
        "trick_point": 0, "jokers": 0, "points": 3}


def test_plain_trick_and_every_trick_lines() -> None:
    _after, outcome = thirteens.apply(state(options=EVERY), play(["2S 5H 9D", "KH QD 6S"], ["X1 3C 4D"], []))
    text = [item.english(NAMES) for item in outcome.lines]
    assert "Аня: trick 2♠ 5♥ 9♦ — trick 1" in text
    assert "Аня: trick K♥ Q♦ 6♠ — thirteen (4+3+6) 3, trick 1" in text
    assert "Борис: trick X1 3♣ 4♦ — trick 1, joker -4" in text


@pytest.mark.parametrize(("totals", "points", "winner", "expected"), [
    # 48 + 4 = 52 ≥ 50: seat 0 wins
    pytest.param((48, 10, 20), (4, 0, 0), 0, (52, 10, 20), id="first-to-target"),
    # exactly 50 is enough: "50 или более"
    pytest.param((47, 10, 20), (3, 0, 0), 0, (50, 10, 20), id="exactly-the-target"),
    # 48 + 5 = 53 and 49 + 3 = 52 both reach 50: the higher, seat 0
    pytest.param((48, 49, 0), (5, 3, 0), 0, (53, 52, 0), id="several-highest-wins"),
    # 48 + 4 = 52 and 49 + 3 = 52: tie → play on
    pytest.param((48, 49, 0), (4, 3, 0), None, (52, 52, 0), id="tie-plays-on"),
    # 49 − 3 = 46: nobody
    pytest.param((49, 0, 0), (-3, 0, 0), None, (46, 0, 0), id="nobody-yet"),
])
def test_winner(totals: tuple[int, ...], points: tuple[int, ...], winner: int | None,
                expected: tuple[int, ...]) -> None:
    after, outcome = thirteens.apply(state(totals), Play(None, None, points))
    assert (after.totals, after.winner, after.finished) == (expected, winner, winner is not None)
    if winner is not None:
        assert "winner" in outcome.marks[winner]


def test_tie_is_explained() -> None:
    _after, outcome = thirteens.apply(state((48, 49, 0)), Play(None, None, (4, 3, 0)))
    assert outcome.lines[-1].english(NAMES) == "Аня, Борис reach 50 with 52 each: play on"


def test_a_penalty_can_win_and_does_not_move_the_dealer() -> None:
    after, outcome = thirteens.apply(state((45, 0, 0), dealer=1), Penalty(0, 5, "agreed"))
    assert (after.totals, after.winner, after.dealer) == ((50, 0, 0), 0, 1)  # 45 + 5 = 50
    assert outcome.marks[0] == ("penalty", "winner")


def test_replay_rotates_the_dealer_and_stops_at_the_winner() -> None:
    counted = Play(None, None, (20, 5, 0))
    result = sheet(counted, Penalty(1, -2), counted, counted, counted, first_dealer=2)
    # dealers: 2 deals, the penalty keeps 0, then 0, 1; after the third play seat 0 has 60 ≥ 50
    assert [row.dealer for row in result.rows] == [2, 0, 0, 1]
    assert [row.totals for row in result.rows] == [(20, 5, 0), (20, 3, 0), (40, 8, 0), (60, 13, 0)]
    assert result.state.winner == 0 and result.state.finished
    assert [(v.code, v.deal) for v in result.violations] == [("match_finished", 5)]


def test_dump_state() -> None:
    assert thirteens.dump_state(state(dealer=2)) == {"dealer": 2, "target": 50, "totals": [0, 0, 0], "winner": None,
                                                     "options": thirteens.dump_options(CLASSIC)}


# ---------------------------------------------------------------- entries: parse, dump, refuse

GOOD = {"type": "play", "trump": "H", "tricks": [[["KH", "QD", "6S"]], [["2C", "3C", "4D"]], []]}


def test_parse_and_dump_are_canonical() -> None:
    raw = {"type": "play", "trump": "♥", "tricks": [[["К♥", "д♦", "6s"]], [["x1", "10♥️", "Т♣"]], []]}
    entry = thirteens.parse_entry(raw, 3)
    assert entry == Play(H, tricks(["KH QD 6S"], ["X1 10H AC"], []))
    dumped = thirteens.dump_entry(entry)
    assert dumped == {"type": "play", "trump": "H", "tricks": [[["KH", "QD", "6S"]], [["X1", "10H", "AC"]], []]}
    assert thirteens.parse_entry(dumped, 3) == entry


@pytest.mark.parametrize("raw", [
    pytest.param({"type": "play", "trump": None, "tricks": [[], [], []]}, id="no-trumps"),
    pytest.param({"type": "play", "points": [1, 2, 3]}, id="counted-no-trump"),
    pytest.param({"type": "play", "trump": "S", "points": [1, 2, 3]}, id="counted-with-trump"),
    pytest.param({"type": "penalty", "player": 2, "points": -10, "reason": "revoke"}, id="penalty"),
])
def test_round_trip(raw: dict[str, Any]) -> None:
    entry = thirteens.parse_entry(raw, 3)
    assert thirteens.dump_entry(entry) == raw
    assert thirteens.parse_entry(thirteens.dump_entry(entry), 3) == entry


ALL_54 = [card.code for card in DECK]
OVERFULL = [ALL_54[i:i + 3] for i in range(0, 54, 3)] + [["2S", "3S", "4S"]]  # 19 tricks, 57 cards


@pytest.mark.parametrize(("raw", "expected"), [
    pytest.param(GOOD, [], id="good"),
    pytest.param({**GOOD, "trump": None}, [], id="good-no-trumps"),
    pytest.param({"type": "play", "points": [3, -3, 0]}, [], id="good-counted"),  # no cards: no tricks to count
    # card_twice: KH in seat 0's trick and again in seat 1's
    pytest.param({**GOOD, "tricks": [[["KH", "QD", "6S"]], [["KH", "3C", "4D"]], []]}, ["card_twice"],
                 id="card-twice-across-seats"),
    pytest.param({**GOOD, "tricks": [[["2C", "X1", "4D"]], [["X1", "3C", "5D"]], []]},
                 ["card_twice"], id="joker-twice"),
    pytest.param({**GOOD, "tricks": [[["KH", "K♥", "6S"]], [["2C", "3C", "4D"]], []]}, ["card_twice"],
                 id="twice-in-two-spellings"),
    # trick_size: one card per player, three here
    pytest.param({**GOOD, "tricks": [[["KH", "QD"]], [["2C", "3C", "4D"]], []]}, ["trick_size"], id="short-trick"),
    pytest.param({**GOOD, "tricks": [[["KH", "QD", "6S", "7S"]], [["2C", "3C", "4D"]], []]}, ["trick_size"],
                 id="long-trick"),
    pytest.param({**GOOD, "tricks": [[[]], [["2C", "3C", "4D"]], []]}, ["trick_size"], id="empty-trick"),
    # every problem, not just the first: a short trick and a card twice
    pytest.param({**GOOD, "tricks": [[["KH", "QD"]], [["KH", "3C", "4D"]], []]}, ["trick_size", "card_twice"],
                 id="two-problems"),
    # 19 tricks of 3 = 57 cards > 54; the last trick repeats 2S 3S 4S. 19 tricks, not the 2 dealt.
    pytest.param({**GOOD, "tricks": [OVERFULL, [], []]}, ["card_twice"] * 3 + ["trick_count", "too_many_cards"],
                 id="too-many-cards"),
    # trick_count: 2 cards dealt each, so 2 tricks of one card per player
    pytest.param({**GOOD, "tricks": [[["KH", "QD", "6S"]], [], []]}, ["trick_count"], id="a-trick-short"),
    pytest.param({**GOOD, "tricks": [[["KH", "QD", "6S"]], [["2C", "3C", "4D"]], [["5S", "5H", "9C"]]]},
                 ["trick_count"], id="a-trick-over"),
    pytest.param({**GOOD, "tricks": [[], [], []]}, ["trick_count"], id="no-trick-at-all"),
    # joker_turned: a turned joker (trump null) lies with the undealt cards, so one joker at most
    pytest.param({"type": "play", "trump": None, "tricks": [[["X1", "2C", "AD"]], [["X2", "3C", "5D"]], []]},
                 ["joker_turned"], id="joker-turned-both-in-the-tricks"),
    pytest.param({"type": "play", "trump": None, "tricks": [[["X1", "X2", "AD"], ["7C", "3C", "5D"]], [], []]},
                 ["joker_turned"], id="joker-turned-both-in-one-trick"),
    pytest.param({"type": "play", "trump": None, "tricks": [[["X2", "2C", "AD"]], [["7C", "3C", "5D"]], []]},
                 [], id="joker-turned-the-other-one-played"),
    pytest.param({"type": "play", "trump": "H", "tricks": [[["X1", "2C", "AD"]], [["X2", "3C", "5D"]], []]},
                 [], id="trumps-turned-both-jokers-played"),
    pytest.param({"type": "play", "trump": None, "tricks": [[["X1", "2C", "AD"]], [["X1", "3C", "5D"]], []]},
                 ["card_twice"], id="joker-turned-the-same-joker-twice"),
    # bad_card
    pytest.param({**GOOD, "tricks": [[["KH", "1H", "6S"]], [["ZZ", "3C", "4D"]], []]}, ["bad_card", "bad_card"],
                 id="bad-cards"),
    pytest.param({**GOOD, "tricks": [[["KH", "X3", "6S"]], [], []]}, ["bad_card"], id="no-third-joker"),
    pytest.param({**GOOD, "trump": "X1"}, ["bad_card"], id="trump-is-a-suit-or-null"),
    # shape
    pytest.param({"type": "play", "tricks": GOOD["tricks"]}, ["missing_field"], id="trump-missing-with-tricks"),
    pytest.param({"type": "play", "trump": "H"}, ["missing_field"], id="neither-tricks-nor-points"),
    pytest.param({**GOOD, "points": [1, 2, 3]}, ["bad_type"], id="both-tricks-and-points"),
    pytest.param({**GOOD, "tricks": [[["KH", "QD", "6S"]], []]}, ["bad_type"], id="tricks-for-two-seats"),
    pytest.param({**GOOD, "tricks": [["KH QD 6S"], [], []]}, ["bad_type"], id="trick-not-a-list"),
    pytest.param({**GOOD, "tricks": [{"0": []}, [], []]}, ["bad_type"], id="seat-not-a-list"),
    pytest.param({**GOOD, "tricks": [[["KH", "QD", 6]], [], []]}, ["bad_card"], id="card-not-text"),
    pytest.param({"type": "play", "points": [1, 2]}, ["bad_type"], id="points-for-two-seats"),
    pytest.param({"type": "play", "points": [1, "2", 3]}, ["bad_type"], id="points-as-text"),
    pytest.param({"type": "play", "points": [1, 2.5, 3]}, ["bad_type"], id="points-not-whole"),
    pytest.param({"type": "play", "points": [1, 20_000, 3]}, ["out_of_range"], id="points-absurd"),
    pytest.param({"type": "play", "points": [1, None, 3]}, ["bad_type"], id="points-null-for-a-seat"),
    pytest.param({**GOOD, "dealer": 1}, ["unknown_field"], id="unknown-field"),
    pytest.param({"type": "penalty", "points": 5}, ["missing_field"], id="penalty-without-player"),
    pytest.param({"type": "penalty", "player": 3, "points": 5}, ["bad_seat"], id="penalty-bad-seat"),
    pytest.param({"type": "bonus"}, ["bad_type"], id="unknown-type"),
    pytest.param({"trump": "H"}, ["missing_field"], id="no-type"),
])
def test_codes(raw: dict[str, Any], expected: list[str]) -> None:
    assert codes(raw) == expected


def test_violation_fields_point_at_the_card() -> None:
    entry = thirteens.parse_entry({**GOOD, "tricks": [[["KH", "QD"]], [["2C", "3C", "KH"]], []]}, 3)
    found = thirteens.validate(state(options=Options(cards_each=2)), entry)
    assert [(v.code, v.field) for v in found] == [("trick_size", "tricks[0][0]"), ("card_twice", "tricks[1][0][2]")]


def test_joker_turned_points_at_the_second_joker() -> None:
    entry = thirteens.parse_entry({"type": "play", "trump": None,
                                   "tricks": [[["X1", "2C", "AD"]], [["7C", "3C", "5D"], ["4H", "X2", "9S"]], []]}, 3)
    found = thirteens.validate(state(options=Options(cards_each=3)), entry)
    assert [(v.code, v.field) for v in found] == [("joker_turned", "tricks[1][1][1]")]


def test_trick_count_says_how_many() -> None:
    entry = thirteens.parse_entry({**GOOD, "tricks": [[["KH", "QD", "6S"]], [["2C", "3C", "4D"]], []]}, 3)
    # 3 players, 17 cards each by default: 2 tricks given
    found = thirteens.validate(state(), entry)
    assert [(v.code, v.field, v.params) for v in found] == [("trick_count", "tricks", {"dealt": 17, "count": 2})]
    assert found[0].message % found[0].params == "Each player is dealt 17 cards, so a deal has 17 tricks, not 2."


def test_trick_size_follows_the_table() -> None:
    trick = [["KH", "QD", "6S", "X2"]]
    assert codes({"type": "play", "trump": "S", "tricks": [trick, [], [], []]}, seats=4, cards_each=1) == []
    assert codes({"type": "play", "trump": "S", "tricks": [trick, [], [], [], []]}, seats=5,
                 cards_each=1) == ["trick_size"]


# ---------------------------------------------------------------- properties


def meld_kind(group: list[Card], values: dict[Rank, int]) -> set[str]:
    """The kinds a group of cards is, by the rules written out again (not the module's code)."""
    order = list(Rank)
    kinds = set()
    if sum(values[c.rank] for c in group) == 13:
        kinds.add("thirteen")
    if len(group) == 2 and group[0].rank == group[1].rank:
        kinds.add("pair")
    if len(group) == 3:
        ranks = sorted(order.index(c.rank) for c in group)
        if ranks == [ranks[0], ranks[0] + 1, ranks[0] + 2]:
            kinds.add("run")
    return kinds


SEED_VALUES = {rank: min(i + 2, 10) for i, rank in enumerate(list(Rank)[:9])} | {
    Rank.JACK: 2, Rank.QUEEN: 3, Rank.KING: 4, Rank.ACE: 1}
PAGAT_VALUES = SEED_VALUES | {Rank.JACK: 11, Rank.QUEEN: 12, Rank.KING: 13}

options_st = st.builds(
    Options, pip_values=st.sampled_from(["seed", "pagat"]), thirteen_points=st.integers(0, 5),
    pair_points=st.integers(0, 5), run_points=st.integers(0, 5), trick_points=st.integers(0, 3),
    trick_point_rule=st.sampled_from(["no_meld", "every_trick"]), joker_points=st.integers(-5, 0))
trick_st = st.lists(st.sampled_from(DECK), min_size=1, max_size=6, unique=True)


@given(trick_st, options_st, st.data())
def test_the_best_partition_beats_any_random_one(trick: list[Card | Joker], options: Options,
                                                 data: st.DataObject) -> None:
    values = PAGAT_VALUES if options.pip_values == "pagat" else SEED_VALUES
    plain = [c for c in trick if isinstance(c, Card)]
    jokers = len(trick) - len(plain)
    shuffled = data.draw(st.permutations(plain), label="order")
    groups: list[list[Card]] = []
    rest = list(shuffled)
    while rest:  # cut the shuffled cards into random groups; keep those that are melds
        size = data.draw(st.integers(1, len(rest)), label="group size")
        groups.append(rest[:size])
        rest = rest[size:]
    points = {"thirteen": options.thirteen_points, "pair": options.pair_points, "run": options.run_points}
    chosen = [max(points[k] for k in meld_kind(g, values)) for g in groups if meld_kind(g, values)]
    trick_point = options.trick_points if (options.trick_point_rule == "every_trick"
                                           or not (chosen or jokers)) else 0
    random_score = sum(chosen) + trick_point + jokers * options.joker_points
    assert thirteens.score_trick(trick, options).points >= random_score


def set_partitions(items: list[Card]) -> list[list[list[Card]]]:
    """Every way to cut *items* into groups (Bell(6) = 203 for a six-card trick)."""
    if not items:
        return [[]]
    first, rest = items[0], items[1:]
    out = []
    for partition in set_partitions(rest):
        out.append([[first], *partition])
        for i in range(len(partition)):
            out.append([*partition[:i], [first, *partition[i]], *partition[i + 1:]])
    return out


@given(trick_st, options_st)
def test_the_best_partition_is_the_best_of_all(trick: list[Card | Joker], options: Options) -> None:
    values = PAGAT_VALUES if options.pip_values == "pagat" else SEED_VALUES
    points = {"thirteen": options.thirteen_points, "pair": options.pair_points, "run": options.run_points}
    plain = [c for c in trick if isinstance(c, Card)]
    jokers = len(trick) - len(plain)
    best = None
    for partition in set_partitions(plain):
        # a group that is no meld is cards left over; a group that is a meld may still be left unclaimed
        melds = [max(points[k] for k in meld_kind(g, values)) for g in partition if meld_kind(g, values)]
        for claimed in ([], melds) if melds else ([],):
            trick_point = options.trick_points if (options.trick_point_rule == "every_trick"
                                                   or not (claimed or jokers)) else 0
            score = sum(claimed) + trick_point + jokers * options.joker_points
            best = score if best is None else max(best, score)
    assert thirteens.score_trick(trick, options).points == best


@given(trick_st, options_st)
def test_no_card_is_used_twice_and_the_points_add_up(trick: list[Card | Joker], options: Options) -> None:
    values = PAGAT_VALUES if options.pip_values == "pagat" else SEED_VALUES
    scored = thirteens.score_trick(trick, options)
    used = [card for meld in scored.melds for card in meld.cards]
    assert len(used) == len(set(used))
    assert set(used) <= set(trick)
    assert all(isinstance(card, Card) for card in used)  # jokers are in no meld
    for meld in scored.melds:
        assert meld.kind in meld_kind(list(meld.cards), values)
    jokers = sum(isinstance(c, Joker) for c in trick)
    assert scored.points == (sum(m.points for m in scored.melds) + scored.trick_point
                             + jokers * options.joker_points)


@given(trick_st, st.sampled_from([S, H, D, C, None]))
def test_trick_winner_takes_with_a_real_card(trick: list[Card | Joker], trump: Suit | None) -> None:
    if not any(isinstance(c, Card) for c in trick):
        return
    taker = trick[thirteens.trick_winner(trick, trump)]
    assert isinstance(taker, Card)
    has_joker = any(isinstance(c, Joker) for c in trick)
    if trump is not None and not has_joker and any(isinstance(c, Card) and c.suit is trump for c in trick):
        assert taker.suit is trump
    else:
        led = next(c for c in trick if isinstance(c, Card))
        assert taker.suit is led.suit


@st.composite
def whole_deals(draw: st.DrawFn) -> tuple[int, Suit | None, list[list[list[Card | Joker]]]]:
    """A deal as the seed deals it: a shuffled deck, ⌊53 / players⌋ cards each, the next card turned
    for trumps (a joker: no trumps); the tricks, one card per player each, to whoever took them."""
    seats = draw(st.integers(3, 6), label="players")
    deck = draw(st.permutations(DECK), label="the shuffled deck")
    each = 53 // seats
    turned = deck[seats * each]  # there is always one left to turn
    trump = turned.suit if isinstance(turned, Card) else None
    taken: list[list[list[Card | Joker]]] = [[] for _ in range(seats)]
    for number in range(each):
        trick = list(deck[number * seats:(number + 1) * seats])
        taken[draw(st.integers(0, seats - 1), label=f"who takes trick {number}")].append(trick)
    return seats, trump, taken


@given(whole_deals())
def test_a_deal_dealt_from_the_deck_is_accepted(deal: tuple[int, Suit | None, list[list[list[Card | Joker]]]]) -> None:
    seats, trump, taken = deal
    # A turned joker never shows up twice in the tricks, and every card dealt is one trick's card.
    assert thirteens.validate(thirteens.initial_state(Options(), seats, 0), Play(trump, tricks_of(taken))) == []


@given(whole_deals(), st.booleans())
def test_a_trick_more_or_less_is_trick_count(deal: tuple[int, Suit | None, list[list[list[Card | Joker]]]],
                                             drop: bool) -> None:
    seats, trump, taken = deal
    holder = next(seat for seat, tricks in enumerate(taken) if tricks)
    if drop:
        taken[holder] = taken[holder][1:]
        count = 53 // seats - 1
    else:
        taken[holder] = [*taken[holder], taken[holder][0]]  # a trick written twice: its cards twice, too
        count = 53 // seats + 1
    found = thirteens.validate(thirteens.initial_state(Options(), seats, 0), Play(trump, tricks_of(taken)))
    assert [(v.code, v.params) for v in found if v.code == "trick_count"] == [
        ("trick_count", {"dealt": 53 // seats, "count": count})]


def tricks_of(taken: list[list[list[Card | Joker]]]) -> tuple[tuple[tuple[Card | Joker, ...], ...], ...]:
    return tuple(tuple(tuple(trick) for trick in seat) for seat in taken)
