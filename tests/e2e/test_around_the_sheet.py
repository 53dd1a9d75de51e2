"""Around the sheet on a 360 px phone: my matches with their totals and winner, a match renamed,
deleted (a second tap) to the archive and restored from it, and played again."""
import re

from playwright.sync_api import Page, expect

from scorebook import services
from scorebook.models import Match
from tests.e2e.screenshots import SCREENSHOTS
from tests.scorebook.conftest import PLAYERS, play

PHONE = {"width": 360, "height": 740}


def test_a_match_is_renamed_deleted_restored_and_played_again(page: Page, live_server, sign_in, owner) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    base = live_server.url
    match = services.match_create(owner=owner, game="thousand", players=PLAYERS)
    services.deal_record(match=match, entry=play(0, 100, points=[45, 67, 8]))  # −100, 65, 10
    done = services.match_create(owner=owner, game="thousand", players=["Ира", "Олег", "Петя"])
    # A finished match as its cached replay says (the list reads the cache).
    Match.objects.filter(pk=done.pk).update(finished=True, sheet={**done.sheet, "totals": [1005, 640, 300],
                                                                  "winner": 0})
    page.set_viewport_size(PHONE)
    sign_in(page, owner)
    items = page.locator(".match-item")
    expect(items).to_have_count(2)
    expect(page.locator(".match-item", has_text="Аня").locator(".match-standings li")).to_have_text(
        ["Аня −100", "Борис 65", "Вика 10"])
    expect(page.locator(".match-item", has_text="Ира")).to_contain_text("Ира won.")
    page.screenshot(path=SCREENSHOTS / "my-matches-standings.png", full_page=True)

    # ---- renamed from its page
    page.goto(f"{base}/matches/{match.pk}/")
    page.locator("#manage > summary").click()
    page.get_by_label("Name of the match").fill("Friday")
    page.get_by_role("button", name="Rename").click()
    expect(page.get_by_role("heading", level=1)).to_have_text(re.compile("Friday"))

    # ---- deleted: the first tap only asks
    page.locator("#manage > summary").click()
    delete = page.locator("#manage button.button-danger")
    delete.click()
    expect(delete).to_have_text("Tap again to delete")
    page.screenshot(path=SCREENSHOTS / "delete-confirm.png")
    assert not Match.objects.get(pk=match.pk).archived
    delete.click()
    expect(page).to_have_url(f"{base}/")
    expect(page.locator(".messages")).to_contain_text("The match is archived")
    expect(items).to_have_count(1)

    # ---- found again through the filter, and restored
    page.locator(".filters > summary").click()
    page.get_by_label("Archive").select_option("yes")
    page.get_by_role("button", name="Show").click()
    expect(items).to_have_count(1)
    expect(items).to_contain_text("Friday")
    expect(items).to_contain_text("archived")
    items.get_by_role("link").first.click()
    page.get_by_role("button", name="Restore from the archive").click()
    expect(page.locator(".messages")).to_contain_text("back in your matches")
    assert not Match.objects.get(pk=match.pk).archived

    # ---- played again: same players, same rules, a fresh sheet
    page.locator("#manage > summary").click()
    page.get_by_role("button", name="Rematch").click()
    expect(page).not_to_have_url(f"{base}/matches/{match.pk}/")
    expect(page.locator(".standing-name")).to_have_text(PLAYERS)
    expect(page.locator(".standing-total")).to_have_text(["0", "0", "0"])
    page.screenshot(path=SCREENSHOTS / "rematch.png")
    assert Match.objects.filter(owner=owner, players=PLAYERS).count() == 2
