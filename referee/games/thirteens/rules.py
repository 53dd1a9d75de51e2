"""По тринадцати's constants, house rules (``Options``) and presets."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from referee import reading
from referee.cards import Deck, Rank, Suit
from referee.ledger import Violation, _, error
from referee.reading import option

NAME = "thirteens"
# Bumped by hand whenever a stored deal would score otherwise: a cached sheet made under another
# version is replayed (scorebook.sheets).
RULES_VERSION = 1
# Seed 004: "Сколько игроков 3-6".
SEATS = range(3, 7)
# Seed 004: "Карт в колоде 52 и 2 Джокера".
DECK_SIZE = 54
# Seed 004: "каждому игроку сдается равное количество карт, оставшиеся карты кладутся на центр стола
# в закрытом виде, затем одна из этих карт открывается" — equal hands and at least one card left
# to turn for trumps: at most ⌊53 / players⌋ each (17, 13, 10, 8 for 3–6 players), RULES.md's default.
DEALABLE = DECK_SIZE - 1
DECK = Deck(frozenset(Rank), jokers=True)  # every card there is, both jokers too
# Seed 004: "Ранжирование карт 2, 3, 4, 5, 6, 7, 8, 9, 10, В, Д, К, Т" — the ace is high only,
# so Q-K-A is a run and A-2-3 is not. The Rank enum is declared in this order.
RANK_ORDER = {rank: index for index, rank in enumerate(Rank)}
SUIT_ORDER = {suit: index for index, suit in enumerate(Suit)}
_FACE = {Rank.TWO: 2, Rank.THREE: 3, Rank.FOUR: 4, Rank.FIVE: 5, Rank.SIX: 6, Rank.SEVEN: 7,
         Rank.EIGHT: 8, Rank.NINE: 9, Rank.TEN: 10, Rank.ACE: 1}
# Seed 004: "Туз — 1 очко, Король — 4 очка, Дама — 3 очка, Валет — 2 очко, все остальные карты по
# своему значению" (``pip_values: "seed"``); pagat.com counts J 11, Q 12, K 13 (``"pagat"``).
PIP_VALUES = {
    "seed": _FACE | {Rank.JACK: 2, Rank.QUEEN: 3, Rank.KING: 4},
    "pagat": _FACE | {Rank.JACK: 11, Rank.QUEEN: 12, Rank.KING: 13},
}
THIRTEEN = 13
PIP_CHOICES = ("seed", "pagat")
TRICK_POINT_RULES = ("no_meld", "every_trick")
MELD_KINDS = ("thirteen", "pair", "run")
ENTRY_TYPES = ("play", "penalty")
POINTS_LIMIT = 10_000  # a hand-counted deal score beyond this is a typo


@dataclass(frozen=True, slots=True)
class Options:
    """House rules; names and defaults are RULES.md's."""

    target: int = option(50, _("Points to win"), low=1, high=10_000)
    pip_values: str = option("seed", _("Card values for a thirteen"), choices=PIP_CHOICES)
    thirteen_points: int = option(3, _("Points for a thirteen"), low=0, high=100)
    pair_points: int = option(1, _("Points for a pair"), low=0, high=100)
    run_points: int = option(1, _("Points for a run of three"), low=0, high=100)
    trick_points: int = option(1, _("Points for a trick"), low=0, high=100)
    trick_point_rule: str = option("no_meld", _("A trick scores its point"), choices=TRICK_POINT_RULES)
    joker_points: int = option(-4, _("Points for each joker taken"), low=-100, high=100)
    no_trick_points: int = option(-3, _("Points for taking no trick"), low=-100, high=100)
    cards_each: int | None = option(None, _("Cards dealt to each player (empty: as many as the deck allows)"),
                                    low=1, high=DEALABLE // SEATS.start, nullable=True)

    def meld_points(self, kind: str) -> int:
        return {"thirteen": self.thirteen_points, "pair": self.pair_points, "run": self.run_points}[kind]


PRESETS: dict[str, Options] = {"classic": Options(), "pagat": Options(pip_values="pagat")}
DEFAULT_PRESET = "classic"
PRESET_NOTES: dict[str, str] = {}


def cards_dealt(options: Options, seats: int) -> int:
    """How many cards each player is dealt, so how many tricks a deal has: ``cards_each``, or
    ⌊53 / players⌋ when it is empty."""
    return options.cards_each if options.cards_each is not None else DEALABLE // seats


def check_options(options: Options, seats: int) -> list[Violation]:
    """Options that do not fit the number of players, refused when the match is created."""
    if options.cards_each is not None and options.cards_each > DEALABLE // seats:
        # Seed 004: a card must be left "на центр стола" to turn for trumps.
        return [error("bad_option_value", _("%(seats)s players can be dealt %(most)s cards each at most: one card "
                                            "of the 54 must be left to turn for trumps."), "options.cards_each",
                      seats=seats, most=DEALABLE // seats)]
    return []


def parse_options(raw: Mapping[str, Any] | None, preset: str | None = None) -> Options:
    """The preset with *raw* overrides. :raises Rejected: unknown names, bad values."""
    return reading.parse_options(Options, PRESETS, DEFAULT_PRESET, raw, preset)


dump_options = reading.dump_options
