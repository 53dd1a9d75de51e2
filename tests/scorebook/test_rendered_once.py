"""A write reaches every phone at the table at once, and each asks for the new version's sheet: one
renders its kept parts, the others wait for them and read them kept (``caches.rendered_once``), so a
write costs rendering them once, not once per phone. A turn never blocks for long: a reader waits
at most ``TURN_WAIT`` and then renders himself; another role, language or version takes a turn of
its own.

Real threads with their own connections (a file-backed SQLite database, or PostgreSQL), the test
transactional.
"""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest
from django.test import Client
from django.test.signals import template_rendered

from scorebook import caches, services
from scorebook.models import Match
from tests.scorebook.conftest import PLAYERS, play, together

pytestmark = pytest.mark.django_db(transaction=True)


def _match(owner, deals: int) -> Match:
    match = services.match_create(owner=owner, game="thousand", players=PLAYERS)
    for _n in range(deals):
        services.deal_record(match=match, entry=play(points=(100, 12, 8)))
    return Match.objects.get(pk=match.pk)


def test_the_phones_asking_at_once_render_the_new_row_once(owner, monkeypatch) -> None:
    match = _match(owner, 4)
    monkeypatch.setattr(caches, "TURN_WAIT", 30.0)  # however slow this machine renders, the others wait
    phones = []
    for _phone in range(3):
        phone = Client(HTTP_ACCEPT_LANGUAGE="en")
        phone.force_login(owner)
        phones.append(phone)
    phones[0].get(f"/matches/{match.pk}/")  # deals 1–4 rendered and kept
    services.deal_record(match=match, entry=play(points=(100, 12, 8)))
    rendered: list[str] = []
    lock = threading.Lock()

    def count(sender: Any, template: Any, **kwargs: Any) -> None:
        with lock:
            rendered.append(template.name)
        if template.name == "scorebook/_sheet_row.html":
            time.sleep(0.2)  # a slow render: the others have asked meanwhile

    template_rendered.connect(count)
    try:
        answers = together(*(lambda p=phone: p.get(f"/matches/{match.pk}/sheet/?since=4&entry=fresh")
                                for phone in phones))
    finally:
        template_rendered.disconnect(count)
    assert [a.status_code for a in answers] == [200, 200, 200]
    # Deal 5's row, once for the three phones; each phone's sheet shows it, totals 500, 50, 50.
    assert rendered.count("scorebook/_sheet_row.html") == 1
    for answer in answers:
        page = answer.content.decode()
        assert 'id="deal-5"' in page and '<span class="cell total" role="cell">500</span>' in page


def test_a_reader_waits_for_the_turn_then_reads_what_it_kept(owner) -> None:
    match = _match(owner, 1)
    order: list[str] = []
    taken = threading.Event()

    def first() -> None:
        with caches.rendered_once("test", match, "player"):
            taken.set()
            time.sleep(0.2)
            order.append("first done")

    def second() -> None:
        taken.wait(5)
        with caches.rendered_once("test", match, "player"):
            order.append("second renders")

    together(first, second)
    assert order == ["first done", "second renders"]


def test_a_turn_never_blocks_for_long(owner, monkeypatch) -> None:
    match = _match(owner, 1)
    monkeypatch.setattr(caches, "TURN_WAIT", 0.1)
    # A reader that took the turn and never said it was done (its process died mid-render).
    stuck = caches.rendered_once("test", match, "player")
    stuck.__enter__()  # held, never given back
    started = time.monotonic()
    with caches.rendered_once("test", match, "player"):
        waited = time.monotonic() - started
    assert 0.1 <= waited < 1.0
    # The one that waited said the turn is over: the next reader does not wait behind it.
    started = time.monotonic()
    with caches.rendered_once("test", match, "player"):
        assert time.monotonic() - started < 0.05
    stuck.__exit__(None, None, None)


@pytest.mark.parametrize("other", [("test", "watcher"), ("other-page", "player")])
def test_another_role_or_page_takes_its_own_turn(owner, other: tuple[str, str]) -> None:
    match = _match(owner, 1)
    kind, role = other
    with caches.rendered_once("test", match, "player"):
        started = time.monotonic()
        with caches.rendered_once(kind, match, role):
            assert time.monotonic() - started < 0.05  # no wait: not the same parts
