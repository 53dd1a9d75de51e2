"""A match renamed, archived and restored, played again; recurring players renamed and merged —
all through the services, none of it touching a match's deals or version."""

from __future__ import annotations

import pytest

from referee.games import find_game
from referee.ledger import Rejected
from scorebook import services
from scorebook.models import Match, Player, Seat
from tests.scorebook.conftest import PLAYERS, play

pytestmark = pytest.mark.django_db


def codes(rejected: pytest.ExceptionInfo[Rejected]) -> list[str]:
    return [v.code for v in rejected.value.violations]


# ---------------------------------------------------------------- rename, archive


@pytest.mark.parametrize(("typed", "stored"), [
    ("  Friday at Anya's ", "Friday at Anya's"),
    ("", ""),
    ("Cafe\u0301", "Café"),
])
def test_a_match_is_renamed_without_moving_its_version(match, typed, stored):
    services.deal_record(match=match, entry=play())
    match.refresh_from_db()
    version = match.version
    services.match_rename(match=match, name=typed)
    match.refresh_from_db()
    assert (match.name, match.version) == (stored, version)


@pytest.mark.parametrize("name", ["x" * 101, "a\x00b"])
def test_a_bad_match_name_is_refused_and_nothing_stored(match, name):
    with pytest.raises(Rejected):
        services.match_rename(match=match, name=name)
    match.refresh_from_db()
    assert match.name == ""


def test_an_archived_match_keeps_its_deals_and_comes_back(match):
    services.deal_record(match=match, entry=play())
    services.match_archive(match=match)
    match.refresh_from_db()
    assert match.archived and match.deals.count() == 1
    services.match_archive(match=match, archived=False)
    match.refresh_from_db()
    assert not match.archived and match.deals.count() == 1


# ---------------------------------------------------------------- rematch


def test_a_rematch_has_the_same_players_game_and_frozen_options(owner):
    first = services.match_create(owner=owner, game="thousand", players=PLAYERS, preset="classic",
                                  options={"bolt_penalty": 100}, name="Friday")
    # The preset's options of today do not matter: the rematch copies the frozen ones.
    Match.objects.filter(pk=first.pk).update(options={**first.options, "redeal_penalty": 60})
    first.refresh_from_db()
    again = services.match_next_game(match=first, owner=owner)
    assert again.pk != first.pk
    assert (again.game, again.players, again.preset, again.options, again.name) == (
        "thousand", PLAYERS, "classic", first.options, "Friday")
    assert (again.options["bolt_penalty"], again.options["redeal_penalty"]) == (100, 60)
    assert again.first_dealer == 1  # the next player deals first
    assert list(Seat.objects.filter(match=again).values_list("player__name", flat=True)) == PLAYERS
    assert again.deals.count() == 0


def test_a_rematch_of_six_khrap_players_seats_the_same_six(owner):
    six = ["Аня", "Борис", "Вика", "Гена", "Даша", "Егор"]
    first = services.match_create(owner=owner, game="khrap", players=six, first_dealer=5)
    again = services.match_next_game(match=first, owner=owner)
    assert (again.players, again.first_dealer, again.options) == (six, 0, first.options)


# ---------------------------------------------------------------- players


def test_a_player_is_renamed_and_keeps_his_seats(owner, match):
    boris = Player.objects.get(owner=owner, name="Борис")
    services.player_rename(player=boris, name="  Боря ")
    boris.refresh_from_db()
    assert boris.name == "Боря"
    assert list(boris.seats.values_list("match_id", "index")) == [(match.pk, 1)]
    match.refresh_from_db()
    assert match.players == PLAYERS  # the sheet keeps the name as written at the table


@pytest.mark.parametrize(("name", "code"), [
    ("аня", "player_name_taken"),  # another player's name, in any case
    ("", "bad_name"),
    ("x" * 41, "bad_name"),
])
def test_a_player_rename_is_refused(owner, match, name, code):
    boris = Player.objects.get(owner=owner, name="Борис")
    with pytest.raises(Rejected) as refused:
        services.player_rename(player=boris, name=name)
    assert codes(refused) == [code]
    boris.refresh_from_db()
    assert boris.name == "Борис"


def test_a_player_renamed_in_another_case_is_not_taken_by_himself(owner, match):
    boris = Player.objects.get(owner=owner, name="Борис")
    services.player_rename(player=boris, name="БОРИС")
    assert Player.objects.get(pk=boris.pk).name == "БОРИС"


def test_merging_moves_the_seats_and_removes_the_other_player(owner, match):
    second = services.match_create(owner=owner, game="thousand", players=["Аня", "Боря", "Вика"])
    boris = Player.objects.get(owner=owner, name="Борис")
    borya = Player.objects.get(owner=owner, name="Боря")
    services.player_merge(source=borya, target=boris)
    assert not Player.objects.filter(pk=borya.pk).exists()
    assert sorted(boris.seats.values_list("match_id", "index")) == sorted([(match.pk, 1), (second.pk, 1)])


def test_two_players_of_one_match_are_not_merged(owner, match):
    anya = Player.objects.get(owner=owner, name="Аня")
    boris = Player.objects.get(owner=owner, name="Борис")
    with pytest.raises(Rejected) as refused:
        services.player_merge(source=boris, target=anya)
    assert codes(refused) == ["merge_same_match"]
    assert Player.objects.filter(pk=boris.pk).exists()


def test_a_player_is_not_merged_with_himself_or_another_owners(owner, stranger, match):
    anya = Player.objects.get(owner=owner, name="Аня")
    theirs = services.match_create(owner=stranger, game="thousand", players=["Ира", "Олег", "Петя"])
    ira = theirs.seated.get(name="Ира")
    for source, target in [(anya, anya), (ira, anya)]:
        with pytest.raises(Rejected) as refused:
            services.player_merge(source=source, target=target)
        assert codes(refused) == ["bad_merge"]


@pytest.mark.parametrize("game", ["thousand", "terz", "tongits", "khrap", "thirteens"])
@pytest.mark.parametrize("which", ["first", "last"])
def test_every_game_and_preset_plays_again_with_its_frozen_options(owner, game, which):
    module = find_game(game)
    presets = list(module.PRESETS)
    preset = presets[0] if which == "first" else presets[-1]
    players = ["Аня", "Борис", "Вика", "Гена", "Даша", "Егор"][: module.SEATS.start]
    first = services.match_create(owner=owner, game=game, players=players, preset=preset)
    again = services.match_next_game(match=first, owner=owner)
    assert (again.game, again.preset, again.options, again.players) == (game, preset, first.options, players)
