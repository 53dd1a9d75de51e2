"""Live updates, sharing and offline entry in a real browser: two phones on one match, a watcher
through the share link, a tablet showing the table display, and deals entered without a connection.

1000, three players, classic preset, Аня (seat 0) deals first. Worked by hand (RULES.md):
deal 1: Аня bids 100 and takes 45 → −100; Борис 67 → 65; Вика the rest, 8 → 10.
deal 2: Борис bids 100 and takes 100 → +100; Аня 15 → 15; Вика 5 → 5. Totals −85, 165, 15.
deal 3: Вика bids 100 and takes 100 → +100; Аня 10 → 10; Борис 10 → 10. Totals −75, 175, 115.
"""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from scorebook import services
from scorebook.models import Match
from tests.e2e.screenshots import SCREENSHOTS
from tests.e2e.test_thousand_flow import enter_play, expect_totals

PLAYERS = ["Аня", "Борис", "Вика"]
POLL = 12_000  # ms: the pages poll every 4 s; allow a few rounds on a slow machine


@pytest.fixture
def owner_match(owner, transactional_db) -> Match:
    return services.match_create(owner=owner, game="thousand", players=PLAYERS)


def test_two_phones_and_a_watcher_see_each_others_deals(page: Page, live_server, owner_match: Match, sign_in,
                                                        browser: Browser, browser_context_args: dict) -> None:
    base, match = live_server.url, owner_match
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    sign_in(page, match.owner)
    page.goto(f"{base}/matches/{match.pk}/")

    # ---- the owner shares the match
    page.locator("#share > summary").click()
    page.get_by_role("button", name="Create a share link").click()
    expect(page.locator("#share-url")).to_have_value(re.compile(r"/watch/[\w-]{20,}/$"))
    watch_url = page.locator("#share-url").input_value()
    match.refresh_from_db()
    assert watch_url.endswith(f"/watch/{match.share_token}/")

    contexts: list[BrowserContext] = []
    try:
        # ---- a watcher (never signed in) and the owner's second phone (same session)
        watcher_context = browser.new_context(**browser_context_args)
        second_context = browser.new_context(**browser_context_args, storage_state=page.context.storage_state())
        contexts += [watcher_context, second_context]
        watcher = watcher_context.new_page()
        watcher.goto(watch_url)
        expect(watcher.get_by_role("heading", name=re.compile("1000"))).to_be_visible()
        expect(watcher.locator("form#entry-form")).to_have_count(0)
        expect(watcher.locator("#sheet a")).to_have_count(0)  # no edit links
        second = second_context.new_page()
        second.goto(f"{base}/matches/{match.pk}/")
        expect_totals(second, "0", "0", "0")

        # ---- deal 1 on the first phone: the watcher and the second phone see it without reloading
        enter_play(page, "Аня", 100, (45, 67, None))
        expect_totals(page, "−100", "65", "10")
        expect(watcher.locator("#sheet .sheet-foot .cell")).to_have_text(["−100", "65", "10"], timeout=POLL)
        expect(second.locator("#sheet .sheet-foot .cell")).to_have_text(["−100", "65", "10"], timeout=POLL)
        expect(second.locator(".chart-section svg").first).to_be_visible()  # the chart came with the poll
        expect(watcher.locator(".chart-section svg").first).to_be_visible()

        # ---- deal 2 on the second phone: its form took the new version from the poll, so no conflict
        expect(second.locator("#entry-form input[name=expected_version]")).to_have_value(str(match.version + 1))
        enter_play(second, "Борис", 100, (15, 100, 5))
        expect_totals(second, "−85", "165", "15")
        expect(second.locator("#entry-form .violations")).to_have_count(0)
        expect(page.locator("#sheet .sheet-foot .cell")).to_have_text(["−85", "165", "15"], timeout=POLL)
        expect(watcher.locator("#sheet .sheet-foot .cell")).to_have_text(["−85", "165", "15"], timeout=POLL)

        # ---- and back on the first phone: deal 3 saves as well
        expect(page.locator("#entry-form input[name=expected_version]")).to_have_value(str(match.version + 2))
        enter_play(page, "Вика", 100, (10, 10, None))
        expect_totals(page, "−75", "175", "115")
        expect(page.locator("#entry-form .violations")).to_have_count(0)
        expect(watcher.locator("#sheet .sheet-foot .cell")).to_have_text(["−75", "175", "115"], timeout=POLL)
        assert match.deals.count() == 3
        watcher.evaluate("window.scrollTo(0, 0)")
        watcher.screenshot(path=SCREENSHOTS / "watch.png", full_page=True)

        # ---- the table display on a tablet, through the share link
        tablet_context = browser.new_context(**{**browser_context_args, "viewport": {"width": 1280, "height": 800}})
        contexts.append(tablet_context)
        tablet = tablet_context.new_page()
        tablet.goto(watch_url + "display/")
        expect(tablet.locator(".display-total")).to_have_text(["−75", "175", "115"])
        expect(tablet.locator(".display-player.is-dealer .display-name")).to_have_text("Аня")  # deal 4: seat 0
        tablet.screenshot(path=SCREENSHOTS / "table-display.png")

        # ---- the owner stops sharing: the link is dead
        page.goto(f"{base}/matches/{match.pk}/")
        page.locator("#share > summary").click()
        page.get_by_role("button", name="Stop sharing").click()
        expect(page.get_by_role("button", name="Create a share link")).to_be_attached()
        assert watcher.goto(watch_url).status == 404
    finally:
        for context in contexts:
            context.close()


def queued_banner(page: Page):
    return page.locator("#offline-queue")


@pytest.mark.engine  # offline, the referee in the phone checks each deal before it is queued
def test_deals_entered_offline_are_sent_once_when_the_connection_returns(
        page: Page, live_server, owner_match: Match, sign_in, allowed_console: list[str]) -> None:
    base, match = live_server.url, owner_match
    # A poll that falls in the offline minute fails, as it should (the referee in the phone starting
    # in the background makes that minute longer on a busy machine).
    allowed_console += ["htmx:afterRequest", "htmx:sendError", "Failed to load resource: net::ERR_INTERNET_DISCONNECTED"]
    sign_in(page, match.owner)
    page.goto(f"{base}/matches/{match.pk}/")
    expect_totals(page, "0", "0", "0")

    # ---- no connection: two deals are kept on the phone, in order, and the page says so
    page.context.set_offline(True)
    enter_play(page, "Аня", 100, (45, 67, None))
    expect(queued_banner(page)).to_be_visible()
    expect(queued_banner(page).locator(".offline-count")).to_have_text("1 deal waiting to be sent")
    expect(page.locator("#entry-form #points_0")).to_have_value("")  # the form is ready for the next deal
    enter_play(page, "Борис", 100, (15, 100, 5))
    expect(queued_banner(page).locator(".offline-count")).to_have_text("2 deals waiting to be sent")
    expect(queued_banner(page).locator(".offline-list li")).to_have_count(2)
    expect_totals(page, "0", "0", "0")
    assert match.deals.count() == 0
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=SCREENSHOTS / "offline-queued.png")

    # ---- the connection returns: both are sent, once each, and the sheet shows them
    page.context.set_offline(False)
    expect_totals(page, "−85", "165", "15")
    expect(queued_banner(page)).to_be_hidden()
    assert list(match.deals.order_by("number").values_list("number", flat=True)) == [1, 2]

    # ---- a reload (which also tries the queue again) sends nothing twice
    page.reload()
    expect_totals(page, "−85", "165", "15")
    page.wait_for_timeout(500)
    assert match.deals.count() == 2
    assert page.evaluate("localStorage.getItem('scorebook:queued-deals')") is None


def test_a_deal_re_sent_from_the_queue_is_stored_once(page: Page, live_server, owner_match: Match,
                                                      sign_in, allowed_console: list[str]) -> None:
    """The answer to a save was lost after the server stored it: the phone queues the deal anyway
    and re-sends it with the same client id; the server answers from the history."""
    # The connection cut on purpose below: htmx and the browser say so in the console.
    allowed_console += ["htmx:afterRequest", "htmx:sendError", "Failed to load resource: net::ERR_CONNECTION_RESET"]
    base, match = live_server.url, owner_match
    sign_in(page, match.owner)
    page.goto(f"{base}/matches/{match.pk}/")
    expect_totals(page, "0", "0", "0")
    # The server stores the deal, then the connection drops before the answer arrives.
    page.route(f"**/matches/{match.pk}/deals/", lambda route: (route.fetch(), route.abort("connectionreset")))
    enter_play(page, "Аня", 100, (45, 67, None))
    expect(queued_banner(page).locator(".offline-count")).to_have_text("1 deal waiting to be sent")
    page.unroute(f"**/matches/{match.pk}/deals/")
    assert match.deals.count() == 1
    queued = page.evaluate("JSON.parse(localStorage.getItem('scorebook:queued-deals'))")
    page.locator("#offline-queue").get_by_role("button", name="Send now").click()
    expect(queued_banner(page)).to_be_hidden()
    expect_totals(page, "−100", "65", "10")
    assert match.deals.count() == 1
    assert match.revisions.get().client_id == dict(queued[0]["fields"])["client_id"]
