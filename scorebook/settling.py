"""Who pays whom at the end of an evening: the fewest transfers that settle every balance.

Pure arithmetic, no Django. A balance above 0 is owed to that party, below 0 owed by it; the
balances add up to 0. The fewest transfers: every group of parties whose balances add up to 0
settles among itself with one transfer fewer than it has members, so the answer splits the
parties into as many such groups as possible (an exact search over subsets; an evening has a
handful of parties) and settles each group largest debt to largest credit.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import dataclass
from decimal import Decimal
from functools import cache
from typing import Generic, TypeVar

Party = TypeVar("Party", bound=Hashable)

# Beyond this many parties with a balance the exact search (3^n steps) is not worth it: the
# groups are then found greedily (still n − 1 transfers at most, every balance settled).
EXACT_UP_TO = 10


@dataclass(frozen=True)
class Transfer(Generic[Party]):
    payer: Party
    payee: Party
    amount: Decimal


def transfers(balances: Mapping[Party, Decimal]) -> list[Transfer[Party]]:
    """The fewest transfers after which every balance is 0, in the order of *balances*.
    :raises ValueError: the balances do not add up to 0."""
    if sum(balances.values(), Decimal(0)) != 0:
        raise ValueError("the balances do not add up to 0")
    parties = [party for party, amount in balances.items() if amount != 0]
    amounts = [Decimal(balances[party]) for party in parties]
    found: list[Transfer[Party]] = []
    for group in _zero_groups(tuple(amounts)):
        found += _settle([(parties[i], amounts[i]) for i in group])
    return found


def _zero_groups(amounts: tuple[Decimal, ...]) -> list[list[int]]:
    """The parties split into as many groups adding up to 0 as there can be (by index)."""
    n = len(amounts)
    if n == 0:
        return []
    if n > EXACT_UP_TO:
        return [list(range(n))]
    full = (1 << n) - 1
    sums = [sum((amounts[i] for i in range(n) if mask >> i & 1), Decimal(0)) for mask in range(full + 1)]

    @cache
    def best(mask: int) -> tuple[int, tuple[int, ...]]:
        """(how many zero groups, the groups as masks) for the parties in *mask* (adding up to 0)."""
        if mask == 0:
            return 0, ()
        low = mask & -mask  # the lowest party left belongs to some group: try each one holding it
        result: tuple[int, tuple[int, ...]] = (1, (mask,))
        sub = mask
        while sub:
            if sub & low and sub != mask and sums[sub] == 0:
                count, groups = best(mask ^ sub)
                if count + 1 > result[0]:
                    result = (count + 1, (sub, *groups))
            sub = (sub - 1) & mask
        return result

    groups = best(full)[1]
    best.cache_clear()
    return sorted(([i for i in range(n) if group >> i & 1] for group in groups), key=lambda g: g[0])


def _settle(group: list[tuple[Party, Decimal]]) -> list[Transfer[Party]]:
    """A group adding up to 0, settled in len(group) − 1 transfers at most: the largest debt
    goes to the largest credit until both sides are square."""
    owed = {party: amount for party, amount in group if amount > 0}
    owing = {party: -amount for party, amount in group if amount < 0}
    found: list[Transfer[Party]] = []
    while owed and owing:
        # max() keeps the first of equals: ties go in the order of the balances.
        payee = max(owed, key=lambda party: owed[party])
        payer = max(owing, key=lambda party: owing[party])
        amount = min(owed[payee], owing[payer])
        found.append(Transfer(payer, payee, amount))
        for side, party in ((owed, payee), (owing, payer)):
            side[party] -= amount
            if side[party] == 0:
                del side[party]
    return found
