"""An evening: the owner's matches at one table — the same people in the seats — played one
after another, and one settlement across them. A read: nothing here writes.

Which matches: the same set of recurring players (``Player``, in any seats), each match started
no more than ``EVENING_GAP`` after the last write of the evening so far. Not "the same day": a
card evening runs past midnight, and the server does not know the table's time zone. Nothing is
stored: a match made by hand with the same people joins the evening just as one made by "next
game" does, and a match a week later with the same people starts another.

The settlement adds up each match's money (its game's ``money`` hook, the referee's settlement)
per player, unit by unit — money with money, chips with chips, never one with the other — and
says who pays whom (``transfers``, below: pure arithmetic). What lies in a pot was paid into it by
every player: each player's share of it is shown (equal shares), and the players settle the rest
among themselves.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import dataclass
from datetime import timedelta
from decimal import Decimal
from functools import cache
from typing import Generic, TypeVar

from scorebook.games import game_ui
from scorebook.games.registry import CHIPS, MONEY, Money
from scorebook.models import Deal, Match, Player
from scorebook.selectors import current_head

# A longer break between two games at the same table ends the evening.
EVENING_GAP = timedelta(hours=3)
# How far around a match the evening is looked for: an evening is shorter than a day.
LOOK_AROUND = timedelta(days=1)
UNITS = (MONEY, CHIPS)


@dataclass(frozen=True)
class EveningMatch:
    """One match of the evening and what it is worth to each player (by ``Player.pk``): nothing
    when its game or its options have no money, or it has no result yet."""

    match: Match
    money: Money | None
    amounts: dict[int, Decimal]


@dataclass(frozen=True)
class Settlement:
    """The evening in one unit: each player's sum, the pot's, each player's share of the pot (what
    he puts in: everyone paid into it), and who pays whom among the players once the pot is paid."""

    unit: str
    balances: list[tuple[Player, Decimal]]
    pot: Decimal
    pot_shares: list[tuple[Player, Decimal]]
    transfers: list[Transfer[Player]]


@dataclass(frozen=True)
class Evening:
    matches: list[EveningMatch]  # the first one first
    players: list[Player]  # in the seats of the first match
    settlements: list[Settlement]  # one per unit the matches were played in

    @property
    def first(self) -> Match:
        return self.matches[0].match

    @property
    def last(self) -> Match:
        return self.matches[-1].match


def _people(match: Match) -> frozenset[int]:
    return frozenset(seat.player_id for seat in match.seats.all())


def evening_matches(match: Match) -> list[Match]:
    """The matches of *match*'s evening, the first one first (*match* alone when it has no seats)."""
    people = _people(match)
    if not people:
        return [match]
    nearby = (Match.objects.filter(owner_id=match.owner_id, created_at__gte=match.created_at - LOOK_AROUND,
                                   created_at__lte=match.created_at + LOOK_AROUND)
              .prefetch_related("seats__player").order_by("created_at", "id"))
    evenings: list[list[Match]] = [[]]
    last_write = None
    for other in nearby:
        if _people(other) != people:
            continue
        if last_write is not None and other.created_at - last_write > EVENING_GAP:
            evenings.append([])
            last_write = None
        evenings[-1].append(other)
        last_write = max(last_write or other.updated_at, other.updated_at)
    return next(evening for evening in evenings if any(other.pk == match.pk for other in evening))


def evening_of(match: Match) -> Evening:
    """*match*'s evening and its settlement: its matches that have a deal (an empty one — a "next
    game" never played — is left out, but for *match* itself, the one the evening is looked at from)."""
    matches = evening_matches(match)
    with_deals = set(Deal.objects.filter(match__in=matches).values_list("match_id", flat=True).distinct())
    played = []
    for member in (other for other in matches if other.pk in with_deals or other.pk == match.pk):
        money = game_ui(member.game).money(current_head(member))
        seats = {seat.index: seat.player_id for seat in member.seats.all()}
        amounts = {} if money is None else {seats[i]: amount for i, amount in enumerate(money.seats) if i in seats}
        played.append(EveningMatch(member, money, amounts))
    players = [seat.player for seat in sorted(played[0].match.seats.all(), key=lambda seat: seat.index)]
    return Evening(played, players, [settlement for unit in UNITS
                                     if (settlement := _settle(unit, played, players)) is not None])


def _settle(unit: str, played: list[EveningMatch], players: list[Player]) -> Settlement | None:
    counted = [one for one in played if one.money is not None and one.money.unit == unit]
    if not counted or not players:
        return None
    balances = [(player, sum((one.amounts.get(player.pk, Decimal(0)) for one in counted), Decimal(0)))
                for player in players]
    pot = sum((one.money.pot for one in counted if one.money is not None), Decimal(0))
    # What lies in the pot was paid in by every player: each puts in his share of it, and the
    # players settle what is left among themselves (their balances and their shares add up to 0).
    shares = list(zip(players, pot_shares(pot, len(players)), strict=True))
    parties = {player: total + share for (player, total), (_player, share) in zip(balances, shares, strict=True)}
    return Settlement(unit, balances, pot, [(player, share) for player, share in shares if share], transfers(parties))


def pot_shares(pot: Decimal, players: int) -> list[Decimal]:
    """*pot* in *players* equal shares, in its own smallest unit (21 → 7, 7, 7; 2.5 → 0.9, 0.8,
    0.8): the odd units go one each to the first players in seat order, so the shares add up to it."""
    quantum = Decimal(1).scaleb(min(int(pot.as_tuple().exponent), 0))
    base, odd = divmod(int(pot / quantum), players)
    return [(base + (1 if seat < odd else 0)) * quantum for seat in range(players)]


# ---------------------------------------------------------------- who pays whom
#
# The fewest transfers that settle every balance. Pure arithmetic. A balance above 0 is owed to
# that party, below 0 owed by it; the balances add up to 0. Every group of parties whose balances
# add up to 0 settles among itself with one transfer fewer than it has members, so the answer
# splits the parties into as many such groups as possible (an exact search over subsets; an
# evening has a handful of parties) and settles each group largest debt to largest credit.

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
        found += _settle_group([(parties[i], amounts[i]) for i in group])
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


def _settle_group(group: list[tuple[Party, Decimal]]) -> list[Transfer[Party]]:
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
