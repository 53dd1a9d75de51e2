"""Two hands of Tong Its on a phone: sign up, start a match, tap the cards, preview, save.

Every expected figure is worked out by hand from RULES.md ("tongits", classic: ante 2, pay_win 1,
pay_tongit 3, pay_per_ace 1, pay_per_four 3, pay_burned 1, pot_streak 2), not read from the code.
Players in playing order: Аня (0), Борис (1), Вика (2); Аня deals first. Totals use a real minus.
"""
import re

from playwright.sync_api import Page, expect

from scorebook.models import Match
from tests.e2e.screenshots import SCREENSHOTS
from tests.e2e.test_thousand_flow import expect_chart

PLAYERS = ("Аня", "Борис", "Вика")
PASSWORD = "correct-horse-battery-staple"


def sign_up(page: Page, base: str) -> None:
    page.goto(f"{base}/accounts/signup/")
    page.get_by_label("Username").fill("tess")
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    page.get_by_label("Password confirmation").fill(PASSWORD)
    page.get_by_role("button", name="Sign up").click()
    expect(page.get_by_role("button", name="Sign out")).to_be_visible()


def card(scope, code: str):
    return scope.locator(f'label.card-pick:has(input[value="{code}"])')


def tap_meld(page: Page, seat: int, slot: int, codes: str) -> None:
    """Open the player's next meld slot ("+ Add a meld") and tap its cards."""
    meld = page.locator(f'#entry-form details[data-slot="meld_{seat}_{slot}"]')
    if meld.get_attribute("open") is None:
        meld.locator("> summary").click()
    for code in codes.split():
        card(meld, code).click()
        expect(meld.locator(f'input[value="{code}"]')).to_be_checked()


def tap_hand(page: Page, seat: int, codes: str) -> None:
    hand = page.locator(f"#entry-form #seat-{seat} .hand-slot")
    for code in codes.split():
        card(hand, code).click()
        expect(hand.locator(f'input[value="{code}"]')).to_be_checked()


def pick(page: Page, group: str, name: str) -> None:
    page.locator(f"#entry-form #{group} label").filter(has_text=name).click()


def expect_totals(page: Page, *totals: str) -> None:
    expect(page.locator("#sheet .sheet-foot .cell:not(.tail)")).to_have_text(list(totals))


def test_two_hands_of_tongits_on_a_phone(page: Page, live_server) -> None:
    base = live_server.url
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    sign_up(page, base)

    # ---- a new Tong Its match: the game list swaps the form in (htmx), three players
    page.goto(f"{base}/matches/new/")
    page.get_by_label("Game", exact=True).select_option("tongits")
    expect(page.get_by_label("House rules preset")).to_have_value("classic")
    # Wait for htmx to swap the tongits form in: typed before the swap, a name would be lost.
    expect(page.locator("#new-match .rules-link a")).to_have_attribute("href", re.compile(r"/rules/tongits/$"))
    for seat, name in enumerate(PLAYERS):
        page.locator(f"#player_{seat}").fill(name)
    page.get_by_role("button", name="Start the match").click()
    expect(page).to_have_url(re.compile(r"/matches/\d+/$"))
    match = Match.objects.get(owner__username="tess")
    assert (match.game, match.players) == ("tongits", list(PLAYERS))
    expect_totals(page, "0", "0", "0")
    expect(page.locator(".tongits-status .status-pot dd")).to_have_text("0")

    # ---- hand 1 (Аня deals): the stock runs out, Вика took the last card. Аня 7♥7♠7♦ laid, 2♣ K♦
    # left = 2 + 10 = 12; Борис A♥2♥3♥ laid, 4♣ 5♣ = 9; Вика laid nothing: burned (Q♠ J♠ 9♦).
    # Борис wins with the lowest count, 9. Antes: 2 each, the pot holds 6. Аня pays 1 (win) + 1
    # (his ace) = 2; Вика 1 + 1 + 1 (burned) = 3. Totals: Аня −2 −2 = −4, Борис −2 + 5 = 3,
    # Вика −2 −3 = −5; pot 6; Борис has won 1 in a row.
    # The quick entry (the counts only) is offered first: this hand is entered card by card.
    expect(page.locator("#entry-form #seat-0")).to_be_hidden()
    page.locator("#entry-form .mode-picker label").filter(has_text="Card by card").click()
    pick(page, "ending", "The stock ran out")
    expect(page.locator("#entry-form #caller")).to_be_hidden()  # only the stock-out's question
    pick(page, "last_draw", "Вика")
    tap_meld(page, 0, 0, "7H 7S 7D")
    # A card is in one place only: 7♥ is greyed out in Борис's hand now.
    expect(page.locator('#seat-1 .hand-slot input[value="7H"]')).to_be_disabled()
    tap_hand(page, 0, "2C KD")
    tap_meld(page, 1, 0, "AH 2H 3H")
    tap_hand(page, 1, "4C 5C")
    tap_hand(page, 2, "QS JS 9D")
    expect(page.locator('#entry-form details[data-slot="meld_2_1"]')).to_be_hidden()  # one "+ Add a meld" at a time

    # The preview: the winner and every payment, nothing stored.
    page.get_by_role("button", name="Preview").click()
    preview = page.locator("#tongits-preview")
    expect(preview.locator(".verdict-answer")).to_contain_text("Борис wins")
    expect(preview.locator(".preview-payments tbody tr")).to_have_text([re.compile(r"Вика\s*Борис\s*3"),
                                                                         re.compile(r"Аня\s*Борис\s*2")])
    expect(preview.locator(".preview-pot")).to_contain_text("Pot after this hand: 6")
    assert match.deals.count() == 0
    # The picture: Борис's melds and hand, the cards tapped for others greyed out.
    page.locator("#seat-1").evaluate("seat => seat.scrollIntoView({block: 'start'})")
    page.screenshot(path=SCREENSHOTS / "tongits-entry.png")
    page.get_by_role("button", name="Save the hand").click()
    expect_totals(page, "−4", "3", "−5")
    expect(page.locator("#deal-1 .cell.tail")).to_have_text("6")
    expect(page.locator(".tongits-status .status-pot dd")).to_have_text("6")
    expect(page.locator(".tongits-status .status-streak dd")).to_contain_text("Борис: 1 in a row")

    # ---- hand 2 (Борис deals, he won): Борис calls tongit with K♠K♥K♦K♣ and 5♦6♦7♦ laid, no card
    # left. Аня 9♣9♥9♠ laid, A♦ left; Вика 10♣J♣Q♣ laid, 2♠ 3♠ left. Antes: the pot holds 12.
    # Each loser pays 3 (tongit) + 3 (a four of a kind) = 6: Борис +12, and his second win in a
    # row takes the pot of 12. Totals: Аня −4 −2 −6 = −12; Борис 3 −2 +12 +12 = 25;
    # Вика −5 −2 −6 = −13; pot 0, the streak restarts.
    page.locator("#entry-form .mode-picker label").filter(has_text="Card by card").click()
    pick(page, "ending", "Tongit")
    pick(page, "caller", "Борис")
    tap_meld(page, 0, 0, "9C 9H 9S")
    tap_hand(page, 0, "AD")
    tap_meld(page, 1, 0, "KS KH KD KC")
    tap_meld(page, 1, 1, "5D 6D 7D")
    tap_meld(page, 2, 0, "10C JC QC")
    tap_hand(page, 2, "2S 3S")
    page.get_by_role("button", name="Save the hand").click()
    expect_totals(page, "−12", "25", "−13")
    expect(page.locator("#sheet .sheet-row .cell.tail")).to_have_text(["6", "0"])
    expect(page.locator("#deal-2 .cell .delta")).to_have_text(["−8", "+22", "−8"])
    expect(page.locator("#deal-2 .cell").nth(1).locator(".mark-made")).to_have_text("tongit")
    expect(page.locator(".tongits-status .status-pot dd")).to_have_text("0")
    expect(page.locator(".tongits-status .status-streak dd")).to_have_text("nobody")
    match.refresh_from_db()
    assert match.sheet["totals"] == [-12, 25, -13]
    assert match.sheet["state"]["pot"] == 0
    # The chart of the balances: a line per player, each name with its chips in the legend.
    expect_chart(page, PLAYERS, ("−12", "25", "−13"), deals=2)
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=SCREENSHOTS / "tongits-sheet.png")

    # ---- edit hand 1 through its row: K♦ was really Вика's, not Аня's. Аня is left with 2♣ alone,
    # a count of 2, lower than Борис's 9: Аня wins the stock-out. She holds no ace (7♥7♠7♦ 2♣), so
    # Борис pays her 1 and Вика, still burned (Q♠ J♠ 9♦ K♦, no meld), 1 + 1 = 2: Аня +3.
    # Hand 1: Аня −2 + 3 = 1, Борис −2 − 1 = −3, Вика −2 − 2 = −4; pot 6; Аня 1 in a row.
    # Hand 2 replayed: Борис's tongit is now his first win in a row, so the pot (6 + 6 = 12) stays.
    # Each loser pays 3 (tongit) + 3 (his four kings) = 6: Аня 1 − 2 − 6 = −7; Борис −3 − 2 + 12 = 7;
    # Вика −4 − 2 − 6 = −12; pot 12 (−7 + 7 − 12 + 12 = 0: no chip lost).
    page.locator("#deal-1 > summary").tap()
    page.locator("#deal-1").get_by_role("link", name="Edit").click()
    expect(page.get_by_role("heading", name="Deal 1")).to_be_visible()
    expect(page.locator("#entry-form #ending").get_by_role("radio", name="The stock ran out")).to_be_checked()
    aya_hand = page.locator("#entry-form #seat-0 .hand-slot")
    expect(aya_hand.locator('input[value="KD"]')).to_be_checked()
    vika_hand = page.locator("#entry-form #seat-2 .hand-slot")
    expect(vika_hand.locator('input[value="KD"]')).to_be_disabled()  # tapped for Аня: greyed out
    card(aya_hand, "KD").click()
    expect(aya_hand.locator('input[value="KD"]')).not_to_be_checked()
    expect(vika_hand.locator('input[value="KD"]')).to_be_enabled()
    tap_hand(page, 2, "KD")
    page.get_by_role("button", name="Preview").click()
    preview = page.locator("#tongits-preview")
    expect(preview.locator(".verdict-answer")).to_contain_text("Аня wins")
    expect(preview.locator(".preview-pot")).to_contain_text("Pot after this hand: 6")
    page.get_by_role("button", name="Save the hand").click()
    expect(page).to_have_url(re.compile(r"/matches/\d+/#deal-1$"))
    expect_totals(page, "−7", "7", "−12")
    expect(page.locator("#deal-1 .cell .delta")).to_have_text(["+1", "−3", "−4"])
    expect(page.locator("#sheet .sheet-row .cell.tail")).to_have_text(["6", "12"])
    expect(page.locator(".tongits-status .status-pot dd")).to_have_text("12")
    expect(page.locator(".tongits-status .status-streak dd")).to_contain_text("Борис: 1 in a row")
    expect_chart(page, PLAYERS, ("−7", "7", "−12"), deals=2)
    match.refresh_from_db()
    assert match.deals.get(number=1).entry["hands"][2]["hand"] == ["9D", "JS", "QS", "KD"]
