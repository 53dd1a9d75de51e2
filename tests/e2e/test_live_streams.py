"""Live updates by server-sent events in a real browser, served as in production by uvicorn (ASGI):
a deal saved on one phone reaches the other phones and the table display at once, and a page whose
stream fails carries on by polling, then comes back to its stream by itself.

The site runs here under uvicorn in a thread of the test process (``asgi_server``: the test
database, the bus in this process's memory), not under pytest-django's ``live_server`` (WSGI, which
cannot hold a stream: there every page polls, as the other browser tests see).

1000, three players, classic preset (RULES.md), worked by hand, three deals repeated:
Аня bids 100 and takes 45 → −100; Борис 67 → 65; Вика 8 → 10.
Борис bids 100 and takes 100 → +100; Аня 15 → 15; Вика 5 → 5.
Вика bids 100 and takes 100 → +100; Аня 10 → 10; Борис 10 → 10.
Totals after each: (−100, 65, 10), (−85, 165, 15), (−75, 175, 115), (−175, 240, 125),
(−160, 340, 130), (−150, 350, 230).

The delay from a saved deal (its answer on the writer's phone) to each other page showing it is
measured in the pages (``Date.now()`` at htmx's swap) and written to
test-results/live-delivery.json; docs/performance.md quotes it.
"""
from __future__ import annotations

import json
import os
import re
import socket
import statistics
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import uvicorn
from django.conf import settings
from django.contrib.staticfiles.handlers import ASGIStaticFilesHandler
from django.core.asgi import get_asgi_application
from django.test import Client
from playwright.sync_api import Browser, BrowserContext, Page, expect

from scorebook import services
from scorebook.models import Match, Member
from tests.e2e.screenshots import SCREENSHOTS
from tests.e2e.test_thousand_flow import enter_play

PLAYERS = ["Аня", "Борис", "Вика"]
DEALS = [("Аня", (45, 67, None)), ("Борис", (15, 100, 5)), ("Вика", (10, 10, None))] * 2
TOTALS = [("−100", "65", "10"), ("−85", "165", "15"), ("−75", "175", "115"),
          ("−175", "240", "125"), ("−160", "340", "130"), ("−150", "350", "230")]
RESULTS = Path(__file__).resolve().parents[2] / "test-results" / "live-delivery.json"
# What a page records: when htmx swapped something in, and when a deal's save was answered.
RECORDER = """
window.__swaps = []; window.__saved = [];
document.addEventListener("htmx:afterSettle", function (e) { window.__swaps.push(Date.now()); });
document.addEventListener("htmx:afterRequest", function (e) {
  if (e.detail.requestConfig && /\\/deals\\/$/.test(e.detail.requestConfig.path)) { window.__saved.push(Date.now()); }
});
"""
# Waiting for a page to show a deal: far longer than the stream needs, for a busy machine (the
# figures are the delays recorded, not this wait). That the stream carried the deal, not a poll, is
# what the tests assert after it: the page was on its stream all along, and an alive stream skips
# the timed polls (static/js/page.js).
ARRIVES = 8_000
POLL = 12_000  # ms: the timed poll every 4 s, a few rounds on a slow machine


def record(figures: dict) -> None:
    """Add *figures* to test-results/live-delivery.json (ignored by git)."""
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    kept = json.loads(RESULTS.read_text()) if RESULTS.exists() else {}
    RESULTS.write_text(json.dumps(kept | figures, indent=1))


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture
def asgi_server(transactional_db) -> Iterator[str]:
    """The site under uvicorn on a free loopback port, in a thread of this process."""
    port = free_port()
    config = uvicorn.Config(ASGIStaticFilesHandler(get_asgi_application()), host="127.0.0.1", port=port,
                            log_level="warning", lifespan="off")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert time.monotonic() < deadline, "uvicorn did not start"
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(timeout=10)


def signed_in_context(browser: Browser, args: dict, base: str, user) -> BrowserContext:
    client = Client()
    client.force_login(user)
    context = browser.new_context(**args)
    context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "value": client.cookies[settings.SESSION_COOKIE_NAME].value,
                          "url": base}])
    context.add_init_script(RECORDER)
    return context


def on_stream(page: Page, timeout: float = 10.0) -> None:
    """Wait until the page is on its stream (asked again and again: wait_for_function's polling
    evaluates a string, which the Content-Security-Policy refuses)."""
    deadline = time.monotonic() + timeout
    while not page.evaluate("window.scorebookLive && window.scorebookLive.alive()"):
        assert time.monotonic() < deadline, "the page did not get on its stream"
        page.wait_for_timeout(100)


def answered(page: Page, saves: int, timeout: float = 10.0) -> int:
    """When the page's *saves*-th save of a deal was answered (``Date.now()``), waited for: the page's
    own stream may bring its new version (and the totals) a moment before the save's answer does."""
    deadline = time.monotonic() + timeout
    while page.evaluate("window.__saved.length") < saves:
        assert time.monotonic() < deadline, f"save {saves} was not answered"
        page.wait_for_timeout(20)
    return page.evaluate(f"window.__saved[{saves - 1}]")


@pytest.fixture
def table(owner, django_user_model) -> tuple[Match, list]:
    match = services.match_share(match=services.match_create(owner=owner, game="thousand", players=PLAYERS))
    phones = [owner]
    for seat, name in [(1, "boris"), (2, "vika")]:
        user = django_user_model.objects.create_user(username=name)
        Member.objects.create(match=match, user=user, role="player", name=name, seat=seat)
        phones.append(user)
    return match, phones


def test_three_phones_and_a_display_see_a_deal_at_once(asgi_server: str, table, browser: Browser,
                                                       browser_context_args: dict) -> None:
    base = asgi_server
    match, (owner, boris, vika) = table
    contexts: list[BrowserContext] = []
    try:
        writer_context = signed_in_context(browser, browser_context_args, base, owner)
        contexts.append(writer_context)
        writer = writer_context.new_page()
        observers: dict[str, tuple[Page, str]] = {}
        for name, user in [("Борис's phone", boris), ("Вика's phone", vika)]:
            context = signed_in_context(browser, browser_context_args, base, user)
            contexts.append(context)
            observers[name] = (context.new_page(), "#sheet .sheet-foot .cell")
        watcher_context = browser.new_context(**browser_context_args)
        watcher_context.add_init_script(RECORDER)
        tablet_context = signed_in_context(browser, {**browser_context_args, "viewport": {"width": 1280, "height": 800}},
                                           base, owner)
        contexts += [watcher_context, tablet_context]
        observers["a watcher's phone"] = (watcher_context.new_page(), "#sheet .sheet-foot .cell")
        observers["the table display"] = (tablet_context.new_page(), ".display-total")

        writer.goto(f"{base}/matches/{match.pk}/")
        observers["Борис's phone"][0].goto(f"{base}/matches/{match.pk}/")
        observers["Вика's phone"][0].goto(f"{base}/matches/{match.pk}/")
        observers["a watcher's phone"][0].goto(f"{base}/watch/{match.share_token}/")
        observers["the table display"][0].goto(f"{base}/matches/{match.pk}/display/")
        for page in [writer, *(page for page, _ in observers.values())]:
            on_stream(page)

        delays: list[float] = []
        events: list[float] = []  # the part of each delay until the page heard the stream's event
        for number, ((declarer, points), totals) in enumerate(zip(DEALS, TOTALS, strict=True), start=1):
            enter_play(writer, declarer, 100, points)
            expect(writer.locator("#sheet .sheet-foot .cell")).to_have_text(list(totals))
            saved = answered(writer, number)
            for name, (page, totals_cell) in observers.items():
                expect(page.locator(totals_cell), f"deal {number} on {name}").to_have_text(list(totals), timeout=ARRIVES)
                delays.append((page.evaluate("window.__swaps[window.__swaps.length - 1]") - saved) / 1000)
                events.append((page.evaluate("window.scorebookLive.versionAt()") - saved) / 1000)
        # Every page is still on its stream (no poll carried a deal): the figures are the stream's.
        for page in [writer, *(page for page, _ in observers.values())]:
            assert page.evaluate("window.scorebookLive.alive()")
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        observers["the table display"][0].screenshot(path=SCREENSHOTS / "table-display-live.png")
        observers["Вика's phone"][0].screenshot(path=SCREENSHOTS / "live-phone.png")

        p95 = statistics.quantiles(delays, n=20, method="inclusive")[-1]
        record({"deliveries": len(delays), "median_s": round(statistics.median(delays), 3),
                                       "p95_s": round(p95, 3), "max_s": round(max(delays), 3),
                                       "event_median_s": round(statistics.median(events), 3),
                                       "event_p95_s": round(statistics.quantiles(events, n=20, method="inclusive")[-1], 3),
                "load_average": round(os.getloadavg()[0], 1), "cores": os.cpu_count()})
        # The bound is 0.5 s p95 (measured, docs/performance.md); here only a check that the
        # deals came by the stream at all: a timed poll comes every 4 s.
        assert p95 < 2.0, delays
    finally:
        for context in contexts:
            context.close()


def test_a_failed_stream_falls_back_to_polling_and_comes_back(asgi_server: str, table, browser: Browser,
                                                               browser_context_args: dict,
                                                               allowed_console: list[str]) -> None:
    base = asgi_server
    match, (owner, boris, _vika) = table
    # The stream's address answers 502 on purpose (a proxy without a stream server behind it).
    allowed_console += ["Failed to load resource: the server responded with a status of 502"]
    contexts: list[BrowserContext] = []
    try:
        phone_context = signed_in_context(browser, browser_context_args, base, boris)
        contexts.append(phone_context)
        phone = phone_context.new_page()
        phone_context.route("**/live/**", lambda route: route.fulfill(status=502, body="Bad Gateway"))
        phone.goto(f"{base}/matches/{match.pk}/")
        expect(phone.locator("#sheet .sheet-foot .cell")).to_have_text(["0", "0", "0"])
        assert not phone.evaluate("window.scorebookLive.alive()")

        # ---- no stream: the timed poll brings another phone's deal
        services.deal_record(match=Match.objects.get(pk=match.pk), entry={
            "type": "play", "declarer": 0, "bid": 100, "points": [45, 67, 8]})
        expect(phone.locator("#sheet .sheet-foot .cell")).to_have_text(list(TOTALS[0]), timeout=POLL)

        # ---- the stream server is back: the page finds its stream again by itself, and the polls stop
        phone_context.unroute("**/live/**")
        on_stream(phone, timeout=30)
        sheet_polls: list[str] = []
        phone.on("request", lambda request: sheet_polls.append(request.url) if "/sheet/" in request.url else None)
        phone.wait_for_timeout(9_000)  # two rounds of the timed poll: none is sent while the stream is alive
        assert sheet_polls == []
        services.deal_record(match=Match.objects.get(pk=match.pk), entry={
            "type": "play", "declarer": 1, "bid": 100, "points": [15, 100, 5]})
        expect(phone.locator("#sheet .sheet-foot .cell")).to_have_text(list(TOTALS[1]), timeout=ARRIVES)
        assert sheet_polls == []  # the stream brought the new sheet itself: nothing fetched
    finally:
        for context in contexts:
            context.close()


def test_the_next_deal_is_saved_from_the_form_the_stream_brought(asgi_server: str, table, browser: Browser,
                                                                browser_context_args: dict) -> None:
    """The owner enters deal 1; Борис's page shows it from the stream alone (no request) with the
    entry form drawn anew for deal 2, which holds his page's token and client ids of its own. Борис
    saves deal 2 from it, and the owner undoes it from the undo the stream brought him: both stored
    (1000, classic: deal 1 gives −100, 65, 10; deal 2, Борис makes 100: −85, 165, 15)."""
    base = asgi_server
    match, (owner, boris, _vika) = table
    contexts: list[BrowserContext] = []
    try:
        pages = []
        for user in (owner, boris):
            context = signed_in_context(browser, browser_context_args, base, user)
            contexts.append(context)
            page = context.new_page()
            page.goto(f"{base}/matches/{match.pk}/")
            on_stream(page)
            pages.append(page)
        owner_page, boris_page = pages
        fetched: list[str] = []
        boris_page.on("request", lambda request: fetched.append(request.url))
        enter_play(owner_page, "Аня", 100, (45, 67, None))
        expect(boris_page.locator("#sheet .sheet-foot .cell")).to_have_text(list(TOTALS[0]), timeout=ARRIVES)
        assert fetched == []  # the sheet, its totals and the new entry form came with the stream's event
        form = boris_page.locator("#entry-form")
        token = form.locator("input[name=csrfmiddlewaretoken]")
        expect(token).to_have_count(1)
        assert len(token.input_value()) == 64  # the page's own (Django's masked token)
        ids = [field.input_value() for field in boris_page.locator("#entry-slot input[name=client_id]").all()]
        assert len(ids) >= 2 and all(re.fullmatch(r"[0-9a-f]{32}\w*", value) for value in ids), ids
        assert len({value[:32] for value in ids}) == 1  # one id for the slot's forms, each with its suffix
        expect(form.locator("input[name=expected_version]")).to_have_value("1")

        enter_play(boris_page, "Борис", 100, (15, 100, 5))
        expect(owner_page.locator("#sheet .sheet-foot .cell")).to_have_text(list(TOTALS[1]), timeout=ARRIVES)
        assert Match.objects.get(pk=match.pk).deals.filter(voided=False).count() == 2
        undo = owner_page.locator(".undo-form button")
        expect(undo).to_have_text("Undo deal 2")
        undo.click()
        undo.click()  # the second tap confirms (static/js/page.js)
        expect(owner_page.locator("#sheet .sheet-foot .cell")).to_have_text(list(TOTALS[0]))
        assert list(Match.objects.get(pk=match.pk).deals.order_by("number").values_list("voided", flat=True)) == [
            False, True]
    finally:
        for context in contexts:
            context.close()


def test_a_pending_deal_reaches_the_confirmers_phone_at_once(asgi_server: str, table, browser: Browser,
                                                              browser_context_args: dict) -> None:
    """Confirmation mode: a deal entered from Борис's seat is pending; Вика's phone (another seat)
    shows it with its confirm button as soon as it is saved, by her stream; she confirms it and
    Борис's phone sees it settled the same way."""
    base = asgi_server
    match, (owner, boris, vika) = table
    services.match_confirmation(match=match, confirmation=True, by=owner)
    contexts: list[BrowserContext] = []
    try:
        phones = []
        for user in (boris, vika):
            context = signed_in_context(browser, browser_context_args, base, user)
            contexts.append(context)
            phones.append(context.new_page())
        author, confirmer = phones
        for phone in phones:
            phone.goto(f"{base}/matches/{match.pk}/")
            on_stream(phone)
        delays = []
        enter_play(author, "Аня", 100, (45, 67, None))
        expect(author.locator("#deal-1 .badge-pending")).to_have_text("pending")
        saved = answered(author, 1)
        expect(confirmer.get_by_role("button", name="Confirm deal 1")).to_be_visible(timeout=ARRIVES)
        delays.append((confirmer.evaluate("window.__swaps[window.__swaps.length - 1]") - saved) / 1000)
        confirmer.get_by_role("button", name="Confirm deal 1").click()
        expect(confirmer.locator("#sheet .sheet-row.pending")).to_have_count(0)
        expect(author.locator("#sheet .sheet-row.pending")).to_have_count(0, timeout=ARRIVES)
        expect(author.locator("#sheet .sheet-foot .cell")).to_have_text(list(TOTALS[0]))
        # Борис's page heard it on the stream it never left; Вика's confirm was a form's POST, so her
        # page is a new one, which opens its stream again.
        assert author.evaluate("window.scorebookLive.alive()")
        on_stream(confirmer)
        record({"pending_to_confirmer_s": round(delays[0], 3)})
    finally:
        for context in contexts:
            context.close()


def test_a_buffered_stream_leaves_the_page_polling(asgi_server: str, table, browser: Browser,
                                                  browser_context_args: dict) -> None:
    """A proxy that buffers the stream lets nothing through, not even the heartbeat a stream sends
    as it opens: the page never counts it alive, and its timed poll brings the deal."""
    base = asgi_server
    match, (_owner, boris, _vika) = table
    context = signed_in_context(browser, browser_context_args, base, boris)
    try:
        phone = context.new_page()
        context.route("**/live/**", lambda route: None)  # held: no answer ever comes
        phone.goto(f"{base}/matches/{match.pk}/")
        expect(phone.locator("#sheet .sheet-foot .cell")).to_have_text(["0", "0", "0"])
        services.deal_record(match=Match.objects.get(pk=match.pk), entry={
            "type": "play", "declarer": 0, "bid": 100, "points": [45, 67, 8]})
        expect(phone.locator("#sheet .sheet-foot .cell")).to_have_text(list(TOTALS[0]), timeout=POLL)
        assert not phone.evaluate("window.scorebookLive.alive()")
    finally:
        context.close()


def test_offline_and_back_the_page_returns_to_its_stream(asgi_server: str, table, browser: Browser,
                                                          browser_context_args: dict,
                                                          allowed_console: list[str]) -> None:
    """The phone loses its connection: no stream is tried while offline; back online the page opens
    its stream again at once and hears the next deal by it."""
    allowed_console += ["Failed to load resource: net::ERR_INTERNET_DISCONNECTED"]
    base = asgi_server
    match, (_owner, boris, _vika) = table
    context = signed_in_context(browser, browser_context_args, base, boris)
    try:
        phone = context.new_page()
        phone.goto(f"{base}/matches/{match.pk}/")
        on_stream(phone)
        context.set_offline(True)
        phone.wait_for_timeout(500)
        assert not phone.evaluate("window.scorebookLive.alive()")
        context.set_offline(False)
        on_stream(phone)
        services.deal_record(match=Match.objects.get(pk=match.pk), entry={
            "type": "play", "declarer": 0, "bid": 100, "points": [45, 67, 8]})
        expect(phone.locator("#sheet .sheet-foot .cell")).to_have_text(list(TOTALS[0]), timeout=ARRIVES)
    finally:
        context.close()
