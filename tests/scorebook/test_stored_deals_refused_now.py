"""Matches stored before the rules got stricter: a deal the referee refuses now stops the sheet there.

The entries are written straight into the database, as they were stored under the older rules (the
services would refuse them today), and the cached sheet is dropped, as a new engine drops it. The
sheet is then the replay up to the first refused deal, which carries its violations
(``stopped_at``); nothing answers 500; a write is accepted only when it lets the replay get
further than before (or through), which is how such a match is mended.

Values worked from RULES.md:
- Terz, a false declaration is worth what the false combination would have been: "a sum of 20, 50,
  100, 200 — so a multiple of 10, at least 20, never 30 (``bad_amount``)". Deal 1: 100 and 50 card
  points, rounded to the nearest 10 (a final 5 down): 100 and 50.
- 1000 with 2 players: "with 2 players tricks, when given, add up to 12" (``tricks_total``); deal 1:
  declarer 100 makes his 100 → +100; the defender's 20 rounded to 5 → 20.
- Thirteens with 3 players: ⌊53 / 3⌋ = 17 cards each, so a card-by-card deal has 17 tricks
  (``trick_count``); deal 1 by hand: 5, 2, −3.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from rest_framework.test import APIClient

from scorebook import services
from scorebook.models import Deal, Match

pytestmark = pytest.mark.django_db


def stored(owner: Any, game: str, players: list[str], entries: list[dict[str, Any]]) -> Match:
    """A match whose deals were stored under the older rules: written as they were, no sheet cached."""
    match = services.match_create(owner=owner, game=game, players=players)
    for number, entry in enumerate(entries, start=1):
        Deal.objects.create(match=match, number=number, entry=entry)
    Match.objects.filter(pk=match.pk).update(sheet=None, version=len(entries))
    match.refresh_from_db()
    return match


def terz_play(points: list[int], last_trick: int) -> dict[str, Any]:
    return {"type": "play", "trump": "H", "points": points, "last_trick": last_trick, "declarations": []}


def false_declaration(player: int, points: int) -> dict[str, Any]:
    return {"type": "false_declaration", "player": player, "points": points}


TERZ = ["Остап", "Марко"]


def terz_match(owner: Any) -> Match:
    """Deal 2 (30) and deal 4 (10) are false declarations no combination is worth."""
    return stored(owner, "terz", TERZ, [terz_play([100, 50], 0), false_declaration(1, 30), terz_play([60, 90], 1),
                                        false_declaration(0, 10), terz_play([70, 80], 1)])


# ---------------------------------------------------------------- the sheet up to the refused deal


# (game, players, entries, the stopped deal, its codes, the deals not counted, the totals at the stop)
CASES = [
    pytest.param("terz", TERZ, [terz_play([100, 50], 0), false_declaration(1, 30), terz_play([60, 90], 1)],
                 2, ["bad_amount"], [2, 3], [100, 50], id="terz-false-declaration-of-30"),
    pytest.param("thousand", ["Аня", "Борис"],
                 [{"type": "play", "declarer": 0, "bid": 100, "contract": 100, "points": [100, 20]},
                  {"type": "play", "declarer": 1, "bid": 100, "contract": 100, "points": [20, 100],
                   "tricks": [5, 5]}],
                 2, ["tricks_total"], [2], [100, 20], id="thousand-two-players-tricks-not-12"),
    pytest.param("thirteens", ["Аня", "Борис", "Вика"],
                 [{"type": "play", "points": [5, 2, -3]},
                  {"type": "play", "trump": "H", "tricks": [[["KH", "QD", "6S"]], [["2C", "3C", "4C"]], []]}],
                 2, ["trick_count"], [2], [5, 2, -3], id="thirteens-fewer-tricks-than-cards-dealt"),
    # An entry the game cannot even read any more (a field it no longer knows): the replay stops
    # before it. Deal 1: 3 × 5 = 15 in, Аня keeps her khrap, fifths of 3: −5 + 9 = 4, −5 + 3 = −2, −2.
    pytest.param("khrap", ["Аня", "Борис", "Вика"],
                 [{"type": "play", "khrap": 0, "circle": 1, "tricks": [3, 1, 1]},
                  {"type": "play", "khrap": 1, "circle": 1, "tricks": [3, 1, 1], "stake": 5},
                  {"type": "no_khrap"}],
                 2, ["unknown_field"], [2, 3], [4, -2, -2], id="khrap-an-entry-it-cannot-read"),
]


@pytest.mark.parametrize(("game", "players", "entries", "deal", "codes", "not_counted", "totals"), CASES)
def test_the_scoresheet_is_the_replay_up_to_the_refused_deal(
        api: APIClient, owner: Any, game: str, players: list[str], entries: list[dict[str, Any]], deal: int,
        codes: list[str], not_counted: list[int], totals: list[int]) -> None:
    match = stored(owner, game, players, entries)
    answer = api.get(f"/api/matches/{match.pk}/scoresheet/", HTTP_ACCEPT_LANGUAGE="en")
    assert answer.status_code == 200
    sheet = answer.json()
    assert [row["number"] for row in sheet["rows"]] == list(range(1, deal))
    assert sheet["totals"] == totals
    stop = sheet["stopped_at"]
    assert (stop["deal"], stop["not_counted"]) == (deal, not_counted)
    assert [v["code"] for v in stop["violations"]] == codes
    assert all(v["deal"] == deal and v["message"] and v["severity"] == "error" for v in stop["violations"])
    # API.md's fields are all still there.
    assert {"game", "players", "rows", "totals", "finished", "winner", "next_dealer", "state"} <= set(sheet)


def test_a_sheet_that_replays_cleanly_has_no_stop(api: APIClient, match: Match) -> None:
    assert api.get(f"/api/matches/{match.pk}/scoresheet/").json()["stopped_at"] is None


def test_the_refusal_is_in_the_readers_language(api: APIClient, owner: Any) -> None:
    match = terz_match(owner)
    english = api.get(f"/api/matches/{match.pk}/scoresheet/", HTTP_ACCEPT_LANGUAGE="en").json()
    russian = api.get(f"/api/matches/{match.pk}/scoresheet/", HTTP_ACCEPT_LANGUAGE="ru").json()
    assert english["stopped_at"]["violations"][0]["message"] != russian["stopped_at"]["violations"][0]["message"]
    assert "30" in russian["stopped_at"]["violations"][0]["message"]


@pytest.mark.parametrize("path", ["/api/matches/{pk}/", "/api/matches/{pk}/deals/", "/api/matches/{pk}/deals/3/",
                                  "/api/matches/{pk}/export/", "/api/matches/"])
def test_every_read_of_the_api_answers(api: APIClient, owner: Any, path: str) -> None:
    match = terz_match(owner)
    assert api.get(path.format(pk=match.pk)).status_code == 200


def test_a_deal_not_counted_has_no_result(api: APIClient, owner: Any) -> None:
    match = terz_match(owner)
    body = api.get(f"/api/matches/{match.pk}/deals/3/").json()
    assert (body["entry"]["type"], body["result"], body["totals"]) == ("play", None, None)


# ---------------------------------------------------------------- mending it through the API


def put(api: APIClient, match: Match, number: int, entry: dict[str, Any]) -> Any:
    return api.put(f"/api/matches/{match.pk}/deals/{number}/", {"entry": entry}, format="json")


def stop_of(api: APIClient, match: Match) -> Any:
    return api.get(f"/api/matches/{match.pk}/scoresheet/").json()["stopped_at"]


def test_amending_the_refused_deal_so_the_replay_gets_further_is_accepted(api: APIClient, owner: Any) -> None:
    match = terz_match(owner)
    answer = put(api, match, 2, false_declaration(1, 20))  # 20: a terz's worth
    assert answer.status_code == 200, answer.content
    # Deals 2 and 3 count now; the sheet stops at deal 4 (10 is no combination's worth either).
    sheet = answer.json()["scoresheet"]
    assert [row["number"] for row in sheet["rows"]] == [1, 2, 3]
    assert (sheet["stopped_at"]["deal"], sheet["stopped_at"]["not_counted"]) == (4, [4, 5])
    # 100 + 60 = 160 and 50 + 90 = 140; Марко's 20 went up the mountain.
    assert sheet["totals"] == [160, 140] and sheet["state"]["mountain"] == [0, 20]


def test_voiding_the_refused_deal_is_accepted(api: APIClient, owner: Any) -> None:
    match = terz_match(owner)
    assert api.delete(f"/api/matches/{match.pk}/deals/2/").status_code == 200
    assert stop_of(api, match)["deal"] == 4
    assert api.delete(f"/api/matches/{match.pk}/deals/4/").status_code == 200
    sheet = api.get(f"/api/matches/{match.pk}/scoresheet/").json()
    # 100 + 60 + 70 = 230 and 50 + 90 + 80 = 220: every deal counts again.
    assert (sheet["stopped_at"], sheet["totals"], sheet["voided"]) == (None, [230, 220], [2, 4])


def test_amending_it_so_it_replays_through_leaves_no_stop(api: APIClient, owner: Any) -> None:
    match = stored(owner, "terz", TERZ, [terz_play([100, 50], 0), false_declaration(1, 30), terz_play([60, 90], 1)])
    assert put(api, match, 2, false_declaration(1, 50)).status_code == 200
    assert stop_of(api, match) is None


@pytest.mark.parametrize(("write", "number"), [
    pytest.param("amend", 2, id="the-refused-deal-still-refused"),
    pytest.param("amend", 3, id="a-later-deal"),
    pytest.param("void", 3, id="voiding-a-later-deal"),
    pytest.param("amend", 1, id="an-earlier-deal"),
    pytest.param("record", None, id="a-new-deal"),
])
def test_a_write_that_gets_no_further_is_refused_with_the_refused_deals_violations(
        api: APIClient, owner: Any, write: str, number: int | None) -> None:
    match = terz_match(owner)
    before = [(d.number, d.entry, d.voided) for d in match.deals.order_by("number")]
    if write == "record":
        answer = api.post(f"/api/matches/{match.pk}/deals/", {"entry": terz_play([75, 75], 0)}, format="json")
    elif write == "void":
        answer = api.delete(f"/api/matches/{match.pk}/deals/{number}/")
    else:
        entry = {1: terz_play([110, 40], 0), 2: false_declaration(0, 30), 3: terz_play([80, 70], 0)}[number]
        answer = put(api, match, number, entry)
    assert answer.status_code == 400, answer.content
    assert [(v["code"], v["deal"]) for v in answer.json()["violations"]] == [("bad_amount", 2)]
    match.refresh_from_db()
    assert [(d.number, d.entry, d.voided) for d in match.deals.order_by("number")] == before
    assert match.version == 5


def test_a_write_that_stops_the_replay_earlier_is_refused(api: APIClient, owner: Any) -> None:
    match = terz_match(owner)
    assert put(api, match, 2, false_declaration(1, 20)).status_code == 200  # now stopped at 4
    # Deal 3 made a false declaration of 30: the replay would stop at 3, before 4.
    answer = put(api, match, 3, false_declaration(0, 30))
    assert [(v["code"], v["deal"]) for v in answer.json()["violations"]] == [("bad_amount", 3)]
    assert stop_of(api, match)["deal"] == 4


# ---------------------------------------------------------------- the pages


def test_the_match_page_shows_where_the_sheet_stops_and_how_to_mend_it(signed_in: Client, owner: Any) -> None:
    match = terz_match(owner)
    response = signed_in.get(f"/matches/{match.pk}/")
    assert response.status_code == 200
    page = response.content.decode()
    banner = page.split('class="why stopped-banner"')[1].split("</details>")[0]
    assert "Deal 2 no longer fits the rules:" in banner
    assert "30" in banner  # the referee's own words, the amount it refuses
    assert "It and the 3 deals after it are not counted until it is mended." in banner
    assert f'href="/matches/{match.pk}/deals/2/"' in banner and 'value="void"' in banner
    # Deals 3 to 5 are greyed as not counted; no entry form while the sheet stops.
    for number in (3, 4, 5):
        row = page.split(f'id="deal-{number}"')[1].split("</summary>")[0]
        assert "not counted" in row
    assert 'id="entry-form"' not in page
    assert "New deals can be entered once deal 2 is mended" in page


def test_voiding_from_the_banner_mends_the_sheet(signed_in: Client, owner: Any) -> None:
    match = terz_match(owner)
    response = signed_in.post(f"/matches/{match.pk}/deals/2/", {"action": "void", "expected_version": "5"})
    assert response.status_code == 302
    page = signed_in.get(f"/matches/{match.pk}/").content.decode()
    assert "Deal 4 no longer fits the rules:" in page


def test_the_edit_page_of_the_refused_deal_opens_and_mends_it(signed_in: Client, owner: Any) -> None:
    match = terz_match(owner)
    assert signed_in.get(f"/matches/{match.pk}/deals/2/").status_code == 200
    response = signed_in.post(f"/matches/{match.pk}/deals/2/",
                              {"action": "false_declaration", "player": "1", "penalty_points": "20",
                               "expected_version": "5"})
    assert response.status_code == 302
    assert "Deal 4 no longer fits the rules:" in signed_in.get(f"/matches/{match.pk}/").content.decode()


def test_a_new_deal_posted_anyway_is_refused_naming_the_deal_to_mend(signed_in: Client, owner: Any) -> None:
    match = terz_match(owner)
    response = signed_in.post(f"/matches/{match.pk}/deals/", {"action": "play", "trump": "H", "counter": "0",
                                                               "counted": "75", "last_trick": "0"})
    assert response.status_code == 200
    assert "Deal 2:" in response.content.decode()
    assert Deal.objects.filter(match=match).count() == 5


@pytest.mark.parametrize("path", ["/matches/{pk}/", "/matches/{pk}/sheet/", "/matches/{pk}/history/",
                                  "/matches/{pk}/print/", "/matches/{pk}/display/", "/matches/{pk}/deals/4/",
                                  "/matches/{pk}/export.csv", "/matches/{pk}/export.json", "/players/"])
def test_every_page_of_the_match_answers(signed_in: Client, owner: Any, path: str) -> None:
    match = terz_match(owner)
    assert signed_in.get(path.format(pk=match.pk)).status_code == 200


def test_the_watch_page_shows_the_stop_without_the_mending_buttons(client: Client, owner: Any) -> None:
    match = services.match_share(match=terz_match(owner))
    page = client.get(f"/watch/{match.share_token}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Deal 2 no longer fits the rules:" in page
    assert 'value="void"' not in page and "/deals/2/" not in page
