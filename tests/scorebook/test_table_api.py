"""The people at the table through the API: the invite read, renewed and revoked, joining from its
token, the members listed, a role changed, a member removed, a seat claimed; and who may do it."""

from __future__ import annotations

import pytest
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from scorebook import services
from scorebook.models import Match, Member
from tests.scorebook.conftest import PLAYERS, play
from tests.scorebook.test_schema_types import conforms

pytestmark = pytest.mark.django_db


def phone(user) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=user).key}")
    return client


@pytest.fixture
def table(owner) -> Match:
    return services.match_create(owner=owner, game="thousand", players=PLAYERS)


def test_the_owner_invites_a_player_joins_claims_a_seat_and_is_removed(api, table, django_user_model) -> None:
    base = f"/api/matches/{table.pk}"
    assert api.get(f"{base}/invite/").json() == {"token": None, "role": "player", "url": None}
    invite = api.post(f"{base}/invite/", {"role": "player"}, format="json").json()
    assert invite["role"] == "player" and len(invite["token"]) == 32
    assert invite["url"] == f"http://testserver/join/{invite['token']}/"
    boris = phone(django_user_model.objects.create_user(username="boris"))
    joined = boris.post(f"/api/join/{invite['token']}/", {}, format="json")
    assert joined.status_code == 201
    member = joined.json()["member"]
    assert joined.json()["role"] == "player" and member["username"] == "boris" and member["seat"] is None
    assert boris.post(f"/api/join/{invite['token']}/", {}, format="json").status_code == 200  # already there
    assert boris.post(f"{base}/seat/", {"seat": 1}, format="json").json()["seat"] == 1
    assert boris.post(f"{base}/deals/", {"entry": play(0, 100)}, format="json").status_code == 201
    listed = api.get(f"{base}/members/").json()
    assert listed == {"owner": "anya", "members": [member | {"seat": 1}]}
    # A member is refused what his role does not allow, in API.md's shape.
    refused = boris.post(f"{base}/invite/", {}, format="json")
    assert refused.status_code == 403 and refused.json() == {"detail": "Your role at this match does not allow this."}
    assert boris.delete(f"{base}/members/{member['id']}/").status_code == 403
    changed = api.patch(f"{base}/members/{member['id']}/", {"role": "watcher"}, format="json").json()
    assert changed["role"] == "watcher" and changed["seat"] is None  # a watcher has no seat
    assert api.patch(f"{base}/members/{member['id']}/", {"role": "owner"}, format="json").status_code == 400
    assert api.delete(f"{base}/members/{member['id']}/").json() == {"owner": "anya", "members": []}
    assert boris.get(f"{base}/").status_code == 404 and boris.get("/api/matches/").json()["results"] == []


def test_a_revoked_or_renewed_token_joins_nobody(api, table, django_user_model) -> None:
    base = f"/api/matches/{table.pk}"
    first = api.post(f"{base}/invite/", {"role": "watcher"}, format="json").json()["token"]
    second = api.post(f"{base}/invite/", {}, format="json").json()
    assert second["role"] == "watcher" and second["token"] != first
    boris = phone(django_user_model.objects.create_user(username="boris"))
    assert boris.post(f"/api/join/{first}/", {}, format="json").status_code == 404
    assert api.delete(f"{base}/invite/").json() == {"token": None, "role": "watcher", "url": None}
    assert boris.post(f"/api/join/{second['token']}/", {}, format="json").status_code == 404
    assert Member.objects.count() == 0
    # Only the owner hands out invites: a stranger's try is the 404 of a match that does not exist.
    assert boris.post(f"{base}/invite/", {}, format="json").status_code == 404
    assert boris.get(f"{base}/members/").status_code == 404


def test_the_owner_joining_his_own_invite_stays_the_owner(api, table) -> None:
    token = api.post(f"/api/matches/{table.pk}/invite/", {"role": "watcher"}, format="json").json()["token"]
    assert api.post(f"/api/join/{token}/", {}, format="json").json() == {"match": table.pk, "role": "owner",
                                                                         "member": None}


def test_the_table_answers_as_its_schema_says(api, table, django_user_model) -> None:
    base = f"/api/matches/{table.pk}"
    boris = phone(django_user_model.objects.create_user(username="boris"))
    stranger = phone(django_user_model.objects.create_user(username="stranger"))
    invite = api.post(f"{base}/invite/", {"role": "player"}, format="json")
    token = invite.json()["token"]
    joined = boris.post(f"/api/join/{token}/", {}, format="json")
    member = f"{base}/members/{joined.json()['member']['id']}/"
    cases = [
        (invite, "post", f"{base}/invite/", 200),
        (api.get(f"{base}/invite/"), "get", f"{base}/invite/", 200),
        (joined, "post", f"/api/join/{token}/", 201),
        (boris.post(f"{base}/seat/", {"seat": 2}, format="json"), "post", f"{base}/seat/", 200),
        (boris.post(f"{base}/seat/", {"seat": 7}, format="json"), "post", f"{base}/seat/", 400),
        (boris.get(f"{base}/members/"), "get", f"{base}/members/", 200),
        (boris.get(f"{base}/invite/"), "get", f"{base}/invite/", 403),
        (stranger.get(f"{base}/invite/"), "get", f"{base}/invite/", 404),
        (api.patch(member, {"role": "referee"}, format="json"), "patch", member, 200),
        (api.patch(member, {"role": "owner"}, format="json"), "patch", member, 400),
        (api.delete(member), "delete", member, 200),
        (api.delete(f"{base}/invite/"), "delete", f"{base}/invite/", 200),
        (boris.post(f"/api/join/{token}/", {}, format="json"), "post", f"/api/join/{token}/", 404),
    ]
    assert [conforms(answer, method, path) for answer, method, path, _ in cases] == [code for *_, code in cases]
