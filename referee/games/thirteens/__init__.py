"""По тринадцати (Thirteens) for 3–6 players, as read in seed 004 and RULES.md ("thirteens").

A deal is a played deal (``Play``: each seat's tricks as card lists, or each seat's points when
the table counted by hand) or the generic ``Penalty``. ``apply`` scores every trick on its own
(the best partition of its cards into thirteens, pairs and runs; the trick point; jokers), then
the seat that took no trick, then the winner (first to ``target``; several → the highest; a tie
plays on). The dealer passes to the next seat after each play.

Referee checks: ``score_trick`` gives the best score of one trick with the melds chosen;
``trick_winner`` says which card takes a trick.

The game is one package, read in this order: ``rules`` (constants, options, presets),
``entries``, ``state``, ``validation``, ``scoring``, ``checks`` (the referee's questions).
"""

from __future__ import annotations

from referee.games.thirteens.checks import (
    TRICK_SIZES,
    Meld,
    TrickScore,
    TrickWin,
    cards_text,
    read_trick,
    score_trick,
    trick_lines,
    trick_winner,
    winner_check,
)
from referee.games.thirteens.entries import (
    AnyCard,
    Entry,
    Play,
    Trick,
    dump_entry,
    parse_entry,
)
from referee.games.thirteens.results import (
    RESULTS,
    CountedResult,
    PenaltyResult,
    PlayResult,
)
from referee.games.thirteens.rules import (
    DEALABLE,
    DECK,
    DECK_SIZE,
    DEFAULT_PRESET,
    ENTRY_TYPES,
    MELD_KINDS,
    NAME,
    PIP_CHOICES,
    PIP_VALUES,
    POINTS_LIMIT,
    PRESET_NOTES,
    PRESETS,
    RANK_ORDER,
    RULES_VERSION,
    SEATS,
    SUIT_ORDER,
    THIRTEEN,
    TRICK_POINT_RULES,
    Options,
    cards_dealt,
    check_options,
    dump_options,
    parse_options,
)
from referee.games.thirteens.scoring import (
    MELD_TEXT,
    apply,
)
from referee.games.thirteens.state import (
    State,
    dump_state,
    initial_state,
    load_state,
)
from referee.games.thirteens.validation import validate
from referee.penalty import Penalty

# The game's public names: the contract of ``referee.ledger.Game`` and the helpers the edge and
# the tests use, by the module each comes from (``Penalty`` is ``referee.penalty``'s, one for
# every game, and one of this game's entries).
__all__ = [
    # checks
    "TRICK_SIZES", "Meld", "TrickScore", "TrickWin", "cards_text", "read_trick", "score_trick", "trick_lines",
    "trick_winner", "winner_check",
    # entries
    "AnyCard", "Entry", "Penalty", "Play", "Trick", "dump_entry", "parse_entry",
    # results
    "RESULTS", "CountedResult", "PenaltyResult", "PlayResult",
    # rules
    "DEALABLE", "DECK", "DECK_SIZE", "DEFAULT_PRESET", "ENTRY_TYPES", "MELD_KINDS", "NAME", "PIP_CHOICES",
    "PIP_VALUES", "POINTS_LIMIT", "PRESET_NOTES", "PRESETS", "RANK_ORDER", "RULES_VERSION", "SEATS", "SUIT_ORDER",
    "THIRTEEN", "TRICK_POINT_RULES", "Options", "cards_dealt", "check_options", "dump_options", "parse_options",
    # scoring
    "MELD_TEXT", "apply",
    # state
    "State", "dump_state", "initial_state", "load_state",
    # validation
    "validate",
]
