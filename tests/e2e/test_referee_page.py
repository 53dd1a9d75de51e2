"""The 1000 referee checks on a phone: sign in, tap a hand on the card grid, ask "may I bid 135?".

K♥ Q♥ A♠ 10♠ 9♦: 4 + 3 + 11 + 10 + 0 = 28 card points; the ♥ marriage makes the highest bid
120 + 100 = 220, so 135 may be bid (seed 001: "игрок не имеет права повышать больше, чем составляет
сумма всех очков с марьяжем у него на руках").
"""

from playwright.sync_api import Browser, Page, expect

from tests.e2e.screenshots import SCREENSHOTS


def tap(page: Page, section: str, *cards: str) -> None:
    """Tap cards on a section's grid by their face ("K♥"); each must end up pressed."""
    grid = page.locator(section).locator(".card-grid").first
    for face in cards:
        card = grid.locator("label.card-pick").filter(has_text=face)
        card.tap()
        expect(card.locator("input")).to_be_checked()


def test_may_i_bid_135_with_a_hearts_marriage(page: Page, live_server, owner, sign_in, browser: Browser,
                                              browser_context_args: dict) -> None:
    base = live_server.url
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    sign_in(page, owner)
    page.get_by_role("button", name="Menu").click()  # a phone: the header's links are in its menu
    page.get_by_role("link", name="Referee").click()
    expect(page.get_by_role("heading", name="Referee", exact=True)).to_be_visible()
    page.get_by_role("link", name="Thousand (1000)").click()
    expect(page).to_have_url(f"{base}/referee/thousand/")

    bid = page.locator("section").filter(has=page.get_by_role("heading", name="May I bid this much?"))
    tap(page, "section >> nth=0", "K♥", "Q♥", "A♠", "10♠", "9♦")
    expect(bid.locator("[data-card-count]")).to_have_text("5")  # static/js/cards.js
    # Tapping a picked card again puts it back.
    tap(page, "section >> nth=0", "J♣")
    bid.locator("label.card-pick").filter(has_text="J♣").tap()
    expect(bid.locator("label.card-pick").filter(has_text="J♣").locator("input")).not_to_be_checked()
    expect(bid.locator("[data-card-count]")).to_have_text("5")

    bid.get_by_label("Bid (optional)").fill("135")
    bid.get_by_role("button", name="Check the bid").click()
    verdict = page.locator("#bid-verdict")
    expect(verdict.locator(".verdict-answer")).to_have_text("Yes: 135 may be bid.")
    expect(verdict).to_contain_text("Highest bid: 120 + 100 = 220.")
    expect(verdict).to_contain_text("Card points in the hand: 28.")
    expect(verdict.locator(".verdict-facts dd")).to_have_text(["220", "♥", "28"])
    # htmx swapped only the verdict: the hand is still picked.
    expect(bid.locator("input[name=cards]:checked")).to_have_count(5)
    # The picture: the hand and the verdict together, the grid just under the sticky header.
    bid.locator(".card-grid").evaluate("grid => grid.scrollIntoView()")
    page.screenshot(path=SCREENSHOTS / "referee-thousand.png")

    # Without the queen, 135 is over 120 without a marriage.
    bid.locator("label.card-pick").filter(has_text="Q♥").tap()
    bid.get_by_role("button", name="Check the bid").click()
    expect(verdict.locator(".verdict-answer")).to_have_text("No: 135 may not be bid.")
    expect(verdict).to_contain_text("135 is over 120 without a marriage in the hand.")

    # The same page in the dark, for a look at the grid's contrast.
    dark = browser.new_context(**browser_context_args, color_scheme="dark",
                               storage_state=page.context.storage_state())
    try:
        dark_page = dark.new_page()
        dark_page.goto(f"{base}/referee/thousand/")
        for face in ("K♦", "Q♦", "A♣"):
            dark_page.locator("section").first.locator("label.card-pick").filter(has_text=face).tap()
        dark_page.locator("#bid-input").fill("200")
        dark_page.get_by_role("button", name="Check the bid").click()
        expect(dark_page.locator("#bid-verdict .verdict-answer")).to_have_text("Yes: 200 may be bid.")  # 120 + 80
        dark_page.screenshot(path=SCREENSHOTS / "referee-thousand-dark.png")
    finally:
        dark.close()


def test_the_marriage_and_points_checks(page: Page, live_server, owner, sign_in) -> None:
    base = live_server.url
    sign_in(page, owner)
    page.goto(f"{base}/referee/thousand/")
    marriage = page.locator("section").filter(has=page.get_by_role("heading", name="May I declare this marriage now?"))
    marriage.locator(".seat-picker label").filter(has_text="♦").first.tap()
    marriage.get_by_role("button", name="Check the marriage").click()
    expect(page.locator("#marriage-verdict .verdict-answer")).to_have_text("No: not now.")
    marriage.locator("label.toggle").filter(has_text="I have taken a trick").tap()
    marriage.get_by_role("button", name="Check the marriage").click()
    expect(page.locator("#marriage-verdict .verdict-answer")).to_have_text("Yes: declare it, +80.")

    points = page.locator("section").filter(has=page.get_by_role("heading", name="How many card points are these?"))
    for face in ("A♥", "10♥", "K♠"):
        points.locator("label.card-pick").filter(has_text=face).tap()
    points.get_by_role("button", name="Count the points").click()
    expect(page.locator("#points-verdict .verdict-answer")).to_have_text("Card points: 25")  # 11 + 10 + 4
