"""Two phones, one form each: a form drawn before the other phone's save is never stored as
another deal without asking. Phone A (Вика, a guest scorer) saves; phone B (the owner), with
something typed in his form, saves after it and gets the choice: "save it anyway" or "discard".
A form nobody touched is drawn anew by the poll instead (who deals, who is on the 100).

1000, three players, classic preset, Аня (seat 0) deals first; the 100 is left of the dealer.
Worked by hand (RULES.md):
deal 1 (A): Вика bids 120, ♦ marriage 80 + 55 taken = 135 → made +120; Аня 40, Борис 25 on defence.
           Totals 40, 25, 120.
deal 2 (B, stale, saved anyway): Борис bids 100, Аня 10, Вика 5, Борис the rest 105 → +100.
           Totals 50, 125, 125.
deal 3 (A): Аня bids 100 and takes 100 → +100; Борис 15, Вика the rest 5. Totals 150, 140, 130.
           B's stale deal (Вика bids 110) is discarded.
deal 4 (A): Борис bids 100 and takes 100 → +100; Аня 5, Вика the rest 15. Totals 155, 240, 145.
           B's untouched form is drawn anew: deal 5 is Борис's deal, Вика on the 100.
"""
from __future__ import annotations

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
    match = services.match_create(owner=owner, game="thousand", players=PLAYERS)
    return services.invite_renew(match=match, by=owner, role="scorer")


def type_without_saving(page: Page, declarer: str, bid: int, points: tuple[int | None, ...]) -> None:
    form = page.locator("#entry-form")
    form.locator(".seat-picker label").filter(has_text=declarer).click()
    form.locator("#bid").fill(str(bid))
    for seat, value in enumerate(points):
        form.locator(f"#points_{seat}").fill("" if value is None else str(value))


def test_a_stale_form_asks_before_saving(page: Page, live_server, owner_match: Match, sign_in,
                                         browser: Browser, browser_context_args: dict) -> None:
    base, match = live_server.url, owner_match
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    sign_in(page, match.owner)  # phone B
    page.goto(f"{base}/matches/{match.pk}/")
    contexts: list[BrowserContext] = []
    try:
        contexts.append(browser.new_context(**browser_context_args))
        vika = contexts[-1].new_page()  # phone A
        vika.goto(f"{base}/join/{match.invite_token}/")
        vika.get_by_label("Your name").fill("Вика")
        vika.get_by_role("button", name="Join").click()
        expect(vika.locator("#entry-form")).to_be_visible()

        # ---- B starts typing Борис's deal; A saves deal 1 first
        type_without_saving(page, "Борис", 100, (10, None, 5))
        enter_play(vika, "Вика", 120, (40, 25, None), marriages={"Вика": "♦"})
        expect_totals(vika, "40", "25", "120")
        expect(page.locator("#sheet .sheet-foot .cell")).to_have_text(["40", "25", "120"], timeout=POLL)
        # B's poll brought the sheet but left what B typed alone.
        expect(page.locator("#points_0")).to_have_value("10")
        expect(page.locator("#entry-form").get_by_role("radio", name="Борис")).to_be_checked()

        # ---- B saves: refused with the choice, nothing stored
        page.locator("#entry-form").get_by_role("button", name="Save the deal").click()
        choice = page.locator("[data-stale-choice]")
        expect(choice).to_be_visible()
        expect(choice).to_contain_text("Not saved: another phone saved first.")
        expect(choice).to_contain_text("Вика just entered deal 1: Аня +40, Борис +25, Вика +120")
        expect(choice).to_contain_text("Yours would be deal 2: save it anyway, or discard it?")
        expect(choice).to_be_in_viewport()
        for answer in (choice.get_by_role("button", name="Save it anyway"), choice.get_by_role("link", name="Discard mine")):
            box = answer.bounding_box()
            assert box is not None and box["height"] >= 44 and box["width"] >= 44  # a tap target
        page.screenshot(path=str(SCREENSHOTS / "stale-save-choice.png"))
        expect_totals(page, "40", "25", "120")
        assert match.deals.count() == 1

        # ---- "Save it anyway": deal 2 stored once, as B typed it
        choice.get_by_role("button", name="Save it anyway").click()
        expect_totals(page, "50", "125", "125")
        expect(page.locator("[data-stale-choice]")).to_have_count(0)
        assert match.deals.count() == 2
        expect(vika.locator("#sheet .sheet-foot .cell")).to_have_text(["50", "125", "125"], timeout=POLL)

        # ---- B types again; A saves deal 3 first; B discards his
        type_without_saving(page, "Вика", 110, (None, 30, 60))
        enter_play(vika, "Аня", 100, (100, 15, None))
        expect_totals(vika, "150", "140", "130")
        expect(page.locator("#sheet .sheet-foot .cell")).to_have_text(["150", "140", "130"], timeout=POLL)
        page.locator("#entry-form").get_by_role("button", name="Save the deal").click()
        choice = page.locator("[data-stale-choice]")
        expect(choice).to_contain_text("Вика just entered deal 3: Аня +100, Борис +15, Вика +5")
        expect(choice).to_contain_text("Yours would be deal 4")
        choice.get_by_role("link", name="Discard mine").click()
        expect(page.locator("[data-stale-choice]")).to_have_count(0)
        expect_totals(page, "150", "140", "130")
        assert match.deals.count() == 3
        # Deal 4 is Аня's deal: Борис, on her left, is on the 100; nothing of B's deal is left.
        expect(page.locator("#entry-form").get_by_role("radio", name="Борис")).to_be_checked()
        expect(page.locator("#points_1")).to_have_value("")

        # ---- B leaves his form alone; A saves deal 4: B's form is drawn anew for deal 5
        enter_play(vika, "Борис", 100, (5, 100, None))
        expect_totals(vika, "155", "240", "145")
        match.refresh_from_db()
        expect(page.locator("#entry-form input[name=expected_version]")).to_have_value(str(match.version),
                                                                                      timeout=POLL)
        expect(page.locator("#entry-form").get_by_role("radio", name="Вика")).to_be_checked()
        expect_totals(page, "155", "240", "145")
    finally:
        for context in contexts:
            context.close()
