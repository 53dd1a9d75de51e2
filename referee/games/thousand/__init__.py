"""Тысяча (1000) for 2–4 players, as read in seed 001 and RULES.md ("thousand").

A deal is one of four entries: a played deal (``Play``), a write-off (``WriteOff``, расписать),
a redeal and a generic penalty. ``validate`` finds every problem with an entry at a point of the
match; ``apply`` scores it in the order RULES.md fixes: deal scores → bolt penalty → barrel
(mount, cap, attempts, falls, conflicts, reset to 0) → samosval → winner.

The game is one package, read in this order: ``rules`` (constants, options, presets),
``entries``, ``state``, ``validation``, ``scoring``, ``checks`` (the referee's questions).
"""

from __future__ import annotations

from referee.games.thousand.checks import (
    BidCheck,
    MarriageCheck,
    bid_check,
    card_points,
    highest_bid,
    marriage_check,
    marriages_in,
    read_cards,
)
from referee.games.thousand.entries import (
    Entry,
    Play,
    Redeal,
    WriteOff,
    dump_entry,
    parse_entry,
)
from referee.games.thousand.results import (
    EVENT_KINDS,
    RESULTS,
    Event,
    PlayResult,
    RowResult,
    WriteOffResult,
)
from referee.games.thousand.rules import (
    ACE,
    CARD_POINTS,
    CARD_VALUES,
    DECK,
    DEFAULT_PRESET,
    ENTRY_TYPES,
    MARRIAGE_SUITS,
    NAME,
    PRESET_NOTES,
    PRESETS,
    RANKS,
    REDEAL_REASONS,
    RULES_VERSION,
    SEATS,
    TALON_MAX,
    TRICKS,
    WRITE_OFF_MODES,
    Options,
    check_options,
    dump_options,
    parse_options,
    suit_param,
)
from referee.games.thousand.scoring import (
    REDEAL_TEXT,
    apply,
    half_of,
    round_defender,
)
from referee.games.thousand.state import (
    PlayerState,
    State,
    dump_state,
    initial_state,
    load_state,
    settlement,
)
from referee.games.thousand.validation import validate
from referee.penalty import Penalty

# The game's public names: the contract of ``referee.ledger.Game`` and the helpers the edge and
# the tests use, by the module each comes from (``Penalty`` is ``referee.penalty``'s, one for
# every game, and one of this game's entries).
__all__ = [
    # checks
    "BidCheck", "MarriageCheck", "bid_check", "card_points", "highest_bid", "marriage_check", "marriages_in",
    "read_cards",
    # entries
    "Entry", "Penalty", "Play", "Redeal", "WriteOff", "dump_entry", "parse_entry",
    # results
    "EVENT_KINDS", "RESULTS", "Event", "PlayResult", "RowResult", "WriteOffResult",
    # rules
    "ACE", "CARD_POINTS", "CARD_VALUES", "DECK", "DEFAULT_PRESET", "ENTRY_TYPES", "MARRIAGE_SUITS", "NAME",
    "PRESET_NOTES", "PRESETS", "RANKS", "REDEAL_REASONS", "RULES_VERSION", "SEATS", "TALON_MAX", "TRICKS",
    "WRITE_OFF_MODES", "Options", "check_options", "dump_options", "parse_options", "suit_param",
    # scoring
    "REDEAL_TEXT", "apply", "half_of", "round_defender",
    # state
    "PlayerState", "State", "dump_state", "initial_state", "load_state", "settlement",
    # validation
    "validate",
]
