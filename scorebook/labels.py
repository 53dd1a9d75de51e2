"""Words on screen for the referee's codes that more than one game uses: marks on the sheet, an
option value, a preset, the suits. What only one game uses is in its record
(``scorebook/games/<game>/__init__.py``)."""

from __future__ import annotations

import re

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext, pgettext_lazy

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

# The face ranks as the deck of the language prints them: В Д К Т on Russian and Ukrainian cards,
# J Q K A on English ones. The page's card grids write them with {% translate rank context "card rank" %};
# listed here so that makemessages keeps them.
FACE_RANKS = {"J": pgettext_lazy("card rank", "J"), "Q": pgettext_lazy("card rank", "Q"),
              "K": pgettext_lazy("card rank", "K"), "A": pgettext_lazy("card rank", "A")}

# A face card as the referee writes it in its words, "J♥" in "J♥ Q♥ K♥ is not a meld".
_FACE_IN_TEXT = re.compile(r"(?<!\w)([JQKA])(?=[♥♦♣♠])")


def card_text(code: str) -> str:
    """A card as a page shows it, from its code: "JH" is J♥ in English, В♥ in Russian and Ukrainian."""
    rank, suit = code[:-1], code[-1]
    return pgettext("card rank", rank) + SUIT_SYMBOLS.get(suit, suit)


def cards_in_words(text: str) -> str:
    """The referee's words with every face card written as the deck of the language prints it
    ("J♥ Q♥ K♥" is "В♥ Д♥ К♥" in Russian). Codes the player typed ("JH") stay as typed."""
    return _FACE_IN_TEXT.sub(lambda found: pgettext("card rank", found[1]), text)
