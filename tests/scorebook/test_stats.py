"""Players and their statistics, worked by hand from RULES.md for matches recorded through the
services; the pages' query counts pinned; another owner's player is a 404."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from scorebook import services
from scorebook.models import Player
from scorebook.web import stats
from tests.scorebook.conftest import SESSION_QUERIES, USER_QUERIES, penalty, play

pytestmark = pytest.mark.django_db


def record(match, *entries: dict[str, Any]):
    for entry in entries:
        services.deal_record(match=match, entry=entry)
    match.refresh_from_db()
    return match


def thousand_a(owner):
    """Аня sits at seat 0. Deals (classic):
    1. Аня 100, takes 100: made (100–115).                       totals 100, 10, 10
    2. Аня 120 with ♥ declared: 30 + 100 ≥ 120, made (120).       Вика 0 points: a bolt (not Аня's)
    3. Борис 100 fails; Аня takes 0 points: her bolt.
    4. Аня bids 150, plays 160 with ♦ ♣: 25 + 140 = 165, made (155–200).
    5. Аня writes off 100: a write-off, not a made or failed contract.
    6. A penalty +600 takes Аня to 880: she mounts the barrel (a penalty is not a deal).
    7. On the barrel Аня plays 125 with ♠: 40 + 40 < 125, failed (125–150): she falls, 880 − 125.
    Аня: 6 deals, 1 bolt; bids 100–115 1/0, 120 1/0, 125–150 0/1, 155–200 1/0; barrel 1 up, 1 down.
    """
    match = services.match_create(owner=owner, game="thousand", players=["Аня", "Борис", "Вика"])
    return record(match,
                  play(0, 100, points=(100, 12, 8)),
                  play(0, 120, points=(30, 90, 0), marriages=[["H"], [], []]),
                  play(1, 100, points=(0, 50, 70)),
                  play(0, 150, 160, points=(25, 50, 45), marriages=[["D", "C"], [], []]),
                  {"type": "write_off", "declarer": 0, "bid": 100, "contract": 100},
                  penalty(0, 600),
                  play(0, 125, points=(40, 40, 40), marriages=[["S"], [], []]))


def thousand_b(owner):
    """Аня sits at seat 1. 1. Аня plays 210 with ♥ ♦: 40 + 180 = 220, made (200+).
    2. Вика plays 100 and makes it; Аня takes 0: her second bolt.  Аня: 2 more deals."""
    match = services.match_create(owner=owner, game="thousand", players=["Вика", "Аня", "Борис"])
    return record(match,
                  play(1, 210, points=(10, 40, 70), marriages=[[], ["H", "D"], []]),
                  play(0, 100, points=(100, 0, 20)))


def thousand_won(owner):
    """No barrel ("simple"): a penalty of +1000 takes Аня (seat 2) to the target: she wins."""
    match = services.match_create(owner=owner, game="thousand", players=["Борис", "Вика", "Аня"], preset="simple")
    return record(match, penalty(2, 1000))


def test_thousand_statistics(owner) -> None:
    a, b, won = thousand_a(owner), thousand_b(owner), thousand_won(owner)
    assert a.sheet["totals"] == [755, 140, 215]  # the fall: 880 − 125
    assert b.sheet["totals"] == [110, 210, 90]  # Вика 10 + 100, Аня 210 + 0, Борис 70 + 20
    assert won.finished
    anya = Player.objects.get(owner=owner, name="Аня")
    [block] = stats.player_stats(anya)
    assert (block["game"], block["played"], block["won"], block["finished"]) == ("thousand", 3, 1, 1)
    assert [(level["label"], level["made"], level["failed"]) for level in block["bids"]] == [
        ("100–115", 1, 0), ("120", 1, 0), ("125–150", 0, 1), ("155–200", 1, 0), ("200+", 1, 0)]
    assert (block["bids_total"], block["bids_made"], block["write_offs"]) == (5, 4, 1)
    assert (block["deals"], block["bolts"]) == (8, 2)
    assert block["bolts_per_100"] == 25.0  # 2 bolts in 8 deals
    assert (block["barrels_mounted"], block["barrels_fallen"]) == (1, 1)
    assert block["marriages"] == [{"suit": "H", "count": 2}, {"suit": "D", "count": 2},
                                  {"suit": "C", "count": 1}, {"suit": "S", "count": 1}]
    # Вика's bolt in match A (seat 2) is hers, not Аня's.
    vika = stats.player_stats(Player.objects.get(owner=owner, name="Вика"))[0]
    assert vika["bolts"] == 1 and vika["bids_made"] == 1


def test_the_other_games(owner) -> None:
    record(services.match_create(owner=owner, game="terz", players=["Аня", "Борис"]),
           # Борис's four jacks beat Аня's terz; her trump marriage counts anyway.
           {"type": "play", "trump": "H", "points": [108, 42], "last_trick": 0, "declarations": [
               {"player": 0, "cards": ["7H", "8H", "9H"]}, {"player": 1, "cards": ["JS", "JH", "JD", "JC"]},
               {"player": 0, "cards": ["KH", "QH"]}]},
           # Her fifty stands alone: it counts.
           {"type": "play", "trump": "S", "points": [65, 85], "declarations": [
               {"player": 0, "cards": ["7D", "8D", "9D", "10D"]}]})
    # Khrap, stake 5. 1: pot 15, Аня khraps and takes 3 tricks: 3 × 3 = 9 → −5 + 9 = 4.
    # 2: pot 15 again (−1); she takes 2: failed, pays 1 × 15 → −16.
    record(services.match_create(owner=owner, game="khrap", players=["Аня", "Борис", "Вика"]),
           {"type": "play", "khrap": 0, "circle": 1, "tricks": [3, 1, 1]},
           {"type": "play", "khrap": 0, "circle": 1, "tricks": [2, 2, 1]})
    # Thirteens, a table that deals 2 cards each (so 2 tricks a deal): K+Q+6 = 4+3+6 = 13, a thirteen
    # (3 points); then 2 points counted by hand.
    record(services.match_create(owner=owner, game="thirteens", players=["Аня", "Борис", "Вика"],
                                 options={"cards_each": 2}),
           {"type": "play", "trump": "H", "tricks": [[["KH", "QD", "6S"]], [["2C", "3C", "4D"]], []]},
           {"type": "play", "points": [2, 0, 1]})
    # Tong Its: Аня calls tongit. Ante 2 each; each loser pays 3 + 1 (her ace), Вика (burned) 1 more:
    # Аня −2 + 4 + 5 = +7.
    record(services.match_create(owner=owner, game="tongits", players=["Аня", "Борис", "Вика"]),
           {"type": "play", "ending": "tongit", "caller": 0, "hands": [
               {"melds": [["AH", "2H", "3H"], ["4S", "4H", "4D"]], "hand": []},
               {"melds": [["5C", "6C", "7C"]], "hand": ["KD", "QD"]},
               {"melds": [], "hand": ["9S", "9C"]}]})
    blocks = {b["game"]: b for b in stats.player_stats(Player.objects.get(owner=owner, name="Аня"))}
    assert list(blocks) == ["terz", "tongits", "khrap", "thirteens"]
    terz = blocks["terz"]
    assert [(d["kind"], d["declared"], d["counted"]) for d in terz["declarations"]] == [
        ("terz", 1, 0), ("fifty", 1, 1), ("marriage", 1, 1)]
    assert (terz["deals"], terz["declared_total"], terz["counted_total"]) == (2, 3, 2)
    khrap = blocks["khrap"]
    assert (khrap["khraps_made"], khrap["khraps_failed"], khrap["net"]) == (1, 1, -16)
    thirteens = blocks["thirteens"]
    assert (thirteens["deals"], thirteens["points"], thirteens["points_per_deal"], thirteens["thirteens"]) == (
        2, 5, 2.5, 1)
    tongits = blocks["tongits"]
    assert [(w["ending"], w["count"]) for w in tongits["wins"]] == [("tongit", 1), ("draw", 0), ("stock_out", 0)]
    assert (tongits["hands"], tongits["hands_won"], tongits["burned"], tongits["net"]) == (1, 1, 0, 7)
    assert blocks["tongits"]["played"] == 1 and blocks["tongits"]["won"] == 0  # no end of match in Tong Its


def test_a_sheet_made_by_older_rules_is_replayed(owner) -> None:
    match = thousand_b(owner)
    match.sheet = {**match.sheet, "engine": "older", "rows": []}
    match.save()
    block = stats.player_stats(Player.objects.get(owner=owner, name="Аня"))[0]
    assert block["bids_made"] == 1 and block["bolts"] == 1


def test_the_players_list(client, owner, stranger) -> None:
    thousand_a(owner), thousand_won(owner)
    services.match_create(owner=owner, game="terz", players=["Аня", "Глеб"])
    services.match_create(owner=stranger, game="terz", players=["Мэллори", "Глеб"])
    summary = {row["player"].name: row for row in stats.players_summary(owner)}
    assert list(summary) == ["Аня", "Борис", "Вика", "Глеб"]
    assert summary["Аня"]["played"] == 3
    assert summary["Аня"]["games"] == [{"game": "thousand", "played": 2, "won": 1},
                                       {"game": "terz", "played": 1, "won": 0}]
    client.force_login(owner)
    page = client.get("/players/").content.decode()
    assert "Аня" in page and "Мэллори" not in page
    assert f'href="/players/{Player.objects.get(owner=owner, name="Аня").pk}/"' in page
    assert 'href="/players/"' in page  # the nav link


def test_the_player_page(client, owner) -> None:
    thousand_a(owner)
    client.force_login(owner)
    anya = Player.objects.get(owner=owner, name="Аня")
    page = client.get(f"/players/{anya.pk}/").content.decode()
    assert "<h1>Аня</h1>" in page
    assert "Bolts per 100 deals" in page and "16.7" in page  # 1 bolt in 6 deals
    assert page.count('<rect class="bar') == 10  # five levels × made, failed
    assert "Аня&#x27;s contracts by level" in page and 'role="img"' in page


def test_empty_states(client, owner) -> None:
    client.force_login(owner)
    assert "No players yet" in client.get("/players/").content.decode()
    lone = Player.objects.create(owner=owner, name="Дима")
    assert "No matches yet" in client.get(f"/players/{lone.pk}/").content.decode()


def test_another_owners_player_is_a_404(client, owner, stranger) -> None:
    services.match_create(owner=stranger, game="terz", players=["Мэллори", "Глеб"])
    theirs = Player.objects.get(owner=stranger, name="Мэллори")
    client.force_login(owner)
    assert client.get(f"/players/{theirs.pk}/").status_code == 404
    assert Client().get(f"/players/{theirs.pk}/").status_code == 302  # signed out: to the sign-in page


@pytest.mark.parametrize("matches", [2, 12])
def test_the_player_page_makes_the_same_queries_for_2_and_12_matches(client, owner, matches,
                                                                     django_assert_num_queries) -> None:
    for index in range(matches):
        match = services.match_create(owner=owner, game="thousand" if index % 2 else "terz",
                                      players=["Аня", "Борис", "Вика"][: 3 if index % 2 else 2])
        record(match, play(0, 100, points=(100, 12, 8)) if index % 2 else
               {"type": "play", "trump": "S", "points": [65, 85], "declarations": []})
    client.force_login(owner)
    anya = Player.objects.get(owner=owner, name="Аня")
    # The session (none from the cache), the user, the player, his seats with their matches, the
    # rows of their cached sheets, the owner's other players (whom he can be merged into).
    with django_assert_num_queries(SESSION_QUERIES + 5):
        assert client.get(f"/players/{anya.pk}/").status_code == 200
    # Sheets made by older rules: their deals in one query, instead of their cached rows.
    # (The user, read once, comes from the cache when it is shared: USER_QUERIES.)
    from scorebook.models import Match

    for match in Match.objects.all():
        match.sheet = {**match.sheet, "engine": "older"}
        match.save()
    with django_assert_num_queries(SESSION_QUERIES + USER_QUERIES + 4):
        assert client.get(f"/players/{anya.pk}/").status_code == 200
    # The list: the session, the user, the players, all their seats.
    with django_assert_num_queries(SESSION_QUERIES + USER_QUERIES + 2):
        assert client.get("/players/").status_code == 200
