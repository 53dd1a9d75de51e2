"""The Django-side registry (scorebook/games, scorebook/registry.py) mirrors the referee's: the same
games in the same order, and every record complete — each template there, each URL module with its
patterns, a word for each preset and option value, a form that keeps the contract."""

from __future__ import annotations

import dataclasses
import inspect
from importlib import import_module

import pytest
from django.contrib.staticfiles import finders
from django.template.loader import get_template

from referee.games import GAMES as RULES
from referee.reading import option_fields
from scorebook import sheets as labels
from scorebook.games import GAMES, game_choices, game_ui
from scorebook.games.registry import EntryForm, GameUI
from scorebook.models import Match

RECORDS = list(GAMES.values())


def test_the_registry_names_the_referees_games_in_its_order() -> None:
    assert list(GAMES) == list(RULES)
    assert [code for code, _name in game_choices()] == list(RULES)
    assert Match._meta.get_field("game").choices == game_choices()  # a callable: no migration per game


@pytest.mark.parametrize("game", RECORDS, ids=lambda game: game.name)
def test_a_record_is_its_games(game: GameUI) -> None:
    assert game_ui(game.name) is game
    assert game.rules is RULES[game.name] and game.rules.NAME == game.name


# What a game may have none of: each defaults to None, and a record leaves it out.
MAY_BE_NONE = {"tail_label", "status_template", "seat_template", "preview", "preview_template", "stats_chart",
               "print_note"}


def test_only_what_a_game_may_lack_defaults_to_none() -> None:
    assert {field.name for field in dataclasses.fields(GameUI) if field.default is None} == MAY_BE_NONE


@pytest.mark.parametrize("game", RECORDS, ids=lambda game: game.name)
def test_every_field_of_a_record_is_given(game: GameUI) -> None:
    for field in dataclasses.fields(GameUI):
        value = getattr(game, field.name)
        if field.name in MAY_BE_NONE:
            continue  # a game may have none of these
        assert value is not None, field.name
        if isinstance(value, str):
            assert value.strip(), field.name
    assert str(game.display_name) and str(game.blurb) and str(game.unit) and str(game.checks_title)
    assert game.checks and all(str(check) for check in game.checks)
    assert (game.preview is None) == (game.preview_template is None)


@pytest.mark.parametrize("game", RECORDS, ids=lambda game: game.name)
def test_every_template_of_a_record_is_there(game: GameUI) -> None:
    names = [game.rules_template, game.form.TEMPLATE, f"{game.stats_template}#figures", f"{game.stats_template}#tables",
             *(name for name in (game.status_template, game.seat_template, game.preview_template) if name)]
    for name in names:
        assert get_template(name), name
        assert name.startswith(f"scorebook/games/{game.name}/"), name  # the game's own folder
    for path in (*game.scripts, *game.styles):
        assert finders.find(path), path
        assert path.startswith(f"games/{game.name}/"), path  # static/games/<game>/, the game's own


@pytest.mark.parametrize("game", RECORDS, ids=lambda game: game.name)
def test_the_checks_of_a_record_are_url_modules(game: GameUI) -> None:
    for module in (game.check_pages, game.check_api):
        assert module.startswith(f"scorebook.games.{game.name}.")
        assert import_module(module).urlpatterns, module


@pytest.mark.parametrize("game", RECORDS, ids=lambda game: game.name)
def test_a_records_form_keeps_the_contract(game: GameUI) -> None:
    for name, wanted in inspect.getmembers(EntryForm, inspect.isfunction):
        if name.startswith("_"):
            continue
        kept = getattr(game.form, name)
        assert callable(kept), name
        assert list(inspect.signature(kept).parameters) == list(inspect.signature(wanted).parameters)[1:], name


@pytest.mark.parametrize("game", RECORDS, ids=lambda game: game.name)
def test_every_preset_and_option_value_has_words(game: GameUI) -> None:
    for preset in game.rules.PRESETS:
        assert preset in game.presets or preset in labels.PRESETS, preset
    for spec in option_fields(game.rules.Options):
        for choice in spec.metadata["choices"] or ():
            if isinstance(choice, str):
                assert choice in game.choices or choice in labels.CHOICES, (spec.name, choice)
    assert set(game.preset_notes) <= set(game.rules.PRESETS)


def test_a_game_adds_its_own_words_and_no_shared_one() -> None:
    # Each code means one thing on screen: a game's word never shadows a shared one.
    for game in RECORDS:
        assert not set(game.marks) & set(labels.MARKS), game.name
        assert not set(game.choices) & set(labels.CHOICES), game.name
        assert not set(game.presets) & set(labels.PRESETS), game.name
