"""Free text in an entry (a penalty's reason) and, on the Django side, names and client ids: one rule,
``referee.reading.text_problem`` (RULES.md: "a text field holding a lone surrogate, a NUL or a
control/bidi character is `bad_text`"). Tables of accepted and refused texts, grouped by reason."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.games import GAMES
from referee.ledger import Rejected
from referee.penalty import Penalty, dump_penalty, parse_penalty
from referee.reading import TEXT_MAX, printable, text_problem

FAMILY = "\U0001F468\u200d\U0001F469\u200d\U0001F467"  # 👨‍👩‍👧: man ZWJ woman ZWJ girl
RAINBOW_FLAG = "\U0001F3F3\ufe0f\u200d\U0001F308"  # 🏳️‍🌈: white flag, VS16, ZWJ, rainbow
WOMAN_RUNNING = "\U0001F3C3\u200d\u2640\ufe0f"  # 🏃‍♀️: runner ZWJ female sign VS16
HEART_ON_FIRE = "\u2764\ufe0f\u200d\U0001F525"  # ❤️‍🔥
TECHNOLOGIST = "\U0001F469\U0001F3FD\u200d\U0001F4BB"  # 👩🏽‍💻: a skin tone before the joiner


@pytest.mark.parametrize("text", [
    pytest.param("", id="empty"),
    pytest.param("late", id="ascii"),
    pytest.param("опоздал на 10 минут", id="cyrillic"),
    pytest.param("запізнився, ґава є ї", id="ukrainian"),
    pytest.param("Ёлка — «тройной» штраф…", id="punctuation-and-dashes"),
    pytest.param("phone at the table 📱", id="emoji"),
    pytest.param("♥️ shown", id="suit-with-variation-selector"),
    pytest.param(f"team {FAMILY}", id="emoji-zwj-family"),
    pytest.param(RAINBOW_FLAG, id="emoji-zwj-after-variation-selector"),
    pytest.param(WOMAN_RUNNING, id="emoji-zwj-female-sign"),
    pytest.param(HEART_ON_FIRE, id="emoji-zwj-dingbat"),
    pytest.param(TECHNOLOGIST, id="emoji-zwj-after-skin-tone"),
    pytest.param("שלום", id="hebrew-without-marks"),
    pytest.param("naïve café", id="latin-accents"),
    pytest.param("a\u00a0b", id="no-break-space"),
    pytest.param("x" * TEXT_MAX, id="exactly-the-limit"),
])
def test_accepted_texts(text: str) -> None:
    assert text_problem(text) is None


@pytest.mark.parametrize(("text", "problem"), [
    # a lone surrogate: JSON's "\ud83d" read alone (half of 😀); it cannot be written as UTF-8
    pytest.param(json.loads('"late \\ud83d"'), "surrogate", id="lone-high-surrogate-from-json"),
    pytest.param("\ude00", "surrogate", id="lone-low-surrogate"),
    # control characters, Unicode category Cc: C0, DEL, C1 — tab and line breaks included
    pytest.param("late\x00", "control", id="nul"),
    pytest.param("a\tb", "control", id="tab"),
    pytest.param("a\nb", "control", id="line-feed"),
    pytest.param("a\r\nb", "control", id="carriage-return"),
    pytest.param("\x1b[31mred", "control", id="escape"),
    pytest.param("a\x7fb", "control", id="delete"),
    pytest.param("a\x85b", "control", id="c1-next-line"),
    # bidi embeddings, overrides, isolates and marks
    pytest.param("abc\u202edcba", "bidi", id="right-to-left-override"),
    pytest.param("\u202aembedded", "bidi", id="left-to-right-embedding"),
    pytest.param("\u202cpop", "bidi", id="pop-directional-formatting"),
    pytest.param("\u2066isolate\u2069", "bidi", id="left-to-right-isolate"),
    pytest.param("\u2068first strong", "bidi", id="first-strong-isolate"),
    pytest.param("mark\u200f", "bidi", id="right-to-left-mark"),
    pytest.param("mark\u200e", "bidi", id="left-to-right-mark"),
    pytest.param("\u061carabic mark", "bidi", id="arabic-letter-mark"),
    # zero-width characters
    pytest.param("Аня\u200b", "invisible", id="zero-width-space"),
    pytest.param("a\u200cb", "invisible", id="zero-width-non-joiner"),
    pytest.param("a\u200db", "invisible", id="zero-width-joiner-between-letters"),
    pytest.param("\u200d\U0001F469", "invisible", id="zero-width-joiner-first"),
    pytest.param("\U0001F469\u200d", "invisible", id="zero-width-joiner-last"),
    pytest.param("\U0001F469\u200da", "invisible", id="zero-width-joiner-before-a-letter"),
    pytest.param("a\u2060b", "invisible", id="word-joiner"),
    pytest.param("\ufeffBOM", "invisible", id="byte-order-mark"),
    # too long: one more than the limit
    pytest.param("x" * (TEXT_MAX + 1), "too_long", id="over-the-limit"),
    # the first problem from the left is named
    pytest.param("\u202e\x00", "bidi", id="bidi-before-nul"),
])
def test_refused_texts(text: str, problem: str) -> None:
    assert text_problem(text) == problem


def test_the_limit_is_the_callers() -> None:
    assert text_problem("Аня", max_length=3) is None
    assert text_problem("Аня!", max_length=3) == "too_long"


@given(st.text(alphabet=st.characters(blacklist_categories=("Cc", "Cs", "Cf")), max_size=TEXT_MAX))
def test_text_without_control_format_or_surrogates_is_accepted(text: str) -> None:
    assert text_problem(text) is None


@given(st.text(max_size=50), st.sampled_from(["\x00", "\x1f", "\u202e", "\u2067", "\u200b", "\ufeff", "\ud800"]),
       st.text(max_size=50))
def test_one_bad_character_anywhere_refuses(before: str, bad: str, after: str) -> None:
    assert text_problem(before + bad + after) is not None


@pytest.mark.parametrize("name", list(GAMES))
@pytest.mark.parametrize(("reason", "code"), [
    pytest.param(json.loads('"\\ud83d"'), "bad_text", id="lone-surrogate"),
    pytest.param("late\x00", "bad_text", id="nul"),
    pytest.param("two\nlines", "bad_text", id="line-break"),
    pytest.param("\u202ereversed", "bad_text", id="bidi-override"),
    pytest.param("x" * 201, "bad_text", id="too-long"),
    pytest.param(12, "bad_type", id="not-text"),
])
def test_every_game_refuses_a_bad_reason(name: str, reason: object, code: str) -> None:
    game = GAMES[name]
    seats = game.SEATS.start
    with pytest.raises(Rejected) as refused:
        game.parse_entry({"type": "penalty", "player": 0, "points": -10, "reason": reason}, seats)
    assert [(v.code, v.field) for v in refused.value.violations] == [(code, "reason")]


@pytest.mark.parametrize("name", list(GAMES))
def test_every_game_reads_and_writes_the_one_penalty(name: str) -> None:
    game = GAMES[name]
    raw = {"type": "penalty", "player": 1, "points": -10, "reason": f"late {FAMILY}"}
    entry = game.parse_entry(raw, game.SEATS.start)
    assert entry == Penalty(1, -10, f"late {FAMILY}")
    assert game.dump_entry(entry) == dump_penalty(entry) == raw


def test_the_penalty_parser_names_every_bad_field() -> None:
    with pytest.raises(Rejected) as refused:
        parse_penalty({"type": "penalty", "player": 7, "points": "x", "reason": "\x00", "extra": 1}, 3)
    assert sorted((v.code, v.field) for v in refused.value.violations) == [
        ("bad_seat", "player"), ("bad_text", "reason"), ("bad_type", "points"), ("unknown_field", "extra")]


def test_a_lone_surrogate_is_quoted_as_a_replacement_character() -> None:
    # Quoted in a message it would break the answer's UTF-8: it is shown as U+FFFD instead.
    assert printable("ab\ud83dc") == "ab\ufffdc"
    with pytest.raises(Rejected) as refused:
        GAMES["thousand"].parse_entry({"type": "redeal", "reason": "\ud83d"}, 3)
    assert refused.value.violations[0].params["value"] == "\ufffd"
    (refused.value.violations[0].message % refused.value.violations[0].params).encode("utf-8")
