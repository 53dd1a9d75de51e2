"""Khrap at a table of 6 on a phone: the players left empty took no trick, the khraper's field left
empty is the rest of 5, and a sum other than 5 is refused under the tricks whatever is empty.

Worked by hand (RULES.md, "khrap", classic: stake 5, fifths, a failed whister pays 1 × the pot as it
stood before the payouts). Seats: Аня 0, Борис 1, Вика 2, Гена 3, Даша 4, Женя 5.
deal 1: the pot is empty: 6 × 5 = 30 in. Вика khraps in circle 1; Борис and Даша tap "+" once
(1 each); the four other fields are left empty: Вика the rest, 5 − 1 − 1 = 3, the others none.
The whole pot is at stake, a fifth of 30 is 6: Вика 18, Борис 6, Даша 6; Аня, Гена and Женя
failed their whist and pay 30 each. Pot 30 − 30 + 90 = 90. Balances −35, 1, 13, −35, 1, −35
(sum −90, and the pot's 90: 0).
deal 2 (refused): Аня khraps and types 4, Борис types 2, the rest left empty: 6 tricks, not 5.
"""
from playwright.sync_api import Page, expect

from scorebook import services
from tests.e2e.screenshots import SCREENSHOTS

SIX = ["Аня", "Борис", "Вика", "Гена", "Даша", "Женя"]


def test_empty_tricks_took_none_and_the_khrapers_is_the_rest(page: Page, live_server, sign_in, owner) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    match = services.match_create(owner=owner, game="khrap", players=SIX)
    sign_in(page, owner)
    page.goto(f"{live_server.url}/matches/{match.pk}/")
    form = page.locator("#entry-form")
    form.locator("#khrap-field label").filter(has_text="Вика").click()
    form.get_by_role("button", name="One trick more for Борис").tap()
    form.get_by_role("button", name="One trick more for Даша").tap()
    expect(form.locator("#tricks_4")).to_have_value("1")
    form.get_by_role("button", name="Save the deal").click()
    expect(page.locator("#sheet .sheet-foot .cell")).to_have_text(["−35", "1", "13", "−35", "1", "−35", "90"])
    assert match.deals.get().entry["tricks"] == [0, 1, 3, 0, 1, 0]

    # ---- refused whatever is empty: the arithmetic, under the tricks and in the summary
    form = page.locator("#entry-form")
    form.locator("#khrap-field label").filter(has_text="Аня").click()
    form.locator("#tricks_0").fill("4")
    form.locator("#tricks_1").fill("2")
    form.get_by_role("button", name="Save the deal").click()
    expect(page.locator("#tricks-field .errorlist")).to_have_text("Tricks add up to 6, not 5.")
    summary = page.locator("[data-error-summary]")
    expect(summary.get_by_role("link", name="Tricks add up to 6, not 5.")).to_be_visible()
    expect(summary).to_be_focused()  # the page settled on the refusal (static/js/page.js)
    page.screenshot(path=str(SCREENSHOTS / "khrap-six-tricks-refused.png"))
    summary.get_by_role("link", name="Tricks add up to 6, not 5.").click()
    expect(page.locator("#tricks_0")).to_be_focused()
    expect(page.locator("#tricks_0")).to_have_value("4")
    assert match.deals.count() == 1
