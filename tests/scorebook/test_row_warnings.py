"""A warning the referee gives when a deal is saved stays on that deal's row of the sheet, not only
in the message shown once after the save."""
from __future__ import annotations

import pytest
from django.test import Client

from scorebook import selectors, services

pytestmark = pytest.mark.django_db

PLAYERS = ["Аня", "Борис", "Вика"]


def test_a_bid_over_120_without_a_marriage_is_kept_on_its_row(signed_in: Client, owner) -> None:
    # Deal 1: Аня bids 130 with no marriage and takes all 120 (a warning: a marriage may have been
    # held and never declared). Deal 2: Борис bids 100, nothing to warn of.
    match = services.match_create(owner=owner, game="thousand", players=PLAYERS)
    written = services.deal_record(match=match, entry={"type": "play", "declarer": 0, "bid": 130,
                                                       "points": [120, 0, 0]})
    assert [w.code for w in written.warnings] == ["no_marriage_for_bid"]
    services.deal_record(match=match, entry={"type": "play", "declarer": 1, "bid": 100, "points": [20, 100, 0]})
    match.refresh_from_db()
    rows = selectors.current_sheet(match)["rows"]
    assert [[w["code"] for w in row["warnings"]] for row in rows] == [["no_marriage_for_bid"], []]
    page = signed_in.get(f"/matches/{match.pk}/").content.decode()
    first = page.split('id="deal-1"', 1)[1].split('id="deal-2"', 1)[0]
    second = page.split('id="deal-2"', 1)[1].split("sheet-foot", 1)[0]
    assert '<li class="warning">A bid over 120 without a marriage.</li>' in first
    assert 'class="row-warning"' in first
    assert "row-warning" not in second
