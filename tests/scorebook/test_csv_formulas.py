"""The CSV export never hands a spreadsheet a formula: a text cell starting with = + - @, a tab
or a carriage return gets a leading ' (OWASP, "CSV Injection"); numbers, negative ones included,
stay numbers."""

from __future__ import annotations

import csv
import io

import pytest
from django.test import Client

from scorebook import services
from scorebook.services import files as exports
from tests.scorebook.conftest import play

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(("cell", "written"), [
    pytest.param('=HYPERLINK("http://x.io","go")', '\'=HYPERLINK("http://x.io","go")', id="equals"),
    pytest.param("+7 999", "'+7 999", id="plus"),
    pytest.param("-Вика", "'-Вика", id="minus"),
    pytest.param("@SUM(A1)", "'@SUM(A1)", id="at"),
    pytest.param("\t=1", "'\t=1", id="tab"),
    pytest.param("\r=1", "'\r=1", id="carriage-return"),
    pytest.param("Аня", "Аня", id="a-name"),
    pytest.param("a=b", "a=b", id="equals-inside"),
    pytest.param(-100, -100, id="a-negative-number"),
    pytest.param(65, 65, id="a-number"),
])
def test_a_cell_is_written_so_no_spreadsheet_runs_it(cell, written) -> None:
    assert exports.csv_cell(cell) == written


def test_a_player_named_like_a_formula_is_exported_as_text(signed_in: Client, owner) -> None:
    players = ['=HYPERLINK("http://x.io","go")', "-Вика", "Аня"]
    match = services.match_create(owner=owner, game="thousand", players=players)
    services.deal_record(match=match, entry=play(0, 100, points=[45, 67, 8]))  # [−100, 65, 10]
    answer = signed_in.get(f"/matches/{match.pk}/export.csv")
    rows = list(csv.reader(io.StringIO(answer.content.decode("utf-8-sig"))))
    assert rows[0][3:7] == ['\'=HYPERLINK("http://x.io","go"): deal',
                            '\'=HYPERLINK("http://x.io","go"): total', "'-Вика: deal", "'-Вика: total"]
    # deal 1, a play, dealt by seat 0 (the formula's name, neutralised), then delta and total per seat
    assert rows[1] == ["1", "play", '\'=HYPERLINK("http://x.io","go")', "-100", "-100", "65", "65",
                       "10", "10"]
