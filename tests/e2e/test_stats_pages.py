"""The chart under the sheet and a player's statistics, on a phone (light and dark).

The match (1000, classic; Аня, Борис, Вика; Аня deals first) is recorded through the services:
1. Аня plays 100 and takes 45: −100; Борис 67 → 65; Вика 8 → 10.
2. A penalty +655 takes Аня to 555: a samosval, back to 0.
3. A penalty +815 takes Борис to 880: he mounts the barrel.
Then on the page, deal 4: Вика plays 100 and takes 70: −100 → −90; Аня 30; Борис on the barrel,
his 20 not added. Totals 30, 880, −90.
"""

from django.contrib.auth import get_user_model
from playwright.sync_api import Page, expect

from scorebook import services
from tests.e2e.screenshots import SCREENSHOTS
from tests.e2e.test_thousand_flow import enter_play, expect_totals

PASSWORD = "correct-horse-battery-staple"


def test_the_chart_and_the_player_page(page: Page, live_server, sign_in) -> None:
    base = live_server.url
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    owner = get_user_model().objects.create_user(username="chart-fan", password=PASSWORD)
    match = services.match_create(owner=owner, game="thousand", players=["Аня", "Борис", "Вика"])
    for entry in ({"type": "play", "declarer": 0, "bid": 100, "contract": 100, "points": [45, 67, 8]},
                  {"type": "penalty", "player": 0, "points": 655, "reason": ""},
                  {"type": "penalty", "player": 1, "points": 815, "reason": ""}):
        services.deal_record(match=match, entry=entry)

    sign_in(page, owner)

    page.goto(f"{base}/matches/{match.pk}/")
    chart = page.locator("#chart")
    expect(chart.get_by_role("img", name="Running totals after each deal")).to_be_visible()
    expect(chart.locator("polyline")).to_have_count(3)
    expect(chart.locator("g.marker-samosval")).to_have_count(1)
    expect(chart.locator("g.marker-barrel")).to_have_count(1)

    enter_play(page, "Вика", 100, (30, 20, None))
    expect_totals(page, "30", "880", "−90")
    # The write answers with the page's main part: the chart has the new deal too.
    expect(chart.locator("desc")).to_contain_text("After deal 4: Аня 30, Борис 880, Вика −90.")
    expect(chart.locator(".chart-legend li").first).to_contain_text("Аня")
    box = chart.bounding_box()
    assert box is not None and box["width"] <= 390 and box["height"] > 200  # fits the phone, readable

    chart.scroll_into_view_if_needed()
    page.evaluate("document.getElementById('chart').scrollIntoView({block: 'center'})")
    page.screenshot(path=SCREENSHOTS / "chart.png")
    page.emulate_media(color_scheme="dark")
    page.screenshot(path=SCREENSHOTS / "chart-dark.png")
    page.emulate_media(color_scheme="light")

    page.get_by_role("button", name="Menu").click()  # a phone: the header's links are in its menu
    page.get_by_role("link", name="Players").click()
    expect(page.get_by_role("heading", name="Players")).to_be_visible()
    page.get_by_role("link", name="Аня").click()
    expect(page.get_by_role("heading", name="Аня")).to_be_visible()
    section = page.locator("#stats-thousand").locator("..")
    expect(section.locator(".stats-figures")).to_contain_text("Barrels mounted")
    expect(section.get_by_role("img", name="Аня's contracts by level")).to_be_visible()
    page.screenshot(path=SCREENSHOTS / "player-stats.png", full_page=True)
    page.emulate_media(color_scheme="dark")
    page.screenshot(path=SCREENSHOTS / "player-stats-dark.png", full_page=True)
