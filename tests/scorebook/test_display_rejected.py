"""The table display when the last deal is a rejected one (confirmation mode): the owner's display,
its poll, and the share link's display and poll show the totals of the deals that count, never a
500 (issue 28, item 1). Totals from 1000's rules (tests/scorebook/test_confirmation.py says how):
deal 1, Аня bids 100 and takes 100, Борис 12 → 10, Вика 8 → 10."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from scorebook import services
from scorebook.models import Match, Member
from tests.scorebook.conftest import PLAYERS
from tests.scorebook.test_confirmation import FIRST, SECOND

pytestmark = pytest.mark.django_db


@pytest.fixture
def table(owner, django_user_model) -> dict:
    match = services.match_create(owner=owner, game="thousand", players=PLAYERS, confirmation=True)
    found: dict = {"match": match}
    for name, seat in (("boris", 1), ("vika", 2)):
        user = django_user_model.objects.create_user(username=name)
        Member.objects.create(match=match, user=user, name=name, role="player", seat=seat)
        found[name] = user
    return found


def _rejected(table: dict, *, confirmed_first: bool) -> Match:
    """Борис enters deals; Вика confirms the first (or not: then it is the one rejected) and rejects the last."""
    match = table["match"]
    services.deal_record(match=match, entry=FIRST, author=table["boris"])
    if confirmed_first:
        services.deal_confirm(match=match, number=1, author=table["vika"])
        services.deal_record(match=match, entry=SECOND, author=table["boris"])
    last = 2 if confirmed_first else 1
    services.deal_reject(match=match, number=last, author=table["vika"], reason="Борис had 95")
    return services.match_share(match=Match.objects.get(pk=match.pk))


def _totals(html: str) -> list[str]:
    return re.findall(r'<span class="display-total">([^<]+)</span>', html)


def _pages(match: Match) -> list[str]:
    return [f"/matches/{match.pk}/display/", f"/matches/{match.pk}/display/panel/?since=0",
            f"/watch/{match.share_token}/display/", f"/watch/{match.share_token}/display/panel/?since=0"]


@pytest.mark.parametrize(("confirmed_first", "totals", "count"), [
    pytest.param(True, ["100", "10", "10"], "1 deal", id="deal-2-rejected-deal-1-counts"),
    pytest.param(False, ["0", "0", "0"], "0 deals", id="the-only-deal-rejected"),
])
def test_the_display_shows_what_counts_when_the_last_deal_is_rejected(
        table, owner, confirmed_first: bool, totals: list[str], count: str) -> None:
    match = _rejected(table, confirmed_first=confirmed_first)
    client = Client()
    client.force_login(owner)
    for path in _pages(match):
        answer = client.get(path)
        html = answer.content.decode()
        assert answer.status_code == 200, path
        assert _totals(html) == totals, path
        assert f'<p class="display-count">{count}</p>' in html, path
        # The rejected deal is not among the last deals (it has no figures to show).
        rows = re.findall(r'<tr><th scope="row">(\d+)</th>', html)
        assert rows == (["1"] if confirmed_first else []), path
