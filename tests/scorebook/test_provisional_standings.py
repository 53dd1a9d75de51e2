"""The sticky totals while a deal is pending (issue 28, item 8): they say they are provisional and
hold the settled totals a tap away, on the page and in the poll's out-of-band bar; once the deal is
confirmed they are plain totals again. Totals from 1000's rules (tests/scorebook/test_confirmation.py):
deal 1 gives 100, 10, 10 (settled); deal 2, pending, Борис fails 120 (−120), Аня +20, Вика +10:
provisional 120, −110, 20."""

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
    services.deal_record(match=match, entry=FIRST, author=found["boris"])
    services.deal_confirm(match=match, number=1, author=found["vika"])
    services.deal_record(match=match, entry=SECOND, author=found["boris"])
    return found


def _bar(html: str) -> str:
    found = re.search(r'<div id="standings".*?</details>\s*</div>|<div id="standings".*?</div>', html, re.S)
    assert found is not None
    return found.group(0)


def _totals(html: str) -> list[str]:
    return re.findall(r'<span class="standing-total">([^<]+)</span>', html)


@pytest.mark.parametrize(("language", "provisional", "settled", "note"), [
    pytest.param("en", "provisional", "Settled totals", "Settled: before deal 2, which waits for another seat.",
                 id="en"),
    pytest.param("ru", "предварительно", "Подтверждённый счёт",
                 "Подтверждено: до сдачи 2, которая ждёт подтверждения от другого места.", id="ru"),
    pytest.param("uk", "попередньо", "Підтверджений рахунок",
                 "Підтверджено: до роздачі 2, яка чекає підтвердження від іншого місця.", id="uk"),
])
def test_the_sticky_totals_say_they_are_provisional(table, language: str, provisional: str, settled: str,
                                                    note: str) -> None:
    match = Match.objects.get(pk=table["match"].pk)
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.force_login(table["vika"])
    page = client.get(f"/matches/{match.pk}/").content.decode()
    poll = client.get(f"/matches/{match.pk}/sheet/?since={match.version - 1}").content.decode()
    for html in (page, poll):
        bar = _bar(html)
        assert 'class="standings is-provisional"' in bar
        assert f'<span class="badge badge-pending">{provisional}</span>' in bar and settled in bar and note in bar
        provisional_totals, settled_totals = bar.split("data-settled-standings")
        assert _totals(provisional_totals) == ["120", "−110", "20"]
        assert _totals(settled_totals) == ["100", "10", "10"]


def test_confirmed_the_totals_are_settled_again(table) -> None:
    match = table["match"]
    services.deal_confirm(match=match, number=2, author=table["vika"])
    client = Client()
    client.force_login(table["vika"])
    bar = _bar(client.get(f"/matches/{match.pk}/").content.decode())
    assert "is-provisional" not in bar and "standings-provisional" not in bar
    assert _totals(bar) == ["120", "−110", "20"]
