"""Three phones at one table: the owner invites by QR code and link, one player joins as a guest
from the link and one signed in; the guest enters a deal; the signed-in one, made a watcher,
cannot write; the guest, removed, loses the match.

1000, three players, classic preset. Worked by hand (RULES.md): Аня bids 100 and takes 45 → −100;
Борис 67 → 65; Вика the rest, 8 → 10.
"""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from scorebook import services
from scorebook.models import Match, Member
from tests.e2e.screenshots import SCREENSHOTS
from tests.e2e.test_thousand_flow import enter_play, expect_totals

PLAYERS = ["Аня", "Борис", "Вика"]


@pytest.fixture
def owner_match(owner, transactional_db) -> Match:
    return services.match_create(owner=owner, game="thousand", players=PLAYERS)


def test_the_owner_invites_a_guest_and_a_signed_in_player(page: Page, live_server, owner_match: Match, sign_in,
                                                          browser: Browser, browser_context_args: dict,
                                                          django_user_model) -> None:
    base, match = live_server.url, owner_match
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    blocked: list[str] = []
    page.on("console", lambda message: blocked.append(message.text)
            if "Content Security Policy" in message.text else None)
    sign_in(page, match.owner)
    page.goto(f"{base}/matches/{match.pk}/")

    # ---- the owner makes an invite for players: a QR code and the link
    page.locator("#members > summary").click()
    page.locator("#invite-role").select_option("player")
    page.get_by_role("button", name="Create an invite").click()
    expect(page.locator("#invite-url")).to_have_value(re.compile(r"/join/[\w-]{32}/$"))
    invite = page.locator("#invite-url").input_value()
    qr = page.locator("figure.qr svg.qr-code")
    expect(qr).to_be_visible()
    assert qr.bounding_box()["width"] >= 100
    page.locator("#members").screenshot(path=str(SCREENSHOTS / "table-invite.png"))
    assert blocked == []

    contexts: list[BrowserContext] = []
    try:
        # ---- a guest joins from the link with just a name, takes Борис's seat, enters deal 1
        contexts.append(browser.new_context(**browser_context_args))
        guest = contexts[-1].new_page()
        guest.goto(invite)
        expect(guest.get_by_text("You are invited as player.")).to_be_visible()
        guest.get_by_label("Your name").fill("Дима")
        guest.get_by_role("button", name="Join").click()
        expect(guest.get_by_text("You are at this table as Дима, player.")).to_be_visible()
        guest.locator("#seat").select_option(label="Борис")
        guest.get_by_role("button", name="Take this seat").click()
        expect(guest.locator("#seat")).to_have_value("1")
        enter_play(guest, "Аня", 100, (45, 67, None))
        expect_totals(guest, "−100", "65", "10")
        guest.screenshot(path=str(SCREENSHOTS / "table-guest-player.png"), full_page=True)
        expect_totals(page, "−100", "65", "10")  # the owner's poll brings the guest's deal

        # ---- a signed-in player joins; the owner makes him a watcher: he reads, and cannot write
        boris = django_user_model.objects.create_user(username="boris")
        contexts.append(browser.new_context(**browser_context_args))
        watcher = contexts[-1].new_page()
        sign_in(watcher, boris)
        watcher.goto(invite)
        expect(watcher.get_by_text("You join as boris.")).to_be_visible()
        watcher.get_by_role("button", name="Join").click()
        expect(watcher.locator("form#entry-form")).to_be_visible()
        page.reload()  # still at ?panel=members: the panel opens with the page
        row = page.locator('li.member[data-member="boris"]')
        row.get_by_label("Role of boris").select_option("watcher")
        row.get_by_role("button", name="Change role").click()
        expect(page.locator('li.member[data-member="boris"] select')).to_have_value("watcher")
        page.locator("#members").screenshot(path=str(SCREENSHOTS / "table-members.png"))
        watcher.reload()
        expect(watcher.get_by_text("You are at this table as boris, watcher.")).to_be_visible()
        expect(watcher.locator("form#entry-form")).to_have_count(0)
        expect_totals(watcher, "−100", "65", "10")
        csrf = next(c["value"] for c in contexts[-1].cookies() if c["name"] == "csrftoken")
        refused = watcher.request.post(f"{base}/matches/{match.pk}/deals/", headers={"X-CSRFToken": csrf},
                                       form={"action": "play", "declarer": "1", "bid": "100"})
        assert refused.status == 403
        watcher.screenshot(path=str(SCREENSHOTS / "table-watcher.png"), full_page=True)

        # ---- the owner removes the guest: his phone no longer opens the match
        guest_row = page.locator('li.member[data-member="Дима"]')
        guest_row.get_by_role("button", name="Remove").click()
        expect(page.locator('li.member[data-member="Дима"]')).to_have_count(0)
        guest.goto(f"{base}/matches/{match.pk}/")
        expect(guest).to_have_url(re.compile(r"/accounts/login/"))
        assert not Member.objects.filter(name="Дима").exists()
        assert match.deals.get().revisions.get().member_id is None  # his deal stays, his place is gone
    finally:
        for context in contexts:
            context.close()
