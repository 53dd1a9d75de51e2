"""Every control a player taps during a deal is at least 44 × 44 CSS px (the platform guideline),
on a 360 px and a 390 px phone, for every game: the entry form's buttons, fields, pickers, card
tiles ("10♥" included) and marriage toggles, with every part of the form opened and each way of
entering a hand shown; the sheet's ✎ on every row; "Rematch, rename, delete".

The matches are RULES.md's worked shapes from test_every_page (a few deals each), written through
the services; what is measured is the box the browser draws, not a number read from the CSS.
"""
from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from scorebook import services
from tests.e2e.screenshots import SCREENSHOTS
from tests.e2e.test_every_page import DEALS, OPTIONS

TAP = 44
PHONES = [{"width": 360, "height": 740}, {"width": 390, "height": 844}]

# Each visible control's box, the hidden checkbox or radio measured by what is tapped: its label.
# An inline link inside a sentence is left out (the guideline's own exception for text links).
CONTROLS = """() => {
  const scopes = [...document.querySelectorAll('section.entry, #sheet')];
  const found = new Set();
  for (const scope of scopes) {
    scope.querySelectorAll('button, a[href], summary, select, textarea, input:not([type=hidden])').forEach(el => {
      if (el.matches('input[type=checkbox], input[type=radio]')) el = el.closest('label') || el;
      if (el.matches('p a, li a, .help a')) return;
      found.add(el);
    });
  }
  const manage = document.querySelector('#manage > summary');
  if (manage) found.add(manage);
  return [...found].filter(el => el.getClientRects().length && getComputedStyle(el).visibility !== 'hidden')
    .map(el => {
      const box = el.getBoundingClientRect();
      const text = (el.getAttribute('aria-label') || el.textContent || el.name || el.id).trim().replace(/\\s+/g, ' ');
      return {what: el.tagName.toLowerCase() + '.' + el.className + ' "' + text.slice(0, 40) + '"',
              width: Math.round(box.width * 10) / 10, height: Math.round(box.height * 10) / 10};
    });
}"""

OPEN_EVERYTHING = "() => document.querySelectorAll('section.entry details').forEach(d => d.open = true)"


def small_controls(page: Page) -> list[str]:
    controls: list[dict[str, Any]] = page.evaluate(CONTROLS)
    assert controls, "no control measured"
    return [f"{c['what']}: {c['width']} × {c['height']}" for c in controls
            if c["width"] < TAP - 0.01 or c["height"] < TAP - 0.01]


@pytest.mark.parametrize("phone", PHONES, ids=lambda p: f"{p['width']}px")
@pytest.mark.parametrize("game", list(DEALS))
def test_every_control_of_a_deal_is_44_px_square(page: Page, live_server, sign_in, owner, game: str,
                                                   phone: dict[str, int]) -> None:
    players, entries = DEALS[game]
    match = services.match_create(owner=owner, game=game, players=players, options=OPTIONS.get(game))
    for entry in entries:
        services.deal_record(match=match, entry=entry, author=owner)
    page.set_viewport_size(phone)
    sign_in(page, owner)
    page.goto(f"{live_server.url}/matches/{match.pk}/")
    expect(page.locator("#sheet .sheet-row .edit-link")).to_have_count(len(entries))
    expect(page.locator("#manage > summary")).to_be_visible()
    page.evaluate(OPEN_EVERYTHING)
    problems = small_controls(page)
    # Each way of entering a hand (Tong Its: the counts only, card by card) shows other controls.
    modes = page.locator("section.entry .mode-picker label")
    for index in range(modes.count()):
        modes.nth(index).click()
        page.evaluate(OPEN_EVERYTHING)
        problems += small_controls(page)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=SCREENSHOTS / f"tap-targets-{game}-{phone['width']}.png", full_page=True)
    assert not problems, "\n".join(sorted(set(problems)))


@pytest.mark.parametrize("phone", PHONES, ids=lambda p: f"{p['width']}px")
def test_the_ten_of_hearts_fits_its_tile(page: Page, live_server, sign_in, owner, phone: dict[str, int]) -> None:
    """The widest card label, "10♥", inside its tile on the 52-card grids (Tong Its, Thirteens)."""
    match = services.match_create(owner=owner, game="thirteens", players=["Аня", "Борис", "Вика", "Гена"])
    page.set_viewport_size(phone)
    sign_in(page, owner)
    page.goto(f"{live_server.url}/matches/{match.pk}/")
    page.evaluate(OPEN_EVERYTHING)
    tiles = page.locator('section.entry label.card-pick:has(input[value="10H"]) > span')
    assert tiles.count() > 0
    overflowing = page.evaluate("""() => [...document.querySelectorAll('section.entry label.card-pick > span')]
        .filter(el => el.getClientRects().length && el.scrollWidth > el.clientWidth + 0.5).map(el => el.textContent)""")
    assert overflowing == []
