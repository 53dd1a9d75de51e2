"""Words on screen for the referee's codes that more than one game uses: marks on the sheet, an
option value, a preset, the suits. What only one game uses is in its record
(``scorebook/games/<game>/__init__.py``)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

# Short badges as a scorekeeper writes them on paper.
MARKS = {
    "made": pgettext_lazy("mark", "made"),
    "failed": pgettext_lazy("mark", "failed"),
    "penalty": pgettext_lazy("mark", "penalty"),
    "redeal": pgettext_lazy("mark", "redeal"),
    "dark": pgettext_lazy("mark", "dark"),
    "winner": pgettext_lazy("mark", "winner"),
}

CHOICES = {
    "none": _("no rounding"),
}

PRESETS = {
    "classic": _("Classic"),
}

SUIT_NAMES = {"H": _("hearts"), "D": _("diamonds"), "C": _("clubs"), "S": _("spades"), "A": _("aces")}
SUIT_SYMBOLS = {"H": "♥", "D": "♦", "C": "♣", "S": "♠", "A": "A"}
