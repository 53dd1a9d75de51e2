"""Терц (Terz) for 2 players, as read in seed 000 and RULES.md ("terz").

A deal is one of five entries: a played deal (``Play``: card points and the declarations in
the order announced), the seed's three penalties (``FalseDeclaration`` "up the mountain",
``WrongRecording`` moved to the opponent, ``Forfeit``) and the generic ``Penalty``.
``apply`` scores a play in RULES.md's order: card points → declarations (only the holder of the
best combination scores his; the marriage always scores) → the running total, rounded
(``rounding``) → the winner (total − mountain ≥ ``target``).

The game is one package, read in this order: ``rules`` (constants, options, presets),
``entries``, ``state``, ``validation``, ``scoring``, ``checks`` (the referee's questions:
``classify``, ``compare``, ``trick_check``, ``play_check``, ``trump_seven_check``, ``points_check``).
"""

from __future__ import annotations

from referee.games.terz.checks import (
    Comparison,
    Declared,
    PlayCheck,
    PointsCheck,
    SevenCheck,
    TrickCheck,
    beats,
    card_points,
    card_value,
    check_declarations,
    classify,
    compare,
    play_check,
    points_check,
    read_cards,
    strength,
    trick_check,
    trump_seven_check,
)
from referee.games.terz.entries import (
    Declaration,
    Entry,
    FalseDeclaration,
    Forfeit,
    Play,
    WrongRecording,
    dump_entry,
    parse_entry,
)
from referee.games.terz.results import (
    RESULTS,
    FalseDeclarationResult,
    ForfeitResult,
    PenaltyResult,
    PlayResult,
    WrongRecordingResult,
)
from referee.games.terz.rules import (
    CARD_POINTS,
    DECK,
    DECK_RANKS,
    DECLARATION_VALUES,
    DEFAULT_PRESET,
    DUTIES,
    ENTRY_TYPES,
    FORFEIT_REASONS,
    FORFEIT_TEXT,
    FOURS,
    HAND,
    KIND_TEXT,
    LAST_TRICK,
    MARRIAGE,
    NAME,
    PLAIN_ORDER,
    PLAIN_VALUES,
    PRESET_NOTES,
    PRESETS,
    ROUNDINGS,
    RULES_VERSION,
    SEATS,
    SEQUENCE,
    SEQUENCES,
    STEPS,
    SWAP_TALON_MIN,
    TALON_MAX,
    TRUMP_ORDER,
    TRUMP_VALUES,
    Options,
    check_options,
    dump_options,
    parse_options,
)
from referee.games.terz.scoring import (
    apply,
    round_total,
)
from referee.games.terz.state import (
    State,
    dump_state,
    initial_state,
    load_state,
)
from referee.games.terz.validation import validate
from referee.penalty import Penalty

# The game's public names: the contract of ``referee.ledger.Game`` and the helpers the edge and
# the tests use, by the module each comes from (``Penalty`` is ``referee.penalty``'s, one for
# every game, and one of this game's entries).
__all__ = [
    # checks
    "Comparison", "Declared", "PlayCheck", "PointsCheck", "SevenCheck", "TrickCheck", "beats", "card_points",
    "card_value", "check_declarations", "classify", "compare", "play_check", "points_check", "read_cards",
    "strength", "trick_check", "trump_seven_check",
    # entries
    "Declaration", "Entry", "FalseDeclaration", "Forfeit", "Penalty", "Play", "WrongRecording", "dump_entry",
    "parse_entry",
    # results
    "RESULTS", "FalseDeclarationResult", "ForfeitResult", "PenaltyResult", "PlayResult", "WrongRecordingResult",
    # rules
    "CARD_POINTS", "DECK", "DECK_RANKS", "DECLARATION_VALUES", "DEFAULT_PRESET", "DUTIES", "ENTRY_TYPES",
    "FORFEIT_REASONS", "FORFEIT_TEXT", "FOURS", "HAND", "KIND_TEXT", "LAST_TRICK", "MARRIAGE", "NAME",
    "PLAIN_ORDER", "PLAIN_VALUES", "PRESET_NOTES", "PRESETS", "ROUNDINGS", "RULES_VERSION", "SEATS", "SEQUENCE",
    "SEQUENCES", "STEPS", "SWAP_TALON_MIN", "TALON_MAX", "TRUMP_ORDER", "TRUMP_VALUES", "Options", "check_options",
    "dump_options", "parse_options",
    # scoring
    "apply", "round_total",
    # state
    "State", "dump_state", "initial_state", "load_state",
    # validation
    "validate",
]
