"""A refused edit or void says in words which later deal it would break."""
from __future__ import annotations

import pytest
from django.test import Client

from scorebook import services

pytestmark = pytest.mark.django_db

PLAYERS = ["Аня", "Борис", "Вика"]


def penalty(player: int, points: int) -> dict:
    return {"type": "penalty", "player": player, "points": points, "reason": ""}


@pytest.fixture
def match(owner):
    # Deal 1 puts Аня at −130, deal 2 lifts her to −100 (penalties: the dealer stays), so in deal 3
    # she may bid 110. Without deal 2 she stays at −130, below bid_ban_below (−120): deal 3 breaks.
    match = services.match_create(owner=owner, game="thousand", players=PLAYERS)
    for entry in (penalty(0, -130), penalty(0, 30),
                  {"type": "play", "declarer": 0, "bid": 110, "points": [50, 40, 30]}):
        services.deal_record(match=match, entry=entry)
    match.refresh_from_db()
    return match


def summary(page: str) -> str:
    return page.split("data-error-summary>", 1)[1].split("</div>", 1)[0]


def test_a_refused_void_names_the_later_deal_above_the_form(signed_in: Client, match) -> None:
    page = signed_in.post(f"/matches/{match.pk}/deals/2/", {"action": "void",
                                                            "expected_version": match.version}).content.decode()
    words = summary(page)
    assert "Deal 3 would no longer be valid: " in words
    assert "data-error-field" not in words  # a void has no field: the words stand above the form
    assert not match.deals.get(number=2).voided


def test_a_refused_edit_names_the_later_deal(signed_in: Client, match) -> None:
    # Deal 2 edited to a bonus of 5 instead of 30: Аня at −130 + 5 = −125, below −120: deal 3 breaks.
    page = signed_in.post(f"/matches/{match.pk}/deals/2/", {
        "action": "penalty", "player": "0", "penalty_sign": "bonus", "penalty_points": "5",
        "expected_version": match.version}).content.decode()
    assert "Deal 3 would no longer be valid: " in summary(page)
    assert match.deals.get(number=2).entry["points"] == 30
