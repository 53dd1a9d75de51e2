"""An invite may carry an expiry (finding 15 of the second security pass): an option of the invite,
none by default; the owner's panel offers never, an hour, a day, a week, the API any number of
hours up to a month (``expires_in_hours``, null: never) and shows when it ends (``expires``). Past
it the link joins nobody: the API's 404, as for a revoked invite, and on the pages a clear page in
the reader's language. A link past its time is made to be so by moving its end into the past in
the database: the clock is the database's and Django's, not the test's."""

from __future__ import annotations

import json
from datetime import timedelta
from typing import Any

import pytest
from django.test import Client
from django.utils import timezone
from rest_framework.test import APIClient

from referee import roles
from referee.ledger import Rejected
from scorebook import services
from scorebook.models import Match, Member
from tests.scorebook.conftest import PLAYERS

pytestmark = pytest.mark.django_db

EXPIRED = {
    "en": "This invite has expired: ask the owner for a new one.",
    "ru": "Срок этого приглашения истёк: попросите у хозяина новое.",
    "uk": "Термін цього запрошення минув: попросіть у власника нове.",
}


@pytest.fixture
def table(owner) -> Match:
    return services.match_create(owner=owner, game="thousand", players=PLAYERS)


def expire(match: Match) -> str:
    """Move the invite's end into the past; its token."""
    Match.objects.filter(pk=match.pk).update(invite_expires=timezone.now() - timedelta(seconds=1))
    return match.invite_token


def ends_in(match: Match) -> timedelta:
    match.refresh_from_db()
    return match.invite_expires - timezone.now()


# ---------------------------------------------------------------- the services


def test_an_invite_has_no_end_unless_given_one(table, owner) -> None:
    services.invite_renew(match=table, by=owner, role=roles.PLAYER)
    table.refresh_from_db()
    assert table.invite_expires is None
    services.invite_renew(match=table, by=owner, expires_in=timedelta(days=1))
    assert timedelta(hours=23, minutes=59) < ends_in(table) <= timedelta(days=1)
    # A new link is made with its own end: none, unless given again.
    services.invite_renew(match=table, by=owner)
    table.refresh_from_db()
    assert table.invite_expires is None


@pytest.mark.parametrize("expires_in", [timedelta(0), timedelta(seconds=-1), timedelta(days=31)])
def test_an_end_out_of_range_is_refused_and_the_invite_stays(table, owner, expires_in: timedelta) -> None:
    services.invite_renew(match=table, by=owner, role=roles.WATCHER)
    token = table.invite_token
    with pytest.raises(Rejected) as refused:
        services.invite_renew(match=table, by=owner, role=roles.PLAYER, expires_in=expires_in)
    assert [(v.code, v.field) for v in refused.value.violations] == [("bad_expiry", "expires_in")]
    table = Match.objects.get(pk=table.pk)
    assert (table.invite_token, table.invite_role, table.invite_expires) == (token, roles.WATCHER, None)


def test_a_revoked_invite_forgets_its_end(table, owner) -> None:
    services.invite_renew(match=table, by=owner, expires_in=timedelta(hours=1))
    services.invite_revoke(match=table, by=owner)
    table.refresh_from_db()
    assert (table.invite_token, table.invite_expires) == (None, None)


def test_nobody_joins_through_an_expired_invite(table, owner, stranger) -> None:
    services.invite_renew(match=table, by=owner, expires_in=timedelta(hours=1))
    token = expire(table)
    with pytest.raises(services.NotFound):
        services.match_join(token=token, name="Вера")
    with pytest.raises(services.NotFound):
        services.match_join(token=token, user=stranger)
    assert not Member.objects.exists()


# ---------------------------------------------------------------- the API


def send(api: APIClient, method: str, url: str, body: Any) -> Any:
    return getattr(api, method)(url, json.dumps(body), content_type="application/json")


def test_the_api_sets_and_shows_the_end(api, table) -> None:
    url = f"/api/matches/{table.pk}/invite/"
    made = send(api, "post", url, {"role": "player", "expires_in_hours": 24})
    assert made.status_code == 200
    assert timedelta(hours=23, minutes=59) < ends_in(table) <= timedelta(hours=24)
    assert made.json()["expires"] == table.invite_expires.isoformat().replace("+00:00", "Z")
    assert api.get(url).json()["expires"] == made.json()["expires"]
    for body in ({"expires_in_hours": None}, {}):
        assert send(api, "post", url, body).json()["expires"] is None
    assert api.delete(url).json() == {"token": None, "role": "player", "url": None, "expires": None}


@pytest.mark.parametrize("hours", [0, -1, 721, 1.5, "a day", True, "\ud800", [24]])
def test_the_api_refuses_an_end_out_of_range_and_keeps_the_invite(api, table, owner, hours: Any) -> None:
    services.invite_renew(match=table, by=owner, role=roles.WATCHER)
    token = table.invite_token
    answer = send(api, "post", f"/api/matches/{table.pk}/invite/", {"role": "player", "expires_in_hours": hours})
    assert answer.status_code == 400
    assert [v["field"] for v in answer.json()["violations"]] == ["expires_in_hours"]
    table = Match.objects.get(pk=table.pk)
    assert (table.invite_token, table.invite_role, table.invite_expires) == (token, roles.WATCHER, None)


@pytest.mark.parametrize("who", ["guest", "signed-in"])
def test_joining_through_an_expired_invite_is_the_404_of_a_revoked_one(api, table, owner, django_user_model,
                                                                       who: str) -> None:
    services.invite_renew(match=table, by=owner, expires_in=timedelta(hours=1))
    phone = APIClient()
    if who == "signed-in":
        phone.force_authenticate(django_user_model.objects.create_user(username="boris"))
    revoked = services.match_create(owner=owner, game="thousand", players=PLAYERS)
    services.invite_renew(match=revoked, by=owner)
    revoked_token = revoked.invite_token
    services.invite_revoke(match=revoked, by=owner)
    gone = send(phone, "post", f"/api/join/{revoked_token}/", {"name": "Вера"})
    answer = send(phone, "post", f"/api/join/{expire(table)}/", {"name": "Вера"})
    assert (answer.status_code, answer.json()) == (404, gone.json()) and gone.status_code == 404
    assert not Member.objects.exists()


# ---------------------------------------------------------------- the pages


@pytest.mark.parametrize(("choice", "lasts"), [("", None), ("1", timedelta(hours=1)), ("24", timedelta(days=1)),
                                               ("168", timedelta(weeks=1))])
def test_the_owner_chooses_the_end_on_the_members_panel(signed_in: Client, table, choice: str,
                                                        lasts: timedelta | None) -> None:
    panel = signed_in.get(f"/matches/{table.pk}/?panel=members").content.decode()
    assert 'name="expires_in"' in panel
    for value in ("", "1", "24", "168"):
        assert f'<option value="{value}"' in panel
    answer = signed_in.post(f"/matches/{table.pk}/invite/", {"role": "player", "expires_in": choice})
    assert answer.status_code == 302
    table.refresh_from_db()
    if lasts is None:
        assert table.invite_token and table.invite_expires is None
    else:
        assert lasts - timedelta(minutes=1) < ends_in(table) <= lasts


def test_the_panel_says_when_the_link_ends_and_that_it_ended(signed_in: Client, table, owner) -> None:
    services.invite_renew(match=table, by=owner, expires_in=timedelta(days=1))
    page = signed_in.get(f"/matches/{table.pk}/?panel=members").content.decode()
    assert "This link works for 23" in page
    expire(table)
    page = signed_in.get(f"/matches/{table.pk}/?panel=members").content.decode()
    assert "This link has expired: nobody joins with it any more." in page


@pytest.mark.parametrize("choice", ["5", "never", "-24", "\x00", "1" * 50])
def test_a_forged_end_on_the_page_is_refused_and_nothing_changes(signed_in: Client, table, owner,
                                                                  choice: str) -> None:
    services.invite_renew(match=table, by=owner, role=roles.WATCHER)
    token = table.invite_token
    answer = signed_in.post(f"/matches/{table.pk}/invite/", {"role": "player", "expires_in": choice}, follow=True)
    assert "Choose when the invite link ends: never, in an hour, a day or a week." in answer.content.decode()
    table = Match.objects.get(pk=table.pk)
    assert (table.invite_token, table.invite_role, table.invite_expires) == (token, roles.WATCHER, None)


@pytest.mark.parametrize("language", ["en", "ru", "uk"])
@pytest.mark.parametrize("method", ["get", "post"])
def test_an_expired_link_says_so_on_a_page(table, owner, django_user_model, language: str, method: str) -> None:
    services.invite_renew(match=table, by=owner, expires_in=timedelta(hours=1))
    link = f"/join/{expire(table)}/"
    guest = Client(HTTP_ACCEPT_LANGUAGE=language)
    boris = Client(HTTP_ACCEPT_LANGUAGE=language)
    boris.force_login(django_user_model.objects.create_user(username="boris"))
    for browser in (guest, boris):
        answer = getattr(browser, method)(link, {"name": "Вера"} if method == "post" else None)
        page = answer.content.decode()
        assert answer.status_code == 404
        assert EXPIRED[language] in page and f'<html lang="{language}"' in page
    assert not Member.objects.exists()
