"""Who may write is read from the database under the match's row lock, inside the write's
transaction (issue [1/6]; the second security pass's first finding): a change of the table's
options, or of a member's role, can never race a write.

Real threads with their own connections (a file-backed SQLite database, or PostgreSQL), the test
transactional. The owner turns confirmation mode on and off while a watcher amends deal 1 over
and over through the API: a watcher may amend nothing in either mode, so not one write is taken.
(Before, the role was checked on the match read before the transaction: a watcher's amendment was
taken when confirmation mode was on at that read and off at the write.) Likewise a member demoted
to watcher while he writes: every write after the demotion committed is refused.
"""

from __future__ import annotations

import threading
from typing import Any

import pytest
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from scorebook import services
from scorebook.models import Deal, Match, Member, Revision
from tests.scorebook.conftest import PLAYERS, play, together

pytestmark = pytest.mark.django_db(transaction=True)

ROUNDS = 60


def phone_of(user: Any) -> APIClient:
    phone = APIClient()
    phone.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=user).key}")
    return phone


def test_a_watcher_amends_nothing_while_the_owner_toggles_confirmation(owner, stranger) -> None:
    match = services.match_create(owner=owner, game="thousand", players=PLAYERS)
    services.deal_record(match=match, entry=play(0, 100, points=[45, 67, 8]), author=owner)
    Member.objects.create(match=match, user=stranger, name="mallory", role="watcher")
    watcher = phone_of(stranger)

    def toggle() -> int:
        for turn in range(ROUNDS):
            services.match_confirmation(match=Match.objects.get(pk=match.pk), confirmation=turn % 2 == 0,
                                        by=owner)
        return ROUNDS

    def amend() -> list[int]:
        return [watcher.put(f"/api/matches/{match.pk}/deals/1/",
                            {"entry": play(0, 100, points=[100, 10, 10])}, format="json").status_code
                for _ in range(ROUNDS)]

    toggled, statuses = together(toggle, amend)
    assert toggled == ROUNDS, toggled
    assert isinstance(statuses, list) and len(statuses) == ROUNDS, statuses
    assert statuses.count(200) == 0 and set(statuses) <= {403}, statuses
    deal = Deal.objects.get(match=match, number=1)
    assert deal.entry["points"] == [45, 67, 8]
    assert not Revision.objects.filter(match=match, kind=Revision.AMENDED).exists()
    assert Match.objects.get(pk=match.pk).version == 1 + ROUNDS  # the deal, then the toggles alone


def test_a_member_demoted_mid_write_is_refused_from_the_demotion_on(owner, stranger) -> None:
    match = services.match_create(owner=owner, game="thousand", players=PLAYERS)
    member = Member.objects.create(match=match, user=stranger, name="mallory", role="scorer")
    scorer = phone_of(stranger)
    demoted = threading.Event()

    def demote() -> None:
        services.member_role(match=match, member=member.pk, role="watcher", by=owner)
        demoted.set()

    def write() -> list[tuple[bool, int]]:
        # Each write says whether the demotion had committed before it was sent.
        return [(demoted.is_set(), scorer.post(f"/api/matches/{match.pk}/deals/", {"entry": play()},
                                               format="json").status_code) for _ in range(ROUNDS)]

    _nothing, answers = together(demote, write)
    assert isinstance(answers, list), answers
    after = [status for was_demoted, status in answers if was_demoted]
    assert after and set(after) == {403}, answers
    taken = [status for _before, status in answers if status == 201]
    assert Deal.objects.filter(match=match).count() == len(taken)
