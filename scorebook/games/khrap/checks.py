"""Khrap's referee checks, as the page, the API and the phone answer them: who takes this trick,
may I play this card. The judging is ``referee.games.khrap``'s (``trick_check``, ``legal_play``).

Pure Python (the phone's engine runs it: ``scorebook.phone.checking``): the words come in as
``Words``, the server's bound to Django's gettext, the phone's to the same catalogues.
"""

from __future__ import annotations

from referee.games import khrap
from referee.ledger import Rejected
from scorebook.phone.checking import Answer, Post, items, messages, para, picked_card, refused, value, values, verdict
from scorebook.phone.wording import Words

# ---------------------------------------------------------------- the page's checks


def trick_check(post: Post, words: Words) -> Answer:
    """"Who takes this trick?": the card led (a rank and a suit), the trump, the cards played to it."""
    led = picked_card(post, "led")
    trump = value(post, "trump")
    problems = []
    if led is None:
        problems.append(words.gettext("Pick the card that was led: its rank and its suit."))
    if not trump:
        problems.append(words.gettext("Pick the trump suit."))
    if problems:
        return refused(problems)
    # The led card ticked among the cards played too is the same card, not a second one.
    played = [code for code in values(post, "played") if code != led]
    try:
        led_card, trump_suit, cards = khrap.read_trick(led, trump, played)
    except Rejected as rejected:
        return refused(messages(words, rejected.violations))
    winner, why = khrap.trick_check(led_card, trump_suit, cards)
    card = [led_card, *cards][winner]
    said = words.gettext("%(card)s takes the trick.") % {"card": words.card_text(card.code)}
    because = words.render_lines([why])
    if winner == 0:
        because.append(words.gettext("The card led was not beaten."))
    return verdict(para(said, css="verdict-answer"), items(because), tone="yes")


def legal_check(post: Post, words: Words) -> Answer:
    """"May I play this card?": the card (a rank and a suit), the card led or "I lead", the trump,
    the other cards in the hand."""
    card = picked_card(post, "card")
    leads = value(post, "led_suit") == "lead"  # "I lead this trick": no card led yet
    led = None if leads else picked_card(post, "led")
    trump = value(post, "trump")
    problems = []
    if card is None:
        problems.append(words.gettext("Pick the card to play: its rank and its suit."))
    if not leads and led is None:
        problems.append(words.gettext("Pick the card that was led, or “I lead”."))
    if not trump:
        problems.append(words.gettext("Pick the trump suit."))
    if problems:
        return refused(problems)
    try:
        played, hand, led_card, trump_suit = khrap.read_play(card, values(post, "hand"), led, trump)
    except Rejected as rejected:
        return refused(messages(words, rejected.violations))
    legal, why = khrap.legal_play(played, hand, led_card, trump_suit)
    shown = words.card_text(played.code)
    said = (words.gettext("Yes: %(card)s may be played.") if legal
            else words.gettext("No: %(card)s may not be played.")) % {"card": shown}
    return verdict(para(said, css="verdict-answer"), items(words.render_lines([why])),
                   tone="yes" if legal else "no")


ANSWERS = {"trick": trick_check, "legal": legal_check}
