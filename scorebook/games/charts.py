"""Charts as inline SVG made in Python (STYLE.md 2.8): no JavaScript, works offline, plain asserts.

Two kinds: the running totals of a match (one ``<polyline>`` per player, x = deal number, with
the markers its game puts on it: mounting or falling off the barrel in 1000, a samosval), and a
grouped bar chart for a player's statistics. Both draw in one fixed coordinate system (the
``viewBox`` below) that CSS scales to the width of the phone; colours are CSS classes over the
theme's variables (``--chart-1`` …), with a plain colour in the attribute for a page without CSS.

The scale, so tests can work points out by hand:

* plot area x from ``LEFT`` (48) to ``RIGHT`` (348), y from ``TOP`` (24) down to ``BOTTOM`` (184);
* x of deal number *n* of a match whose last deal is *N*: ``48 + n × 300 / N`` (n = 0 is the start,
  every total 0);
* the value axis runs from ``lo`` to ``hi``: the data and 0, widened to multiples of a "nice" step
  (1, 2 or 5 × 10^k, the smallest giving at most 6 intervals); y of a value v:
  ``184 − (v − lo) × 160 / (hi − lo)``;
* coordinates are written rounded to one decimal, without a trailing ".0".
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

WIDTH, HEIGHT = 360, 224
LEFT, RIGHT, TOP, BOTTOM = 48, 348, 24, 184
MAX_INTERVALS = 6
# Light-theme colours, used as the attribute when no stylesheet applies; app.css overrides them
# per theme through the .s0 … .s5 classes. The dash patterns tell the lines apart without colour.
COLOURS = ("#1f5fbf", "#c0262d", "#1d7a3a", "#8a5a00", "#7b3fb5", "#0f7c86")
DASHES = ("", "7 4", "2 3", "9 3 2 3", "4 4", "1 5")


def num(value: float) -> str:
    """A coordinate as written in the SVG: one decimal at most, "-0" as "0"."""
    text = f"{value:.1f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


@dataclass(frozen=True, slots=True)
class Scale:
    lo: int
    hi: int
    step: int

    def y(self, value: float) -> float:
        return BOTTOM - (value - self.lo) * (BOTTOM - TOP) / (self.hi - self.lo)

    @property
    def ticks(self) -> list[int]:
        return list(range(self.lo, self.hi + 1, self.step))


def nice_scale(values: Sequence[float]) -> Scale:
    """The value axis: the data and 0, out to multiples of the smallest nice step that needs at
    most ``MAX_INTERVALS`` intervals (e.g. −100 … 880 → step 200, −200 … 1000)."""
    lo, hi = min([0, *values]), max([0, *values])
    step = 1
    while True:
        for factor in (1, 2, 5):
            size = step * factor
            low, high = math.floor(lo / size) * size, math.ceil(hi / size) * size
            if high == low:
                high = low + size
            if (high - low) / size <= MAX_INTERVALS:
                return Scale(int(low), int(high), int(size))
        step *= 10


def x_of(number: int, last: int) -> float:
    return LEFT + number * (RIGHT - LEFT) / max(last, 1)


@dataclass(frozen=True, slots=True)
class Marker:
    """An event a game draws on a player's line: which, where, its shape and its words."""

    kind: str  # its CSS class and its entry in the key ("barrel", "fall", "samosval")
    shape: str  # one of SHAPES
    seat: int
    number: int
    total: int
    text: str  # its title and its sentence in the chart's description: "Deal 3: Борис mounts the barrel"
    key: str  # the key's word for this kind: "mounted the barrel"


SHAPES = ("circle", "triangle", "diamond")  # the key lists kinds in this order


def marker_shape(shape: str, seat: int, x: float, y: float, colour: str | None = None) -> SafeString:
    """A hollow circle, a down triangle or a diamond around (x, y)."""
    colour = colour or COLOURS[seat % len(COLOURS)]
    if shape == "circle":
        return format_html('<circle cx="{}" cy="{}" r="5.5" fill="none" stroke="{}" stroke-width="2.5"/>',
                           num(x), num(y), colour)
    if shape == "triangle":
        return format_html('<path d="M{} {}h12l-6 10z" fill="{}"/>', num(x - 6), num(y - 5), colour)
    return format_html('<path d="M{} {}l6 6-6 6-6-6z" fill="{}" stroke="currentColor" stroke-width="1"/>',
                       num(x), num(y - 6), colour)


def _series_class(seat: int) -> str:
    return f"s{seat % len(COLOURS)}"


# ---------------------------------------------------------------- the running totals of a match


def match_points(rows: Sequence[Mapping[str, Any]], seats: int) -> tuple[list[int], list[list[int]]]:
    """The deal numbers (0, the start, first) and each seat's total after each counted deal."""
    numbers = [0]
    totals: list[list[int]] = [[0] for _seat in range(seats)]
    for row in rows:
        if row.get("voided") or not row.get("cells"):
            continue
        numbers.append(row["number"])
        for seat, cell in enumerate(row["cells"]):
            totals[seat].append(cell["total"])
    return numbers, totals


def line_chart(*, chart_id: str, names: Sequence[str], numbers: Sequence[int], totals: Sequence[Sequence[int]],
               markers: Sequence[Marker] = (), title: str, desc: str, value_label: str,
               number_label: str) -> SafeString:
    """One polyline per player over deal numbers, a zero line, axis labels, markers."""
    last = numbers[-1]
    scale = nice_scale([v for series in totals for v in series])
    parts: list[Any] = [format_html(
        '<svg class="chart-svg" viewBox="0 0 {} {}" role="img" aria-labelledby="{}-title {}-desc" '
        'font-size="12" fill="currentColor">'
        '<title id="{}-title">{}</title><desc id="{}-desc">{}</desc>',
        WIDTH, HEIGHT, chart_id, chart_id, chart_id, title, chart_id, desc)]
    parts.append(_value_axis(scale, value_label))
    # x axis: deal numbers, thinned to about 8 labels so they stay readable on a phone.
    every = max(1, math.ceil(last / 8))
    labels = [n for n in numbers if n % every == 0 or n == last]
    parts.append(format_html_join("", '<text class="tick" x="{}" y="{}" text-anchor="middle">{}</text>',
                                  ((num(x_of(n, last)), BOTTOM + 16, n) for n in labels)))
    parts.append(format_html('<text class="axis-title" x="{}" y="{}" text-anchor="end">{}</text>',
                             RIGHT, HEIGHT - 4, number_label))
    for seat, series in enumerate(totals):
        points = " ".join(f"{num(x_of(n, last))},{num(scale.y(v))}" for n, v in zip(numbers, series, strict=True))
        parts.append(format_html(
            '<polyline class="series {}" points="{}" fill="none" stroke="{}" stroke-width="2.5" '
            'stroke-linejoin="round" stroke-linecap="round"{}><title>{}</title></polyline>',
            _series_class(seat), points, COLOURS[seat % len(COLOURS)], _dash(seat), names[seat]))
    for marker in markers:
        x, y = x_of(marker.number, last), scale.y(marker.total)
        parts.append(format_html('<g class="marker marker-{} {}"><title>{}</title>{}</g>', marker.kind,
                                 _series_class(marker.seat), marker.text,
                                 marker_shape(marker.shape, marker.seat, x, y)))
    parts.append(mark_safe("</svg>"))
    return mark_safe("".join(str(p) for p in parts))


def _dash(seat: int) -> SafeString:
    dash = DASHES[seat % len(DASHES)]
    return format_html(' stroke-dasharray="{}"', dash) if dash else mark_safe("")


def _value_axis(scale: Scale, label: str) -> SafeString:
    """Grid lines at each tick, the zero line drawn stronger, tick labels, the axis title."""
    parts = []
    for tick in scale.ticks:
        y = num(scale.y(tick))
        css = "grid zero" if tick == 0 else "grid"
        parts.append(format_html(
            '<line class="{}" x1="{}" x2="{}" y1="{}" y2="{}" stroke="currentColor" stroke-opacity="{}"/>'
            '<text class="tick" x="{}" y="{}" dy=".32em" text-anchor="end">{}</text>',
            css, LEFT, RIGHT, y, y, "0.7" if tick == 0 else "0.15", LEFT - 6, y, _signed(tick)))
    parts.append(format_html('<text class="axis-title" x="{}" y="{}">{}</text>', 4, TOP - 10, label))
    return mark_safe("".join(parts))


def _signed(value: int) -> str:
    return f"−{-value}" if value < 0 else str(value)  # a real minus sign, as on the sheet


def match_chart(context: Mapping[str, Any]) -> SafeString:
    """The match page's chart, from the sheet context it already has (no query): ``match``,
    ``rows`` (cells with totals and marks, and the referee's result), ``totals``, and ``game``, the
    game's record, which says what the totals are and which markers go on the lines."""
    match, game = context["match"], context["game"]
    names = list(match.players)
    numbers, totals = match_points(context["rows"], len(names))
    if len(numbers) < 2:
        return format_html('<p class="chart-empty help">{}</p>',
                           _("The chart of the totals appears here after the first deal."))
    markers = game.chart_markers(context["rows"], names)
    title = _("Balances after each deal") if game.balances else _("Running totals after each deal")
    now = ", ".join(f"{name} {_signed(total)}" for name, total in zip(names, context["totals"], strict=False))
    desc = _("After deal %(number)s: %(totals)s.") % {"number": numbers[-1], "totals": now}
    if markers:
        desc += " " + " ".join(m.text + "." for m in markers)
    svg = line_chart(chart_id=f"chart-{match.pk}", names=names, numbers=numbers, totals=totals, markers=markers,
                     title=title, desc=desc, value_label=str(game.unit), number_label=_("deal"))
    legend = format_html_join("", '<li><svg class="swatch" viewBox="0 0 28 10" aria-hidden="true">'
                              '<line class="series {}" x1="1" y1="5" x2="27" y2="5" stroke="{}" '
                              'stroke-width="3"{}/></svg><span class="name">{}</span> '
                              '<span class="value">{}</span></li>',
                              ((_series_class(i), COLOURS[i % len(COLOURS)], _dash(i), name,
                                _signed(context["totals"][i]) if i < len(context["totals"]) else "")
                               for i, name in enumerate(names)))
    kinds = {m.kind: m for m in sorted(markers, key=lambda m: SHAPES.index(m.shape))}
    key = format_html_join("", '<li class="marker-key marker-{}"><svg class="swatch" viewBox="-8 -8 16 16" '
                           'aria-hidden="true">{}</svg>{}</li>',
                           ((kind, marker_shape(m.shape, 0, 0, 0, "currentColor"), m.key) for kind, m in kinds.items()))
    return format_html('<figure class="chart panel" id="chart">{}<figcaption><ul class="chart-legend">{}{}</ul>'
                       '</figcaption></figure>', svg, legend, key)


# ---------------------------------------------------------------- bars, for a player's statistics


def bar_chart(*, chart_id: str, categories: Sequence[str], series: Sequence[tuple[str, Sequence[int]]],
              title: str, desc: str, value_label: str) -> SafeString:
    """Grouped bars around a zero line: one group per category, one bar per series (at most 6).

    Each category takes an equal slot of the plot's width; its bars share 70% of the slot,
    centred. Bars go up from 0 for positive values and down for negative ones.
    """
    values = [v for _label, data in series for v in data]
    scale = nice_scale(values)
    parts: list[Any] = [format_html(
        '<svg class="chart-svg" viewBox="0 0 {} {}" role="img" aria-labelledby="{}-title {}-desc" '
        'font-size="12" fill="currentColor">'
        '<title id="{}-title">{}</title><desc id="{}-desc">{}</desc>',
        WIDTH, HEIGHT, chart_id, chart_id, chart_id, title, chart_id, desc)]
    parts.append(_value_axis(scale, value_label))
    slot = (RIGHT - LEFT) / max(len(categories), 1)
    width = slot * 0.7 / max(len(series), 1)
    zero = scale.y(0)
    for index, category in enumerate(categories):
        start = LEFT + index * slot + slot * 0.15
        for which, (label, data) in enumerate(series):
            value = data[index]
            y = scale.y(value)
            parts.append(format_html(
                '<rect class="bar {}" x="{}" y="{}" width="{}" height="{}" fill="{}"><title>{}: {} {}</title></rect>',
                _series_class(which), num(start + which * width), num(min(y, zero)), num(width),
                num(abs(zero - y)), COLOURS[which % len(COLOURS)], category, label, _signed(value)))
        parts.append(format_html('<text class="tick" x="{}" y="{}" text-anchor="middle">{}</text>',
                                 num(LEFT + index * slot + slot / 2), BOTTOM + 16, category))
    parts.append(mark_safe("</svg>"))
    legend = format_html_join("", '<li><span class="bar-swatch {}"></span>'
                              '<span class="name">{}</span></li>',
                              ((_series_class(i), label) for i, (label, _data) in enumerate(series)))
    return format_html('<figure class="chart panel">{}<figcaption><ul class="chart-legend">{}</ul></figcaption>'
                       '</figure>', mark_safe("".join(str(p) for p in parts)), legend)


__all__ = ["Marker", "bar_chart", "line_chart", "match_chart", "match_points", "nice_scale"]
