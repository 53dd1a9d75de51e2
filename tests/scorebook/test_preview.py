"""The entry form's preview, one view for every game (scorebook/web/deals.py, ``deal_preview``):
the deal scored on top of the match with nothing stored, each game's own preview template, a 400
with the referee's words for a refused deal, and a 404 for a match of another game (at the old
address under /referee/<game>/), of another owner, or of a game without a preview.

Each worked case is a game's own, worked by hand in its page tests:
- Khrap (stake 5, pot 15): Аня khraps and takes 3 tricks, fifths of 15 are 3: −5 + 9 = +4; Борис
  and Вика one trick each: −5 + 3 = −2.
- Tong Its, hand 1: the stock runs out, Борис has the lowest count (9) and wins; Аня pays 2, Вика 3,
  and each puts the ante of 2 into the pot: −2 − 2 = −4, −2 + 5 = +3, −2 − 3 = −5.
- Thirteens, deal 1 (trumps ♥): Аня +4, Борис −3, Вика −3 (a thirteen, a pair; a run, a joker).
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from scorebook import services
from scorebook.models import Match
from tests.scorebook.conftest import PLAYERS

pytestmark = pytest.mark.django_db

KHRAP = {"khrap": "0", "circle": "1", "tricks_0": "3", "tricks_1": "1", "tricks_2": ""}
TONGITS = {"action": "play", "ending": "stock_out", "last_draw": "2",
           "meld_0_0": ["7H", "7S", "7D"], "hand_0": ["2C", "KD"],
           "meld_1_0": ["AH", "2H", "3H"], "hand_1": ["4C", "5C"], "hand_2": ["QS", "JS", "9D"]}
THIRTEENS = {"mode": "cards", "trump": "H", "trick_0": ["KH QD 6S", "5S 5H 9C"], "trick_1": ["7C 8D 9H", "X1 2C AD"]}
GAMES = {"khrap": KHRAP, "tongits": TONGITS, "thirteens": THIRTEENS}


def matches(owner: Any) -> dict[str, Match]:
    # The Thirteens table deals 4 cards each, so the four tricks of THIRTEENS are a whole deal (cards_each).
    return {game: services.match_create(owner=owner, game=game, players=PLAYERS[:2] if game == "terz" else PLAYERS,
                                        options={"cards_each": 4} if game == "thirteens" else None)
            for game in ("thousand", "terz", "tongits", "khrap", "thirteens")}


@pytest.mark.parametrize(("game", "shown"), [
    pytest.param("khrap", ["+4", "−2", "−2"], id="khrap-settlement"),
    pytest.param("tongits", ["−4", "+3", "−5"], id="tongits-payments"),
    pytest.param("thirteens", ["+4", "−3", "−3"], id="thirteens-scores"),
])
def test_every_preview_shows_the_game_its_own_way_and_stores_nothing(signed_in, owner, game: str,
                                                                       shown: list[str]) -> None:
    match = matches(owner)[game]
    for url in (f"/matches/{match.pk}/preview/", f"/referee/{game}/preview/{match.pk}/"):
        answer = signed_in.post(url, GAMES[game], HTTP_HX_REQUEST="true")
        assert answer.status_code == 200
        assert [t.name for t in answer.templates][0] == f"scorebook/games/{game}/preview.html"
        html = answer.content.decode()
        # Each player's change: Khrap's money, Tong Its' "after this hand" table, Thirteens' points.
        found = {"khrap": r'<dd>([^<]+)</dd>', "tongits": r'<td class="num">([+−]?\d+)</td><td class="num">',
                 "thirteens": r'class="num preview-points">([^<]*)<'}[game]
        assert re.findall(found, html)[:3] == shown
    match.refresh_from_db()
    assert (match.version, match.deals.count()) == (0, 0)


@pytest.mark.parametrize(("game", "refused", "message"), [
    pytest.param("khrap", {**KHRAP, "tricks_0": "2", "tricks_2": "1"}, "Tricks add up to 4, not 5.", id="khrap"),
    pytest.param("tongits", {**TONGITS, "ending": "tongit", "caller": "1"}, "Борис called tongit with 2 unmelded cards.",
                 id="tongits"),
    pytest.param("thirteens", {"mode": "cards", "trump": "H", "trick_0": ["KH QD"]}, "trick 1", id="thirteens"),
])
def test_a_refused_deal_shows_the_referees_words(signed_in, owner, game: str, refused: dict[str, Any],
                                                 message: str) -> None:
    """In the form (htmx) the refusal is the preview's answer, not an error of the page; the preview's
    page of its own (no JavaScript) answers 400."""
    match = matches(owner)[game]
    answer = signed_in.post(f"/matches/{match.pk}/preview/", refused, HTTP_HX_REQUEST="true")
    assert answer.status_code == 200
    assert message in answer.content.decode()
    page = signed_in.post(f"/matches/{match.pk}/preview/", refused)
    assert page.status_code == 400
    assert message in page.content.decode()
    assert match.deals.count() == 0


def test_a_preview_of_another_games_match_is_a_404(signed_in, owner) -> None:
    # Before, /referee/thirteens/preview/ and /referee/tongits/preview/ answered 500 for these.
    mine = matches(owner)
    for game in GAMES:
        for other, match in mine.items():
            if other != game:
                assert signed_in.post(f"/referee/{game}/preview/{match.pk}/", GAMES[game]).status_code == 404
    # A game without a preview has none at either address.
    for game in ("thousand", "terz"):
        assert signed_in.post(f"/matches/{mine[game].pk}/preview/", {}).status_code == 404
        assert signed_in.post(f"/referee/{game}/preview/{mine[game].pk}/", {}).status_code == 404


def test_another_owners_match_has_no_preview(signed_in, stranger) -> None:
    theirs = matches(stranger)
    for game in GAMES:
        assert signed_in.post(f"/matches/{theirs[game].pk}/preview/", GAMES[game]).status_code == 404
        assert signed_in.post(f"/referee/{game}/preview/{theirs[game].pk}/", GAMES[game]).status_code == 404


def test_the_preview_is_a_post_and_an_edited_deal_must_exist(signed_in, owner) -> None:
    match = matches(owner)["khrap"]
    assert signed_in.get(f"/matches/{match.pk}/preview/").status_code == 405
    assert signed_in.post(f"/matches/{match.pk}/preview/", {**KHRAP, "number": "3"}).status_code == 404


def test_without_javascript_the_preview_is_a_page(signed_in, owner) -> None:
    match = matches(owner)["thirteens"]
    page = signed_in.post(f"/matches/{match.pk}/preview/", THIRTEENS).content.decode()
    assert "<h1>Preview</h1>" in page and 'class="num preview-points">+4<' in page
