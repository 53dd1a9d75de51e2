"""An evening on a phone: two 1000 matches for 2 a point and a Khrap match, the same three people,
settled on one page; "next game" starts the same table again.

Worked by hand (tests/scorebook/test_evenings.py has each step): 1000 to 300 without a barrel,
Аня wins the first (+1160, Борис −580, Вика −580), Борис the second (Аня −580, +1160, Вика −580);
Khrap, stake 5: 5, −22, −4 with 21 left in the pot. The evening: Аня 585, Борис 558, Вика −1164,
the pot 21, paid into by all three: 7 each. Then 592, 565, −1157 among the players (no part adds up
to 0): two transfers, both from Вика. A "next game" never played is not listed. At 360 and 390 px.
"""

import pytest
from playwright.sync_api import Page, expect

from scorebook import services
from scorebook.models import Match
from tests.e2e.screenshots import SCREENSHOTS
from tests.scorebook.conftest import PLAYERS
from tests.scorebook.test_evenings import ANYA_WINS, BORIS_WINS, KHRAP_1, KHRAP_2, THOUSAND


@pytest.mark.parametrize("width", [360, 390])
def test_an_evening_settled_and_the_next_game(page: Page, live_server, owner, sign_in, width: int) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.set_viewport_size({"width": width, "height": 740 if width == 360 else 844})
    first = services.match_create(owner=owner, game="thousand", players=PLAYERS, options=THOUSAND)
    for entry in ANYA_WINS:
        services.deal_record(match=first, entry=entry)
    second = services.match_next_game(match=first, owner=owner)
    for entry in BORIS_WINS:
        services.deal_record(match=second, entry=entry)
    # A Khrap match, once started empty by "next game" and left: the evening leaves that one out.
    services.match_next_game(match=second, owner=owner)
    khrap = services.match_create(owner=owner, game="khrap", players=PLAYERS)
    for entry in (KHRAP_1, KHRAP_2):
        services.deal_record(match=khrap, entry=entry)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    sign_in(page, owner)

    # The finished match offers the next game and its evening.
    page.goto(f"{live_server.url}/matches/{second.pk}/")
    expect(page.get_by_role("button", name="Next game")).to_be_visible()
    page.screenshot(path=SCREENSHOTS / f"evening-match-{width}.png", full_page=True)
    page.get_by_role("link", name="This evening").tap()

    expect(page.get_by_role("heading", name="3 games")).to_be_visible()
    settlement = page.locator(".evening-settlement")
    expect(settlement.locator("tbody td.num")).to_have_text(["+585", "+558", "−1164", "21"])
    expect(settlement.locator(".evening-transfers li")).to_have_text(
        ["Аня → the pot: 7", "Борис → the pot: 7", "Вика → the pot: 7", "Вика → Аня: 592", "Вика → Борис: 565"])
    assert page.evaluate("document.documentElement.scrollWidth - window.innerWidth") <= 1
    page.screenshot(path=SCREENSHOTS / f"evening-{width}.png", full_page=True)

    expect(page.locator(".evening-next")).to_contain_text("Khrap again, with the same players and rules")
    page.get_by_role("button", name="Next game").tap()
    page.wait_for_url(f"{live_server.url}/matches/*/")
    new = Match.objects.order_by("-pk").first()
    assert (new.game, new.players, new.options, new.first_dealer) == ("khrap", PLAYERS, khrap.options, 1)
    page.get_by_role("link", name="This evening").tap()
    expect(page.get_by_role("heading", name="4 games")).to_be_visible()
    assert errors == []
