"""Тысяча's referee checks: may I bid N with this hand, is this marriage legal, card points."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from referee import reading
from referee.cards import Card, CardParseError, Rank, Suit, parse_suit
from referee.games.thousand.rules import (
    ACE,
    CARD_POINTS,
    CARD_VALUES,
    DECK,
    DEFAULT_PRESET,
    PRESETS,
    Options,
    suit_param,
)
from referee.ledger import Line, Rejected, Violation, _, error, line


def card_points(cards: list[Card]) -> int:
    """The card points of a set of cards (A 11, 10 10, K 4, Q 3, J 2, 9 0)."""
    return sum(CARD_VALUES.get(card.rank, 0) for card in cards)


def marriages_in(cards: list[Card]) -> list[Suit]:
    """The suits in which *cards* hold both the king and the queen."""
    held = {(card.rank, card.suit) for card in cards}
    return [suit for suit in (Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS, Suit.SPADES)
            if (Rank.KING, suit) in held and (Rank.QUEEN, suit) in held]


def highest_bid(cards: list[Card], options: Options) -> int:
    """Seed 001: "игрок не имеет права повышать больше, чем составляет сумма всех очков с марьяжем
    у него на руках": 120 plus every marriage held, rounded down to the bidding step."""
    most = CARD_POINTS + sum(options.marriage_value(s.value) for s in marriages_in(cards))
    return most - most % options.bid_step


# The checks a player asks at the table, with no match behind them: "may I bid 135?", "may I
# declare ♦ now?". Imported here, not at the top, so that this section stays one appendable piece.



@dataclass(frozen=True, slots=True)
class BidCheck:
    """What a hand holds and how high it may bid; ``legal`` is None when no bid was asked about."""

    cards: tuple[Card, ...]
    card_points: int
    marriages: tuple[str, ...]  # "H" "D" "C" "S" held, in that order, then "A" (four aces)
    highest: int
    bid: int | None
    legal: bool | None
    reasons: tuple[str, ...]  # stable codes of what makes the bid illegal
    lines: tuple[Line, ...]


@dataclass(frozen=True, slots=True)
class MarriageCheck:
    """Whether one marriage may be declared now; ``reasons`` are the codes of what forbids it."""

    marriage: str  # "H" "D" "C" "S", or "A" for the four aces
    value: int
    legal: bool
    reasons: tuple[str, ...]
    lines: tuple[Line, ...]


def read_cards(cards: Any, where: str = "cards") -> tuple[Card, ...]:
    """Cards of the 24-card deck, each once, in any spelling API.md accepts; canonical out.

    :raises Rejected: ``bad_type`` (not a list), ``bad_card`` for text that is no card, a 7 or a
        joker, ``card_twice``.
    """
    return reading.read_cards(cards, DECK, where)


def _four_aces(cards: Sequence[Card]) -> bool:
    return sum(1 for card in cards if card.rank is Rank.ACE) == 4


def bid_check(cards: Any, bid: int | None = None, options: Options | None = None) -> BidCheck:
    """The highest bid a hand allows and whether *bid* is one, with the why.

    Seed 001: "без марьяжей торгующийся не может идти больше 120 очков" and "игрок не имеет права
    повышать больше, чем составляет сумма всех очков с марьяжем у него на руках": 120 plus every
    marriage held (four aces too, where ``ace_marriage`` is on), rounded down to ``bid_step``.

    :raises Rejected: a hand that is not cards of the 24-card deck, each once (``read_cards``).
    """
    opts = options or PRESETS[DEFAULT_PRESET]
    hand = read_cards(cards)
    points = card_points(list(hand))
    held = [suit.value for suit in marriages_in(list(hand))]
    if opts.ace_marriage and _four_aces(hand):
        # Seed 001: "Если у одного из играющих на руках четыре туза, то он может открыть их ... и
        # получить 200 очков" (RULES.md: `ace_marriage`).
        held.append(ACE)
    lines = [line(_("Card points in the hand: %(points)s."), points=points)]
    for suit in held:
        if suit == ACE:
            lines.append(line(_("Four aces: %(value)s."), value=opts.marriage_value(ACE)))
        else:
            lines.append(line(_("Marriage %(suit)s (king and queen): %(value)s."), suit=Suit(suit),
                              value=opts.marriage_value(suit)))
    bonus = sum(opts.marriage_value(suit) for suit in held)
    total = CARD_POINTS + bonus
    highest = total - total % opts.bid_step
    if not held:
        lines.append(line(_("No marriage in the hand: the highest bid is 120.")))
    elif highest == total:
        lines.append(line(_("Highest bid: 120 + %(marriages)s = %(highest)s."), marriages=bonus, highest=highest))
    else:
        lines.append(line(_("Highest bid: 120 + %(marriages)s = %(total)s, down to a step of %(step)s: "
                            "%(highest)s."), marriages=bonus, total=total, step=opts.bid_step, highest=highest))
    if bid is None:
        return BidCheck(hand, points, tuple(held), highest, None, None, (), tuple(lines))
    reasons: list[str] = []
    # Seed 001: "Игрок, находящийся по левую руку от сдающего автоматически говорит «100»" and
    # "Торги проходят по часовой стрелке с шагом в пять очков" (RULES.md: `bid_step`).
    if bid < 100:
        reasons.append("bid_too_low")
        lines.append(line(_("%(bid)s is below 100, the lowest bid."), bid=bid))
    if bid % opts.bid_step:
        reasons.append("bid_step")
        lines.append(line(_("%(bid)s is not in steps of %(step)s."), bid=bid, step=opts.bid_step))
    if bid > highest:
        if not held:
            reasons.append("no_marriage_for_bid")
            lines.append(line(_("%(bid)s is over 120 without a marriage in the hand."), bid=bid))
        else:
            reasons.append("bid_over_hand")
            lines.append(line(_("%(bid)s is over %(highest)s, all that this hand's marriages allow."),
                              bid=bid, highest=highest))
    if not reasons:
        lines.append(line(_("%(bid)s may be bid: it is at most %(highest)s."), bid=bid, highest=highest))
    return BidCheck(hand, points, tuple(held), highest, bid, not reasons, tuple(reasons), tuple(lines))


def _read_marriage(value: Any, where: str, found: list[Violation], *, ace: bool = True) -> str | None:
    """A marriage's suit in any spelling ("H", "h", "♥", "♥️"), or "A" for the four aces."""
    if ace and value in (ACE, "a", "Т", "т"):
        return ACE
    try:
        return parse_suit(value).value
    except CardParseError:
        found.append(error("bad_card", _("“%(value)s” is not a suit (S, H, D or C)."), where,
                           value=str(value)[:40]))
        return None


def marriage_check(suit: Any, cards: Any, took_trick: bool, declared: Any = (), trump: Any = None,
                   options: Options | None = None) -> MarriageCheck:
    """Whether the marriage in *suit* may be declared now, with every reason it may not.

    *cards*, when given (None: not checked), is the declaring player's hand; *declared* the
    marriages already declared in this deal by anyone; *trump* the trump now, if any.

    :raises Rejected: a suit, a declared list or a hand that cannot be read.
    """
    opts = options or PRESETS[DEFAULT_PRESET]
    found: list[Violation] = []
    marriage = _read_marriage(suit, "suit", found)
    if not isinstance(declared, (list, tuple)):
        found.append(error("bad_type", _("Expected a list of suits."), "declared"))
        declared = ()
    earlier: list[str] = []
    for index, item in enumerate(declared):
        read = _read_marriage(item, f"declared[{index}]", found)
        if read is not None and read in earlier:
            found.append(error("marriage_twice", _("The marriage in %(suit)s is declared twice."),
                               f"declared[{index}]", suit=suit_param(read)))
        elif read is not None:
            earlier.append(read)
    now = None if trump is None else _read_marriage(trump, "trump", found, ace=False)
    hand = None
    if cards is not None:
        try:
            hand = read_cards(cards)
        except Rejected as rejected:
            found += rejected.violations
    if found or marriage is None:
        raise Rejected(found)
    if now is not None and now not in earlier:
        earlier.append(now)  # the trump is a marriage declared earlier in this deal
    reasons: list[str] = []
    lines: list[Line] = []
    value = opts.marriage_value(marriage)
    if marriage == ACE and not opts.ace_marriage:
        reasons.append("ace_marriage_off")
        lines.append(line(_("The ace marriage is not played under these house rules.")))
    if not took_trick:
        # Seed 001: "Объявление марьяжа проходит в любой момент игроком, имеющим хотя бы одну взятку";
        # "Для того, что бы объявить свой марьяж необходимо забрать взятку"; for the aces:
        # "Открывание тузов возможно только при наличии одной взятки".
        reasons.append("marriage_without_trick")
        lines.append(line(_("No trick taken yet: a marriage is declared only by a player who has taken one.")))
    if marriage in earlier:
        # RULES.md: "each marriage suit declared at most once per deal".
        reasons.append("marriage_twice")
        if marriage == ACE:
            lines.append(line(_("The four aces were already declared in this deal.")))
        else:
            lines.append(line(_("The marriage in %(suit)s was already declared in this deal."),
                              suit=Suit(marriage)))
    if hand is not None and marriage == ACE and not _four_aces(hand):
        # Seed 001: "В момент «хваления» все 4 туза должны быть у игрока на руках."
        reasons.append("aces_not_in_hand")
        lines.append(line(_("The ace marriage needs all four aces in the hand; it holds %(count)s."),
                          count=sum(1 for card in hand if card.rank is Rank.ACE)))
    elif hand is not None and marriage != ACE and Suit(marriage) not in marriages_in(list(hand)):
        # Seed 001: "марьяжей (король и дама одной масти)".
        reasons.append("marriage_not_in_hand")
        lines.append(line(_("The hand does not hold both the king and the queen of %(suit)s."),
                          suit=Suit(marriage)))
    if not reasons:
        if marriage == ACE:
            lines.append(line(_("The four aces may be declared: +%(value)s."), value=value))
        else:
            lines.append(line(_("The marriage in %(suit)s may be declared: +%(value)s."), suit=Suit(marriage),
                              value=value))
            # Seed 001: "Объявившему плюсуются очки марьяжа, а эта масть становится козырной."
            if now is not None and now != marriage:
                lines.append(line(_("%(suit)s becomes trump instead of %(trump)s."), suit=Suit(marriage),
                                  trump=Suit(now)))
            else:
                lines.append(line(_("%(suit)s becomes trump."), suit=Suit(marriage)))
    if hand is None:
        lines.append(line(_("No hand given: the cards were not checked.")))
    return MarriageCheck(marriage, value, not reasons, tuple(reasons), tuple(lines))
