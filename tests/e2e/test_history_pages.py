"""The history pages on a phone: my matches filtered, a match's history, the printable sheet.

Screenshots (home-filters.png, history.png, print.png) land in tests/e2e/screenshots.py's folder.
"""

from __future__ import annotations

import re

from django.contrib.auth import get_user_model
from playwright.sync_api import Page, expect

from scorebook import services
from scorebook.models import Match
from tests.e2e.screenshots import SCREENSHOTS

PLAYERS = ["Аня", "Борис", "Вика"]
PASSWORD = "correct-horse-battery-staple"


def play(declarer: int, points: list[int], bid: int = 100, marriages: list[list[str]] | None = None) -> dict:
    entry = {"type": "play", "declarer": declarer, "bid": bid, "contract": bid, "points": points}
    return entry | ({"marriages": marriages} if marriages else {})


def an_evening(user) -> Match:
    """A 1000 match with a marriage, an amended deal and a voided one; two other matches beside it."""
    services.match_create(owner=user, game="terz", players=["Аня", "Глеб"], name="Терц у Глеба")
    services.match_create(owner=user, game="khrap", players=["Дина", "Борис", "Глеб"])
    match = services.match_create(owner=user, game="thousand", players=PLAYERS, name="Пятница")
    services.deal_record(match=match, entry=play(0, [45, 67, 8]), author=user)
    services.deal_record(match=match, entry=play(1, [15, 100, 5]), author=user)
    services.deal_record(match=match, entry=play(2, [30, 20, 70], bid=140, marriages=[[], [], ["H"]]), author=user)
    services.deal_replace(match=match, number=2, entry=play(1, [10, 105, 5]), author=user)
    services.deal_record(match=match, entry=play(0, [45, 67, 8]), author=user)
    services.deal_void(match=match, number=4, author=user)
    services.deal_record(match=match, entry=play(1, [20, 95, 5], bid=120, marriages=[[], ["S"], []]), author=user)
    return match


def test_the_history_pages_on_a_phone(page: Page, live_server, sign_in) -> None:
    base = live_server.url
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    user = get_user_model().objects.create_user(username="lena", password=PASSWORD)
    match = an_evening(user)
    sign_in(page, user)

    # ---- my matches, filtered with the form: thousand, "пят" typed in lower case
    expect(page.locator(".match-item")).to_have_count(3)
    page.locator(".filters > summary").click()
    page.get_by_label("Game").select_option("thousand")
    page.get_by_label("Search").fill("пят")
    page.get_by_role("button", name="Show").click()
    expect(page).to_have_url(re.compile(r"game=thousand"))
    expect(page.locator(".match-item")).to_have_count(1)
    expect(page.locator(".match-item")).to_contain_text("Пятница")
    expect(page.get_by_role("link", name="Clear the filters")).to_be_visible()
    page.screenshot(path=SCREENSHOTS / "home-filters.png", full_page=True)

    # ---- from the match page's tools to the history
    page.goto(f"{base}/matches/{match.pk}/")
    page.get_by_role("link", name="History").first.click()
    expect(page).to_have_url(f"{base}/matches/{match.pk}/history/")
    expect(page.locator(".history-deal")).to_have_count(5)
    expect(page.locator("#deal-2 .changes")).to_contain_text("points")
    expect(page.locator("#deal-4")).to_contain_text("voided")
    page.locator("#deal-2 .raw-entries > summary").click()
    expect(page.locator("#deal-2 .raw-entries li")).to_have_count(2)
    page.evaluate("window.scrollTo(0, 0)")  # the sticky header where it belongs in a full-page shot
    page.screenshot(path=SCREENSHOTS / "history.png", full_page=True)

    # ---- the printable sheet: the table, the totals, the rules; printed without the header
    page.goto(f"{base}/matches/{match.pk}/print/")
    expect(page.locator(".print-sheet tbody tr")).to_have_count(5)
    expect(page.locator(".print-rules dt").first).to_be_visible()
    page.screenshot(path=SCREENSHOTS / "print.png", full_page=True)
    page.emulate_media(media="print")
    expect(page.locator(".site-header")).to_be_hidden()
    expect(page.locator(".print-actions")).to_be_hidden()
    expect(page.locator(".print-sheet")).to_be_visible()
