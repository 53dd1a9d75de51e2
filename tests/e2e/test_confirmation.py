"""Four phones at one table in confirmation mode: the owner makes the match and invites; a guest
joins from the link and sits as Борис, a signed-in player sits as Вика. A deal entered from one
seat is pending on the others' phones at their next poll and counts once another seat confirms
it; one is rejected with a reason, corrected by its author and confirmed; a watcher cannot write;
after the correction window a player's amendment is a proposal; a removed player loses the match;
the settled totals never hold a pending deal.

1000, three players, classic preset. Worked by hand (RULES.md: a declarer who makes the bid scores
it, one who fails loses it; a defender's points rounded to the nearest 5):
- deal 1, Аня bids 100 and takes 45 → −100; Борис 67 → 65; Вика the rest, 8 → 10.
- deal 2, Борис bids 100 with 100 → +100; Аня 20; Вика 0: totals −80 165 10 (rejected: not so).
- deal 2 corrected: Борис takes 95 → −100; Аня 25; Вика 0: totals −75 −35 10.
- deal 1 proposed: Борис 62 → 60, Вика 13 → 15: totals −75 −40 15.
"""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from scorebook.models import Deal, Match
from tests.e2e.screenshots import SCREENSHOTS
from tests.e2e.test_thousand_flow import enter_play


def expect_provisional(page: Page, *totals: str) -> None:
    """The Σ row: every deal counted, the pending ones too."""
    expect(page.locator("#sheet .sheet-foot:not(.settled) .cell")).to_have_text(list(totals))


def expect_settled(page: Page, *totals: str) -> None:
    """The settled row under Σ (only while a deal is pending): the totals before the first one."""
    expect(page.locator("#sheet .sheet-foot.settled .cell")).to_have_text(list(totals))


def no_pending(page: Page) -> None:
    expect(page.locator("#sheet .sheet-row.pending")).to_have_count(0)
    expect(page.locator("#sheet .sheet-foot.settled")).to_have_count(0)


def test_deals_confirmed_by_another_seat(page: Page, live_server, sign_in, browser: Browser,
                                         browser_context_args: dict, django_user_model, owner,
                                         transactional_db) -> None:
    base = live_server.url
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    sign_in(page, owner)

    # ---- the owner makes a 1000 match in confirmation mode and invites players
    page.goto(f"{base}/matches/new/?game=thousand")
    for seat, name in enumerate(("Аня", "Борис", "Вика")):
        page.locator(f"#player_{seat}").fill(name)
    page.get_by_label("Deals confirmed by another seat").check()
    page.get_by_role("button", name="Start the match").click()
    expect(page).to_have_url(re.compile(r"/matches/\d+/$"))
    match = Match.objects.get(owner=owner)
    assert (match.confirmation, match.correction_window) == (True, None)
    page.locator("#members > summary").click()
    page.locator("#invite-role").select_option("player")
    page.get_by_role("button", name="Create an invite").click()
    invite = page.locator("#invite-url").input_value()

    contexts: list[BrowserContext] = []

    def phone() -> Page:
        contexts.append(browser.new_context(**browser_context_args))
        return contexts[-1].new_page()

    try:
        # ---- a guest joins from the link and sits as Борис; a signed-in player sits as Вика
        guest = phone()
        guest.goto(invite)
        guest.get_by_label("Your name").fill("Дима")
        guest.get_by_role("button", name="Join").click()
        guest.locator("#seat").select_option(label="Борис")
        guest.get_by_role("button", name="Take this seat").click()
        expect(guest.locator("#seat")).to_have_value("1")
        vika = phone()
        sign_in(vika, django_user_model.objects.create_user(username="vika"))
        vika.goto(invite)
        vika.get_by_role("button", name="Join").click()
        vika.locator("#seat").select_option(label="Вика")
        vika.get_by_role("button", name="Take this seat").click()
        expect(vika.locator("#seat")).to_have_value("2")

        # ---- deal 1 from Борис's seat: pending everywhere, counted provisionally, not settled
        enter_play(guest, "Аня", 100, (45, 67, None))
        expect_provisional(guest, "−100", "65", "10")
        expect_settled(guest, "0", "0", "0")
        expect(guest.locator("#deal-1 .badge-pending")).to_have_text("pending")
        expect(guest.get_by_role("button", name="Confirm deal 1")).to_have_count(0)  # not its own
        row = vika.locator("#deal-1.pending")
        expect(row).to_be_visible()  # Вика's poll brought it
        expect_settled(vika, "0", "0", "0")
        expect_provisional(page, "−100", "65", "10")  # the owner's too
        expect(page.get_by_role("button", name="Confirm deal 1")).to_have_count(0)  # no seat: no confirming
        vika.screenshot(path=str(SCREENSHOTS / "confirmation-pending.png"), full_page=True)

        # ---- Вика confirms it: settled on every phone
        vika.get_by_role("button", name="Confirm deal 1").click()
        no_pending(vika)
        no_pending(guest)
        expect_provisional(guest, "−100", "65", "10")
        assert Deal.objects.get(match=match, number=1).status == "confirmed"

        # ---- deal 2 from Вика's seat, rejected by Борис's with a reason
        enter_play(vika, "Борис", 100, (20, 100, None))
        expect_provisional(vika, "−80", "165", "10")
        expect_settled(vika, "−100", "65", "10")
        waiting = guest.locator('#waiting li[data-deal="2"]')
        waiting.get_by_label("Why not?").fill("Борис had 95")
        waiting.get_by_role("button", name="Reject").click()
        expect_provisional(guest, "−100", "65", "10")  # not counted
        expect(vika.get_by_text("Deal 2 was rejected: Борис had 95")).to_be_visible()
        vika.get_by_role("link", name="Correct deal 2").click()
        form = vika.locator("#entry-form")
        form.locator("#points_0").fill("25")
        form.locator("#points_1").fill("95")
        form.locator("#points_2").fill("")
        form.get_by_role("button", name="Save the deal").click()
        expect_provisional(vika, "−75", "−35", "10")
        expect(vika.locator("#deal-2.pending")).to_be_visible()
        guest.get_by_role("button", name="Confirm deal 2").click()
        no_pending(guest)
        expect_provisional(guest, "−75", "−35", "10")

        # ---- a watcher reads and cannot write
        page.goto(f"{base}/matches/{match.pk}/?panel=members")
        page.locator("#invite-role").select_option("watcher")
        page.get_by_role("button", name="New invite link").click()
        watch_link = page.locator("#invite-url").input_value()
        watcher = phone()
        sign_in(watcher, django_user_model.objects.create_user(username="wanda"))
        watcher.goto(watch_link)
        watcher.get_by_role("button", name="Join").click()
        expect(watcher.get_by_text("You are at this table as wanda, watcher.")).to_be_visible()
        expect(watcher.locator("form#entry-form")).to_have_count(0)
        csrf = next(c["value"] for c in contexts[-1].cookies() if c["name"] == "csrftoken")
        refused = watcher.request.post(f"{base}/matches/{match.pk}/deals/1/confirm/", headers={"X-CSRFToken": csrf})
        assert refused.status == 403

        # ---- deal 1's window closed when deal 2 was confirmed: Борис's amendment is a proposal
        guest.goto(f"{base}/matches/{match.pk}/deals/1/")
        form = guest.locator("#entry-form")
        expect(form.locator("#points_0")).to_have_value("")  # the declarer's: the rest, as on entry
        form.locator("#points_1").fill("62")
        form.locator("#points_2").fill("13")  # Аня's rest of 120: 120 − 62 − 13 = 45, as before
        form.get_by_role("button", name="Save the deal").click()
        expect(guest.get_by_text("Your change of deal 1 is proposed")).to_be_visible()
        expect_provisional(guest, "−75", "−35", "10")  # the entry in force still counts
        vika.get_by_role("button", name="Confirm the change").click()
        expect_provisional(vika, "−75", "−40", "15")

        # ---- the owner removes the guest: his phone loses the match
        page.goto(f"{base}/matches/{match.pk}/?panel=members")
        page.locator('li.member[data-member="Дима"]').get_by_role("button", name="Remove").click()
        expect(page.locator('li.member[data-member="Дима"]')).to_have_count(0)
        guest.goto(f"{base}/matches/{match.pk}/")
        expect(guest).to_have_url(re.compile(r"/accounts/login/"))
    finally:
        for context in contexts:
            context.close()


pytestmark = pytest.mark.e2e
