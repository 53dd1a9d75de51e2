"""A whole 1000 match on a phone: sign up, start a match, enter deals, a refusal, an edit, a void.

Every expected total is worked out by hand from RULES.md ("thousand", classic preset), not read
from the code. Players in seat order: Аня (0), Борис (1), Вика (2); the first dealer is Вика.
The totals on screen use a real minus sign (U+2212), as on paper.
"""
import re

from django.contrib.auth import get_user_model
from playwright.sync_api import Browser, Page, expect

from scorebook.models import Match
from tests.e2e.screenshots import SCREENSHOTS

PLAYERS = ("Аня", "Борис", "Вика")
PASSWORD = "correct-horse-battery-staple"


def sign_up(page: Page, base: str) -> None:
    page.goto(f"{base}/accounts/signup/")
    page.get_by_label("Username").fill("lena")
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    page.get_by_label("Password confirmation").fill(PASSWORD)
    page.get_by_role("button", name="Sign up").click()
    expect(page.get_by_role("button", name="Sign out")).to_be_visible()


def enter_play(page: Page, declarer: str, bid: int, points: tuple[int | None, ...],
               marriages: dict[str, str] | None = None) -> None:
    """Fill the match page's entry form the way a player taps it: seat button, bid, points."""
    form = page.locator("#entry-form")
    form.locator(".seat-picker label").filter(has_text=declarer).click()
    expect(form.get_by_role("radio", name=declarer)).to_be_checked()
    form.locator("#bid").fill(str(bid))
    for seat, value in enumerate(points):
        form.locator(f"#points_{seat}").fill("" if value is None else str(value))  # None: "the rest of 120"
    for name, suit in (marriages or {}).items():
        group = form.get_by_role("group", name=f"Marriages declared by {name}")
        group.locator("label").filter(has_text=suit).click()
        expect(group.get_by_role("checkbox", name=suit)).to_be_checked()
    form.get_by_role("button", name="Save the deal").click()


def expect_totals(page: Page, *totals: str) -> None:
    """The Σ row under the sheet; waiting on it also waits for htmx to swap the new form in."""
    expect(page.locator("#sheet .sheet-foot .cell")).to_have_text(list(totals))


def expect_chart(page: Page, players: tuple[str, ...], totals: tuple[str, ...], deals: int) -> None:
    """The chart under the sheet (scorebook/charts.py): one line per player, drawn through the start
    and each counted deal, and a legend with every name beside its total (real minus signs)."""
    chart = page.locator("#chart")
    expect(chart).to_be_visible()
    lines = chart.locator("svg.chart-svg polyline.series")
    expect(lines).to_have_count(len(players))
    expect(lines.locator("title")).to_have_text(list(players))
    expect(chart.locator(".chart-legend li:not(.marker-key)")).to_have_text(
        [f"{name} {total}" for name, total in zip(players, totals, strict=True)])
    # The legend is drawn with the lines, so they are on screen now: 0 (the start) + each deal.
    assert lines.evaluate_all("lines => lines.map(line => line.points.numberOfItems)") == [deals + 1] * len(players)


def test_a_thousand_match_is_kept_on_a_phone(page: Page, live_server, browser: Browser,
                                             browser_context_args: dict) -> None:
    base = live_server.url
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    sign_up(page, base)

    # ---- a new 1000 match, three players, the first dealer is player 3 (Вика)
    page.goto(f"{base}/matches/new/")
    expect(page.get_by_role("heading", name="New match")).to_be_visible()
    expect(page.get_by_label("Game", exact=True)).to_have_value("thousand")
    for seat, name in enumerate(PLAYERS):
        page.locator(f"#player_{seat}").fill(name)
    # The list shows the names as they are typed.
    page.get_by_label("First dealer").select_option(label="Вика")
    page.screenshot(path=SCREENSHOTS / "new-match.png", full_page=True)
    page.get_by_role("button", name="Start the match").click()
    expect(page).to_have_url(re.compile(r"/matches/\d+/$"))
    match = Match.objects.get(owner__username="lena")
    assert (match.players, match.first_dealer) == (list(PLAYERS), 2)
    expect(page.locator("#sheet .sheet-head .player").nth(2)).to_contain_text("deals")
    expect_totals(page, "0", "0", "0")

    # ---- deal 1 (Вика deals): Аня bids 100 and takes 45 < 100 → −100. Борис 67 → 65 (7 rounds
    # down); Вика is left empty, so she has the rest: 120 − 45 − 67 = 8 → 10 (8 rounds up).
    enter_play(page, "Аня", 100, (45, 67, None))
    expect_totals(page, "−100", "65", "10")

    # ---- deal 2 (Аня deals): Борис bids 140 with the ♥ marriage declared: 50 + 100 = 150 ≥ 140
    # → +140. Аня 68 → 70. Вика 2 → 0: a deal score of 0 is a bolt (1 of 3, no penalty yet).
    # Totals: −100 + 70 = −30; 65 + 140 = 205; 10 + 0 = 10.
    enter_play(page, "Борис", 140, (68, 50, 2), marriages={"Борис": "♥"})
    expect_totals(page, "−30", "205", "10")
    expect(page.locator("#deal-2 .cell").nth(2).locator(".mark-bolt")).to_have_text("bolt")

    # ---- deal 3 (Борис deals): Вика bids 120, Аня 22 → 20, Борис 31 → 30, Вика the rest,
    # 120 − 53 = 67 < 120 → −120. Totals: −30 + 20 = −10; 205 + 30 = 235; 10 − 120 = −110.
    enter_play(page, "Вика", 120, (22, 31, None))
    expect_totals(page, "−10", "235", "−110")
    expect(page.locator("#sheet .sheet-row")).to_have_count(3)
    expect_chart(page, PLAYERS, ("−10", "235", "−110"), deals=3)  # swapped in by htmx with the sheet
    page.evaluate("window.scrollTo(0, 0)")  # the save button scrolled the page down
    page.screenshot(path=SCREENSHOTS / "sheet.png")  # the README's picture: one phone screen

    # ---- a refused entry: bids go up in steps of 5, so 103 is refused next to the bid field,
    # and nothing is stored (same deals, same version).
    version = Match.objects.get(pk=match.pk).version
    enter_play(page, "Аня", 103, (60, 40, None))
    bid_field = page.locator("#entry-form .field").filter(has=page.locator("#bid"))
    expect(bid_field.locator(".errorlist")).to_contain_text("Bids go up in steps of 5.")
    expect(bid_field).to_have_class(re.compile(r"\bhas-error\b"))
    expect(page.locator("#entry-form #bid")).to_have_value("103")  # what was typed stays
    expect_totals(page, "−10", "235", "−110")
    match.refresh_from_db()
    assert (match.deals.count(), match.version) == (3, version)
    bid_field.evaluate("field => field.scrollIntoView({block: 'center'})")  # the save button is far below
    page.screenshot(path=SCREENSHOTS / "entry-error.png")

    # ---- edit deal 1 through its row: Аня now took 100, Борис 12, Вика 8 → Аня made 100 (+100),
    # Борис 12 → 10, Вика 8 → 10. Replayed: deal 1 100, 10, 10; deal 2 +70, +140, 0 → 170, 150, 10;
    # deal 3 +20, +30, −120 → 190, 180, −110.
    page.locator("#deal-1 > summary").tap()
    page.locator("#deal-1").get_by_role("link", name="Edit").click()
    expect(page.get_by_role("heading", name="Deal 1")).to_be_visible()
    expect(page.locator("#points_2")).to_have_value("8")  # "the rest" was stored as a number
    page.locator("#points_0").fill("100")
    page.locator("#points_1").fill("12")
    page.screenshot(path=SCREENSHOTS / "deal-edit.png", full_page=True)
    page.get_by_role("button", name="Save the deal").click()
    expect(page).to_have_url(re.compile(r"/matches/\d+/#deal-1$"))
    expect_totals(page, "190", "180", "−110")
    expect(page.locator("#deal-1 .cell .total")).to_have_text(["100", "10", "10"])
    expect_chart(page, PLAYERS, ("190", "180", "−110"), deals=3)

    # ---- void deal 2: as if never entered (the bolt goes with it). Deal 1 100, 10, 10; deal 3
    # +20, +30, −120 → 120, 40, −110.
    page.locator("#deal-2 > summary").tap()
    page.locator("#deal-2").get_by_role("link", name="Edit").click()
    void = page.locator("button[value=void]")
    expect(void).to_have_text("Void this deal")
    void.click()  # the first tap only asks: a void needs a second tap
    expect(void).to_have_text("Tap again to void")
    assert not Match.objects.get(pk=match.pk).deals.get(number=2).voided
    void.click()
    expect(page).to_have_url(re.compile(r"/matches/\d+/#deal-2$"))
    expect_totals(page, "120", "40", "−110")
    voided = page.locator("#deal-2")
    expect(voided).to_have_class(re.compile(r"\bvoided\b"))
    expect(voided.locator(".voided-note")).to_have_text("voided")
    expect(page.locator("#sheet .mark-bolt")).to_have_count(0)
    expect_chart(page, PLAYERS, ("120", "40", "−110"), deals=2)  # a voided deal is no point on the lines
    match.refresh_from_db()
    assert list(match.deals.order_by("number").values_list("number", "voided")) == [
        (1, False), (2, True), (3, False)]

    # ---- the same sheet on a phone in dark mode (a second context, same session cookie)
    dark = browser.new_context(**browser_context_args, color_scheme="dark",
                               storage_state=page.context.storage_state())
    try:
        dark_page = dark.new_page()
        dark_page.goto(f"{base}/matches/{match.pk}/")
        expect_totals(dark_page, "120", "40", "−110")
        assert dark_page.evaluate("matchMedia('(prefers-color-scheme: dark)').matches")
        dark_page.screenshot(path=SCREENSHOTS / "sheet-dark.png")
    finally:
        dark.close()
    assert get_user_model().objects.filter(username="lena").count() == 1
