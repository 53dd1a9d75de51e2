"""How a text stored before the one text rule (referee.reading.text_problem, whose table of
accepted and refused texts is in the referee's own tests) is read back: clean_text shows every
character the rule refuses as U+FFFD, keeps everything else, and keeps the length."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.reading import clean_text, text_problem


@pytest.mark.parametrize(("stored", "shown"), [
    pytest.param("Аня", "Аня", id="cyrillic-kept"),
    pytest.param("😀 lucky", "😀 lucky", id="emoji-kept"),
    pytest.param("👨\u200d👩\u200d👧", "👨\u200d👩\u200d👧", id="joiner-inside-an-emoji-sequence-kept"),
    pytest.param("\ud83d", "\ufffd", id="lone-surrogate"),
    pytest.param("a\x00b", "a\ufffdb", id="nul"),
    pytest.param("a\tb\nc", "a\ufffdb\ufffdc", id="tab-and-line-feed"),
    pytest.param("a\u200bb", "a\ufffdb", id="zero-width-space"),
    pytest.param("a\u200db", "a\ufffdb", id="joiner-between-letters"),
    pytest.param("\u202eabc", "\ufffdabc", id="right-to-left-override"),
    pytest.param("\u2066a\u2069", "\ufffda\ufffd", id="isolate"),
])
def test_a_stored_text_is_read_back_cleaned(stored: str, shown: str) -> None:
    assert clean_text(stored) == shown


@given(st.text())
def test_a_cleaned_text_always_passes_the_rule_and_keeps_its_length(text: str) -> None:
    cleaned = clean_text(text)
    assert text_problem(cleaned, len(text)) is None
    assert len(cleaned) == len(text)
    assert all(after in (before, "\ufffd") for before, after in zip(text, cleaned, strict=True))
    if text_problem(text, len(text)) is None:
        assert cleaned == text
