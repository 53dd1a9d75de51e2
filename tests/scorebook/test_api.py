"""The JSON API against API.md, with worked 1000 deals (3 players, seat 0 deals first).

Expected numbers are worked out by hand from RULES.md ("thousand"): declarer ±contract, never
rounded; defenders' card points + marriages rounded to the nearest 5 (67 → 65, 8 → 10, 33 → 35).
"""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from referee.games import thousand
from scorebook import services
from scorebook.models import Deal, Match, Member, Revision
from tests.scorebook.conftest import PLAYERS, penalty, play

pytestmark = pytest.mark.django_db

FIRST = play(0, 100, points=[45, 67, 8])  # 45 < 100: −100; 67 → 65; 8 → 10 = [−100, 65, 10]
# ♥ declared by seat 1: 70 + 100 = 170 ≥ 120: +120; 30 → 30; 20 → 20 = [30, 120, 20]
SECOND = play(1, 110, 120, points=[30, 70, 20], marriages=[[], ["♥"], []])
THIRD = play(2, 100, points=[33, 22, 65])  # 65 < 100: −100; 33 → 35; 22 → 20 = [35, 20, −100]


def deals_url(match: Match) -> str:
    return f"/api/matches/{match.pk}/deals/"


def post_deal(api: APIClient, match: Match, entry: dict[str, Any], **extra: Any) -> Any:
    return api.post(deals_url(match), {"entry": entry, **extra}, format="json")


def codes(answer: Any) -> list[str]:
    return [v["code"] for v in answer.json()["violations"]]


def stored(match: Match) -> tuple[Any, ...]:
    match.refresh_from_db()
    return (match.version, match.sheet, list(match.deals.values_list("number", "entry", "voided")),
            Revision.objects.filter(match=match).count())


# ---------------------------------------------------------------- matches


def test_creating_a_match_answers_201_with_every_option_resolved(api: APIClient) -> None:
    answer = api.post("/api/matches/", {"game": "thousand", "players": PLAYERS, "first_dealer": 0,
                                        "preset": "classic", "options": {"barrel_threshold": 900}}, format="json")
    assert answer.status_code == 201
    body = answer.json()
    match = Match.objects.get()
    assert body["id"] == match.pk
    assert (body["game"], body["players"], body["version"]) == ("thousand", PLAYERS, 0)
    assert set(body["options"]) == set(thousand.dump_options(thousand.Options()))
    assert body["options"]["barrel_threshold"] == 900
    assert body["options"]["bolt_penalty"] == 120 and body["options"]["write_off_limit"] is None
    assert body["options"] == match.options
    sheet = body["scoresheet"]
    assert (sheet["game"], sheet["players"], sheet["rows"], sheet["totals"]) == ("thousand", PLAYERS, [], [0, 0, 0])
    assert (sheet["finished"], sheet["winner"], sheet["next_dealer"]) == (False, None, 0)
    assert sheet["state"]["players"][0] == {"bolts": 0, "on_barrel": False, "barrel_deals_left": None,
                                            "barrels_used": 0, "write_offs": 0}


def test_the_first_dealer_is_kept(api: APIClient) -> None:
    answer = api.post("/api/matches/", {"game": "thousand", "players": PLAYERS, "first_dealer": 2}, format="json")
    assert answer.json()["scoresheet"]["next_dealer"] == 2


def test_the_list_holds_only_my_matches_newest_first_paginated(api: APIClient, owner, stranger) -> None:
    mine = [services.match_create(owner=owner, game="thousand", players=PLAYERS, name=f"#{n}").pk
            for n in range(21)]
    services.match_create(owner=stranger, game="thousand", players=PLAYERS)
    first = api.get("/api/matches/").json()
    assert first["count"] == 21
    assert [m["id"] for m in first["results"]] == mine[::-1][:20]
    assert first["next"] and first["previous"] is None
    second = api.get(first["next"]).json()
    assert [m["id"] for m in second["results"]] == [mine[0]]


def test_the_detail_of_a_match(api: APIClient, match: Match) -> None:
    post_deal(api, match, FIRST)
    body = api.get(f"/api/matches/{match.pk}/").json()
    assert (body["id"], body["game"], body["players"], body["version"]) == (match.pk, "thousand", PLAYERS, 1)
    assert body["options"]["barrel_threshold"] == 880
    assert body["scoresheet"]["totals"] == [-100, 65, 10]


def test_the_scoresheet_of_a_match(api: APIClient, match: Match) -> None:
    for entry in (FIRST, SECOND, THIRD):
        assert post_deal(api, match, entry).status_code == 201
    sheet = api.get(f"/api/matches/{match.pk}/scoresheet/").json()
    assert [r["number"] for r in sheet["rows"]] == [1, 2, 3]
    assert [r["dealer"] for r in sheet["rows"]] == [0, 1, 2]
    assert [r["deltas"] for r in sheet["rows"]] == [[-100, 65, 10], [30, 120, 20], [35, 20, -100]]
    assert [r["totals"] for r in sheet["rows"]] == [[-100, 65, 10], [-70, 185, 30], [-35, 205, -70]]
    assert sheet["totals"] == [-35, 205, -70]
    assert sheet["rows"][1]["marks"] == [[], ["made"], []]
    assert sheet["rows"][0]["marks"][0] == ["failed"]
    assert any("Борис" in line and "120" in line for line in sheet["rows"][1]["explanation"])
    assert (sheet["finished"], sheet["winner"], sheet["next_dealer"]) == (False, None, 0)


# ---------------------------------------------------------------- deals


def test_posting_a_deal_answers_201_with_the_canonical_entry_and_the_sheet(api: APIClient, match: Match) -> None:
    answer = post_deal(api, match, SECOND, expected_version=0)
    assert answer.status_code == 201
    body = answer.json()
    deal = body["deal"]
    assert deal["number"] == 1
    assert deal["entry"] == {"type": "play", "declarer": 1, "bid": 110, "contract": 120, "points": [30, 70, 20],
                             "marriages": [[], ["H"], []], "dark": False}
    assert deal["result"]["scores"] == [30, 120, 20]
    assert len(deal["explanation"]) == 3 and any("Борис" in line for line in deal["explanation"])
    assert body["version"] == 1
    assert body["scoresheet"]["totals"] == [30, 120, 20]
    assert Deal.objects.get(match=match).entry == deal["entry"]


def test_the_deal_list_and_one_deal_with_its_history(api: APIClient, match: Match) -> None:
    post_deal(api, match, FIRST)
    api.put(f"{deals_url(match)}1/", {"entry": THIRD}, format="json")
    listing = api.get(deals_url(match)).json()
    assert listing["version"] == 2
    assert [d["number"] for d in listing["deals"]] == [1]
    one = api.get(f"{deals_url(match)}1/").json()
    assert [h["kind"] for h in one["history"]] == ["recorded", "amended"]
    assert [h["entry"]["declarer"] for h in one["history"]] == [0, 2]
    assert one["history"][0]["author"] == "anya"


def test_putting_a_deal_replaces_it_and_replays(api: APIClient, match: Match) -> None:
    for entry in (FIRST, SECOND, THIRD):
        post_deal(api, match, entry)
    # FIRST amended: declarer 0 took 100 of his 100 → +100; 10 → 10, 10 → 10.
    answer = api.put(f"{deals_url(match)}1/", {"entry": play(0, 100, points=[100, 10, 10]), "expected_version": 3},
                     format="json")
    assert answer.status_code == 200
    body = answer.json()
    assert body["version"] == 4
    assert body["deal"]["number"] == 1 and body["deal"]["entry"]["points"] == [100, 10, 10]
    # [100, 10, 10] + [30, 120, 20] + [35, 20, −100]
    assert [r["totals"] for r in body["scoresheet"]["rows"]] == [[100, 10, 10], [130, 130, 30], [165, 150, -70]]


def test_a_put_that_breaks_a_later_deal_is_400_with_its_number(api: APIClient, match: Match) -> None:
    post_deal(api, match, FIRST)
    post_deal(api, match, play(0, 110, points=[50, 40, 30]))  # seat 0 at −100 may bid 110
    before = stored(match)
    # −125 (45 + ♠ 40 = 85 < 125) is below bid_ban_below (−120): deal 2's bid of 110 is banned.
    answer = api.put(f"{deals_url(match)}1/", {"entry": play(0, 100, 125, points=[45, 67, 8],
                                                            marriages=[["S"], [], []])}, format="json")
    assert answer.status_code == 400
    assert [(v["code"], v["deal"]) for v in answer.json()["violations"]] == [("bid_banned", 2)]
    assert stored(match) == before


def test_deleting_a_deal_voids_it(api: APIClient, match: Match) -> None:
    for entry in (FIRST, SECOND, THIRD):
        post_deal(api, match, entry)
    answer = api.delete(f"{deals_url(match)}2/?expected_version=3")
    assert answer.status_code == 200
    body = answer.json()
    assert body["version"] == 4
    assert body["deal"]["number"] == 2 and body["deal"]["voided"] is True
    # As if SECOND had never been entered: [−100, 65, 10] + [35, 20, −100], THIRD dealt by seat 1.
    sheet = api.get(f"/api/matches/{match.pk}/scoresheet/").json()
    assert sheet["totals"] == [-65, 85, -90]
    assert [(r["number"], r["dealer"]) for r in sheet["rows"]] == [(1, 0), (3, 1)]
    assert sheet["next_dealer"] == 2
    listing = api.get(deals_url(match)).json()
    assert [(d["number"], d["voided"]) for d in listing["deals"]] == [(1, False), (2, True), (3, False)]


def test_deleting_with_the_version_in_the_body(api: APIClient, match: Match) -> None:
    post_deal(api, match, FIRST)
    answer = api.delete(f"{deals_url(match)}1/", {"expected_version": 1}, format="json")
    assert answer.status_code == 200
    assert answer.json()["scoresheet"]["totals"] == [0, 0, 0]


@pytest.mark.parametrize("write", ["post", "put", "delete"])
def test_a_stale_version_is_409_with_the_current_sheet(api: APIClient, match: Match, write: str) -> None:
    post_deal(api, match, FIRST)
    post_deal(api, match, SECOND)
    before = stored(match)
    if write == "post":
        answer = post_deal(api, match, THIRD, expected_version=1)
    elif write == "put":
        answer = api.put(f"{deals_url(match)}1/", {"entry": THIRD, "expected_version": 1}, format="json")
    else:
        answer = api.delete(f"{deals_url(match)}1/?expected_version=1")
    assert answer.status_code == 409
    body = answer.json()
    assert body["version"] == 2
    assert body["scoresheet"]["totals"] == [-70, 185, 30]
    assert stored(match) == before


def test_a_resent_write_with_the_same_client_id_is_not_stored_twice(api: APIClient, match: Match) -> None:
    first = post_deal(api, match, FIRST, expected_version=0, client_id="phone-1:1")
    again = post_deal(api, match, FIRST, expected_version=0, client_id="phone-1:1")
    assert (first.status_code, again.status_code) == (201, 200)
    assert again.json()["repeated"] is True and again.json()["deal"]["number"] == 1
    assert Deal.objects.filter(match=match).count() == 1


def test_a_warning_comes_back_with_the_accepted_deal(api: APIClient, match: Match) -> None:
    # Bid 130 with no marriage declared or held: a warning, not a refusal. 60 < 130: −130.
    answer = post_deal(api, match, play(0, 130, points=[60, 40, 20]))
    assert answer.status_code == 201
    body = answer.json()
    warnings = body["deal"]["warnings"]
    assert [(w["code"], w["severity"], w["field"]) for w in warnings] == [("no_marriage_for_bid", "warning", "bid")]
    assert body["scoresheet"]["totals"] == [-130, 40, 20]


def test_a_marriage_held_but_not_declared_backs_the_bid(api: APIClient, match: Match) -> None:
    # ♣ held (120 + 60 = 180 ≥ 130) but never declared: no warning; 60 < 130: −130.
    answer = post_deal(api, match, play(0, 130, points=[60, 40, 20], marriages_held=[["C"], [], []]))
    assert answer.status_code == 201
    assert answer.json()["deal"]["warnings"] == []


def test_a_deal_on_a_finished_match_is_refused(api: APIClient, match: Match) -> None:
    # +880: seat 0 mounts the barrel; then 100 + ♥ 100 ≥ 125 from the barrel: 880 + 125 = 1005, he wins.
    post_deal(api, match, penalty(0, 880))
    won = post_deal(api, match, play(0, 125, points=[100, 10, 10], marriages=[["H"], [], []]))
    assert won.json()["scoresheet"]["totals"] == [1005, 10, 10]
    assert (won.json()["scoresheet"]["finished"], won.json()["scoresheet"]["winner"]) == (True, 0)
    before = stored(match)
    answer = post_deal(api, match, FIRST)
    assert answer.status_code == 400
    assert [(v["code"], v["deal"]) for v in answer.json()["violations"]] == [("match_finished", 3)]
    assert stored(match) == before


# ---------------------------------------------------------------- bad input: 400, never 500


def test_malformed_json_is_400(api: APIClient, match: Match) -> None:
    answer = api.generic("POST", deals_url(match), b'{"entry": {"type": "play", ', content_type="application/json")
    assert answer.status_code == 400
    assert codes(answer) == ["malformed_json"]
    answer = api.generic("POST", "/api/matches/", b"\xff\xfe not json", content_type="application/json")
    assert answer.status_code == 400
    assert codes(answer) == ["malformed_json"]


def test_a_body_that_is_not_an_object_is_400(api: APIClient, match: Match) -> None:
    for body in (b"[]", b"42", b'"entry"', b"null"):
        answer = api.generic("POST", deals_url(match), body, content_type="application/json")
        assert answer.status_code == 400, body
        assert answer.json()["violations"], body


@pytest.mark.parametrize(("body", "expected"), [
    pytest.param({"entry": FIRST, "expected_versoin": 0}, [("unknown_field", "expected_versoin")],
                 id="unknown-top-level-field"),
    pytest.param({"entry": FIRST | {"trump": "H"}}, [("unknown_field", "trump")], id="unknown-entry-field"),
    pytest.param({"entry": FIRST | {"bid": "100"}}, [("bad_type", "bid")], id="bid-as-text"),
    pytest.param({"entry": FIRST | {"points": "a"}}, [("bad_type", "points")], id="points-as-text"),
    pytest.param({"entry": FIRST | {"points": [45, 67.5, 7.5]}}, [("bad_type", "points[1]"), ("bad_type", "points[2]")],
                 id="points-as-fractions"),
    # RULES.md: "`points` out of 0–120 … answer `points_total` (not a generic code)"
    pytest.param({"entry": FIRST | {"points": [-5, 67, 58]}}, [("points_total", "points[0]")], id="negative-points"),
    pytest.param({"entry": FIRST | {"bid": 10**12, "contract": 10**12}},
                 [("out_of_range", "bid"), ("out_of_range", "contract")], id="absurd-bid"),
    pytest.param({"entry": FIRST | {"declarer": -1}}, [("bad_seat", "declarer")], id="negative-seat"),
    pytest.param({"entry": FIRST | {"dark": "yes"}}, [("bad_type", "dark")], id="dark-as-text"),
    pytest.param({"entry": {"type": "slam"}}, [("bad_type", "type")], id="unknown-entry-type"),
    pytest.param({"entry": {"declarer": 0}}, [("missing_field", "type")], id="entry-without-type"),
    pytest.param({"entry": "play"}, [("bad_type", "entry")], id="entry-not-an-object"),
    pytest.param({}, [("missing_field", "entry")], id="no-entry"),
    pytest.param({"entry": FIRST, "expected_version": -1}, [("out_of_range", "expected_version")],
                 id="negative-version"),
    pytest.param({"entry": FIRST, "expected_version": "one"}, [("bad_type", "expected_version")],
                 id="version-as-text"),
    pytest.param({"entry": penalty(0, 10**9)}, [("out_of_range", "points")], id="absurd-penalty"),
])
def test_bad_deal_input_is_400_and_stores_nothing(api: APIClient, match: Match, body: dict[str, Any],
                                                  expected: list[tuple[str, str]]) -> None:
    before = stored(match)
    answer = api.post(deals_url(match), body, format="json")
    assert answer.status_code == 400
    violations = answer.json()["violations"]
    assert [(v["code"], v["field"]) for v in violations] == expected
    assert all(v["severity"] == "error" and v["message"] for v in violations)
    assert stored(match) == before


def test_a_refused_deal_lists_every_problem(api: APIClient, match: Match) -> None:
    answer = post_deal(api, match, play(0, 103, points=[1, 2, 3]))
    assert answer.status_code == 400
    assert [(v["code"], v["field"], v["deal"]) for v in answer.json()["violations"]] == [
        ("bid_step", "bid", 1), ("contract_step", "contract", 1), ("points_total", "points", 1)]


@pytest.mark.parametrize(("body", "expected"), [
    pytest.param({"game": "bridge", "players": PLAYERS}, [("unknown_game", "game")], id="unknown-game"),
    pytest.param({"game": "thousand", "players": PLAYERS, "preset": "vegas"}, [("unknown_preset", "preset")],
                 id="unknown-preset"),
    pytest.param({"game": "thousand", "players": PLAYERS, "options": {"barrel_treshold": 900}},
                 [("unknown_option", "options.barrel_treshold")], id="unknown-option"),
    pytest.param({"game": "thousand", "players": PLAYERS, "options": {"barrel_threshold": "lots"}},
                 [("bad_option_value", "options.barrel_threshold")], id="bad-option-value"),
    pytest.param({"game": "thousand", "players": PLAYERS, "options": {"bid_step": 7}},
                 [("bad_option_value", "options.bid_step")], id="option-not-a-choice"),
    pytest.param({"game": "thousand", "players": PLAYERS, "options": {"target": 10**40}},
                 [("bad_option_value", "options.target")], id="absurd-option"),
    pytest.param({"game": "thousand", "players": PLAYERS, "options": [1]}, [("bad_type", "options")],
                 id="options-not-an-object"),
    pytest.param({"game": "thousand", "players": ["Аня"]}, [("player_count", "players")], id="one-player"),
    pytest.param({"game": "thousand", "players": ["Аня", "аня", "Вика"]}, [("duplicate_player", "players")],
                 id="duplicate-names"),
    pytest.param({"game": "thousand", "players": "Аня, Борис"}, [("bad_type", "players")], id="players-as-text"),
    pytest.param({"game": "thousand", "players": PLAYERS, "first_dealer": -1}, [("out_of_range", "first_dealer")],
                 id="negative-dealer"),
    pytest.param({"game": "thousand", "players": PLAYERS, "first_dealer": 5}, [("bad_seat", "first_dealer")],
                 id="dealer-without-a-seat"),
    pytest.param({"game": "thousand", "players": PLAYERS, "colour": "red"}, [("unknown_field", "colour")],
                 id="unknown-field"),
    pytest.param({"players": PLAYERS}, [("missing_field", "game")], id="no-game"),
])
def test_bad_match_input_is_400_and_stores_nothing(api: APIClient, body: dict[str, Any],
                                                   expected: list[tuple[str, str]]) -> None:
    answer = api.post("/api/matches/", body, format="json")
    assert answer.status_code == 400
    assert [(v["code"], v["field"]) for v in answer.json()["violations"]] == expected
    assert not Match.objects.exists()


def test_voiding_twice_is_400(api: APIClient, match: Match) -> None:
    post_deal(api, match, FIRST)
    assert api.delete(f"{deals_url(match)}1/").status_code == 200
    answer = api.delete(f"{deals_url(match)}1/")
    assert answer.status_code == 400
    assert codes(answer) == ["already_voided"]


def test_a_deal_that_does_not_exist_is_404(api: APIClient, match: Match) -> None:
    post_deal(api, match, FIRST)
    before = stored(match)
    assert api.get(f"{deals_url(match)}2/").status_code == 404
    assert api.put(f"{deals_url(match)}2/", {"entry": FIRST}, format="json").status_code == 404
    assert api.delete(f"{deals_url(match)}2/").status_code == 404
    assert stored(match) == before


# ---------------------------------------------------------------- who may see what


def test_another_users_match_is_404_everywhere(api: APIClient, stranger) -> None:
    theirs = services.match_create(owner=stranger, game="thousand", players=PLAYERS)
    services.deal_record(match=theirs, entry=FIRST)
    before = stored(theirs)
    base = f"/api/matches/{theirs.pk}/"
    answers = [
        api.get(base), api.get(f"{base}scoresheet/"), api.get(f"{base}deals/"), api.get(f"{base}deals/1/"),
        api.post(f"{base}deals/", {"entry": SECOND}, format="json"),
        api.put(f"{base}deals/1/", {"entry": SECOND}, format="json"),
        api.delete(f"{base}deals/1/"),
    ]
    assert [a.status_code for a in answers] == [404] * 7
    assert stored(theirs) == before
    assert api.get("/api/matches/").json()["count"] == 0


def test_token_authentication(owner, match: Match) -> None:
    key = Token.objects.create(user=owner).key
    answer = APIClient().get(f"/api/matches/{match.pk}/", HTTP_AUTHORIZATION=f"Token {key}")
    assert answer.status_code == 200
    assert answer.json()["id"] == match.pk
    wrong = APIClient().get(f"/api/matches/{match.pk}/", HTTP_AUTHORIZATION="Token " + "0" * 40)
    assert wrong.status_code in (401, 403)


def test_session_authentication(client, owner, match: Match) -> None:
    client.force_login(owner)
    assert client.get(f"/api/matches/{match.pk}/scoresheet/").status_code == 200


@pytest.mark.parametrize(("method", "path"), [
    ("get", "/api/matches/"), ("post", "/api/matches/"), ("get", "/api/matches/{pk}/"),
    ("get", "/api/matches/{pk}/scoresheet/"), ("get", "/api/matches/{pk}/deals/"),
    ("post", "/api/matches/{pk}/deals/"), ("put", "/api/matches/{pk}/deals/1/"),
    ("delete", "/api/matches/{pk}/deals/1/"),
])
def test_without_signing_in_the_answer_is_401_or_403(match: Match, method: str, path: str) -> None:
    services.deal_record(match=match, entry=FIRST)
    before = stored(match)
    answer = getattr(APIClient(), method)(path.format(pk=match.pk), {"entry": SECOND}, format="json")
    assert answer.status_code in (401, 403)
    assert stored(match) == before


# ---------------------------------------------------------------- languages


def test_messages_are_in_english_on_request(api: APIClient, match: Match) -> None:
    answer = api.post(deals_url(match), {"entry": play(0, 103, points=[45, 67, 8])}, format="json",
                      HTTP_ACCEPT_LANGUAGE="en")
    assert answer.status_code == 400
    bid_step = next(v for v in answer.json()["violations"] if v["code"] == "bid_step")
    assert "steps of 5" in bid_step["message"]


@pytest.mark.parametrize("language", ["ru", "uk", "en"])
def test_the_codes_do_not_depend_on_the_language(api: APIClient, match: Match, language: str) -> None:
    answer = api.post(deals_url(match), {"entry": play(0, 103, points=[45, 67, 8])}, format="json",
                      HTTP_ACCEPT_LANGUAGE=language)
    assert answer.status_code == 400
    assert codes(answer) == ["bid_step", "contract_step"]
    assert all(v["message"] for v in answer.json()["violations"])
    answer = api.post("/api/matches/", {"game": "bridge", "players": PLAYERS}, format="json",
                      HTTP_ACCEPT_LANGUAGE=language)
    assert codes(answer) == ["unknown_game"]


def test_the_games_endpoint_lists_thousand(api: APIClient) -> None:
    games = {g["game"]: g for g in api.get("/api/games/").json()["games"]}
    assert games["thousand"]["seats"] == [2, 4]
    assert games["thousand"]["default_preset"] == "classic"
    assert {o["name"] for o in games["thousand"]["options"]} >= {"barrel_threshold", "bid_step", "target"}


# ---------------------------------------------------------------- which refusal of a posted deal wins


def test_a_posted_deal_refused_for_several_reasons_answers_as_api_md_orders_them(
        api: APIClient, match: Match, owner, stranger, django_user_model) -> None:
    # The match is known to the cache (its writes put it there): the view does not read it, the
    # append does, locked; the answers are those of a view that reads it first.
    post_deal(api, match, FIRST)
    watching = APIClient()
    watcher = django_user_model.objects.create_user(username="watcher")
    Member.objects.create(match=match, user=watcher, name="watcher", role="watcher")
    watching.force_authenticate(watcher)
    theirs = APIClient()
    theirs.force_authenticate(stranger)
    before = stored(match)
    version = before[0]
    bad = play(0, 103)  # a bid in steps of 5
    # A stranger: 404 before his input is read, however bad it is.
    assert theirs.post(deals_url(match), {"entry": "not an entry"}, format="json").status_code == 404
    assert post_deal(theirs, match, bad, expected_version=version - 1).status_code == 404
    # No such match: 404 before the input.
    assert api.post(f"/api/matches/{match.pk + 1000}/deals/", {"entry": "x"}, format="json").status_code == 404
    # A watcher: a malformed request is a 400, a well-formed write a 403 however bad its entry or version.
    assert watching.post(deals_url(match), {"entry": "not an entry"}, format="json").status_code == 400
    assert post_deal(watching, match, bad, expected_version=version - 1).status_code == 403
    # The owner: a stale version wins over a bad entry; the bad entry alone is a 400 naming its seats.
    assert post_deal(api, match, bad, expected_version=version - 1).status_code == 409
    refused = post_deal(api, match, bad)
    assert refused.status_code == 400 and "bid" in codes(refused)[0]
    assert stored(match) == before
    assert post_deal(api, match, SECOND, expected_version=version).status_code == 201
