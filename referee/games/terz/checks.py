"""Терц's referee checks: ``classify`` names one declaration, ``compare`` says whose
declarations count (and ``check_declarations`` finds what is wrong with a deal's)."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from referee.cards import Card, Rank, Suit
from referee.games.terz.entries import Declaration, deck_card
from referee.games.terz.rules import FOURS, KIND_TEXT, MARRIAGE, SEQUENCE, SEQUENCES, STEPS
from referee.ledger import Line, Rejected, Seat, Violation, _, error, line


@dataclass(frozen=True, slots=True)
class Declared:
    """A declaration, classified and judged: does it count for its player in this deal?"""

    player: int
    cards: tuple[Card, ...]
    kind: str
    value: int
    order: int  # its place in the order announced
    counts: bool = False

    @property
    def competes(self) -> bool:
        # Seed 000: "Мар'яж не перебивати жодної комбінації і сам не може бути перебитий."
        return self.kind != "marriage"

    @property
    def is_sequence(self) -> bool:
        return self.kind in ("terz", "fifty", "hundred")

    def top(self) -> Card:
        return max(self.cards, key=lambda c: SEQUENCE.index(c.rank))

    def key(self, trump: Suit) -> tuple[int, int, int, bool, int]:
        """RULES.md's order of strength; the last item makes the earlier announcement stronger."""
        # Seed 000: "При рівній довжині і рівному гідність вище цінується та комбінація, в якій є
        # козир" — a combination holding a trump (a four of a kind always does).
        return (self.value, len(self.cards), SEQUENCE.index(self.top().rank),
                any(c.suit is trump for c in self.cards), -self.order)

    def json(self) -> dict[str, Any]:
        return {"player": self.player, "cards": [c.code for c in self.cards], "kind": self.kind,
                "value": self.value, "counts": self.counts}


@dataclass(frozen=True, slots=True)
class Comparison:
    """Who scores what: every declaration judged, the points per seat, the deciding step, why."""

    declarations: tuple[Declared, ...]
    scores: tuple[int, ...]
    scorer: int | None  # who holds the best combination (None: no combination but marriages)
    step: str | None  # the comparison step that decided ("value" … "first"); None: uncontested
    lines: tuple[Line, ...]


def classify(cards: Sequence[Card | str], trump: Suit) -> tuple[str, int] | Violation:
    """Name one declaration: ``("terz", 20)`` … ``("marriage", 20)``, or the violation it is
    (``not_a_combination``, ``marriage_not_trump``, ``card_twice``, ``bad_card``)."""
    read: list[Card] = []
    for text in cards:
        card = deck_card(text)
        if isinstance(card, Violation):
            return card
        if card in read:
            return error("card_twice", _("%(card)s is listed twice."), None, card=card.code)
        read.append(card)
    suits = {c.suit for c in read}
    ranks = sorted(SEQUENCE.index(c.rank) for c in read)
    if len(read) == 2 and {c.rank for c in read} == {Rank.KING, Rank.QUEEN} and len(suits) == 1:
        if read[0].suit is trump:
            return MARRIAGE
        # Seed 000: "козирна дама і король (мар'яж)" — a marriage is in trumps only.
        return error("marriage_not_trump", _("King and queen of %(suit)s are a marriage only in trumps "
                                             "(%(trump)s)."), None, suit=read[0].suit, trump=trump)
    if len(read) == 4 and len({c.rank for c in read}) == 1:
        if read[0].rank in FOURS:
            return FOURS[read[0].rank]
        return error("not_a_combination", _("Four %(rank)ss are not a combination: only four jacks, queens, "
                                            "kings or aces count."), None, rank=read[0].rank.value)
    if (len(read) in SEQUENCES and len(suits) == 1
            and ranks == list(range(ranks[0], ranks[0] + len(ranks)))):
        return SEQUENCES[len(read)]
    return error("not_a_combination", _("%(cards)s is not a combination."), None, cards=_cards_text(read)
                 if read else "—")


def check_declarations(trump: Suit, declarations: Sequence[Declaration]) -> list[Violation]:
    """Every problem with a deal's declarations: each classified, then the cards they share."""
    found: list[Violation] = []
    named: dict[int, tuple[str, int]] = {}
    for index, declaration in enumerate(declarations):
        kind = classify(declaration.cards, trump)
        if isinstance(kind, Violation):
            found.append(dataclasses.replace(kind, field=f"declarations[{index}].cards"))
        else:
            named[index] = kind
    owner: dict[Card, int] = {}
    for index, declaration in enumerate(declarations):
        for spot, card in enumerate(declaration.cards):
            where = f"declarations[{index}].cards[{spot}]"
            if card in owner and owner[card] != declaration.player:
                # RULES.md: "No card may be declared by both players".
                found.append(error("card_declared_twice", _("%(card)s was already declared by %(player)s."),
                                   where, card=card.code, player=Seat(owner[card])))
            owner.setdefault(card, declaration.player)
    for later, declaration in enumerate(declarations):
        for earlier in range(later):
            other = declarations[earlier]
            if other.player != declaration.player or later not in named or earlier not in named:
                continue
            shared = set(other.cards) & set(declaration.cards)
            if shared and not _may_share(named[earlier][0], named[later][0]):
                card = next(c for c in declaration.cards if c in shared)
                found.append(error("card_twice", _("%(card)s is already in %(player)s's %(kind)s."),
                                   f"declarations[{later}].cards[{declaration.cards.index(card)}]",
                                   card=card.code, player=Seat(declaration.player),
                                   kind=line(KIND_TEXT[named[earlier][0]])))
    return found


def _may_share(first: str, second: str) -> bool:
    """Seed 000: "Допускається, коли одна карта з послідовної комбінації входить в комбінацію
    гідно. Мар'яж входить в будь-які комбінації." — a sequence with a four of a kind, and the
    marriage with any other combination; never the same card in two sequences, nor two marriages."""
    kinds = {first, second}
    if "marriage" in kinds:
        return kinds != {"marriage"}
    sequences = sum(kind in ("terz", "fifty", "hundred") for kind in (first, second))
    return sequences == 1


def compare(trump: Suit, declarations: Sequence[Declaration], seats: int = 2) -> Comparison:
    """Judge a deal's declarations: the holder of the best combination scores all of his, the
    other none of his; every marriage scores. :raises Rejected: the declarations' violations."""
    problems = check_declarations(trump, declarations)
    if problems:
        raise Rejected(problems)
    judged = []
    for order, declaration in enumerate(declarations):
        kind, value = classify(declaration.cards, trump)  # type: ignore[misc]  # checked above
        judged.append(Declared(declaration.player, declaration.cards, kind, value, order))
    lines: list[Line] = []
    best: dict[int, Declared] = {}
    for item in judged:
        if item.competes and (item.player not in best or item.key(trump) > best[item.player].key(trump)):
            best[item.player] = item
    scorer = step = None
    if len(best) == 1:
        scorer = next(iter(best))
        lines.append(line(_("Only %(player)s declared a combination: his combinations count"), player=Seat(scorer)))
    elif best:
        # Seed 000: "окуляри за комбінацію нараховуються тільки тому гравцеві, у якого більш старша
        # комбінація"; ties broken as RULES.md orders them (STEPS).
        ranked = sorted(best.values(), key=lambda d: d.key(trump), reverse=True)
        winner, loser = ranked[0], ranked[1]
        scorer = winner.player
        step = next(name for name, a, b in zip(STEPS, winner.key(trump), loser.key(trump), strict=True) if a != b)
        lines.append(line(_("%(winner)s's %(kind)s %(cards)s beats %(loser)s's %(other)s %(other_cards)s: "
                            "%(why)s"), winner=Seat(winner.player), kind=line(KIND_TEXT[winner.kind]),
                          cards=_cards_text(winner.cards), loser=Seat(loser.player),
                          other=line(KIND_TEXT[loser.kind]), other_cards=_cards_text(loser.cards),
                          why=_why(step, winner, loser)))
    scores = [0] * seats
    final = []
    for item in judged:
        counts = not item.competes or item.player == scorer
        final.append(dataclasses.replace(item, counts=counts))
        if counts:
            scores[item.player] += item.value
            lines.append(line(_("%(player)s: %(kind)s %(cards)s +%(value)s"), player=Seat(item.player),
                              kind=line(KIND_TEXT[item.kind]), cards=_cards_text(item.cards), value=item.value))
        else:
            lines.append(line(_("%(player)s: %(kind)s %(cards)s does not count"), player=Seat(item.player),
                              kind=line(KIND_TEXT[item.kind]), cards=_cards_text(item.cards)))
    return Comparison(tuple(final), tuple(scores), scorer, step, tuple(lines))


def _why(step: str, winner: Declared, loser: Declared) -> Line:
    if step == "value":
        return line(_("worth more (%(better)s against %(worse)s)"), better=winner.value, worse=loser.value)
    if step == "cards":
        return line(_("more cards (%(better)s against %(worse)s)"), better=len(winner.cards),
                    worse=len(loser.cards))
    if step == "top":
        return line(_("higher top card (%(better)s against %(worse)s)"), better=_cards_text([winner.top()]),
                    worse=_cards_text([loser.top()]))
    if step == "trump":
        return line(_("it is in trumps"))
    return line(_("announced first"))


def _cards_text(cards: Sequence[Card]) -> str:
    return " ".join(card.rank.value + card.suit.symbol for card in cards)
