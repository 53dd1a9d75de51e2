"""Храп's constants, house rules (``Options``) and presets."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from referee import reading
from referee.cards import Deck, Rank
from referee.ledger import Rejected, Violation, _, error
from referee.reading import BIG, option

NAME = "khrap"
# Bumped by hand whenever a stored deal would score otherwise: a cached sheet made under another
# version is replayed (scorebook.sheets).
RULES_VERSION = 1
SEATS = range(3, 7)
# Seed 003: "Сдают по одной карте каждому участнику, пока у каждого на руках не будет 5 карт" —
# five cards each, so five tricks.
HAND = 5
TRICKS = 5
# "дает обязательство взять не менее трех взяток"; "Вистующий обязан взять хотя бы одну взятку".
KHRAP_PROMISE = 3
WHIST_PROMISE = 1
# "каждый вкладывает заранее обусловленную сумму денег, кратную пяти" — and a trick is worth
# "пятую часть суммы из кона": money goes into the pot in fives.
STAKE_STEP = 5
# The seed names no deck. Scorebook takes the usual 36 cards, 6 to ace, aces high: 6 players ×
# 5 cards + the turned trump leave 5 cards to draw from, which is why the seed has to say what
# happens "если карт в колоде осталось недостаточно".
ORDER = (Rank.SIX, Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING,
         Rank.ACE)
DECK_RANKS = frozenset(ORDER)
DECK = Deck(DECK_RANKS, jokers=False, outside=_("%(card)s is not in the 36-card deck (6 to ace)."))
POT_MODES = ("fifths", "khraper_takes_all")
# The seed only says the table agrees on "время окончания игры"; RULES.md: at the close what is
# left in the pot goes back in equal shares ("split") or stays nobody's ("stays").
POT_AT_CLOSE = ("split", "stays")
ENTRY_TYPES = ("play", "no_khrap", "renonce", "penalty", "close")
CIRCLES = (1, 2)


@dataclass(frozen=True, slots=True)
class Options:
    """House rules; names and defaults are RULES.md's. The four fines are multiples of the pot."""

    stake: int = option(5, _("Stake (a multiple of 5)"), low=STAKE_STEP, high=BIG)
    pot_mode: str = option("fifths", _("Who takes the pot"), choices=POT_MODES)
    whister_fail: int = option(1, _("A whister without a trick pays (× the pot)"), low=0, high=100)
    khraper_fail: int = option(1, _("A failed khraper pays (× the pot)"), low=0, high=100)
    dark_fail: int = option(5, _("A failed dark khraper pays (× the pot)"), low=0, high=100)
    renonce_fail: int = option(1, _("A revoke costs (× the pot)"), low=0, high=100)
    pot_at_close: str = option("split", _("What is left in the pot at the close"), choices=POT_AT_CLOSE)


PRESETS: dict[str, Options] = {
    "classic": Options(),
    # The seed's own sentence, word for word: "Если же храпующий сыграл свою игру: на первом
    # кругу, тогда он забирает весь кон; на втором кругу, тогда он забирает половину кона."
    # Its failed khraper "должен удвоить сумму, находящуюся на кону": he pays 1 × the pot, the
    # pot doubles — the default khraper_fail; the seed gives no ground for 2.
    "literal": Options(pot_mode="khraper_takes_all"),
}
DEFAULT_PRESET = "classic"
PRESET_NOTES: dict[str, str] = {}
check_options = reading.no_option_conflicts  # no option contradicts another, or the table
dump_options = reading.dump_options


def parse_options(raw: Mapping[str, Any] | None, preset: str | None = None) -> Options:
    """The preset with *raw* overrides. :raises Rejected: unknown names, bad values, a stake
    that is not a multiple of 5 (``bad_option_value``)."""
    problems: list[Violation] = []
    options: Options | None = None
    try:
        options = reading.parse_options(Options, PRESETS, DEFAULT_PRESET, raw, preset)
    except Rejected as rejected:
        problems = list(rejected.violations)
    stake = raw.get("stake") if isinstance(raw, Mapping) else None
    if (isinstance(stake, int) and not isinstance(stake, bool) and STAKE_STEP <= stake <= BIG
            and stake % STAKE_STEP):
        # Seed 003: "каждый вкладывает заранее обусловленную сумму денег, кратную пяти".
        problems.append(error("bad_option_value", _("“%(value)s” is not a valid value for %(option)s."),
                              "options.stake", value=str(stake), option="stake",
                              detail="a multiple of 5"))
    if problems:
        raise Rejected(problems)
    assert options is not None
    return options
