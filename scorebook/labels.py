"""Words on screen for the referee's codes: games, marks on the sheet, option values."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

GAME_NAMES = {
    "thousand": _("Thousand (1000)"),
    "terz": _("Terz"),
    "tongits": _("Tong Its"),
    "khrap": _("Khrap"),
    "thirteens": _("Thirteens"),
}

# Short badges as a scorekeeper writes them on paper.
MARKS = {
    "made": pgettext_lazy("mark", "made"),
    "failed": pgettext_lazy("mark", "failed"),
    "bolt": pgettext_lazy("mark", "bolt"),
    "bolt_penalty": pgettext_lazy("mark", "−bolts"),
    "barrel": pgettext_lazy("mark", "barrel"),
    "barrel_fall": pgettext_lazy("mark", "fell"),
    "write_off": pgettext_lazy("mark", "W"),
    "samosval": pgettext_lazy("mark", "samosval"),
    "penalty": pgettext_lazy("mark", "penalty"),
    "redeal": pgettext_lazy("mark", "redeal"),
    "dark": pgettext_lazy("mark", "dark"),
    "golden": pgettext_lazy("mark", "golden"),
    "winner": pgettext_lazy("mark", "winner"),
    "sits_out": pgettext_lazy("mark", "sits out"),
}
MARK_STYLE = {"write_off": "writeoff", "bolt_penalty": "penalty", "barrel_fall": "failed"}

CHOICES = {
    "nearest_5": _("to the nearest 5"),
    "nearest_10": _("to the nearest 10"),
    "none": _("no rounding"),
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
}

PRESETS = {
    "classic": _("Classic"),
    "strict": _("Strict"),
    "simple": _("Simple"),
    "golden_round": _("With the golden round"),
    "write_off_once_60": _("Write-off once, 60 each"),
    "barrel_accumulate": _("Barrel: card points add up"),
    "barrel_900": _("Barrel at 900"),
    "clubs_high": _("Clubs high"),
}

REDEAL_REASONS = {
    "four_aces": _("four aces"),
    "three_nines": _("three nines"),
    "weak_hand": _("a weak hand"),
    "weak_talon": _("a weak talon"),
    "exposed_card": _("an exposed card (dealer −120, next dealer)"),
    "other": _("other"),
}

SUIT_NAMES = {"H": _("hearts"), "D": _("diamonds"), "C": _("clubs"), "S": _("spades"), "A": _("aces")}
SUIT_SYMBOLS = {"H": "♥", "D": "♦", "C": "♣", "S": "♠", "A": "A"}
