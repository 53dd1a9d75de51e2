"""Терц's referee checks, the questions a player asks at the table.

Declarations: ``classify`` names one, ``compare`` says whose count (``check_declarations`` finds
what is wrong with a deal's). Cards in play: ``trick_check`` (who takes this trick),
``play_check`` (may I play this card), ``trump_seven_check`` (may I swap the trump seven),
``points_check`` (what are these taken cards worth). Each answers a frozen value with its lines
of explanation, or raises ``Rejected`` with every violation of its input.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from referee import reading
from referee.cards import Card, Rank, Suit, card_text
from referee.games.terz.entries import Declaration
from referee.games.terz.rules import (
    DECK,
    FOURS,
    HAND,
    KIND_TEXT,
    LAST_TRICK,
    MARRIAGE,
    PLAIN_ORDER,
    PLAIN_VALUES,
    SEQUENCE,
    SEQUENCES,
    STEPS,
    SWAP_TALON_MIN,
    TALON_MAX,
    TRUMP_ORDER,
    TRUMP_VALUES,
)
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
        card = reading.deck_card(text, DECK)
        if isinstance(card, Violation):
            return card
        assert isinstance(card, Card)  # the deck holds no jokers
        if card in read:
            return error("card_twice", _("%(card)s is listed twice."), None, card=card_text(card))
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
                                   where, card=card_text(card), player=Seat(owner[card])))
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
                                   card=card_text(card), player=Seat(declaration.player),
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
        lines.append(line(_("Only %(player)s declared a combination: their combinations count"), player=Seat(scorer)))
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


# ---------------------------------------------------------------- cards at the table (referee checks)


def card_value(card: Card, trump: Suit) -> int:
    """A card's points: trump J 20, 9 13, A 11, 10 10, K 3, Q 2; else A 11, 10 10, K 3, Q 2, J 1."""
    return (TRUMP_VALUES if card.suit is trump else PLAIN_VALUES).get(card.rank, 0)


def card_points(cards: Sequence[Card], trump: Suit) -> int:
    """The card points of *cards* (the last trick's 10 not included)."""
    return sum(card_value(card, trump) for card in cards)


def strength(card: Card, trump: Suit) -> int:
    """A card's place in its suit's order: the trump order for trumps, the plain order otherwise."""
    return (TRUMP_ORDER if card.suit is trump else PLAIN_ORDER).index(card.rank)


def beats(answer: Card, led: Card, trump: Suit) -> bool:
    """Does *answer* take the trick *led* was led to? The higher of the same suit, or a trump on a
    card that is not; any other card leaves the trick to the card led."""
    if answer.suit is led.suit:
        return strength(answer, trump) > strength(led, trump)
    return answer.suit is trump


@dataclass(frozen=True, slots=True)
class TrickCheck:
    """Who takes a trick of two cards, and why."""

    trump: Suit
    cards: tuple[Card, Card]  # the card led, then the answer
    winner: int  # 0: the card led takes the trick, 1: the answer
    reason: str  # "same_suit" (the higher in the suit's order), "trump" (a trump on a plain card), "off_suit"
    points: int  # the trick's card points (the last trick's 10 not included)
    lines: tuple[Line, ...]


@dataclass(frozen=True, slots=True)
class PlayCheck:
    """Whether a card may be played now, under which duty, and every card that may."""

    card: Card
    legal: bool
    duty: str  # one of DUTIES: what the seed asks of this play
    allowed: tuple[Card, ...]  # every card of the hand that may be played now, in the hand's order
    free_jack: bool  # allowed only by the trump jack's freedom, not by the duty
    lines: tuple[Line, ...]


@dataclass(frozen=True, slots=True)
class SevenCheck:
    """Whether the trump seven may be swapped for the turned-up trump now; ``reasons`` say why not."""

    seven: Card
    legal: bool
    reasons: tuple[str, ...]  # "no_trump_seven", "not_your_turn", "talon_too_small"
    lines: tuple[Line, ...]


@dataclass(frozen=True, slots=True)
class PointsCheck:
    """The card points of a set of taken cards, the last trick's 10 when it is among them."""

    cards: tuple[Card, ...]
    trump: Suit
    last_trick: bool
    points: int
    lines: tuple[Line, ...]


def trick_check(trump: Any, cards: Any) -> TrickCheck:
    """Who takes the trick: *cards* are the card led and the answer, in the order played.

    Seed 000: "Старшинство карт: в НЕ козирною масті - 7, 8, 9, В, Д, К, 10, Т; в козирною масті -
    7, 8, Д, К, 10, Т, 9, В." — the higher card of the suit led takes it, a trump beats any card
    that is not one, and a card of another suit that is no trump cannot take it.

    :raises Rejected: a bad suit or card (``bad_card``, ``card_twice``), not two cards (``trick_size``).
    """
    found: list[Violation] = []
    suit = reading.read_suit(trump, "trump", found)
    trick = reading.collect_cards(cards, DECK, "cards", found)
    if trick is not None and len(trick) != 2:
        # "Ходять по одній карті", two players: a trick is the card led and the answer.
        found.append(error("trick_size", _("A trick is two cards, the one led and the answer, not %(count)s."),
                           "cards", count=len(trick)))
    if found or suit is None or trick is None:
        raise Rejected(found)
    led, answer = trick
    winner = 1 if beats(answer, led, suit) else 0
    taker, other = (answer, led) if winner else (led, answer)
    lines = [line(_("Trumps: %(trump)s. %(led)s led, %(answer)s answered."), trump=suit, led=_cards_text([led]),
                  answer=_cards_text([answer]))]
    if answer.suit is led.suit:
        reason = "same_suit"
        if led.suit is suit:
            lines.append(line(_("Both trumps: %(higher)s is above %(lower)s in the trump order %(order)s."),
                              higher=_cards_text([taker]), lower=_cards_text([other]), order=_order_text(TRUMP_ORDER)))
        else:
            lines.append(line(_("Both %(suit)s: %(higher)s is above %(lower)s in the order %(order)s."),
                              suit=led.suit, higher=_cards_text([taker]), lower=_cards_text([other]),
                              order=_order_text(PLAIN_ORDER)))
    elif suit in (led.suit, answer.suit):
        reason = "trump"
        lines.append(line(_("%(card)s is a trump: it beats %(other)s, which is not."), card=_cards_text([taker]),
                          other=_cards_text([other])))
    else:
        reason = "off_suit"
        lines.append(line(_("%(answer)s is neither %(suit)s, the suit led, nor a trump: it cannot take the trick."),
                          answer=_cards_text([answer]), suit=led.suit))
    points = card_points(trick, suit)
    lines.append(line(_("%(card)s takes the trick, with %(points)s card points in it."), card=_cards_text([taker]),
                      points=points))
    return TrickCheck(suit, (led, answer), winner, reason, points, tuple(lines))


def play_check(hand: Any, trump: Any, table: Any, talon_empty: Any, card: Any) -> PlayCheck:
    """May *card* be played from *hand* now? *table*: the card already played to this trick (empty
    or None: he leads); *talon_empty*: no card left to draw, the turned-up trump taken too. The card counts
    as in the hand whether listed or not.

    Seed 000: "Карти у відповідь необхідно класти в масть, якщо такої карти немає, то необхідно
    класти козир, але тільки до того моменту, поки в талоні не закінчаться карти. Коли карти в
    талоні закінчаться, то необхідно перебивати карту суперника: класти карту старшої масті, або
    класти старший козир, якщо карта ходу козирна. За своїм бажанням гравець може покласти тільки
    валета козирного." Read as: while the talon lasts, follow suit, else trump; once it is empty,
    beat the card led (a higher card of its suit, a higher trump on a trump), else follow suit,
    else trump (a trump beats a plain card), else any card. The trump jack may always be played.

    :raises Rejected: bad cards or suit, a card twice, more than 9 cards (``too_many_cards``), more
        than one card on the table (``trick_size``), *talon_empty* not true or false (``bad_type``).
    """
    found: list[Violation] = []
    suit = reading.read_suit(trump, "trump", found)
    held = reading.collect_cards(hand, DECK, "hand", found)
    played = reading.read_card(card, DECK, "card", {}, found)
    on_table = () if table is None else reading.collect_cards(table, DECK, "table", found)
    if not isinstance(talon_empty, bool):
        found.append(error("bad_type", _("Expected true or false."), "talon_empty"))
    if held is not None and played is not None and played not in held:
        held = (*held, played)
    if held is not None and len(held) > HAND:
        found.append(error("too_many_cards", _("A hand holds at most 9 cards, not %(count)s."), "hand",
                           count=len(held)))
    if on_table is not None and len(on_table) > 1:
        found.append(error("trick_size", _("Only the card led lies on the table before the answer, not "
                                           "%(count)s cards."), "table", count=len(on_table)))
    elif on_table and held is not None and on_table[0] in held:
        found.append(error("card_twice", _("%(card)s is on the table and in the hand."), "table[0]",
                           card=card_text(on_table[0])))
    if found or suit is None or held is None or played is None or on_table is None:
        raise Rejected(found)
    assert isinstance(played, Card)  # the deck holds no jokers
    duty, must, lines = _duty(held, suit, on_table[0] if on_table else None, talon_empty)
    jack = Card(Rank.JACK, suit)
    allowed = tuple(c for c in held if c in must or c == jack)
    free_jack = played == jack and played not in must
    if jack in held and jack not in must:
        # "За своїм бажанням гравець може покласти тільки валета козирного."
        lines.append(line(_("%(jack)s, the trump jack, may be played at will, whatever the duty."),
                          jack=_cards_text([jack])))
    if played in allowed:
        lines.append(line(_("%(card)s may be played."), card=_cards_text([played])))
    else:
        lines.append(line(_("%(card)s may not be played."), card=_cards_text([played])))
    return PlayCheck(played, played in allowed, duty, allowed, free_jack, tuple(lines))


def _duty(hand: tuple[Card, ...], trump: Suit, led: Card | None, talon_empty: bool
          ) -> tuple[str, tuple[Card, ...], list[Line]]:
    """The duty in force, the cards that meet it, and the lines that say so."""
    if led is None:
        # "Ходять по одній карті": the seed's duties are for "Карти у відповідь", not for the lead.
        return "lead", hand, [line(_("Nothing on the table yet: any card may be led."))]
    suited = tuple(c for c in hand if c.suit is led.suit)
    trumps = tuple(c for c in hand if c.suit is trump)
    shown = _cards_text([led])
    if talon_empty:
        lines = [line(_("%(led)s led and the talon is empty: beat it if the hand can."), led=shown)]
        higher = tuple(c for c in suited if strength(c, trump) > strength(led, trump))
        if higher:
            # "необхідно перебивати карту суперника: класти карту старшої масті, або класти старший
            # козир, якщо карта ходу козирна"
            lines.append(line(_("The hand can beat it in %(suit)s: %(cards)s."), suit=led.suit,
                              cards=_cards_text(higher)))
            return "beat", higher, lines
        if suited:
            lines.append(line(_("The hand cannot beat it, but holds %(suit)s: %(cards)s."), suit=led.suit,
                              cards=_cards_text(suited)))
            return "follow_suit", suited, lines
    else:
        lines = [line(_("%(led)s led and cards are left in the talon: follow suit, else trump."), led=shown)]
        if suited:
            # "Карти у відповідь необхідно класти в масть"
            lines.append(line(_("The hand holds %(suit)s: %(cards)s."), suit=led.suit, cards=_cards_text(suited)))
            return "follow_suit", suited, lines
    if trumps:
        # "якщо такої карти немає, то необхідно класти козир"; once the talon is empty a trump is
        # also the only card that beats the card led.
        lines.append(line(_("No %(suit)s in the hand: it must trump, with %(cards)s."), suit=led.suit,
                          cards=_cards_text(trumps)))
        return "trump", trumps, lines
    lines.append(line(_("Neither %(suit)s nor a trump in the hand: any card."), suit=led.suit))
    return "free", hand, lines


def trump_seven_check(hand: Any, trump: Any, talon: Any, my_turn: Any) -> SevenCheck:
    """May the trump seven in *hand* be swapped for the turned-up trump now? *talon*: the cards left
    face down in the talon (the turned-up trump beside it not counted); *my_turn*: it is the
    holder's turn to play and he has not played yet.

    Seed 000: "Якщо у гравця є козирна сімка, то він може в будь-який момент перед своїм ходом
    замінити її на відкритий козир, але за умови якщо в колоді не менше двох карт."

    :raises Rejected: bad cards or suit, more than 9 cards, a talon that is not 0 to 13, *my_turn*
        not true or false.
    """
    found: list[Violation] = []
    suit = reading.read_suit(trump, "trump", found)
    held = reading.collect_cards(hand, DECK, "hand", found)
    if held is not None and len(held) > HAND:
        found.append(error("too_many_cards", _("A hand holds at most 9 cards, not %(count)s."), "hand",
                           count=len(held)))
    if isinstance(talon, bool) or not isinstance(talon, int):
        found.append(error("bad_type", _("Expected a whole number."), "talon"))
    elif not 0 <= talon <= TALON_MAX:
        found.append(error("out_of_range", _("%(value)s is out of range (%(low)s to %(high)s)."), "talon",
                           value=talon, low=0, high=TALON_MAX))
    if not isinstance(my_turn, bool):
        found.append(error("bad_type", _("Expected true or false."), "my_turn"))
    if found or suit is None or held is None:
        raise Rejected(found)
    seven = Card(Rank.SEVEN, suit)
    shown = _cards_text([seven])
    reasons: list[str] = []
    lines: list[Line] = []
    if seven not in held:
        # "Якщо у гравця є козирна сімка"
        reasons.append("no_trump_seven")
        lines.append(line(_("The hand does not hold %(seven)s, the trump seven."), seven=shown))
    if not my_turn:
        # "в будь-який момент перед своїм ходом"
        reasons.append("not_your_turn")
        lines.append(line(_("The seven is swapped only before its holder's own play.")))
    if talon < SWAP_TALON_MIN:
        # "але за умови якщо в колоді не менше двох карт"
        reasons.append("talon_too_small")
        lines.append(line(_("Cards left in the talon: %(talon)s; the swap needs at least 2."), talon=talon))
    if not reasons:
        lines.append(line(_("%(seven)s may be swapped for the turned-up trump: it is the holder's turn and "
                            "%(talon)s cards are left in the talon."), seven=shown, talon=talon))
    return SevenCheck(seven, not reasons, tuple(reasons), tuple(lines))


def points_check(cards: Any, trump: Any, last_trick: Any = False) -> PointsCheck:
    """The card points of *cards*, a player's taken cards, and the last trick's 10 when he took it.

    Seed 000: "Окуляри за карти в НЕ козирною масті: туз - 11 очок, 10 - 10 очок, король - 3 очка,
    дама - 2 очка, валет - 1 очко"; "в козирною масті: валет - 20 очок, 9 - 13 очок, туз - 11
    очок, 10 - 10 очок, король - 3 очка, дама - 2 очка"; "Остання хабар - 10 очок."

    :raises Rejected: bad cards or suit, a card twice, *last_trick* not true or false.
    """
    found: list[Violation] = []
    suit = reading.read_suit(trump, "trump", found)
    taken = reading.collect_cards(cards, DECK, "cards", found)
    if not isinstance(last_trick, bool):
        found.append(error("bad_type", _("Expected true or false."), "last_trick"))
    if found or suit is None or taken is None:
        raise Rejected(found)
    lines: list[Line] = []
    parts: list[int] = []
    in_trumps = [c for c in taken if c.suit is suit]
    plain = [c for c in taken if c.suit is not suit]
    if in_trumps:
        parts.append(card_points(in_trumps, suit))
        lines.append(line(_("In trumps: %(cards)s = %(points)s."), cards=_valued_text(in_trumps, suit),
                          points=parts[-1]))
    if plain:
        parts.append(card_points(plain, suit))
        lines.append(line(_("Not in trumps: %(cards)s = %(points)s."), cards=_valued_text(plain, suit),
                          points=parts[-1]))
    if last_trick:
        parts.append(LAST_TRICK)
        lines.append(line(_("The last trick: %(points)s."), points=LAST_TRICK))
    points = sum(parts)
    if len(parts) > 1:
        lines.append(line(_("Card points: %(sum)s = %(points)s."), sum=" + ".join(map(str, parts)), points=points))
    else:
        lines.append(line(_("Card points: %(points)s."), points=points))
    return PointsCheck(taken, suit, last_trick, points, tuple(lines))


# ---------------------------------------------------------------- reading the checks' input


def read_cards(cards: Any, where: str = "cards") -> tuple[Card, ...]:
    """Cards of the 32-card deck, each once, in any spelling API.md accepts; canonical out.

    :raises Rejected: ``bad_type`` (not a list), ``bad_card``, ``card_twice``.
    """
    return reading.read_cards(cards, DECK, where)


def _order_text(order: Sequence[Rank]) -> str:
    return " ".join(rank.value for rank in order)


def _valued_text(cards: Sequence[Card], trump: Suit) -> str:
    """"J♥ 20 + 9♥ 13 + 7♥ 0": every card with its points, for the sum that follows."""
    return " + ".join(f"{_cards_text([card])} {card_value(card, trump)}" for card in cards)
