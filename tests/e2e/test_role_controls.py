"""A watcher's phone at 360 and 390 px (issue 28, item 7): the sheet has no edit link and no entry
form, a deal's page shows the deal and its history with no form, and a save sent anyway lands on a
page in the site's frame, in his language (Russian here), with the way back to the sheet; a form
left open by a player made a watcher meanwhile is refused in the page's alert (htmx).

1000, three players; deal 1 entered through the services: Аня bids 100 and takes 100 → 100,
Борис 12 → 10, Вика 8 → 10 (RULES.md: the defenders' points round to 5).
"""
from __future__ import annotations

import pytest
from django.conf import settings
from playwright.sync_api import Page, expect

from scorebook import services
from scorebook.models import Match, Member
from tests.e2e.screenshots import SCREENSHOTS
from tests.e2e.test_thousand_flow import enter_play, expect_totals

PLAYERS = ["Аня", "Борис", "Вика"]

# A save posted the way the edit form would post it (the form is not there to tap): a form made in
# the page and submitted, so the browser shows the answer as a page.
POST_A_SAVE = """([action, csrf]) => {
    const form = document.createElement("form");
    form.method = "post"; form.action = action;
    for (const [name, value] of [["csrfmiddlewaretoken", csrf], ["action", "play"], ["declarer", "0"],
                                 ["bid", "100"], ["points_0", "105"], ["points_1", "7"], ["points_2", "8"]]) {
        const input = document.createElement("input");
        input.type = "hidden"; input.name = name; input.value = value; form.append(input);
    }
    document.body.append(form); form.submit();
}"""


@pytest.fixture
def watched(owner, django_user_model, transactional_db) -> tuple[Match, object]:
    match = services.match_create(owner=owner, game="thousand", players=PLAYERS)
    services.deal_record(match=match, entry={"type": "play", "declarer": 0, "bid": 100, "contract": 100,
                                             "points": [100, 12, 8]})
    watcher = django_user_model.objects.create_user(username="vera")
    Member.objects.create(match=match, user=watcher, name="Вера", role="watcher")
    return match, watcher


@pytest.mark.parametrize("width", [360, 390])
def test_a_watcher_sees_no_control_and_a_forbidden_save_is_a_page_of_the_site(
        page: Page, live_server, sign_in, watched, width: int) -> None:
    match, watcher = watched
    base = live_server.url
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.set_viewport_size({"width": width, "height": 740 if width == 360 else 844})
    page.context.set_extra_http_headers({"Accept-Language": "ru"})
    sign_in(page, watcher)
    page.context.add_cookies([{"name": settings.LANGUAGE_COOKIE_NAME, "value": "ru", "url": base}])

    page.goto(f"{base}/matches/{match.pk}/")
    expect_totals(page, "100", "10", "10")
    expect(page.locator("#deal-1")).to_be_visible()
    expect(page.locator("#sheet .edit-link")).to_have_count(0)
    expect(page.locator("form#entry-form")).to_have_count(0)
    page.screenshot(path=str(SCREENSHOTS / f"watcher-sheet-{width}.png"), full_page=True)

    # The deal's address typed by hand: the deal and its history, no form to fill.
    page.goto(f"{base}/matches/{match.pk}/deals/1/")
    expect(page.get_by_role("heading", name="Сдача 1")).to_be_visible()
    expect(page.get_by_text("Вы за этим столом в роли «зритель»: вы читаете сдачи, но не меняете их.")).to_be_visible()
    expect(page.locator("form#entry-form")).to_have_count(0)
    expect(page.locator("button[value=void]")).to_have_count(0)
    page.screenshot(path=str(SCREENSHOTS / f"watcher-deal-{width}.png"), full_page=True)

    # A save sent anyway: a page of the site (its header, its language), never a bare 403.
    csrf = next(c["value"] for c in page.context.cookies() if c["name"] == settings.CSRF_COOKIE_NAME)
    with page.expect_navigation():
        page.evaluate(POST_A_SAVE, [f"/matches/{match.pk}/deals/1/", csrf])
    expect(page.get_by_role("heading", name="Не разрешено")).to_be_visible()
    expect(page.get_by_role("alert")).to_have_text("Ваша роль в этой партии этого не позволяет.")
    expect(page.locator(".site-header")).to_be_visible()
    page.screenshot(path=str(SCREENSHOTS / f"watcher-refused-{width}.png"), full_page=True)
    page.get_by_role("link", name="← Назад к таблице").click()
    expect(page).to_have_url(f"{base}/matches/{match.pk}/")
    assert match.deals.get(number=1).entry["points"] == [100, 12, 8]


@pytest.mark.parametrize("width", [360, 390])
def test_a_player_made_a_watcher_meanwhile_is_told_in_the_pages_alert(
        page: Page, live_server, sign_in, watched, width: int) -> None:
    """His phone still shows the entry form of a player; the owner makes him a watcher; his save
    (htmx) is refused in words in the page's alert, the form stays as typed, and nothing is stored."""
    match, watcher = watched
    Member.objects.filter(user=watcher).update(role="player")
    page.set_viewport_size({"width": width, "height": 740 if width == 360 else 844})
    sign_in(page, watcher)
    page.goto(f"{live_server.url}/matches/{match.pk}/")
    expect(page.locator("form#entry-form")).to_be_visible()
    Member.objects.filter(user=watcher).update(role="watcher")
    enter_play(page, "Борис", 100, (12, 100, None))
    alert = page.locator("#page-alert")
    expect(alert).to_have_text("Your role at this match does not allow this.")
    expect(alert).to_be_in_viewport()
    expect(page.locator("#points_1")).to_have_value("100")
    page.screenshot(path=str(SCREENSHOTS / f"watcher-alert-{width}.png"))
    assert match.deals.count() == 1
