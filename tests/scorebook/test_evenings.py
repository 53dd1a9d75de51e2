"""An evening at one table (scorebook/evenings.py): each game's money hook, which matches make an
evening, the settlement across them, the evening page and "next game"."""

from __future__ import annotations

import html
import re
from datetime import timedelta
from decimal import Decimal
from typing import Any

import pytest
from django.test import Client
from django.utils import timezone

from scorebook import evenings, services
from scorebook.evenings import Transfer
from scorebook.games import game_ui
from scorebook.games.registry import CHIPS, MONEY, Money
from scorebook.models import Match, Player
from tests.scorebook.conftest import PLAYERS, penalty, play

D = Decimal

# 1000 without a barrel, to 300, 2 a point. Аня +250 (a penalty), then makes 100 of 100 → 350 and
# wins; Борис 12 → 10, Вика 8 → 10 each lack 300 − 10 = 290 points: 580 each to Аня.
THOUSAND = {"barrel": False, "target": 300, "stake_per_point": 2}
ANYA_WINS = [penalty(0, 250), play(0, 100, points=(100, 12, 8))]
# The same for Борис: he makes 100 with 250 written, Аня 12 → 10, Вика 8 → 10.
BORIS_WINS = [penalty(1, 250), play(1, 100, points=(12, 100, 8))]

# Khrap, stake 5. Deal 1: the pot is empty, 5 each → 15. Аня khraps on circle 1 and takes 3, the
# others 1 each: all kept their promise, a fifth is 15 / 5 = 3 a trick: Аня 9, Борис 3, Вика 3.
# Totals −5 + 9 = 4, −5 + 3 = −2, −2; the pot is empty.
KHRAP_1 = {"type": "play", "khrap": 0, "circle": 1, "dark": False, "tricks": [3, 1, 1]}
# Deal 2: 5 each again → pot 15, totals −1, −7, −7. Борис khraps and takes 2: he failed. Аня took
# 2 (6), Вика 1 (3); the 6 left stay. Борис pays 1 × the pot before the payouts, 15: pot 21.
# Totals 5, −22, −4; 5 − 22 − 4 + 21 = 0.
KHRAP_2 = {"type": "play", "khrap": 1, "circle": 1, "dark": False, "tricks": [2, 2, 1]}

# Tong Its: the stock ran out, Вика burned, Борис the lowest count. Ante 2 each: pot 6. Аня pays
# 1 + 1 (the winner's ace) = 2, Вика 1 + 1 + 1 (burned) = 3: totals −4, 3, −5, the pot 6.
TONGITS_1 = {"type": "result", "ending": "stock_out", "counts": [12, 9, 20], "burned": [2], "winner_aces": 1,
             "winner_fours": 0}


# Thirteens, 3 cards each (tests/e2e/test_every_page.py's deal): no money, nothing to settle.
THIRTEENS_1 = {"type": "play", "trump": "H",
               "tricks": [[["KH", "QD", "6S"]], [["2C", "3C", "4D"]], [["9S", "9D", "X1"]]]}


def played(owner: Any, game: str, entries: list[dict[str, Any]], players: list[str] = PLAYERS,
           **options: Any) -> Match:
    match = services.match_create(owner=owner, game=game, players=players, options=options or None)
    for entry in entries:
        services.deal_record(match=match, entry=entry)
    match.refresh_from_db()
    return match


def text(response: Any) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", response.content.decode())).split())


# ---------------------------------------------------------------- each game's money


@pytest.mark.parametrize(("game", "entries", "options", "money"), [
    pytest.param("thousand", ANYA_WINS, THOUSAND, Money(MONEY, (D(1160), D(-580), D(-580))), id="1000-won"),
    pytest.param("thousand", ANYA_WINS, {"barrel": False, "target": 300, "stake_per_point": "0.5"},
                 Money(MONEY, (D(290), D(-145), D(-145))), id="1000-half-a-point"),
    pytest.param("thousand", ANYA_WINS, {"barrel": False, "target": 300}, None, id="1000-no-stake"),
    pytest.param("thousand", ANYA_WINS[:1], THOUSAND, None, id="1000-no-winner-yet"),
    pytest.param("khrap", [KHRAP_1, KHRAP_2], {}, Money(MONEY, (D(5), D(-22), D(-4)), D(21)), id="khrap-pot"),
    # Closed with the pot split: 21 / 3 = 7 each.
    pytest.param("khrap", [KHRAP_1, KHRAP_2, {"type": "close"}], {}, Money(MONEY, (D(12), D(-15), D(3))),
                 id="khrap-closed"),
    pytest.param("tongits", [TONGITS_1], {}, Money(CHIPS, (D(-4), D(3), D(-5)), D(6)), id="tongits-chips"),
    pytest.param("tongits", [TONGITS_1], {"chip_value": "0.5"}, Money(MONEY, (D(-2), D("1.5"), D("-2.5")), D(3)),
                 id="tongits-money"),
    pytest.param("thirteens", [], {}, None, id="thirteens"),
])
def test_a_matchs_money(owner, game, entries, options, money) -> None:
    match = played(owner, game, entries, **options)
    assert game_ui(game).money(match.sheet) == money


def test_terz_has_no_money(owner) -> None:
    match = played(owner, "terz", [], players=PLAYERS[:2])
    assert game_ui("terz").money(match.sheet) is None


# ---------------------------------------------------------------- which matches make an evening


def at(match: Match, start: Any, minutes: int) -> None:
    """*match* started at *start* and was last written *minutes* later."""
    Match.objects.filter(pk=match.pk).update(created_at=start, updated_at=start + timedelta(minutes=minutes))


def test_the_same_people_one_after_another_make_an_evening(owner, stranger) -> None:
    eight = timezone.now().replace(hour=20, minute=0, second=0, microsecond=0) - timedelta(days=2)
    first = played(owner, "thousand", [])
    at(first, eight, 90)
    # Past midnight, 2 h 30 after the first one's last write: the same evening.
    second = played(owner, "khrap", [])
    at(second, eight + timedelta(hours=4), 120)
    # Other seats, the same three people: still them.
    third = played(owner, "thousand", [], players=[PLAYERS[2], PLAYERS[0], PLAYERS[1]])
    at(third, eight + timedelta(hours=6, minutes=30), 30)
    # Not them: a fourth person, two of them, another owner's table.
    at(played(owner, "thirteens", [], players=[*PLAYERS, "Гена"]), eight + timedelta(hours=1), 10)
    at(played(owner, "terz", [], players=PLAYERS[:2]), eight + timedelta(hours=1), 10)
    at(played(stranger, "thousand", []), eight + timedelta(hours=1), 10)
    # The next day, after more than 3 hours without a game: another evening.
    later = played(owner, "thousand", [])
    at(later, eight + timedelta(hours=10, minutes=1), 10)
    evening = [first.pk, second.pk, third.pk]
    for match in (first, second, third):
        assert [m.pk for m in evenings.evening_matches(Match.objects.get(pk=match.pk))] == evening
    assert [m.pk for m in evenings.evening_matches(Match.objects.get(pk=later.pk))] == [later.pk]


# ---------------------------------------------------------------- the settlement


def test_a_1000_evening_is_settled_in_money(owner) -> None:
    first = played(owner, "thousand", ANYA_WINS, **THOUSAND)
    second = services.match_next_game(match=first, owner=owner)
    for entry in BORIS_WINS:
        services.deal_record(match=second, entry=entry)
    evening = evenings.evening_of(Match.objects.get(pk=first.pk))
    anya, boris, vika = evening.players
    assert [p.name for p in evening.players] == PLAYERS
    [money] = evening.settlements
    # Аня +1160 − 580, Борис −580 + 1160, Вика −580 − 580.
    assert (money.unit, money.balances, money.pot) == (MONEY, [(anya, D(580)), (boris, D(580)), (vika, D(-1160))], 0)
    assert money.transfers == [Transfer(vika, anya, D(580)), Transfer(vika, boris, D(580))]


def test_a_khrap_evening_with_a_pot_left(owner) -> None:
    played(owner, "khrap", [KHRAP_1, {"type": "close"}])
    second = played(owner, "khrap", [KHRAP_1, KHRAP_2])
    evening = evenings.evening_of(second)
    anya, boris, vika = evening.players
    [money] = evening.settlements
    # 4 + 5, −2 − 22, −2 − 4; 21 stays in the second match's pot.
    assert money.balances == [(anya, D(9)), (boris, D(-24)), (vika, D(-6))] and money.pot == 21
    # All three paid into the pot: 21 / 3 = 7 each. Then 9 + 7 = 16, −24 + 7 = −17, −6 + 7 = 1 among
    # the players (no two add up to 0): Борис's debt to the largest credit, Аня's 16, then 1 to Вика.
    assert money.pot_shares == [(anya, D(7)), (boris, D(7)), (vika, D(7))]
    assert money.transfers == [Transfer(boris, anya, D(16)), Transfer(boris, vika, D(1))]


def test_chips_are_never_added_to_money(owner) -> None:
    played(owner, "tongits", [TONGITS_1])
    khrap = played(owner, "khrap", [KHRAP_1])
    evening = evenings.evening_of(khrap)
    anya, boris, vika = evening.players
    assert [(s.unit, s.balances, s.pot) for s in evening.settlements] == [
        (MONEY, [(anya, D(4)), (boris, D(-2)), (vika, D(-2))], 0),
        (CHIPS, [(anya, D(-4)), (boris, D(3)), (vika, D(-5))], 6),
    ]
    money, chips = evening.settlements
    assert money.pot_shares == [] and money.transfers == [Transfer(boris, anya, D(2)), Transfer(vika, anya, D(2))]
    # The ante's 6 chips: 2 from each. −4 + 2 = −2, 3 + 2 = 5, −5 + 2 = −3: Вика's 3 to Борис, then Аня's 2.
    assert chips.pot_shares == [(anya, D(2)), (boris, D(2)), (vika, D(2))]
    assert chips.transfers == [Transfer(vika, boris, D(3)), Transfer(anya, boris, D(2))]


@pytest.mark.parametrize(("pot", "players", "shares"), [
    pytest.param("21", 3, ["7", "7", "7"], id="even"),
    # 20 = 7 + 7 + 6: the odd unit to the first seat.
    pytest.param("20", 3, ["7", "7", "6"], id="odd-units-to-the-first-seats"),
    pytest.param("22", 4, ["6", "6", "5", "5"], id="two-odd-units"),
    # Money in tenths (chips at 0.1): split in tenths, 2.5 = 0.9 + 0.8 + 0.8.
    pytest.param("2.5", 3, ["0.9", "0.8", "0.8"], id="in-its-smallest-unit"),
    pytest.param("0", 3, ["0", "0", "0"], id="empty"),
    # A pot that pays out (below 0): −20 = −6 − 7 − 7.
    pytest.param("-20", 3, ["-6", "-7", "-7"], id="below-zero"),
])
def test_the_pot_in_equal_shares(pot: str, players: int, shares: list[str]) -> None:
    found = evenings.pot_shares(D(pot), players)
    assert found == [D(share) for share in shares] and sum(found) == D(pot)


def test_an_evening_leaves_out_its_matches_with_no_deal(owner, signed_in) -> None:
    first = played(owner, "khrap", [KHRAP_1])
    # "Next game" tapped twice without a deal, then a game played: the two empty ones are left out.
    empty = services.match_next_game(match=first, owner=owner)
    services.match_next_game(match=empty, owner=owner)
    last = played(owner, "khrap", [KHRAP_1])
    evening = evenings.evening_of(Match.objects.get(pk=first.pk))
    assert [one.match.pk for one in evening.matches] == [first.pk, last.pk]
    page = text(signed_in.get(f"/evenings/{first.pk}/"))
    assert "2 games" in page
    # Looked at from an empty one, that one is listed too (nothing to settle yet).
    assert [one.match.pk for one in evenings.evening_of(empty).matches] == [first.pk, empty.pk, last.pk]


def test_the_evening_page(owner, signed_in) -> None:
    first = played(owner, "thousand", ANYA_WINS, **THOUSAND)
    second = services.match_next_game(match=first, owner=owner)
    for entry in BORIS_WINS:
        services.deal_record(match=second, entry=entry)
    # A game without money (Thirteens, one deal: RULES.md's worked shape, 3 cards each) is listed.
    played(owner, "thirteens", [THIRTEENS_1], cards_each=3)
    page = text(signed_in.get(f"/evenings/{first.pk}/"))
    assert "3 games" in page
    assert "+1160 −580 −580" in page and "−580 +1160 −580" in page
    assert "nothing to settle: no stake, or no result yet" in page
    assert "Settlement · In money Аня +580 Борис +580 Вика −1160" in page
    assert "Who pays whom Вика → Аня: 580 Вика → Борис: 580" in page
    assert "Next game" in page


def test_the_khrap_evening_page_in_russian(owner) -> None:
    played(owner, "khrap", [KHRAP_1, {"type": "close"}])
    second = played(owner, "khrap", [KHRAP_1, KHRAP_2])
    client = Client(HTTP_ACCEPT_LANGUAGE="ru")
    client.force_login(owner)
    page = text(client.get(f"/evenings/{second.pk}/"))
    assert "Этот вечер" in page and "3 игры" not in page and "2 игры" in page
    assert "Осталось в банке 21" in page
    assert "Аня → банк: 7 Борис → банк: 7 Вика → банк: 7 Борис → Аня: 16 Борис → Вика: 1" in page


def test_another_owners_evening_is_a_404(owner, stranger) -> None:
    match = played(stranger, "thousand", [])
    client = Client()
    client.force_login(owner)
    assert client.get(f"/evenings/{match.pk}/").status_code == 404
    assert client.post(f"/matches/{match.pk}/next/").status_code == 404
    assert Match.objects.count() == 1


# ---------------------------------------------------------------- the next game


def test_the_next_game_is_the_same_table_again(owner) -> None:
    first = played(owner, "thousand", ANYA_WINS, **THOUSAND)
    second = services.match_next_game(match=first, owner=owner)
    assert (second.game, second.players, second.preset, second.options, second.name) == (
        first.game, first.players, first.preset, first.options, first.name)
    assert (second.first_dealer, second.deals.count(), second.finished) == (1, 0, False)
    assert [s.player_id for s in second.seats.all()] == [s.player_id for s in first.seats.all()]
    assert Player.objects.filter(owner=owner).count() == 3
    assert [m.pk for m in evenings.evening_matches(second)] == [first.pk, second.pk]


def test_the_last_dealer_passes_the_first_deal_round(owner) -> None:
    first = services.match_create(owner=owner, game="khrap", players=PLAYERS, first_dealer=2)
    assert services.match_next_game(match=first, owner=owner).first_dealer == 0


def test_the_next_game_button(owner, signed_in) -> None:
    first = played(owner, "thousand", ANYA_WINS, **THOUSAND)
    page = signed_in.get(f"/matches/{first.pk}/").content.decode()
    assert f'action="/matches/{first.pk}/next/"' in page and f'href="/evenings/{first.pk}/"' in page
    response = signed_in.post(f"/matches/{first.pk}/next/")
    second = Match.objects.exclude(pk=first.pk).get()
    assert response.status_code == 302 and response["Location"] == f"/matches/{second.pk}/"
    assert second.options == first.options
    assert signed_in.get(f"/matches/{first.pk}/next/").status_code == 405


def test_an_unfinished_match_offers_only_the_evening(owner, signed_in) -> None:
    match = played(owner, "thousand", [])
    page = signed_in.get(f"/matches/{match.pk}/").content.decode()
    assert "/next/" not in page and f'href="/evenings/{match.pk}/"' in page


def test_a_member_of_the_table_does_not_see_the_owners_evening(owner, stranger) -> None:
    # The evening gathers the owner's other matches: a scorer at this one table reads this match,
    # not the evening (403), and is offered neither the evening nor the next game.
    match = played(owner, "thousand", ANYA_WINS, **THOUSAND)
    match = services.invite_renew(match=match, by=owner, role="scorer")
    services.match_join(token=match.invite_token, user=stranger)
    client = Client()
    client.force_login(stranger)
    page = client.get(f"/matches/{match.pk}/").content.decode()
    assert "/next/" not in page and "/evenings/" not in page
    assert client.get(f"/evenings/{match.pk}/").status_code == 403
    assert client.post(f"/matches/{match.pk}/next/").status_code == 403
    assert Match.objects.count() == 1
