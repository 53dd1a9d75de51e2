"""Cards as the deck of the language prints them: В Д К Т in Russian and Ukrainian, J Q K A in
English, on every page that shows one (grids, the referee's lines, violation messages, checks); the
API's codes and the spellings it reads do not change."""

from __future__ import annotations

from html import unescape

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from referee.cards import Suit
from referee.ledger import error, line
from scorebook.sheets import card_text, cards_in_words, render_lines, violation_json


@pytest.mark.parametrize(("code", "english", "russian", "ukrainian"), [
    ("JH", "J♥", "В♥", "В♥"),
    ("QS", "Q♠", "Д♠", "Д♠"),
    ("KD", "K♦", "К♦", "К♦"),
    ("AC", "A♣", "Т♣", "Т♣"),
    ("10H", "10♥", "10♥", "10♥"),
    ("7S", "7♠", "7♠", "7♠"),
])
def test_a_card_as_each_language_shows_it(code: str, english: str, russian: str, ukrainian: str) -> None:
    for language, shown in (("en", english), ("ru", russian), ("uk", ukrainian)):
        with translation.override(language):
            assert card_text(code) == shown, language


@pytest.mark.parametrize(("language", "words", "shown"), [
    ("ru", "J♥ Q♥ K♥ A♥", "В♥ Д♥ К♥ Т♥"),
    ("uk", "J♥ Q♥ K♥ A♥", "В♥ Д♥ К♥ Т♥"),
    ("en", "J♥ Q♥ K♥ A♥", "J♥ Q♥ K♥ A♥"),
    ("ru", "J♥ 20 + 9♥ 13 + 10♠ 10", "В♥ 20 + 9♥ 13 + 10♠ 10"),
    ("ru", "JH", "JH"),  # a code as the player typed it stays as typed
    ("ru", "Anna", "Anna"),
    ("ru", "AKA♦", "AKA♦"),  # only a whole card is a card
])
def test_the_referees_words_name_cards_in_the_language(language: str, words: str, shown: str) -> None:
    with translation.override(language):
        assert cards_in_words(words) == shown


def test_a_violation_and_an_explanation_line_name_cards_in_the_language() -> None:
    refused = error("not_a_combination", "%(cards)s is not a combination.", None, cards="J♠ J♥ J♦")
    explained = line("%(card)s is the highest trump (%(suit)s) in the trick.", card="Q♥", suit=Suit("H"))
    with translation.override("ru"):
        assert violation_json(refused)["message"].startswith("В♠ В♥ В♦")
        assert render_lines([explained])[0].startswith("Д♥")
    with translation.override("en"):
        assert violation_json(refused)["message"] == "J♠ J♥ J♦ is not a combination."
        assert render_lines([explained])[0] == "Q♥ is the highest trump (♥) in the trick."


@pytest.mark.django_db
@pytest.mark.parametrize(("language", "named", "not_shown"), [("ru", "В♠ В♥ В♦", "J♥"), ("uk", "В♠ В♥ В♦", "J♥"),
                                                             ("en", "J♠ J♥ J♦", "В♥")])
def test_a_refused_combination_on_the_page_names_its_cards_in_the_language(signed_in: Client, language: str,
                                                                            named: str, not_shown: str) -> None:
    # three jacks are no combination (four are): the referee names the cards it refused
    answer = signed_in.post(reverse("web:referee-terz-classify"), {"trump": "S", "cards": ["JS", "JH", "JD"]},
                            HTTP_ACCEPT_LANGUAGE=language)
    page = unescape(answer.content.decode())
    assert answer.status_code == 200
    assert named in page  # the message, not just the card grid's labels
    assert not_shown not in page
