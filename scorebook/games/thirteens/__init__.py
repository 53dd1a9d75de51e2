"""По тринадцати (Thirteens) on the Django side: its record (``scorebook.games.registry.GameUI``)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from referee.games import thirteens
from scorebook.games.registry import GameUI
from scorebook.games.thirteens import form, preview, sheet, stats

GAME = GameUI(
    name=thirteens.NAME,
    rules=thirteens,
    display_name=_("Thirteens"),
    blurb=_("3 to 6 players, 52 cards and 2 jokers, first to 50; melds counted trick by trick."),
    rules_template="scorebook/games/thirteens/rules.html",
    form=form,
    row_extras=sheet.row_extras,
    status_template="scorebook/games/thirteens/status.html",
    preview=preview.preview,
    preview_template="scorebook/games/thirteens/preview.html",
    scripts=("games/thirteens/thirteens.js",),
    styles=("games/thirteens/thirteens.css",),
    marks={
        "joker": pgettext_lazy("mark", "joker"),
        "no_trick": pgettext_lazy("mark", "no trick"),
    },
    mark_styles={"joker": "failed", "no_trick": "bolt"},
    choices={
        "seed": _("J 2, Q 3, K 4"),
        "pagat": _("J 11, Q 12, K 13"),
        "no_meld": _("only a trick without melds"),
        "every_trick": _("every trick"),
    },
    presets={"pagat": _("Pagat's card values")},
    balances=False,
    unit=_("points"),
    stats=stats.stats,
    stats_labels=stats.stats_labels,
    stats_template="scorebook/games/thirteens/stats.html",
    checks_title=_("Thirteens"),
    checks=(_("Score this trick"), _("Who takes this trick?")),
    check_pages="scorebook.games.thirteens.pages",
    check_api="scorebook.games.thirteens.api",
    # RULES.md: "cards_each = ⌊53 / players⌋ by default (17, 13, 10, 8 for 3–6)".
    unset_labels={"cards_each": _("⌊53 / players⌋: 17, 13, 10 or 8 for 3 to 6 players")},
    entry_fields={
        "type": (_("entry"), "value"),
        "trump": (_("trump"), "value"),
        "points": (_("points"), "per_seat"),
        "tricks": (_("tricks"), "per_seat"),
        "player": (_("player"), "seat"),
        "reason": (_("reason"), "value"),
    },
)
