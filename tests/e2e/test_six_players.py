"""Six players on a 360 × 740 phone and on the table display: every name and total readable in its
own cell (no text wider than its cell, no sideways page scroll), the edit link on every row, the
last deal undone and a void confirmed by a second tap.

The Khrap deals (classic, stake 5) are entered through the services; the figures asserted are only
the sheet's own (what is read back), the layout is what is checked here.
"""
import re

import pytest
from django.conf import settings
from playwright.sync_api import Page, expect

from scorebook import services
from scorebook.models import Match
from tests.e2e.screenshots import SCREENSHOTS

SIX = ["Аня", "Борис", "Виктория", "Гена", "Даша", "Константин"]
PHONE = {"width": 360, "height": 740}

# Every cell whose text must fit: scrollWidth (what the text needs) ≤ clientWidth (what it has).
OVERFLOWING = """selector => Array.from(document.querySelectorAll(selector))
    .filter(el => el.getClientRects().length && el.scrollWidth > el.clientWidth + 0.5)
    .map(el => el.className + ': ' + el.textContent.trim().replace(/\\s+/g, ' '))"""
PAGE_SCROLLS = "() => document.documentElement.scrollWidth > window.innerWidth"

SHEET_CELLS = ("#sheet [role=cell], #sheet [role=columnheader], #sheet .total, "
               ".standing, .standing-name, .standing-total")
DISPLAY_CELLS = ".display-player, .display-name, .display-total, .display-delta, .display-recent th, .display-recent td"


@pytest.fixture
def six(owner) -> Match:
    match = services.match_create(owner=owner, game="khrap", players=SIX)
    for entry in [
        {"type": "no_khrap"},
        {"type": "play", "khrap": 0, "circle": 2, "dark": False, "tricks": [3, 1, 1, 0, 0, 0]},
        {"type": "penalty", "player": 5, "points": -35, "reason": "late"},
        {"type": "renonce", "player": 2},
        {"type": "play", "khrap": 3, "circle": 1, "dark": False, "tricks": [0, 1, 0, 2, 1, 1]},
    ]:
        services.deal_record(match=match, entry=entry)
    match.refresh_from_db()
    return match


def fits(page: Page, selector: str) -> None:
    overflowing = page.evaluate(OVERFLOWING, selector)
    assert overflowing == [], "\n".join(overflowing)
    assert not page.evaluate(PAGE_SCROLLS)


def test_six_players_fit_a_360_px_phone(page: Page, live_server, sign_in, owner, six) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.set_viewport_size(PHONE)
    sign_in(page, owner)
    page.goto(f"{live_server.url}/matches/{six.pk}/")
    expect(page.locator("#sheet .sheet-head .player-name")).to_have_text(SIX)
    expect(page.locator(".standing-name")).to_have_text(SIX)
    page.screenshot(path=SCREENSHOTS / "six-players-phone.png")
    page.locator("#sheet").screenshot(path=SCREENSHOTS / "six-players-phone-rows.png")
    fits(page, SHEET_CELLS)
    # Every row has its edit link, seen without opening the row.
    expect(page.locator("#sheet .sheet-row .edit-link")).to_have_count(5)
    expect(page.locator("#deal-3 .edit-link")).to_be_visible()
    # A row opened shows its changes; still nothing wider than its cell.
    page.locator("#deal-2 > summary").tap()
    expect(page.locator("#deal-2 .delta").first).to_be_visible()
    page.locator("#sheet").scroll_into_view_if_needed()
    page.screenshot(path=SCREENSHOTS / "six-players-phone-sheet.png", full_page=True)
    fits(page, SHEET_CELLS)
    # "Sign out" is on screen, not scrolled away in the nav.
    sign_out = page.get_by_role("button", name="Sign out")
    page.evaluate("window.scrollTo(0, 0)")
    box = sign_out.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]


@pytest.mark.parametrize("language", ["ru", "uk"])
def test_six_players_fit_in_russian_and_ukrainian(page: Page, live_server, sign_in, owner, six, language) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.set_viewport_size(PHONE)
    sign_in(page, owner)
    page.context.add_cookies([{"name": settings.LANGUAGE_COOKIE_NAME, "value": language, "url": live_server.url}])
    page.goto(f"{live_server.url}/matches/{six.pk}/")
    expect(page.locator("html")).to_have_attribute("lang", language)
    page.screenshot(path=SCREENSHOTS / f"six-players-phone-{language}.png")
    fits(page, SHEET_CELLS)
    box = page.locator(".sign-out button").bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]


@pytest.mark.parametrize("size", [{"width": 1024, "height": 768}, {"width": 768, "height": 1024}],
                         ids=["tablet-landscape", "tablet-portrait"])
def test_six_players_fit_the_table_display(page: Page, live_server, sign_in, owner, six, size) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    sign_in(page, owner)
    page.set_viewport_size(size)
    page.goto(f"{live_server.url}/matches/{six.pk}/display/")
    expect(page.locator(".display-name")).to_have_text(SIX)
    page.screenshot(path=SCREENSHOTS / f"six-players-display-{size['width']}x{size['height']}.png")
    fits(page, DISPLAY_CELLS)


def test_the_last_deal_is_undone_after_a_second_tap(page: Page, live_server, sign_in, owner, six) -> None:
    page.set_viewport_size(PHONE)
    sign_in(page, owner)
    page.goto(f"{live_server.url}/matches/{six.pk}/")
    undo = page.locator(".undo-form button")
    expect(undo).to_have_text("Undo deal 5")
    undo.click()
    expect(undo).to_have_text("Tap again to void deal 5")  # the first tap only asks
    six.refresh_from_db()
    assert not six.deals.get(number=5).voided
    page.screenshot(path=SCREENSHOTS / "undo-confirm.png")
    undo.click()
    expect(page.locator("#deal-5")).to_have_class(re.compile(r"\bvoided\b"))
    expect(page.locator(".messages")).to_contain_text("Deal 5 is voided")
    expect(page.locator(".undo-form button")).to_have_text("Undo deal 4")
    assert list(six.deals.order_by("number").values_list("voided", flat=True)) == [False] * 4 + [True]
    assert six.revisions.last().author == owner
