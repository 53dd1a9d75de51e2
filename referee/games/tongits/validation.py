"""Tong Its: every problem with an entry at a point of the match (``validate``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from referee.cards import Card, card_text
from referee.games.tongits.checks import counts_and_burned, every_count, is_meld, last_draw_needed
from referee.games.tongits.entries import Entry, Play, Result
from referee.games.tongits.rules import ENDING_TEXT, HAND_LIMIT, MELD_MIN
from referee.games.tongits.state import State
from referee.ledger import Seat, Violation, _, error, line
from referee.penalty import Penalty


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
    if isinstance(entry, Result):
        _check_result(entry, found)
        return found
    _check_cards(state, entry, found)
    _check_laid_off(entry, found)
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


def _check_ending(entry: Play | Result, found: list[Violation]) -> None:
    """RULES.md: "Required: caller for tongit and draw, challengers (possibly empty) for draw;
    last_draw for stock_out only when the lowest count is tied"; a field another ending has no use
    for is refused, not ignored (a stock-out's last_draw without a tie is ignored: RULES.md)."""
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
                    bad(_("%(player)s called the draw: they cannot challenge it."), f"challengers[{index}]",
                        player=Seat(seat))
                elif seat in entry.challengers[:index]:
                    bad(_("%(player)s is listed twice."), f"challengers[{index}]", player=Seat(seat))
    elif entry.challengers:
        bad(_("Only a draw is challenged, not %(ending)s."), "challengers")
    if entry.ending == "stock_out" and entry.last_draw is None:
        counts, burned = counts_and_burned(entry)
        known = every_count(counts)  # a count missing is refused on its own (_check_result)
        if known is not None and last_draw_needed(known, burned):
            # RULES.md: `last_draw` "only when the lowest count is tied (`last_draw_needed`)": a code
            # of its own, not bad_ending — the ending is told right, the fact its tie needs is missing.
            found.append(error("last_draw_needed", _("Who took the last card of the stock? A tie goes to them."),
                               "last_draw"))
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
                                       f"{spot}[{index}]", card=card_text(card), other=seen[card]))
                else:
                    seen[card] = f"{spot}[{index}]"
        if (held := len(entry.held(seat))) > HAND_LIMIT:
            # RULES.md: "no hand has more than 13 + melds" — 13 cards laid, concealed and unmelded;
            # cards laid off count as the giver's, "never against the receiver's 13".
            found.append(error("too_many_cards", _("%(player)s has %(held)s cards in melds and hand: at most 13."),
                               where, player=Seat(seat), held=held))


def _check_laid_off(entry: Play, found: list[Violation]) -> None:
    """Laying off (sapaw, RULES.md): each card laid off appears in a meld the receiving seat laid
    down, onto another seat than the giver's, once; and the meld keeps three of its owner's cards —
    a meld is laid down first, then others lay off onto it."""
    listed: dict[Card, str] = {}
    for seat, hand in enumerate(entry.hands):
        for index, item in enumerate(hand.laid_off):
            where = f"hands[{seat}].laid_off[{index}]"
            if item.onto == seat:
                found.append(error("laid_off_onto_self", _("%(player)s lays off onto their own meld: list those cards "
                                                           "in that meld only."), f"{where}.onto", player=Seat(seat)))
                continue
            laid = {card for meld in entry.hands[item.onto].melds for card in meld}
            for place, card in enumerate(item.cards):
                spot = f"{where}.cards[{place}]"
                if card in listed:
                    found.append(error("card_twice", _("%(card)s is already listed at %(other)s."), spot,
                                       card=card_text(card), other=listed[card]))
                    continue
                listed[card] = spot
                if card not in laid:
                    found.append(error("laid_off_not_in_meld", _("%(card)s is not in a meld %(player)s laid down: a "
                                                                 "card laid off is listed in the meld that took it."),
                                       spot, card=card_text(card), player=Seat(item.onto)))
    for seat, hand in enumerate(entry.hands):
        given = entry.laid_off_onto(seat)
        for index, meld in enumerate(hand.melds):
            own = [card for card in meld if card not in given]
            if len(own) < min(MELD_MIN, len(meld)):
                found.append(error("laid_off_leaves_no_meld", _("%(cards)s holds only %(own)s of %(player)s's own "
                                                                "cards: a meld is laid down with three of its "
                                                                "owner's cards before others lay off onto it."),
                                   f"hands[{seat}].melds[{index}]", cards=_cards_text(meld), own=len(own),
                                   player=Seat(seat)))


def _check_result(entry: Result, found: list[Violation]) -> None:
    """A quick entry is consistent (RULES.md): only a tongit's losers go without a count; a burned
    player cannot be the tongit caller (he lays every meld down as he calls) nor the draw caller (a
    draw is called with a meld laid down), a tongit caller's count is 0, and nobody's aces or fours
    are paid when nobody wins. A burned player cannot be the winner: the engine finds the winner
    among the others."""
    caller = entry.caller
    for seat, told in enumerate(entry.counts):
        if told is not None:
            continue
        if entry.ending == "tongit" and seat == caller:
            # RULES.md: on a tongit "the losers' counts may be null"; "a tongit caller's count is 0".
            found.append(error("bad_type", _("%(player)s called tongit: their count is 0, write it."),
                               f"counts[{seat}]", player=Seat(seat)))
        elif entry.ending != "tongit":
            # A stock-out or a draw is decided by every count (parse_entry refuses these nulls too).
            found.append(error("bad_type", _("A value is needed for every player."), f"counts[{seat}]"))
    for index, seat in enumerate(entry.burned):
        where = f"burned[{index}]"
        if seat in entry.burned[:index]:
            found.append(error("bad_burned", _("%(player)s is listed twice."), where, player=Seat(seat)))
        elif seat == caller and entry.ending == "tongit":
            # Seed 002: a tongit caller "показує набір, поклавши карти на стіл".
            found.append(error("bad_burned", _("%(player)s called tongit: they lay every meld down as they call, "
                                               "so they are not burned."), where, player=Seat(seat)))
        elif seat == caller and entry.ending == "draw":
            # RULES.md: "a draw caller has an exposed meld".
            found.append(error("draw_without_meld", _("%(player)s called a draw without a meld laid down."), where,
                               player=Seat(seat)))
    if entry.ending == "tongit" and caller is not None and entry.counts[caller]:
        # Seed 002: "Якщо гравець в змозі використати всі свої карти в набір, то він оголошує Tongit".
        found.append(error("tongit_with_cards_left", _("%(player)s called tongit with a count of %(count)s: a "
                                                       "tongit leaves no unmelded card."), f"counts[{caller}]",
                           player=Seat(caller), count=entry.counts[caller]))
    if entry.ending == "stock_out" and len(set(entry.burned)) == len(entry.counts):
        for name in ("winner_aces", "winner_fours"):
            if getattr(entry, name):
                found.append(error("no_winner", _("Every player is burned and nobody wins: there is no winner's "
                                                  "aces or fours to pay."), name))


def _cards_text(cards: Sequence[Card]) -> str:
    return " ".join(card.rank.value + card.suit.symbol for card in cards) or "—"
