"""Terz's compact declaration picker: each choice, by kind and top card, is the cards the referee
names that kind (so the picker never disagrees with the rules), and the words of each language."""
from __future__ import annotations

import pytest
from django.utils import translation

from referee.cards import Suit
from referee.games.terz.checks import classify
from scorebook.games.terz.form import quick_declarations


def choices() -> dict[str, str]:
    return {choice["label"]: choice["cards"] for group in quick_declarations() for choice in group["choices"]}


@pytest.mark.parametrize(("label", "cards"), [
    ("terz to 9♥", "7H 8H 9H"),
    ("terz to J♥", "9H 10H JH"),
    ("fifty to A♠", "JS QS KS AS"),
    ("hundred to K♦", "9D 10D JD QD KD"),
    ("hundred of 8 to A♣", "7C 8C 9C 10C JC QC KC AC"),
    ("four jacks (200)", "JH JD JC JS"),
    ("four aces (100)", "AH AD AC AS"),
    ("marriage ♠", "KS QS"),
])
def test_a_choice_is_its_cards(label: str, cards: str) -> None:
    with translation.override("en"):
        assert choices()[label] == cards


def test_every_choice_is_the_combination_the_referee_names() -> None:
    with translation.override("en"):
        groups = quick_declarations()
    # 3 to 8 in sequence in four suits: 6 + 5 + 4 + 3 + 2 + 1 tops a suit; four fours; four marriages.
    assert sum(len(group["choices"]) for group in groups) == 4 * 21 + 4 + 4
    for group in groups:
        for choice in group["choices"]:
            cards = choice["cards"].split()
            trump = Suit(cards[0][-1]) if group is groups[-1] else Suit.HEARTS  # a marriage is the trump's
            kind, _points = classify(cards, trump)
            assert choice["label"].startswith(kind.replace("_", " ")), (choice, kind)


def test_the_ranks_are_written_as_on_the_decks_of_the_language() -> None:
    with translation.override("ru"):
        assert choices()["терц, старшая В♥"] == "9H 10H JH"
    with translation.override("uk"):
        assert choices()["чотири валети (200)"] == "JH JD JC JS"
