"""Options below 0 typed on a phone: the number keypad has no minus key, so each option that may be
negative has a ± beside it, as the penalty and points fields do.

RULES.md: 1000's bid_ban_below −120; Thirteens' joker_points −4 and no_trick_points −3. The table
here plays a joker at −5 and no trick at −2; 1000's ban set to −100.
"""
import re

from playwright.sync_api import Page, expect

from scorebook.models import Match
from tests.e2e.screenshots import SCREENSHOTS

PLAYERS = ("Аня", "Борис", "Вика")
TAP = 44  # CSS px: the platform guideline for anything tapped


def flip(page: Page, option: str) -> None:
    button = page.locator(f"button[data-flip-sign][aria-controls='opt_{option}']")
    box = button.bounding_box()
    assert box is not None and box["width"] >= TAP and box["height"] >= TAP
    button.tap()


def start(page: Page, base: str, game: str, slug: str) -> None:
    page.goto(f"{base}/matches/new/")
    page.get_by_label("Game", exact=True).select_option(game)
    expect(page.locator("#new-match .rules-link a")).to_have_attribute("href", re.compile(rf"/rules/{slug}/$"))
    for seat, name in enumerate(PLAYERS):
        page.locator(f"#player_{seat}").fill(name)
    page.locator("#new-match details.explanation > summary").click()


def test_negative_options_by_the_sign_toggle(page: Page, live_server, sign_in, owner) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    base = live_server.url
    sign_in(page, owner)

    start(page, base, "thirteens", "thirteens")
    expect(page.locator("#opt_joker_points")).to_have_value("−4")
    page.locator("#opt_joker_points").fill("5")  # what the keypad types
    flip(page, "joker_points")
    expect(page.locator("#opt_joker_points")).to_have_value("−5")
    page.locator("#opt_no_trick_points").fill("2")
    flip(page, "no_trick_points")
    flip(page, "no_trick_points")  # and back: a second tap takes the minus away
    expect(page.locator("#opt_no_trick_points")).to_have_value("2")
    flip(page, "no_trick_points")
    page.locator("#opt_joker_points").scroll_into_view_if_needed()
    page.screenshot(path=str(SCREENSHOTS / "new-match-negative-option.png"))
    page.get_by_role("button", name="Start the match").click()
    expect(page).to_have_url(re.compile(r"/matches/\d+/$"))
    match = Match.objects.get(owner=owner)
    assert (match.options["joker_points"], match.options["no_trick_points"]) == (-5, -2)

    start(page, base, "thousand", "thousand")
    expect(page.locator("#opt_bid_ban_below")).to_have_value("−120")
    page.locator("#opt_bid_ban_below").fill("100")
    flip(page, "bid_ban_below")
    page.get_by_role("button", name="Start the match").click()
    expect(page).to_have_url(re.compile(r"/matches/\d+/$"))
    assert Match.objects.get(owner=owner, game="thousand").options["bid_ban_below"] == -100
