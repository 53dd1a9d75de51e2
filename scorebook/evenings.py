"""An evening: the owner's matches at one table — the same people in the seats — played one
after another, and one settlement across them. A read: nothing here writes.

Which matches: the same set of recurring players (``Player``, in any seats), each match started
no more than ``EVENING_GAP`` after the last write of the evening so far. Not "the same day": a
card evening runs past midnight, and the server does not know the table's time zone. Nothing is
stored: a match made by hand with the same people joins the evening just as one made by "next
game" does, and a match a week later with the same people starts another.

The settlement adds up each match's money (its game's ``money`` hook, the referee's settlement)
per player, unit by unit — money with money, chips with chips, never one with the other — and
says who pays whom (``scorebook.settling``). What lies in a pot belongs to nobody: it is a party
of its own, paid into like a player.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta
from decimal import Decimal

from scorebook.games import game_ui
from scorebook.models import Match, Player
from scorebook.registry import CHIPS, MONEY, Money
from scorebook.selectors import current_head
from scorebook.settling import Transfer, transfers

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
    """The evening in one unit: each player's sum, the pot's, and who pays whom (a party of None
    is the pot)."""

    unit: str
    balances: list[tuple[Player, Decimal]]
    pot: Decimal
    transfers: list[Transfer[Player | None]]


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
    """*match*'s evening and its settlement."""
    played = []
    for member in evening_matches(match):
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
    parties: dict[Player | None, Decimal] = dict(balances)
    if pot:
        parties[None] = pot
    return Settlement(unit, balances, pot, transfers(parties))
