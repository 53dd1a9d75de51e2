"""Tong Its' referee checks: is this a meld, a tongit; count a hand; who wins a draw fight or a
stock-out; ``read_cards`` reads their cards."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any

from referee import reading
from referee.cards import Card, CardParseError
from referee.games.tongits.entries import Hand, Play, Result
from referee.games.tongits.rules import DECK, ORDER, VALUES
from referee.ledger import Rejected, Violation, _, error


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
    return tongit_melds(cards, runs) is not None


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

    :raises Rejected: ``draw_without_meld`` when the caller is burned — RULES.md: "a caller without
        an exposed meld may not call a draw, exactly as in an entry".
    """
    if caller in burned:
        raise Rejected([error("draw_without_meld", _("The caller is burned: a draw is called only with a meld "
                                                     "laid down."), "caller")])
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


def last_draw_needed(counts: Sequence[int], burned: Collection[int]) -> bool:
    """Does a stock-out need to know who took the last card? Only when the lowest count among the
    players who are not burned is tied (RULES.md: ``last_draw`` "only when the lowest count is
    tied"; seed 002: "Якщо при підрахунку очок нічия, то перемагає гравець, який взяв останню карту")."""
    standing = [counts[seat] for seat in range(len(counts)) if seat not in burned]
    return bool(standing) and standing.count(min(standing)) > 1


def stock_out_winner(counts: Sequence[int], burned: Collection[int],
                     last_draw: int | None = None) -> tuple[int | None, str]:
    """Who wins when the stock runs out, and why: ``"lowest"``, ``"tie_last_draw"``,
    ``"tie_next_to_draw"`` or ``"all_burned"`` (no winner).

    Seed 002: "гравець, який не зробив жодного набору, вважається таким, що програв ... Гравець, у
    якого менше очок, стає переможцем. Якщо при підрахунку очок нічия, то перемагає гравець, який
    взяв останню карту, якщо такого гравця немає, то перемагає той гравець, який мав брати карту"
    — a tie goes to ``last_draw`` if he is tied, else to the first tied player in turn after him.
    Without a tie *last_draw* is not needed and is ignored.

    :raises ValueError: a tie and no *last_draw* (``last_draw_needed`` says when it is needed).
    """
    seats = len(counts)
    standing = [seat for seat in range(seats) if seat not in burned]
    if not standing:
        return None, "all_burned"
    best = min(counts[seat] for seat in standing)
    tied = [seat for seat in standing if counts[seat] == best]
    if len(tied) == 1:
        return tied[0], "lowest"
    if last_draw is None:
        raise ValueError("a tie at the lowest count: who took the last card of the stock?")
    if last_draw in tied:
        return last_draw, "tie_last_draw"
    return min(tied, key=lambda seat: (seat - last_draw) % seats), "tie_next_to_draw"


def burned_seats(entry: Play) -> list[int]:
    """Seats with no meld laid face up at the end of the hand: burned, whatever the ending
    (RULES.md). A tongit caller lays all his melds down when he calls (seed 002: "показує набір,
    поклавши карти на стіл"), and so does a draw challenger when he fights (seed 002: "повинен
    відкрити свою руку, скинути набір карт"): their concealed melds count as laid down."""
    def lays_down(seat: int, hand: Hand) -> bool:
        if entry.ending == "tongit":
            return seat == entry.caller
        return entry.ending == "draw" and seat in (entry.challengers or ()) and bool(hand.secret)

    return [seat for seat, hand in enumerate(entry.hands) if not hand.exposed and not lays_down(seat, hand)]


def counts_and_burned(entry: Play | Result) -> tuple[list[int | None], list[int]]:
    """Each seat's count of unmelded cards and who is burned: from the cards of a ``Play``, as
    told by a ``Result`` (the quick entry; a tongit's losers may have no count there, RULES.md)."""
    if isinstance(entry, Result):
        return list(entry.counts), sorted(set(entry.burned))
    return [count(hand.hand) for hand in entry.hands], burned_seats(entry)


def every_count(counts: Sequence[int | None]) -> list[int] | None:
    """*counts* when every seat has one, else None: a stock-out and a draw are decided by the
    counts, a tongit by none (RULES.md: the losers' counts "change no payment")."""
    known = [told for told in counts if told is not None]
    return known if len(known) == len(counts) else None


def folded_seats(ending: str, caller: int | None, challengers: Sequence[int] | None, seats: int) -> list[int]:
    """Who folded a fought draw: when at least one player challenged the draw, every other player
    but the caller. Seed 002: "інші гравці можуть скласти свої карти або оскаржити нічию" — a
    player facing a draw either folds or challenges; RULES.md's ``pay_fold`` is paid by "a player
    who folds a fought draw", so when nobody challenged, nobody folded (the caller simply wins)."""
    if ending != "draw" or not challengers:
        return []
    return [seat for seat in range(seats) if seat != caller and seat not in challengers]


def read_cards(texts: Any, where: str = "cards") -> tuple[Card, ...]:
    """Card texts of the 52-card deck, each at most once (RULES.md: "every card at most once").

    :raises Rejected: ``bad_type`` (no list), ``bad_card`` or ``card_twice``, each at ``where[index]``.
    """
    return reading.read_cards(texts, DECK, where)


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
    found = reading.deck_card(card, DECK)
    if isinstance(found, Violation):
        raise CardParseError(f"not a card of the 52-card deck: {card!r}")
    assert isinstance(found, Card)  # the deck holds no jokers
    return found
