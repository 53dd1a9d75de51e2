"""The match page keeps its entry form rendered once per match version, language and role
({% cached_form %}, scorebook/templatetags/match_cache.py), and its other parts per version and
language ({% cached %}): what each reader gets of his own is never kept. Every page carries the reader's own CSRF token (the form posts with it) and a new
client id; a role sees its own form (a player gets no penalty form, the owner does), whichever role
was served first; and the kept form is the form rendered anew, but for those two.
"""

from __future__ import annotations

import re

import pytest
from django.core.cache import cache
from django.test import Client

from scorebook import services
from scorebook.games import charts
from scorebook.models import Member
from tests.scorebook.conftest import PLAYERS, play

pytestmark = pytest.mark.django_db

PENALTY = "<summary>Penalty</summary>"


def browser_of(user) -> Client:
    browser = Client(HTTP_ACCEPT_LANGUAGE="en", enforce_csrf_checks=True)
    browser.force_login(user)
    return browser


def client_ids(page: str) -> list[str]:
    return re.findall(r'name="client_id" value="([^"]+)"', page)


def csrf_tokens(page: str) -> set[str]:
    return set(re.findall(r'name="csrfmiddlewaretoken" value="([^"]+)"', page))


def test_each_page_carries_its_own_token_and_client_id_and_the_form_posts(owner) -> None:
    match = services.match_create(owner=owner, game="thousand", players=PLAYERS)
    laptop, phone = browser_of(owner), browser_of(owner)
    first = laptop.get(f"/matches/{match.pk}/").content.decode()
    second = phone.get(f"/matches/{match.pk}/").content.decode()  # its form from the cache
    assert client_ids(first) and client_ids(second)
    assert not set(client_ids(first)) & set(client_ids(second))
    assert "mark" not in " ".join(client_ids(second)) and not any("mark" in t for t in csrf_tokens(second))
    token = csrf_tokens(second).pop()
    client_id = client_ids(second)[0]
    # Deal 1, declarer Аня (seat 0) bids 100 and takes 120 of her 100 → +100; Борис 0 → 0, Вика 0 → 0.
    answer = phone.post(f"/matches/{match.pk}/deals/", {
        "csrfmiddlewaretoken": token, "expected_version": match.version, "client_id": client_id,
        "declarer": "0", "bid": "100", "contract": "", "points_0": "120", "points_1": "0", "points_2": "0"})
    assert answer.status_code == 302
    match.refresh_from_db()
    assert match.sheet["totals"] == [100, 0, 0]
    # The undo form, kept since the laptop's page: the phone's own token voids deal 1 (totals back to 0).
    laptop.get(f"/matches/{match.pk}/")
    page = phone.get(f"/matches/{match.pk}/").content.decode()
    undo = re.search(r'<form method="post" action="([^"]+)" class="undo-form">\s*'
                     r'<input type="hidden" name="csrfmiddlewaretoken" value="([^"]+)">', page)
    assert undo is not None and "mark" not in undo.group(2)
    answer = phone.post(undo.group(1), {"csrfmiddlewaretoken": undo.group(2), "expected_version": match.version})
    assert answer.status_code == 302
    match.refresh_from_db()
    assert match.sheet["totals"] == [0, 0, 0] and match.sheet["voided"] == [1]


@pytest.mark.parametrize("first_served", ["owner", "player"])
def test_each_role_gets_its_own_form(owner, stranger, first_served: str) -> None:
    match = services.match_create(owner=owner, game="thousand", players=PLAYERS)
    Member.objects.create(match=match, user=stranger, name="mallory", role="player")
    browsers = {"owner": browser_of(owner), "player": browser_of(stranger)}
    order = [first_served, *(who for who in browsers if who != first_served)]
    pages = {who: browsers[who].get(f"/matches/{match.pk}/").content.decode() for who in order}
    assert PENALTY in pages["owner"]
    assert PENALTY not in pages["player"]
    assert 'id="entry-form"' in pages["player"]


def test_the_kept_form_is_the_form_rendered_anew(owner) -> None:
    match = services.match_create(owner=owner, game="thousand", players=PLAYERS)
    browser = browser_of(owner)
    browser.get(f"/matches/{match.pk}/")  # the form kept
    kept = browser.get(f"/matches/{match.pk}/").content.decode()
    cache.clear()
    browser.force_login(owner)
    anew = browser.get(f"/matches/{match.pk}/").content.decode()

    def plain(page: str) -> str:
        page = re.sub(r'name="csrfmiddlewaretoken" value="[^"]+"', "TOKEN", page)
        page = re.sub(r'"X-CSRFToken": "[^"]+"', "TOKEN", page)
        return re.sub(r'name="client_id" value="[0-9a-f]{32}', "CLIENT", page)

    assert plain(kept) == plain(anew)


def test_a_poll_after_a_write_serves_the_chart_and_the_totals_the_page_keeps(owner, monkeypatch) -> None:
    """Another phone wrote: the poll answers with the sheet, the chart and the totals bar, each the
    part the page keeps for that version (no chart drawn anew), and the same as drawn anew."""
    match = services.match_create(owner=owner, game="thousand", players=PLAYERS)
    since = match.version
    # Deal 1: Аня bids 100 and takes 100 → +100; Борис 15, Вика 5.
    services.deal_record(match=match, entry=play(0, 100, points=[100, 15, 5]), author=owner)
    browser = browser_of(owner)
    poll = f"/matches/{match.pk}/sheet/?since={since}"
    browser.get(f"/matches/{match.pk}/")  # the page keeps its parts for the new version

    def drawn_anew(*args: object) -> None:
        raise AssertionError("the chart was drawn anew")

    with monkeypatch.context() as patch:
        patch.setattr(charts, "match_chart", drawn_anew)
        kept = browser.get(poll)
    assert kept.status_code == 200
    cache.clear()
    browser.force_login(owner)
    anew = browser.get(poll).content.decode()

    def plain(answer: str) -> str:
        # The entry form drawn anew comes with the poll: its token and its client id are its reader's.
        answer = re.sub(r'name="csrfmiddlewaretoken" value="[^"]+"', "TOKEN", answer)
        return re.sub(r'name="client_id" value="[0-9a-f]{32}', "CLIENT_ID", answer)

    assert plain(kept.content.decode()) == plain(anew)
    standings = anew.split('id="standings"', 1)[1].split("</div>", 1)[0]
    assert 'hx-swap-oob="true"' in standings
    assert re.findall(r'class="standing-total">([^<]*)<', standings) == ["100", "15", "5"]
    chart = anew.split('hx-swap-oob="innerHTML:#main .chart-section">', 1)[1]
    assert chart.startswith('<figure class="chart panel" id="chart"><svg')
    assert "After deal 1: Аня 100, Борис 15, Вика 5" in chart
