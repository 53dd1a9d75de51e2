"""A Terz match on a phone: sign up, start it, three deals with declarations tapped on the card grid,
"Check declarations" before saving, a false declaration that raises the mountain beside the total.

Every expected total is worked out by hand from RULES.md ("terz", classic: 150 card points a deal,
the running total rounded to the nearest 10 with a final 5 going down), not read from the code.
Players in seat order: Остап (0), Марко (1); Остап deals first.
"""
import re
from pathlib import Path

from playwright.sync_api import Locator, Page, expect

from scorebook.models import Match
from tests.e2e.screenshots import SCREENSHOTS
from tests.e2e.test_thousand_flow import expect_chart

PASSWORD = "correct-horse-battery-staple"
PLAYERS = ("Остап", "Марко")


def sign_up(page: Page, base: str) -> None:
    page.goto(f"{base}/accounts/signup/")
    page.get_by_label("Username").fill("ostap")
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    page.get_by_label("Password confirmation").fill(PASSWORD)
    page.get_by_role("button", name="Sign up").click()
    expect(page.get_by_role("button", name="Sign out")).to_be_visible()


def tap_seat(group: Locator, name: str) -> None:
    group.locator("label").filter(has_text=name).first.click()
    expect(group.get_by_role("radio", name=name)).to_be_checked()


def declare(form: Locator, slot: int, player: str, cards: str) -> None:
    """Open the next declaration slot, tap who declared, tap his cards on the grid."""
    box = form.locator(f"#decl-slot-{slot}")
    summary = box.locator("summary")
    expect(summary.get_by_text("+ Add a declaration")).to_be_visible()
    summary.click()
    expect(summary.get_by_text(f"Declaration {slot + 1}")).to_be_visible()
    tap_seat(box.locator(".seat-picker"), player)
    for card in cards.split():
        box.locator(".card-pick").filter(has_text=re.compile(f"^{card}$")).click()
        expect(box.get_by_role("checkbox", name=card)).to_be_checked()
    expect(box.locator("[data-card-count]")).to_have_text(str(len(cards.split())))


def enter_play(page: Page, trump: str, counter: str, counted: int, last_trick: str | None = None,
               declarations: tuple[tuple[str, str], ...] = (), check: str | None = None,
               screenshot: Path | None = None) -> None:
    form = page.locator("#entry-form")
    form.locator(".trump-picker label").filter(has_text=trump).click()
    tap_seat(form.locator("fieldset.seat-picker").filter(has=page.locator('input[name="counter"]')), counter)
    form.locator("#counted").fill(str(counted))
    if last_trick:
        tap_seat(form.locator("fieldset.seat-picker").filter(has=page.locator('input[name="last_trick"]')),
                 last_trick)
    for slot, (player, cards) in enumerate(declarations):
        declare(form, slot, player, cards)
    if check:
        form.get_by_role("button", name="Check declarations").click()
        expect(form.locator("#terz-verdict .verdict-answer")).to_have_text(check)
    if screenshot:  # the last declaration's cards, the check button and the verdict on one screen
        form.get_by_role("button", name="Check declarations").evaluate(
            "button => button.scrollIntoView({block: 'center'})")
        page.screenshot(path=screenshot)
    form.get_by_role("button", name="Save the deal").click()


def expect_totals(page: Page, *totals: str) -> None:
    expect(page.locator("#sheet .sheet-foot .cell")).to_have_text(list(totals))


def test_a_terz_match_is_kept_on_a_phone(page: Page, live_server) -> None:
    base = live_server.url
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    sign_up(page, base)

    # ---- a new Terz match: choose the game, the form shows two players
    page.goto(f"{base}/matches/new/")
    page.get_by_label("Game", exact=True).select_option("terz")
    expect(page.locator("#player_2")).to_have_count(0)
    page.locator("#player_0").fill("Остап")
    page.locator("#player_1").fill("Марко")
    page.get_by_role("button", name="Start the match").click()
    expect(page).to_have_url(re.compile(r"/matches/\d+/$"))
    match = Match.objects.get(owner__username="ostap")
    assert (match.game, match.players, match.first_dealer) == ("terz", ["Остап", "Марко"], 0)
    expect(page.locator(".terz-status")).to_contain_text("First to 501 wins.")
    expect_totals(page, "0", "0")

    # ---- deal 1, trumps ♥: Марко counted 42, Остап has the rest, 108. Four jacks (200) beat the
    # terz (20): only Марко's count; Остап's marriage K♥ Q♥ always scores 20.
    # Остап 108 + 20 = 128 → 130; Марко 42 + 200 = 242 → 240.
    enter_play(page, "♥", "Марко", 42, last_trick="Остап",
               declarations=(("Остап", "7♥ 8♥ 9♥"), ("Марко", "J♠ J♥ J♦ J♣"), ("Остап", "K♥ Q♥")),
               check="Марко scores their declarations.", screenshot=SCREENSHOTS / "terz-entry.png")
    expect_totals(page, "130", "240")
    row = page.locator("#deal-1")
    expect(row.locator(".cell").nth(1).locator(".mark-declaration")).to_have_text("declared")
    expect(row.locator(".cell").nth(0).locator(".mark-marriage")).to_have_text("marriage")
    expect(page.locator("#sheet .sheet-head .player").nth(0)).to_contain_text("deals")  # the last trick

    # ---- deal 2, trumps ♠, nothing declared: Остап counted 65, Марко 85.
    # 130 + 65 = 195 → 190 (a final 5 goes down); 240 + 85 = 325 → 320.
    enter_play(page, "♠", "Остап", 65)
    expect_totals(page, "190", "320")

    # ---- deal 3, trumps ♦: Марко counted 60, Остап 90. Остап's four aces (100) beat Марко's fifty
    # 10♦ J♦ Q♦ K♦ (50); Марко's marriage K♦ Q♦ may share the fifty's cards and always scores 20.
    # Остап 190 + 90 + 100 = 380; Марко 320 + 60 + 20 = 400.
    enter_play(page, "♦", "Марко", 60, last_trick="Марко",
               declarations=(("Остап", "A♠ A♥ A♦ A♣"), ("Марко", "10♦ J♦ Q♦ K♦"), ("Марко", "K♦ Q♦")),
               check="Остап scores their declarations.")
    expect_totals(page, "380", "400")

    # ---- a false declaration by Марко: 100 up the mountain. The totals stand; the mountain shows
    # beside his total from this row on, and he now needs 601.
    page.locator("#penalty-false_declaration > summary").click()
    penalty = page.locator("#penalty-false_declaration form")
    tap_seat(penalty.locator(".seat-picker").first, "Марко")
    penalty.locator("label").filter(has_text=re.compile("^100$")).click()
    penalty.get_by_role("button", name="Record the false declaration").click()
    expect(page.locator("#sheet .sheet-row")).to_have_count(4)
    expect_totals(page, "380", "400")
    last = page.locator("#deal-4 .cell")
    expect(last.nth(1).locator(".extra")).to_have_text("▲ 100")
    expect(last.nth(0).locator(".extra")).to_have_count(0)
    expect(last.nth(1).locator(".mark-penalty")).to_have_text("up the mountain")
    expect(page.locator(".terz-status")).to_contain_text("Марко needs 601 (100 up the mountain)")

    # The chart: one line per player through the start and the four entries, totals in the legend.
    expect_chart(page, PLAYERS, ("380", "400"), deals=4)
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=SCREENSHOTS / "terz-sheet.png")

    # ---- edit deal 2 through its row: Остап counted 45, not 65; the other's points are left
    # empty, so Марко has the rest, 150 − 45 = 105. Replayed (the rounding is on the running total):
    # deal 1 130, 240; deal 2 130 + 45 = 175 → 170 (a final 5 goes down), 240 + 105 = 345 → 340;
    # deal 3 170 + 90 + 100 = 360, 340 + 60 + 20 = 420; deal 4 (the mountain) moves no total.
    page.locator("#deal-2 > summary").tap()
    page.locator("#deal-2").get_by_role("link", name="Edit").click()
    expect(page.get_by_role("heading", name="Deal 2")).to_be_visible()
    form = page.locator("#entry-form")
    expect(form.get_by_role("group", name="Who counted").get_by_role("radio", name="Остап")).to_be_checked()
    expect(form.locator("#counted")).to_have_value("65")
    expect(form.locator("#other")).to_have_value("85")
    form.locator("#counted").fill("45")
    form.locator("#other").fill("")
    form.get_by_role("button", name="Save the deal").click()
    expect(page).to_have_url(re.compile(r"/matches/\d+/#deal-2$"))
    expect_totals(page, "360", "420")
    expect(page.locator("#deal-2 .cell .total")).to_have_text(["170", "340"])
    expect(page.locator("#deal-3 .cell .total")).to_have_text(["360", "420"])
    expect(page.locator("#deal-4 .cell").nth(1).locator(".extra")).to_have_text("▲ 100")  # still up the mountain
    expect_chart(page, PLAYERS, ("360", "420"), deals=4)

    match.refresh_from_db()
    assert [d.entry["type"] for d in match.deals.order_by("number")] == [
        "play", "play", "play", "false_declaration"]
    assert match.deals.get(number=2).entry["points"] == [45, 105]
