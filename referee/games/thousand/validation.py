"""Тысяча: every problem with an entry at a point of the match (``validate``)."""

from __future__ import annotations

from referee.games.thousand.entries import Entry, Play, Redeal, WriteOff
from referee.games.thousand.rules import ACE, CARD_POINTS, TRICKS, suit_param
from referee.games.thousand.state import State
from referee.ledger import Seat, Violation, _, error, warning


def validate(state: State, entry: Entry) -> list[Violation]:
    """Every problem with *entry* at this point of the match, not just the first."""
    if isinstance(entry, Play):
        return _validate_play(state, entry)
    if isinstance(entry, WriteOff):
        return _validate_write_off(state, entry)
    if isinstance(entry, Redeal):
        if state.must_play:
            # Seed 001: "пишется минус 120, и перераздача аннулируется, игра играется уже как есть".
            return [error("redeal_refused", _("Third redeal in a row: the redeal was cancelled and this "
                                              "deal must be played as dealt."), "reason")]
        return []
    return []


def _validate_bidding(state: State, entry: Play | WriteOff, found: list[Violation]) -> None:
    opts = state.options
    # Seed 001: "Игрок, находящийся по левую руку от сдающего автоматически говорит «100»" and
    # "Торги проходят по часовой стрелке с шагом в пять очков".
    if entry.bid < 100:
        found.append(error("bid_too_low", _("The lowest bid is 100."), "bid"))
    if entry.bid % opts.bid_step:
        found.append(error("bid_step", _("Bids go up in steps of %(step)s."), "bid", step=opts.bid_step))
    if entry.contract < entry.bid:
        found.append(error("contract_below_bid", _("The contract (%(contract)s) cannot be below the bid "
                                                   "(%(bid)s)."), "contract",
                           contract=entry.contract, bid=entry.bid))
    if entry.contract % opts.bid_step:
        found.append(error("contract_step", _("A contract goes in steps of %(step)s."), "contract",
                           step=opts.bid_step))
    most = CARD_POINTS + sum(v for _s, v in opts.marriage_values) + (200 if opts.ace_marriage else 0)
    if entry.contract > most:
        found.append(error("bid_too_high", _("No hand can make %(contract)s: at most %(most)s."), "contract",
                           contract=entry.contract, most=most))
    if state.sits_out(entry.declarer):
        found.append(error("bad_seat", _("%(player)s deals and sits out this deal."), "declarer",
                           player=Seat(entry.declarer)))
    # Seed 001: "запрет торгов для человека, на счету которого больше минус 120 очков". RULES.md: the
    # golden round's 120 is no bid ("берет прикуп в темную"), so the ban never applies to a golden deal.
    ban = opts.bid_ban_below
    if ban is not None and state.totals[entry.declarer] < ban and entry.bid > 100 and not state.golden_circle:
        found.append(error("bid_banned", _("%(player)s has %(total)s, below %(ban)s: they may not bid over 100."),
                           "bid", player=Seat(entry.declarer), total=state.totals[entry.declarer], ban=ban))
    obliged = state.obligatory_declarer()
    if obliged is not None and entry.declarer != obliged:
        found.append(error("barrel_declarer", _("%(player)s plays the obligatory deal of their third barrel: "
                                                "the talon goes to them."), "declarer", player=Seat(obliged)))


def _marriage_warning(state: State, entry: Play | WriteOff, declared: frozenset[str],
                      found: list[Violation]) -> None:
    """Seed 001: "без марьяжей торгующийся не может идти больше 120 очков" — a warning, since the
    marriage may have been held and never declared (``marriages_held`` says so)."""
    held = set(declared)
    if entry.marriages_held is not None:
        held |= entry.marriages_held[entry.declarer]
    if isinstance(entry, Play) and entry.talon_marriage:
        held.add(entry.talon_marriage)
    highest = max(entry.bid, entry.contract)
    if highest > CARD_POINTS and not held:
        found.append(warning("no_marriage_for_bid", _("A bid over 120 without a marriage."), "bid"))
    elif highest > CARD_POINTS + sum(state.options.marriage_value(s) for s in held):
        found.append(warning("no_marriage_for_bid",
                             _("%(bid)s is more than 120 and the marriages held allow."), "bid", bid=highest))


def _validate_play(state: State, entry: Play) -> list[Violation]:
    opts = state.options
    found: list[Violation] = []
    seats = state.seats
    _validate_bidding(state, entry, found)
    active = [s for s in range(seats) if not state.sits_out(s)]
    for seat in range(seats):
        if state.sits_out(seat):
            _nothing_for_the_dealer(entry, seat, found)
        elif entry.points[seat] is None:
            found.append(error("missing_field", _("Card points are needed for %(player)s."),
                               f"points[{seat}]", player=Seat(seat)))
    taken = sum(entry.points[s] or 0 for s in active)
    if taken != CARD_POINTS:
        found.append(error("points_total", _("Card points add up to %(taken)s, not 120."), "points",
                           taken=taken))
    if entry.tricks is not None:
        tricks = [entry.tricks[s] or 0 for s in active]
        expected = TRICKS[seats]
        if sum(tricks) != expected:
            found.append(error("tricks_total", _("Tricks add up to %(count)s, not %(expected)s."), "tricks",
                               count=sum(tricks), expected=expected))
        for seat in active:
            if (entry.tricks[seat] or 0) == 0:
                if entry.points[seat]:
                    found.append(error("points_without_tricks", _("%(player)s took no trick but has %(points)s "
                                                                  "card points."), f"points[{seat}]",
                                       player=Seat(seat), points=entry.points[seat]))
                if entry.marriages[seat]:
                    # Seed 001: "Объявление марьяжа проходит в любой момент игроком, имеющим хотя бы одну взятку".
                    found.append(error("marriage_without_trick", _("%(player)s declared a marriage without "
                                                                   "taking a trick."), f"marriages[{seat}]",
                                       player=Seat(seat)))
    seen: dict[str, int] = {}
    for seat in range(seats):
        for suit in entry.marriages[seat]:
            if suit == ACE and not opts.ace_marriage:
                found.append(error("ace_marriage_off", _("The ace marriage is not played in this match."),
                                   f"marriages[{seat}]"))
            if suit == entry.talon_marriage and seat != entry.declarer:
                # RULES.md (4 players): the dealer is credited the whole marriage lying in the talon;
                # only the declarer, who took the talon, may declare it as well.
                found.append(error("marriage_twice", _("The marriage in %(suit)s lay in the talon: only the "
                                                       "declarer, who took the talon, may declare it."),
                                   f"marriages[{seat}]", suit=suit_param(suit)))
                continue
            if suit in seen:
                found.append(error("marriage_twice", _("The marriage in %(suit)s is declared twice."),
                                   f"marriages[{seat}]", suit=suit_param(suit)))
            seen[suit] = seat
    if entry.talon_marriage is not None and entry.talon_points is not None and entry.talon_points < 7:
        found.append(error("talon_points", _("A talon with a marriage holds at least 7 points (K 4 + Q 3)."),
                           "talon_points"))
    _validate_dark_and_golden(state, entry, found)
    _marriage_warning(state, entry, entry.marriages[entry.declarer], found)
    return found


def _nothing_for_the_dealer(entry: Play, seat: int, found: list[Violation]) -> None:
    """RULES.md, 4 players: "the dealer sits out (`points[dealer]`, `marriages[dealer]` and
    `tricks[dealer]` are null)" — 0 is a number entered for him, not null. An empty marriage list
    stays accepted: it declares nothing, and it is how every stored 4-player deal holds his seat."""
    if entry.points[seat] is not None:
        found.append(error("bad_seat", _("%(player)s deals and sits out: their card points stay empty (null), "
                                         "not %(value)s."), f"points[{seat}]", player=Seat(seat),
                           value=entry.points[seat]))
    if entry.marriages[seat]:
        found.append(error("bad_seat", _("%(player)s deals and sits out: they declare no marriage."),
                           f"marriages[{seat}]", player=Seat(seat)))
    if entry.tricks is not None and entry.tricks[seat] is not None:
        found.append(error("bad_seat", _("%(player)s deals and sits out: their tricks stay empty (null), "
                                         "not %(value)s."), f"tricks[{seat}]", player=Seat(seat),
                           value=entry.tricks[seat]))


def _validate_dark_and_golden(state: State, entry: Play, found: list[Violation]) -> None:
    opts = state.options
    hundred = state.on_the_hundred
    if state.golden_circle:
        # Seed 001, "Золотой кон": "игрок слева от него берет прикуп в темную, он должен набрать 120".
        if entry.declarer != hundred:
            found.append(error("golden_declarer", _("A golden deal is played by %(player)s, left of the dealer."),
                               "declarer", player=Seat(hundred)))
        if entry.bid != 120 or entry.contract != 120:
            found.append(error("golden_contract", _("A golden deal is played for 120."), "contract"))
        if entry.dark:
            found.append(error("dark_not_allowed", _("A golden deal is already blind and doubled."), "dark"))
        return
    if not entry.dark:
        return
    # Seed 001, "Темные": "Темнить может только игрок на первой руке, на сотне"; "только в том
    # случае, если у него в таблице очков 240 или больше"; "Если кто-то на бочке, то темнить нельзя".
    if not opts.dark:
        found.append(error("dark_not_allowed", _("Dark is not played in this match."), "dark"))
        return
    if entry.declarer != hundred:
        found.append(error("dark_not_allowed", _("Only %(player)s, on the 100, may play dark."), "declarer",
                           player=Seat(hundred)))
    if state.totals[entry.declarer] < opts.dark_min_score:
        found.append(error("dark_not_allowed", _("Dark needs at least %(min)s on the sheet."), "dark",
                           min=opts.dark_min_score))
    if state.anyone_on_barrel:
        found.append(error("dark_not_allowed", _("No dark while someone is on the barrel."), "dark"))
    if entry.bid != 120:
        found.append(error("dark_not_allowed", _("Dark is bid at 120."), "bid"))
    if entry.contract != 120 and not opts.dark_raise:
        found.append(error("dark_not_allowed", _("A dark contract stays at 120 in this match."), "contract"))


def _validate_write_off(state: State, entry: WriteOff) -> list[Violation]:
    opts = state.options
    found: list[Violation] = []
    _validate_bidding(state, entry, found)
    if opts.write_off == "off":
        found.append(error("write_off_not_allowed", _("Write-offs are not played in this match."), "type"))
    elif state.anyone_on_barrel and not opts.write_off_on_barrel:
        # Seed 001: "Если кто-нибудь из игроков находится на бочке, никто не имеет права расписывать".
        found.append(error("write_off_not_allowed", _("No write-off while someone is on the barrel."), "type"))
    elif state.golden_circle:
        found.append(error("write_off_not_allowed", _("A golden deal cannot be written off."), "type"))
    limit = opts.write_off_limit
    if limit is not None and state.players[entry.declarer].write_offs >= limit:
        found.append(error("write_off_limit", _("%(player)s has used their write-offs (%(limit)s)."),
                           "declarer", player=Seat(entry.declarer), limit=limit))
    _marriage_warning(state, entry, frozenset(), found)
    return found

