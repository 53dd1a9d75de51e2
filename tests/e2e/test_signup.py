"""A new player signs up on a phone and lands on the home page."""

from django.contrib.auth import get_user_model
from playwright.sync_api import Page, expect

from tests.e2e.screenshots import SCREENSHOTS


def test_a_new_player_signs_up_and_lands_home(page: Page, live_server) -> None:
    page.goto(f"{live_server.url}/accounts/signup/")
    expect(page.get_by_role("heading", name="Create an account")).to_be_visible()
    assert page.evaluate("typeof htmx") == "object"  # static files are served (gotcha 5)

    page.get_by_label("Username").fill("vika")
    page.get_by_label("Password", exact=True).fill("correct-horse-battery-staple")
    page.get_by_label("Password confirmation").fill("correct-horse-battery-staple")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=SCREENSHOTS / "signup.png", full_page=True)
    page.get_by_role("button", name="Sign up").click()

    expect(page).to_have_url(f"{live_server.url}/")
    expect(page.get_by_role("button", name="Sign out")).to_be_visible()
    assert get_user_model().objects.filter(username="vika").exists()
    page.screenshot(path=SCREENSHOTS / "home-signed-in.png", full_page=True)
