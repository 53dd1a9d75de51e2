"""A write over the rate on a phone (finding 14 of [2/6]): htmx shows the refusal in the page's
alert, in view, and the form keeps what was typed; nothing is stored. (The 429 itself, its words in
three languages and the shared counter: tests/scorebook/test_limits.py.)
"""
import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import Page, expect

from scorebook import services
from tests.e2e.test_thousand_flow import PLAYERS, enter_play, expect_totals

# The browser's own note of the refusal's status, logged as a console error: the answer, not a fault.
REFUSED = "Failed to load resource: the server responded with a status of 429"


@pytest.fixture
def owner(db):
    return get_user_model().objects.create_user("mira")


def test_a_deal_over_the_rate_is_refused_in_the_page_s_alert(page: Page, sign_in, live_server, owner, settings,
                                                              allowed_console: list[str]) -> None:
    allowed_console.append(REFUSED)
    settings.SCOREBOOK_RATES = dict.fromkeys(settings.SCOREBOOK_RATES) | {"user": "1/min"}
    match = services.match_create(owner=owner, game="thousand", players=PLAYERS)
    sign_in(page, owner)
    page.goto(f"{live_server.url}/matches/{match.pk}/")
    alert = page.locator("#page-alert")
    expect(alert).to_be_empty()
    # Аня bids 100 and takes 120 with no marriage: +100; Борис and Вика round their 0 to 0.
    enter_play(page, "Аня", 100, (120, 0, 0))
    expect_totals(page, "100", "0", "0")
    # A second deal within the same minute is over 1/min: refused, nothing stored.
    enter_play(page, "Борис", 100, (120, 0, 0))
    expect(alert).to_contain_text("Too many requests: try again in")
    expect(alert).to_be_in_viewport()
    expect(page.locator("#entry-form #bid")).to_have_value("100")  # the form as it was typed
    expect_totals(page, "100", "0", "0")
    assert match.deals.count() == 1
