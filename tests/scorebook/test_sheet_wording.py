"""Cards and signs as the sheet writes them (issue 28, item 14): a card in a message is "8♠", never
its code "8S" (a face card in the deck of the language: "В♥" in Russian), and a number below 0 in
an explanation has a real minus sign (U+2212), as the sheet's figures have.

1000 (RULES.md): Борис bids 120 and takes 90: he fails, −120; Аня's 20 and Вика's 10 on defence. Then
a penalty of −50 for Аня."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest
from django.test import Client
from rest_framework.test import APIClient

from scorebook import services
from scorebook.phone.wording import with_minus
from tests.scorebook.conftest import PLAYERS, penalty, play
from tests.scorebook.test_terz_checks_api import COMPARE, dec

pytestmark = pytest.mark.django_db


# Остап declares a run of spades, Марко one after it: the first card of Марко's that Остап declared
# is refused (RULES.md: "No card may be declared by both players").
@pytest.mark.parametrize(("language", "ostap", "marko", "message"), [
    pytest.param("en", "8S 9S 10S", "7S 8S 9S", "8♠ was already declared by Остап.", id="en"),
    pytest.param("ru", "8S 9S 10S", "7S 8S 9S", "Карту 8♠ уже объявил игрок Остап.", id="ru"),
    pytest.param("uk", "8S 9S 10S", "7S 8S 9S", "Карту 8♠ уже оголосив гравець Остап.", id="uk"),
    pytest.param("ru", "10S JS QS", "8S 9S 10S", "Карту 10♠ уже объявил игрок Остап.", id="ru-ten"),
    # A face card as the Russian deck prints it: the jack is В.
    pytest.param("ru", "JS QS KS", "9S 10S JS", "Карту В♠ уже объявил игрок Остап.", id="ru-jack"),
])
def test_a_card_declared_twice_is_named_as_printed(api: APIClient, language: str, ostap: str, marko: str,
                                                    message: str) -> None:
    answer = api.post(COMPARE, {"trump": "H", "players": ["Остап", "Марко"],
                                "declarations": [dec(0, ostap), dec(1, marko)]}, format="json",
                      HTTP_ACCEPT_LANGUAGE=language)
    assert answer.status_code == 400
    assert answer.json()["violations"][0]["message"] == message


@pytest.mark.parametrize(("language", "lines"), [
    pytest.param("en", ["Аня: 20 on defence", "Борис failed 120 (taken 90): −120", "Вика: 10 on defence",
                        "Аня: penalty −50 (late)"], id="en"),
    pytest.param("ru", ["Аня: 20 на защите", "Борис: заказ 120 не сыгран (взято 90): −120", "Вика: 10 на защите",
                        "Аня: штраф −50 (late)"], id="ru"),
])
def test_an_explanation_writes_a_real_minus(owner, language: str, lines: list[str]) -> None:
    match = services.match_create(owner=owner, game="thousand", players=PLAYERS)
    services.deal_record(match=match, entry=play(1, 120, points=(20, 90, 10)))
    services.deal_record(match=match, entry=penalty(0, -50, "late"))
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.force_login(owner)
    page = client.get(f"/matches/{match.pk}/").content.decode()
    for text in lines:
        assert f"<li>{text}</li>" in page
    assert "-120" not in page and "-50" not in page


@pytest.mark.parametrize(("template", "values", "written"), [
    pytest.param("%(score)+d", {"score": -120}, "−120", id="signed-below-zero"),
    pytest.param("%(score)+d", {"score": 120}, "+120", id="signed-above-zero"),
    pytest.param("%(points)s → %(total)s", {"points": -5, "total": 0}, "−5 → 0", id="plain"),
    pytest.param("%(amount)s", {"amount": Decimal("-2.5")}, "−2.5", id="money"),
    # Words stay for % to fill (a name with a hyphen is no number); True is no number either.
    pytest.param("%(player)s: %(points)s", {"player": "Анна-Мария", "points": -3}, "%(player)s: −3", id="words-stay"),
    pytest.param("%(flag)s", {"flag": True}, "%(flag)s", id="a-bool-stays"),
])
def test_with_minus(template: str, values: dict[str, Any], written: str) -> None:
    assert with_minus(template, values) == written
