"""Tong Its' constants, house rules (``Options``), presets, and the cards of its deck."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from referee import reading
from referee.cards import Deck, Rank
from referee.ledger import _
from referee.reading import option

NAME = "tongits"
# Bumped by hand whenever a stored deal would score otherwise: a cached sheet made under another
# version is replayed (scorebook.sheets).
RULES_VERSION = 1
# Seed 002: "Грають в гру 3 гравця", "Кількість карт в колоді: 52".
SEATS = range(3, 4)
HAND_LIMIT = 13  # seed 002: the dealer is dealt 13, the others 12; a draw is always followed by a discard
MELD_MIN = 3  # seed 002: "Набір карт складається з 3-х або 4-х карт"; a run has 3 or more (RULES.md)
# Seed 002: "Старшинство карт: Т, 2, 3, 4, 5, 6, 7, 8, 9, 10, В, Д, К" — the ace is low; a run
# follows this order and does not turn the corner (RULES.md: A-2-3 yes, Q-K-A no).
ORDER = (Rank.ACE, Rank.TWO, Rank.THREE, Rank.FOUR, Rank.FIVE, Rank.SIX, Rank.SEVEN, Rank.EIGHT,
         Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING)
# Seed 002: "король - 10 очок, дама - 10 очок, валет - 10 очок, туз - 1 очко, всі інші карти за
# своїм значенням".
VALUES = {rank: min(ORDER.index(rank) + 1, 10) for rank in ORDER}
# Seed 002: "Кількість карт в колоді: 52" — every rank, no jokers.
DECK = Deck(frozenset(ORDER), jokers=False, outside=_("%(card)s: Tong Its is played without jokers."),
            twice=_("%(card)s is already listed at %(other)s."))
ENDINGS = ("stock_out", "tongit", "draw")
ENTRY_TYPES = ("play", "result", "penalty")
# What a quick entry may say: a count of unmelded cards is at most 13 cards of 10 each; a winner
# holds at most the 4 aces of the deck, and at most 4 fours — four sets of three among his 13
# cards, each made a four by a card another player laid off.
COUNT_LIMIT = HAND_LIMIT * 10
WINNER_ACES_LIMIT = 4
WINNER_FOURS_LIMIT = 4
ENDING_TEXT = {"stock_out": _("the stock ran out"), "tongit": _("tongit"), "draw": _("a draw was called")}


@dataclass(frozen=True, slots=True)
class Options:
    """House rules; names and defaults are RULES.md's (seed 002, "Підрахунок очок")."""

    ante: int = option(2, _("Ante into the pot every hand"), low=0, high=1000)
    pay_win: int = option(1, _("Paid for a win"), low=0, high=1000)
    pay_tongit: int = option(3, _("Paid for a tongit"), low=0, high=1000)
    pay_draw: int = option(3, _("Paid for a win by a draw call"), low=0, high=1000)
    pay_per_ace: int = option(1, _("Paid for each ace the winner holds"), low=0, high=1000)
    pay_per_four: int = option(3, _("Paid for each four of a kind the winner holds"), low=0, high=1000)
    pay_burned: int = option(1, _("Paid more by a burned player"), low=0, high=1000)
    # Seed 002: "Гравець, який не відчинив карти для заперечування нічиї повинен заплатити виграв
    # гравцеві додатковий штраф" — an amount the seed does not name: 0 unless the table sets one.
    pay_fold: int = option(0, _("Paid more by a player who folded a fought draw"), low=0, high=1000)
    pot_streak: int = option(2, _("Wins in a row that take the pot"), low=1, high=100)
    runs: bool = option(True, _("Runs in one suit are melds"))
    chip_value: int | float | str | None = option(None, _("Money per chip"), nullable=True, kind="money")


PRESETS: dict[str, Options] = {
    "classic": Options(),
    # Seed 002, "Примітка": "платять по 2 фішки замість 3 за набір і по 4 фішки за Tongit і по 4
    # фішки за перемогу при оголошенні нічиї".
    "two_four_four": Options(pay_per_four=2, pay_tongit=4, pay_draw=4),
}
DEFAULT_PRESET = "classic"
PRESET_NOTES: dict[str, str] = {}
check_options = reading.no_option_conflicts  # no option contradicts another, or the table
dump_options = reading.dump_options


def parse_options(raw: Mapping[str, Any] | None, preset: str | None = None) -> Options:
    """The preset with *raw* overrides. :raises Rejected: unknown names, bad values."""
    return reading.parse_options(Options, PRESETS, DEFAULT_PRESET, raw, preset)

