"""A 4-player 1000 match from a preset: the dealer sits out with the talon, a dark deal, a redeal.

Expected totals are worked out by hand from RULES.md ("thousand": "Players", "Dark", "Redeals")
with the barrel_900 preset and one option changed on the new-match page (dark from 0 points).
Seats: Аня (0), Борис (1), Вика (2), Глеб (3); Аня deals first.
"""
import re

from playwright.sync_api import Page, expect

from scorebook.models import Match
from tests.e2e.test_thousand_flow import expect_totals, sign_up

PLAYERS = ("Аня", "Борис", "Вика", "Глеб")


def test_a_four_player_match_with_a_preset_dark_and_a_redeal(page: Page, live_server) -> None:
    base = live_server.url
    sign_up(page, base)
    page.goto(f"{base}/matches/new/")
    for seat, name in enumerate(PLAYERS):
        page.locator(f"#player_{seat}").fill(name)
    page.get_by_label("First dealer").select_option(label="Аня")
    page.get_by_label("House rules preset").select_option("barrel_900")
    expect(page.get_by_text("The barrel is at 900.")).to_be_visible()  # the preset's note
    for seat, name in enumerate(PLAYERS):  # the preset reloads the form and keeps the names
        expect(page.locator(f"#player_{seat}")).to_have_value(name)
    page.get_by_text("House rules: change single options").click()
    expect(page.locator("#opt_barrel_threshold")).to_have_value("900")
    page.locator("#opt_dark_min_score").fill("0")
    page.get_by_role("button", name="Start the match").click()
    expect(page).to_have_url(re.compile(r"/matches/\d+/$"))
    match = Match.objects.get(owner__username="lena")
    assert (match.preset, match.options["barrel_threshold"], match.options["dark_min_score"]) == (
        "barrel_900", 900, 0)
    page.get_by_text("Rules of this match").click()
    expect(page.locator(".rules-list")).to_contain_text("900")

    # ---- deal 1: Аня deals and sits out. Борис, on the 100, plays dark for 120 with the ♥
    # marriage: 80 + 100 = 180 ≥ 120 → 2 × 120 = +240. Defenders doubled: Вика 25 → 2 × 25 = 50;
    # Глеб gets the rest, 120 − 80 − 25 = 15 → 30. Аня is credited the talon, 14 → 15 (not doubled).
    form = page.locator("#entry-form")
    expect(form.locator("#points_0")).to_have_count(0)  # the dealer has no points field
    form.locator(".seat-picker label").filter(has_text="Борис").click()
    form.locator("#bid").fill("120")
    form.locator("#points_1").fill("80")
    form.locator("#points_2").fill("25")
    form.locator("#talon_points").fill("14")
    form.get_by_role("group", name="Marriages declared by Борис").locator("label").filter(has_text="♥").click()
    form.locator("label.toggle.wide").click()  # dark
    form.get_by_role("button", name="Save the deal").click()
    expect_totals(page, "15", "240", "50", "30")
    # One line per deal: its marks show on a tap, a line under the cell says they are there.
    expect(page.locator("#deal-1 .cell").nth(0)).to_have_class(re.compile(r"\bhas-marks\b"))
    page.locator("#deal-1 > summary").tap()
    expect(page.locator("#deal-1 .cell").nth(0).locator(".mark-sits_out")).to_be_visible()
    expect(page.locator("#deal-1 .cell").nth(1).locator(".mark-dark")).to_be_visible()
    page.locator("#deal-1 > summary").tap()

    # ---- deal 2: Борис deals and asks for a redeal (three nines): nothing changes, he deals again.
    page.get_by_text("Redeal", exact=True).click()
    page.locator("#reason").select_option("three_nines")
    page.get_by_role("button", name="Record the redeal").click()
    expect(page.locator("#sheet .sheet-row")).to_have_count(2)
    expect_totals(page, "15", "240", "50", "30")
    expect(page.locator("#sheet .sheet-head .player").nth(1)).to_contain_text("deals")

    # ---- deal 3: Борис deals again and sits out (talon 0). Вика bids 100 and takes 60 → −100;
    # Аня 30 → 30; Глеб the rest, 120 − 30 − 60 = 30 → 30.
    # Totals: 15 + 30 = 45; 240; 50 − 100 = −50; 30 + 30 = 60.
    form = page.locator("#entry-form")
    expect(form.locator("#points_1")).to_have_count(0)
    form.locator(".seat-picker label").filter(has_text="Вика").click()
    form.locator("#bid").fill("100")
    form.locator("#points_0").fill("30")
    form.locator("#points_2").fill("60")
    form.get_by_role("button", name="Save the deal").click()
    expect_totals(page, "45", "240", "−50", "60")
    assert match.deals.count() == 3
