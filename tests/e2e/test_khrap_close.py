"""Closing a Khrap evening on a phone: a deal with a revoke ticked in it, then "Close the evening…",
the second tap that confirms it, and the settlement in place of the entry form.

Worked by hand from RULES.md ("khrap", classic: stake 5, fifths, renonce_fail 1, pot_at_close
"split"). Аня 0, Борис 1, Вика 2. Deal 1: 3 × 5 = 15 in; Аня khraps (3 tricks), Борис 1, Вика 1 but
she revoked: a fifth is 3, Аня 9, Борис 3, Вика pays 1 × 15. Balances 4, −2, −20; pot 18. The close:
18 ÷ 3 = 6 each back: 10, 4, −14; the pot empty.
"""

from playwright.sync_api import Page, expect

from scorebook import services
from tests.e2e.screenshots import SCREENSHOTS
from tests.e2e.test_khrap_flow import PLAYERS, expect_totals


def test_closing_the_evening_shows_the_settlement(page: Page, live_server, owner, sign_in) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    match = services.match_create(owner=owner, game="khrap", players=list(PLAYERS))
    sign_in(page, owner)
    page.goto(f"{live_server.url}/matches/{match.pk}/")

    form = page.locator("#entry-form")
    form.locator("#khrap-field label").filter(has_text="Аня").tap()
    form.locator("#tricks_0").fill("3")
    form.locator("#tricks_1").fill("1")
    form.locator("#tricks_2").fill("1")
    revoked = form.locator("#renonce-field label").filter(has_text="Вика")
    revoked.tap()
    expect(revoked.locator("input")).to_be_checked()
    form.get_by_role("button", name="Save the deal").tap()
    expect_totals(page, "4", "−2", "−20", "18")

    # The first tap only opens the confirmation; nothing is written yet.
    close = page.locator("#close-evening")
    close.locator("summary").tap()
    confirm = close.get_by_role("button", name="Yes, close the evening")
    expect(confirm).to_be_visible()
    expect(close).to_contain_text("What is left in the pot, 18, goes back in equal shares")
    match.refresh_from_db()
    assert match.version == 1
    confirm.tap()

    settlement = page.locator(".khrap-final")
    expect(settlement.locator("caption")).to_have_text("The evening is closed: the settlement")
    expect(settlement.locator("tbody td.num")).to_have_text(["+10", "+4", "−14", "0"])
    expect(page.locator("#entry-form")).to_have_count(0)
    expect(page.locator("#close-evening")).to_have_count(0)
    expect(page.locator("#sheet .message-success")).to_have_text("The match is over.")
    expect_totals(page, "10", "4", "−14", "0")
    settlement.scroll_into_view_if_needed()
    page.screenshot(path=SCREENSHOTS / "khrap-closed.png")
    match.refresh_from_db()
    assert (match.finished, match.deals.last().entry) == (True, {"type": "close"})
