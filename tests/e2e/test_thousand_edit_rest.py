"""1000's edit page on a phone: the declarer's points are "the rest", as when the deal was entered,
so correcting one defender's points is one field typed.

Worked by hand (RULES.md, 1000 classic, Аня deals first): deal 1, Вика bids 120 with the ♦ marriage
(80); Аня 40, Борис 25, Вика the rest 55: 135 ≥ 120, made, +120. Totals 40, 25, 120. Аня's 40
corrected to 45: Вика's rest 50, 130 ≥ 120, still made: totals 45, 25, 120.
"""
from playwright.sync_api import Page, expect

from scorebook import services
from tests.e2e.screenshots import SCREENSHOTS
from tests.e2e.test_thousand_flow import expect_totals


def test_one_defender_corrected_on_the_edit_page(page: Page, live_server, sign_in, owner) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    match = services.match_create(owner=owner, game="thousand", players=["Аня", "Борис", "Вика"])
    services.deal_record(match=match, entry={"type": "play", "declarer": 2, "bid": 120, "contract": 120,
                                             "points": [40, 25, 55], "marriages": [[], [], ["D"]]})
    sign_in(page, owner)
    page.goto(f"{live_server.url}/matches/{match.pk}/")
    expect_totals(page, "40", "25", "120")
    page.get_by_role("link", name="Edit deal 1").click()
    form = page.locator("#entry-form")
    expect(form.locator("#points_2")).to_have_value("")
    expect(form.locator("#points_2")).to_have_attribute("placeholder", "rest")
    page.screenshot(path=str(SCREENSHOTS / "thousand-edit-rest.png"))
    form.locator("#points_0").fill("45")
    form.get_by_role("button", name="Save the deal").click()
    expect_totals(page, "45", "25", "120")
    assert match.deals.get(number=1).entry["points"] == [45, 25, 50]
