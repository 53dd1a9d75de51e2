"""По тринадцати's referee checks: the best score of one trick with the melds chosen
(``score_trick``, ``trick_lines``) and which card takes a trick (``trick_winner``, ``winner_check``)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from referee.cards import Card, Joker, Rank, Suit, parse_card
from referee.games.thirteens.entries import AnyCard, Trick
from referee.games.thirteens.rules import DECK, PIP_VALUES, RANK_ORDER, SUIT_ORDER, THIRTEEN, Options
from referee.ledger import Line, Rejected, Violation, _, error, line
from referee.reading import collect_cards


@dataclass(frozen=True, slots=True)
class Meld:
    """One meld chosen in a trick: its kind, its cards (as they appear in the trick; a run from
    low to high), and its points under the options."""

    kind: str  # "thirteen", "pair" or "run"
    cards: tuple[Card, ...]
    points: int

    def json(self) -> dict[str, Any]:
        return {"kind": self.kind, "cards": [c.code for c in self.cards], "points": self.points}


@dataclass(frozen=True, slots=True)
class TrickScore:
    """The best score of one trick: the melds chosen, the trick point, and the jokers in it."""

    cards: Trick
    melds: tuple[Meld, ...]
    trick_point: int
    jokers: int  # how many jokers the trick holds
    joker_points: int  # their points together (jokers × ``joker_points``)

    @property
    def points(self) -> int:
        return sum(m.points for m in self.melds) + self.trick_point + self.joker_points

    def json(self) -> dict[str, Any]:
        return {"cards": [c.code for c in self.cards], "melds": [m.json() for m in self.melds],
                "trick_point": self.trick_point, "jokers": self.jokers, "points": self.points}


# A card of the trick with its position there: two equal cards (an invalid trick) stay two.
_Placed = tuple[int, Card]


def score_trick(cards: Sequence[AnyCard | str], options: Options | None = None) -> TrickScore:
    """The best score of one trick and the melds that make it.

    Seed 004: "Карты из одной взятки нельзя объединять с картами другой взятки" — a trick is scored
    on its own; each card is in at most one meld; of every way to split the trick into melds the one
    scoring most counts (RULES.md). Ties go to the split with more melds, then to a fixed order.
    :raises CardParseError: for text that is not a card.
    """
    options = options or Options()
    trick = tuple(parse_card(c) if isinstance(c, str) else c for c in cards)
    placed = sorted(((i, c) for i, c in enumerate(trick) if isinstance(c, Card)),
                    key=lambda p: (RANK_ORDER[p[1].rank], SUIT_ORDER[p[1].suit], p[0]))
    jokers = sum(isinstance(c, Joker) for c in trick)
    values = PIP_VALUES[options.pip_values]
    best: tuple[tuple[int, int], tuple[tuple[str, tuple[_Placed, ...]], ...]] | None = None
    for partition in _partitions(tuple(placed), values):
        melds_points = sum(options.meld_points(kind) for kind, _cards in partition)
        total = melds_points + _trick_point(options, bool(partition), jokers)
        key = (total, len(partition))
        if best is None or key > best[0]:  # the first of equals stays: a fixed order
            best = (key, partition)
    assert best is not None  # the empty partition is always there
    melds = tuple(_meld(kind, group, options) for kind, group in best[1])
    return TrickScore(trick, melds, _trick_point(options, bool(melds), jokers), jokers,
                      jokers * options.joker_points)


def _trick_point(options: Options, melded: bool, jokers: int) -> int:
    # Seed 004: "Взятка — взятые карты игроком, которые не относятся ни к одной из комбинаций или к
    # Джокеру, и за одну взятую взятку начисляется 1 очко" (``trick_point_rule: "no_meld"``);
    # ``"every_trick"``: every trick scores it, melds and jokers or not.
    if options.trick_point_rule == "every_trick":
        return options.trick_points
    return 0 if melded or jokers else options.trick_points


def _meld(kind: str, group: tuple[_Placed, ...], options: Options) -> Meld:
    if kind == "run":  # shown low to high, as the seed writes them: "6-7-8 или 10-В-Д"
        ordered = sorted(group, key=lambda p: RANK_ORDER[p[1].rank])
    else:  # shown as they lie in the trick
        ordered = sorted(group, key=lambda p: p[0])
    return Meld(kind, tuple(card for _i, card in ordered), options.meld_points(kind))


def _partitions(cards: tuple[_Placed, ...], values: Mapping[Rank, int]
                ) -> Iterator[tuple[tuple[str, tuple[_Placed, ...]], ...]]:
    """Every way to pick disjoint melds from *cards*: the first card is either in no meld, or in
    one of the melds that contain it, and the rest is split the same way. Exact, and small: a
    trick holds one card per player, six at most."""
    if not cards:
        yield ()
        return
    first, rest = cards[0], cards[1:]
    yield from _partitions(rest, values)
    for kind, group in _melds_with(first, rest, values):
        left = tuple(p for p in rest if p not in group)
        for tail in _partitions(left, values):
            yield ((kind, group), *tail)


def _melds_with(first: _Placed, rest: tuple[_Placed, ...], values: Mapping[Rank, int]
                ) -> Iterator[tuple[str, tuple[_Placed, ...]]]:
    """Every meld made of *first* and some of *rest*."""
    # Seed 004: "Тринадцать — комбинация из любого количества карт, которая в сумме дает 13 очков"
    # — any number, one included: with pagat's values a lone king is a thirteen.
    for size in range(len(rest) + 1):
        for others in combinations(rest, size):
            if values[first[1].rank] + sum(values[p[1].rank] for p in others) == THIRTEEN:
                yield "thirteen", (first, *others)
    # "Пара — две карты одного значения" — of one rank; three of a kind is one pair and a card.
    for other in rest:
        if other[1].rank is first[1].rank:
            yield "pair", (first, other)
    # "Три последовательные карты подряд — 3 карты, где значение каждой последующей увеличивается
    # на единицу. Например, 6-7-8 или 10-В-Д" — exactly three, any suits, in rank order 2 … A.
    for second, third in combinations(rest, 2):
        ranks = sorted(RANK_ORDER[p[1].rank] for p in (first, second, third))
        if ranks[1] == ranks[0] + 1 and ranks[2] == ranks[1] + 1:
            yield "run", (first, second, third)


def trick_winner(cards: Sequence[AnyCard | str], trump: Suit | None) -> int:
    """Which card takes a trick: its index in *cards*, given in the order they were played.

    Seed 004: "Взятку забирает игрок, который положит самую старшую карту в масти карты первого
    хода, или кто положит единственного козыря, или кто положит старшего козыря, если их несколько
    ... Если кто-либо из игроков кладет Джокера, то все козыря во взятке аннулируются и победитель
    взятки определяется по старшей карте в масти карты первого хода." A joker never takes a trick:
    it goes with the trick to whoever takes it (and costs him ``joker_points``). The seed is silent
    on a joker led; here the first card that is not a joker sets the suit to follow.
    :raises ValueError: for no cards, no card but jokers, or text that is not a card.
    """
    played = [parse_card(c) if isinstance(c, str) else c for c in cards]
    suited = [(i, c) for i, c in enumerate(played) if isinstance(c, Card)]
    if not suited:
        raise ValueError("a trick needs at least one card that is not a joker")
    led = suited[0][1].suit
    if trump is not None and len(suited) == len(played) and any(c.suit is trump for _i, c in suited):
        led = trump  # no joker: the highest trump takes it
    following = [(i, c) for i, c in suited if c.suit is led]
    return max(following, key=lambda p: RANK_ORDER[p[1].rank])[0]


# ---------------------------------------------------------------- referee checks: reading a trick, why


TRICK_SIZES = range(3, 7)  # one card from each of 3 to 6 players


def read_trick(cards: Any, where: str = "cards") -> Trick:
    """One trick for the referee checks: 3 to 6 cards of the 54, each once, in any spelling API.md
    accepts. :raises Rejected: ``bad_type``, ``bad_card``, ``card_twice``, ``trick_size``."""
    found: list[Violation] = []
    read = collect_cards(cards, DECK, where, found)
    if isinstance(cards, (list, tuple)) and len(cards) not in TRICK_SIZES:
        # Seed 004: "Выложенные карты по одной от каждого игрока называются взятка"; 3-6 players.
        found.append(error("trick_size", _("A trick holds one card from each player: 3 to 6 cards, not "
                                           "%(count)s."), where, count=len(cards)))
    if found or read is None:
        raise Rejected(found)
    return read


def trick_lines(item: TrickScore, options: Options | None = None) -> tuple[Line, ...]:
    """Why a trick scores what it does, one line per part, then the total."""
    options = options or Options()
    values = PIP_VALUES[options.pip_values]
    out: list[Line] = []
    for meld in item.melds:
        if meld.kind == "thirteen":
            out.append(line(_("Thirteen %(cards)s (%(values)s = 13): %(points)s"), cards=cards_text(meld.cards),
                            values=" + ".join(str(values[c.rank]) for c in meld.cards), points=meld.points))
        elif meld.kind == "pair":
            out.append(line(_("Pair %(cards)s: %(points)s"), cards=cards_text(meld.cards), points=meld.points))
        else:
            out.append(line(_("Run %(cards)s: %(points)s"), cards=cards_text(meld.cards), points=meld.points))
    if item.trick_point:
        if options.trick_point_rule == "every_trick":
            out.append(line(_("Every trick scores %(points)s"), points=item.trick_point))
        else:
            out.append(line(_("No meld and no joker: the trick scores %(points)s"), points=item.trick_point))
    if item.jokers:
        out.append(line(_("Jokers taken: %(count)s × %(each)s = %(points)s"), count=item.jokers,
                        each=options.joker_points, points=item.joker_points))
    out.append(line(_("This trick scores %(points)s"), points=item.points))
    return tuple(out)


@dataclass(frozen=True, slots=True)
class TrickWin:
    """Who takes a trick and why: the index of the winning card in play order."""

    index: int
    card: Card
    reason: Line


def winner_check(cards: Sequence[AnyCard | str], trump: Suit | None) -> TrickWin:
    """``trick_winner`` with the reason in words. :raises ValueError: as ``trick_winner``."""
    index = trick_winner(cards, trump)
    played = [parse_card(c) if isinstance(c, str) else c for c in cards]
    card = played[index]
    assert isinstance(card, Card)
    jokers = any(isinstance(c, Joker) for c in played)
    led = next(c for c in played if isinstance(c, Card))
    trumps = [c for c in played if isinstance(c, Card) and trump is not None and c.suit is trump]
    if trump is not None and not jokers and trumps:
        if len(trumps) == 1:
            reason = line(_("%(card)s is the only trump (%(suit)s) in the trick."), card=cards_text([card]),
                          suit=trump)
        else:
            reason = line(_("%(card)s is the highest trump (%(suit)s) in the trick."), card=cards_text([card]),
                          suit=trump)
    elif trumps:
        reason = line(_("A joker was played: trumps count for nothing in this trick, so %(card)s, the highest "
                        "card of the suit led (%(suit)s), takes it."), card=cards_text([card]), suit=led.suit)
    elif isinstance(played[0], Joker):
        reason = line(_("A joker was led: the first card after it sets the suit (%(suit)s); %(card)s is the "
                        "highest of that suit."), card=cards_text([card]), suit=led.suit)
    elif trump is None:
        reason = line(_("No trumps: %(card)s is the highest card of the suit led (%(suit)s)."),
                      card=cards_text([card]), suit=led.suit)
    else:
        reason = line(_("No trump in the trick: %(card)s is the highest card of the suit led (%(suit)s)."),
                      card=cards_text([card]), suit=led.suit)
    return TrickWin(index, card, reason)


def cards_text(cards: Sequence[AnyCard]) -> str:
    """Cards as a scorekeeper writes them: "K♥ Q♦ 6♠", jokers as X1 and X2."""
    return " ".join(card.rank.value + card.suit.symbol if isinstance(card, Card) else card.code
                    for card in cards)
