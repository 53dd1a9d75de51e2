"""Терц (Terz) for 2 players, as read in seed 000 and RULES.md ("terz").

A deal is one of five entries: a played deal (``Play``: card points and the declarations in
the order announced), the seed's three penalties (``FalseDeclaration`` "up the mountain",
``WrongRecording`` moved to the opponent, ``Forfeit``) and the generic ``Penalty``.
``apply`` scores a play in RULES.md's order: card points → declarations (only the holder of the
best combination scores his; the marriage always scores) → the running total, rounded
(``rounding``) → the winner (total − mountain ≥ ``target``).

Referee checks: ``classify`` names one declaration, ``compare`` says whose declarations count.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from referee import reading
from referee.cards import Card, CardParseError, Rank, Suit, parse_card
from referee.ledger import Line, Outcome, Rejected, Seat, Violation, _, error, line
from referee.reading import EntryReader, option, read_penalty, refuse_entry_type

NAME = "terz"
SEATS = range(2, 3)
# Seed 000: "Загальна кількість очок 150" — 3 × 27 non-trump + 59 trump + 10 for the last trick.
# Not Belote's 162: RULES.md says keep 150.
CARD_POINTS = 150
# Seed 000: "Кількість карт в колоді: 32"; sequences run "in the natural order 7-8-9-10-J-Q-K-A"
# (RULES.md), whatever the trick-taking order of the trump suit.
SEQUENCE = (Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE)
DECK_RANKS = frozenset(SEQUENCE)
# Seed 000, "Окуляри за комбінації": "20 очок - 3 карти однієї масті підряд (терц)", "50 очок -
# 4 карти" (п'ятдесят), "100 очок - 5 карт" … "8 карт" (сто п'ять … сто вісім).
SEQUENCES = {3: ("terz", 20), 4: ("fifty", 50), 5: ("hundred", 100), 6: ("hundred", 100),
             7: ("hundred", 100), 8: ("hundred", 100)}
# "100 очок - 4 жінки (сто дам)", "4 короля", "4 туза"; "200 очок - 4 валета (двісті валетів)".
# Four 7s, 8s, 9s or 10s are no combination (RULES.md: ``not_a_combination``).
FOURS = {Rank.QUEEN: ("four_queens", 100), Rank.KING: ("four_kings", 100), Rank.ACE: ("four_aces", 100),
         Rank.JACK: ("four_jacks", 200)}
MARRIAGE = ("marriage", 20)  # "20 очок - козирна дама і король (мар'яж)"
KIND_TEXT = {
    "terz": _("terz"), "fifty": _("fifty"), "hundred": _("hundred"), "four_queens": _("four queens"),
    "four_kings": _("four kings"), "four_aces": _("four aces"), "four_jacks": _("four jacks"),
    "marriage": _("marriage"),
}
ROUNDINGS = ("nearest_10_five_down", "floor_10", "none")
FORFEIT_REASONS = ("out_of_turn", "extra_card")
FORFEIT_TEXT = {"out_of_turn": _("took a card out of turn"), "extra_card": _("held an extra card")}
ENTRY_TYPES = ("play", "false_declaration", "wrong_recording", "forfeit", "penalty")
# The comparison steps, in RULES.md's order: "higher value, then more cards, then the higher top
# card, then the one in trumps, then the one announced first".
STEPS = ("value", "cards", "top", "trump", "first")


@dataclass(frozen=True, slots=True)
class Options:
    """House rules; names and defaults are RULES.md's."""

    target: int = option(501, _("Points to win"), low=100, high=10_000)
    rounding: str = option("nearest_10_five_down", _("Rounding of the running total"), choices=ROUNDINGS)


PRESETS: dict[str, Options] = {"classic": Options()}
DEFAULT_PRESET = "classic"


def parse_options(raw: Mapping[str, Any] | None, preset: str | None = None) -> Options:
    """The preset with *raw* overrides. :raises Rejected: unknown names, bad values."""
    return reading.parse_options(Options, PRESETS, DEFAULT_PRESET, raw, preset)


def dump_options(options: Options) -> dict[str, Any]:
    return reading.dump_options(options)


# ---------------------------------------------------------------- entries


@dataclass(frozen=True, slots=True)
class Declaration:
    """One announcement: who showed which cards (the engine names it; the entry does not)."""

    player: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Play:
    kind: ClassVar[str] = "play"
    trump: Suit
    points: tuple[int, int]  # card points including the last trick; they add up to 150
    declarations: tuple[Declaration, ...] = ()  # in the order announced
    last_trick: int | None = None  # who took it: he deals next


@dataclass(frozen=True, slots=True)
class FalseDeclaration:
    kind: ClassVar[str] = "false_declaration"
    player: int
    points: int


@dataclass(frozen=True, slots=True)
class WrongRecording:
    kind: ClassVar[str] = "wrong_recording"
    player: int
    points: int


@dataclass(frozen=True, slots=True)
class Forfeit:
    kind: ClassVar[str] = "forfeit"
    player: int
    reason: str


@dataclass(frozen=True, slots=True)
class Penalty:
    kind: ClassVar[str] = "penalty"
    player: int
    points: int
    reason: str = ""


Entry = Play | FalseDeclaration | WrongRecording | Forfeit | Penalty

_COMMON = {"type"}
_PLAY_FIELDS = _COMMON | {"trump", "points", "declarations", "last_trick"}
_DECLARATION_FIELDS = {"player", "cards"}


def parse_entry(raw: Any, seats: int) -> Entry:
    """A raw JSON entry as a frozen value. :raises Rejected: every field of the wrong shape."""
    kind = raw.get("type") if isinstance(raw, Mapping) else None
    if kind == "play":
        return _parse_play(raw, seats)
    if kind in ("false_declaration", "wrong_recording"):
        reader = EntryReader(raw, seats, _COMMON | {"player", "points"})
        player = reader.seat("player")
        points = reader.integer("points", low=1, high=10_000)
        reader.done()
        return (FalseDeclaration if kind == "false_declaration" else WrongRecording)(player, points)
    if kind == "forfeit":
        reader = EntryReader(raw, seats, _COMMON | {"player", "reason"})
        player = reader.seat("player")
        reason = reader.choice("reason", FORFEIT_REASONS)
        reader.done()
        return Forfeit(player, reason)
    if kind == "penalty":
        return Penalty(*read_penalty(raw, seats))
    refuse_entry_type(raw, seats, ENTRY_TYPES)


def _parse_play(raw: Mapping[str, Any], seats: int) -> Play:
    reader = EntryReader(raw, seats, _PLAY_FIELDS)
    trump = None
    if reader.has("trump"):
        trump = reader.suit(raw["trump"], "trump")
    else:
        reader.bad("missing_field", _("This field is required."), "trump")
    points = reader.per_seat("points", lambda v, w: reader.check_int(v, w, 0, CARD_POINTS))
    last_trick = reader.seat("last_trick", required=False)
    declarations: list[Declaration] = []
    value = raw.get("declarations")
    if value is not None and not isinstance(value, list):
        reader.bad("bad_type", _("Expected a list of declarations."), "declarations")
    elif value:
        for index, item in enumerate(value):
            found = _parse_declaration(reader, item, f"declarations[{index}]")
            if found is not None:
                declarations.append(found)
    reader.done()
    return Play(trump, points, tuple(declarations), last_trick)


def _parse_declaration(reader: EntryReader, raw: Any, where: str) -> Declaration | None:
    if not isinstance(raw, Mapping):
        reader.bad("bad_type", _("A declaration is an object with a player and his cards."), where)
        return None
    for key in raw:
        if key not in _DECLARATION_FIELDS:
            reader.bad("unknown_field", _("Unknown field “%(name)s”."), f"{where}.{key}", name=str(key))
    player = None
    if raw.get("player") is None:
        reader.bad("missing_field", _("This field is required."), f"{where}.player")
    else:
        player = reader.check_seat(raw["player"], f"{where}.player")
    cards = raw.get("cards")
    if cards is None:
        reader.bad("missing_field", _("This field is required."), f"{where}.cards")
        return None
    if not isinstance(cards, list):
        reader.bad("bad_type", _("Expected a list of cards."), f"{where}.cards")
        return None
    read: list[Card] = []
    for index, text in enumerate(cards):
        spot = f"{where}.cards[{index}]"
        card = _deck_card(text)
        if isinstance(card, Violation):
            reader.problems.append(dataclasses.replace(card, field=spot))
        elif card in read:
            reader.bad("card_twice", _("%(card)s is listed twice."), spot, card=card.code)
        else:
            read.append(card)
    if player is None or len(read) != len(cards):
        return None
    return Declaration(player, tuple(read))


def _deck_card(text: Any) -> Card | Violation:
    """A card of the 32-card deck (7 to ace), or a ``bad_card`` violation."""
    if isinstance(text, Card):
        card: Any = text
    else:
        try:
            card = parse_card(text)
        except CardParseError:
            return error("bad_card", _("“%(value)s” is not a card."), None, value=str(text)[:40])
    if not isinstance(card, Card) or card.rank not in DECK_RANKS:
        # Seed 000: "Кількість карт в колоді: 32" — no sixes, no twos, no jokers.
        return error("bad_card", _("%(card)s is not in the 32-card deck (7 to ace)."), None, card=card.code)
    return card


def dump_entry(entry: Entry) -> dict[str, Any]:
    """The canonical JSON of an entry: what the database stores and the API writes."""
    if isinstance(entry, Play):
        out: dict[str, Any] = {
            "type": "play", "trump": entry.trump.value, "points": list(entry.points),
            "declarations": [{"player": d.player, "cards": [c.code for c in d.cards]}
                             for d in entry.declarations]}
        if entry.last_trick is not None:
            out["last_trick"] = entry.last_trick
        return out
    if isinstance(entry, Forfeit):
        return {"type": "forfeit", "player": entry.player, "reason": entry.reason}
    if isinstance(entry, Penalty):
        return {"type": "penalty", "player": entry.player, "points": entry.points, "reason": entry.reason}
    return {"type": entry.kind, "player": entry.player, "points": entry.points}


# ---------------------------------------------------------------- state


@dataclass(frozen=True, slots=True)
class State:
    options: Options
    totals: tuple[int, ...]
    mountain: tuple[int, ...]  # Seed 000: "сто в гору" — points added to each player's target
    dealer: int
    winner: int | None = None

    @property
    def seats(self) -> int:
        return len(self.totals)

    @property
    def finished(self) -> bool:
        return self.winner is not None

    def needs(self, seat: int) -> int:
        """What *seat* must reach: the target plus his mountain."""
        return self.options.target + self.mountain[seat]


def initial_state(options: Options, seats: int, first_dealer: int) -> State:
    return State(options=options, totals=(0,) * seats, mountain=(0,) * seats, dealer=first_dealer)


def dump_state(state: State) -> dict[str, Any]:
    return {
        "mountain": list(state.mountain),
        "needs": [state.needs(seat) for seat in range(state.seats)],
        "dealer": state.dealer,
        "target": state.options.target,
    }


# ---------------------------------------------------------------- declarations (referee checks)


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
        card = _deck_card(text)
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


# ---------------------------------------------------------------- validation


def validate(state: State, entry: Entry) -> list[Violation]:
    """Every problem with *entry* at this point of the match, not just the first."""
    if not isinstance(entry, Play):
        return []  # the penalties' shape is all there is to check, and parse_entry did
    found: list[Violation] = []
    if (taken := sum(entry.points)) != CARD_POINTS:
        # Seed 000: "Загальна кількість очок 150 ... Другий гравець визначає кількість своїх очок
        # вирахуванням суми першого гравця зі ста п'ятдесяти."
        found.append(error("points_total", _("Card points add up to %(taken)s, not 150."), "points", taken=taken))
    found += check_declarations(entry.trump, entry.declarations)
    return found


# ---------------------------------------------------------------- scoring


def round_total(total: int, rule: str) -> int:
    """Seed 000: "Сума очок округляється в меншу сторону на 5 одиниць. Наприклад, якщо сума очок
    закінчується на 135, то округлюють до 130" (``rounding``: a final 5 goes down, 6–9 go up)."""
    rest = total % 10  # 0..9 for negative totals too: −135 → −140, 5 down
    if rule == "nearest_10_five_down":
        return total - rest if rest <= 5 else total + 10 - rest
    if rule == "floor_10":
        return total - rest
    return total


@dataclass
class _Deal:
    """A working copy while one entry is scored; frozen again into ``State`` at the end."""

    state: State
    totals: list[int]
    mountain: list[int]
    marks: list[list[str]]
    lines: list[Line]

    def say(self, text: str, **params: Any) -> None:
        self.lines.append(line(text, **params))

    def mark(self, seat: int, what: str) -> None:
        if what not in self.marks[seat]:
            self.marks[seat].append(what)

    def add(self, seat: int, points: int) -> None:
        """Add *points* to a running total and round it (``rounding``): RULES.md's "previous total
        + deal points + counted declarations + penalties, then rounded"."""
        before = self.totals[seat]
        raw = before + points
        total = round_total(raw, self.state.options.rounding)
        self.totals[seat] = total
        if total != raw:
            self.say(_("%(player)s: %(before)s %(sign)s %(points)s = %(raw)s, rounded to %(total)s"),
                     player=Seat(seat), before=before, sign="−" if points < 0 else "+", points=abs(points),
                     raw=raw, total=total)
        else:
            self.say(_("%(player)s: %(before)s %(sign)s %(points)s = %(total)s"), player=Seat(seat),
                     before=before, sign="−" if points < 0 else "+", points=abs(points), total=total)


def apply(state: State, entry: Entry) -> tuple[State, Outcome]:
    """Score one entry that ``validate`` accepted. Pure: no I/O, no clock, no second check."""
    seats = state.seats
    deal = _Deal(state, list(state.totals), list(state.mountain), [[] for _ in range(seats)], [])
    dealer = state.dealer
    result: dict[str, Any]
    winner: int | None
    if isinstance(entry, Play):
        result = _score_play(deal, entry)
        # Seed 000: "далі здає той гравець, який візьме останній хабар" (``last_trick``; without
        # it the deal passes to the other player).
        dealer = entry.last_trick if entry.last_trick is not None else (state.dealer + 1) % seats
        winner = _winner(deal)
    elif isinstance(entry, Forfeit):
        # Seed 000: "За "чужий підйом" тобто взяту не в чергу карту гравець карається програшем.
        # Якщо у гравця виявилася зайва карта, то гравець той же вважається таким, що програв."
        winner = 1 - entry.player
        deal.mark(entry.player, "forfeit")
        deal.mark(winner, "winner")
        deal.say(_("%(player)s %(reason)s and loses the match: %(winner)s wins"), player=Seat(entry.player),
                 reason=line(FORFEIT_TEXT[entry.reason]), winner=Seat(winner))
        result = {"player": entry.player, "reason": entry.reason}
    else:
        result = _score_penalty(deal, entry)
        winner = _winner(deal)
    # Every row carries the mountain after it, so that the sheet can show it beside each total.
    result["mountain"] = list(deal.mountain)
    new = dataclasses.replace(state, totals=tuple(deal.totals), mountain=tuple(deal.mountain), dealer=dealer,
                              winner=winner)
    deltas = tuple(after - before for after, before in zip(new.totals, state.totals, strict=True))
    return new, Outcome(deltas, tuple(tuple(m) for m in deal.marks), tuple(deal.lines), result)


def _score_play(deal: _Deal, entry: Play) -> dict[str, Any]:
    seats = deal.state.seats
    deal.say(_("Trumps: %(trump)s"), trump=entry.trump)
    if entry.last_trick is not None:
        deal.mark(entry.last_trick, "last_trick")
    judged = compare(entry.trump, entry.declarations, seats)
    deal.lines.extend(judged.lines)
    for item in judged.declarations:
        if item.counts:
            deal.mark(item.player, "marriage" if item.kind == "marriage" else "declaration")
    for seat in range(seats):
        gained = entry.points[seat] + judged.scores[seat]
        if judged.scores[seat]:
            deal.say(_("%(player)s: %(points)s card points + %(declared)s declared = %(gained)s"),
                     player=Seat(seat), points=entry.points[seat], declared=judged.scores[seat], gained=gained)
        else:
            deal.say(_("%(player)s: %(points)s card points"), player=Seat(seat), points=entry.points[seat])
        deal.add(seat, gained)
    return {"points": list(entry.points), "declarations": [d.json() for d in judged.declarations],
            "declared": list(judged.scores), "best_player": judged.scorer, "decided_by": judged.step}


def _score_penalty(deal: _Deal, entry: FalseDeclaration | WrongRecording | Penalty) -> dict[str, Any]:
    seat = entry.player
    if isinstance(entry, FalseDeclaration):
        # Seed 000: "За неправдиве оголошення гравцеві записується стільки очок, скільки було в
        # хибному оголошенні ... "сто в гору" і до закінчення партії йому потрібно набрати на 100
        # очок більше" — the total stands; the target rises.
        deal.mountain[seat] += entry.points
        deal.mark(seat, "mountain")
        deal.say(_("%(player)s: false declaration, %(points)s up the mountain: he now needs %(needs)s"),
                 player=Seat(seat), points=entry.points, needs=deal.state.options.target + deal.mountain[seat])
        return {"player": seat, "points": entry.points, "mountain": list(deal.mountain)}
    if isinstance(entry, WrongRecording):
        # Seed 000: "За неправильний підрахунок або запис очок, сума приписаних очок списується, а
        # суперник приплюсовує її до своєї сумі очок."
        other = 1 - seat
        deal.mark(seat, "wrong_recording")
        deal.say(_("%(player)s wrote down %(points)s too many: struck off him and added to %(other)s"),
                 player=Seat(seat), points=entry.points, other=Seat(other))
        deal.add(seat, -entry.points)
        deal.add(other, entry.points)
        return {"player": seat, "points": entry.points}
    deal.mark(seat, "penalty")
    if entry.reason:
        deal.say(_("%(player)s: penalty %(points)s (%(reason)s)"), player=Seat(seat), points=entry.points,
                 reason=entry.reason)
    else:
        deal.say(_("%(player)s: penalty %(points)s"), player=Seat(seat), points=entry.points)
    deal.add(seat, entry.points)
    return {"player": seat, "points": entry.points, "reason": entry.reason}


def _winner(deal: _Deal) -> int | None:
    """Seed 000: "Гра вважається закінченою, якщо один з гравців набере 501 очко або більше"; with
    the mountain, total − mountain ≥ ``target``; both at once → the higher; equal → play on."""
    target = deal.state.options.target
    net = [total - mountain for total, mountain in zip(deal.totals, deal.mountain, strict=True)]
    candidates = [seat for seat, value in enumerate(net) if value >= target]
    if not candidates:
        return None
    best = max(net[seat] for seat in candidates)
    top = [seat for seat in candidates if net[seat] == best]
    if len(top) > 1:
        deal.say(_("Both reach %(target)s with %(net)s: play on"), target=target, net=best)
        return None
    deal.mark(top[0], "winner")
    deal.say(_("%(player)s wins the match: %(total)s − %(mountain)s on the mountain = %(net)s")
             if deal.mountain[top[0]] else _("%(player)s wins the match with %(net)s"),
             player=Seat(top[0]), total=deal.totals[top[0]], mountain=deal.mountain[top[0]], net=best)
    return top[0]
