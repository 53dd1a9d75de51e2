"""Тысяча's constants, house rules (``Options``), presets and contradicting options."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from referee import reading
from referee.cards import Deck, Rank, Suit
from referee.ledger import Violation, _, error
from referee.reading import option

NAME = "thousand"
# Bumped by hand whenever a stored deal would score otherwise: a cached sheet made under another
# version is replayed (scorebook.sheets).
RULES_VERSION = 1
SEATS = range(2, 5)
CARD_POINTS = 120  # 24 cards: A 11, 10 10, K 4, Q 3, J 2, 9 0 in each suit
CARD_VALUES = {Rank.ACE: 11, Rank.TEN: 10, Rank.KING: 4, Rank.QUEEN: 3, Rank.JACK: 2, Rank.NINE: 0}
# Seed 001: "В игре участвует сокращенная колода из 24 карт, от девятки до туза" — its ranks low to high.
RANKS = (Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE)
DECK = Deck(frozenset(RANKS), jokers=False, outside=_("%(card)s is not in the 24-card deck (9 to ace)."))
TRICKS = {2: 12, 3: 8, 4: 8}  # tricks in a deal; RULES.md: "with 2 players tricks, when given, add up to 12"
TALON_MAX = 33  # three aces: the most the 4-player talon (3 cards) can hold
ACE = "A"  # the ace "marriage" (four aces) where ace_marriage is on
MARRIAGE_SUITS = ("H", "D", "C", "S")
WRITE_OFF_MODES = ("minus_contract_half_each", "no_loss_60_each", "minus_contract_60_each",
                   "no_loss_half_each", "off")
REDEAL_REASONS = ("four_aces", "three_nines", "weak_hand", "weak_talon", "exposed_card", "other")
ENTRY_TYPES = ("play", "write_off", "redeal", "penalty")


@dataclass(frozen=True, slots=True)
class Options:
    """House rules; names and defaults are RULES.md's."""

    target: int = option(1000, _("Points to win"), low=100, high=10_000)
    bid_step: int = option(5, _("Bidding step"), choices=(5, 10))
    marriage_values: tuple[tuple[str, int], ...] = option(
        (("H", 100), ("D", 80), ("C", 60), ("S", 40)), _("Marriage values"), kind="suit_values")
    ace_marriage: bool = option(False, _("Four aces count as a marriage worth 200"))
    defender_rounding: str = option("nearest_5", _("Defenders' rounding"),
                                    choices=("nearest_5", "nearest_10", "none"))
    bolt_when: str = option("zero_score", _("A bolt is drawn for"), choices=("zero_score", "no_tricks"))
    bolt_limit: int = option(3, _("Bolts that cost a penalty"), low=1, high=100)
    bolt_penalty: int = option(120, _("Penalty for the bolts"), low=0, high=10_000)
    bolts_consecutive: bool = option(False, _("Only bolts in a row count"))
    barrel: bool = option(True, _("Barrel"))
    barrel_mode: str = option("contract", _("On the barrel"), choices=("contract", "accumulate"))
    barrel_threshold: int = option(880, _("Barrel at"), low=100, high=10_000)
    barrel_deals: int = option(3, _("Deals on the barrel"), low=1, high=100)
    barrel_fall_penalty: int = option(120, _("Falling off the barrel costs"), low=0, high=10_000)
    barrel_finish_min_contract: int = option(125, _("Smallest contract that finishes from the barrel"),
                                             low=100, high=1000)
    barrel_jump: bool = option(False, _("A player may win without sitting on the barrel"))
    barrel_conflict: str = option("first_falls", _("When a second player mounts the barrel"),
                                  choices=("first_falls", "two_may_sit", "none_fall"))
    barrels_to_zero: int = option(3, _("Barrels used before the total drops to 0"), low=1, high=100)
    barrel_obligatory: bool = option(True, _("Last deal of the third barrel is obligatory"))
    samosval: bool = option(True, _("Samosval: 555 drops to 0"))
    samosval_negative: bool = option(False, _("−555 rises to 0"))
    write_off: str = option("minus_contract_half_each", _("Write-off"), choices=WRITE_OFF_MODES)
    write_off_limit: int | None = option(None, _("Write-offs per player"), low=0, high=1000,
                                         nullable=True)
    write_off_on_barrel: bool = option(False, _("Write-off allowed while someone is on the barrel"))
    dark: bool = option(True, _("Dark game (тёмная)"))
    dark_min_score: int = option(240, _("Dark allowed from"), low=-10_000, high=10_000)
    dark_raise: bool = option(False, _("Dark contract may be raised above 120"))
    golden_round: bool = option(False, _("Golden round"))
    golden_round_max_circles: int = option(3, _("Golden circles at most"), low=1, high=10)
    redeal_limit: int = option(3, _("Redeals in a row that cost the dealer"), low=1, high=100)
    redeal_penalty: int = option(120, _("Penalty for the redeals"), low=0, high=10_000)
    bid_ban_below: int | None = option(-120, _("No bidding over 100 below"), low=-10_000, high=10_000,
                                       nullable=True)
    stake_per_point: Any = option(None, _("Money per point"), nullable=True, kind="money")

    def marriage_value(self, suit: str) -> int:
        if suit == ACE:
            return 200
        return dict(self.marriage_values)[suit]


PRESETS: dict[str, Options] = {
    "classic": Options(),
    "strict": Options(bolts_consecutive=True, write_off_limit=1, golden_round=True),
    "simple": Options(barrel=False, samosval=False, dark=False, bolt_penalty=0),
    # Seed 001, first section ("Бочка и ряд других дополнений"): the golden round is "еще одно
    # почти обязательное правило"; everything else as classic.
    "golden_round": Options(golden_round=True),
    # Seed 001, the sections that write off "один раз за игру": "Ему списывают 120 очков, а
    # соперники также получают по 60 очков"; "Три болта подряд приводят к списыванию 120 очков".
    "write_off_once_60": Options(write_off="minus_contract_60_each", write_off_limit=1, bolts_consecutive=True),
    # Seed 001, "Ну вот мы и на бочке": card points counted exactly on the barrel, "993 округляется
    # до 990 и вычитается 120"; "набрал 555 очков в плюсе или в минусе, то его запись обнуляется".
    "barrel_accumulate": Options(barrel_mode="accumulate", samosval_negative=True),
    # Seed 001: "По некоторым данным разведки правилам садятся на бочку при наборе 900 очков".
    "barrel_900": Options(barrel_threshold=900),
    # Seed 001: "альтернативную систему, при которой максимальным является трефовый марьяж, а самый
    # нижний – бубовый" (the two middle values are the usual ones swapped).
    "clubs_high": Options(marriage_values=(("H", 60), ("D", 40), ("C", 100), ("S", 80))),
}
DEFAULT_PRESET = "classic"
PRESET_NOTES = {
    "classic": _("The usual rules: barrel at 880, three deals, bolts over the whole match, dark from 240."),
    "strict": _("Only bolts in a row count, one write-off per player, the golden round is played."),
    "simple": _("No barrel, no samosval, no dark, bolts cost nothing."),
    "golden_round": _("Classic with the golden round: the first circle is played for 120 blind, doubled."),
    "write_off_once_60": _("A write-off costs the contract and gives each opponent 60, once per player; "
                           "only bolts in a row count."),
    "barrel_accumulate": _("On the barrel card points are added exactly; falling floors to tens and costs "
                           "120 (993 → 870); −555 also drops to 0."),
    "barrel_900": _("The barrel is at 900."),
    "clubs_high": _("Marriages: ♣ 100, ♠ 80, ♥ 60, ♦ 40."),
}


def check_options(options: Options, seats: int) -> list[Violation]:
    """House rules that contradict each other, refused when the match is created."""
    found: list[Violation] = []

    def conflict(message: str, where: str, **params: Any) -> None:
        found.append(error("options_conflict", message, f"options.{where}", **params))

    if options.barrel and options.barrel_threshold >= options.target:
        conflict(_("The barrel (%(threshold)s) must be below the target (%(target)s)."), "barrel_threshold",
                 threshold=options.barrel_threshold, target=options.target)
    if options.samosval_negative and not options.samosval:
        conflict(_("−555 to 0 is part of the samosval rule, which is off."), "samosval_negative")
    if options.dark_raise and not options.dark:
        conflict(_("A raised dark contract needs the dark game, which is off."), "dark_raise")
    if options.write_off == "off" and (options.write_off_limit is not None or options.write_off_on_barrel):
        conflict(_("Write-offs are off: their limit and barrel rule mean nothing."), "write_off")
    if options.barrel and options.barrel_fall_penalty > options.barrel_threshold:
        conflict(_("Falling off the barrel cannot cost more than the barrel itself."), "barrel_fall_penalty")
    return found


def parse_options(raw: Mapping[str, Any] | None, preset: str | None = None) -> Options:
    """The preset with *raw* overrides. :raises Rejected: unknown names, bad values."""
    return reading.parse_options(Options, PRESETS, DEFAULT_PRESET, raw, preset)


dump_options = reading.dump_options


def suit_param(suit: str) -> Any:
    """A marriage's suit for a message: the suit itself (shown as its symbol), or "A" for the aces."""
    return Suit(suit) if suit != ACE else "A"
