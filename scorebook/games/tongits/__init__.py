"""Tong Its on the Django side: its record (``scorebook.games.registry.GameUI``)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from referee.games import tongits
from scorebook.games.registry import GameUI
from scorebook.games.tongits import form, money, preview, sheet, stats

GAME = GameUI(
    name=tongits.NAME,
    rules=tongits,
    display_name=_("Tong Its"),
    blurb=_("3 players, 52 cards; net chips, the pot goes to two wins in a row."),
    rules_template="scorebook/games/tongits/rules.html",
    form=form,
    row_extras=sheet.row_extras,
    tail_label=sheet.TAIL_LABEL,
    status_template="scorebook/games/tongits/status.html",
    preview=preview.preview,
    preview_template="scorebook/games/tongits/preview.html",
    scripts=("games/tongits/tongits.js",),
    styles=("games/tongits/tongits.css",),
    marks={
        "burned": pgettext_lazy("mark", "burned"),
        "challenger": pgettext_lazy("mark", "fought"),
        "draw": pgettext_lazy("mark", "draw"),
        "pot": pgettext_lazy("mark", "pot"),
        "tongit": pgettext_lazy("mark", "tongit"),
    },
    mark_styles={"burned": "failed", "tongit": "made", "pot": "winner"},
    presets={"two_four_four": _("2-4-4 payments")},
    balances=True,
    unit=_("chips"),
    money=money.money,
    stats=stats.stats,
    stats_labels=stats.stats_labels,
    stats_template="scorebook/games/tongits/stats.html",
    checks_title=_("Tong Its: melds, tongits, counts, draw fights"),
    checks=(_("Is this a meld? A tongit?"), _("How much is this hand?"), _("Who wins this draw fight?")),
    check_pages="scorebook.games.tongits.pages",
    check_api="scorebook.games.tongits.api",
    entry_fields={
        "type": (_("entry"), "value"),
        "ending": (_("ending"), "value"),
        "caller": (_("caller"), "seat"),
        "challengers": (_("challengers"), "seats"),
        "burned": (_("burned"), "seats"),
        "last_draw": (_("last card drawn by"), "seat"),
        "counts": (_("count"), "per_seat"),
        "hands": (_("hand"), "per_seat"),
        "player": (_("player"), "seat"),
        "reason": (_("reason"), "value"),
    },
)
