"""Терц (Terz) on the Django side: its record (``scorebook.games.registry.GameUI``)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from referee.games import terz
from scorebook.games.registry import GameUI
from scorebook.games.terz import form, sheet, stats

GAME = GameUI(
    name=terz.NAME,
    rules=terz,
    display_name=_("Terz"),
    blurb=_("2 players, 32 cards, first to 501; declarations and the mountain."),
    rules_template="scorebook/games/terz/rules.html",
    form=form,
    row_extras=sheet.row_extras,
    status_template="scorebook/games/terz/status.html",
    scripts=("games/terz/terz.js",),
    styles=("games/terz/terz.css",),
    marks={
        "declaration": pgettext_lazy("mark", "declared"),
        "marriage": pgettext_lazy("mark", "marriage"),
        "last_trick": pgettext_lazy("mark", "last trick"),
        "mountain": pgettext_lazy("mark", "up the mountain"),
        "wrong_recording": pgettext_lazy("mark", "wrong record"),
        "forfeit": pgettext_lazy("mark", "forfeit"),
    },
    mark_styles={"forfeit": "penalty", "wrong_recording": "penalty", "mountain": "penalty"},
    choices={
        "nearest_10_five_down": _("to the nearest 10, a final 5 down"),
        "floor_10": _("down to 10"),
    },
    balances=False,
    unit=_("points"),
    stats=stats.stats,
    stats_labels=stats.stats_labels,
    stats_template="scorebook/games/terz/stats.html",
    checks_title=_("Terz"),
    checks=(_("Whose declarations count?"), _("What is this combination?"), _("Who takes this trick?"),
            _("May I play this card?"), _("May I swap the trump seven?"), _("How many card points are these?")),
    check_pages="scorebook.games.terz.pages",
    check_api="scorebook.games.terz.api",
    entry_fields={
        "type": (_("entry"), "value"),
        "trump": (_("trump"), "value"),
        "points": (_("points"), "per_seat"),
        "declarations": (_("declarations"), "value"),
        "last_trick": (_("last trick"), "seat"),
        "player": (_("player"), "seat"),
        "reason": (_("reason"), "value"),
    },
)
