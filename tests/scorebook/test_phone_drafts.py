"""A game's entry form read in the browser (static/games/<game>/draft.js, for the referee in the
phone's instant feedback) gives the entry the server reads from the same POST (the game's
``form.entry_from_post``): a table of typed forms, blanks, "the rest", garbage and all, run in Node."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from django.http import QueryDict

from scorebook.games import game_ui

ROOT = Path(__file__).resolve().parents[2]
RUNNER = Path(__file__).with_name("run_drafts.js")
THREE: dict[str, Any] = {}
FOUR = {"sitting_out": 2}  # with 4 players the dealer's seat sits out (referee: state["sitting_out"])

# (what the form posts, seats, the referee's state where the deal is entered)
CASES = {
    "thousand": [
        ({"declarer": ["1"], "bid": ["100"], "points_0": ["15"], "points_1": ["100"], "points_2": [""]}, 3, THREE),
        ({"declarer": ["0"], "bid": ["120"], "contract": ["130"], "points_0": ["80"], "points_1": ["25"],
          "points_2": ["15"], "marriages_0": ["S", "H", "H"], "dark": ["on"]}, 3, THREE),
        ({"declarer": ["2"], "bid": [" 105 "], "points_0": ["−5"], "points_1": [""], "points_2": [""]}, 3, THREE),
        ({"declarer": [""], "bid": ["сто"], "points_0": ["1e3"], "points_1": ["1234567"], "points_2": ["٣"]}, 3, THREE),
        ({"declarer": ["1"], "bid": ["100"], "points_0": ["40"], "points_1": ["70"], "points_2": [""],
          "tricks_0": ["2"], "tricks_1": [""], "tricks_2": ["1"], "held_1": ["D", "C", "D"]}, 3, THREE),
        ({"declarer": ["0"], "bid": ["100"], "points_0": ["60"], "points_1": ["40"], "points_3": [""],
          "talon_points": ["", ], "talon_marriage": ["H"]}, 4, FOUR),
        ({"declarer": ["3"], "bid": ["110"], "points_0": ["20"], "points_1": ["30"], "points_2": ["99"],
          "points_3": ["70"], "talon_points": ["15"]}, 4, FOUR),
        ({}, 3, THREE),
    ],
}


def posted(fields: dict[str, list[str]]) -> QueryDict:
    post = QueryDict(mutable=True)
    for name, values in fields.items():
        post.setlist(name, values)
    return post


@pytest.mark.parametrize("game_name", sorted(CASES))
def test_the_browsers_reading_of_the_form_is_the_servers(game_name: str, tmp_path: Path) -> None:
    node = shutil.which("node")
    assert node is not None, "Node is not installed: run make system-deps"
    cases = [{"fields": fields, "seats": seats, "state": state} for fields, seats, state in CASES[game_name]]
    (tmp_path / "cases.json").write_text(json.dumps(cases), encoding="utf-8")
    script = ROOT / "static" / "games" / game_name / "draft.js"
    run = subprocess.run([node, str(RUNNER), str(script), game_name, str(tmp_path / "cases.json")],
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    form = game_ui(game_name).form
    servers = [form.entry_from_post(posted(case["fields"]), case["seats"], case["state"]) for case in cases]
    assert json.loads(run.stdout) == json.loads(json.dumps(servers))
