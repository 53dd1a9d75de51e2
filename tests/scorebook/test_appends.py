"""A deal appended is folded onto the state the cached sheet keeps after the last deal: for every
game, over random matches, that gives exactly the sheet, the warnings and the refusals the replay
of the whole match gives (the replay is forced on a twin match by a cache made by other rules)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.games import GAMES, thousand
from referee.ledger import Rejected
from scorebook import selectors, services
from scorebook.models import Match
from tests.referee.test_snapshots import ENTRIES, OPTIONS
from tests.scorebook.conftest import penalty, play

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
            assert folded.sheet == selectors.replay_deals(folded, deals).neutral

    appends()


def test_the_appended_row_and_the_totals_are_the_replays(match: Match) -> None:
    # 1000, seat 0 deals: seat 1 bids 100 and takes 67 (failed: −100), seat 0 takes 45, seat 2 8 →
    # 45 rounds to 45, 8 to 10 (classic rounding to 5): [45, −100, 10]; then a −20 penalty on seat 2.
    services.deal_record(match=match, entry=play(1, 100, points=(45, 67, 8)))
    services.deal_record(match=match, entry=penalty(2, -20, "revoke"))
    match.refresh_from_db()
    assert [row["number"] for row in match.sheet["rows"]] == [1, 2]
    assert match.sheet["last_deal"] == 2
    assert match.sheet == selectors.replay_deals(match, list(match.deals.order_by("number"))).neutral
