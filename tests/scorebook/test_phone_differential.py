"""The referee in the phone never disagrees with the server.

For every game, seeded random matches (deals recorded, amended and voided, legal and illegal ones,
from the match-file generator of test_import_equivalence) and a draft deal on each (the next deal
or an amendment, legal or not) are answered three ways:

1. by the server: ``selectors.replay_deals`` and ``scorebook.sheets``' rendering, with Django's
   translations, in English, Russian and Ukrainian;
2. by the phone's engine (scorebook/phone/engine.py) on CPython 3.11;
3. by the same engine and the same referee/, from the archive the browser gets, on Pyodide in Node.

Every row, total, state, stop and violation (code, field, severity, deal, message) is equal.
The matches are drawn once per run from fixed seeds (Hypothesis, derandomized): a few minutes at
most, most of it Pyodide's start.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from django.utils import translation
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.games import GAMES
from referee.ledger import Rejected, Sheet, replay
from scorebook import selectors, sheets
from scorebook.models import Deal, Match
from scorebook.phone import bundle, engine
from tests.referee.test_snapshots import ENTRIES
from tests.scorebook.test_import_equivalence import documents
from tests.scorebook.test_referee_offline import requests as referee_checks

MATCHES_PER_GAME = 24
LANGUAGES = ("en", "ru", "uk")
RUNNER = Path(__file__).with_name("run_in_pyodide.mjs")


def requests_for(game_name: str) -> list[dict[str, Any]]:
    """Seeded random requests: a match file's deals, its players, a language and a draft."""
    found: list[dict[str, Any]] = []
    game = GAMES[game_name]

    @settings(max_examples=MATCHES_PER_GAME, derandomize=True, database=None, deadline=None,
              suppress_health_check=list(HealthCheck))
    @given(documents(game_name), st.data())
    def draw(document: dict[str, Any], data: st.DataObject) -> None:
        seats = len(document["players"])
        try:
            options = game.parse_options(document["options"]) if document["options"] else game.parse_options(None)
        except Rejected:
            return
        if any(v.is_error for v in game.check_options(options, seats)):
            return  # a match the server would not create
        deals = [{"number": d["number"], "entry": d["entry"], "voided": d["voided"]} for d in document["deals"]]
        state = game.initial_state(options, seats, document["first_dealer"])
        numbers = [d["number"] for d in deals]
        number = data.draw(st.sampled_from([None, *numbers]), label="draft's deal") if numbers else None
        draft = {"entry": game.dump_entry(ENTRIES[game_name](data.draw, state)), "number": number}
        if data.draw(st.integers(0, 5)) == 0:  # now and then a draft that is not even an entry
            draft["entry"] = data.draw(st.sampled_from([{}, {"type": "nonsense"}, {"type": "play", "points": "x"}]))
        found.append({"game": game_name, "options": game.dump_options(options), "players": document["players"],
                      "first_dealer": document["first_dealer"], "language": LANGUAGES[len(found) % 3],
                      "deals": deals, "draft": draft})

    draw()
    return found


class _Drawn(dict[str, list[dict[str, Any]]]):
    """The requests of each game, drawn when first asked for (not while pytest collects)."""

    def __missing__(self, game_name: str) -> list[dict[str, Any]]:
        self[game_name] = requests_for(game_name)
        return self[game_name]

    def every(self) -> list[dict[str, Any]]:
        return [request for name in sorted(GAMES) for request in self[name]]


REQUESTS = _Drawn()


def server_answer(request: dict[str, Any]) -> dict[str, Any]:
    """What the server answers for *request*: its replay (an unsaved match, no database) rendered by
    ``scorebook.sheets`` in the request's language, and the draft as ``selectors.deal_preview``
    scores it."""
    game = GAMES[request["game"]]
    players = request["players"]
    match = Match(game=request["game"], players=players, first_dealer=request["first_dealer"],
                  options=request["options"])
    deals = [Deal(number=d["number"], entry=d["entry"], voided=d["voided"]) for d in request["deals"]]
    with translation.override(request["language"]):
        replayed = selectors.replay_deals(match, deals)
        rendered = sheets.render_sheet(request["game"], players, replayed.neutral)
        rows = [{**sheets.render_row(row, players),
                 "warnings": [sheets.render_violation(v, players) for v in row["warnings"]]}
                for row in replayed.neutral["rows"]]
        sheet = {"rows": [{key: row[key] for key in ("number", "dealer", "type", "deltas", "totals", "marks",
                                                      "explanation", "result", "warnings")} for row in rows],
                 **{key: rendered[key] for key in ("totals", "finished", "winner", "next_dealer", "state", "voided",
                                                   "stopped_at")}}
        return {"sheet": sheet, "draft": server_draft(game, match, deals, request["draft"])}


def server_draft(game: Any, match: Match, deals: list[Deal], draft: dict[str, Any]) -> dict[str, Any]:
    """``selectors.deal_preview``'s steps, without the database that it reads the deals from."""
    players = match.players
    number = draft["number"] if draft["number"] is not None else (max((d.number for d in deals), default=0) + 1)
    nothing = {"number": number, "row": None, "totals": None, "state": None}
    try:
        parsed = game.parse_entry(draft["entry"], len(players))
        others = selectors.counted_entries(match, [d for d in deals if d.number != number])
    except Rejected as rejected:
        return {**nothing, "violations": [sheets.violation_json(v, players) for v in sheets.capped(rejected.violations)]}
    counted = sorted([*others, (number, parsed)], key=lambda pair: pair[0])
    sheet = replay(game, selectors.match_options(match), len(players), match.first_dealer, counted)
    if sheet.errors:
        return {**nothing, "violations": [sheets.violation_json(v, players) for v in sheets.capped(sheet.errors)]}
    row = next(row for row in sheet.rows if row.number == number)
    mine = [v for v in sheet.violations if v.deal == number]
    neutral = sheets.neutral_rows(Sheet((row,), sheet.state, tuple(mine)))[0]
    return {"number": number,
            "row": {**{k: v for k, v in sheets.render_row(neutral, players).items() if k not in ("status", "provisional")},
                    "warnings": [sheets.violation_json(v, players) for v in mine]},
            "totals": list(sheet.state.totals), "state": json.loads(json.dumps(game.dump_state(sheet.state))),
            "violations": [sheets.violation_json(v, players) for v in mine]}


@pytest.fixture(scope="module")
def catalogues() -> None:
    engine.load_catalogues(str(bundle.LOCALE_DIR))


def test_the_draws_hold_every_kind_of_case() -> None:
    # Not a vacuous comparison: refused drafts, scored drafts, stopped sheets and voided deals all occur.
    every = REQUESTS.every()
    assert all(len(REQUESTS[name]) >= MATCHES_PER_GAME // 2 for name in GAMES)
    assert any(any(d["voided"] for d in r["deals"]) for r in every)
    assert any(r["draft"]["number"] is not None for r in every)
    answers = [engine.answer(r) for r in every]
    assert any(a["draft"]["row"] is None for a in answers) and any(a["draft"]["row"] for a in answers)
    assert any(a["sheet"]["stopped_at"] for a in answers) and any(a["sheet"]["rows"] for a in answers)


def with_state(request: dict[str, Any]) -> dict[str, Any] | None:
    """*request* as a page holding the match's state asks it: the draft as the next deal, folded
    onto the state after the last deal (None where the match stopped at a refused deal)."""
    sheet = engine.answer({**request, "draft": None})["sheet"]
    if sheet["stopped_at"] or request["draft"]["number"] is not None:
        return None
    last = max((d["number"] for d in request["deals"]), default=0)
    return {key: request[key] for key in ("game", "options", "players", "first_dealer", "language", "draft")} | {
        "state": sheet["state"], "last_deal": last}


@pytest.mark.parametrize("game_name", sorted(GAMES))
def test_a_draft_folded_onto_the_state_scores_as_the_whole_replay(game_name: str, catalogues: None) -> None:
    asked = [(request, folded) for request in REQUESTS[game_name] if (folded := with_state(request))]
    assert asked
    for request, folded in asked:
        assert engine.answer(folded) == {"draft": engine.answer(request)["draft"]}, request


@pytest.mark.parametrize("game_name", sorted(GAMES))
def test_the_phones_engine_on_cpython_answers_what_the_server_answers(game_name: str, catalogues: None) -> None:
    for request in REQUESTS[game_name]:
        assert engine.answer(request) == server_answer(request), request


def test_the_engine_on_pyodide_answers_what_it_answers_on_cpython(tmp_path: Path, catalogues: None) -> None:
    node = shutil.which("node")
    assert node is not None, "Node is not installed: run make system-deps"
    assert bundle.installed(), "Pyodide is not installed: run make engine"
    every = REQUESTS.every()
    every += [folded for request in list(every) if (folded := with_state(request))]
    every += referee_checks()  # every game's page of checks, asked of the phone (test_referee_offline)
    archive = tmp_path / "referee.zip"
    archive.write_bytes(bundle.archive_bytes())  # the bytes the browser gets
    (tmp_path / "requests.json").write_text(json.dumps(every), encoding="utf-8")
    run = subprocess.run([node, str(RUNNER), str(bundle.PYODIDE_DIR), str(archive), str(tmp_path / "requests.json"),
                          str(tmp_path / "answers.json")], capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr[-3000:]  # Pyodide prints its whole minified source before an error
    out = json.loads((tmp_path / "answers.json").read_text(encoding="utf-8"))
    print(f"Pyodide's Python {out['python']} (CPython {sys.version.split()[0]} here): started in "
          f"{out['start_ms']} ms, {len(every)} matches answered in {out['answer_ms']} ms")
    assert len(out["answers"]) == len(every)
    for request, answered in zip(every, out["answers"], strict=True):
        assert answered == json.loads(json.dumps(engine.answer(request))), request
