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
        ({"declarer": ["0", "1"], "bid": ["100", "\ufeff110"], "points_0": ["50\u0085"], "points_1": ["40"],
          "points_2": [""], "marriages_0": ["\U0001F0A1", "\uff21", "H"]}, 3, THREE),  # as Django reads a POST
    ],
    "terz": [  # two players; a blank "other" is the rest of 150 (seed 000)
        ({"trump": ["H"], "counter": ["0"], "counted": ["62"], "other": [""], "last_trick": ["1"],
          "decl_0_player": ["1"], "decl_0": ["7S", "8S", "9S"]}, 2, THREE),
        ({"trump": ["S"], "counter": ["1"], "counted": ["70"], "other": ["80"], "last_trick": ["0"],
          "decl_0_player": ["0"], "decl_0": ["JH", "JD", "JC", "JS"], "decl_2_player": [""], "decl_2": ["KS", "QS"],
          "decl_3_player": ["1"], "decl_4": []}, 2, THREE),  # a slot without cards is no declaration
        ({}, 2, THREE),  # nothing typed: no points, no declarations
        ({"counter": [""], "counted": ["70"], "other": ["80"]}, 2, THREE),  # nobody counted: no points
        ({"counter": ["2"], "counted": ["70"]}, 2, THREE),  # no such seat: no points
        ({"counter": ["0"], "counted": [""], "other": [""]}, 2, THREE),  # both blank: blank
        ({"counter": ["1"], "counted": ["сто"], "other": [""]}, 2, THREE),  # garbage is not the rest
        ({"counter": ["0"], "counted": ["\u221210"], "other": [""], "trump": [""], "last_trick": ["x"]}, 2, THREE),
        ({"counter": [" 1\u0085"], "counted": ["\ufeff70"], "other": ["1e3"], "last_trick": ["-0"]}, 2, THREE),
        ({"counter": ["0", "1"], "counted": ["40", "50"], "decl_7_player": ["0", "1"], "decl_7": ["AH", "AH"]},
         2, THREE),  # a name sent twice: the last value, as Django reads it
    ],
    "tongits": [  # three players: the quick entry (counts) and the hand card by card
        ({"mode": ["quick"], "ending": ["stock_out"], "last_draw": ["2"], "count_0": ["12"], "count_1": ["7"],
          "count_2": ["30"], "burned": ["2"], "winner_aces": ["1"], "winner_fours": ["0"]}, 3, THREE),
        ({"mode": ["quick"], "ending": ["tongit"], "caller": ["1"], "count_0": [""], "count_1": [""],
          "count_2": ["5"], "winner_aces": [""], "winner_fours": [""], "last_draw": ["0"],
          "challengers": ["0"]}, 3, THREE),  # the caller's blank count is 0; another ending's fields left out
        ({"mode": ["quick"], "ending": ["draw"], "caller": ["0"], "challengers": ["1", "2"], "count_0": ["9"],
          "count_1": ["\u221211"], "count_2": ["abc"], "burned": ["1", ""], "winner_aces": ["x"]}, 3, THREE),
        ({"mode": ["quick"], "ending": ["tongit"], "caller": ["7"], "count_0": [""]}, 3, THREE),  # no such caller
        ({"mode": ["quick"], "ending": ["draw"], "caller": [""]}, 3, THREE),  # a draw nobody fought
        ({"mode": ["quick"]}, 3, THREE),  # nothing tapped: no ending
        ({"mode": ["cards"], "ending": ["tongit"], "caller": ["0"],
          "meld_0_0": ["3H", "AH", "2H", "AH"], "meld_0_1": ["KS", "KD", "KC"], "concealed_0_1": ["on"],
          "meld_0_2": ["10C", "JC", "9C", "QC"], "hand_0": [],
          "meld_1_0": ["5D", "5S", "5H"], "hand_1": ["QH", "10H", "2S", "2C", "AS"],
          "hand_2": ["KH", "XX", "4C", "\uff21", "AD", "\U0001F0A1", "4\U0001F0A1", "4\uff21", "", "JD"]}, 3, THREE),  # no card: by code point, as Python sorts
        ({"mode": ["cards"], "ending": ["stock_out"], "last_draw": ["1"], "meld_2_3": ["7C", "7D", "7H"],
          "concealed_2_3": [""], "hand_0": ["9S"]}, 3, THREE),  # an unticked concealed box: laid
        ({"ending": [""], "caller": ["0"]}, 3, THREE),  # no mode sent: card by card, no ending
    ],
    "khrap": [  # three to six players; an empty field took none, but for "the rest of 5"
        ({"khrap": ["0"], "circle": ["1"], "tricks_0": ["3"], "tricks_1": ["1"], "tricks_2": ["1"]}, 3, THREE),
        ({"khrap": ["1"], "circle": ["1"], "tricks_0": ["1"], "tricks_1": [""], "tricks_2": ["1"]}, 3, THREE),
        ({"khrap": ["2"], "circle": ["2"], "dark": ["on"], "tricks_0": ["1"], "tricks_1": [""], "tricks_2": [""],
          "tricks_3": [""], "tricks_4": ["1"], "tricks_5": [""]}, 6, THREE),  # several blank: the khraper's
        ({"khrap": ["3"], "circle": ["1"], "tricks_0": ["1"], "tricks_1": [""], "tricks_2": [""],
          "tricks_3": ["1"]}, 4, THREE),  # the khraper typed: the other blanks took none
        ({"khrap": ["0"], "circle": ["1"], "tricks_0": ["4"], "tricks_1": ["3"], "tricks_2": [""]}, 3, THREE),
        ({"khrap": ["0"], "circle": ["1"], "tricks_0": [""], "tricks_1": [""], "tricks_2": [""]}, 3, THREE),
        ({"khrap": ["1"], "circle": ["1"], "tricks_0": ["x"], "tricks_1": [""], "tricks_2": ["2"]}, 3, THREE),
        ({"khrap": ["0"], "circle": ["1"], "tricks_0": ["\u22121"], "tricks_1": ["3"], "tricks_2": ["3"],
          "renonce": ["1", "2", "x"]}, 3, THREE),
        ({"khrap": ["none"], "circle": ["1"], "tricks_0": ["3"]}, 3, THREE),  # nobody: a silent circle
        ({"action": ["no_khrap"], "khrap": ["1"], "tricks_0": ["3"]}, 3, THREE),  # "Nobody khrapped"
        ({"khrap": ["храп"], "circle": [""], "tricks_0": ["2"], "tricks_1": [""], "tricks_2": [""]}, 3, THREE),
        ({}, 3, THREE),
    ],
    "thirteens": [  # three to six players: the tricks card by card, or points counted by hand
        ({"trump": ["H"], "mode": ["cards"], "trick_0": ["KH QD 6S", "AS 2S 3S"], "trick_1": ["10C JC QC"],
          "pick_seat": ["0"]}, 3, THREE),
        ({"trump": ["none"], "mode": ["cards"], "trick_2": ["X1 AH 2H"], "pick": ["KC", "QC", "JC"],
          "pick_seat": ["1"]}, 3, THREE),  # the trick still in the grid counts for who took it
        ({"trump": ["S"], "trick_0": ["  KH\tQD  6S ", "", "   "], "pick": [" ", "2D"], "pick_seat": [""]}, 3, THREE),
        ({"trump": ["D"], "mode": ["cards"], "pick": ["3D", "4D", "5D"], "pick_seat": ["9"]}, 3, THREE),
        ({"trump": ["C"], "mode": ["cards"], "trick_1": ["KH\u0085QD\u3000X2 \ufeffAS"], "pick_seat": ["x"]},
         4, THREE),
        ({"trump": ["H"], "mode": ["points"], "points_0": ["12"], "points_1": ["\u22125"], "points_2": [""],
          "trick_0": ["KH QD 6S"]}, 3, THREE),  # counted by hand: the tricks are not read
        ({"trump": [""], "mode": ["points"], "points_0": ["1e3"], "points_1": ["1234567"], "points_2": [" 7 "]},
         3, THREE),
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
