"""A Khrap evening on a phone: sign up, start a Khrap match, a silent first circle, a refused
deal, then a khrap in circle 2; the balances and the pot on screen.

Every figure is worked out by hand from RULES.md ("khrap", classic: stake 5, fifths of the amount
at stake per trick, half the pot in circle 2), never read from the code. Seats: Аня 0, Борис 1,
Вика 2; Аня deals first. Balances use a real minus sign (U+2212), as on paper.
"""
import re

from playwright.sync_api import Page, expect

from scorebook.models import Match
from tests.e2e.screenshots import SCREENSHOTS
from tests.e2e.test_thousand_flow import expect_chart, sign_up

PLAYERS = ("Аня", "Борис", "Вика")


def expect_totals(page: Page, *totals: str) -> None:
    """The Σ row: the balances, then the pot column; waiting on it waits for htmx's swap too."""
    expect(page.locator("#sheet .sheet-foot .cell")).to_have_text(list(totals))


def test_a_khrap_match_is_kept_on_a_phone(page: Page, live_server) -> None:
    base = live_server.url
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    sign_up(page, base)

    # ---- a new Khrap match: picking the game redraws the form for 3 to 6 players
    page.goto(f"{base}/matches/new/")
    page.get_by_label("Game", exact=True).select_option("khrap")
    expect(page.get_by_label("Game", exact=True)).to_have_value("khrap")
    expect(page.locator("#player_5")).to_be_attached()  # six seats now
    for seat, name in enumerate(PLAYERS):
        page.locator(f"#player_{seat}").fill(name)
    page.get_by_role("button", name="Start the match").click()
    expect(page).to_have_url(re.compile(r"/matches/\d+/$"))
    match = Match.objects.get(owner__username="lena")
    assert (match.game, match.players) == ("khrap", list(PLAYERS))
    expect(page.locator("#sheet .sheet-head .tail")).to_have_text("Pot")
    expect(page.locator(".khrap-pot")).to_have_text("0")
    form = page.locator("#entry-form")
    expect(form.get_by_role("radio", name="1: whole pot")).to_be_checked()

    # ---- deal 1: nobody says "khrap". The pot was empty: 3 × 5 = 15 in, then 5 more each for
    # the silent circle: pot 30, everyone −10. The next khrap is called in circle 2.
    form.locator("#khrap-field label").filter(has_text="Nobody").click()
    form.get_by_role("button", name="Save the deal").click()
    expect_totals(page, "−10", "−10", "−10", "30")
    expect(page.locator(".khrap-pot")).to_have_text("30")
    expect(page.locator(".khrap-circle")).to_have_text("2")
    expect(page.locator("#entry-form").get_by_role("radio", name="2: half pot")).to_be_checked()

    # ---- refused: Борис khraps, tricks 1 + 2 + 1 = 4, not 5. Shown under the tricks; nothing stored.
    form = page.locator("#entry-form")
    form.locator("#khrap-field label").filter(has_text="Борис").click()
    form.locator("#tricks_0").fill("1")
    form.locator("#tricks_1").fill("2")
    form.locator("#tricks_2").fill("1")
    form.get_by_role("button", name="Save the deal").click()
    tricks = page.locator("#tricks-field")
    expect(tricks.locator(".errorlist")).to_have_text("Tricks add up to 4, not 5.")
    expect(page.locator("#tricks_0")).to_have_value("1")  # what was typed stays
    expect(page.locator("#tricks_1")).to_have_value("2")
    # The page has settled on the refusal: its summary is focused (static/js/page.js, on htmx's
    # afterSettle). Typed before that, a key could land on the summary the focus moved to, not on
    # the field (Playwright clears a field by selecting it and pressing Delete).
    expect(page.locator("[data-error-summary]")).to_be_focused()
    match.refresh_from_db()
    assert (match.deals.count(), match.version) == (1, 1)

    # ---- deal 2: Борис khraps in circle 2 and takes 3; Аня 1 (tapped with +), Вика left empty:
    # the rest of 5 is 1. Half the pot is at stake: 30 ÷ 2 = 15, a fifth is 3: Аня 3, Борис 9,
    # Вика 3; the pot keeps 15. Balances: −10 + 3 = −7, −10 + 9 = −1, −7 (−15 + 15 = 0).
    form = page.locator("#entry-form")
    expect(form.get_by_role("radio", name="Борис")).to_be_checked()
    form.locator("#tricks_0").fill("")
    expect(form.locator("#tricks_0")).to_have_value("")
    form.get_by_role("button", name="One trick more for Аня").tap()
    expect(form.locator("#tricks_0")).to_have_value("1")
    form.locator("#tricks_1").fill("3")
    form.locator("#tricks_2").fill("")
    form.locator("#tricks_2").dispatch_event("change")
    preview = page.locator("#khrap-preview")
    expect(preview.locator(".khrap-money dd")).to_have_text(["+3", "+9", "+3", "30 → 15"])
    match.refresh_from_db()
    assert match.deals.count() == 1  # the preview stores nothing
    # The picture: the khraper, the circle, the tricks and the preview on one phone screen.
    page.evaluate("document.getElementById('circle-field').scrollIntoView({block: 'start'})")
    page.screenshot(path=SCREENSHOTS / "khrap-entry.png")
    form.get_by_role("button", name="Save the deal").click()
    expect_totals(page, "−7", "−1", "−7", "15")
    expect(page.locator(".khrap-pot")).to_have_text("15")
    expect(page.locator(".khrap-circle")).to_have_text("1")
    expect(page.locator("#sheet .sheet-row .tail")).to_have_text(["30", "15"])
    expect(page.locator("#deal-2 .cell .extra")).to_have_text(["1 trick", "3 tricks", "1 trick"])
    expect(page.locator(".khrap-balances tbody td.num")).to_have_text(["−7", "−1", "−7", "15"])
    match.refresh_from_db()
    assert [d.entry for d in match.deals.order_by("number")] == [
        {"type": "no_khrap"}, {"type": "play", "khrap": 1, "dark": False, "circle": 2, "tricks": [1, 3, 1]}]
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=SCREENSHOTS / "khrap-sheet.png")

    # ---- deal 3: the pot holds 15, so no stakes. Вика khraps in circle 1 and takes 3; Аня 1,
    # Борис 1. The whole pot is at stake, a fifth is 3: Аня 3, Борис 3, Вика 9; the pot is empty.
    # Balances: −7 + 3 = −4, −1 + 3 = 2, −7 + 9 = 2.
    form = page.locator("#entry-form")
    form.locator("#khrap-field label").filter(has_text="Вика").click()
    expect(form.get_by_role("radio", name="1: whole pot")).to_be_checked()
    form.locator("#tricks_0").fill("1")
    form.locator("#tricks_1").fill("1")
    form.locator("#tricks_2").fill("3")
    form.get_by_role("button", name="Save the deal").click()
    expect_totals(page, "−4", "2", "2", "0")
    expect_chart(page, PLAYERS, ("−4", "2", "2"), deals=3)

    # ---- edit deal 2 through its row: Аня took 2 tricks and Вика none (Борис still 3). Half the
    # pot of 30 is at stake, a fifth is 3: Аня 2 × 3 = 6, Борис 9; Вика promised a trick and failed:
    # she pays 1 × the pot before the payouts, 30. Pot 30 − 6 − 9 + 30 = 45. Balances after deal 2:
    # −10 + 6 = −4, −10 + 9 = −1, −10 − 30 = −40.
    # Deal 3 replayed: the pot (45) is not empty, no stakes; circle 1, the whole 45, a fifth is 9:
    # Аня −4 + 9 = 5, Борис −1 + 9 = 8, Вика −40 + 3 × 9 = −13; the pot 0 (5 + 8 − 13 + 0 = 0).
    page.locator("#deal-2 > summary").tap()
    page.locator("#deal-2").get_by_role("link", name="Edit").click()
    expect(page.get_by_role("heading", name="Deal 2")).to_be_visible()
    form = page.locator("#entry-form")
    expect(form.get_by_role("radio", name="Борис")).to_be_checked()
    expect(form.get_by_role("radio", name="2: half pot")).to_be_checked()
    expect(form.locator("#tricks_0")).to_have_value("1")
    expect(form.locator("#tricks_1")).to_have_value("3")
    expect(form.locator("#tricks_2")).to_have_value("1")
    form.locator("#tricks_0").fill("2")
    form.locator("#tricks_2").fill("0")
    form.get_by_role("button", name="Save the deal").click()
    expect(page).to_have_url(re.compile(r"/matches/\d+/#deal-2$"))
    expect_totals(page, "5", "8", "−13", "0")
    expect(page.locator("#deal-2 .cell .total")).to_have_text(["−4", "−1", "−40"])
    expect(page.locator("#sheet .sheet-row .tail")).to_have_text(["30", "45", "0"])
    expect(page.locator("#deal-2 .cell .extra")).to_have_text(["2 tricks", "3 tricks", "0 tricks"])
    expect_chart(page, PLAYERS, ("5", "8", "−13"), deals=3)
    match.refresh_from_db()
    assert match.deals.get(number=2).entry["tricks"] == [2, 3, 0]
