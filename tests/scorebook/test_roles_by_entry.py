"""Who may write what at a table, by the entry written (issue [2/6], finding 2): the right to write
an entry depends on the entry's type on every path — recorded, amended, proposed — on the pages and
in the API alike. A penalty is a ruling (``roles.PENALTY``): whoever may not record one may not make
a deal into one by amending it, nor propose one.

Every row worked out from the table of referee/roles.py (``ALLOWED``): the owner keeps the book
(no seat, so no proposal: his corrections count at once); a scorer records, rules, amends,
proposes; a player records and proposes, never rules; a watcher reads; a referee rules and
corrects at once, but neither records a deal nor proposes. In confirmation mode an amendment is
asked of the role as a correction (``roles.correction``): the owner's and the referee's count at
once, a scorer's and a player's of a confirmed deal become a proposal, a watcher's is refused.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.test import Client
from rest_framework.test import APIClient

from scorebook import services
from scorebook.errors import NotAllowed, NotFound
from scorebook.models import Deal, Match, Member
from tests.scorebook.conftest import PLAYERS, penalty, play

pytestmark = pytest.mark.django_db

DONE, FORBIDDEN, NOT_FOUND = "done", 403, 404
WHO = ("owner", "scorer", "player", "guest player", "watcher", "referee", "stranger")
ENTRIES = {"play": lambda: play(0, 110, points=[110, 5, 5]), "penalty": lambda: penalty(2, -120, "card shown")}

PATHS: dict[str, Callable[[Match, Any, dict[str, Any]], Any]] = {
    "record": lambda m, p, e: services.deal_record(match=m, entry=e, author=p),
    "amend": lambda m, p, e: services.deal_replace(match=m, number=1, entry=e, author=p),
    "amend in confirmation mode": lambda m, p, e: services.deal_replace(match=m, number=1, entry=e, author=p),
    "propose": lambda m, p, e: services.deal_propose(match=m, number=1, entry=e, author=p),
}

# (path, entry) → the answer for each of WHO, in its order.
TABLE: dict[tuple[str, str], tuple[Any, ...]] = {
    ("record", "play"): (DONE, DONE, DONE, DONE, FORBIDDEN, FORBIDDEN, NOT_FOUND),
    ("record", "penalty"): (DONE, DONE, FORBIDDEN, FORBIDDEN, FORBIDDEN, DONE, NOT_FOUND),
    ("amend", "play"): (DONE, DONE, FORBIDDEN, FORBIDDEN, FORBIDDEN, DONE, NOT_FOUND),
    ("amend", "penalty"): (DONE, DONE, FORBIDDEN, FORBIDDEN, FORBIDDEN, DONE, NOT_FOUND),
    # A player's amendment of a confirmed deal is a proposal: a play may be, a penalty may not.
    ("amend in confirmation mode", "play"): (DONE, DONE, DONE, DONE, FORBIDDEN, DONE, NOT_FOUND),
    ("amend in confirmation mode", "penalty"): (DONE, DONE, FORBIDDEN, FORBIDDEN, FORBIDDEN, DONE, NOT_FOUND),
    ("propose", "play"): (FORBIDDEN, DONE, DONE, DONE, FORBIDDEN, FORBIDDEN, NOT_FOUND),
    ("propose", "penalty"): (FORBIDDEN, DONE, FORBIDDEN, FORBIDDEN, FORBIDDEN, FORBIDDEN, NOT_FOUND),
}
CASES = [(path, entry, who, TABLE[path, entry][index]) for (path, entry) in TABLE for index, who in enumerate(WHO)]


def table_of(owner: Any, django_user_model: Any, confirmation: bool) -> tuple[Match, dict[str, Any]]:
    """A match whose deal 1 (Аня bids 100 and makes it: 120, 0, 0) is confirmed, with someone of
    every role: the scorer at seat 0, the player at seat 1, the guest player at seat 2."""
    match = services.match_create(owner=owner, game="thousand", players=PLAYERS, confirmation=confirmation)
    people: dict[str, Any] = {"owner": owner}
    for role, seat in (("scorer", 0), ("player", 1), ("watcher", None), ("referee", None)):
        user = django_user_model.objects.create_user(username=role)
        Member.objects.create(match=match, user=user, name=role, role=role, seat=seat)
        people[role] = user
    people["guest player"] = Member.objects.create(match=match, guest_key="k" * 40, name="Гість", role="player",
                                                   seat=2)
    people["stranger"] = django_user_model.objects.create_user(username="stranger")
    services.deal_record(match=match, entry=play(0, 100, points=[120, 0, 0]), author=owner)
    if confirmation:  # the owner has no seat: a player confirms his deal
        services.deal_confirm(match=match, number=1, author=people["player"])
    assert Deal.objects.get(match=match, number=1).status == "confirmed"
    return Match.objects.get(pk=match.pk), people


@pytest.mark.parametrize(("path", "entry", "who", "expected"), CASES, ids=[f"{p}-{e}-{w}" for p, e, w, _x in CASES])
def test_the_right_to_write_an_entry_depends_on_its_type_on_every_path(owner, django_user_model, path: str,
                                                                        entry: str, who: str, expected: Any) -> None:
    match, people = table_of(owner, django_user_model, confirmation=path in ("amend in confirmation mode", "propose"))
    before = list(Deal.objects.filter(match=match).values_list("number", "entry", "voided", "status", "proposal"))
    if expected == DONE:
        PATHS[path](match, people[who], ENTRIES[entry]())
        assert Match.objects.get(pk=match.pk).version == match.version + 1
        return
    with pytest.raises(NotAllowed if expected == FORBIDDEN else NotFound):
        PATHS[path](match, people[who], ENTRIES[entry]())
    assert list(Deal.objects.filter(match=match).values_list("number", "entry", "voided", "status",
                                                             "proposal")) == before
    assert Match.objects.get(pk=match.pk).version == match.version


def test_every_role_path_and_entry_has_a_row() -> None:
    assert set(TABLE) == {(path, entry) for path in PATHS for entry in ENTRIES}


# ---------------------------------------------------------------- the back doors, closed (pages and API)


def phone_of(user: Any) -> APIClient:
    phone = APIClient()
    phone.force_authenticate(user)
    return phone


@pytest.mark.parametrize("confirmation", [False, True], ids=["plain", "confirmation-mode"])
def test_a_player_enters_no_penalty_by_the_back_door(owner, django_user_model, confirmation: bool) -> None:
    # Finding 2: the front door (recording a penalty) answered 403; in confirmation mode an
    # amendment into a penalty (taken as a proposal), a penalty proposed and the page's edit with
    # action=penalty answered 200/302 and counted it provisionally.
    match, people = table_of(owner, django_user_model, confirmation=confirmation)
    player = phone_of(people["player"])
    ruling = {"entry": penalty(2, -120, "card shown")}
    assert player.post(f"/api/matches/{match.pk}/deals/", ruling, format="json").status_code == 403
    assert player.put(f"/api/matches/{match.pk}/deals/1/", ruling, format="json").status_code == 403
    assert player.post(f"/api/matches/{match.pk}/deals/1/propose/", ruling, format="json").status_code == 403
    browser = Client(HTTP_ACCEPT_LANGUAGE="en")
    browser.force_login(people["player"])
    edited = browser.post(f"/matches/{match.pk}/deals/1/", {
        "action": "penalty", "expected_version": str(match.version), "player": "2", "penalty_sign": "fine",
        "penalty_points": "120", "penalty_reason": "card shown"})
    assert edited.status_code == 403
    deal = Deal.objects.get(match=match, number=1)
    assert (deal.entry["type"], deal.proposal, deal.status) == ("play", None, "confirmed")
    assert Match.objects.get(pk=match.pk).version == match.version
