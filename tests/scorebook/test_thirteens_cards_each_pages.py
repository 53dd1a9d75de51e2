"""Thirteens on the pages around ``cards_each``: the new-match form shows it (empty: ⌊53 / players⌋)
and a refused match says why; the card-by-card preview reads a deal with fewer tricks than cards
dealt as not finished yet — the score of what is entered and "N of M tricks entered" — and the
error comes on Save.

Worked from RULES.md ("thirteens"): ⌊53 / players⌋ = 17, 13, 10, 8 cards each for 3 to 6 players,
one trick per card; seed values K 4, Q 3: K♥ Q♦ 6♠ = 4 + 3 + 6 = 13, a thirteen, 3 points; 5♠ 5♥
9♣ holds a pair, 1 point (a trick with a meld scores no trick point); no trick at all: −3.
"""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from django.test import Client

from scorebook import services
from scorebook.models import Match

pytestmark = pytest.mark.django_db

PLAYERS = ["Аня", "Борис", "Вика"]
TWO_TRICKS = {"mode": "cards", "trump": "H", "trick_0": ["KH QD 6S"], "trick_1": ["5S 5H 9C"]}


def words(response: Any) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", response.content.decode())).split())


# ---------------------------------------------------------------- the new-match form


def new_match(client: Client, players: int, **options: str) -> Any:
    names = {f"player_{i}": name for i, name in enumerate(["Аня", "Борис", "Вика", "Гена", "Дина", "Ева"][:players])}
    fields = {f"opt_{name}": value for name, value in options.items()}
    return client.post("/matches/new/", {"game": "thirteens", "preset": "classic", "first_dealer": "0",
                                         **names, **fields})


def test_the_new_match_form_says_what_an_empty_cards_each_means(signed_in: Client) -> None:
    page = signed_in.get("/matches/new/?game=thirteens").content.decode()
    field = page.split('for="opt_cards_each"')[1].split("</div>")[0]
    assert 'placeholder="⌊53 / players⌋: 17, 13, 10 or 8 for 3 to 6 players"' in field
    assert "Empty: ⌊53 / players⌋: 17, 13, 10 or 8 for 3 to 6 players." in field


def test_a_table_that_deals_fewer_cards_starts_with_them(signed_in: Client, owner: Any) -> None:
    assert new_match(signed_in, 4, cards_each="10").status_code == 302
    assert Match.objects.get(owner=owner).options["cards_each"] == 10


@pytest.mark.parametrize(("players", "cards_each", "why"), [
    # 4 players: ⌊53 / 4⌋ = 13; 14 each would leave no card to turn for trumps.
    pytest.param(4, "14", "4 players can be dealt 13 cards each at most: one card of the 54 must be left to turn "
                          "for trumps.", id="more-than-the-table-allows"),
    # More than any table allows (17, with 3 players): said with the allowed range.
    pytest.param(3, "20", "A whole number from 1 to 17.", id="more-than-any-table"),
    pytest.param(3, "0", "A whole number from 1 to 17.", id="none-dealt"),
])
def test_a_refused_cards_each_says_why(signed_in: Client, owner: Any, players: int, cards_each: str,
                                       why: str) -> None:
    response = new_match(signed_in, players, cards_each=cards_each)
    assert response.status_code == 200
    field = html.unescape(response.content.decode().split('for="opt_cards_each"')[1].split("</div>")[0])
    assert 'class="errorlist"' in field and why in field
    assert not Match.objects.filter(owner=owner).exists()


def test_the_rules_page_says_what_the_default_deals(client: Client) -> None:
    page = html.unescape(client.get("/rules/thirteens/", HTTP_ACCEPT_LANGUAGE="en").content.decode())
    shown = re.search(r'<dd data-option="cards_each">(.*?)</dd>', page, flags=re.DOTALL)
    assert shown and shown.group(1).strip() == "⌊53 / players⌋: 17, 13, 10 or 8 for 3 to 6 players"


# ---------------------------------------------------------------- the preview while tapping tricks


def preview(client: Client, match: Match, fields: dict[str, Any]) -> Any:
    return client.post(f"/matches/{match.pk}/preview/", fields, HTTP_HX_REQUEST="true")


def test_a_deal_still_being_tapped_shows_its_partial_score_and_no_error(signed_in: Client, owner: Any) -> None:
    match = services.match_create(owner=owner, game="thirteens", players=PLAYERS)  # 17 cards each
    answer = preview(signed_in, match, TWO_TRICKS)
    text = words(answer)
    assert "2 of 17 tricks entered." in text
    assert "Each player is dealt" not in text and "violations" not in answer.content.decode()
    assert re.findall(r'class="num preview-points">([^<]*)<', answer.content.decode()) == ["+3", "+1", ""]
    assert "The tricks entered so far" in text and "no trick yet" in text
    assert match.deals.count() == 0


def test_the_missing_tricks_are_refused_on_save(signed_in: Client, owner: Any) -> None:
    match = services.match_create(owner=owner, game="thirteens", players=PLAYERS)
    response = signed_in.post(f"/matches/{match.pk}/deals/", {**TWO_TRICKS, "expected_version": "0"})
    assert "Each player is dealt 17 cards, so a deal has 17 tricks, not 2." in words(response)
    assert match.deals.count() == 0


def test_a_complete_deal_previews_as_it_will_be_saved(signed_in: Client, owner: Any) -> None:
    match = services.match_create(owner=owner, game="thirteens", players=PLAYERS, options={"cards_each": 2})
    # 2 cards each, 2 tricks: the deal is whole. Вика took none: −3.
    answer = preview(signed_in, match, TWO_TRICKS)
    assert answer.status_code == 200
    text = words(answer)
    assert "tricks entered" not in text and "This deal, if saved as it is" in text
    assert re.findall(r'class="num preview-points">([^<]*)<', answer.content.decode()) == ["+3", "+1", "−3"]


def test_other_refusals_still_show_while_tapping(signed_in: Client, owner: Any) -> None:
    match = services.match_create(owner=owner, game="thirteens", players=PLAYERS)
    # A trick of two cards with three players: trick_size, shown; the missing tricks are not.
    answer = preview(signed_in, match, {"mode": "cards", "trump": "H", "trick_0": ["KH QD"]})
    text = words(answer)
    assert "Аня, trick 1: A trick holds one card from each player: 3, not 2." in text
    assert "so a deal has 17 tricks" not in text


def test_more_tricks_than_cards_dealt_is_an_error_at_once(signed_in: Client, owner: Any) -> None:
    match = services.match_create(owner=owner, game="thirteens", players=PLAYERS, options={"cards_each": 1})
    answer = preview(signed_in, match, TWO_TRICKS)
    assert "Each player is dealt 1 cards, so a deal has 1 tricks, not 2." in words(answer)
