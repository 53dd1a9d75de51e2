"""Who may do what at a table, asked of the services and the selectors themselves (the pages, the
API and the admin all go through them): every role × every operation, one row each, and the
answer worked out from the roles (referee/roles.py): done, 403 (a member whose role does not
allow it) or 404 (no role at this match: the same answer as a match that does not exist)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.test import Client

from scorebook import selectors, services
from scorebook.errors import NotAllowed, NotFound
from scorebook.models import Deal, Match, Member
from tests.scorebook.conftest import PLAYERS, penalty, play

pytestmark = pytest.mark.django_db

DONE, FORBIDDEN, NOT_FOUND = "done", 403, 404


def _read(match: Match, person: Any) -> None:
    selectors.match_of(person, match.pk)


OPERATIONS: dict[str, Callable[[Match, Any], Any]] = {
    "read": _read,
    "record": lambda m, p: services.deal_record(match=m, entry=play(1, 100), author=p),
    "penalty": lambda m, p: services.deal_record(match=m, entry=penalty(2, -120, "card shown"), author=p),
    "amend": lambda m, p: services.deal_replace(match=m, number=1, entry=play(0, 110), author=p),
    "void": lambda m, p: services.deal_void(match=m, number=1, author=p),
    "seat": lambda m, p: services.seat_claim(match=m, by=p, seat=1),
    "manage": lambda m, p: services.invite_renew(match=m, by=p, role="watcher"),
}

# (who, operation, expected): the owner keeps the book and everything he had, without a seat; a
# scorer enters and edits; a player enters deals and sits; a watcher reads; a referee corrects
# and rules (penalties) but does not enter deals; a stranger (or a guest of another match) sees
# nothing.
TABLE = [
    ("owner", "read", DONE), ("owner", "record", DONE), ("owner", "penalty", DONE), ("owner", "amend", DONE),
    ("owner", "void", DONE), ("owner", "seat", FORBIDDEN), ("owner", "manage", DONE),
    ("scorer", "read", DONE), ("scorer", "record", DONE), ("scorer", "penalty", DONE), ("scorer", "amend", DONE),
    ("scorer", "void", DONE), ("scorer", "seat", DONE), ("scorer", "manage", FORBIDDEN),
    ("player", "read", DONE), ("player", "record", DONE), ("player", "penalty", FORBIDDEN),
    ("player", "amend", FORBIDDEN), ("player", "void", FORBIDDEN), ("player", "seat", DONE),
    ("player", "manage", FORBIDDEN),
    ("guest player", "read", DONE), ("guest player", "record", DONE), ("guest player", "penalty", FORBIDDEN),
    ("guest player", "amend", FORBIDDEN), ("guest player", "void", FORBIDDEN), ("guest player", "seat", DONE),
    ("guest player", "manage", FORBIDDEN),
    ("watcher", "read", DONE), ("watcher", "record", FORBIDDEN), ("watcher", "penalty", FORBIDDEN),
    ("watcher", "amend", FORBIDDEN), ("watcher", "void", FORBIDDEN), ("watcher", "seat", FORBIDDEN),
    ("watcher", "manage", FORBIDDEN),
    ("referee", "read", DONE), ("referee", "record", FORBIDDEN), ("referee", "penalty", DONE),
    ("referee", "amend", DONE), ("referee", "void", DONE), ("referee", "seat", FORBIDDEN),
    ("referee", "manage", FORBIDDEN),
    ("stranger", "read", NOT_FOUND), ("stranger", "record", NOT_FOUND), ("stranger", "penalty", NOT_FOUND),
    ("stranger", "amend", NOT_FOUND), ("stranger", "void", NOT_FOUND), ("stranger", "seat", NOT_FOUND),
    ("stranger", "manage", NOT_FOUND),
    ("removed player", "read", NOT_FOUND), ("removed player", "record", NOT_FOUND),
    ("guest of another match", "read", NOT_FOUND), ("guest of another match", "record", NOT_FOUND),
]


@pytest.fixture
def table(owner, django_user_model) -> tuple[Match, dict[str, Any]]:
    match = services.match_create(owner=owner, game="thousand", players=PLAYERS)
    services.deal_record(match=match, entry=play(0, 100), author=owner)
    people: dict[str, Any] = {"owner": owner}
    for role in ("scorer", "player", "watcher", "referee"):
        user = django_user_model.objects.create_user(username=role)
        people[role] = Member.objects.create(match=match, user=user, name=role, role=role).user
    people["guest player"] = Member.objects.create(match=match, guest_key="k" * 40, name="Гість", role="player")
    people["stranger"] = django_user_model.objects.create_user(username="stranger")
    removed = django_user_model.objects.create_user(username="removed")
    member = Member.objects.create(match=match, user=removed, name="removed", role="player")
    services.member_remove(match=match, member=member.pk, by=owner)
    people["removed player"] = removed
    other = services.match_create(owner=owner, game="thousand", players=PLAYERS)
    people["guest of another match"] = Member.objects.create(match=other, guest_key="o" * 40, name="Ola",
                                                             role="scorer")
    return match, people


@pytest.mark.parametrize(("who", "operation", "expected"), TABLE, ids=[f"{w}-{o}" for w, o, _ in TABLE])
def test_who_may_do_what(table, who: str, operation: str, expected: Any) -> None:
    match, people = table
    before = list(Deal.objects.filter(match=match).values_list("number", "entry", "voided"))
    version = Match.objects.get(pk=match.pk).version
    if expected == DONE:
        OPERATIONS[operation](match, people[who])
        return
    raised = NotAllowed if expected == FORBIDDEN else NotFound
    with pytest.raises(raised):
        OPERATIONS[operation](match, people[who])
    # Refused: nothing stored, the version stays.
    assert list(Deal.objects.filter(match=match).values_list("number", "entry", "voided")) == before
    assert Match.objects.get(pk=match.pk).version == version


def test_every_role_and_operation_has_a_row() -> None:
    rows = {(who, operation) for who, operation, _ in TABLE}
    for who in ("owner", "scorer", "player", "guest player", "watcher", "referee", "stranger"):
        assert {(who, operation) for operation in OPERATIONS} <= rows


def _browser(user: Any) -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(user)
    return client


def test_the_pages_and_the_api_obey_the_same_rules(table) -> None:
    match, people = table
    stranger, watcher, player = (_browser(people[w]) for w in ("stranger", "watcher", "player"))
    missing = Match.objects.order_by("-pk").first().pk + 100
    # A stranger's answer is the very answer to a match that does not exist.
    for path in ("/matches/{}/", "/api/matches/{}/", "/matches/{}/history/"):
        mine, none = stranger.get(path.format(match.pk)), stranger.get(path.format(missing))
        assert (mine.status_code, mine.content) == (404, none.content)
    posted, nothing = (stranger.post(f"/matches/{pk}/deals/", {"action": "play"}) for pk in (match.pk, missing))
    assert (posted.status_code, posted.content) == (404, nothing.content)
    # A watcher reads, and is refused every write with a 403.
    assert watcher.get(f"/matches/{match.pk}/").status_code == 200
    assert watcher.get(f"/api/matches/{match.pk}/deals/").status_code == 200
    assert watcher.post(f"/matches/{match.pk}/deals/", {"action": "play"}).status_code == 403
    entry = {"entry": play(1, 100)}
    assert watcher.post(f"/api/matches/{match.pk}/deals/", entry, content_type="application/json").status_code == 403
    assert watcher.delete(f"/api/matches/{match.pk}/deals/1/").status_code == 403
    # A player enters the next deal, through the API as through the page.
    assert player.post(f"/api/matches/{match.pk}/deals/", entry, content_type="application/json").status_code == 201
    assert player.delete(f"/api/matches/{match.pk}/deals/1/").status_code == 403
    # The joined match is in his list.
    assert [m["id"] for m in player.get("/api/matches/").json()["results"]] == [match.pk]
