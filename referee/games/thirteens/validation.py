"""По тринадцати: every problem with an entry at a point of the match (``validate``)."""

from __future__ import annotations

from referee.cards import Joker, card_text
from referee.games.thirteens.entries import AnyCard, Entry, Play
from referee.games.thirteens.rules import DECK_SIZE, cards_dealt
from referee.games.thirteens.state import State
from referee.ledger import Violation, _, error


def validate(state: State, entry: Entry) -> list[Violation]:
    """Every problem with *entry* at this point of the match, not just the first."""
    if not isinstance(entry, Play) or entry.tricks is None:
        # penalties and hand-counted points: their shape is all there is, parse_entry checked it;
        # RULES.md: a hand-counted deal gives no cards, so it has no tricks to count.
        return []
    found: list[Violation] = []
    seen: set[AnyCard] = set()
    count = 0
    jokers = 0
    for seat, tricks in enumerate(entry.tricks):
        for index, trick in enumerate(tricks):
            where = f"tricks[{seat}][{index}]"
            # Seed 004: "Выложенные карты по одной от каждого игрока называются взятка".
            if len(trick) != state.seats:
                found.append(error("trick_size", _("A trick holds one card from each player: %(seats)s, not "
                                                   "%(count)s."), where, seats=state.seats, count=len(trick)))
            for spot, card in enumerate(trick):
                count += 1
                if card in seen:
                    found.append(error("card_twice", _("%(card)s is listed twice."), f"{where}[{spot}]",
                                       card=card_text(card)))
                elif isinstance(card, Joker):
                    jokers += 1
                    if entry.trump is None and jokers == 2:
                        # Seed 004: "если эта карта окажется Джокером, то игра проходит без козырей" —
                        # the turned joker lies on the undealt pile: one joker at most was played.
                        found.append(error("joker_turned", _("A joker was turned for trumps and lies with the "
                                                             "undealt cards: the tricks hold one joker at most."),
                                           f"{where}[{spot}]"))
                seen.add(card)
    dealt = cards_dealt(state.options, state.seats)
    played = sum(len(tricks) for tricks in entry.tricks)
    if played != dealt:
        # Seed 004: "каждому игроку сдается равное количество карт" and every card is played, one
        # per player to a trick: as many tricks as cards each (``cards_each``).
        found.append(error("trick_count", _("Each player is dealt %(dealt)s cards, so a deal has %(dealt)s tricks, "
                                            "not %(count)s."), "tricks", dealt=dealt, count=played))
    if count > DECK_SIZE:
        # Seed 004: "Карт в колоде 52 и 2 Джокера".
        found.append(error("too_many_cards", _("The tricks hold %(count)s cards; the deck has 54."), "tricks",
                           count=count))
    return found
