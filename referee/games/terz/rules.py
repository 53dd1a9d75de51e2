"""Терц's constants, house rules (``Options``) and presets."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from referee import reading
from referee.cards import Deck, Rank
from referee.ledger import _
from referee.reading import option

NAME = "terz"
# Bumped by hand whenever a stored deal would score otherwise: a cached sheet made under another
# version is replayed (scorebook.sheets).
RULES_VERSION = 1
SEATS = range(2, 3)
# Seed 000: "Загальна кількість очок 150" — 3 × 27 non-trump + 59 trump + 10 for the last trick.
# Not Belote's 162: RULES.md says keep 150.
CARD_POINTS = 150
LAST_TRICK = 10  # "Остання хабар - 10 очок"
# Seed 000: "Кількість карт в колоді: 32"; sequences run "in the natural order 7-8-9-10-J-Q-K-A"
# (RULES.md), whatever the trick-taking order of the trump suit.
SEQUENCE = (Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE)
DECK_RANKS = frozenset(SEQUENCE)
# "Кількість карт в колоді: 32" — no sixes, no twos, no jokers.
DECK = Deck(DECK_RANKS, jokers=False, outside=_("%(card)s is not in the 32-card deck (7 to ace)."))
# Seed 000, "Окуляри за комбінації": "20 очок - 3 карти однієї масті підряд (терц)", "50 очок -
# 4 карти" (п'ятдесят), "100 очок - 5 карт" … "8 карт" (сто п'ять … сто вісім).
SEQUENCES = {3: ("terz", 20), 4: ("fifty", 50), 5: ("hundred", 100), 6: ("hundred", 100),
             7: ("hundred", 100), 8: ("hundred", 100)}
# "100 очок - 4 жінки (сто дам)", "4 короля", "4 туза"; "200 очок - 4 валета (двісті валетів)".
# Four 7s, 8s, 9s or 10s are no combination (RULES.md: ``not_a_combination``).
FOURS = {Rank.QUEEN: ("four_queens", 100), Rank.KING: ("four_kings", 100), Rank.ACE: ("four_aces", 100),
         Rank.JACK: ("four_jacks", 200)}
MARRIAGE = ("marriage", 20)  # "20 очок - козирна дама і король (мар'яж)"
# What one declaration may be worth: a false one costs that much "up the mountain" (seed 000: "За
# неправдиве оголошення гравцеві записується стільки очок, скільки було в хибному оголошенні").
DECLARATION_VALUES = tuple(sorted({value for _kind, value in (*SEQUENCES.values(), *FOURS.values(), MARRIAGE)}))
# Seed 000: "Старшинство карт: в НЕ козирною масті - 7, 8, 9, В, Д, К, 10, Т; в козирною масті -
# 7, 8, Д, К, 10, Т, 9, В." — who takes a trick, lowest first.
PLAIN_ORDER = (Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.TEN, Rank.ACE)
TRUMP_ORDER = (Rank.SEVEN, Rank.EIGHT, Rank.QUEEN, Rank.KING, Rank.TEN, Rank.ACE, Rank.NINE, Rank.JACK)
# "Окуляри за карти в НЕ козирною масті: туз - 11 очок, 10 - 10 очок, король - 3 очка, дама - 2
# очка, валет - 1 очко, всі інші карти очок не мають"; "в козирною масті: валет - 20 очок, 9 - 13
# очок, туз - 11 очок, 10 - 10 очок, король - 3 очка, дама - 2 очка": 3 × 27 + 59 + 10 = 150.
PLAIN_VALUES = {Rank.ACE: 11, Rank.TEN: 10, Rank.KING: 3, Rank.QUEEN: 2, Rank.JACK: 1}
TRUMP_VALUES = {Rank.JACK: 20, Rank.NINE: 13, Rank.ACE: 11, Rank.TEN: 10, Rank.KING: 3, Rank.QUEEN: 2}
# "кожному гравцеві здається по 9 карт"; "Після кожного ходу карти добираються з талона до дев'яти".
HAND = 9
# 32 − 2 × 9 = 14 left; "Верхня карта колоди знімається і кладеться поруч з колодою": 13 face down.
TALON_MAX = 13
# "замінити її на відкритий козир, але за умови якщо в колоді не менше двох карт".
SWAP_TALON_MIN = 2
# The duties of "may I play this card?", in the order they bind (see checks.play_check).
DUTIES = ("lead", "beat", "follow_suit", "trump", "free")
KIND_TEXT = {
    "terz": _("terz"), "fifty": _("fifty"), "hundred": _("hundred"), "four_queens": _("four queens"),
    "four_kings": _("four kings"), "four_aces": _("four aces"), "four_jacks": _("four jacks"),
    "marriage": _("marriage"),
}
ROUNDINGS = ("nearest_10_five_down", "floor_10", "none")
FORFEIT_REASONS = ("out_of_turn", "extra_card")
FORFEIT_TEXT = {"out_of_turn": _("took a card out of turn"), "extra_card": _("held an extra card")}
ENTRY_TYPES = ("play", "false_declaration", "wrong_recording", "forfeit", "penalty")
# The comparison steps, in RULES.md's order: "higher value, then more cards, then the higher top
# card, then the one in trumps, then the one announced first".
STEPS = ("value", "cards", "top", "trump", "first")


@dataclass(frozen=True, slots=True)
class Options:
    """House rules; names and defaults are RULES.md's."""

    target: int = option(501, _("Points to win"), low=100, high=10_000)
    rounding: str = option("nearest_10_five_down", _("Rounding of the running total"), choices=ROUNDINGS)


PRESETS: dict[str, Options] = {"classic": Options()}
DEFAULT_PRESET = "classic"
PRESET_NOTES: dict[str, str] = {}
check_options = reading.no_option_conflicts  # no option contradicts another, or the table
dump_options = reading.dump_options


def parse_options(raw: Mapping[str, Any] | None, preset: str | None = None) -> Options:
    """The preset with *raw* overrides. :raises Rejected: unknown names, bad values."""
    return reading.parse_options(Options, PRESETS, DEFAULT_PRESET, raw, preset)

