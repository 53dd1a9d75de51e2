"""The pages around the sheet: my matches with each match's totals and winner, a match renamed,
deleted to the archive and restored, played again, its last deal undone; a player renamed and
merged. Every write goes through the services (tests/scorebook/test_match_housekeeping.py)."""

from __future__ import annotations

import re

import pytest

from scorebook import services
from scorebook.models import Match, Player
from tests.scorebook.conftest import PLAYERS, play

pytestmark = pytest.mark.django_db


def text_of(response) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.content.decode()))


# ---------------------------------------------------------------- my matches


def test_my_matches_shows_each_matchs_totals_in_seat_order(signed_in, match):
    services.deal_record(match=match, entry=play(0, 100, points=[45, 67, 8]))  # −100, 65, 10
    text = text_of(signed_in.get("/"))
    assert "Аня −100 Борис 65 Вика 10" in text
    assert "won." not in text


def test_my_matches_names_the_winner_of_a_finished_match(signed_in, owner):
    match = services.match_create(owner=owner, game="thousand", players=PLAYERS)
    # The cached sheet of a finished match, as a replay would store it (the page reads the cache).
    Match.objects.filter(pk=match.pk).update(finished=True,
                                             sheet={**match.sheet, "totals": [1005, 640, 300], "winner": 0})
    text = text_of(signed_in.get("/"))
    assert "Аня 1005 Борис 640 Вика 300" in text
    assert "Аня won." in text


def test_an_archived_match_is_out_of_my_matches_but_found_by_the_filter(signed_in, owner, match):
    kept = services.match_create(owner=owner, game="thousand", players=["Ира", "Олег", "Петя"])
    response = signed_in.post(f"/matches/{match.pk}/archive/", {"archived": "1"})
    assert response.status_code == 302 and response["Location"] == "/"
    match.refresh_from_db()
    assert match.archived
    home = signed_in.get("/").context["matches"]
    assert [m.pk for m in home] == [kept.pk]
    archived = signed_in.get("/?archived=yes").context["matches"]
    assert [m.pk for m in archived] == [match.pk]
    # Still opens, and is restored from its page.
    page = signed_in.get(f"/matches/{match.pk}/")
    assert page.status_code == 200 and "Restore from the archive" in page.content.decode()
    response = signed_in.post(f"/matches/{match.pk}/archive/", {"archived": "0"})
    assert response["Location"] == f"/matches/{match.pk}/"
    assert {m.pk for m in signed_in.get("/").context["matches"]} == {match.pk, kept.pk}


def test_a_match_is_renamed_from_its_page(signed_in, match):
    response = signed_in.post(f"/matches/{match.pk}/rename/", {"name": " Friday "})
    assert response.status_code == 302
    match.refresh_from_db()
    assert match.name == "Friday"
    assert "Friday" in signed_in.get(f"/matches/{match.pk}/").content.decode()


def test_a_bad_match_name_is_refused_in_words(signed_in, match):
    response = signed_in.post(f"/matches/{match.pk}/rename/", {"name": "x" * 101}, follow=True)
    match.refresh_from_db()
    assert match.name == ""
    assert "100" in text_of(response)  # the limit is said


def test_a_rematch_opens_a_new_match_with_the_same_players(signed_in, owner, match):
    response = signed_in.post(f"/matches/{match.pk}/rematch/")
    again = Match.objects.exclude(pk=match.pk).get()
    assert response["Location"] == f"/matches/{again.pk}/"
    assert (again.players, again.options, again.owner) == (match.players, match.options, owner)


def test_another_owners_match_is_a_404_for_every_write(client, stranger, match):
    client.force_login(stranger)
    for action in ["rename", "archive", "rematch", "undo"]:
        assert client.post(f"/matches/{match.pk}/{action}/", {"name": "x"}).status_code == 404
    match.refresh_from_db()
    assert (match.name, match.archived, Match.objects.count()) == ("", False, 1)


@pytest.mark.parametrize("role, undo", [("watcher", 403), ("player", 403), ("scorer", 302), ("referee", 302)])
def test_a_member_of_the_table_may_not_rename_archive_or_rematch(client, owner, stranger, match, role, undo):
    # Renaming, archiving and playing again manage the table (the owner's); undo is a void, which
    # a scorer or the referee may do and a player or a watcher may not.
    services.deal_record(match=match, entry=play(), author=owner)
    match = services.invite_renew(match=match, by=owner, role=role)
    services.match_join(token=match.invite_token, user=stranger)
    client.force_login(stranger)
    for action in ["rename", "archive", "rematch"]:
        assert client.post(f"/matches/{match.pk}/{action}/", {"name": "x"}).status_code == 403
    assert client.post(f"/matches/{match.pk}/undo/").status_code == undo
    match.refresh_from_db()
    assert (match.name, match.archived, Match.objects.count()) == ("", False, 1)
    assert match.deals.filter(voided=False).count() == (1 if undo == 403 else 0)


# ---------------------------------------------------------------- undo


def test_undo_voids_the_last_counted_deal(signed_in, owner, match):
    for entry in [play(0, 100, points=[45, 67, 8]), play(1, 100, points=[30, 70, 20])]:
        services.deal_record(match=match, entry=entry)
    services.deal_void(match=match, number=2)
    services.deal_record(match=match, entry=play(2, 100, points=[33, 22, 65]))
    match.refresh_from_db()
    page = signed_in.get(f"/matches/{match.pk}/").content.decode()
    assert "Undo deal 3" in page
    response = signed_in.post(f"/matches/{match.pk}/undo/", {"expected_version": match.version}, follow=True)
    assert "Deal 3 is voided" in text_of(response)
    assert list(match.deals.order_by("number").values_list("voided", flat=True)) == [False, True, True]
    assert match.revisions.last().author == owner
    # Next: deal 1 (deal 2 is already voided).
    assert "Undo deal 1" in response.content.decode()


def test_undo_with_a_stale_version_is_refused_and_nothing_voided(signed_in, match):
    services.deal_record(match=match, entry=play())
    response = signed_in.post(f"/matches/{match.pk}/undo/", {"expected_version": 0}, follow=True)
    assert "Someone else changed this match" in text_of(response)
    assert not match.deals.get().voided


def test_nothing_to_undo(signed_in, match):
    assert "Undo deal" not in signed_in.get(f"/matches/{match.pk}/").content.decode()
    response = signed_in.post(f"/matches/{match.pk}/undo/", follow=True)
    assert "There is no deal to undo." in text_of(response)


def test_void_write_off_undo_and_delete_ask_for_a_second_tap(signed_in, match):
    services.deal_record(match=match, entry=play())
    page = signed_in.get(f"/matches/{match.pk}/").content.decode()
    assert 'value="write_off" class="button-secondary" data-confirm="Tap again to write off"' in page
    assert 'data-confirm="Tap again to void deal 1"' in page
    assert 'data-confirm="Tap again to delete"' in page
    edit = signed_in.get(f"/matches/{match.pk}/deals/1/").content.decode()
    assert 'data-confirm="Tap again to void"' in edit


def test_every_row_has_its_edit_link(signed_in, match):
    services.deal_record(match=match, entry=play())
    services.deal_record(match=match, entry=play(1, 100, points=[30, 70, 20]))
    services.deal_void(match=match, number=1)
    page = signed_in.get(f"/matches/{match.pk}/").content.decode()
    assert f'href="/matches/{match.pk}/deals/1/" title="Restore or edit deal 1"' in page
    assert f'href="/matches/{match.pk}/deals/2/" title="Edit deal 2"' in page


# ---------------------------------------------------------------- players


def test_a_player_is_renamed_from_his_page(signed_in, owner, match):
    boris = Player.objects.get(owner=owner, name="Борис")
    response = signed_in.post(f"/players/{boris.pk}/rename/", {"name": "Боря"}, follow=True)
    boris.refresh_from_db()
    assert boris.name == "Боря"
    assert "The player is renamed." in text_of(response)


def test_a_taken_name_is_refused_in_words(signed_in, owner, match):
    boris = Player.objects.get(owner=owner, name="Борис")
    response = signed_in.post(f"/players/{boris.pk}/rename/", {"name": "вика"}, follow=True)
    assert "There is already a player called “вика”" in text_of(response)
    boris.refresh_from_db()
    assert boris.name == "Борис"


def test_two_players_are_merged_from_the_page(signed_in, owner, match):
    second = services.match_create(owner=owner, game="thousand", players=["Аня", "Боря", "Вика"])
    boris = Player.objects.get(owner=owner, name="Борис")
    borya = Player.objects.get(owner=owner, name="Боря")
    page = signed_in.get(f"/players/{borya.pk}/").content.decode()
    assert f'<option value="{boris.pk}">Борис</option>' in page
    response = signed_in.post(f"/players/{borya.pk}/merge/", {"into": boris.pk})
    assert response["Location"] == f"/players/{boris.pk}/"
    assert not Player.objects.filter(pk=borya.pk).exists()
    assert set(boris.seats.values_list("match_id", flat=True)) == {match.pk, second.pk}


def test_a_merge_of_two_players_of_one_match_is_refused(signed_in, owner, match):
    anya = Player.objects.get(owner=owner, name="Аня")
    boris = Player.objects.get(owner=owner, name="Борис")
    response = signed_in.post(f"/players/{boris.pk}/merge/", {"into": anya.pk}, follow=True)
    assert "played in the same match" in text_of(response)
    assert Player.objects.filter(pk=boris.pk).exists()


def test_another_owners_player_is_out_of_reach(signed_in, owner, stranger, match):
    theirs = services.match_create(owner=stranger, game="thousand", players=["Ира", "Олег", "Петя"])
    ira = theirs.seated.get(name="Ира")
    anya = Player.objects.get(owner=owner, name="Аня")
    assert signed_in.post(f"/players/{ira.pk}/rename/", {"name": "X"}).status_code == 404
    signed_in.post(f"/players/{anya.pk}/merge/", {"into": ira.pk})
    assert Player.objects.filter(pk=anya.pk).exists() and Player.objects.filter(pk=ira.pk).exists()


def test_the_poll_brings_the_totals_bar_along(signed_in, match):
    version = match.version
    services.deal_record(match=match, entry=play(0, 100, points=[45, 67, 8]))  # another phone: −100, 65, 10
    answer = signed_in.get(f"/matches/{match.pk}/sheet/?since={version}").content.decode()
    bar = answer[answer.index('id="standings"'):]
    assert bar.startswith('id="standings" class="standings" hx-swap-oob="true"')
    assert re.findall(r'class="standing-total">([^<]*)<', bar) == ["−100", "65", "10"]
