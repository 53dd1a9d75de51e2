"""A refused save on a phone: the summary of what is wrong stands on top of the form, in view and
focused, each item a link that takes the eye to its field; nothing is stored.

The only console line allowed is the browser's own note of the refusal's HTTP status (400): the
refusal is the answer, not an error of the page.
"""
import re

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import Page, expect

from scorebook import services
from tests.e2e.screenshots import SCREENSHOTS

REFUSED = "the server responded with a status of 400"


@pytest.fixture
def owner(db):
    return get_user_model().objects.create_user("mira", password="correct-horse-battery-staple")


def in_view(page: Page, selector: str) -> bool:
    return page.locator(selector).evaluate(
        "element => { const box = element.getBoundingClientRect();"
        " return box.top >= 0 && box.top < window.innerHeight; }")


def test_a_refused_terz_deal_is_summed_up_where_the_eye_is(page: Page, sign_in, live_server, owner) -> None:
    errors: list[str] = []
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda error: errors.append(str(error)))
    match = services.match_create(owner=owner, game="terz", players=("Остап", "Марко"))
    sign_in(page, owner)
    page.set_default_timeout(8000)
    page.goto(f"{live_server.url}/matches/{match.pk}/")
    form = page.locator("#entry-form")
    # Trumps ♥, Марко counted 160: more than the 150 card points of a deal. The save is far below.
    form.locator(".trump-picker label").filter(has_text="♥").click()
    form.locator("fieldset").filter(has=page.locator('input[name="counter"]')).locator("label").filter(
        has_text="Марко").click()
    form.locator("#counted").fill("160")
    form.get_by_role("button", name="Save the deal").click()

    summary = page.locator("[data-error-summary]")
    expect(summary).to_be_visible()
    expect(summary).to_have_attribute("role", "alert")
    expect(summary).to_have_attribute("tabindex", "-1")
    expect(summary).to_be_focused()
    assert in_view(page, "[data-error-summary]")
    link = summary.locator("a[data-error-field]").first
    expect(link).to_have_attribute("href", re.compile("^#"))
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=SCREENSHOTS / "entry-error-summary.png")

    # The link takes the eye (and the keyboard) to the field.
    field = link.get_attribute("data-error-field")
    link.click()
    focused = page.evaluate("document.activeElement.id || document.activeElement.name")
    assert focused.startswith(field) or field.startswith(focused), (field, focused)
    assert page.evaluate("document.activeElement.getBoundingClientRect().top") < 844
    assert match.deals.count() == 0

    # Mended, but a declaration far below is no combination (7♥ 8♥ 10♥): the summary is on top
    # again, and its link opens the declaration's slot.
    page.locator("#counted").fill("42")
    slot = page.locator("#entry-form #decl-slot-0")
    slot.locator("summary").click()
    slot.locator("fieldset.seat-picker label").filter(has_text="Остап").click()
    for card in ("7♥", "8♥", "10♥"):
        slot.locator(".card-pick").filter(has_text=re.compile(f"^{card}$")).click()
    page.locator("#entry-form").get_by_role("button", name="Save the deal").click()
    summary = page.locator("[data-error-summary]")
    expect(summary).to_contain_text("not a combination")
    expect(summary).to_be_focused()
    assert in_view(page, "[data-error-summary]")
    summary.locator("a[data-error-field]").first.click()
    assert page.evaluate("document.activeElement.name") == "decl_0"
    assert in_view(page, "#decl-slot-0 input:focus")
    assert match.deals.count() == 0
    assert [message for message in errors if REFUSED not in message] == []
