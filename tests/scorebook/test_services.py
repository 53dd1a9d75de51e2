"""The one write path (scorebook/services.py), checked in the database.

Every expected total below is worked out by hand from RULES.md ("thousand"): the declarer scores
±contract, never rounded; a defender's card points (plus declared marriages) are rounded to the
nearest 5 (remainder 1–2 down, 3–4 up). The three deals used throughout, 3 players, seat 0 deals
first and the deal passes left after every play:

    FIRST  declarer 0 bids 100, points [45, 67, 8]  → 45 < 100: −100; 67 → 65; 8 → 10   = [−100, 65, 10]
    SECOND declarer 1 bids 110, contract 120, points [30, 70, 20], ♥ declared by seat 1
           → 70 + 100 = 170 ≥ 120: +120; 30 → 30; 20 → 20                               = [30, 120, 20]
    THIRD  declarer 2 bids 100, points [33, 22, 65] → 65 < 100: −100; 33 → 35; 22 → 20  = [35, 20, −100]
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from referee.games import thousand
from referee.ledger import Rejected
from scorebook import selectors, services
from scorebook.models import Deal, Match, Revision
from scorebook.services import VersionConflict
from scorebook.sheets import sheet_head
from tests.scorebook.conftest import PLAYERS, penalty, play

pytestmark = pytest.mark.django_db

FIRST = play(0, 100, points=[45, 67, 8])
SECOND = play(1, 110, 120, points=[30, 70, 20], marriages=[[], ["H"], []])
THIRD = play(2, 100, points=[33, 22, 65])


def codes(rejected: pytest.ExceptionInfo[Rejected]) -> list[str]:
    return [v.code for v in rejected.value.violations]


def snapshot(match: Match) -> dict[str, Any]:
    """Everything a write could change, read back from the database."""
    match.refresh_from_db()
    return {
        "version": match.version,
        "sheet": match.sheet,
        "rows": selectors.sheet_rows(match),
        "finished": match.finished,
        "deals": list(match.deals.order_by("number").values_list("number", "entry", "voided")),
        "revisions": list(match.revisions.order_by("id").values_list("id", "kind", "entry", "version", "client_id")),
    }


def record(match: Match, *entries: dict[str, Any]) -> Match:
    for entry in entries:
        services.deal_record(match=match, entry=entry)
    match.refresh_from_db()
    return match


# ---------------------------------------------------------------- match_create


def test_a_new_match_freezes_every_option_resolved(owner) -> None:
    match = services.match_create(owner=owner, game="thousand", players=PLAYERS, preset="strict",
                                  options={"barrel_threshold": 900})
    match.refresh_from_db()
    assert set(match.options) == {f.name for f in dataclasses.fields(thousand.Options)}
    # the strict preset (RULES.md) with one override on top
    assert match.options["barrel_threshold"] == 900
    assert match.options["bolts_consecutive"] is True
    assert match.options["write_off_limit"] == 1
    assert match.options["golden_round"] is True
    assert match.options["target"] == 1000  # not overridden: the preset's (= the table's) default
    assert match.options["marriage_values"] == {"H": 100, "D": 80, "C": 60, "S": 40}
    assert (match.preset, match.version, match.players, match.finished) == ("strict", 0, PLAYERS, False)
    assert match.sheet["totals"] == [0, 0, 0] and selectors.current_sheet(match)["rows"] == []


def test_the_default_preset_is_classic_with_the_tables_defaults(owner) -> None:
    match = services.match_create(owner=owner, game="thousand", players=PLAYERS)
    assert match.preset == "classic"
    assert match.options["barrel_threshold"] == 880
    assert match.options["bid_step"] == 5
    assert match.options["bid_ban_below"] == -120


def test_a_preset_changed_later_does_not_change_an_existing_match(owner, monkeypatch) -> None:
    match = services.match_create(owner=owner, game="thousand", players=PLAYERS)
    monkeypatch.setitem(thousand.PRESETS, "classic", thousand.Options(bid_step=10, barrel_threshold=700))
    services.deal_record(match=match, entry=play(0, 105, points=[45, 67, 8]))  # 105: a step of 5, not 10
    match.refresh_from_db()
    assert match.options["bid_step"] == 5 and match.options["barrel_threshold"] == 880
    assert match.sheet["totals"] == [-105, 65, 10]


def test_names_are_stripped(owner) -> None:
    match = services.match_create(owner=owner, game="thousand", players=[" Аня ", "Борис", "Вика\t"])
    assert match.players == PLAYERS


@pytest.mark.parametrize(("kwargs", "expected"), [
    pytest.param({"game": "bridge"}, ["unknown_game"], id="unknown-game"),
    pytest.param({"preset": "vegas"}, ["unknown_preset"], id="unknown-preset"),
    pytest.param({"options": {"barrel_treshold": 900}}, ["unknown_option"], id="unknown-option-misspelt"),
    pytest.param({"options": {"barrel_threshold": "900"}}, ["bad_option_value"], id="option-as-text"),
    pytest.param({"options": {"bid_step": 7}}, ["bad_option_value"], id="option-not-a-choice"),
    pytest.param({"options": {"barrel": 1}}, ["bad_option_value"], id="bool-option-as-int"),
    pytest.param({"players": ["Аня"]}, ["player_count"], id="one-player"),
    pytest.param({"players": ["A", "B", "C", "D", "E"]}, ["player_count"], id="five-players"),
    pytest.param({"players": []}, ["player_count"], id="no-players"),
    pytest.param({"players": ["Аня", "аня", "Вика"]}, ["duplicate_player"], id="same-name-other-case"),
    pytest.param({"players": ["Аня", " Аня", "Вика"]}, ["duplicate_player"], id="same-name-with-a-space"),
    pytest.param({"players": ["Аня", " ", "Вика"]}, ["bad_name"], id="blank-name"),
    pytest.param({"players": ["Аня", "x" * 41, "Вика"]}, ["bad_name"], id="name-too-long"),
    pytest.param({"first_dealer": 3}, ["bad_seat"], id="dealer-without-a-seat"),
    pytest.param({"players": ["Аня"], "options": {"nope": 1}}, ["player_count", "unknown_option"],
                 id="every-problem-at-once"),
])
def test_match_create_refuses(owner, kwargs: dict[str, Any], expected: list[str]) -> None:
    arguments = {"owner": owner, "game": "thousand", "players": PLAYERS} | kwargs
    with pytest.raises(Rejected) as refused:
        services.match_create(**arguments)
    assert codes(refused) == expected
    assert not Match.objects.exists()


def test_an_unknown_option_is_named(owner) -> None:
    with pytest.raises(Rejected) as refused:
        services.match_create(owner=owner, game="thousand", players=PLAYERS, options={"barrel_treshold": 900})
    assert [v.field for v in refused.value.violations] == ["options.barrel_treshold"]


# ---------------------------------------------------------------- deal_record


def test_recording_deals_scores_them_and_bumps_the_version(match: Match) -> None:
    written = services.deal_record(match=match, entry=FIRST, expected_version=0)
    assert (written.deal.number, written.match.version, written.repeated) == (1, 1, False)
    written = services.deal_record(match=match, entry=SECOND, expected_version=1)
    assert (written.deal.number, written.match.version) == (2, 2)
    match.refresh_from_db()
    assert [row["totals"] for row in selectors.current_sheet(match)["rows"]] == [[-100, 65, 10], [-70, 185, 30]]
    assert [row["dealer"] for row in selectors.current_sheet(match)["rows"]] == [0, 1]
    assert match.sheet["next_dealer"] == 2
    assert Revision.objects.filter(match=match).count() == 2


def test_the_stored_entry_is_canonical(match: Match) -> None:
    services.deal_record(match=match, entry=play(1, 110, 120, points=[30, 70, 20], marriages=[[], ["♥️"], []]))
    assert Deal.objects.get(match=match, number=1).entry["marriages"] == [[], ["H"], []]


@pytest.mark.parametrize(("entry", "expected"), [
    pytest.param(play(0, 103, points=[45, 67, 8]), ["bid_step", "contract_step"], id="bid-off-the-step"),
    pytest.param(play(0, 100, points=[45, 67, 9]), ["points_total"], id="points-add-to-121"),
    pytest.param(play(0, 95, points=[45, 67, 8]), ["bid_too_low"], id="bid-below-100"),
    pytest.param(play(3, 100), ["bad_seat"], id="no-such-seat"),
    pytest.param(play(0, "100", 100), ["bad_type"], id="bid-as-text"),
    # RULES.md: "`points` out of 0–120 … answer `points_total` (not a generic code)"
    pytest.param(play(0, 100, points=[-5, 67, 58]), ["points_total"], id="negative-points"),
    pytest.param(play(0, 100) | {"trump": "H"}, ["unknown_field"], id="unknown-entry-field"),
    pytest.param({"type": "slam"}, ["bad_type"], id="unknown-entry-type"),
    pytest.param(penalty(0, 10**9), ["out_of_range"], id="absurd-penalty"),
])
def test_a_refused_deal_stores_nothing(match: Match, entry: dict[str, Any], expected: list[str]) -> None:
    record(match, FIRST)
    before = snapshot(match)
    with pytest.raises(Rejected) as refused:
        services.deal_record(match=match, entry=entry, expected_version=1)
    assert codes(refused) == expected
    assert all(v.deal == 2 for v in refused.value.violations)
    assert snapshot(match) == before


def test_a_stale_version_raises_a_conflict_and_changes_nothing(match: Match) -> None:
    record(match, FIRST, SECOND)
    before = snapshot(match)
    with pytest.raises(VersionConflict) as conflict:
        services.deal_record(match=match, entry=THIRD, expected_version=1)
    assert conflict.value.match.version == 2
    assert snapshot(match) == before


def test_a_resent_write_is_answered_from_the_history(match: Match) -> None:
    first = services.deal_record(match=match, entry=FIRST, expected_version=0, client_id="phone-1:42")
    again = services.deal_record(match=match, entry=FIRST, expected_version=0, client_id="phone-1:42")
    assert (first.repeated, again.repeated) == (False, True)
    assert again.deal.pk == first.deal.pk
    assert Deal.objects.filter(match=match).count() == 1
    assert Revision.objects.filter(match=match).count() == 1
    match.refresh_from_db()
    assert match.version == 1


def test_a_resent_amendment_is_not_applied_twice(match: Match) -> None:
    record(match, FIRST)
    amended = play(0, 100, points=[100, 10, 10])
    services.deal_replace(match=match, number=1, entry=amended, client_id="fix-1")
    before = snapshot(match)
    again = services.deal_replace(match=match, number=1, entry=amended, client_id="fix-1")
    assert again.repeated
    assert snapshot(match) == before


# ---------------------------------------------------------------- deal_replace


def test_amending_replays_and_keeps_the_earlier_text(match: Match) -> None:
    record(match, FIRST, SECOND, THIRD)
    # FIRST amended: declarer 0 took 100 of his 100 → +100; the defenders' 10 and 10 stay 10.
    amended = play(0, 100, points=[100, 10, 10])
    written = services.deal_replace(match=match, number=1, entry=amended, expected_version=3)
    assert written.match.version == 4
    match.refresh_from_db()
    # [100, 10, 10] + [30, 120, 20] + [35, 20, −100]
    assert [row["totals"] for row in selectors.current_sheet(match)["rows"]] == [[100, 10, 10], [130, 130, 30], [165, 150, -70]]
    deal = Deal.objects.get(match=match, number=1)
    assert deal.entry["points"] == [100, 10, 10]
    history = list(deal.revisions.order_by("id").values_list("kind", "version"))
    assert history == [(Revision.RECORDED, 1), (Revision.AMENDED, 4)]
    assert [r.entry["points"] for r in deal.revisions.order_by("id")] == [[45, 67, 8], [100, 10, 10]]


def test_an_amendment_that_breaks_a_later_deal_is_refused_with_its_number(match: Match) -> None:
    # Deal 2: seat 0 (at −100, not below −120) bids 110: 50 < 110 → −110; 40 → 40; 30 → 30.
    record(match, FIRST, play(0, 110, points=[50, 40, 30]))
    assert match.sheet["totals"] == [-210, 105, 40]
    before = snapshot(match)
    # Deal 1 amended to contract 125 backed by the ♠ marriage (120 + 40 ≥ 125, no warning):
    # 45 + 40 = 85 < 125 → −125, below bid_ban_below (−120): seat 0 may not bid 110 in deal 2.
    amended = play(0, 100, 125, points=[45, 67, 8], marriages=[["S"], [], []])
    with pytest.raises(Rejected) as refused:
        services.deal_replace(match=match, number=1, entry=amended, expected_version=2)
    assert [(v.code, v.deal) for v in refused.value.violations] == [("bid_banned", 2)]
    assert snapshot(match) == before


def test_a_refused_amendment_stores_nothing(match: Match) -> None:
    record(match, FIRST, SECOND)
    before = snapshot(match)
    with pytest.raises(Rejected) as refused:
        services.deal_replace(match=match, number=1, entry=play(0, 100, points=[1, 2, 3]))
    assert [(v.code, v.deal) for v in refused.value.violations] == [("points_total", 1)]
    assert snapshot(match) == before


def test_amending_with_a_stale_version_changes_nothing(match: Match) -> None:
    record(match, FIRST, SECOND)
    before = snapshot(match)
    with pytest.raises(VersionConflict):
        services.deal_replace(match=match, number=1, entry=THIRD, expected_version=1)
    assert snapshot(match) == before


def test_amending_a_deal_that_does_not_exist(match: Match) -> None:
    record(match, FIRST)
    before = snapshot(match)
    with pytest.raises(services.DealNotFound):
        services.deal_replace(match=match, number=2, entry=SECOND)
    assert snapshot(match) == before


# ---------------------------------------------------------------- deal_void


def test_a_voided_deal_stays_visible_and_counts_for_nothing(match: Match, owner) -> None:
    record(match, FIRST, SECOND, THIRD)
    written = services.deal_void(match=match, number=2, expected_version=3)
    assert written.match.version == 4
    match.refresh_from_db()
    assert list(match.deals.values_list("number", "voided")) == [(1, False), (2, True), (3, False)]
    assert Deal.objects.get(match=match, number=2).entry == services.canonical_entry(match, SECOND, 2)

    without = record(services.match_create(owner=owner, game="thousand", players=PLAYERS), FIRST, THIRD)
    rows, other_rows = selectors.current_sheet(match)["rows"], selectors.current_sheet(without)["rows"]
    # The same rows (the dealer rotation included: THIRD is dealt by seat 1 once SECOND is gone),
    # apart from the numbers, which keep their places.
    assert [r["number"] for r in rows] == [1, 3]
    assert [{**r, "number": None} for r in rows] == [{**r, "number": None} for r in other_rows]
    for key in ("totals", "finished", "winner", "next_dealer", "state"):
        assert match.sheet[key] == without.sheet[key], key
    # [−100, 65, 10] + [35, 20, −100]
    assert match.sheet["totals"] == [-65, 85, -90]
    assert [r["dealer"] for r in rows] == [0, 1]
    assert match.sheet["voided"] == [2]


def test_voiding_twice_is_refused_and_changes_nothing(match: Match) -> None:
    record(match, FIRST, SECOND)
    services.deal_void(match=match, number=1)
    before = snapshot(match)
    with pytest.raises(Rejected) as refused:
        services.deal_void(match=match, number=1)
    assert codes(refused) == ["already_voided"]
    assert snapshot(match) == before


def test_voiding_with_a_stale_version_changes_nothing(match: Match) -> None:
    record(match, FIRST, SECOND)
    before = snapshot(match)
    with pytest.raises(VersionConflict):
        services.deal_void(match=match, number=1, expected_version=0)
    assert snapshot(match) == before


def test_voiding_a_deal_that_a_later_one_needs_is_refused(match: Match) -> None:
    # Deal 1 puts seat 0 at −130, deal 2 lifts him to −100 (penalties; the dealer stays 0), so
    # in deal 3 he may bid 110. Voiding deal 2 leaves him at −130, below bid_ban_below (−120).
    record(match, penalty(0, -130), penalty(0, 30), play(0, 110, points=[50, 40, 30]))
    assert match.sheet["totals"] == [-210, 40, 30]  # −130 + 30 − 110; 40 → 40; 30 → 30
    before = snapshot(match)
    with pytest.raises(Rejected) as refused:
        services.deal_void(match=match, number=2)
    assert [(v.code, v.deal) for v in refused.value.violations] == [("bid_banned", 3)]
    assert snapshot(match) == before


def test_a_voided_deal_can_be_amended_back_into_play(match: Match) -> None:
    record(match, FIRST, SECOND)
    services.deal_void(match=match, number=1)
    services.deal_replace(match=match, number=1, entry=FIRST)
    match.refresh_from_db()
    assert match.sheet["totals"] == [-70, 185, 30]
    assert list(Deal.objects.get(match=match, number=1).revisions.values_list("kind", flat=True)) == [
        Revision.RECORDED, Revision.VOIDED, Revision.AMENDED]


# ---------------------------------------------------------------- the end of a match


def finished_match(owner) -> Match:
    """Seat 0 wins from the barrel. Deal 1: penalty +880 → he mounts the barrel at 880 (the
    dealer stays 0). Deal 2: he bids 125 and takes 100 + ♥ 100 = 200 ≥ 125, a contract of at
    least barrel_finish_min_contract (125): 880 + 125 = 1005, he wins. Defenders 10 → 10."""
    match = services.match_create(owner=owner, game="thousand", players=PLAYERS)
    return record(match, penalty(0, 880), play(0, 125, points=[100, 10, 10], marriages=[["H"], [], []]))


def test_the_match_ends_from_the_barrel(owner) -> None:
    match = finished_match(owner)
    assert selectors.current_sheet(match)["rows"][0]["totals"] == [880, 0, 0]
    assert match.sheet["state"]["players"][0]["on_barrel"] is False  # he has won
    assert match.sheet["totals"] == [1005, 10, 10]
    assert (match.finished, match.sheet["finished"], match.sheet["winner"]) == (True, True, 0)


def test_a_deal_on_a_finished_match_is_refused_and_stores_nothing(owner) -> None:
    match = finished_match(owner)
    before = snapshot(match)
    with pytest.raises(Rejected) as refused:
        services.deal_record(match=match, entry=FIRST, expected_version=2)
    assert [(v.code, v.deal) for v in refused.value.violations] == [("match_finished", 3)]
    assert snapshot(match) == before


def test_a_match_without_a_barrel_ends_at_the_target(owner) -> None:
    # The simple preset has no barrel: reaching the target (1000) wins at once.
    match = services.match_create(owner=owner, game="thousand", players=PLAYERS, preset="simple")
    record(match, penalty(1, 1000))
    assert (match.finished, match.sheet["winner"]) == (True, 1)
    with pytest.raises(Rejected) as refused:
        services.deal_record(match=match, entry=FIRST)
    assert codes(refused) == ["match_finished"]


# ---------------------------------------------------------------- the cached sheet


def test_the_cached_sheet_is_the_replay(match: Match) -> None:
    record(match, FIRST, SECOND, THIRD)
    services.deal_void(match=match, number=2)
    match.refresh_from_db()
    fresh, _sheet = selectors.replay_match(match, list(match.deals.order_by("number")))
    assert match.sheet == sheet_head(fresh)  # the rows apart, one SheetRow each
    assert selectors.sheet_rows(match) == fresh["rows"]
    assert selectors.current_sheet(match) == fresh


def test_a_cache_made_by_other_rules_is_ignored_and_replayed(match: Match) -> None:
    record(match, FIRST, SECOND)
    stale = {**match.sheet, "engine": "other-rules", "totals": [999, 999, 999], "rows": []}
    Match.objects.filter(pk=match.pk).update(sheet=stale)
    match.refresh_from_db()
    sheet = selectors.current_sheet(match)
    assert sheet["totals"] == [-70, 185, 30]
    assert [row["number"] for row in sheet["rows"]] == [1, 2]
    assert sheet["engine"] != "other-rules"
