"""Tong Its' quick entry on a phone: a tongit needs the ending and the caller only (the losers'
counts change no payment, RULES.md; the caller's is 0), and a count a stock-out needs, left empty,
is refused saying whose it is, beside that player's field and in the summary.

Worked by hand (RULES.md, "tongits", classic: ante 2, pay_tongit 3, pay_win 1, pay_per_ace 1).
Players in playing order: Аня 0, Борис 1, Вика 2.
hand 1: Вика calls tongit, no ace, no four. Ante 2 each: pot 6. Аня and Борис pay 3 each.
Totals −5, −5, 4; Вика 1 in a row.
hand 2 (refused): the stock runs out, Аня 12, Борис's count left empty, Вика 9.
"""
from playwright.sync_api import Page, expect

from scorebook import services
from tests.e2e.screenshots import SCREENSHOTS
from tests.e2e.test_tongits_flow import expect_totals, pick

NEEDED = "Борис's count is needed: a stock-out or a draw is won by the lowest count."


def test_a_tongit_by_the_counts_needs_no_count(page: Page, live_server, sign_in, owner) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    match = services.match_create(owner=owner, game="tongits", players=["Аня", "Борис", "Вика"])
    sign_in(page, owner)
    page.goto(f"{live_server.url}/matches/{match.pk}/")
    pick(page, "ending", "Tongit")
    pick(page, "caller", "Вика")
    expect(page.locator("#counts .help")).to_contain_text("the losers' counts change no payment")
    page.screenshot(path=str(SCREENSHOTS / "tongits-quick-tongit.png"))
    page.locator("#entry-form").get_by_role("button", name="Save the hand").click()
    expect_totals(page, "−5", "−5", "4")
    assert match.deals.get().entry["counts"] == [None, None, 0]

    # ---- a stock-out needs every count: the empty one is named, beside its field and on top
    pick(page, "ending", "The stock ran out")
    expect(page.locator("#counts .help")).to_be_hidden()
    page.locator("#count_0").fill("12")
    page.locator("#count_2").fill("9")
    page.locator("#entry-form").get_by_role("button", name="Save the hand").click()
    expect(page.locator("#count_1 ~ .errorlist")).to_have_text(NEEDED)
    link = page.locator("[data-error-summary]").get_by_role("link", name=NEEDED)
    expect(link).to_be_visible()
    # The page settles on the refusal first (its summary focused, on htmx's afterSettle): a tap
    # before that would see the focus taken back from the field it gave it to.
    expect(page.locator("[data-error-summary]")).to_be_focused()
    link.click()
    expect(page.locator("#count_1")).to_be_focused()
    assert match.deals.count() == 1
