"""Tong Its for 3 players, as read in seed 002 and RULES.md ("tongits").

A deal is a played hand (``Play``: how it ended, who called, and every seat's laid-down melds,
concealed melds, unmelded cards and the cards it laid off onto others' melds), the same hand told
in counts (``Result``, RULES.md's quick entry, paid exactly alike) or the generic ``Penalty``.
Totals are **net chips** (start 0) and ``State.pot`` is what lies in the pot: every chip leaves
one player for another player or the pot, so ``sum(totals) + pot == 0`` after every deal.

``apply`` scores a hand in RULES.md's order: the ante into the pot → who is burned → who wins
(by the ending's rule) → each loser pays the winner → the streak, and the pot to the player who
wins ``pot_streak`` hands in a row → the winner deals next. Tong Its has no winner of the match:
``State.finished`` is always false.

Settled here where seed and RULES.md are silent (each is repeated where it is coded):

- A ``penalty``'s ``points`` is the change of the player's total, as in every game (API.md's
  ``"points": -120``); its counterpart is the pot, so chips stay conserved: ``-3`` moves three
  chips from the player into the pot, ``+3`` pays three out of the pot (refused, ``pot_too_small``,
  when the pot holds less). A penalty is no hand: no ante, the streak and the dealer stay.
- A stock-out where every player is burned has no winner: nobody pays, the antes stay in the pot,
  the streak is broken and the deal passes to the next seat.
- A tongit caller lays every meld on the table when he calls (seed: "показує набір, поклавши
  карти на стіл"), so he is never burned, even when the entry lists his melds as ``secret``.
  A draw challenger lays their concealed melds down when he fights (RULES.md; seed: "повинен
  відкрити свою руку, скинути набір карт"), so they save him from being burned too.
- A draw challenger without any meld, laid or concealed, may fight (seed: "скинути набір карт,
  якщо такий є" — lay a meld down *if he has one*) but is burned, and a burned player cannot win
  (RULES.md): he pays like any loser, ``pay_burned`` included.
- "No hand has more than 13 + melds": a seat's own cards — laid melds without what others laid
  off onto them, concealed melds, unmelded cards and the cards he laid off — are at most 13
  (``too_many_cards``). A meld keeps three of its owner's cards: it was laid down before others
  laid off onto it (``laid_off_leaves_no_meld``). An ace laid off is the giver's ace.
- Who "folded" a draw (``pay_fold``): when at least one player challenged, each player who is
  neither the caller nor a challenger (seed: "інші гравці можуть скласти свої карти або
  оскаржити нічию"); he pays ``pay_fold`` more to the winner. An unchallenged draw was not
  fought: nobody pays ``pay_fold`` (RULES.md: "a player who folds a fought draw").

Referee checks: ``is_meld`` (``meld_kind`` says why), ``is_tongit`` (``tongit_melds`` shows the
melds), ``count``, ``draw_fight`` (refuses a burned caller, ``draw_without_meld``),
``stock_out_winner`` and ``last_draw_needed``; ``read_cards`` reads their cards.

The game is one package, read in this order: ``rules`` (constants, options, presets),
``entries``, ``state``, ``validation``, ``scoring``, ``checks`` (the referee's questions).
"""

from __future__ import annotations

from referee.games.tongits.checks import (
    MELD_REASONS,
    burned_seats,
    count,
    counts_and_burned,
    draw_fight,
    folded_seats,
    is_meld,
    is_tongit,
    last_draw_needed,
    meld_kind,
    read_cards,
    stock_out_winner,
    tongit_melds,
)
from referee.games.tongits.entries import (
    Entry,
    Hand,
    LaidOff,
    Play,
    Result,
    dump_entry,
    parse_entry,
)
from referee.games.tongits.results import (
    RESULTS,
    HandResult,
    Payment,
    PenaltyResult,
    Streak,
)
from referee.games.tongits.rules import (
    COUNT_LIMIT,
    DECK,
    DEFAULT_PRESET,
    ENDING_TEXT,
    ENDINGS,
    ENTRY_TYPES,
    HAND_LIMIT,
    MELD_MIN,
    NAME,
    ORDER,
    PRESET_NOTES,
    PRESETS,
    RULES_VERSION,
    SEATS,
    VALUES,
    WINNER_ACES_LIMIT,
    WINNER_FOURS_LIMIT,
    Options,
    check_options,
    dump_options,
    parse_options,
)
from referee.games.tongits.scoring import (
    ITEM_TEXT,
    aces,
    apply,
    fours,
    winner_holds,
)
from referee.games.tongits.state import (
    State,
    dump_state,
    initial_state,
    load_state,
    settlement,
)
from referee.games.tongits.validation import validate
from referee.penalty import Penalty

# The game's public names: the contract of ``referee.ledger.Game`` and the helpers the edge and
# the tests use, by the module each comes from (``Penalty`` is ``referee.penalty``'s, one for
# every game, and one of this game's entries).
__all__ = [
    # checks
    "MELD_REASONS", "burned_seats", "count", "counts_and_burned", "draw_fight", "folded_seats", "is_meld",
    "is_tongit", "last_draw_needed", "meld_kind", "read_cards", "stock_out_winner", "tongit_melds",
    # entries
    "Entry", "Hand", "LaidOff", "Penalty", "Play", "Result", "dump_entry", "parse_entry",
    # results
    "RESULTS", "HandResult", "Payment", "PenaltyResult", "Streak",
    # rules
    "COUNT_LIMIT", "DECK", "DEFAULT_PRESET", "ENDING_TEXT", "ENDINGS", "ENTRY_TYPES", "HAND_LIMIT", "MELD_MIN",
    "NAME", "ORDER", "PRESET_NOTES", "PRESETS", "RULES_VERSION", "SEATS", "VALUES", "WINNER_ACES_LIMIT",
    "WINNER_FOURS_LIMIT", "Options", "check_options", "dump_options", "parse_options",
    # scoring
    "ITEM_TEXT", "aces", "apply", "fours", "winner_holds",
    # state
    "State", "dump_state", "initial_state", "load_state", "settlement",
    # validation
    "validate",
]
