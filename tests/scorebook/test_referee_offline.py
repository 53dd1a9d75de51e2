"""The referee's checks answered in the phone equal the server's: for every game's page of checks,
a table of forms as a phone posts them (legal, illegal, half-filled), each asked of the server's
check (``scorebook.games.<game>.checks.ANSWERS`` with Django's words, what the page renders) and of
the phone's engine (``scorebook.phone.engine.answer``, Python's gettext over the same catalogues),
in every language: the same errors, the same verdict, word for word. test_phone_differential runs
the same requests on Pyodide; tests/e2e/test_referee_offline.py asks them in the browser offline."""

from __future__ import annotations

import importlib
from typing import Any

import pytest
from django.utils import translation

from scorebook import sheets
from scorebook.phone import bundle, engine

LANGUAGES = ("en", "ru", "uk")

# (game, check, the form as posted: every value of each name). One row per rule the check applies,
# and the refusals of its form.
CASES: list[tuple[str, str, dict[str, list[str]]]] = [
    # Tong Its (seed 002): a set, a run, runs off, a tongit, not a meld, a bad card, nothing tapped.
    ("tongits", "meld", {"cards": ["7H", "7S", "7D"], "runs": ["on"]}),
    ("tongits", "meld", {"cards": ["AH", "2H", "3H"], "runs": ["on"]}),
    ("tongits", "meld", {"cards": ["AH", "2H", "3H"]}),
    ("tongits", "meld", {"cards": ["QH", "KH", "AH"], "runs": ["on"]}),
    ("tongits", "meld", {"cards": ["7H", "7S", "7D", "8C", "9C", "10C"], "runs": ["on"]}),
    ("tongits", "meld", {"cards": ["7H", "XX"], "runs": ["on"]}),
    ("tongits", "meld", {"runs": ["on"]}),
    ("tongits", "count", {"cards": ["AH", "KS", "7D"]}),
    ("tongits", "count", {}),
    ("tongits", "count", {"cards": ["ZZ"]}),
    ("tongits", "draw", {"caller": ["0"], "challengers": ["1"], "count_0": ["12"], "count_1": ["12"],
                         "count_2": ["3"]}),
    ("tongits", "draw", {"caller": ["1"], "count_0": ["5"], "count_1": ["20"], "count_2": ["3"]}),
    ("tongits", "draw", {"caller": ["0"], "challengers": ["1", "2"], "count_0": ["9"], "count_1": ["4"],
                         "count_2": ["4"]}),
    ("tongits", "draw", {"caller": ["2"], "challengers": ["0"], "burned": ["0"], "count_0": ["1"],
                         "count_1": ["8"], "count_2": ["30"]}),
    ("tongits", "draw", {"caller": ["0"], "challengers": ["0"], "count_0": ["1"], "count_1": ["2"],
                         "count_2": ["3"]}),
    ("tongits", "draw", {"count_0": ["x"], "count_1": ["2"]}),
    # Terz (seed 000, RULES.md "terz"). Compare: a fifty beats a terz (value); two terzes of one top
    # card, the one in trumps counts; only a marriage; not a combination, a slot without its player,
    # no trumps, no cards.
    ("terz", "compare", {"trump": ["S"], "decl_0_player": ["0"], "decl_0": ["7H", "8H", "9H"],
                         "decl_1_player": ["1"], "decl_1": ["7D", "8D", "9D", "10D"], "decl_2_player": ["1"],
                         "decl_2": ["KS", "QS"]}),
    ("terz", "compare", {"trump": ["S"], "decl_0_player": ["0"], "decl_0": ["7H", "8H", "9H"],
                         "decl_3_player": ["1"], "decl_3": ["7S", "8S", "9S"]}),
    ("terz", "compare", {"trump": ["H"], "decl_0_player": ["0"], "decl_0": ["KH", "QH"]}),
    ("terz", "compare", {"trump": ["H"], "decl_0_player": ["0"], "decl_0": ["7H", "8H", "9H"],
                         "decl_1_player": ["1"], "decl_1": ["7S", "8S", "10S"]}),
    ("terz", "compare", {"trump": ["H"], "decl_2": ["JS", "JH", "JD", "JC"]}),
    ("terz", "compare", {"decl_0_player": ["0"], "decl_0": ["7H", "8H", "9H"]}),
    ("terz", "compare", {"trump": ["H"], "decl_0_player": ["1"]}),
    # Classify: a terz, a marriage (bela) in trumps, one out of trumps, four 7s, no trumps, no cards.
    ("terz", "classify", {"trump": ["S"], "cards": ["7H", "8H", "9H"]}),
    ("terz", "classify", {"trump": ["H"], "cards": ["KH", "QH"]}),
    ("terz", "classify", {"trump": ["H"], "cards": ["KS", "QS"]}),
    ("terz", "classify", {"trump": ["H"], "cards": ["7S", "7H", "7D", "7C"]}),
    ("terz", "classify", {"cards": ["JS", "JH", "JD", "JC"]}),
    ("terz", "classify", {"trump": ["H"]}),
    # Trick: one plain suit (the ace over the ten), one in trumps (the nine over the ace), a trump on
    # a plain card, another suit never takes it, nothing picked.
    ("terz", "trick", {"trump": ["H"], "led_rank": ["10"], "led_suit": ["S"], "answer_rank": ["A"],
                       "answer_suit": ["S"]}),
    ("terz", "trick", {"trump": ["H"], "led_rank": ["A"], "led_suit": ["H"], "answer_rank": ["9"],
                       "answer_suit": ["H"]}),
    ("terz", "trick", {"trump": ["H"], "led_rank": ["A"], "led_suit": ["S"], "answer_rank": ["7"],
                       "answer_suit": ["H"]}),
    ("terz", "trick", {"trump": ["H"], "led_rank": ["K"], "led_suit": ["S"], "answer_rank": ["A"],
                       "answer_suit": ["D"]}),
    ("terz", "trick", {"led_rank": ["K"], "answer_suit": ["D"]}),
    # Play: leading, following suit while the talon lasts, must trump, must beat once it is empty,
    # the trump jack at will, the card led in the hand too, nothing picked.
    ("terz", "play", {"trump": ["H"], "led_suit": ["lead"], "card_rank": ["A"], "card_suit": ["D"],
                      "hand": ["7S"]}),
    ("terz", "play", {"trump": ["H"], "led_rank": ["A"], "led_suit": ["S"], "card_rank": ["7"],
                      "card_suit": ["S"], "hand": ["8C"]}),
    ("terz", "play", {"trump": ["H"], "led_rank": ["10"], "led_suit": ["S"], "card_rank": ["9"],
                      "card_suit": ["D"], "hand": ["8H", "AH"]}),
    ("terz", "play", {"trump": ["H"], "led_rank": ["10"], "led_suit": ["S"], "card_rank": ["7"],
                      "card_suit": ["S"], "hand": ["KS", "AS", "7S"], "talon_empty": ["on"]}),
    ("terz", "play", {"trump": ["H"], "led_rank": ["10"], "led_suit": ["S"], "card_rank": ["J"],
                      "card_suit": ["H"], "hand": ["7S"]}),
    ("terz", "play", {"trump": ["H"], "led_rank": ["10"], "led_suit": ["S"], "card_rank": ["7"],
                      "card_suit": ["S"], "hand": ["10S"]}),
    ("terz", "play", {"led_suit": ["S"]}),
    # Seven: yes, not before my own play, the talon too small, no trump seven, the talon not typed.
    ("terz", "seven", {"trump": ["D"], "hand": ["7D", "AS"], "talon": ["4"], "my_turn": ["on"]}),
    ("terz", "seven", {"trump": ["D"], "hand": ["7D", "AS"], "talon": ["4"]}),
    ("terz", "seven", {"trump": ["D"], "hand": ["7D"], "talon": ["1"], "my_turn": ["on"]}),
    ("terz", "seven", {"trump": ["D"], "hand": ["7S"], "talon": ["5"], "my_turn": ["on"]}),
    ("terz", "seven", {"trump": ["D"], "hand": ["7D"], "talon": [""], "my_turn": ["on"]}),
    # Points: with the last trick, without, the last trick alone, nothing picked, no trumps.
    ("terz", "points", {"trump": ["S"], "cards": ["JS", "9S"], "last_trick": ["on"]}),
    ("terz", "points", {"trump": ["H"], "cards": ["AS", "10S", "KS", "QS", "JS"]}),
    ("terz", "points", {"trump": ["H"], "last_trick": ["on"]}),
    ("terz", "points", {"trump": ["H"]}),
    ("terz", "points", {"cards": ["AS"]}),
    # Thirteens (seed 004, RULES.md "thirteens"): K-Q-6 a thirteen (4 + 3 + 6); no meld, the trick
    # point; pagat's values (Q 12 + A 1); every trick scores its point; a pair and a joker (1 − 4);
    # two jokers (−8); a run; a thirteen, a pair and a joker (3 + 1 − 4 = 0); a house rule the page
    # does not offer (the default); a trick of two cards, a card twice, no card at all.
    ("thirteens", "trick", {"cards": ["KH", "QD", "6S"]}),
    ("thirteens", "trick", {"cards": ["QH", "AC", "7D"]}),
    ("thirteens", "trick", {"cards": ["QH", "AC", "7D"], "pip_values": ["pagat"]}),
    ("thirteens", "trick", {"cards": ["KH", "QD", "6S"], "trick_point_rule": ["every_trick"]}),
    ("thirteens", "trick", {"cards": ["X1", "5H", "5D"]}),
    ("thirteens", "trick", {"cards": ["X1", "X2", "3C"], "trick_point_rule": ["every_trick"]}),
    ("thirteens", "trick", {"cards": ["7C", "8D", "9H", "2S"]}),
    ("thirteens", "trick", {"cards": ["KH", "6S", "QD", "5C", "5D", "X1"], "pip_values": ["seed"],
                            "trick_point_rule": ["no_meld"]}),
    ("thirteens", "trick", {"cards": ["KH", "QD", "6S"], "pip_values": ["dutch"]}),
    ("thirteens", "trick", {"cards": ["KH", "QD"]}),
    ("thirteens", "trick", {"cards": ["KH", "KH", "2C"]}),
    ("thirteens", "trick", {}),
    # Who takes it: the highest of the suit led (no trump played); the only trump; the highest trump,
    # in the order tapped; a joker cancels the trumps; a joker led (the next card sets the suit); no
    # trumps; without JavaScript (no order: the grid's); no trumps picked, not a suit, two cards.
    ("thirteens", "winner", {"cards": ["5D", "9D", "AD"], "order": ["5D 9D AD"], "trump": ["C"]}),
    ("thirteens", "winner", {"cards": ["10H", "KH", "2S"], "order": ["10H KH 2S"], "trump": ["S"]}),
    ("thirteens", "winner", {"cards": ["10H", "KH", "2S"], "order": ["2S 10H KH"], "trump": ["H"]}),
    ("thirteens", "winner", {"cards": ["10H", "KH", "2S", "X1"], "order": ["10H KH X1 2S"], "trump": ["S"]}),
    ("thirteens", "winner", {"cards": ["9C", "QC", "AH", "X1"], "order": ["X1 9C QC AH"], "trump": ["H"]}),
    ("thirteens", "winner", {"cards": ["10H", "2C", "KD"], "order": ["10H 2C KD"], "trump": ["none"]}),
    ("thirteens", "winner", {"cards": ["10H", "KH", "2S"], "trump": ["S"]}),
    ("thirteens", "winner", {"cards": ["10H", "KH", "2S"], "order": ["2S 10H KH"]}),
    ("thirteens", "winner", {"cards": ["10H", "KH", "2S"], "trump": ["Z"]}),
    ("thirteens", "winner", {"cards": ["10H", "KH"], "order": ["KH 10H"], "trump": ["H"]}),
    # 1000 (seed 001): 135 with a ♥ marriage (120 + 100 = 220), 135 over 120 with no marriage, 200 over
    # ♠'s 160, off a step of 10, under 100, no bid (the highest alone), ♣ high, four aces ticked with ♥,
    # a bid that is no number, a 7 (not in the 24-card deck), a card twice.
    ("thousand", "bid", {"cards": ["KH", "QH", "AS", "10S", "9D"], "bid": ["135"]}),
    ("thousand", "bid", {"cards": ["AH", "10H"], "bid": ["135"]}),
    ("thousand", "bid", {"cards": ["KS", "QS", "AH"], "bid": ["200"]}),
    ("thousand", "bid", {"cards": ["KH", "QH"], "bid": ["125"], "bid_step": ["10"]}),
    ("thousand", "bid", {"cards": ["9H"], "bid": ["95"]}),
    ("thousand", "bid", {"cards": ["KD", "QD", "AC"], "bid": [" "]}),
    ("thousand", "bid", {"cards": ["KC", "QC"], "bid": ["220"], "marriage_values": ["clubs_high"]}),
    ("thousand", "bid", {"cards": ["AH", "AD", "AC", "AS", "KH", "QH"], "ace_marriage": ["on"]}),
    ("thousand", "bid", {"cards": [], "bid": ["１３５"]}),
    ("thousand", "bid", {"cards": ["7H"], "bid": ["120"]}),
    ("thousand", "bid", {"cards": ["AH", "AH"]}),
    # Card points: A 11 + 10 10 + K 4; none (the deck's 120 left); a 7.
    ("thousand", "points", {"cards": ["AH", "10H", "KS"]}),
    ("thousand", "points", {}),
    ("thousand", "points", {"cards": ["7H"]}),
    # Marriages: ♦ after a trick (+80), ♦ with no trick, ♥ already declared, four aces held (+200),
    # two aces held, ♠ not in the hand, ♣ high (+100) becoming trump, nothing picked, a bad suit
    # declared, a bad card in the hand.
    ("thousand", "marriage", {"suit": ["D"], "took_trick": ["on"]}),
    ("thousand", "marriage", {"suit": ["D"]}),
    ("thousand", "marriage", {"suit": ["H"], "declared": ["H"], "took_trick": ["on"]}),
    ("thousand", "marriage", {"suit": ["A"], "took_trick": ["on"], "cards": ["AH", "AD", "AC", "AS"]}),
    ("thousand", "marriage", {"suit": ["A"], "took_trick": ["on"], "cards": ["AH", "AD"], "declared": ["A"]}),
    ("thousand", "marriage", {"suit": ["S"], "took_trick": ["on"], "cards": ["KS", "AH"]}),
    ("thousand", "marriage", {"suit": ["C"], "took_trick": ["on"], "marriage_values": ["clubs_high"],
                              "cards": ["KC", "QC"]}),
    ("thousand", "marriage", {"took_trick": ["on"]}),
    ("thousand", "marriage", {"suit": ["H"], "declared": ["X"]}),
    ("thousand", "marriage", {"suit": ["H"], "cards": ["KH", "7H"]}),
    # Khrap (seed 003), who takes the trick: a trump beats the suit led, the highest trump when trumps
    # are led, the highest of the suit led, the card led not beaten (ticked among the played too),
    # nothing picked, a rank without its suit, a 5 (not in the 36-card deck), a card twice.
    ("khrap", "trick", {"led_rank": ["K"], "led_suit": ["H"], "trump": ["S"], "played": ["KH", "AH", "6S"]}),
    ("khrap", "trick", {"led_rank": ["7"], "led_suit": ["S"], "trump": ["S"], "played": ["AS", "10H"]}),
    ("khrap", "trick", {"led_rank": ["9"], "led_suit": ["H"], "trump": ["S"], "played": ["AH", "10D"]}),
    ("khrap", "trick", {"led_rank": ["A"], "led_suit": ["H"], "trump": ["S"], "played": ["AH", "KH", "10D"]}),
    ("khrap", "trick", {"played": ["AH"]}),
    ("khrap", "trick", {"led_rank": ["Q"], "trump": ["D"]}),
    ("khrap", "trick", {"led_rank": ["Q"], "led_suit": ["C"], "trump": ["D"], "played": ["5C"]}),
    ("khrap", "trick", {"led_rank": ["Q"], "led_suit": ["C"], "trump": ["D"], "played": ["AC", "AC"]}),
    # May I play it: must follow suit, follows suit, must trump, trumps, any card, I lead; nothing
    # picked, the card led half-picked, six cards, the card led in my hand.
    ("khrap", "legal", {"card_rank": ["6"], "card_suit": ["S"], "led_rank": ["K"], "led_suit": ["H"],
                        "trump": ["S"], "hand": ["7H", "AD"]}),
    ("khrap", "legal", {"card_rank": ["7"], "card_suit": ["H"], "led_rank": ["K"], "led_suit": ["H"],
                        "trump": ["S"], "hand": ["AD"]}),
    ("khrap", "legal", {"card_rank": ["A"], "card_suit": ["D"], "led_rank": ["K"], "led_suit": ["H"],
                        "trump": ["S"], "hand": ["6S"]}),
    ("khrap", "legal", {"card_rank": ["6"], "card_suit": ["S"], "led_rank": ["K"], "led_suit": ["H"],
                        "trump": ["S"], "hand": ["AD"]}),
    ("khrap", "legal", {"card_rank": ["A"], "card_suit": ["D"], "led_rank": ["K"], "led_suit": ["H"],
                        "trump": ["S"], "hand": ["7C"]}),
    ("khrap", "legal", {"card_rank": ["A"], "card_suit": ["D"], "led_suit": ["lead"], "trump": ["S"]}),
    ("khrap", "legal", {}),
    ("khrap", "legal", {"card_rank": ["A"], "card_suit": ["D"], "led_suit": ["H"], "trump": ["S"]}),
    ("khrap", "legal", {"card_rank": ["A"], "card_suit": ["D"], "led_suit": ["lead"], "trump": ["S"],
                        "hand": ["6S", "7S", "8S", "9S", "10S"]}),
    ("khrap", "legal", {"card_rank": ["A"], "card_suit": ["D"], "led_rank": ["K"], "led_suit": ["H"],
                        "trump": ["S"], "hand": ["KH"]}),
]


def requests() -> list[dict[str, Any]]:
    """The cases as the phone's page asks its engine, each in a language."""
    return [{"game": game, "check": check, "post": post, "language": LANGUAGES[index % len(LANGUAGES)]}
            for index, (game, check, post) in enumerate(CASES)]


def server_check(request: dict[str, Any]) -> dict[str, Any]:
    checks = importlib.import_module(f"scorebook.games.{request['game']}.checks")
    with translation.override(request["language"]):
        return checks.ANSWERS[request["check"]](request["post"], sheets.WORDS)


@pytest.fixture(scope="module")
def catalogues() -> None:
    engine.load_catalogues(str(bundle.LOCALE_DIR))


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("game", "check", "post"), CASES)
def test_the_phone_answers_each_check_as_the_server_does(game: str, check: str, post: dict[str, list[str]],
                                                         language: str, catalogues: None) -> None:
    request = {"game": game, "check": check, "post": post, "language": language}
    assert engine.answer(request) == {"check": server_check(request)}


def test_every_games_page_of_checks_is_answered_in_the_phone() -> None:
    from scorebook.games import GAMES  # the Django side's registry: each game's page and its checks

    for code, game in GAMES.items():
        page = importlib.import_module(f"scorebook.games.{code}.pages").PAGE
        assert sorted(page.answers) == sorted(check.name for check in page.checks), code
        asked = {check for name, check, _post in CASES if name == code}
        assert asked == set(page.answers), f"{code}: a case for every check"


def test_a_verdict_says_it_in_the_language_of_the_page(catalogues: None) -> None:
    request = {"game": "tongits", "check": "draw", "post": CASES[10][2]}
    answers = {language: engine.answer({**request, "language": language})["check"] for language in LANGUAGES}
    # Seat 1 and seat 0 tie at 12: the challenger, Player 2, wins (seed 002).
    assert answers["en"]["verdict"]["parts"][0]["spans"][0]["text"] == "Player 2 wins."
    assert answers["ru"]["verdict"]["parts"][0]["spans"][0]["text"] != "Player 2 wins."
    assert answers["uk"]["verdict"]["parts"][0]["spans"][0]["text"] not in ("Player 2 wins.",
                                                                             answers["ru"]["verdict"]["parts"][0]["spans"][0]["text"])
