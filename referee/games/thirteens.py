"""По тринадцати (Thirteens) for 3–6 players, as read in seed 004 and RULES.md ("thirteens").

A deal is a played deal (``Play``: each seat's tricks as card lists, or each seat's points when
the table counted by hand) or the generic ``Penalty``. ``apply`` scores every trick on its own
(the best partition of its cards into thirteens, pairs and runs; the trick point; jokers), then
the seat that took no trick, then the winner (first to ``target``; several → the highest; a tie
plays on). The dealer passes to the next seat after each play.

Referee checks: ``score_trick`` gives the best score of one trick with the melds chosen;
``trick_winner`` says which card takes a trick.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any, ClassVar

from referee import reading
from referee.cards import Card, CardParseError, Joker, Rank, Suit, parse_card
from referee.ledger import Line, Outcome, Rejected, Seat, Violation, _, error, line
from referee.reading import EntryReader, option, read_penalty, refuse_entry_type

NAME = "thirteens"
# Seed 004: "Сколько игроков 3-6".
SEATS = range(3, 7)
# Seed 004: "Карт в колоде 52 и 2 Джокера".
DECK_SIZE = 54
# Seed 004: "Ранжирование карт 2, 3, 4, 5, 6, 7, 8, 9, 10, В, Д, К, Т" — the ace is high only,
# so Q-K-A is a run and A-2-3 is not. The Rank enum is declared in this order.
RANK_ORDER = {rank: index for index, rank in enumerate(Rank)}
SUIT_ORDER = {suit: index for index, suit in enumerate(Suit)}
_FACE = {Rank.TWO: 2, Rank.THREE: 3, Rank.FOUR: 4, Rank.FIVE: 5, Rank.SIX: 6, Rank.SEVEN: 7,
         Rank.EIGHT: 8, Rank.NINE: 9, Rank.TEN: 10, Rank.ACE: 1}
# Seed 004: "Туз — 1 очко, Король — 4 очка, Дама — 3 очка, Валет — 2 очко, все остальные карты по
# своему значению" (``pip_values: "seed"``); pagat.com counts J 11, Q 12, K 13 (``"pagat"``).
PIP_VALUES = {
    "seed": _FACE | {Rank.JACK: 2, Rank.QUEEN: 3, Rank.KING: 4},
    "pagat": _FACE | {Rank.JACK: 11, Rank.QUEEN: 12, Rank.KING: 13},
}
THIRTEEN = 13
PIP_CHOICES = ("seed", "pagat")
TRICK_POINT_RULES = ("no_meld", "every_trick")
MELD_KINDS = ("thirteen", "pair", "run")
ENTRY_TYPES = ("play", "penalty")
POINTS_LIMIT = 10_000  # a hand-counted deal score beyond this is a typo


@dataclass(frozen=True, slots=True)
class Options:
    """House rules; names and defaults are RULES.md's."""

    target: int = option(50, _("Points to win"), low=1, high=10_000)
    pip_values: str = option("seed", _("Card values for a thirteen"), choices=PIP_CHOICES)
    thirteen_points: int = option(3, _("Points for a thirteen"), low=0, high=100)
    pair_points: int = option(1, _("Points for a pair"), low=0, high=100)
    run_points: int = option(1, _("Points for a run of three"), low=0, high=100)
    trick_points: int = option(1, _("Points for a trick"), low=0, high=100)
    trick_point_rule: str = option("no_meld", _("A trick scores its point"), choices=TRICK_POINT_RULES)
    joker_points: int = option(-4, _("Points for each joker taken"), low=-100, high=100)
    no_trick_points: int = option(-3, _("Points for taking no trick"), low=-100, high=100)

    def meld_points(self, kind: str) -> int:
        return {"thirteen": self.thirteen_points, "pair": self.pair_points, "run": self.run_points}[kind]


PRESETS: dict[str, Options] = {"classic": Options(), "pagat": Options(pip_values="pagat")}
DEFAULT_PRESET = "classic"


def parse_options(raw: Mapping[str, Any] | None, preset: str | None = None) -> Options:
    """The preset with *raw* overrides. :raises Rejected: unknown names, bad values."""
    return reading.parse_options(Options, PRESETS, DEFAULT_PRESET, raw, preset)


def dump_options(options: Options) -> dict[str, Any]:
    return reading.dump_options(options)


# ---------------------------------------------------------------- entries

AnyCard = Card | Joker
Trick = tuple[AnyCard, ...]


@dataclass(frozen=True, slots=True)
class Play:
    """One deal: each seat's tricks (``tricks``) or, counted by hand, each seat's ``points``."""

    kind: ClassVar[str] = "play"
    trump: Suit | None  # None: a joker was turned (no trumps), or not given with hand-counted points
    tricks: tuple[tuple[Trick, ...], ...] | None = None  # per seat, each trick its cards
    points: tuple[int, ...] | None = None  # per seat, when the table counted by hand


@dataclass(frozen=True, slots=True)
class Penalty:
    kind: ClassVar[str] = "penalty"
    player: int
    points: int
    reason: str = ""


Entry = Play | Penalty

_COMMON = {"type"}
_PLAY_FIELDS = _COMMON | {"trump", "tricks", "points"}


def parse_entry(raw: Any, seats: int) -> Entry:
    """A raw JSON entry as a frozen value. :raises Rejected: every field of the wrong shape."""
    kind = raw.get("type") if isinstance(raw, Mapping) else None
    if kind == "play":
        return _parse_play(raw, seats)
    if kind == "penalty":
        return Penalty(*read_penalty(raw, seats, low=-POINTS_LIMIT, high=POINTS_LIMIT))
    refuse_entry_type(raw, seats, ENTRY_TYPES)


def _parse_play(raw: Mapping[str, Any], seats: int) -> Play:
    reader = EntryReader(raw, seats, _PLAY_FIELDS)
    counted = raw.get("points") is not None
    listed = raw.get("tricks") is not None
    trump = None
    if raw.get("trump") is not None:
        trump = reader.suit(raw["trump"], "trump")
    elif "trump" not in raw and not counted:
        # Seed 004: "одна из этих карт открывается и масть этой карты обозначает козырь, если эта
        # карта окажется Джокером, то игра проходит без козырей" — null says a joker was turned;
        # only a hand-counted entry may leave it out (RULES.md: "trump optional then").
        reader.bad("missing_field", _("This field is required (null when a joker was turned)."), "trump")
    tricks = points = None
    if counted and listed:
        reader.bad("bad_type", _("Give either each player's tricks or each player's points, not both."),
                   "points")
    elif counted:
        points = reader.per_seat("points", lambda v, w: reader.check_int(v, w, -POINTS_LIMIT, POINTS_LIMIT))
    elif listed:
        tricks = reader.per_seat("tricks", lambda v, w: _parse_tricks(reader, v, w))
    else:
        reader.bad("missing_field", _("Give each player's tricks (or each player's points)."), "tricks")
    reader.done()
    return Play(trump, tricks, points)


def _parse_tricks(reader: EntryReader, value: Any, where: str) -> tuple[Trick, ...] | None:
    if not isinstance(value, list):
        reader.bad("bad_type", _("Expected a list of tricks, each a list of cards."), where)
        return None
    tricks: list[Trick] = []
    for index, trick in enumerate(value):
        spot = f"{where}[{index}]"
        if not isinstance(trick, list):
            reader.bad("bad_type", _("Expected a trick: a list of cards."), spot)
            continue
        # reader.card records bad_card (with the field) and answers None; done() then refuses.
        tricks.append(tuple(reader.card(text, f"{spot}[{k}]") for k, text in enumerate(trick)))  # type: ignore[misc]
    return tuple(tricks)


def dump_entry(entry: Entry) -> dict[str, Any]:
    """The canonical JSON of an entry: what the database stores and the API writes."""
    if isinstance(entry, Penalty):
        return {"type": "penalty", "player": entry.player, "points": entry.points, "reason": entry.reason}
    trump = entry.trump.value if entry.trump is not None else None
    if entry.points is not None:
        out: dict[str, Any] = {"type": "play", "points": list(entry.points)}
        if trump is not None:
            out["trump"] = trump
        return out
    return {"type": "play", "trump": trump,
            "tricks": [[[card.code for card in trick] for trick in seat] for seat in entry.tricks or ()]}


# ---------------------------------------------------------------- state


@dataclass(frozen=True, slots=True)
class State:
    options: Options
    totals: tuple[int, ...]
    dealer: int
    winner: int | None = None

    @property
    def seats(self) -> int:
        return len(self.totals)

    @property
    def finished(self) -> bool:
        return self.winner is not None


def initial_state(options: Options, seats: int, first_dealer: int) -> State:
    return State(options=options, totals=(0,) * seats, dealer=first_dealer)


def dump_state(state: State) -> dict[str, Any]:
    return {"dealer": state.dealer, "target": state.options.target}


# ---------------------------------------------------------------- one trick (referee checks)


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
    if not isinstance(cards, (list, tuple)):
        raise Rejected([error("bad_type", _("Expected a list of cards."), where)])
    found: list[Violation] = []
    read: list[AnyCard] = []
    for index, text in enumerate(cards):
        spot = f"{where}[{index}]"
        try:
            card = text if isinstance(text, (Card, Joker)) else parse_card(text)
        except CardParseError:
            found.append(error("bad_card", _("“%(value)s” is not a card."), spot, value=str(text)[:40]))
            continue
        if card in read:
            found.append(error("card_twice", _("%(card)s is listed twice."), spot, card=card.code))
        read.append(card)
    if len(cards) not in TRICK_SIZES:
        # Seed 004: "Выложенные карты по одной от каждого игрока называются взятка"; 3-6 players.
        found.append(error("trick_size", _("A trick holds one card from each player: 3 to 6 cards, not "
                                           "%(count)s."), where, count=len(cards)))
    if found:
        raise Rejected(found)
    return tuple(read)


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


# ---------------------------------------------------------------- validation


def validate(state: State, entry: Entry) -> list[Violation]:
    """Every problem with *entry* at this point of the match, not just the first."""
    if not isinstance(entry, Play) or entry.tricks is None:
        return []  # penalties and hand-counted points: their shape is all there is, parse_entry checked it
    found: list[Violation] = []
    seen: set[AnyCard] = set()
    count = 0
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
                                       card=card.code))
                seen.add(card)
    if count > DECK_SIZE:
        # Seed 004: "Карт в колоде 52 и 2 Джокера".
        found.append(error("too_many_cards", _("The tricks hold %(count)s cards; the deck has 54."), "tricks",
                           count=count))
    return found


# ---------------------------------------------------------------- scoring


@dataclass
class _Deal:
    """A working copy while one entry is scored; frozen again into ``State`` at the end."""

    state: State
    totals: list[int]
    marks: list[list[str]]
    lines: list[Line]

    def say(self, text: str, **params: Any) -> None:
        self.lines.append(line(text, **params))

    def mark(self, seat: int, what: str) -> None:
        if what not in self.marks[seat]:
            self.marks[seat].append(what)


def apply(state: State, entry: Entry) -> tuple[State, Outcome]:
    """Score one entry that ``validate`` accepted. Pure: no I/O, no clock, no second check."""
    deal = _Deal(state, list(state.totals), [[] for _ in range(state.seats)], [])
    dealer = state.dealer
    if isinstance(entry, Play):
        result = _score_play(deal, entry)
        # Seed 004: "в следующих играх игроки сдают карты по очереди по часовой стрелке" — seats
        # are listed in playing order, so the next seat deals.
        dealer = (state.dealer + 1) % state.seats
    else:
        seat = entry.player
        deal.mark(seat, "penalty")
        if entry.reason:
            deal.say(_("%(player)s: penalty %(points)s (%(reason)s)"), player=Seat(seat), points=entry.points,
                     reason=entry.reason)
        else:
            deal.say(_("%(player)s: penalty %(points)s"), player=Seat(seat), points=entry.points)
        deal.totals[seat] += entry.points
        result = {"player": seat, "points": entry.points, "reason": entry.reason}
    winner = _winner(deal)
    new = dataclasses.replace(state, totals=tuple(deal.totals), dealer=dealer, winner=winner)
    deltas = tuple(after - before for after, before in zip(new.totals, state.totals, strict=True))
    return new, Outcome(deltas, tuple(tuple(m) for m in deal.marks), tuple(deal.lines), result)


def _score_play(deal: _Deal, entry: Play) -> dict[str, Any]:
    opts = deal.state.options
    if entry.trump is not None:
        deal.say(_("Trumps: %(trump)s"), trump=entry.trump)
    elif entry.tricks is not None:
        deal.say(_("A joker was turned: no trumps"))
    trump = entry.trump.value if entry.trump is not None else None
    if entry.points is not None:
        for seat, points in enumerate(entry.points):
            deal.say(_("%(player)s: %(points)s, counted at the table"), player=Seat(seat), points=points)
            deal.totals[seat] += points
        return {"trump": trump, "scores": list(entry.points)}
    scores: list[int] = []
    tricks_json: list[list[dict[str, Any]]] = []
    for seat, tricks in enumerate(entry.tricks or ()):
        scored = [score_trick(trick, opts) for trick in tricks]
        tricks_json.append([s.json() for s in scored])
        for item in scored:
            deal.say(_("%(player)s: trick %(cards)s — %(scored)s"), player=Seat(seat),
                     cards=cards_text(item.cards), scored=_trick_text(item, PIP_VALUES[opts.pip_values]))
            if item.jokers:
                deal.mark(seat, "joker")
        gained = sum(item.points for item in scored)
        if not tricks:
            # Seed 004: "Игрок, который не возьмет ни одной взятки, получает минус 3 очка"
            # (``no_trick_points``).
            gained = opts.no_trick_points
            deal.mark(seat, "no_trick")
            deal.say(_("%(player)s took no trick: %(points)s"), player=Seat(seat), points=gained)
        deal.say(_("%(player)s: %(before)s %(sign)s %(points)s = %(total)s"), player=Seat(seat),
                 before=deal.totals[seat], sign="−" if gained < 0 else "+", points=abs(gained),
                 total=deal.totals[seat] + gained)
        deal.totals[seat] += gained
        scores.append(gained)
    return {"trump": trump, "scores": scores, "tricks": tricks_json,
            "no_trick": [seat for seat, tricks in enumerate(entry.tricks or ()) if not tricks]}


MELD_TEXT = {"pair": _("pair %(cards)s %(points)s"), "run": _("run %(cards)s %(points)s")}


def _trick_text(item: TrickScore, values: Mapping[Rank, int]) -> Line:
    """What one trick scored, part by part: "thirteen (4+3+6) 3", "pair 5♠ 5♥ 1", "joker -4"."""
    parts: list[Line] = []
    for meld in item.melds:
        if meld.kind == "thirteen":
            parts.append(line(_("thirteen (%(values)s) %(points)s"),
                              values="+".join(str(values[c.rank]) for c in meld.cards), points=meld.points))
        else:
            parts.append(line(MELD_TEXT[meld.kind], cards=cards_text(meld.cards), points=meld.points))
    if item.trick_point:
        parts.append(line(_("trick %(points)s"), points=item.trick_point))
    if item.jokers:
        parts.append(line(_("joker %(points)s") if item.jokers == 1 else _("%(count)s jokers %(points)s"),
                          count=item.jokers, points=item.joker_points))
    if not parts:
        return line(_("nothing: 0"))
    return _listing(parts)


def _listing(parts: Sequence[Any]) -> Any:
    """Parts joined with commas, each still a translatable line."""
    if len(parts) == 1:
        return parts[0]
    return line(_("%(first)s, %(rest)s"), first=parts[0], rest=_listing(parts[1:]))


def cards_text(cards: Sequence[AnyCard]) -> str:
    """Cards as a scorekeeper writes them: "K♥ Q♦ 6♠", jokers as X1 and X2."""
    return " ".join(card.rank.value + card.suit.symbol if isinstance(card, Card) else card.code
                    for card in cards)


def _winner(deal: _Deal) -> int | None:
    """Seed 004: "Игрок, который первым наберет 50 или более очков, становится победителем"
    (``target``); RULES.md: several at once → the highest; still equal → play on."""
    target = deal.state.options.target
    candidates = [seat for seat, total in enumerate(deal.totals) if total >= target]
    if not candidates:
        return None
    best = max(deal.totals[seat] for seat in candidates)
    top = [seat for seat in candidates if deal.totals[seat] == best]
    if len(top) > 1:
        deal.say(_("%(players)s reach %(target)s with %(total)s each: play on"),
                 players=_listing([Seat(s) for s in top]), target=target, total=best)
        return None
    deal.mark(top[0], "winner")
    deal.say(_("%(player)s wins the match with %(total)s"), player=Seat(top[0]), total=best)
    return top[0]

