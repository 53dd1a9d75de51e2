"""Scorebook in Russian, Ukrainian and English: API messages, explanation lines, pages, and the
catalogues themselves (complete, placeholders intact, every referee template in them).

The pages and the API read the compiled catalogues (``manage.py compilemessages``); the catalogue
tests read the ``.po`` sources with a small parser (no polib).
"""

from __future__ import annotations

import ast
import re
from html import unescape
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.test import Client

from scorebook import services
from scorebook.models import Match

ROOT = Path(settings.BASE_DIR)
CATALOGUES = {lang: ROOT / "scorebook" / "locale" / lang / "LC_MESSAGES" / "django.po" for lang in ("ru", "uk")}

# Python %-placeholders as gettext's python-format sees them: %(name)s, %(score)+d, ...
PLACEHOLDER = re.compile(r"%\((\w+)\)[-+ #0]*\d*(?:\.\d+)?[a-zA-Z]")


# ---------------------------------------------------------------- entries (`match`, `signed_in`: conftest.py)


def entry(declarer: int, bid: int, points: list[int], contract: int | None = None) -> dict[str, Any]:
    return {"type": "play", "declarer": declarer, "bid": bid,
            "contract": bid if contract is None else contract, "points": points}


# ---------------------------------------------------------------- the API and pages


@pytest.mark.parametrize(
    ("language", "message"),
    [
        pytest.param("ru", "Ставка повышается с шагом 5.", id="russian"),
        pytest.param("uk", "Ставка підвищується з кроком 5.", id="ukrainian"),
        pytest.param("en", "Bids go up in steps of 5.", id="english"),
    ],
)
def test_a_bid_off_the_step_is_refused_in_the_request_language(
    signed_in: Client, match: Match, language: str, message: str
) -> None:
    answer = signed_in.post(
        f"/api/matches/{match.pk}/deals/",
        {"entry": entry(0, 103, [45, 67, 8])},
        content_type="application/json",
        HTTP_ACCEPT_LANGUAGE=language,
    )
    assert answer.status_code == 400
    violations = answer.json()["violations"]
    bid_step = [v for v in violations if v["code"] == "bid_step"]
    assert bid_step, violations
    assert bid_step[0]["message"] == message
    assert bid_step[0]["field"] == "bid"
    assert match.deals.count() == 0


@pytest.mark.parametrize(
    ("language", "failed", "defence"),
    [
        # Аня bids 110 and takes 95: −110. Борис 15 → 15, Вика 10 → 10 on defence.
        pytest.param("ru", "Аня: заказ 110 не сыгран (взято 95): −110", "Борис: 15 на защите", id="russian"),
        pytest.param("uk", "Аня: замовлення 110 не зіграно (взято 95): −110", "Борис: 15 на захисті",
                     id="ukrainian"),
        pytest.param("en", "Аня failed 110 (taken 95): −110", "Борис: 15 on defence", id="english"),
    ],
)
def test_the_scoresheet_explains_a_failed_contract_in_the_request_language(
    signed_in: Client, match: Match, language: str, failed: str, defence: str
) -> None:
    services.deal_record(match=match, entry=entry(0, 110, [95, 15, 10]))
    answer = signed_in.get(f"/api/matches/{match.pk}/scoresheet/", HTTP_ACCEPT_LANGUAGE=language)
    assert answer.status_code == 200
    row = answer.json()["rows"][0]
    assert row["deltas"] == [-110, 15, 10]
    assert row["explanation"][0] == failed
    assert defence in row["explanation"]


def test_the_match_page_speaks_russian(signed_in: Client, match: Match) -> None:
    services.deal_record(match=match, entry=entry(0, 110, [95, 15, 10]))
    answer = signed_in.get(f"/matches/{match.pk}/", HTTP_ACCEPT_LANGUAGE="ru")
    assert answer.status_code == 200
    page = unescape(answer.content.decode())
    assert '<html lang="ru">' in page
    for text in (
        "Тысяча (1000)",  # the game's name (scorebook/labels.py)
        'aria-label="Таблица очков"',  # templates
        "Следующая сдача",
        "Кто играет",
        "Ставка",
        "Заказ",
        "Записать сдачу",
        "Расписать (Р)",
        "Пересдача",
        "Правила этой партии",
        "Шаг торговли",  # an option label marked in referee/games/thousand/rules.py
        "недобор",  # the "failed" mark (context "mark")
        "Аня: заказ 110 не сыгран (взято 95): −110",  # the explanation line
    ):
        assert text in page, text
    for english in ("Next deal", "Scoresheet", "Save the deal", "Rules of this match", "Bidding step"):
        assert english not in page, english


def test_the_match_page_speaks_ukrainian(signed_in: Client, match: Match) -> None:
    page = unescape(signed_in.get(f"/matches/{match.pk}/", HTTP_ACCEPT_LANGUAGE="uk").content.decode())
    assert '<html lang="uk">' in page
    for text in ("Тисяча (1000)", "Наступна роздача", "Хто грає", "Замовлення", "Розписати (Р)",
                 "Правила цієї партії", "Крок торгівлі"):
        assert text in page, text


# ---------------------------------------------------------------- the catalogues


def read_po(path: Path) -> list[dict[str, Any]]:
    """The entries of a .po file: msgctxt, msgid, msgid_plural, msgstr / msgstr[n], flags."""

    def unquote(text: str) -> str:
        return ast.literal_eval(text)  # a .po string is a valid Python string literal here

    entries: list[dict[str, Any]] = []
    for block in re.split(r"\n\s*\n", path.read_text(encoding="utf-8").strip()):
        item: dict[str, Any] = {"flags": set(), "msgstr": {}}
        key: tuple[str, int | None] | None = None
        for text in block.splitlines():
            if text.startswith("#,"):
                item["flags"] |= {flag.strip() for flag in text[2:].split(",")}
            elif text.startswith("#"):
                continue
            elif text.startswith('"'):
                assert key is not None, text
                name, index = key
                if name == "msgstr":
                    item["msgstr"][index] += unquote(text)
                else:
                    item[name] += unquote(text)
            else:
                found = re.fullmatch(r'(msgctxt|msgid_plural|msgid|msgstr)(?:\[(\d+)\])? (".*")', text)
                assert found, f"{path}: cannot read {text!r}"
                name, index, value = found.group(1), found.group(2), unquote(found.group(3))
                if name == "msgstr":
                    key = (name, int(index) if index is not None else None)
                    item["msgstr"][key[1]] = value
                else:
                    key = (name, None)
                    item[name] = value
        if "msgid" in item:
            entries.append(item)
    return entries


def messages(lang: str) -> list[dict[str, Any]]:
    return [item for item in read_po(CATALOGUES[lang]) if item["msgid"]]  # not the header


def placeholders(text: str) -> set[str]:
    return {found.group(0) for found in PLACEHOLDER.finditer(text)}


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_every_message_is_translated_and_keeps_its_placeholders(lang: str) -> None:
    items = messages(lang)
    assert len(items) > 100
    problems = []
    for item in items:
        name = (item.get("msgctxt"), item["msgid"])
        if "fuzzy" in item["flags"]:
            problems.append(f"fuzzy: {name}")
        if not item["msgstr"] or not all(item["msgstr"].values()):
            problems.append(f"empty: {name}")
            continue
        if "msgid_plural" in item:
            assert set(item["msgstr"]) == {0, 1, 2}, name  # ru and uk have three plural forms
        wanted = placeholders(item["msgid"]) | placeholders(item.get("msgid_plural", ""))
        for translated in item["msgstr"].values():
            if placeholders(translated) != wanted:
                problems.append(f"placeholders: {name}: {sorted(wanted)} vs {sorted(placeholders(translated))}")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_write_off_mark_is_the_paper_letter(lang: str) -> None:
    marks = {item["msgid"]: item["msgstr"][None] for item in messages(lang) if item.get("msgctxt") == "mark"}
    assert marks["W"] == "Р"
    assert all(1 <= len(text.split()) <= 2 for text in marks.values()), marks


def referee_templates() -> dict[str, set[str]]:
    """Every literal marked with ``_()`` under referee/, by file (terz.py included)."""
    found: dict[str, set[str]] = {}
    for path in sorted((ROOT / "referee").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "_"
                    and node.args and isinstance(node.args[0], ast.Constant)
                    and isinstance(node.args[0].value, str)):
                found.setdefault(str(path.relative_to(ROOT)), set()).add(node.args[0].value)
    return found


def test_the_referee_marks_its_templates() -> None:
    found = referee_templates()
    assert "Bids go up in steps of %(step)s." in found["referee/games/thousand/validation.py"]
    assert sum(len(texts) for texts in found.values()) > 100


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_every_referee_template_is_in_the_catalogue(lang: str) -> None:
    translated = {item["msgid"] for item in messages(lang) if "msgctxt" not in item and all(item["msgstr"].values())}
    missing = [f"{where}: {text!r}" for where, texts in referee_templates().items()
               for text in sorted(texts) if text not in translated]
    assert not missing, "run makemessages and translate:\n" + "\n".join(missing)
