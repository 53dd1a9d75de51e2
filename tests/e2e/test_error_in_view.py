"""A refused save's summary is fully in view on a phone, below the sticky header and the sticky
totals bar, whatever the number of players: with 6 players the totals bar is two rows and hid the
summary's top (its heading) at 360 and 390 px.

Each form is saved empty (nothing picked, nothing typed): the referee refuses it, nothing is stored;
the refused form has no serious or critical accessibility violation (axe-core).
"""
from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from scorebook import services
from tests.e2e.screenshots import SCREENSHOTS
from tests.e2e.test_every_page import accessibility_problems

PHONES = [{"width": 360, "height": 740}, {"width": 390, "height": 844}]
NAMES = ["Аня", "Борис", "Виктория", "Гена", "Даша", "Константин"]
# Every number of players from 2 to 6, in a game that seats it.
TABLES = [("terz", 2), ("thousand", 3), ("thousand", 4), ("khrap", 5), ("khrap", 6), ("thirteens", 6)]

BOXES = """() => {
  const box = el => el.getBoundingClientRect();
  const summary = box(document.querySelector('[data-error-summary]'));
  return {top: summary.top, bottom: summary.bottom,
          header: box(document.querySelector('.site-header')).bottom,
          totals: box(document.querySelector('#standings')).bottom, screen: window.innerHeight};
}"""


@pytest.mark.parametrize("phone", PHONES, ids=lambda p: f"{p['width']}px")
@pytest.mark.parametrize(("game", "players"), TABLES, ids=[f"{g}-{n}" for g, n in TABLES])
def test_a_refused_save_is_summed_up_in_full_view(page: Page, live_server, sign_in, owner, game: str,
                                                  players: int, phone: dict[str, int]) -> None:
    match = services.match_create(owner=owner, game=game, players=NAMES[:players])
    page.set_viewport_size(phone)
    sign_in(page, owner)
    page.goto(f"{live_server.url}/matches/{match.pk}/")
    expect(page.locator(".standing")).to_have_count(players)
    page.locator("#entry-form button[type=submit]").first.click()
    summary = page.locator("[data-error-summary]")
    expect(summary).to_be_focused()
    expect(summary.locator(".error-summary-title")).to_have_text("Not saved. Please check:")
    page.wait_for_timeout(100)  # the scroll that brings it into view
    boxes = page.evaluate(BOXES)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=SCREENSHOTS / f"error-in-view-{game}-{players}-{phone['width']}.png")
    # Under both sticky bars (the header, then the totals), and its bottom on the screen.
    assert boxes["totals"] >= boxes["header"]
    assert boxes["top"] >= boxes["totals"], boxes
    assert boxes["bottom"] <= boxes["screen"], boxes
    assert match.deals.count() == 0
    assert accessibility_problems(page) == []
