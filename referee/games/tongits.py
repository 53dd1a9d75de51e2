"""Tong Its for 3 players, as read in seed 002 and RULES.md ("tongits").

A deal is a played hand (``Play``: how it ended, who called, and every seat's laid-down melds,
concealed melds and unmelded cards) or the generic ``Penalty``. Totals are **net chips** (start
0) and ``State.pot`` is what lies in the pot: every chip leaves one player for another player or
the pot, so ``sum(totals) + pot == 0`` after every deal.

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
- A draw challenger without a laid-down meld may fight (seed: "скинути набір карт, якщо такий
  є" — lay a meld down *if he has one*) but is burned, and a burned player cannot win (RULES.md):
  he pays like any loser, ``pay_burned`` included.
- "No hand has more than 13 + melds": a seat's laid melds, concealed melds and unmelded cards
  together are at most 13 (``too_many_cards``).

Referee checks: ``is_meld`` (``meld_kind`` says why), ``is_tongit`` (``tongit_melds`` shows the
melds), ``count``, ``draw_fight`` and ``stock_out_winner``; ``read_cards`` reads their cards.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, ClassVar

from referee import reading
from referee.cards import Card, CardParseError, Rank, parse_card
from referee.ledger import Line, Outcome, Rejected, Seat, Violation, _, error, line
from referee.reading import EntryReader, option, read_penalty, refuse_entry_type

NAME = "tongits"
# Seed 002: "Грають в гру 3 гравця", "Кількість карт в колоді: 52".
SEATS = range(3, 4)
HAND_LIMIT = 13  # seed 002: the dealer is dealt 13, the others 12; a draw is always followed by a discard
# Seed 002: "Старшинство карт: Т, 2, 3, 4, 5, 6, 7, 8, 9, 10, В, Д, К" — the ace is low; a run
# follows this order and does not turn the corner (RULES.md: A-2-3 yes, Q-K-A no).
ORDER = (Rank.ACE, Rank.TWO, Rank.THREE, Rank.FOUR, Rank.FIVE, Rank.SIX, Rank.SEVEN, Rank.EIGHT,
         Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING)
# Seed 002: "король - 10 очок, дама - 10 очок, валет - 10 очок, туз - 1 очко, всі інші карти за
# своїм значенням".
VALUES = {rank: min(ORDER.index(rank) + 1, 10) for rank in ORDER}
ENDINGS = ("stock_out", "tongit", "draw")
ENTRY_TYPES = ("play", "penalty")
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


def parse_options(raw: Mapping[str, Any] | None, preset: str | None = None) -> Options:
    """The preset with *raw* overrides. :raises Rejected: unknown names, bad values."""
    return reading.parse_options(Options, PRESETS, DEFAULT_PRESET, raw, preset)


def dump_options(options: Options) -> dict[str, Any]:
    return reading.dump_options(options)


# ---------------------------------------------------------------- entries


@dataclass(frozen=True, slots=True)
class Hand:
    """One seat at the end of a hand: melds laid face up, melds kept concealed, unmelded cards."""

    melds: tuple[tuple[Card, ...], ...] = ()
    hand: tuple[Card, ...] = ()
    secret: tuple[tuple[Card, ...], ...] = ()

    @property
    def exposed(self) -> bool:
        """Has he laid a meld face up? Without one he is burned (RULES.md)."""
        return bool(self.melds)

    def cards(self) -> list[Card]:
        """Every card of the seat: laid melds, concealed melds, then the unmelded cards."""
        return [c for meld in self.melds for c in meld] + [c for meld in self.secret for c in meld] + list(self.hand)

    def all_melds(self) -> tuple[tuple[Card, ...], ...]:
        return self.melds + self.secret


@dataclass(frozen=True, slots=True)
class Play:
    kind: ClassVar[str] = "play"
    ending: str  # "stock_out" | "tongit" | "draw"
    hands: tuple[Hand, ...]
    caller: int | None = None  # who called tongit or draw
    challengers: tuple[int, ...] | None = None  # who fought a draw (a draw: possibly empty)
    last_draw: int | None = None  # a stock-out: who took the last card of the stock


@dataclass(frozen=True, slots=True)
class Penalty:
    kind: ClassVar[str] = "penalty"
    player: int
    points: int  # the change of his total; the pot takes the opposite
    reason: str = ""


Entry = Play | Penalty

_COMMON = {"type"}
_PLAY_FIELDS = _COMMON | {"ending", "caller", "challengers", "last_draw", "hands"}
_HAND_FIELDS = {"melds", "secret", "hand"}


def parse_entry(raw: Any, seats: int) -> Entry:
    """A raw JSON entry as a frozen value. :raises Rejected: every field of the wrong shape."""
    kind = raw.get("type") if isinstance(raw, Mapping) else None
    if kind == "play":
        return _parse_play(raw, seats)
    if kind == "penalty":
        return Penalty(*read_penalty(raw, seats, low=-10_000, high=10_000))
    refuse_entry_type(raw, seats, ENTRY_TYPES)


def _parse_play(raw: Mapping[str, Any], seats: int) -> Play:
    reader = EntryReader(raw, seats, _PLAY_FIELDS)
    ending = reader.choice("ending", ENDINGS)
    # Which of caller / challengers / last_draw an ending needs is a rule (validate: bad_ending).
    caller = reader.seat("caller", required=False)
    last_draw = reader.seat("last_draw", required=False)
    challengers: tuple[int, ...] | None = None
    value = raw.get("challengers")
    if value is not None:
        if not isinstance(value, list):
            reader.bad("bad_type", _("Expected a list of seats."), "challengers")
        else:
            read = [reader.check_seat(item, f"challengers[{index}]") for index, item in enumerate(value)]
            challengers = tuple(seat for seat in read if seat is not None)
    hands = reader.per_seat("hands", lambda v, w: _parse_hand(reader, v, w))
    reader.done()
    return Play(ending, hands, caller, challengers, last_draw)


def _parse_hand(reader: EntryReader, raw: Any, where: str) -> Hand | None:
    if not isinstance(raw, Mapping):
        reader.bad("bad_type", _("A hand is an object with its melds and its unmelded cards."), where)
        return None
    for key in raw:
        if key not in _HAND_FIELDS:
            reader.bad("unknown_field", _("Unknown field “%(name)s”."), f"{where}.{key}", name=str(key))
    melds = _meld_list(reader, raw.get("melds"), f"{where}.melds")
    secret = _meld_list(reader, raw.get("secret"), f"{where}.secret")
    hand = _card_list(reader, raw.get("hand"), f"{where}.hand")
    return Hand(melds, hand, secret)


def _meld_list(reader: EntryReader, value: Any, where: str) -> tuple[tuple[Card, ...], ...]:
    if value is None:
        return ()
    if not isinstance(value, list):
        reader.bad("bad_type", _("Expected a list of melds, each a list of cards."), where)
        return ()
    return tuple(_card_list(reader, meld, f"{where}[{index}]") for index, meld in enumerate(value))


def _card_list(reader: EntryReader, value: Any, where: str) -> tuple[Card, ...]:
    if value is None:
        return ()
    if not isinstance(value, list):
        reader.bad("bad_type", _("Expected a list of cards."), where)
        return ()
    read: list[Card] = []
    for index, text in enumerate(value):
        card = _deck_card(text)
        if isinstance(card, Violation):
            reader.problems.append(dataclasses.replace(card, field=f"{where}[{index}]"))
        else:
            read.append(card)
    return tuple(read)


def _deck_card(text: Any) -> Card | Violation:
    """A card of the 52-card deck, or a ``bad_card`` violation (seed 002: 52 cards, no jokers)."""
    if isinstance(text, Card):
        return text
    try:
        card = parse_card(text)
    except CardParseError:
        return error("bad_card", _("“%(value)s” is not a card."), None, value=str(text)[:40])
    if not isinstance(card, Card):
        return error("bad_card", _("%(card)s: Tong Its is played without jokers."), None, card=card.code)
    return card


def _codes(cards: Sequence[Card]) -> list[str]:
    return [card.code for card in cards]


def dump_entry(entry: Entry) -> dict[str, Any]:
    """The canonical JSON of an entry: what the database stores and the API writes."""
    if isinstance(entry, Penalty):
        return {"type": "penalty", "player": entry.player, "points": entry.points, "reason": entry.reason}
    out: dict[str, Any] = {"type": "play", "ending": entry.ending}
    if entry.caller is not None:
        out["caller"] = entry.caller
    if entry.challengers is not None and (entry.ending == "draw" or entry.challengers):
        out["challengers"] = list(entry.challengers)
    if entry.last_draw is not None:
        out["last_draw"] = entry.last_draw
    hands = []
    for hand in entry.hands:
        item: dict[str, Any] = {"melds": [_codes(meld) for meld in hand.melds]}
        if hand.secret:
            item["secret"] = [_codes(meld) for meld in hand.secret]
        item["hand"] = _codes(hand.hand)
        hands.append(item)
    out["hands"] = hands
    return out


# ---------------------------------------------------------------- state


@dataclass(frozen=True, slots=True)
class State:
    options: Options
    totals: tuple[int, ...]  # net chips, start 0
    dealer: int
    pot: int = 0  # chips in the pot: sum(totals) + pot == 0
    streak_player: int | None = None  # who won the last hands in a row
    streak_wins: int = 0
    winner: int | None = None  # always None. Seed 002: "Грають без обмежень у кількості ігор" — no winner of the match

    @property
    def seats(self) -> int:
        return len(self.totals)

    @property
    def finished(self) -> bool:
        return False


def initial_state(options: Options, seats: int, first_dealer: int) -> State:
    return State(options=options, totals=(0,) * seats, dealer=first_dealer)


def dump_state(state: State) -> dict[str, Any]:
    out: dict[str, Any] = {
        "pot": state.pot,
        "streak": {"player": state.streak_player, "wins": state.streak_wins},
        "dealer": state.dealer,
    }
    value = state.options.chip_value
    if value is not None:
        # RULES.md: chip_value is "money per chip, for the settlement table"; Decimal, not float.
        money = Decimal(str(value))
        out["settlement"] = [str(total * money) for total in state.totals]
    return out


# ---------------------------------------------------------------- referee checks


def count(cards: Sequence[Card | str]) -> int:
    """The count of unmelded cards: A 1, 2–10 face value, J Q K 10. :raises CardParseError:"""
    return sum(VALUES[_card(card).rank] for card in cards)


def is_meld(cards: Sequence[Card | str], runs: bool = True) -> bool:
    """3–4 cards of one rank; with *runs* (``runs``), also 3+ cards in sequence in one suit,
    ace low (A-2-3 yes, Q-K-A no). :raises CardParseError: for text that is not a card."""
    read = [_card(card) for card in cards]
    if len(read) < 3 or len(set(read)) != len(read):
        return False
    # Seed 002: "Набір карт складається з 3-х або 4-х карт одного значення".
    if len({c.rank for c in read}) == 1:
        return len(read) <= 4
    if not runs or len({c.suit for c in read}) != 1:
        return False
    places = sorted(ORDER.index(c.rank) for c in read)
    return places == list(range(places[0], places[0] + len(places)))


def is_tongit(hand: Hand | Sequence[Card | str], runs: bool = True) -> bool:
    """Could these cards all be melded? A ``Hand``: its melds are valid and its unmelded cards
    split into melds too; a list of cards: it splits into melds. :raises CardParseError:"""
    if isinstance(hand, Hand):
        if not all(is_meld(meld, runs) for meld in hand.all_melds()):
            return False
        cards = list(hand.hand)
    else:
        cards = [_card(card) for card in hand]
    if len(set(cards)) != len(cards):
        return False
    return _splits(frozenset(cards), runs)


def _splits(cards: frozenset[Card], runs: bool) -> bool:
    """Backtracking: the lowest card must be in some meld made of the cards left."""
    if not cards:
        return True
    first = min(cards, key=lambda c: (ORDER.index(c.rank), c.suit.value))
    same_rank = [c for c in cards if c.rank is first.rank and c != first]
    options: list[frozenset[Card]] = []
    for size in (2, 3):
        options += [frozenset((first, *others)) for others in _choose(same_rank, size)]
    if runs:
        place = ORDER.index(first.rank)
        run = [first]
        for rank in ORDER[place + 1:]:
            following = Card(rank, first.suit)
            if following not in cards:
                break
            run.append(following)
            if len(run) >= 3:
                options.append(frozenset(run))
        # the lowest card of the cards left is the bottom of any run it belongs to
    return any(_splits(cards - meld, runs) for meld in options)


def _choose(items: list[Card], size: int) -> list[tuple[Card, ...]]:
    if size == 0:
        return [()]
    return [(items[i], *rest) for i in range(len(items)) for rest in _choose(items[i + 1:], size - 1)]


def draw_fight(caller: int, challengers: Sequence[int], counts: Sequence[int],
               burned: Collection[int] = ()) -> tuple[int, str]:
    """Who wins a draw call, and why: ``"unchallenged"``, ``"challengers_burned"``,
    ``"lowest"``, ``"tie_to_challenger"`` or ``"tie_first_after_caller"``.

    Seed 002: "Якщо гравець оголосив нічию і ніхто з гравців не відкрив карти, щоб оскаржити, то
    гравець оголосив нічию, стає переможцем"; RULES.md: the lowest count among caller and
    challengers, a caller–challenger tie to the challenger, two tied challengers → the first in
    turn after the caller. A burned challenger cannot win (RULES.md: burned players cannot win).
    """
    if not challengers:
        return caller, "unchallenged"
    fighting = [seat for seat in challengers if seat not in burned]
    if not fighting:
        return caller, "challengers_burned"
    seats = len(counts)
    best = min(counts[seat] for seat in [caller, *fighting])
    tied = [seat for seat in fighting if counts[seat] == best]
    if not tied:
        return caller, "lowest"
    first = min(tied, key=lambda seat: (seat - caller) % seats)
    if counts[caller] == best:
        return first, "tie_to_challenger"
    if len(tied) > 1:
        return first, "tie_first_after_caller"
    return first, "lowest"


def stock_out_winner(counts: Sequence[int], burned: Collection[int], last_draw: int) -> tuple[int | None, str]:
    """Who wins when the stock runs out, and why: ``"lowest"``, ``"tie_last_draw"``,
    ``"tie_next_to_draw"`` or ``"all_burned"`` (no winner).

    Seed 002: "гравець, який не зробив жодного набору, вважається таким, що програв ... Гравець, у
    якого менше очок, стає переможцем. Якщо при підрахунку очок нічия, то перемагає гравець, який
    взяв останню карту, якщо такого гравця немає, то перемагає той гравець, який мав брати карту"
    — a tie goes to ``last_draw`` if he is tied, else to the first tied player in turn after him.
    """
    seats = len(counts)
    standing = [seat for seat in range(seats) if seat not in burned]
    if not standing:
        return None, "all_burned"
    best = min(counts[seat] for seat in standing)
    tied = [seat for seat in standing if counts[seat] == best]
    if len(tied) == 1:
        return tied[0], "lowest"
    if last_draw in tied:
        return last_draw, "tie_last_draw"
    return min(tied, key=lambda seat: (seat - last_draw) % seats), "tie_next_to_draw"


def read_cards(texts: Sequence[Any], where: str = "cards") -> tuple[Card, ...]:
    """Card texts of the 52-card deck, each at most once (RULES.md: "every card at most once").

    :raises Rejected: ``bad_card`` or ``card_twice``, each at ``where[index]``.
    """
    read: list[Card] = []
    problems: list[Violation] = []
    for index, text in enumerate(texts):
        card = _deck_card(text)
        if isinstance(card, Violation):
            problems.append(dataclasses.replace(card, field=f"{where}[{index}]"))
        elif card in read:
            problems.append(error("card_twice", _("%(card)s is already listed at %(other)s."), f"{where}[{index}]",
                                  card=card.code, other=f"{where}[{read.index(card)}]"))
            read.append(card)
        else:
            read.append(card)
    if problems:
        raise Rejected(problems)
    return tuple(read)


MELD_REASONS = {
    "set": _("%(cards)s: three or four of one rank, a meld."),
    "run": _("%(cards)s: a run of %(size)s in one suit, a meld."),
    "too_few": _("%(cards)s: a meld has at least three cards."),
    "runs_off": _("%(cards)s: runs are not melds under these house rules, only three or four of a rank."),
    "mixed_suits": _("%(cards)s: not one rank, and a run is in one suit only."),
    "not_in_sequence": _("%(cards)s: not in sequence (the ace is low: A-2-3 is a run, Q-K-A is not)."),
}


def meld_kind(cards: Sequence[Card], runs: bool = True) -> tuple[str | None, str]:
    """``("set" | "run" | None, reason)``: what kind of meld *cards* are, with a ``MELD_REASONS``
    key saying why (the same rule as ``is_meld``; *cards* are distinct, read by ``read_cards``)."""
    if len(cards) < 3:
        return None, "too_few"
    if len({c.rank for c in cards}) == 1:
        return "set", "set"  # distinct cards of one rank: at most the four suits
    if is_meld(cards, runs):
        return "run", "run"
    if not runs:
        return None, "runs_off"
    if len({c.suit for c in cards}) != 1:
        return None, "mixed_suits"
    return None, "not_in_sequence"


def tongit_melds(cards: Sequence[Card], runs: bool = True) -> list[tuple[Card, ...]] | None:
    """One way to meld every card of *cards* (distinct), each meld low to high, or None when
    there is none: what ``is_tongit`` answers, with the melds shown."""
    def split(left: frozenset[Card]) -> list[tuple[Card, ...]] | None:
        if not left:
            return []
        first = min(left, key=_place)
        same_rank = [c for c in left if c.rank is first.rank and c != first]
        options = [(first, *others) for size in (2, 3) for others in _choose(same_rank, size)]
        if runs:
            run = [first]
            for rank in ORDER[ORDER.index(first.rank) + 1:]:
                following = Card(rank, first.suit)
                if following not in left:
                    break
                run.append(following)
                if len(run) >= 3:
                    options.append(tuple(run))
        for meld in options:
            rest = split(left - set(meld))
            if rest is not None:
                return [tuple(sorted(meld, key=_place)), *rest]
        return None

    return split(frozenset(cards))


def _place(card: Card) -> tuple[int, str]:
    return ORDER.index(card.rank), card.suit.value


def _card(card: Card | str) -> Card:
    found = _deck_card(card)
    if isinstance(found, Violation):
        raise CardParseError(f"not a card of the 52-card deck: {card!r}")
    return found


def fours(hand: Hand) -> int:
    """Four-of-a-kind melds, laid or concealed (RULES.md: "each four-of-a-kind the winner holds")."""
    return sum(1 for meld in hand.all_melds() if len(meld) == 4 and len({c.rank for c in meld}) == 1)


def aces(hand: Hand) -> int:
    """Aces in hand and melds, concealed ones included (seed 002: "за кожного туза, який залишився
    у переможця в руці або мається на наборі")."""
    return sum(1 for card in hand.cards() if card.rank is Rank.ACE)


def burned_seats(entry: Play) -> list[int]:
    """Seats with no meld laid face up: burned, whatever the ending (RULES.md). A tongit caller
    lays all his melds down when he calls (seed 002: "показує набір, поклавши карти на стіл")."""
    return [seat for seat, hand in enumerate(entry.hands)
            if not hand.exposed and not (entry.ending == "tongit" and seat == entry.caller)]


# ---------------------------------------------------------------- validation


def validate(state: State, entry: Entry) -> list[Violation]:
    """Every problem with *entry* at this point of the match, not just the first."""
    if isinstance(entry, Penalty):
        if entry.points > state.pot:
            # Settled here: a penalty's counterpart is the pot, and the pot cannot go below 0.
            return [error("pot_too_small", _("The pot holds %(pot)s: it cannot pay %(points)s."), "points",
                          pot=state.pot, points=entry.points)]
        return []
    found: list[Violation] = []
    _check_ending(entry, found)
    _check_cards(state, entry, found)
    caller = entry.caller
    if caller is not None and caller < len(entry.hands):
        hand = entry.hands[caller]
        if entry.ending == "tongit" and hand.hand:
            # Seed 002: "Якщо гравець в змозі використати всі свої карти в набір, то він оголошує Tongit".
            found.append(error("tongit_with_cards_left", _("%(player)s called tongit with %(left)s unmelded "
                                                           "cards."), f"hands[{caller}].hand",
                               player=Seat(caller), left=len(hand.hand)))
        if entry.ending == "draw" and not hand.exposed:
            # RULES.md: "a draw caller has an exposed meld".
            found.append(error("draw_without_meld", _("%(player)s called a draw without a meld laid down."),
                               f"hands[{caller}].melds", player=Seat(caller)))
    return found


def _check_ending(entry: Play, found: list[Violation]) -> None:
    """RULES.md: "Required: caller for tongit and draw, challengers (possibly empty) for draw,
    last_draw for stock_out"; a field another ending has no use for is refused, not ignored."""
    def bad(message: str, where: str, **params: Any) -> None:
        found.append(error("bad_ending", message, where, ending=line(ENDING_TEXT[entry.ending]), **params))

    if entry.ending in ("tongit", "draw") and entry.caller is None:
        bad(_("Who called it? An ending by %(ending)s needs the caller."), "caller")
    if entry.ending == "stock_out" and entry.caller is not None:
        bad(_("Nobody calls when %(ending)s: leave the caller out."), "caller")
    if entry.ending == "draw":
        if entry.challengers is None:
            bad(_("Who fought the draw? Give the challengers (an empty list if nobody did)."), "challengers")
        else:
            for index, seat in enumerate(entry.challengers):
                if seat == entry.caller:
                    bad(_("%(player)s called the draw: he cannot challenge it."), f"challengers[{index}]",
                        player=Seat(seat))
                elif seat in entry.challengers[:index]:
                    bad(_("%(player)s is listed twice."), f"challengers[{index}]", player=Seat(seat))
    elif entry.challengers:
        bad(_("Only a draw is challenged, not %(ending)s."), "challengers")
    if entry.ending == "stock_out" and entry.last_draw is None:
        bad(_("Who took the last card of the stock? A tie goes to him."), "last_draw")
    if entry.ending != "stock_out" and entry.last_draw is not None:
        bad(_("The last card of the stock matters only when the stock ran out, not for %(ending)s."), "last_draw")


def _check_cards(state: State, entry: Play, found: list[Violation]) -> None:
    seen: dict[Card, str] = {}
    for seat, hand in enumerate(entry.hands):
        where = f"hands[{seat}]"
        places = ([(f"{where}.melds[{i}]", meld) for i, meld in enumerate(hand.melds)]
                  + [(f"{where}.secret[{i}]", meld) for i, meld in enumerate(hand.secret)])
        for spot, meld in places:
            if not is_meld(meld, state.options.runs):
                found.append(error("bad_meld", _("%(cards)s is not a meld%(why)s."), spot, cards=_cards_text(meld),
                                   why=line(_(": three or four of a rank only") if not state.options.runs
                                            else _(": three or four of a rank, or three or more in sequence "
                                                   "in one suit, ace low"))))
        for spot, cards in places + [(f"{where}.hand", hand.hand)]:
            for index, card in enumerate(cards):
                if card in seen:
                    # RULES.md: "every card at most once across all hands"; seed 002: "Карта може
                    # належати набору тільки один раз".
                    found.append(error("card_twice", _("%(card)s is already listed at %(other)s."),
                                       f"{spot}[{index}]", card=card.code, other=seen[card]))
                else:
                    seen[card] = f"{spot}[{index}]"
        if (held := len(hand.cards())) > HAND_LIMIT:
            # RULES.md: "no hand has more than 13 + melds" — 13 cards laid, concealed and unmelded.
            found.append(error("too_many_cards", _("%(player)s has %(held)s cards in melds and hand: at most 13."),
                               where, player=Seat(seat), held=held))


def _cards_text(cards: Sequence[Card]) -> str:
    return " ".join(card.rank.value + card.suit.symbol for card in cards) or "—"


# ---------------------------------------------------------------- scoring


@dataclass
class _Deal:
    """A working copy while one entry is scored; frozen again into ``State`` at the end."""

    state: State
    totals: list[int]
    pot: int
    marks: list[list[str]]
    lines: list[Line]
    streak: tuple[int | None, int] = (None, 0)  # (player, wins in a row) after this hand

    def say(self, text: str, **params: Any) -> None:
        self.lines.append(line(text, **params))

    def mark(self, seat: int, what: str) -> None:
        if what not in self.marks[seat]:
            self.marks[seat].append(what)


def apply(state: State, entry: Entry) -> tuple[State, Outcome]:
    """Score one entry that ``validate`` accepted. Pure: no I/O, no clock, no second check."""
    deal = _Deal(state, list(state.totals), state.pot, [[] for _ in range(state.seats)], [])
    if isinstance(entry, Penalty):
        # Settled here: the pot is the other side of a penalty (chips stay conserved).
        deal.totals[entry.player] += entry.points
        deal.pot -= entry.points
        deal.mark(entry.player, "penalty")
        deal.say(_("%(player)s: penalty %(points)+d%(reason)s, the pot now holds %(pot)s"),
                 player=Seat(entry.player), points=entry.points,
                 reason=f" ({entry.reason})" if entry.reason else "", pot=deal.pot)
        new = dataclasses.replace(state, totals=tuple(deal.totals), pot=deal.pot)
        result = {"player": entry.player, "points": entry.points, "reason": entry.reason, "pot": deal.pot}
        return new, _outcome(state, new, deal, result)
    return _score_play(deal, entry)


def _score_play(deal: _Deal, entry: Play) -> tuple[State, Outcome]:
    state, opts = deal.state, deal.state.options
    seats = state.seats
    # Seed 002: "Перед грою кожен гравець вносить по дві фішки в банк" (``ante``, every hand).
    for seat in range(seats):
        deal.totals[seat] -= opts.ante
    deal.pot += opts.ante * seats
    deal.say(_("Each player puts the ante of %(ante)s into the pot: it holds %(pot)s"), ante=opts.ante, pot=deal.pot)
    burned = burned_seats(entry)
    for seat in burned:
        deal.mark(seat, "burned")
        deal.say(_("%(player)s has no meld laid down: burned"), player=Seat(seat))
    counts = [count(hand.hand) for hand in entry.hands]
    winner, reason = _winner(deal, entry, counts, burned)
    payments: list[dict[str, Any]] = []
    if winner is not None:
        payments = _pay(deal, entry, winner, burned)
    pot_taken = _streak(deal, winner)
    # Seed 002 (RULES.md): the winner deals the next hand; with no winner the deal passes on
    # ("гравці здають карти ... проти годинникової стрілки": the next seat in playing order).
    dealer = winner if winner is not None else (state.dealer + 1) % seats
    new = dataclasses.replace(state, totals=tuple(deal.totals), pot=deal.pot, dealer=dealer,
                              streak_player=deal.streak[0], streak_wins=deal.streak[1])
    result = {"ending": entry.ending, "winner": winner, "reason": reason, "burned": burned, "counts": counts,
              "payments": payments, "pot_taken": pot_taken, "pot": deal.pot,
              "streak": {"player": deal.streak[0], "wins": deal.streak[1]}}
    return new, _outcome(state, new, deal, result)


def _winner(deal: _Deal, entry: Play, counts: list[int], burned: list[int]) -> tuple[int | None, str]:
    if entry.ending == "tongit":
        caller = entry.caller
        assert caller is not None  # validate: bad_ending
        deal.say(_("%(player)s calls tongit: every card melded"), player=Seat(caller))
        deal.mark(caller, "tongit")
        deal.mark(caller, "winner")
        return caller, "tongit"
    for seat in range(len(counts)):
        if entry.ending == "stock_out" or seat == entry.caller or seat in (entry.challengers or ()):
            deal.say(_("%(player)s: %(count)s in unmelded cards"), player=Seat(seat), count=counts[seat])
    if entry.ending == "stock_out":
        assert entry.last_draw is not None  # validate: bad_ending
        winner, reason = stock_out_winner(counts, burned, entry.last_draw)
        texts = {
            "all_burned": _("The stock ran out and every player is burned: nobody wins, the antes stay in the pot"),
            "lowest": _("The stock ran out: %(player)s wins with the lowest count, %(count)s"),
            "tie_last_draw": _("The stock ran out: %(player)s wins the tie at %(count)s, he took the last card"),
            "tie_next_to_draw": _("The stock ran out: %(player)s wins the tie at %(count)s, he was next to draw"),
        }
    else:
        caller = entry.caller
        assert caller is not None  # validate: bad_ending
        deal.mark(caller, "draw")
        for seat in entry.challengers or ():
            deal.mark(seat, "challenger")
        winner, reason = draw_fight(caller, entry.challengers or (), counts, burned)
        texts = {
            "unchallenged": _("%(caller)s called a draw and nobody fought it: %(player)s wins"),
            "challengers_burned": _("%(caller)s called a draw; only burned players fought it: %(player)s wins"),
            "lowest": _("%(caller)s called a draw: %(player)s wins with the lowest count, %(count)s"),
            "tie_to_challenger": _("%(caller)s called a draw: a tie at %(count)s goes to the challenger, "
                                   "%(player)s"),
            "tie_first_after_caller": _("%(caller)s called a draw: %(player)s wins the tie at %(count)s, first "
                                        "in turn after the caller"),
        }
    params: dict[str, Any] = {"caller": Seat(entry.caller) if entry.caller is not None else ""}
    if winner is not None:
        params |= {"player": Seat(winner), "count": counts[winner]}
        deal.mark(winner, "winner")
    deal.say(texts[reason], **params)
    return winner, reason


def _pay(deal: _Deal, entry: Play, winner: int, burned: list[int]) -> list[dict[str, Any]]:
    """Seed 002, "Підрахунок очок": each loser pays the winner ``pay_win`` (``pay_tongit``,
    ``pay_draw``) + ``pay_per_ace`` per ace + ``pay_per_four`` per four of a kind (RULES.md reads
    the seed's "3 фішки за кожен набір" as four-of-a-kind) + ``pay_burned`` if he is burned."""
    opts = deal.state.options
    held = entry.hands[winner]
    base_name, base = {"tongit": ("tongit", opts.pay_tongit), "draw": ("draw", opts.pay_draw)}.get(
        entry.ending, ("win", opts.pay_win))
    shared = {base_name: base, "aces": opts.pay_per_ace * aces(held), "fours": opts.pay_per_four * fours(held)}
    payments = []
    seats = deal.state.seats
    for step in range(1, seats):
        loser = (winner + step) % seats
        items = dict(shared)
        items["burned"] = opts.pay_burned if loser in burned else 0
        total = sum(items.values())
        deal.totals[loser] -= total
        deal.totals[winner] += total
        deal.say(_("%(loser)s pays %(winner)s %(total)s: %(items)s"), loser=Seat(loser), winner=Seat(winner),
                 total=total, items=_items_line(items, base_name))
        payments.append({"from": loser, "to": winner, "chips": total, "items": items})
    return payments


ITEM_TEXT = {"win": _("%(chips)s (win)"), "tongit": _("%(chips)s (tongit)"), "draw": _("%(chips)s (draw)"),
             "aces": _("%(chips)s (aces)"), "fours": _("%(chips)s (fours)"), "burned": _("%(chips)s (burned)")}


def _items_line(items: dict[str, int], base_name: str) -> Line:
    """"1 (win) + 2 (aces) + 1 (burned)": the base always, the other items when they cost a chip."""
    parts = [line(ITEM_TEXT[name], chips=chips) for name, chips in items.items() if chips or name == base_name]
    joined = parts[-1]
    for part in reversed(parts[:-1]):
        joined = line(_("%(first)s + %(rest)s"), first=part, rest=joined)
    return joined


def _streak(deal: _Deal, winner: int | None) -> int:
    """Seed 002: "Фішки в банку дістаються гравцеві, який виграє дві гри поспіль" (``pot_streak``);
    RULES.md: then the streak restarts. A hand with no winner breaks every streak."""
    state, opts = deal.state, deal.state.options
    if winner is None:
        deal.streak = (None, 0)
        deal.say(_("The pot holds %(pot)s; no streak"), pot=deal.pot)
        return 0
    wins = state.streak_wins + 1 if state.streak_player == winner else 1
    if wins >= opts.pot_streak:
        taken = deal.pot
        deal.totals[winner] += taken
        deal.pot = 0
        deal.streak = (None, 0)
        deal.mark(winner, "pot")
        deal.say(_("%(player)s has won %(wins)s in a row and takes the pot of %(pot)s; the streak restarts"),
                 player=Seat(winner), wins=wins, pot=taken)
        return taken
    deal.streak = (winner, wins)
    deal.say(_("The pot holds %(pot)s; %(player)s has won %(wins)s in a row (%(needed)s take the pot)"),
             pot=deal.pot, player=Seat(winner), wins=wins, needed=opts.pot_streak)
    return 0


def _outcome(before: State, after: State, deal: _Deal, result: dict[str, Any]) -> Outcome:
    deltas = tuple(new - old for new, old in zip(after.totals, before.totals, strict=True))
    return Outcome(deltas, tuple(tuple(m) for m in deal.marks), tuple(deal.lines), result)
