"""A deal appended is folded onto the state the cached sheet keeps after the last deal: for every
game, over random matches, that gives exactly the sheet, the warnings and the refusals the replay
of the whole match gives (the replay is forced on a twin match by a cache made by other rules)."""

from __future__ import annotations

from typing import Any

import pytest
from django.core.cache import cache
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.games import GAMES, thousand
from referee.ledger import Rejected
from scorebook import selectors, services
from scorebook.api import common
from scorebook.models import Match, SheetRow
from tests.referee.test_snapshots import ENTRIES, OPTIONS
from tests.scorebook.conftest import APPEND, penalty, play

pytestmark = pytest.mark.django_db

NAMES = ["Аня", "Борис", "Вика", "Гриша", "Даша", "Женя", "Зоя", "Ира"]


def written(write: Any) -> tuple[Any, ...]:
    """What a write answered: the deal and its warnings, or every violation of its refusal."""
    try:
        done = write()
    except Rejected as refused:
        return ("refused", refused.violations)
    return ("stored", done.deal.number, done.deal.entry, done.deal.voided, done.warnings, done.match.finished)


def stored(match: Match) -> tuple[Any, ...]:
    """The match as stored: its version, finished flag and sheet (replayed where the cache is stale:
    a refused write leaves the twin's stale cache as it was)."""
    match.refresh_from_db()
    return match.version, match.finished, selectors.current_sheet(match)


def replayed_in_full(match: Match) -> None:
    """Make *match*'s cached sheet one made by other rules: its next write replays every deal."""
    match.refresh_from_db()
    Match.objects.filter(pk=match.pk).update(sheet={**match.sheet, "engine": "other-rules"})


@pytest.mark.parametrize("game_name", sorted(GAMES))
def test_appending_deal_by_deal_gives_what_the_whole_replay_gives(game_name: str, owner) -> None:
    game = GAMES[game_name]

    @settings(max_examples=20)
    @given(st.data())
    def appends(data: st.DataObject) -> None:
        options = data.draw(st.sampled_from(OPTIONS[game_name]), label="options") or None
        seats = data.draw(st.sampled_from([n for n in game.SEATS if n != 4 or game is not thousand]), label="seats")
        first = data.draw(st.integers(0, seats - 1), label="first dealer")
        try:
            twins = [services.match_create(owner=owner, game=game_name, players=NAMES[:seats], first_dealer=first,
                                           options=options) for _twin in range(2)]
        except Rejected:  # options this many players cannot play with
            return
        folded, replayed = twins
        for _step in range(data.draw(st.integers(1, 12), label="writes")):
            numbers = list(folded.deals.values_list("number", flat=True))
            if numbers and data.draw(st.integers(0, 7)) == 0:  # now and then a deal voided (replays)
                number = data.draw(st.sampled_from(numbers))
                answers = [written(lambda m=m: services.deal_void(match=m, number=number)) for m in twins]
            else:
                state = game.load_state(stored(folded)[2]["state"])
                entry = game.dump_entry(ENTRIES[game_name](data.draw, state))
                replayed_in_full(replayed)
                answers = [written(lambda m=m: services.deal_record(match=m, entry=entry)) for m in twins]
            assert answers[0] == answers[1]
            assert stored(folded) == stored(replayed)
            deals = list(folded.deals.order_by("number"))
            assert selectors.current_sheet(folded) == selectors.replay_deals(folded, deals).neutral

    appends()


def test_the_appended_row_and_the_totals_are_the_replays(match: Match) -> None:
    # 1000, seat 0 deals: seat 1 bids 100 and takes 67 (failed: −100), seat 0 takes 45, seat 2 8 →
    # 45 rounds to 45, 8 to 10 (classic rounding to 5): [45, −100, 10]; then a −20 penalty on seat 2.
    services.deal_record(match=match, entry=play(1, 100, points=(45, 67, 8)))
    services.deal_record(match=match, entry=penalty(2, -20, "revoke"))
    match.refresh_from_db()
    assert "rows" not in match.sheet and match.sheet["last_deal"] == 2  # the rows are kept apart
    assert [row["number"] for row in selectors.sheet_rows(match)] == [1, 2]
    assert match.sheet["totals"] == [45, -100, -10]
    assert selectors.current_sheet(match) == selectors.replay_deals(match, list(match.deals.order_by("number"))).neutral


def cycle(number: int) -> dict[str, Any]:
    """Deal *number* of a match whose totals come back to 0 every three deals: the declarer
    (seat (number − 1) mod 3) takes 20 of his 100 → −100, the defenders 50 each → +50, +50."""
    declarer = (number - 1) % 3
    return play(declarer, 100, points=[20 if seat == declarer else 50 for seat in range(3)])


def the_replay(match: Match) -> dict[str, Any]:
    return selectors.replay_deals(match, list(match.deals.order_by("number"))).neutral


def test_appends_then_an_amendment_and_a_void_give_the_replays_sheet(match: Match) -> None:
    for number in range(1, 31):
        services.deal_record(match=match, entry=cycle(number))
    match.refresh_from_db()
    assert match.sheet["totals"] == [0, 0, 0]  # 30 = 3 × 10 cycles
    # Deal 10 (declarer 0: [−100, 50, 50]) amended: he takes 100 of his 100 → +100, the defenders
    # 10 and 10 → [100, 10, 10]: the totals move by [200, −40, −40].
    services.deal_replace(match=match, number=10, entry=play(0, 100, points=(100, 10, 10)))
    match.refresh_from_db()
    assert match.sheet["totals"] == [200, -40, -40]
    assert selectors.current_sheet(match) == the_replay(match)
    # Deal 30 (declarer 2: [50, 50, −100]) voided: [150, −90, 60]; it keeps no row.
    services.deal_void(match=match, number=30)
    match.refresh_from_db()
    assert match.sheet["totals"] == [150, -90, 60] and match.sheet["voided"] == [30]
    assert [row["number"] for row in selectors.sheet_rows(match)] == list(range(1, 30))
    assert selectors.current_sheet(match) == the_replay(match)
    # Then appended again, folded onto the replay's state: deal 31, declarer 0: [50, −40, 110].
    services.deal_record(match=match, entry=cycle(31))
    match.refresh_from_db()
    assert match.sheet["totals"] == [50, -40, 110] and match.sheet["last_deal"] == 31
    assert [row["number"] for row in selectors.sheet_rows(match)] == [*range(1, 30), 31]
    assert selectors.current_sheet(match) == the_replay(match)


def test_a_replay_rewrites_rows_holding_quotes_backslashes_and_cyrillic_as_appended(match: Match) -> None:
    # A replay stores its rows another way than an append (COPY on PostgreSQL: text escaped for
    # it): a reason with a quote, a backslash, a "\n" typed as two characters and a Cyrillic letter
    # comes back as it went in.
    reason = 'взятка "7" за \\n\\ ещё'
    services.deal_record(match=match, entry=penalty(1, -20, reason))
    services.deal_record(match=match, entry=cycle(2))
    services.deal_record(match=match, entry=cycle(3))
    appended = selectors.sheet_rows(match)
    assert appended[0]["lines"][0][1]["reason"] == reason
    services.deal_void(match=match, number=3)
    services.deal_replace(match=match, number=3, entry=cycle(3))  # every row written again, twice
    assert SheetRow.objects.get(match=match, number=1).row == appended[0]
    assert selectors.sheet_rows(Match.objects.get(pk=match.pk)) == appended


def test_an_append_after_a_void_is_folded_not_replayed(match: Match, django_assert_num_queries) -> None:
    for number in range(1, 4):
        services.deal_record(match=match, entry=cycle(number))
    services.deal_void(match=match, number=3)
    # An append's queries (test_queries.APPEND): the deals are not read.
    with django_assert_num_queries(APPEND):
        services.deal_record(match=match, entry=cycle(4))
    match.refresh_from_db()
    # [−100, 50, 50] + [50, −100, 50] + (3 voided) + [−100, 50, 50]
    assert match.sheet["totals"] == [-150, 0, 150]
    assert selectors.current_sheet(match) == the_replay(match)


def test_a_sheet_refreshed_under_new_rules_rewrites_its_rows(match: Match) -> None:
    for number in range(1, 5):
        services.deal_record(match=match, entry=cycle(number))
    match.refresh_from_db()
    rows = selectors.sheet_rows(match)
    SheetRow.objects.filter(match=match, number=2).delete()  # a row lost: the refresh writes every row again
    Match.objects.filter(pk=match.pk).update(sheet={**match.sheet, "engine": "thousand/0"})
    match.refresh_from_db()
    assert services.sheet_refresh(match=match) is True
    match.refresh_from_db()
    assert selectors.sheet_rows(match) == rows
    assert selectors.current_sheet(match) == the_replay(match)


def test_an_appends_answer_is_the_whole_sheet_rendered(api, match: Match, monkeypatch) -> None:
    """The API answers an append with the sheet of the version before (kept by the cache) and its
    one new row: the same scoresheet a read renders whole from the database."""
    deals = f"/api/matches/{match.pk}/deals/"
    answers = [api.post(deals, {"entry": cycle(number)}, format="json") for number in (1, 2, 3)]
    voided = api.delete(f"{deals}2/")  # [−100, 50, 50] + [50, 50, −100] left: [−50, 100, −50]
    with monkeypatch.context() as patched:  # not rendered whole: the voided version's sheet, kept, and a row
        patched.setattr(common, "match_payload_sheet", None)
        appended = api.post(deals, {"entry": cycle(4)}, format="json")  # declarer 0: [−150, 150, 0]
    assert [a.status_code for a in answers] == [201, 201, 201] and voided.status_code == 200
    assert appended.status_code == 201
    sheet = appended.json()["scoresheet"]
    assert sheet["totals"] == [-150, 150, 0] and sheet["voided"] == [2]
    assert [row["number"] for row in sheet["rows"]] == [1, 3, 4]
    assert appended.json()["deal"]["totals"] == [-150, 150, 0]
    assert api.get(f"/api/matches/{match.pk}/scoresheet/").json() == sheet  # what the append kept
    cache.clear()  # the read renders the whole sheet from the database
    assert api.get(f"/api/matches/{match.pk}/scoresheet/").json() == sheet
    assert [a.json()["scoresheet"]["totals"] for a in answers] == [[-100, 50, 50], [-50, -50, 100], [0, 0, 0]]
