"""1000 through the edges: contradicting options refused at creation, the settlement on the sheet."""

from __future__ import annotations

import pytest
from django.test import Client

from scorebook import services
from tests.scorebook.conftest import PLAYERS, penalty, play

pytestmark = pytest.mark.django_db


def test_contradicting_options_answer_400_and_store_no_match(api, owner) -> None:
    response = api.post("/api/matches/", {"game": "thousand", "players": PLAYERS,
                                          "options": {"barrel_threshold": 1000}}, format="json")
    assert response.status_code == 400
    assert [(v["code"], v["field"]) for v in response.json()["violations"]] == [
        ("options_conflict", "options.barrel_threshold")]
    assert owner.matches.count() == 0


def test_a_regional_preset_is_frozen_into_the_match(api) -> None:
    response = api.post("/api/matches/", {"game": "thousand", "players": PLAYERS, "preset": "barrel_900"},
                        format="json")
    assert response.status_code == 201
    assert response.json()["options"]["barrel_threshold"] == 900


def test_the_finished_sheet_shows_who_pays_whom(owner) -> None:
    # No barrel, target 300, 2 a point: Аня +250, then makes 100 (100, 12→10, 8→10) → 350, wins.
    # Борис and Вика each lack 300 − 10 = 290 points: 580 each.
    match = services.match_create(owner=owner, game="thousand", players=PLAYERS,
                                  options={"barrel": False, "target": 300, "stake_per_point": 2})
    services.deal_record(match=match, entry=penalty(0, 250))
    services.deal_record(match=match, entry=play(0, 100, points=(100, 12, 8)))
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(owner)
    sheet = client.get(f"/api/matches/{match.pk}/scoresheet/").json()
    assert sheet["winner"] == 0
    assert sheet["state"]["settlement"] == [{"from": 1, "to": 0, "points": 290, "money": "580"},
                                            {"from": 2, "to": 0, "points": 290, "money": "580"}]
    page = client.get(f"/matches/{match.pk}/").content.decode()
    assert "Settlement" in page
    assert page.count(">580<") == 2


def test_the_edit_page_of_a_penalty_voids_it(owner) -> None:
    # Аня −50 (a fine), then a play: Аня 100 of 100 → +100, Борис 12 → 10, Вика 8 → 10.
    match = services.match_create(owner=owner, game="thousand", players=PLAYERS)
    services.deal_record(match=match, entry=penalty(0, -50, "late"))
    services.deal_record(match=match, entry=play(0, 100, points=(100, 12, 8)))
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(owner)
    page = client.get(f"/matches/{match.pk}/deals/1/")
    assert page.status_code == 200  # it answered 500: the form read the penalty's points as a list
    html = page.content.decode()
    assert 'name="penalty_points" type="text" inputmode="numeric" value="50"' in html  # −50: a fine of 50
    assert 'name="penalty_sign" value="fine" id="penalty-fine" checked' in html
    assert 'name="player" value="0" checked' in html and 'value="late"' in html
    match.refresh_from_db()
    voided = client.post(f"/matches/{match.pk}/deals/1/", {"action": "void", "expected_version": match.version})
    assert voided.status_code == 302
    match.refresh_from_db()
    # Without the fine: −50 + 100 = 50 becomes 100.
    assert match.sheet["totals"] == [100, 10, 10] and match.deals.get(number=1).voided


@pytest.mark.parametrize(("options", "label"), [
    pytest.param({}, "an exposed card (dealer −120, next dealer)", id="classic-120"),
    pytest.param({"redeal_penalty": 50}, "an exposed card (dealer −50, next dealer)", id="house-rule-50"),
])
def test_the_redeal_reason_says_the_matchs_penalty(owner, options, label) -> None:
    # RULES.md `redeal_penalty`: what an exposed card costs the dealer (120 unless the match says).
    match = services.match_create(owner=owner, game="thousand", players=PLAYERS, options=options)
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(owner)
    assert f'<option value="exposed_card">{label}</option>' in client.get(f"/matches/{match.pk}/").content.decode()


def test_the_redeal_reason_in_russian(owner) -> None:
    match = services.match_create(owner=owner, game="thousand", players=PLAYERS, options={"redeal_penalty": 50})
    client = Client(HTTP_ACCEPT_LANGUAGE="ru")
    client.force_login(owner)
    assert "открытая карта (сдающему −50, сдаёт следующий)" in client.get(f"/matches/{match.pk}/").content.decode()
