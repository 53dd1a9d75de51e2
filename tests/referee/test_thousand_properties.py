"""Тысяча: invariants of the replay (STYLE.md 2.11), over random matches of legal entries."""

from __future__ import annotations

from typing import Any

from hypothesis import assume, given
from hypothesis import strategies as st

from referee.games import thousand
from referee.ledger import Sheet, replay

OPTION_SETS = [
    {},
    {"barrel_threshold": 200, "target": 300},  # small numbers, so the barrel is reached often
    {"barrel_threshold": 200, "target": 300, "barrel_mode": "accumulate"},
    {"barrel_threshold": 200, "target": 300, "barrel_conflict": "two_may_sit", "write_off_on_barrel": True},
    {"golden_round": True, "bolts_consecutive": True, "write_off_limit": 1},
    {"barrel": False, "samosval": False, "dark_min_score": 0, "dark_raise": True, "bolt_limit": 2},
    {"defender_rounding": "nearest_10", "bolt_when": "no_tricks", "write_off": "no_loss_60_each"},
]


def split(draw: st.DrawFn, seats: int) -> list[int]:
    cuts = sorted(draw(st.lists(st.integers(0, 120), min_size=seats - 1, max_size=seats - 1)))
    return [b - a for a, b in zip([0, *cuts], [*cuts, 120], strict=True)]


@st.composite
def an_entry(draw: st.DrawFn, state: thousand.State) -> thousand.Entry:
    seats = state.seats
    kind = draw(st.sampled_from(["play"] * 6 + ["write_off", "redeal", "penalty"]))
    if kind == "redeal":
        return thousand.Redeal(draw(st.sampled_from(thousand.REDEAL_REASONS)))
    if kind == "penalty":
        return thousand.Penalty(draw(st.integers(0, seats - 1)), draw(st.integers(-30, 30)) * 5, "")
    hundred = state.on_the_hundred
    golden = bool(state.golden_circle)
    dark = not golden and kind == "play" and draw(st.integers(0, 9)) == 0
    declarer = hundred if golden or dark else draw(st.integers(0, seats - 1))
    bid = 120 if golden or dark else draw(st.integers(20, 24)) * 5
    contract = bid + draw(st.sampled_from([0, 0, 0, 10, 20]))
    if golden:
        contract = 120
    if kind == "write_off":
        return thousand.WriteOff(declarer, bid, contract)
    points = split(draw, seats)
    if draw(st.booleans()):  # give the declarer the biggest share, so that contracts are made too
        biggest = points.index(max(points))
        points[biggest], points[declarer] = points[declarer], points[biggest]
    marriages = [frozenset()] * seats
    if draw(st.booleans()):
        owner = draw(st.integers(0, seats - 1))
        marriages[owner] = frozenset(draw(st.sets(st.sampled_from("HDCS"), max_size=2)))
    return thousand.Play(declarer, bid, contract, tuple(points), tuple(marriages), None, dark)


@st.composite
def matches(draw: st.DrawFn, max_size: int = 25) -> tuple[dict[str, Any], int, list[thousand.Entry]]:
    """Options, seats and a list of entries each legal where it stands (illegal draws are skipped)."""
    overrides = draw(st.sampled_from(OPTION_SETS))
    seats = draw(st.sampled_from([2, 3]))
    state = thousand.initial_state(thousand.parse_options(overrides or None), seats, 0)
    entries: list[thousand.Entry] = []
    for _ in range(draw(st.integers(1, max_size))):
        entry = draw(an_entry(state))
        if any(v.is_error for v in thousand.validate(state, entry)):
            continue
        entries.append(entry)
        state, _outcome = thousand.apply(state, entry)
        if state.finished:
            break
    return overrides, seats, entries


def sheet(overrides: dict[str, Any], seats: int, deals: list[tuple[int, thousand.Entry]]) -> Sheet:
    return replay(thousand, thousand.parse_options(overrides or None), seats, 0, deals)


def numbered(entries: list[thousand.Entry]) -> list[tuple[int, thousand.Entry]]:
    return list(enumerate(entries, start=1))


def without_numbers(result: Sheet) -> tuple[Any, ...]:
    return tuple((row.dealer, row.kind, row.outcome, row.totals) for row in result.rows), result.state


@given(matches())
def test_the_generated_matches_are_legal(match: tuple[dict[str, Any], int, list[thousand.Entry]]) -> None:
    overrides, seats, entries = match
    result = sheet(overrides, seats, numbered(entries))
    assert result.errors == []
    assert len(result.rows) == len(entries)


@given(matches())
def test_the_same_entries_give_the_same_sheet(match: tuple[dict[str, Any], int, list[thousand.Entry]]) -> None:
    overrides, seats, entries = match
    assert sheet(overrides, seats, numbered(entries)) == sheet(overrides, seats, numbered(list(entries)))


@given(matches(), st.data())
def test_amending_a_deal_never_changes_earlier_rows(match: tuple[dict[str, Any], int, list[thousand.Entry]],
                                                    data: st.DataObject) -> None:
    overrides, seats, entries = match
    assume(entries)
    k = data.draw(st.integers(0, len(entries) - 1), label="index of the amended deal")
    before = sheet(overrides, seats, numbered(entries))
    state = thousand.initial_state(thousand.parse_options(overrides or None), seats, 0)
    for entry in entries[:k]:
        state, _outcome = thousand.apply(state, entry)
    amended = [*entries[:k], data.draw(an_entry(state), label="new entry"), *entries[k + 1:]]
    after = sheet(overrides, seats, numbered(amended))
    assert after.rows[:k] == before.rows[:k]


@given(matches(), st.data())
def test_voiding_a_deal_is_as_if_it_was_never_entered(match: tuple[dict[str, Any], int, list[thousand.Entry]],
                                                      data: st.DataObject) -> None:
    overrides, seats, entries = match
    assume(entries)
    k = data.draw(st.integers(0, len(entries) - 1), label="index of the voided deal")
    kept = [deal for deal in numbered(entries) if deal[0] != k + 1]  # the old numbers stay
    voided = sheet(overrides, seats, kept)
    never = sheet(overrides, seats, numbered([*entries[:k], *entries[k + 1:]]))
    assert without_numbers(voided) == without_numbers(never)
    assert [v.code for v in voided.violations] == [v.code for v in never.violations]
    assert [row.number for row in voided.rows] == [number for number, _e in kept][: len(voided.rows)]
    assert voided.rows[:k] == sheet(overrides, seats, numbered(entries)).rows[:k]


@given(matches())
def test_totals_are_the_previous_totals_plus_the_deltas(match: tuple[dict[str, Any], int,
                                                                       list[thousand.Entry]]) -> None:
    overrides, seats, entries = match
    result = sheet(overrides, seats, numbered(entries))
    totals = (0,) * seats
    for row in result.rows:
        assert row.totals == tuple(t + d for t, d in zip(totals, row.outcome.deltas, strict=True))
        totals = row.totals
    assert result.state.totals == totals


@given(matches())
def test_the_declarer_scores_plus_or_minus_the_contract(match: tuple[dict[str, Any], int,
                                                                       list[thousand.Entry]]) -> None:
    """RULES.md: "+contract … otherwise −contract"; "dark or golden deal: … doubled"."""
    overrides, seats, entries = match
    result = sheet(overrides, seats, numbered(entries))
    for entry, row in zip(entries, result.rows, strict=True):
        if not isinstance(entry, thousand.Play):
            continue
        marks = row.outcome.marks[entry.declarer]
        factor = 2 if entry.dark or "golden" in marks else 1
        assert entry.dark == ("dark" in marks)
        score = row.outcome.result["scores"][entry.declarer]
        made = "made" in marks
        assert made != ("failed" in marks)
        assert score == (entry.contract if made else -entry.contract) * factor


@given(matches())
def test_defenders_score_multiples_of_5(match: tuple[dict[str, Any], int, list[thousand.Entry]]) -> None:
    overrides, seats, entries = match
    step = 10 if overrides.get("defender_rounding") == "nearest_10" else 5
    result = sheet(overrides, seats, numbered(entries))
    for entry, row in zip(entries, result.rows, strict=True):
        if isinstance(entry, thousand.Play):
            scores = row.outcome.result["scores"]
            assert all(scores[s] % step == 0 for s in range(seats) if s != entry.declarer)


@given(matches())
def test_state_is_consistent(match: tuple[dict[str, Any], int, list[thousand.Entry]]) -> None:
    overrides, seats, entries = match
    options = thousand.parse_options(overrides or None)
    result = sheet(overrides, seats, numbered(entries))
    for player, total in zip(thousand.dump_state(result.state)["players"], result.state.totals, strict=True):
        assert (player["barrel_deals_left"] is None) == (not player["on_barrel"])
        assert 0 <= player["bolts"] < options.bolt_limit
        if player["on_barrel"] and options.barrel_mode == "contract":
            assert total == options.barrel_threshold  # "recorded as exactly the threshold"
        if options.samosval:
            assert total != 555


@given(matches())
def test_entries_survive_dump_and_parse(match: tuple[dict[str, Any], int, list[thousand.Entry]]) -> None:
    _overrides, seats, entries = match
    for entry in entries:
        assert thousand.parse_entry(thousand.dump_entry(entry), seats) == entry


@given(conflict=st.sampled_from(["first_falls", "two_may_sit", "none_fall"]),
       before=st.integers(140, 175).map(lambda n: n * 5),  # seat 1 starts at 700–875
       contract=st.sampled_from([125, 130, 140, 150, 160]), data=st.data())
def test_a_finisher_wins_whoever_mounts_in_the_same_deal(conflict: str, before: int, contract: int,
                                                         data: st.DataObject) -> None:
    """RULES.md: "a player who wins from the barrel has left it, and nothing that happens to the barrel
    afterwards in that deal touches him". Seat 0 sits on the barrel (880), declares ♥ (100) and takes
    enough to make the contract; seat 1 defends from *before* and may mount in that very deal."""
    need = contract - 100
    taken = data.draw(st.integers(need, 120), label="seat 0's card points")
    defence = data.draw(st.integers(0, 120 - taken), label="seat 1's card points")
    entries = [thousand.Penalty(0, 880, ""), thousand.Penalty(1, before, ""),
               thousand.Play(0, contract, contract, (taken, defence, 120 - taken - defence),
                             (frozenset("H"), frozenset(), frozenset()))]
    result = sheet({"barrel_conflict": conflict}, 3, numbered(entries))
    assert result.errors == []
    assert result.state.winner == 0
    assert result.state.totals[0] == 880 + contract
    assert "barrel_fall" not in result.rows[-1].outcome.marks[0]
    rounded = (defence + 2) // 5 * 5  # to the nearest 5: remainder 1–2 down, 3–4 up
    mounted = before + rounded >= 880
    assert thousand.dump_state(result.state)["players"][1]["on_barrel"] == mounted
    assert result.state.totals[1] == (880 if mounted else before + rounded)
