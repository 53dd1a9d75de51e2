"""docs/codes.md lists every violation code the engine and the API can answer (issue 29, item 6).

A code can be answered and missing from the list in three ways, each with its test here: the
sources spell a code the list lacks (read with ``ast`` by scripts/codes_scan.py); docs/codes.md is
not what scripts/codes_table.py writes now (a code added without ``make codes``); or a code is
answered at run time along a path the scan does not follow — so worked cases and broken entries
are run through every game, the table's services and DRF's fields, and every code they answer
must be in the list, in its game's section or in "Every game".
"""

from __future__ import annotations

import copy
import dataclasses
import importlib.util
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from rest_framework import serializers

from referee.games import GAMES, khrap, terz, thirteens
from referee.ledger import Rejected, replay
from scorebook import services

SCRIPTS = Path(__file__).resolve().parents[2] / "scripts"


def script(name: str) -> ModuleType:
    """A module of scripts/ (not a package): loaded by its path, under its own name, as it is
    when the script runs (codes_table imports codes_scan by that name)."""
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, SCRIPTS / f"{name}.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module  # before running it: its dataclasses look their module up
        spec.loader.exec_module(module)
    return sys.modules[name]


codes_scan = script("codes_scan")
codes_table = script("codes_table")


@pytest.fixture(scope="module")
def scanner() -> Any:
    return codes_scan.Scanner()


@pytest.fixture(scope="module")
def scan(scanner: Any) -> Any:
    return scanner.scan()


@pytest.fixture(scope="module")
def listed() -> dict[str, set[str]]:
    """docs/codes.md's codes by section (a group's key: ``transport``, ``every_game``, ``khrap``…)."""
    titles = {group.title: group.key for group in codes_table.GROUPS}
    found: dict[str, set[str]] = {group.key: set() for group in codes_table.GROUPS}
    section = None
    for line in codes_table.TABLE.read_text(encoding="utf-8").splitlines():
        if line.startswith("#"):
            section = titles.get(line.lstrip("#").strip())
        elif line.startswith("| `") and section is not None:
            found[section].add(line.split("|")[1].strip().strip("`"))
    return found


def game_codes(listed: dict[str, set[str]], game: str) -> set[str]:
    """What a client writer for *game* reads: its section and "Every game"."""
    return listed[game] | listed["every_game"]


# ---------------------------------------------------------------- the sources, read


def test_the_scan_reads_every_code_it_finds_to_literals(scan: Any) -> None:
    assert scan.unresolved == [], "codes built a way scripts/codes_scan.py cannot read: teach it, or spell them"


def test_the_scan_follows_codes_passed_along(scan: Any) -> None:
    """Codes that reach their violation through a parameter, a default, a dict or a lambda."""
    where = {(found.code, found.path) for found in scan.found}
    assert ("points_total", "referee/games/thousand/entries.py") in where  # check_share(..., code, message)
    assert ("tricks_total", "referee/games/khrap/entries.py") in where  # the same, in a lambda per seat
    assert ("locked_out", "scorebook/limits.py") in where  # too_many(..., "locked_out")
    assert ("throttled", "scorebook/limits.py") in where  # too_many's default
    assert ("missing_field", "scorebook/api/errors.py") in where  # DRF_CODES.get(code, code)
    assert ("bad_credentials", "scorebook/api/token.py") in where  # ErrorDetail(..., code=...)


def test_every_code_the_sources_answer_is_listed_in_its_section(scan: Any, listed: dict[str, set[str]]) -> None:
    missing = sorted({(codes_table.group_of(found.path).key, found.code, f"{found.path}:{found.line}")
                      for found in scan.found
                      if found.code not in listed[codes_table.group_of(found.path).key]})
    assert missing == [], "answered but not in docs/codes.md: run `make codes`"


def test_docs_codes_md_is_what_make_codes_writes(scanner: Any) -> None:
    try:
        expected = codes_table.render(scanner)
    except SystemExit as stop:
        pytest.fail(f"scripts/codes_table.py cannot write docs/codes.md: {stop}")
    assert codes_table.TABLE.read_text(encoding="utf-8") == expected, "docs/codes.md is stale: run `make codes`"


# The codes issue 29 found answered but named nowhere a client reads, each in the section its
# answer comes from.
@pytest.mark.parametrize(("section", "code"), [
    ("khrap", "wrong_circle"),
    ("khrap", "renonce_twice"),
    ("khrap", "too_many_cards"),
    ("terz", "too_many_cards"),
    ("tongits", "too_many_cards"),
    ("thirteens", "too_many_cards"),
    ("tongits", "laid_off_onto_self"),
    ("tongits", "laid_off_not_in_meld"),
    ("tongits", "laid_off_leaves_no_meld"),
    ("tongits", "bad_burned"),
    ("tongits", "no_winner"),
    ("table", "bad_role"),
    ("table", "seat_taken"),
    ("khrap", "pot_too_small"),
    ("tongits", "pot_too_small"),
    ("terz", "trick_size"),
    ("thirteens", "trick_size"),
])
def test_the_codes_issue_29_found_unlisted_are_listed(listed: dict[str, set[str]], section: str, code: str) -> None:
    assert code in listed[section]


# ---------------------------------------------------------------- codes answered at run time


def answered(game: str, raw: Any, seats: int = 3, before: tuple[Any, ...] = (),
             options: dict[str, Any] | None = None) -> list[str]:
    """The codes *game* answers for *raw* after the entries *before*: its shape first
    (parse_entry), then the rules (validate)."""
    module = GAMES[game]
    try:
        entry = module.parse_entry(raw, seats)
    except Rejected as rejected:
        return [v.code for v in rejected.violations]
    counted = [(number, module.parse_entry(item, seats)) for number, item in enumerate(before, start=1)]
    sheet = replay(module, module.parse_options(options, None), seats, 0, counted)
    assert sheet.errors == []
    return [v.code for v in module.validate(sheet.state, entry)]


def refused(check: Callable[..., Any], *args: Any) -> list[str]:
    """The codes a referee check answers for *args*."""
    with pytest.raises(Rejected) as rejected:
        check(*args)
    return [v.code for v in rejected.value.violations]


# Tong Its hands of tests/referee/test_tongits_laid_off.py: counts 9, 10, 10, no card twice.
HANDS = [{"melds": [["7H", "7S", "7D"]], "hand": ["9C"]},
         {"melds": [["8H", "8S", "8D", "8C"], ["2D", "3D", "4D", "5D"]], "hand": ["10C"]},
         {"melds": [["5H", "5S", "5C"]], "hand": ["KC"]}]


def laid_off(*items: dict[str, Any]) -> dict[str, Any]:
    """A Tong Its stock-out of HANDS where seat 0 lays *items* off."""
    hands = copy.deepcopy(HANDS)
    hands[0]["laid_off"] = list(items)
    return {"type": "play", "ending": "stock_out", "hands": hands}


# 13 of seat 0's own cards (9 + 2 unmelded) and 3 laid off onto seat 1: 14 (seat 1 keeps 9 of his own).
FOURTEEN = [{"melds": [["AC", "2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C"]], "hand": ["2D", "3D"],
             "laid_off": [{"onto": 1, "cards": ["JC", "QC", "KC"]}]},
            {"melds": [["JH", "JS", "JD", "JC"], ["QH", "QS", "QD", "QC"], ["KH", "KS", "KD", "KC"]]},
            {"melds": [["5H", "5S", "5D"]], "hand": ["9D"]}]
# The 54 cards of Thirteens and 2S 3S 4S again: 57 cards in 19 tricks of three.
ALL_54 = [rank + suit for suit in "SHDC" for rank in "2 3 4 5 6 7 8 9 10 J Q K A".split()] + ["X1", "X2"]
OVERFULL = [(ALL_54 + ["2S", "3S", "4S"])[i:i + 3] for i in range(0, 57, 3)]
KHRAP_PLAY = {"type": "play", "khrap": 0, "circle": 1, "tricks": [3, 1, 1]}


@pytest.mark.parametrize(("game", "run", "expected"), [
    # RULES.md, khrap: the circle the next khrap is called in is 2 after a silent first circle.
    pytest.param("khrap", lambda: answered("khrap", KHRAP_PLAY, before=({"type": "no_khrap"},)), ["wrong_circle"],
                 id="khrap-first-circle-after-a-silent-one"),
    pytest.param("khrap", lambda: answered("khrap", KHRAP_PLAY | {"circle": 2}), ["no_silent_first_circle"],
                 id="khrap-second-circle-with-no-silent-one"),
    pytest.param("khrap", lambda: answered("khrap", KHRAP_PLAY | {"renonce": [2, 2]}), ["renonce_twice"],
                 id="khrap-revoker-twice"),
    # The pot is empty before the first deal: a bonus of 5 cannot come out of it.
    pytest.param("khrap", lambda: answered("khrap", {"type": "penalty", "player": 0, "points": 5}), ["pot_too_small"],
                 id="khrap-bonus-over-the-pot"),
    pytest.param("tongits", lambda: answered("tongits", {"type": "penalty", "player": 0, "points": 5}), ["pot_too_small"],
                 id="tongits-bonus-over-the-pot"),
    pytest.param("tongits", lambda: answered("tongits", laid_off({"onto": 0, "cards": ["7D"]})), ["laid_off_onto_self"],
                 id="tongits-laid-off-onto-himself"),
    pytest.param("tongits", lambda: answered("tongits", laid_off({"onto": 1, "cards": ["9H"]})), ["laid_off_not_in_meld"],
                 id="tongits-laid-off-card-in-no-meld"),
    # 8♥ 8♠ 8♦ 8♣ with 8♦ and 8♣ laid off: seat 1 keeps two of his own, no meld of his.
    pytest.param("tongits", lambda: answered("tongits", laid_off({"onto": 1, "cards": ["8C", "8D"]})),
                 ["laid_off_leaves_no_meld"], id="tongits-meld-not-the-owners"),
    pytest.param("tongits", lambda: answered("tongits", {"type": "play", "ending": "stock_out", "hands": FOURTEEN}),
                 ["too_many_cards"], id="tongits-fourteen-cards"),
    pytest.param("tongits", lambda: answered("tongits", {"type": "result", "ending": "tongit", "caller": 1,
                                                 "counts": [9, 0, 10], "burned": [1]}),
                 ["bad_burned"], id="tongits-tongit-caller-burned"),
    pytest.param("tongits", lambda: answered("tongits", {"type": "result", "ending": "stock_out", "counts": [9, 9, 9],
                                                 "burned": [0, 1, 2], "winner_aces": 1}),
                 ["no_winner"], id="tongits-aces-paid-with-nobody-winning"),
    # 57 cards: three twice, 19 tricks where 17 were dealt each, more than the deck's 54.
    pytest.param("thirteens", lambda: answered("thirteens", {"type": "play", "trump": "S", "tricks": [OVERFULL, [], []]}),
                 ["card_twice"] * 3 + ["trick_count", "too_many_cards"], id="thirteens-57-cards"),
    pytest.param("thirteens", lambda: answered("thirteens", {"type": "play", "trump": "S",
                                                     "tricks": [[["KH", "QD"]], [["2C", "3C", "4D"]], []]},
                                       options={"cards_each": 2}),
                 ["trick_size"], id="thirteens-a-trick-of-two-at-three"),
    # The referee checks (/api/referee/<game>/…).
    pytest.param("terz", lambda: refused(terz.play_check, "7S 8S 9S 10S JS QS KS AS 7H".split(), "H", [], False, "8H"),
                 ["too_many_cards"], id="terz-check-ten-cards"),
    pytest.param("terz", lambda: refused(terz.trick_check, "H", ["AS", "KS", "QS"]), ["trick_size"],
                 id="terz-check-trick-of-three"),
    pytest.param("khrap", lambda: refused(khrap.read_play, "7H", "7S 8S 9S 10S JS QS".split(), None, "H"),
                 ["too_many_cards"], id="khrap-check-six-cards"),
    pytest.param("thirteens", lambda: refused(thirteens.read_trick, ["KH", "QD"]), ["trick_size"],
                 id="thirteens-check-trick-of-two"),
])
def test_a_worked_case_answers_its_code_and_the_list_names_it(listed: dict[str, set[str]], game: str,
                                                               run: Callable[[], list[str]],
                                                               expected: list[str]) -> None:
    codes = run()
    assert codes == expected
    assert set(codes) <= game_codes(listed, game)


@pytest.mark.django_db
def test_the_table_answers_bad_role_and_seat_taken_and_the_list_names_them(
        listed: dict[str, set[str]], owner: Any, django_user_model: Any) -> None:
    match = services.match_create(owner=owner, game="thousand", players=["Аня", "Борис", "Вика"])
    match = services.invite_renew(match=match, by=owner, role="player")
    boris = services.match_join(token=match.invite_token, user=django_user_model.objects.create_user(username="b"))
    vika = services.match_join(token=match.invite_token, user=django_user_model.objects.create_user(username="v"))
    assert boris is not None and vika is not None
    answers = []
    for write in (lambda: services.invite_renew(match=match, by=owner, role="owner"),
                  lambda: services.member_role(match=match, member=boris.pk, role="owner", by=owner)):
        with pytest.raises(Rejected) as rejected:
            write()
        answers += [v.code for v in rejected.value.violations]
    services.seat_claim(match=match, by=boris.user, seat=1)
    with pytest.raises(Rejected) as rejected:
        services.seat_claim(match=match, by=vika.user, seat=1)
    answers += [v.code for v in rejected.value.violations]
    assert answers == ["bad_role", "bad_role", "seat_taken"]
    assert set(answers) <= listed["table"]


# ---------------------------------------------------------------- broken on purpose

# Each game's entries as API.md and RULES.md write them: (seats, options, entries).
ENTRIES: dict[str, tuple[int, dict[str, Any] | None, list[dict[str, Any]]]] = {
    "thousand": (3, None, [
        {"type": "play", "declarer": 0, "bid": 110, "contract": 120, "points": [70, 30, 20],
         "marriages": [["H"], [], []], "tricks": [5, 2, 1], "dark": False, "marriages_held": [["H", "S"], [], []]},
        {"type": "write_off", "declarer": 1, "bid": 110, "contract": 120},
        {"type": "redeal", "reason": "four_aces"},
        {"type": "penalty", "player": 1, "points": -120, "reason": "free text"}]),
    "terz": (2, None, [
        {"type": "play", "trump": "H", "points": [108, 42], "last_trick": 0, "declarations": [
            {"player": 0, "cards": ["7H", "8H", "9H"]}, {"player": 1, "cards": ["JS", "JH", "JD", "JC"]},
            {"player": 0, "cards": ["KH", "QH"]}]},
        {"type": "false_declaration", "player": 0, "points": 100},
        {"type": "wrong_recording", "player": 0, "points": 30},
        {"type": "forfeit", "player": 1, "reason": "out_of_turn"}]),
    "tongits": (3, None, [
        laid_off({"onto": 1, "cards": ["8C"]}),
        {"type": "play", "ending": "draw", "caller": 0, "challengers": [2], "hands": HANDS},
        {"type": "result", "ending": "stock_out", "last_draw": 1, "counts": [14, 3, 22], "burned": [2],
         "winner_aces": 1, "winner_fours": 0}]),
    "khrap": (3, None, [
        KHRAP_PLAY | {"dark": False, "renonce": [2]}, {"type": "no_khrap"}, {"type": "renonce", "player": 2},
        {"type": "close"}, {"type": "penalty", "player": 1, "points": -5, "reason": ""}]),
    "thirteens": (3, {"cards_each": 2}, [
        {"type": "play", "trump": "H", "tricks": [[["KH", "QD", "6S"]], [["X1", "2S", "AH"]], []]},
        {"type": "play", "trump": None, "points": [3, 1, -4]}]),
}
BROKEN = [None, "", "x", "ZZ", -1, 0, 1, 99, 1_000_000, True, [], {}, [None], ["ZZ"]]


def broken(value: Any) -> Iterator[Any]:
    """*value* with one part of it broken at a time: each part replaced by each of BROKEN, each
    key left out, a key added that nobody has, each list's first item listed twice."""
    yield from BROKEN
    if isinstance(value, dict):
        yield value | {"zzz": 1}
        for key in value:
            yield {k: v for k, v in value.items() if k != key}
            for part in broken(value[key]):
                yield value | {key: part}
    elif isinstance(value, list):
        if value:
            yield [value[0], *value]
        for index, item in enumerate(value):
            for part in broken(item):
                yield [*value[:index], part, *value[index + 1:]]


@pytest.mark.parametrize("game", list(ENTRIES))
def test_every_code_broken_entries_and_options_answer_is_listed(listed: dict[str, set[str]], game: str) -> None:
    seats, options, entries = ENTRIES[game]
    module = GAMES[game]
    found: dict[str, Any] = {}
    for entry in entries:
        assert answered(game, entry, seats, options=options) == []  # a good entry to break
        for raw in broken(entry):
            for code in answered(game, raw, seats, options=options):
                found.setdefault(code, raw)
    for spec in dataclasses.fields(module.Options):
        for value in BROKEN:
            raw_options = (options or {}) | {spec.name: value}
            try:
                parsed = module.parse_options(raw_options, None)
            except Rejected as rejected:
                found.update({v.code: raw_options for v in rejected.violations if v.code not in found})
                continue
            for count in module.SEATS:
                found.update({v.code: raw_options for v in module.check_options(parsed, count) if v.code not in found})
    for preset, extra in (("zzz", None), (None, {"zzz": 1}), (None, "zzz")):
        with pytest.raises(Rejected) as rejected:
            module.parse_options(extra, preset)
        found.update({v.code: (preset, extra) for v in rejected.value.violations if v.code not in found})
    # The sweep reaches the shared readers and the game's own rules, not only one refusal.
    assert {"bad_type", "missing_field", "unknown_field", "unknown_option", "unknown_preset"} <= set(found)
    unlisted = {code: example for code, example in found.items() if code not in game_codes(listed, game)}
    assert unlisted == {}, f"{game} answers codes docs/codes.md does not list under it or under Every game"


def test_every_drf_code_a_request_body_can_answer_is_listed(listed: dict[str, set[str]]) -> None:
    """DRF's codes come from DRF, not from the sources the scan reads: every one a field of an
    input serializer can raise is answered through DRF_CODES, and must be listed."""
    import scorebook.api.urls  # noqa: F401 - every view, so every serializer, the games' check APIs too
    from scorebook.api.errors import DRF_CODES

    def subclasses(cls: type) -> Iterator[type]:
        for sub in cls.__subclasses__():
            yield sub
            yield from subclasses(sub)

    # scorebook.api.answers describes answers for the schema, and so do the …Output serializers beside
    # the views: they are written, never read.
    inputs = {cls for cls in subclasses(serializers.Serializer)
              if cls.__module__.startswith("scorebook.") and cls.__module__ != "scorebook.api.answers"
              and not cls.__name__.endswith("Output")}
    assert len(inputs) > 20
    raised: dict[str, str] = {}
    for cls in inputs:
        fields: list[Any] = [cls()]
        while fields:
            field = fields.pop()
            for key in field.error_messages:
                raised.setdefault(DRF_CODES.get(key, key), f"{cls.__module__}.{cls.__name__}: {key}")
            if isinstance(field, serializers.Serializer):
                fields += field.fields.values()
            elif getattr(field, "child", None) is not None:
                fields.append(field.child)
    assert {code: where for code, where in raised.items() if code not in listed["transport"]} == {}
