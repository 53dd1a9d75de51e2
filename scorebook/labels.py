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
    # Terz
    "declaration": pgettext_lazy("mark", "declared"),
    "marriage": pgettext_lazy("mark", "marriage"),
    "last_trick": pgettext_lazy("mark", "last trick"),
    "mountain": pgettext_lazy("mark", "up the mountain"),
    "wrong_recording": pgettext_lazy("mark", "wrong record"),
    "forfeit": pgettext_lazy("mark", "forfeit"),
    # Tong Its
    "burned": pgettext_lazy("mark", "burned"),
    "challenger": pgettext_lazy("mark", "fought"),
    "draw": pgettext_lazy("mark", "draw"),
    "pot": pgettext_lazy("mark", "pot"),
    "tongit": pgettext_lazy("mark", "tongit"),
    # Khrap
    "khrap": pgettext_lazy("mark", "khrap"),
    "renonce": pgettext_lazy("mark", "revoke"),
    # Thirteens
    "joker": pgettext_lazy("mark", "joker"),
    "no_trick": pgettext_lazy("mark", "no trick"),
}
MARK_STYLE = {"write_off": "writeoff", "bolt_penalty": "penalty", "barrel_fall": "failed", "burned": "failed",
              "forfeit": "penalty", "wrong_recording": "penalty", "mountain": "penalty", "renonce": "penalty",
              "joker": "failed", "no_trick": "bolt", "tongit": "made", "khrap": "barrel", "pot": "winner"}

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
    "nearest_10_five_down": _("to the nearest 10, a final 5 down"),
    "floor_10": _("down to 10"),
    "fifths": _("fifths of the pot per trick"),
    "khraper_takes_all": _("a successful khraper takes it all"),
    "seed": _("J 2, Q 3, K 4"),
    "pagat": _("J 11, Q 12, K 13"),
    "no_meld": _("only a trick without melds"),
    "every_trick": _("every trick"),
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
    "two_four_four": _("2-4-4 payments"),
    "literal": _("The seed's words: the khraper takes all"),
    "pagat": _("Pagat's card values"),
}

# Thirteens: the melds of a trick, as the referee page labels their boxes.
MELD_KINDS = {
    "thirteen": pgettext_lazy("thirteens", "thirteen"),
    "pair": pgettext_lazy("thirteens", "pair"),
    "run": pgettext_lazy("thirteens", "run"),
}

REDEAL_REASONS = {
    "four_aces": _("four aces"),
    "three_nines": _("three nines"),
    "weak_hand": _("a weak hand"),
    "weak_talon": _("a weak talon"),
    "exposed_card": _("an exposed card (dealer −120, next dealer)"),
    "other": _("other"),
}

# Terz: why a player loses the match at once (seed 000: "чужий підйом", "зайва карта").
FORFEIT_REASONS = {
    "out_of_turn": _("a card taken out of turn"),
    "extra_card": _("an extra card in hand"),
}

SUIT_NAMES = {"H": _("hearts"), "D": _("diamonds"), "C": _("clubs"), "S": _("spades"), "A": _("aces")}
SUIT_SYMBOLS = {"H": "♥", "D": "♦", "C": "♣", "S": "♠", "A": "A"}
