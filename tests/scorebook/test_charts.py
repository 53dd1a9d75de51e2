"""The match chart: inline SVG of the running totals (scorebook/charts.py), worked by hand.

The scale (charts.py's docstring): x of deal n of N = 48 + n × 300 / N; the value axis covers the
data and 0, widened to the smallest nice step (1, 2, 5 × 10^k) with at most 6 intervals; y of v =
184 − (v − lo) × 160 / (hi − lo); one decimal at most.
"""

from __future__ import annotations

import re

import pytest

from scorebook import services
from scorebook.games import charts
from scorebook.games.thousand.sheet import chart_markers
from scorebook.web.contexts import sheet_context
from tests.scorebook.conftest import penalty, play

pytestmark = pytest.mark.django_db


def points_of(svg: str) -> list[str]:
    return re.findall(r'<polyline class="series s\d" points="([^"]+)"', svg)


@pytest.fixture
def three_deals(owner):
    """Аня, Борис, Вика (1000, classic), three deals:

    1. Аня plays 100 and takes 45: −100; Борис 67 → 65; Вика 8 → 10.  Totals −100, 65, 10.
    2. Аня +655 (a penalty entry): −100 + 655 = 555, a samosval: back to 0.  Totals 0, 65, 10.
    3. Борис +815: 65 + 815 = 880, he mounts the barrel.  Totals 0, 880, 10.
    """
    match = services.match_create(owner=owner, game="thousand", players=["Аня", "Борис", "Вика"])
    for entry in (play(), penalty(0, 655), penalty(1, 815)):
        services.deal_record(match=match, entry=entry)
    match.refresh_from_db()
    return match


def test_the_scale_takes_the_smallest_nice_step() -> None:
    # −100 … 880: step 200 needs −200 … 1000, six intervals (100 would need eleven).
    assert charts.nice_scale([-100, 65, 10, 880]) == charts.Scale(-200, 1000, 200)
    assert charts.nice_scale([0, 130]) == charts.Scale(0, 150, 50)  # 20 would need seven
    assert charts.nice_scale([0, 0]) == charts.Scale(0, 1, 1)  # nothing yet: a unit axis


def test_a_three_deal_match_draws_one_polyline_per_player(three_deals) -> None:
    context = sheet_context(three_deals)
    assert context["totals"] == [0, 880, 10]
    svg = str(charts.match_chart(context))
    # x: 48, 148, 248, 348.  y on −200 … 1000: 184 − (v + 200) × 160 / 1200 = 184 − (v + 200) / 7.5
    #   0 → 157.3;  −100 → 170.7;  65 → 148.7;  10 → 156;  880 → 184 − 144 = 40
    assert points_of(svg) == [
        "48,157.3 148,170.7 248,157.3 348,157.3",  # Аня
        "48,157.3 148,148.7 248,148.7 348,40",  # Борис
        "48,157.3 148,156 248,156 348,156",  # Вика
    ]
    assert 'role="img"' in svg and 'viewBox="0 0 360 224"' in svg
    assert f'<title id="chart-{three_deals.pk}-title">Running totals after each deal</title>' in svg
    assert "After deal 3: Аня 0, Борис 880, Вика 10." in svg
    # The zero line and the value ticks every 200, with a real minus sign.
    assert '<line class="grid zero" x1="48" x2="348" y1="157.3" y2="157.3"' in svg
    assert ">−200</text>" in svg and ">1000</text>" in svg
    # The x axis is the deal number.
    assert [m for m in re.findall(r'<text class="tick" x="(\d+)" y="200" text-anchor="middle">(\d+)</text>', svg)] == [
        ("48", "0"), ("148", "1"), ("248", "2"), ("348", "3")]


def test_markers_for_the_samosval_and_the_barrel_mount(three_deals) -> None:
    svg = str(charts.match_chart(sheet_context(three_deals)))
    samosval = re.search(r'<g class="marker marker-samosval s0"><title>([^<]+)</title><path d="M248 151.3', svg)
    assert samosval and samosval.group(1) == "Deal 2: samosval, Аня back to 0"  # diamond around (248, 157.3)
    barrel = re.search(r'<g class="marker marker-barrel s1"><title>([^<]+)</title><circle cx="348" cy="40"', svg)
    assert barrel and barrel.group(1) == "Deal 3: Борис mounts the barrel"
    assert svg.count('class="marker ') == 2
    # The key under the chart explains both shapes.
    assert "mounted the barrel" in svg and "marker-key marker-samosval" in svg


def test_a_barrel_sitter_is_marked_once_and_again_after_a_fall() -> None:
    # The sheet context's rows: the referee says who mounted (result "mounted") and marks the fall,
    # and says both as the deal's events (result "events").
    # Mount at 1, sits at 2 and 3, falls at 4, mounts at 5.
    cells = [["barrel"], ["barrel"], ["barrel"], ["barrel", "barrel_fall"], ["barrel"]]
    totals = [880, 880, 880, 760, 880]
    mounted = [[0], [], [], [], [0]]
    events = [[{"kind": "barrel_mount", "seat": 0}], [], [], [{"kind": "barrel_fall", "seat": 0}],
              [{"kind": "barrel_mount", "seat": 0}]]
    rows = [{"number": n, "cells": [{"total": t, "marks": m}], "result": {"mounted": up, "events": e}}
            for n, (m, t, up, e) in enumerate(zip(cells, totals, mounted, events), 1)]
    markers = chart_markers(rows, ["Аня"])
    assert [(m.kind, m.number) for m in markers] == [("barrel", 1), ("fall", 4), ("barrel", 5)]


def test_player_names_are_escaped(owner) -> None:
    match = services.match_create(owner=owner, game="thousand", players=['<b>Ann & "Co"</b>', "Борис", "Вика"])
    services.deal_record(match=match, entry=play())
    match.refresh_from_db()
    html = str(charts.match_chart(sheet_context(match)))
    assert "<b>" not in html
    assert "&lt;b&gt;Ann &amp; &quot;Co&quot;&lt;/b&gt;" in html  # in the legend and in <desc>
    assert html.count("&lt;b&gt;Ann") >= 3  # the desc, the polyline's title, the legend


def test_chip_games_draw_balances(owner) -> None:
    match = services.match_create(owner=owner, game="khrap", players=["Аня", "Борис", "Вика"])
    services.deal_record(match=match, entry={"type": "penalty", "player": 1, "points": -10})
    match.refresh_from_db()
    svg = str(charts.match_chart(sheet_context(match)))
    assert "Balances after each deal" in svg and ">money</text>" in svg


def test_no_deals_no_chart_but_a_note(match) -> None:
    html = str(charts.match_chart(sheet_context(match)))
    assert "<svg" not in html and "after the first deal" in html


def test_the_match_page_shows_the_chart_without_another_query(client, owner, three_deals,
                                                                django_assert_num_queries) -> None:
    client.force_login(owner)
    client.get(f"/matches/{three_deals.pk}/")  # warm caches (templates, status partials)
    page = client.get(f"/matches/{three_deals.pk}/").content.decode()
    assert 'class="chart-svg"' in page and page.count("<polyline") == 3
    from django.template.loader import render_to_string

    context = sheet_context(three_deals)
    with django_assert_num_queries(1):  # the sheet's rows, read when first used (selectors.lazy_sheet)
        assert len(context["rows"]) == 3
    with django_assert_num_queries(0):  # all from the sheet context already there
        render_to_string("scorebook/_chart.html", context)
