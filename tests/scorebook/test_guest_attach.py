"""Guest places taken over by an account (issue [2/6], findings 3 and 12).

Finding 3: a player who joined a second seat as a guest wrote a deal there, attached the guest key
to his account (the guest row deleted, the deal's author emptied), then confirmed that deal: 200.
Now attaching never loses an author (the deals, their history and the proposals move to the
account), a person who would hold two seats is refused unless he merges explicitly (his own seat
stays, the guest's is freed), and nobody confirms a deal he wrote under either identity.

Finding 12: a session planted in a victim's browser (holding a guest place) was attached to the
victim at sign-in. Now signing in attaches nothing: the page offers the places, and they are the
user's only once he says so.

1000 deals below (3 players, classic): play(0, 100, points=[120, 0, 0]) — Аня makes 100 → +100.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from rest_framework.test import APIClient

from scorebook import services
from scorebook.models import Deal, Match, Member, Revision
from scorebook.web.people import GUESTS
from tests.scorebook.conftest import PLAYERS, play

pytestmark = pytest.mark.django_db

PASSWORD = "a long and secret enough password 7"


def phone_of(user: Any) -> APIClient:
    phone = APIClient()
    phone.force_authenticate(user)
    return phone


def guest_phone(key: str) -> APIClient:
    phone = APIClient()
    phone.credentials(HTTP_AUTHORIZATION=f"Guest {key}")
    return phone


@pytest.fixture
def table(owner, django_user_model) -> dict[str, Any]:
    """A confirmation-mode match; Борис plays at seat 1 as himself (signed in)."""
    match = services.match_create(owner=owner, game="thousand", players=PLAYERS, confirmation=True)
    match = services.invite_renew(match=match, by=owner, role="player")
    boris = django_user_model.objects.create_user(username="boris", password=PASSWORD)
    Member.objects.create(match=match, user=boris, name="boris", role="player", seat=1)
    return {"match": match, "boris": boris, "invite": match.invite_token}


def joined_as_guest(table: dict[str, Any], seat: int) -> tuple[Member, str]:
    """Someone joins through the invite as a guest, sits at *seat* and writes deal 1 from there."""
    answer = APIClient().post(f"/api/join/{table['invite']}/", {"name": "Петя"}, format="json")
    assert answer.status_code == 201
    key = answer.json()["guest_key"]
    guest = Member.objects.get(match=table["match"], user__isnull=True)
    phone = guest_phone(key)
    assert phone.post(f"/api/matches/{table['match'].pk}/seat/", {"seat": seat}, format="json").status_code == 200
    assert phone.post(f"/api/matches/{table['match'].pk}/deals/", {"entry": play(0, 100, points=[120, 0, 0])},
                      format="json").status_code == 201
    assert Deal.objects.get(match=table["match"], number=1).member_id == guest.pk
    return guest, key


def test_a_second_seat_attached_is_refused_unless_merged_and_its_deal_is_never_confirmed_by_its_author(table) -> None:
    match, boris = table["match"], table["boris"]
    guest, key = joined_as_guest(table, seat=2)  # Борис's second seat, as the guest Петя
    phone = phone_of(boris)
    refused = phone.post("/api/guests/attach/", {"keys": [key]}, format="json")
    assert refused.status_code == 400 and refused.json()["violations"][0]["code"] == "two_seats"
    assert Member.objects.filter(pk=guest.pk, user__isnull=True, seat=2).exists()  # nothing moved
    merged = phone.post("/api/guests/attach/", {"keys": [key], "merge": True}, format="json")
    assert merged.status_code == 200 and merged.json()["matches"] == [match.pk]
    assert not Member.objects.filter(pk=guest.pk).exists()
    assert Member.objects.get(match=match, user=boris).seat == 1  # his own seat stays; the guest's is free
    deal = Deal.objects.get(match=match, number=1)
    assert (deal.author, deal.member_id, deal.seat, deal.status) == (boris, None, 2, "pending")
    assert list(Revision.objects.filter(deal=deal).values_list("author", "member")) == [(boris.pk, None)]
    # Борис wrote deal 1 (as Петя): he may not confirm it from his own seat.
    assert phone.post(f"/api/matches/{match.pk}/deals/1/confirm/", {}, format="json").status_code == 403
    assert Deal.objects.get(match=match, number=1).status == "pending"
    assert guest_phone(key).get(f"/api/matches/{match.pk}/").status_code == 401  # the key is spent


def test_a_guest_alone_at_the_table_becomes_the_account_with_his_deals(table, django_user_model) -> None:
    match = table["match"]
    guest, key = joined_as_guest(table, seat=2)
    vika = django_user_model.objects.create_user(username="vika")
    assert phone_of(vika).post("/api/guests/attach/", {"keys": [key]}, format="json").status_code == 200
    member = Member.objects.get(pk=guest.pk)
    assert (member.user, member.guest_key, member.seat) == (vika, None, 2)
    assert Deal.objects.get(match=match, number=1).author == vika
    assert phone_of(vika).post(f"/api/matches/{match.pk}/deals/1/confirm/", {}, format="json").status_code == 403
    assert phone_of(table["boris"]).post(f"/api/matches/{match.pk}/deals/1/confirm/", {},
                                         format="json").status_code == 200


def test_the_owner_attaching_his_own_guest_place_keeps_its_deals_his(table, owner) -> None:
    match = table["match"]
    guest, key = joined_as_guest(table, seat=2)
    assert phone_of(owner).post("/api/guests/attach/", {"keys": [key]}, format="json").status_code == 200
    assert not Member.objects.filter(pk=guest.pk).exists()
    assert Deal.objects.get(match=match, number=1).author == owner  # never an author lost


def test_a_proposal_made_as_a_guest_is_the_accounts_after_attaching(owner, django_user_model) -> None:
    match = services.match_create(owner=owner, game="thousand", players=PLAYERS, confirmation=True)
    services.deal_record(match=match, entry=play(0, 100, points=[120, 0, 0]), author=owner)
    guest = Member.objects.create(match=match, guest_key="g" * 43, name="Петя", role="player", seat=2)
    services.deal_confirm(match=match, number=1, author=guest)  # the owner's deal, confirmed by a seat
    services.deal_propose(match=match, number=1, entry=play(0, 100, points=[60, 30, 30]), author=guest)
    vika = django_user_model.objects.create_user(username="vika")
    services.guests_attach(user=vika, keys=["g" * 43])
    proposal = Deal.objects.get(match=match, number=1).proposal
    assert (proposal["user"], proposal["member"], proposal["seat"]) == (vika.pk, None, 2)


# ---------------------------------------------------------------- at sign-in: offered, never taken


def guest_browser(table: dict[str, Any], name: str) -> Client:
    browser = Client(HTTP_ACCEPT_LANGUAGE="en")
    assert browser.post(f"/join/{table['invite']}/", {"name": name}).status_code == 302
    return browser


def test_signing_in_attaches_nothing_until_the_user_says_so(table, django_user_model) -> None:
    match = table["match"]
    browser = guest_browser(table, "Vika")
    guest = Member.objects.get(match=match, name="Vika")
    vika = django_user_model.objects.create_user(username="vika", password=PASSWORD)
    assert browser.post("/accounts/login/", {"username": "vika", "password": PASSWORD}).status_code == 302
    assert Member.objects.get(pk=guest.pk).user is None  # not taken at sign-in
    page = browser.get("/").content.decode()
    assert "You joined “" in page and "as the guest “Vika”" in page and "Attach to my account" in page
    assert browser.post("/accounts/guest-places/", {"action": "attach", "next": "/"}).status_code == 302
    assert Member.objects.get(pk=guest.pk).user == vika
    assert "Attach to my account" not in browser.get("/").content.decode()
    assert browser.get(f"/matches/{match.pk}/").status_code == 200


def test_a_planted_guest_session_is_offered_and_forgotten_never_attached(table, django_user_model) -> None:
    # Mallory joins as a guest, then plants her session's cookie in Vika's browser; Vika signs in.
    match = table["match"]
    mallory = guest_browser(table, "Mallory")
    planted = Member.objects.get(match=match, name="Mallory")
    victim = Client(HTTP_ACCEPT_LANGUAGE="en")
    victim.cookies["sessionid"] = mallory.cookies["sessionid"].value
    django_user_model.objects.create_user(username="vika", password=PASSWORD)
    assert victim.post("/accounts/login/", {"username": "vika", "password": PASSWORD}).status_code == 302
    assert Member.objects.get(pk=planted.pk).user is None
    assert "“Mallory”" in victim.get("/").content.decode()
    assert victim.post("/accounts/guest-places/", {"action": "forget", "next": "/"}).status_code == 302
    assert Member.objects.get(pk=planted.pk).user is None
    assert "Attach to my account" not in victim.get("/").content.decode()


def test_a_session_holds_the_guests_membership_never_his_key(table) -> None:
    browser = guest_browser(table, "Vika")
    guest = Member.objects.get(match=table["match"], name="Vika")
    assert browser.session[GUESTS] == {str(table["match"].pk): guest.pk}
    assert Match.objects.get(pk=table["match"].pk).invite_token == table["invite"]
