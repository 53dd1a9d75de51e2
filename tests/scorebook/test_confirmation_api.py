"""Confirmation mode through the API: the table's options at creation and set by the owner, a deal
pending on every phone, confirmed, rejected with a reason, amended and confirmed; a proposal after
the correction window; every answer as the schema says. Totals worked out from 1000's rules
(test_confirmation.py says how)."""

from __future__ import annotations

import pytest
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from scorebook import services
from scorebook.models import Match, Member
from tests.scorebook.conftest import PLAYERS
from tests.scorebook.test_confirmation import AMENDED, AMENDED_TOTALS, FIRST, FIRST_TOTALS, SECOND
from tests.scorebook.test_schema_types import conforms

pytestmark = pytest.mark.django_db


def phone(user) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=user).key}")
    return client


@pytest.fixture
def table(api, django_user_model) -> dict:
    created = api.post("/api/matches/", {"game": "thousand", "players": PLAYERS, "confirmation": True},
                       format="json")
    assert conforms(created, "post", "/api/matches/") == 201
    match = Match.objects.get(pk=created.json()["id"])
    found = {"match": match, "owner": api, "base": f"/api/matches/{match.pk}"}
    for name, role, seat in (("scorer", "scorer", 0), ("boris", "player", 1), ("vika", "player", 2),
                             ("watcher", "watcher", None)):
        user = django_user_model.objects.create_user(username=name)
        Member.objects.create(match=match, user=user, name=name, role=role, seat=seat)
        found[name] = phone(user)
    return found


def test_the_options_at_creation_and_set_by_the_owner(api, table) -> None:
    base = table["base"]
    got = api.get(f"{base}/").json()
    assert (got["confirmation"], got["correction_window"]) == (True, None)
    changed = api.patch(f"{base}/", {"confirmation": True, "correction_window": 15}, format="json")
    assert conforms(changed, "patch", f"{base}/") == 200
    assert (changed.json()["confirmation"], changed.json()["correction_window"]) == (True, 15)
    assert changed.json()["version"] == got["version"] + 1
    assert table["boris"].patch(f"{base}/", {"confirmation": False}, format="json").status_code == 403
    refused = api.patch(f"{base}/", {"confirmation": True, "correction_window": 0}, format="json")
    assert refused.status_code == 400 and refused.json()["violations"][0]["field"] == "correction_window"
    made = api.post("/api/matches/", {"game": "thousand", "players": PLAYERS, "correction_window": 5},
                    format="json").json()
    assert (made["confirmation"], made["correction_window"]) == (False, 5)


def test_pending_rejected_amended_confirmed(table) -> None:
    base, boris, vika, scorer = table["base"], table["boris"], table["vika"], table["scorer"]
    entered = boris.post(f"{base}/deals/", {"entry": FIRST}, format="json")
    assert conforms(entered, "post", f"{base}/deals/") == 201
    deal = entered.json()["deal"]
    assert (deal["status"], deal["seat"], deal["proposal"]) == ("pending", 1, None)
    sheet = vika.get(f"{base}/scoresheet/")
    assert conforms(sheet, "get", f"{base}/scoresheet/") == 200
    body = sheet.json()
    assert body["totals"] == FIRST_TOTALS and body["pending"] == [1] and body["settled_totals"] == [0, 0, 0]
    assert [(r["status"], r["provisional"]) for r in body["rows"]] == [("pending", True)]

    # Its author may not confirm it; a watcher neither.
    assert boris.post(f"{base}/deals/1/confirm/", {}, format="json").status_code == 403
    assert table["watcher"].post(f"{base}/deals/1/confirm/", {}, format="json").status_code == 403
    no_reason = vika.post(f"{base}/deals/1/reject/", {"reason": " "}, format="json")
    assert no_reason.status_code == 400 and no_reason.json()["violations"][0]["code"] == "reason_needed"
    rejected = vika.post(f"{base}/deals/1/reject/", {"reason": "Борис had 7"}, format="json")
    assert conforms(rejected, "post", f"{base}/deals/1/reject/") == 200
    body = rejected.json()
    assert body["deal"]["status"] == "rejected" and body["deal"]["reason"] == "Борис had 7"
    assert body["scoresheet"]["totals"] == [0, 0, 0]
    assert body["scoresheet"]["rejected"] == [{"deal": 1, "reason": "Борис had 7"}]

    amended = boris.put(f"{base}/deals/1/", {"entry": AMENDED}, format="json")
    assert amended.status_code == 200 and amended.json()["deal"]["status"] == "pending"
    confirmed = scorer.post(f"{base}/deals/1/confirm/", {"client_id": "s-1"}, format="json")
    assert conforms(confirmed, "post", f"{base}/deals/1/confirm/") == 200
    body = confirmed.json()
    assert body["deal"]["status"] == "confirmed" and body["scoresheet"]["pending"] == []
    assert body["scoresheet"]["settled_totals"] == body["scoresheet"]["totals"] == AMENDED_TOTALS
    # Sent again (a dropped answer): answered from the history, nothing new.
    again = scorer.post(f"{base}/deals/1/confirm/", {"client_id": "s-1"}, format="json").json()
    assert again["repeated"] and again["version"] == body["version"]

    history = vika.get(f"{base}/deals/1/")
    assert conforms(history, "get", f"{base}/deals/1/") == 200
    assert [(h["kind"], h["author"], h["reason"]) for h in history.json()["history"]] == [
        ("recorded", "boris", ""), ("rejected", "vika", "Борис had 7"), ("amended", "boris", ""),
        ("confirmed", "scorer", "")]


def test_a_proposal_after_the_window(table) -> None:
    base, boris, vika, scorer = table["base"], table["boris"], table["vika"], table["scorer"]
    boris.post(f"{base}/deals/", {"entry": FIRST}, format="json")
    vika.post(f"{base}/deals/1/confirm/", {}, format="json")
    vika.post(f"{base}/deals/", {"entry": SECOND}, format="json")
    scorer.post(f"{base}/deals/2/confirm/", {}, format="json")
    # Deal 1's window closed when deal 2 was confirmed: Борис proposes.
    proposed = boris.post(f"{base}/deals/1/propose/", {"entry": AMENDED}, format="json")
    assert conforms(proposed, "post", f"{base}/deals/1/propose/") == 200
    body = proposed.json()
    assert body["deal"]["proposal"]["seat"] == 1 and body["deal"]["proposal"]["entry"]["points"] == [105, 7, 8]
    assert body["scoresheet"]["proposals"] == [{"deal": 1, "void": False}]
    assert body["scoresheet"]["totals"] == [120, -110, 20]  # the entry in force still counts
    both = boris.post(f"{base}/deals/1/propose/", {"entry": AMENDED, "void": True}, format="json")
    assert both.status_code == 400 and both.json()["violations"][0]["code"] == "entry_or_void"
    applied = scorer.post(f"{base}/deals/1/confirm/", {}, format="json").json()
    assert applied["scoresheet"]["totals"] == [120, -115, 20] and applied["scoresheet"]["proposals"] == []
    # A proposed void, rejected: dropped.
    assert vika.post(f"{base}/deals/2/propose/", {"void": True}, format="json").status_code == 200
    dropped = boris.post(f"{base}/deals/2/reject/", {"reason": "it was played"}, format="json").json()
    assert dropped["deal"]["voided"] is False and dropped["deal"]["proposal"] is None
    assert dropped["scoresheet"]["totals"] == [120, -115, 20]


def test_the_operations_are_in_the_schema(api) -> None:
    paths = api.get("/api/schema/", HTTP_ACCEPT="application/json").json()["paths"]
    for step in ("confirm", "reject", "propose"):
        assert "post" in paths[f"/api/matches/{{id}}/deals/{{number}}/{step}/"]
    assert "patch" in paths["/api/matches/{id}/"]


def test_without_confirmation_a_deal_counts_at_once(api, owner) -> None:
    match = services.match_create(owner=owner, game="thousand", players=PLAYERS)
    written = api.post(f"/api/matches/{match.pk}/deals/", {"entry": FIRST}, format="json").json()
    assert written["deal"]["status"] == "confirmed"
    assert written["scoresheet"]["pending"] == [] and written["scoresheet"]["settled_totals"] == FIRST_TOTALS
    refused = api.post(f"/api/matches/{match.pk}/deals/1/propose/", {"entry": AMENDED}, format="json")
    assert refused.status_code == 403  # the owner proposes nothing: they correct at once


def test_a_guest_phone_confirms_and_rejects(table) -> None:
    base, boris = table["base"], table["boris"]
    Member.objects.filter(match=table["match"], name="scorer").update(seat=None)  # the guest sits at seat 0
    guest = Member.objects.create(match=table["match"], guest_key="q" * 43, name="Дима", role="player", seat=0)
    phone_of_guest = APIClient()
    phone_of_guest.credentials(HTTP_AUTHORIZATION=f"Guest {guest.guest_key}")
    boris.post(f"{base}/deals/", {"entry": FIRST}, format="json")
    confirmed = phone_of_guest.post(f"{base}/deals/1/confirm/", {}, format="json")
    assert confirmed.status_code == 200 and confirmed.json()["deal"]["status"] == "confirmed"
    written = phone_of_guest.post(f"{base}/deals/", {"entry": SECOND}, format="json").json()
    assert (written["deal"]["status"], written["deal"]["seat"]) == ("pending", 0)
    # The guest's own deal: another seat rejects it, and the history names the guest.
    assert phone_of_guest.post(f"{base}/deals/2/confirm/", {}, format="json").status_code == 403
    boris.post(f"{base}/deals/2/reject/", {"reason": "not so"}, format="json")
    history = boris.get(f"{base}/deals/2/").json()["history"]
    assert [(h["kind"], h["author"]) for h in history] == [("recorded", "Дима"), ("rejected", "boris")]
