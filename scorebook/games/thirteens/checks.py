"""The referee's Thirteens checks, as the pages, the API, the entry form's preview and the phone
answer them: trumps read from text, a trick drawn as its best melds, who takes a trick. The judging
is ``referee.games.thirteens``'s.

Pure Python (the phone's engine runs it: ``scorebook.phone.checking``): the words come in as
``Words``, the server's bound to Django's gettext, the phone's to the same catalogues.
"""

from __future__ import annotations

from typing import Any

from referee.cards import Card, CardParseError, Joker, Suit, parse_card, parse_suit
from referee.games import thirteens
from referee.ledger import Rejected, _, error
from scorebook.phone.checking import Answer, Post, item, items, messages, para, refused, span, value, values, verdict
from scorebook.phone.wording import Words

NO_TRUMP = "none"  # the trump picked when a joker was turned (seed 004): the form's and the page's value


def read_trump(text: Any, where: str = "trump") -> Suit | None:
    """A suit, or None for "no trumps" (null, "", "none"). :raises Rejected: ``bad_card``."""
    if text is None or text in ("", NO_TRUMP):
        return None
    try:
        return parse_suit(text)
    except CardParseError:
        raise Rejected([error("bad_card", _("“%(value)s” is not a suit (S, H, D or C)."), where,
                              value=str(text)[:40])]) from None


def card_face(code: str) -> dict[str, Any]:
    """A card as the pages draw it (templates/scorebook/games/thirteens/card.html): "K♥" red, "10♠"
    black, "Joker 1" for X1."""
    try:
        card = parse_card(code)
    except CardParseError:
        return {"code": code, "text": code, "suit": ""}
    if isinstance(card, Joker):
        return {"code": card.code, "text": card.code, "suit": "X", "joker": True, "number": card.code[1:]}
    return {"code": card.code, "rank": card.rank.value, "symbol": card.suit.symbol,
            "text": card.rank.value + card.suit.symbol, "suit": card.suit.value}


def signed(points: int) -> str:
    """Points as a meld's box writes them: "+3", "−4", "0" (the templates' ``signed``)."""
    return f"+{points}" if points > 0 else ("−" + str(-points) if points < 0 else "0")


def meld_label(words: Words, kind: str) -> str:
    """A meld's kind as its box is labelled (each written out, so that makemessages keeps them)."""
    labels = {"thirteen": words.pgettext("thirteens", "thirteen"), "pair": words.pgettext("thirteens", "pair"),
              "run": words.pgettext("thirteens", "run")}
    return labels.get(kind, kind)


def drawn(words: Words, score: thirteens.TrickScore) -> dict[str, Any]:
    """The trick grouped as the pages draw it: a box per meld, the jokers, the cards in no meld
    (templates/scorebook/games/thirteens/melds.html in the preview, ``meld_groups`` in a verdict)."""
    in_melds = {card for meld in score.melds for card in meld.cards}
    return {
        "melds": [{"kind": meld.kind, "label": meld_label(words, meld.kind), "points": meld.points,
                   "cards": [card_face(card.code) for card in meld.cards]} for meld in score.melds],
        "jokers": [card_face(card.code) for card in score.cards if isinstance(card, Joker)],
        "joker_points": score.joker_points,
        "loose": [card_face(card.code) for card in score.cards if isinstance(card, Card) and card not in in_melds],
        "trick_point": score.trick_point, "points": score.points,
    }


# ---------------------------------------------------------------- the page's checks


def house_rules(post: Post) -> dict[str, str]:
    """The house rules ticked on the page (each as RULES.md names it; anything else: the default)."""
    default = thirteens.Options()
    pips, rule = value(post, "pip_values"), value(post, "trick_point_rule")
    return {"pip_values": pips if pips in thirteens.PIP_CHOICES else default.pip_values,
            "trick_point_rule": rule if rule in thirteens.TRICK_POINT_RULES else default.trick_point_rule}


def played_order(post: Post) -> list[str]:
    """The cards ticked, in the order they were tapped (the field "order", kept by
    static/games/thirteens/thirteens.js); without JavaScript, the grid's order."""
    checked = values(post, "cards")
    tapped = [code for code in value(post, "order").split() if code in checked]
    return tapped + [code for code in checked if code not in tapped]


def card_span(words: Words, face: dict[str, Any]) -> dict[str, str]:
    """A card of ``card_face`` as a verdict draws it (templates/scorebook/games/thirteens/card.html)."""
    if face.get("joker"):
        return span(words.gettext("Joker") + " " + face["number"], "card-face card-joker", face["code"])
    text = words.pgettext("card rank", face["rank"]) + face["symbol"] if face.get("rank") else face["text"]
    return span(text, f"card-face suit-{face['suit']}", face["code"])


def meld_groups(words: Words, trick: dict[str, Any]) -> dict[str, Any]:
    """A trick ``drawn``, a box per meld, as a verdict's list (templates/scorebook/games/thirteens/melds.html's
    boxes and words: the cards, then the label)."""
    def cards(faces: list[dict[str, Any]]) -> list[dict[str, str] | str]:
        # Each card followed by a space, as melds.html writes them: the box's text reads "5♣ 5♦ pair +1",
        # not "5♣5♦pair +1", and on the page the space parts the cards (thirteens.css, li.meld).
        return [spanned for face in faces for spanned in (card_span(words, face), " ")]

    boxes = [item(*cards(meld["cards"]), span(f"{meld['label']} {signed(meld['points'])}", "meld-label"),
                  css=f"meld meld-{meld['kind']}") for meld in trick["melds"]]
    if trick["jokers"]:
        label = words.pgettext("thirteens", "joker") + " " + signed(trick["joker_points"])
        boxes.append(item(*cards(trick["jokers"]), span(label, "meld-label"), css="meld meld-joker"))
    if trick["trick_point"]:
        label = words.gettext("trick %(points)s") % {"points": signed(trick["trick_point"])}
    else:
        label = words.gettext("no meld")
    if trick["loose"] or trick["trick_point"]:
        boxes.append(item(*cards(trick["loose"]), span(label, "meld-label"), css="meld meld-loose"))
    return items(boxes, css="meld-groups")


def trick_check(post: Post, words: Words) -> Answer:
    """"Score this trick": the cards tapped, under the house rules ticked."""
    try:
        cards = thirteens.read_trick(values(post, "cards"))
    except Rejected as rejected:
        return refused(messages(words, rejected.violations))
    options = thirteens.parse_options(house_rules(post))
    score = thirteens.score_trick(cards, options)
    return verdict(para(words.gettext("Points: %(points)s") % {"points": score.points}, css="verdict-answer"),
                   meld_groups(words, drawn(words, score)),
                   items(words.render_lines(thirteens.trick_lines(score, options))))


def winner_check(post: Post, words: Words) -> Answer:
    """"Who takes this trick?": the cards in the order they were played, the trumps."""
    if not value(post, "trump"):
        return refused([words.gettext("Pick the trumps (or no trumps).")])
    try:
        trump = read_trump(value(post, "trump"))
        trick = thirteens.read_trick(played_order(post))
    except Rejected as rejected:
        return refused(messages(words, rejected.violations))
    won = thirteens.winner_check(trick, trump)
    played = [item(card_span(words, card_face(card.code)), css="winning" if index == won.index else "")
              for index, card in enumerate(trick)]
    return verdict(para(words.gettext("Card %(n)s takes it:") % {"n": won.index + 1} + " ",
                        card_span(words, card_face(won.card.code)), css="verdict-answer"),
                   items(played, css="played-cards", ordered=True),
                   para(words.render_lines([won.reason])[0], css="verdict-why"),
                   tone="yes")


ANSWERS = {"trick": trick_check, "winner": winner_check}
