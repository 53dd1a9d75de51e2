"""Khrap's new entry shapes through the JSON API (API.md "khrap"): a revoke inside its deal, the
close of the evening with the settlement, and options frozen before ``pot_at_close`` existed.

Every balance and pot is worked out by hand from RULES.md ("khrap", classic: stake 5, fifths,
fines 1 × the pot before the payouts). Seats: Аня 0, Борис 1, Вика 2.
"""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.test import APIClient

from scorebook import services
from scorebook.models import Match, Revision
from tests.scorebook.conftest import PLAYERS, penalty

pytestmark = pytest.mark.django_db

FAILED = {"type": "play", "khrap": 0, "dark": False, "circle": 1, "tricks": [2, 2, 1]}  # Аня fails


@pytest.fixture
def khrap_match(owner) -> Match:
    return services.match_create(owner=owner, game="khrap", players=PLAYERS)


def post_deal(api: APIClient, match: Match, entry: dict[str, Any]) -> Any:
    return api.post(f"/api/matches/{match.pk}/deals/", {"entry": entry}, format="json")


def stored(match: Match) -> tuple[Any, ...]:
    match.refresh_from_db()
    return (match.version, match.sheet, list(match.deals.values_list("number", "entry", "voided")),
            Revision.objects.filter(match=match).count())


def test_a_revoke_is_written_in_its_deal(api: APIClient, khrap_match: Match) -> None:
    answer = post_deal(api, khrap_match, {"type": "play", "khrap": 0, "circle": 1, "tricks": [3, 1, 1],
                                          "renonce": [2]})
    assert answer.status_code == 201
    body = answer.json()
    assert body["deal"]["entry"] == {"type": "play", "khrap": 0, "dark": False, "circle": 1, "tricks": [3, 1, 1],
                                     "renonce": [2]}
    # antes 15, fifth 3: Аня 9, Борис 3; Вика revoked with her trick: nothing, 1 × 15 in.
    # −5 + 9 = 4, −5 + 3 = −2, −5 − 15 = −20; pot 15 − 12 + 15 = 18
    sheet = body["scoresheet"]
    assert (sheet["totals"], sheet["state"]["pot"]) == ([4, -2, -20], 18)
    assert sheet["rows"][0]["marks"] == [["khrap", "made"], [], ["renonce"]]


def test_a_revoker_listed_twice_is_400_and_nothing_is_stored(api: APIClient, khrap_match: Match) -> None:
    before = stored(khrap_match)
    answer = post_deal(api, khrap_match, {"type": "play", "khrap": 0, "circle": 1, "tricks": [3, 1, 1],
                                          "renonce": [2, 2]})
    assert answer.status_code == 400
    assert [(v["code"], v["field"]) for v in answer.json()["violations"]] == [("renonce_twice", "renonce[1]")]
    assert stored(khrap_match) == before


def test_closing_the_evening_settles_and_ends_the_match(api: APIClient, khrap_match: Match) -> None:
    post_deal(api, khrap_match, FAILED)  # antes 15; Борис 6, Вика 3 out, Аня 15 in: (−20, 1, −2), pot 21
    post_deal(api, khrap_match, penalty(1, -5, "late"))  # pot 26, Борис −4
    answer = post_deal(api, khrap_match, {"type": "close"})
    assert answer.status_code == 201
    sheet = answer.json()["scoresheet"]
    # 26 ÷ 3 = 8 each, 2 stay written as the pot: −20 + 8, −4 + 8, −2 + 8
    assert (sheet["totals"], sheet["state"]["pot"]) == ([-12, 4, 6], 2)
    assert (sheet["finished"], sheet["winner"]) == (True, None)
    assert sheet["state"]["settlement"] == {"money": [-12, 4, 6], "pot": 2}
    assert sheet["rows"][-1]["type"] == "close"
    before = stored(khrap_match)
    late = post_deal(api, khrap_match, {"type": "no_khrap"})
    assert late.status_code == 400
    assert [(v["code"], v["deal"]) for v in late.json()["violations"]] == [("match_finished", 4)]
    assert stored(khrap_match) == before


def test_the_pot_stays_when_the_table_says_so(api: APIClient) -> None:
    created = api.post("/api/matches/", {"game": "khrap", "players": PLAYERS, "options": {"pot_at_close": "stays"}},
                       format="json")
    assert created.status_code == 201
    assert created.json()["options"]["pot_at_close"] == "stays"
    match = Match.objects.get(pk=created.json()["id"])
    post_deal(api, match, FAILED)
    sheet = post_deal(api, match, {"type": "close"}).json()["scoresheet"]
    assert (sheet["totals"], sheet["state"]["pot"], sheet["finished"]) == ([-20, 1, -2], 21, True)


def test_a_match_frozen_before_pot_at_close_splits_the_pot(api: APIClient, khrap_match: Match) -> None:
    old = {"stake": 5, "pot_mode": "fifths", "whister_fail": 1, "khraper_fail": 1, "dark_fail": 5, "renonce_fail": 1}
    Match.objects.filter(pk=khrap_match.pk).update(options=old)  # the options as stored then
    post_deal(api, khrap_match, FAILED)  # (−20, 1, −2), pot 21
    sheet = post_deal(api, khrap_match, {"type": "close"}).json()["scoresheet"]
    # the default, "split": 21 ÷ 3 = 7 each, nothing stays
    assert (sheet["totals"], sheet["state"]["pot"]) == ([-13, 8, 5], 0)


def test_a_seat_given_more_than_5_tricks_is_400_tricks_total_and_nothing_is_stored(api: APIClient,
                                                                                    khrap_match: Match) -> None:
    # RULES.md: "a count above 5 or a sum other than 5 is tricks_total (as in 1000, not a generic code)".
    before = stored(khrap_match)
    answer = post_deal(api, khrap_match, {"type": "play", "khrap": 0, "circle": 1, "tricks": [1, 0, 6]})
    assert answer.status_code == 400
    assert [(v["code"], v["field"]) for v in answer.json()["violations"]] == [("tricks_total", "tricks[2]")]
    assert stored(khrap_match) == before


def test_a_penalty_is_any_whole_amount_and_a_bonus_stops_at_the_pot(api: APIClient, khrap_match: Match) -> None:
    # RULES.md: a penalty "need not be a multiple of stake"; "more than the pot holds is pot_too_small".
    fine = post_deal(api, khrap_match, penalty(1, -3, "a 3-unit mistake"))  # no deal, no antes: pot 3
    assert fine.status_code == 201, fine.content
    assert fine.json()["deal"]["entry"] == penalty(1, -3, "a 3-unit mistake")
    assert (fine.json()["scoresheet"]["totals"], fine.json()["scoresheet"]["state"]["pot"]) == ([0, -3, 0], 3)
    before = stored(khrap_match)
    greedy = post_deal(api, khrap_match, penalty(2, 4, "a bonus"))  # 4 > the 3 in the pot
    assert greedy.status_code == 400
    assert [(v["code"], v["field"]) for v in greedy.json()["violations"]] == [("pot_too_small", "points")]
    assert stored(khrap_match) == before
    bonus = post_deal(api, khrap_match, penalty(2, 3, "a bonus"))  # the whole pot, 3: Вика +3, pot 0
    assert bonus.status_code == 201, bonus.content
    assert (bonus.json()["scoresheet"]["totals"], bonus.json()["scoresheet"]["state"]["pot"]) == ([0, -3, 3], 0)
