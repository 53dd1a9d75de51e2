"""Храп (Khrap) for 3–6 players, a pot game, as read in seed 003 and RULES.md ("khrap").

Totals are **net money** (everyone starts at 0) and ``State.pot`` is what lies in the pot, so
``sum(totals) + pot == 0`` after every row: money only ever moves between a player and the pot.

A row is one of five entries: a played deal (``Play``: who khrapped, dark or not, in which
circle, the tricks, who revoked), a circle with no khrap (``NoKhrap``), a revoke entered on its
own (``Renonce``, kept for stored matches), the generic ``Penalty`` and the close of the evening
(``Close``: the pot goes back by ``pot_at_close``; nothing follows it). ``apply`` works in
RULES.md's order: the antes when a deal finds the pot empty → the payouts (fifths of the amount
at stake, or the khraper takes all) → the fines of those who failed or revoked, on the pot as it
stood before the payouts → what stays carries over.

Referee checks: ``trick_winner`` (who takes a trick) and ``legal_play`` (may this card be
played), with the 36-card deck (6 to ace; the seed names no deck).

The game is one package, read in this order: ``rules`` (constants, options, presets),
``entries``, ``state``, ``validation``, ``scoring``, ``checks`` (the referee's questions).
"""

from __future__ import annotations

from referee.games.khrap.checks import (
    legal_play,
    read_play,
    read_trick,
    trick_check,
    trick_winner,
)
from referee.games.khrap.entries import (
    Close,
    Entry,
    NoKhrap,
    Play,
    Renonce,
    dump_entry,
    parse_entry,
)
from referee.games.khrap.results import (
    RESULTS,
    CloseResult,
    NoKhrapResult,
    PenaltyResult,
    PlayResult,
    RenonceResult,
)
from referee.games.khrap.rules import (
    CIRCLES,
    DECK,
    DECK_RANKS,
    DEFAULT_PRESET,
    ENTRY_TYPES,
    HAND,
    KHRAP_PROMISE,
    NAME,
    ORDER,
    POT_AT_CLOSE,
    POT_MODES,
    PRESET_NOTES,
    PRESETS,
    RULES_VERSION,
    SEATS,
    STAKE_STEP,
    TRICKS,
    WHIST_PROMISE,
    Options,
    check_options,
    dump_options,
    parse_options,
)
from referee.games.khrap.scoring import (
    Settlement,
    apply,
    promise,
    settle,
)
from referee.games.khrap.state import (
    State,
    dump_state,
    initial_state,
    load_state,
    settlement,
)
from referee.games.khrap.validation import validate
from referee.penalty import Penalty

# The game's public names: the contract of ``referee.ledger.Game`` and the helpers the edge and
# the tests use, by the module each comes from (``Penalty`` is ``referee.penalty``'s, one for
# every game, and one of this game's entries).
__all__ = [
    # checks
    "legal_play", "read_play", "read_trick", "trick_check", "trick_winner",
    # entries
    "Close", "Entry", "NoKhrap", "Penalty", "Play", "Renonce", "dump_entry", "parse_entry",
    # results
    "RESULTS", "CloseResult", "NoKhrapResult", "PenaltyResult", "PlayResult", "RenonceResult",
    # rules
    "CIRCLES", "DECK", "DECK_RANKS", "DEFAULT_PRESET", "ENTRY_TYPES", "HAND", "KHRAP_PROMISE", "NAME", "ORDER",
    "POT_AT_CLOSE", "POT_MODES", "PRESET_NOTES", "PRESETS", "RULES_VERSION", "SEATS", "STAKE_STEP", "TRICKS",
    "WHIST_PROMISE", "Options", "check_options", "dump_options", "parse_options",
    # scoring
    "Settlement", "apply", "promise", "settle",
    # state
    "State", "dump_state", "initial_state", "load_state", "settlement",
    # validation
    "validate",
]
