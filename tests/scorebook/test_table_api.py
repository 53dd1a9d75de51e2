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
    assert api.get(f"{base}/invite/").json() == {"token": None, "role": "player", "url": None, "expires": None}
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
    assert api.delete(f"{base}/invite/").json() == {"token": None, "role": "watcher", "url": None, "expires": None}
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


def guest_phone(key: str) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Guest {key}")
    return client


def test_a_guest_joins_through_the_api_with_a_name_and_plays_with_his_key(api, table) -> None:
    base = f"/api/matches/{table.pk}"
    token = api.post(f"{base}/invite/", {"role": "player"}, format="json").json()["token"]
    nobody = APIClient()
    refused = nobody.post(f"/api/join/{token}/", {"name": "  "}, format="json")
    assert refused.status_code == 400 and [v["code"] for v in refused.json()["violations"]] == ["bad_name"]
    assert Member.objects.count() == 0
    joined = nobody.post(f"/api/join/{token}/", {"name": "Вера"}, format="json")
    assert joined.status_code == 201
    body = joined.json()
    key = body.pop("guest_key")
    assert len(key) == 43 and body == {"match": table.pk, "role": "player", "member": {
        "id": body["member"]["id"], "name": "Вера", "username": None, "role": "player", "seat": None}}
    vera = guest_phone(key)
    # Joining again with the key: the same place, no new key.
    again = vera.post(f"/api/join/{token}/", {}, format="json")
    assert again.status_code == 200 and again.json() == body
    assert vera.post(f"{base}/seat/", {"seat": 1}, format="json").json()["seat"] == 1
    recorded = vera.post(f"{base}/deals/", {"entry": play(0, 100)}, format="json")
    assert recorded.status_code == 201
    assert vera.get(f"{base}/scoresheet/").json()["totals"] == [-100, 65, 10]
    assert vera.get(f"{base}/").json()["id"] == table.pk
    # The history names the guest's write as hers (by her membership, no account).
    assert Member.objects.get(pk=body["member"]["id"]).name == "Вера"
    # A guest is at her one table: the rest of the API asks her to sign in.
    for path in ("/api/matches/", "/api/games/"):
        answer = vera.get(path)
        assert answer.status_code == 403
        assert answer.json() == {"detail": "A guest plays at the match they joined only: sign in for the rest."}
    assert vera.post("/api/matches/", {"game": "thousand", "players": PLAYERS}, format="json").status_code == 403
    # Her role is a player's: the invite is the owner's.
    assert vera.post(f"{base}/invite/", {}, format="json").status_code == 403


def test_a_guest_key_opens_only_its_own_match_and_dies_with_the_removal(api, owner, table) -> None:
    other = services.match_create(owner=owner, game="thousand", players=PLAYERS)
    token = api.post(f"/api/matches/{table.pk}/invite/", {"role": "watcher"}, format="json").json()["token"]
    other_token = api.post(f"/api/matches/{other.pk}/invite/", {}, format="json").json()["token"]
    joined = APIClient().post(f"/api/join/{token}/", {"name": "Gleb"}, format="json").json()
    gleb = guest_phone(joined["guest_key"])
    assert gleb.get(f"/api/matches/{table.pk}/scoresheet/").status_code == 200
    assert gleb.get(f"/api/matches/{other.pk}/scoresheet/").status_code == 404  # not his match: none
    # A watcher reads and never writes.
    assert gleb.post(f"/api/matches/{table.pk}/deals/", {"entry": play(0, 100)}, format="json").status_code == 403
    # His key is for one table: another invite is joined without it.
    assert gleb.post(f"/api/join/{other_token}/", {}, format="json").status_code == 403
    assert Member.objects.filter(match=other).count() == 0
    api.delete(f"/api/matches/{table.pk}/members/{joined['member']['id']}/")
    gone = gleb.get(f"/api/matches/{table.pk}/scoresheet/")
    assert gone.status_code == 401
    assert gone.json() == {"detail": "This guest key is not at any table: join again from the invite."}
    assert guest_phone("x" * 43).get(f"/api/matches/{table.pk}/").status_code == 401
    assert guest_phone("a b").get(f"/api/matches/{table.pk}/").status_code == 401


def test_a_guest_who_signs_up_keeps_his_place_through_the_api(api, table, django_user_model) -> None:
    base = f"/api/matches/{table.pk}"
    token = api.post(f"{base}/invite/", {"role": "player"}, format="json").json()["token"]
    key = APIClient().post(f"/api/join/{token}/", {"name": "Dima"}, format="json").json()["guest_key"]
    guest_phone(key).post(f"{base}/seat/", {"seat": 2}, format="json")
    dima = phone(django_user_model.objects.create_user(username="dima"))
    assert dima.get(f"{base}/").status_code == 404
    attached = dima.post("/api/guests/attach/", {"keys": [key, "not-a-key"]}, format="json")
    assert attached.status_code == 200 and attached.json() == {"matches": [table.pk]}
    assert dima.get(f"{base}/").status_code == 200
    member = Member.objects.get(match=table)
    assert (member.user.username, member.guest_key, member.seat, member.role) == ("dima", None, 2, "player")
    assert guest_phone(key).get(f"{base}/").status_code == 401  # the key is spent
    assert APIClient().post("/api/guests/attach/", {"keys": [key]}, format="json").status_code == 401


def test_a_guest_answers_as_the_schema_says(api, table) -> None:
    base = f"/api/matches/{table.pk}"
    token = api.post(f"{base}/invite/", {}, format="json").json()["token"]
    nobody = APIClient()
    joined = nobody.post(f"/api/join/{token}/", {"name": "Ира"}, format="json")
    ira = guest_phone(joined.json()["guest_key"])
    cases = [
        (joined, "post", f"/api/join/{token}/", 201),
        (nobody.post(f"/api/join/{token}/", {"name": ""}, format="json"), "post", f"/api/join/{token}/", 400),
        (ira.post(f"/api/join/{token}/", {}, format="json"), "post", f"/api/join/{token}/", 200),
        (api.post("/api/guests/attach/", {"keys": ["nothing"]}, format="json"), "post", "/api/guests/attach/", 200),
        (api.post("/api/guests/attach/", {"keys": "x"}, format="json"), "post", "/api/guests/attach/", 400),
    ]
    assert [conforms(answer, method, path) for answer, method, path, _ in cases] == [code for *_, code in cases]


def test_a_guest_is_told_in_his_language(api, table) -> None:
    token = api.post(f"/api/matches/{table.pk}/invite/", {}, format="json").json()["token"]
    key = APIClient().post(f"/api/join/{token}/", {"name": "Оля"}, format="json").json()["guest_key"]
    olya = guest_phone(key)
    assert olya.get("/api/matches/", HTTP_ACCEPT_LANGUAGE="ru").json() == {
        "detail": "Гость играет только в той партии, к которой присоединился: для остального войдите в аккаунт."}
    assert guest_phone("nope").get("/api/matches/", HTTP_ACCEPT_LANGUAGE="uk").json() == {
        "detail": "Цей ключ гостя не належить жодному столу: приєднайтеся знову за запрошенням."}
