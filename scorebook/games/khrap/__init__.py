"""Храп (Khrap) on the Django side: its record (``scorebook.games.registry.GameUI``)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from referee.games import khrap
from scorebook.games.khrap import form, money, preview, sheet, stats
from scorebook.games.registry import GameUI

GAME = GameUI(
    name=khrap.NAME,
    rules=khrap,
    display_name=_("Khrap"),
    blurb=_("3 to 6 players, 5 cards each; net money around a pot that carries over."),
    rules_template="scorebook/games/khrap/rules.html",
    form=form,
    row_extras=sheet.row_extras,
    tail_label=sheet.TAIL_LABEL,
    status_template="scorebook/games/khrap/status.html",
    preview=preview.preview,
    preview_template="scorebook/games/khrap/preview.html",
    scripts=("games/khrap/khrap.js",),
    styles=("games/khrap/khrap.css",),
    marks={
        "khrap": pgettext_lazy("mark", "khrap"),
        "renonce": pgettext_lazy("mark", "revoke"),
    },
    mark_styles={"renonce": "penalty", "khrap": "barrel"},
    choices={
        "fifths": _("fifths of the pot per trick"),
        "khraper_takes_all": _("a successful khraper takes it all"),
        "split": _("shared out equally (the odd units stay in the pot)"),
        "stays": _("stays in the pot, nobody's"),
    },
    presets={"literal": _("The khraper takes the whole pot")},
    balances=True,
    unit=_("money"),
    money=money.money,
    stats=stats.stats,
    stats_labels=stats.stats_labels,
    stats_template="scorebook/games/khrap/stats.html",
    checks_title=_("Khrap"),
    checks=(_("Who takes this trick?"), _("May I play this card?")),
    check_pages="scorebook.games.khrap.pages",
    check_api="scorebook.games.khrap.api",
    entry_fields={
        "type": (_("entry"), "value"),
        "khrap": (_("khraper"), "seat"),
        "circle": (_("circle"), "value"),
        "dark": (_("dark"), "value"),
        "tricks": (_("tricks"), "per_seat"),
        "player": (_("player"), "seat"),
        "reason": (_("reason"), "value"),
    },
)
