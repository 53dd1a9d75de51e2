"""The charts' template tags: ``{% match_chart %}`` draws the match page's running totals from
the sheet context already there (scorebook/charts.py), so the chart adds no query."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.safestring import SafeString

from scorebook.games import charts

register = template.Library()


@register.simple_tag(takes_context=True)
def match_chart(context: Any) -> SafeString:
    flat = context.flatten()
    if flat.get("match") is None or flat.get("rows") is None:  # a page without a sheet: no chart
        return SafeString("")
    return charts.match_chart(flat)
