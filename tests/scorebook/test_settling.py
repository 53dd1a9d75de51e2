"""Who pays whom: the fewest transfers that settle an evening's balances (scorebook/settling.py)."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorebook.evenings import EXACT_UP_TO, Transfer, transfers

D = Decimal

CASES = [
    # Nobody owes anything.
    ({}, []),
    ({"Аня": D(0), "Борис": D(0)}, []),
    # One loser, one winner.
    ({"Аня": D(-10), "Борис": D(10)}, [Transfer("Аня", "Борис", D(10))]),
    # Two losers pay the one winner (a 1000 match: 1000 − 800 and 1000 − 650 at 0.5 a point).
    ({"Аня": D(-100), "Борис": D("-175"), "Вера": D(275)},
     [Transfer("Борис", "Вера", D(175)), Transfer("Аня", "Вера", D(100))]),
    # Two pairs that settle among themselves: 2 transfers, where largest-to-largest over all
    # four would take 3 (−7 → +8, −5 → +7 …).
    ({"a": D(-7), "b": D(7), "c": D(-5), "d": D(5)},
     [Transfer("a", "b", D(7)), Transfer("c", "d", D(5))]),
    ({"a": D(-8), "b": D(-5), "c": D(5), "d": D(8)},
     [Transfer("a", "d", D(8)), Transfer("b", "c", D(5))]),
    # No zero pair: three transfers for four parties.
    ({"a": D(-6), "b": D(-4), "c": D(3), "d": D(7)},
     [Transfer("a", "d", D(6)), Transfer("b", "c", D(3)), Transfer("b", "d", D(1))]),
    # Cents.
    ({"a": D("-0.50"), "b": D("0.25"), "c": D("0.25")},
     [Transfer("a", "b", D("0.25")), Transfer("a", "c", D("0.25"))]),
]


@pytest.mark.parametrize(("balances", "expected"), CASES)
def test_worked_cases(balances, expected) -> None:
    assert transfers(balances) == expected


def test_balances_that_do_not_add_up_are_refused() -> None:
    with pytest.raises(ValueError):
        transfers({"a": D(-5), "b": D(4)})


def _fewest(balances: dict[int, Decimal]) -> int:
    """The fewest transfers, by brute force: parties minus the most zero-sum groups."""
    amounts = [a for a in balances.values() if a]

    def groups(rest: list[Decimal]) -> int:
        if not rest:
            return 0
        first, others = rest[0], rest[1:]
        best = 1
        for mask in range(1 << len(others)):
            chosen = [others[i] for i in range(len(others)) if mask >> i & 1]
            left = [others[i] for i in range(len(others)) if not mask >> i & 1]
            if left and first + sum(chosen) == 0:
                best = max(best, 1 + groups(left))
        return best

    return len(amounts) - groups(amounts) if amounts else 0


amounts = st.lists(st.integers(-50, 50).map(lambda cents: D(cents) / 4), min_size=1, max_size=7)


@given(amounts)
def test_transfers_settle_every_balance_exactly(values: list[Decimal]) -> None:
    balances = {i: v for i, v in enumerate(values)}
    balances[len(values)] = -sum(values, D(0))  # the last one makes them add up to 0
    found = transfers(balances)
    left = dict(balances)
    for transfer in found:
        assert transfer.amount > 0 and transfer.payer != transfer.payee
        left[transfer.payer] += transfer.amount
        left[transfer.payee] -= transfer.amount
    assert all(amount == 0 for amount in left.values())
    assert sum((t.amount for t in found), D(0)) == sum((v for v in balances.values() if v > 0), D(0))
    assert len(found) == _fewest(balances)


@given(st.lists(st.integers(-1000, 1000), min_size=EXACT_UP_TO + 1, max_size=EXACT_UP_TO + 4))
def test_many_parties_are_still_settled(values: list[int]) -> None:
    balances = {i: D(v) for i, v in enumerate(values)}
    balances[-1] = -sum(balances.values(), D(0))
    left = dict(balances)
    found = transfers(balances)
    for transfer in found:
        left[transfer.payer] += transfer.amount
        left[transfer.payee] -= transfer.amount
    assert all(amount == 0 for amount in left.values())
    assert len(found) <= max(len([v for v in balances.values() if v]) - 1, 0)
