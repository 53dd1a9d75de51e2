"""The header on a phone: the links of a signed-in reader fold into "☰ Menu" instead of scrolling
sideways out of sight ("Players" and "API token" were off a 360 px screen). Opened, every link is
on the screen, one per line, 44 px tall; Escape closes it. On a wide screen the links stand in the
header and there is no menu button.
"""
from __future__ import annotations

import pytest
from django.conf import settings
from playwright.sync_api import Page, expect

from tests.e2e.test_every_page import accessibility_problems

LINKS = {"en": ["My matches", "New match", "Referee", "Players", "API token"],
         "ru": ["Мои партии", "Новая партия", "Судья", "Игроки", "Токен API"],
         "uk": ["Мої партії", "Нова партія", "Суддя", "Гравці", "Токен API"]}
MENU = {"en": "Menu", "ru": "Меню", "uk": "Меню"}


@pytest.mark.parametrize("language", list(LINKS))
@pytest.mark.parametrize("width", [360, 390])
def test_the_links_fold_into_a_menu_on_a_phone(page: Page, live_server, sign_in, owner, width: int,
                                               language: str) -> None:
    page.set_viewport_size({"width": width, "height": 740})
    sign_in(page, owner)
    page.context.add_cookies([{"name": settings.LANGUAGE_COOKIE_NAME, "value": language, "url": live_server.url}])
    page.goto(f"{live_server.url}/")
    nav = page.locator(".site-header nav")
    button = page.get_by_role("button", name=MENU[language])
    expect(button).to_have_attribute("aria-expanded", "false")
    expect(nav).to_be_hidden()
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    button.click()
    expect(button).to_have_attribute("aria-expanded", "true")
    links = nav.get_by_role("link")
    expect(links).to_have_text(LINKS[language])
    for index in range(links.count()):
        box = links.nth(index).bounding_box()
        assert box is not None
        assert box["x"] >= 0 and box["x"] + box["width"] <= width, LINKS[language][index]
        assert box["height"] >= 44, LINKS[language][index]
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    assert accessibility_problems(page) == []
    page.keyboard.press("Escape")
    expect(nav).to_be_hidden()
    expect(button).to_be_focused()
    # The menu takes you there.
    button.click()
    nav.get_by_role("link", name=LINKS[language][3]).click()
    expect(page).to_have_url(f"{live_server.url}/players/")


def test_a_wide_screen_shows_the_links_without_a_menu(page: Page, live_server, sign_in, owner) -> None:
    page.set_viewport_size({"width": 1024, "height": 768})
    sign_in(page, owner)
    expect(page.get_by_role("button", name="Menu")).to_be_hidden()
    expect(page.locator(".site-header nav").get_by_role("link")).to_have_text(LINKS["en"])
