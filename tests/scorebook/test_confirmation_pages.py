"""Confirmation mode on the pages: the option on the new-match form and in the owner's members
panel; a pending deal shown as such (in English, Russian and Ukrainian) with the provisional and
the settled totals; Confirm and Reject only for those who may (outside the sheet every reader
shares); a rejected deal with its reason and an edit link for its author; a proposal; the history
in words. Totals from 1000's rules (test_confirmation.py says how)."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from scorebook import services
from scorebook.models import Deal, Match, Member
from tests.scorebook.conftest import PLAYERS
from tests.scorebook.test_confirmation import FIRST, SECOND

pytestmark = pytest.mark.django_db


def _browser(user, language: str = "en") -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.force_login(user)
    return client


@pytest.fixture
def table(owner, django_user_model) -> dict:
    match = services.match_create(owner=owner, game="thousand", players=PLAYERS, confirmation=True)
    found = {"match": match}
    for name, seat in (("boris", 1), ("vika", 2)):
        user = django_user_model.objects.create_user(username=name)
        Member.objects.create(match=match, user=user, name=name, role="player", seat=seat)
        found[name] = user
    watcher = django_user_model.objects.create_user(username="watcher")
    Member.objects.create(match=match, user=watcher, name="watcher", role="watcher")
    found["watcher"] = watcher
    return found


def _page(user, match: Match, language: str = "en") -> str:
    return _browser(user, language).get(f"/matches/{match.pk}/").content.decode()


def _confirm_button(number: int) -> str:
    return f'action="/matches/{{pk}}/deals/{number}/confirm/"'


def test_the_new_match_form_sets_the_option(signed_in: Client) -> None:
    form = {"game": "thousand", "preset": "classic", "player_0": "Аня", "player_1": "Борис", "player_2": "Вика",
            "first_dealer": "0"}
    page = signed_in.get("/matches/new/").content.decode()
    assert 'name="confirmation"' in page and 'name="correction_window"' in page
    refused = signed_in.post("/matches/new/", form | {"confirmation": "on", "correction_window": "abc"})
    assert refused.status_code == 200 and "The correction window is 1 to 1440 minutes" in refused.content.decode()
    assert not Match.objects.exists()
    made = signed_in.post("/matches/new/", form | {"confirmation": "on", "correction_window": "10"})
    match = Match.objects.get()
    assert made.status_code == 302 and (match.confirmation, match.correction_window) == (True, 10)


def test_the_owner_sets_it_in_the_members_panel(signed_in: Client, owner, table) -> None:
    match = table["match"]
    assert 'action="/matches/%d/confirmation/"' % match.pk in signed_in.get(f"/matches/{match.pk}/").content.decode()
    signed_in.post(f"/matches/{match.pk}/confirmation/", {"correction_window": ""})
    match.refresh_from_db()
    assert (match.confirmation, match.correction_window) == (False, None)
    assert _browser(table["boris"]).post(f"/matches/{match.pk}/confirmation/", {"confirmation": "on"}).status_code == 403


def test_a_pending_deal_on_every_phone(table, owner) -> None:
    match = table["match"]
    services.deal_record(match=match, entry=FIRST, author=table["boris"])
    # Вика (seat 2) may confirm it; the sheet she sees is cached for this version...
    vika = _page(table["vika"], match)
    assert 'class="badge badge-pending"' in vika and ">pending<" in vika
    assert _confirm_button(1).format(pk=match.pk) in vika and 'name="reason"' in vika
    # ... and Борис, who entered it, reads the same cached sheet but gets no button.
    boris = _page(table["boris"], match)
    assert ">pending<" in boris and _confirm_button(1).format(pk=match.pk) not in boris
    assert "A player of another seat confirms it." in boris
    for user in (owner, table["watcher"]):
        assert _confirm_button(1).format(pk=match.pk) not in _page(user, match)
    # The totals: provisional 100 10 10, settled 0 0 0.
    settled = re.search(r'data-settled>(.*?)</div>', vika, re.S).group(1)
    assert re.findall(r'class="cell total" role="cell">(-?\d+)<', settled) == ["0", "0", "0"]
    assert 'sheet-foot provisional' in vika
    assert "не подтверждена" in _page(table["vika"], match, "ru")
    assert "не підтверджена" in _page(table["vika"], match, "uk")


def test_confirmed_then_rejected_and_corrected(table) -> None:
    match = table["match"]
    services.deal_record(match=match, entry=FIRST, author=table["boris"])
    vika = _browser(table["vika"])
    assert vika.post(f"/matches/{match.pk}/deals/1/confirm/").status_code == 302
    assert Deal.objects.get(match=match, number=1).status == "confirmed"
    assert "data-settled" not in _page(table["vika"], match)  # nothing pending: the totals are settled
    services.deal_record(match=match, entry=SECOND, author=table["boris"])
    # A rejection needs a reason: none, and nothing changes.
    vika.post(f"/matches/{match.pk}/deals/2/reject/", {"reason": ""})
    assert Deal.objects.get(match=match, number=2).status == "pending"
    vika.post(f"/matches/{match.pk}/deals/2/reject/", {"reason": "Борис had 95"})
    assert Deal.objects.get(match=match, number=2).status == "rejected"
    boris = _page(table["boris"], match)
    assert "Deal 2 was rejected: Борис had 95" in boris and "It is not counted until you correct it." in boris
    assert f'href="/matches/{match.pk}/deals/2/"' in boris and "rejected: Борис had 95" in boris
    # Борис corrects it: pending again.
    entry = {"action": "play", "declarer": "1", "bid": "120", "points_0": "20", "points_1": "95", "points_2": "5"}
    assert _browser(table["boris"]).post(f"/matches/{match.pk}/deals/2/", entry).status_code == 302
    assert Deal.objects.get(match=match, number=2).status == "pending"
    history = _browser(table["vika"]).get(f"/matches/{match.pk}/history/").content.decode()
    assert "Rejected" in history and "Why: Борис had 95" in history and "Confirmed by another seat: it counts." in history


def test_the_poll_brings_the_confirmation(table) -> None:
    match = table["match"]
    services.deal_record(match=match, entry=FIRST, author=table["boris"])
    boris = _browser(table["boris"])
    version = Match.objects.get(pk=match.pk).version
    assert boris.get(f"/matches/{match.pk}/sheet/?since={version}", headers={"HX-Request": "true"}).status_code == 204
    _browser(table["vika"]).post(f"/matches/{match.pk}/deals/1/confirm/")
    polled = boris.get(f"/matches/{match.pk}/sheet/?since={version}", headers={"HX-Request": "true"})
    assert polled.status_code == 200 and ">pending<" not in polled.content.decode()


def test_a_players_amendment_of_a_confirmed_deal_is_a_proposal(table) -> None:
    match = table["match"]
    services.deal_record(match=match, entry=FIRST, author=table["boris"])
    services.deal_confirm(match=match, number=1, author=table["vika"])
    entry = {"action": "play", "declarer": "0", "bid": "100", "points_0": "105", "points_1": "7", "points_2": "8"}
    answer = _browser(table["boris"]).post(f"/matches/{match.pk}/deals/1/", entry, follow=True)
    assert "Your change of deal 1 is proposed" in answer.content.decode()
    deal = Deal.objects.get(match=match, number=1)
    assert deal.proposal is not None and deal.entry["points"] == [100, 12, 8]
    vika = _page(table["vika"], match)
    assert "A change of deal 1 is proposed." in vika and "Confirm the change" in vika
    _browser(table["vika"]).post(f"/matches/{match.pk}/deals/1/confirm/")
    assert Deal.objects.get(match=match, number=1).entry["points"] == [105, 7, 8]
