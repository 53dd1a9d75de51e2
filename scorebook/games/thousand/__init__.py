"""Тысяча (1000) on the Django side: its record (``scorebook.games.registry.GameUI``)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from referee.games import thousand
from scorebook.games.registry import GameUI
from scorebook.games.thousand import form, money, sheet, stats

GAME = GameUI(
    name=thousand.NAME,
    rules=thousand,
    display_name=_("Thousand (1000)"),
    blurb=_("3 players (2 or 4 possible), 24 cards, first to 1000 — through the barrel."),
    rules_template="scorebook/games/thousand/rules.html",
    form=form,
    scripts=("games/thousand/thousand.js",),
    styles=("games/thousand/thousand.css",),
    status_template="scorebook/games/thousand/status.html",
    seat_template="scorebook/games/thousand/seat.html",
    marks={
        "bolt": pgettext_lazy("mark", "bolt"),
        "bolt_penalty": pgettext_lazy("mark", "−bolts"),
        "barrel": pgettext_lazy("mark", "barrel"),
        "barrel_fall": pgettext_lazy("mark", "fell"),
        "write_off": pgettext_lazy("mark", "W"),
        "samosval": pgettext_lazy("mark", "samosval"),
        "golden": pgettext_lazy("mark", "golden"),
        "sits_out": pgettext_lazy("mark", "sits out"),
    },
    mark_styles={"write_off": "writeoff", "bolt_penalty": "penalty", "barrel_fall": "failed"},
    choices={
        "nearest_5": _("to the nearest 5"),
        "nearest_10": _("to the nearest 10"),
        "zero_score": _("a deal score of 0"),
        "no_tricks": _("no trick taken"),
        "contract": _("play a contract"),
        "accumulate": _("add card points"),
        "first_falls": _("the first falls"),
        "two_may_sit": _("two may sit, a third knocks both off"),
        "none_fall": _("nobody falls"),
        "minus_contract_half_each": _("declarer −contract, opponents +half each"),
        "no_loss_60_each": _("declarer 0, opponents +60 each"),
        "minus_contract_60_each": _("declarer −contract, opponents +60 each"),
        "no_loss_half_each": _("declarer 0, opponents +half each"),
        "off": _("not allowed"),
    },
    presets={
        "strict": _("Strict"),
        "simple": _("Simple"),
        "golden_round": _("With the golden round"),
        "write_off_once_60": _("Write-off once, 60 each"),
        "barrel_accumulate": _("Barrel: card points add up"),
        "barrel_900": _("Barrel at 900"),
        "clubs_high": _("Clubs high"),
    },
    balances=False,
    unit=_("points"),
    money=money.money,
    chart_markers=sheet.chart_markers,
    stats=stats.stats,
    stats_labels=stats.stats_labels,
    stats_template="scorebook/games/thousand/stats.html",
    stats_chart=stats.stats_chart,
    checks_title=_("Thousand (1000)"),
    checks=(_("May I bid this much?"), _("May I declare this marriage now?"), _("How many card points are these?")),
    check_pages="scorebook.games.thousand.pages",
    check_api="scorebook.games.thousand.api",
    print_note=sheet.print_note,
    entry_fields={
        "type": (_("entry"), "value"),
        "declarer": (_("declarer"), "seat"),
        "bid": (_("bid"), "value"),
        "contract": (_("contract"), "value"),
        "points": (_("points"), "per_seat"),
        "marriages": (_("marriages"), "per_seat"),
        "dark": (_("dark"), "value"),
        "player": (_("player"), "seat"),
        "reason": (_("reason"), "value"),
    },
)
