"""A table holds at most SCOREBOOK_MAX_MEMBERS people besides its owner (issue [2/6], finding 7: an
invite link passed around let 2,617 guests a minute in, and 628 members made the match page
671 kB), and the owner's panel shows them a page at a time (scorebook/web/table.py MEMBERS_SHOWN)."""

from __future__ import annotations

import pytest
from django.test import Client
from rest_framework.test import APIClient

from referee.ledger import Rejected
from scorebook import services
from scorebook.models import Member
from scorebook.web.table import MEMBERS_SHOWN
from tests.scorebook.conftest import PLAYERS

pytestmark = pytest.mark.django_db


@pytest.fixture
def invited(owner):
    match = services.match_create(owner=owner, game="thousand", players=PLAYERS)
    return services.invite_renew(match=match, by=owner, role="watcher")


def test_the_default_table_holds_20(settings) -> None:
    assert settings.SCOREBOOK_MAX_MEMBERS == 20


def test_a_full_table_refuses_a_guest_and_a_user_on_every_path(invited, settings, django_user_model) -> None:
    settings.SCOREBOOK_MAX_MEMBERS = 3
    for name in ("Аня", "Борис", "Вика"):
        services.match_join(token=invited.invite_token, name=name)
    with pytest.raises(Rejected) as refused:
        services.match_join(token=invited.invite_token, name="Гриша")
    assert [v.code for v in refused.value.violations] == ["table_full"]
    api = APIClient(HTTP_ACCEPT_LANGUAGE="en").post(f"/api/join/{invited.invite_token}/", {"name": "Гриша"},
                                                    format="json")
    assert api.status_code == 400 and api.json()["violations"][0]["code"] == "table_full"
    assert "This table is full: 3 people have joined it already." in api.json()["violations"][0]["message"]
    page = Client(HTTP_ACCEPT_LANGUAGE="ru").post(f"/join/{invited.invite_token}/", {"name": "Гриша"})
    assert page.status_code == 400 and "Гриша" not in [m.name for m in Member.objects.all()]
    user = django_user_model.objects.create_user(username="dima")
    with pytest.raises(Rejected):
        services.match_join(token=invited.invite_token, user=user)
    assert Member.objects.filter(match=invited).count() == 3
    # Someone already at the table is no newcomer: he joins again as he is.
    member = Member.objects.filter(match=invited).first()
    member.user = django_user_model.objects.create_user(username="anya-2")
    member.guest_key = None
    member.save()
    assert services.match_join(token=invited.invite_token, user=member.user).pk == member.pk
    # Someone removed makes room.
    services.member_remove(match=invited, member=member.pk)
    assert services.match_join(token=invited.invite_token, name="Гриша").name == "Гриша"


def test_the_owners_panel_shows_the_table_a_page_at_a_time(invited, signed_in, settings) -> None:
    for number in range(MEMBERS_SHOWN + 3):
        services.match_join(token=invited.invite_token, name=f"Гость {number:02d}")
    first = signed_in.get(f"/matches/{invited.pk}/?panel=members").content.decode()
    assert first.count('class="member"') == MEMBERS_SHOWN and "Page 1" in first and "members=2" in first
    second = signed_in.get(f"/matches/{invited.pk}/?panel=members&members=2").content.decode()
    assert second.count('class="member"') == 3 and "Page 2" in second and "Гость 12" in second
    assert "members=1" in second and "members=3" not in second
