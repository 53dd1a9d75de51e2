"""The Terz referee on a phone: "may I play this card?" with the hand tapped on the card grid.

Trumps ♥, the talon is empty, 10♠ led; the hand holds 7♠ K♠ A♠. Seed 000: once the talon is
empty "необхідно перебивати карту суперника" — in the plain order 7 8 9 J Q K 10 A only the ace
is above the ten, so the duty is to beat with A♠ and 7♠ may not be played. While cards are left
in the talon the duty is only to follow suit: then 7♠ may be played.
"""

from playwright.sync_api import Page, expect

from tests.e2e.screenshots import SCREENSHOTS


def pick(section, legend: str, face: str) -> None:
    """Tap one choice of a picker (its legend names it) and check it is taken."""
    group = section.locator("fieldset").filter(has=section.page.get_by_text(legend, exact=True))
    label = group.locator("label").filter(has_text=face).first
    label.tap()
    expect(label.locator("input")).to_be_checked()


def test_may_i_play_this_card_once_the_talon_is_empty(page: Page, live_server, owner, sign_in) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    sign_in(page, owner)
    page.get_by_role("button", name="Menu").click()  # a phone: the header's links are in its menu
    page.get_by_role("link", name="Referee").click()
    page.get_by_role("link", name="Terz").click()
    expect(page).to_have_url(f"{live_server.url}/referee/terz/")
    page.get_by_role("link", name="May I play this card").tap()

    play = page.locator("section").filter(has=page.get_by_role("heading", name="May I play this card?"))
    pick(play, "Trumps", "♥")
    talon = play.locator("label.toggle").filter(has_text="The talon is empty")
    talon.tap()
    expect(talon.locator("input")).to_be_checked()
    pick(play, "Card led: suit", "♠")
    pick(play, "Card led: rank", "10")
    pick(play, "The card I want to play: rank", "7")
    pick(play, "The card I want to play: suit", "♠")
    grid = play.locator(".card-grid")
    for face in ("K♠", "A♠"):
        card = grid.locator("label.card-pick").filter(has_text=face)
        card.tap()
        expect(card.locator("input")).to_be_checked()
    expect(grid.locator("[data-card-count]")).to_have_text("2")  # static/js/cards.js

    play.get_by_role("button", name="Check the card").tap()
    verdict = page.locator("#play-verdict")
    expect(verdict.locator(".verdict-answer")).to_have_text("No: 7♠ may not be played.")
    expect(verdict.locator(".terz-duty")).to_have_text("beat the card led")
    expect(verdict.locator(".terz-allowed")).to_have_text("A♠")
    expect(verdict).to_contain_text("10♠ led and the talon is empty: beat it if the hand can.")
    # htmx swapped only the verdict: the hand is still picked.
    expect(grid.locator("input[name=hand]:checked")).to_have_count(2)
    verdict.evaluate("box => box.scrollIntoView({block: 'end'})")
    page.screenshot(path=SCREENSHOTS / "referee-terz-play.png")

    # With cards left in the talon, following suit is enough.
    talon.tap()
    expect(talon.locator("input")).not_to_be_checked()
    play.get_by_role("button", name="Check the card").tap()
    expect(verdict.locator(".verdict-answer")).to_have_text("Yes: 7♠ may be played.")
    expect(verdict.locator(".terz-duty")).to_have_text("follow suit")
    expect(verdict.locator(".terz-allowed")).to_have_text("K♠ A♠ 7♠")  # the hand as tapped, the card to play last
