"""Around the sheet: the history in words with the author as the table knows them, preset names
without the project's own words, the favicon, the printable 1000 sheet's bids and contracts, the
pot in the Tong Its CSV."""

from __future__ import annotations

import csv
import io

import pytest
from django.contrib.staticfiles import finders

from scorebook import services
from scorebook.games import GAMES
from scorebook.models import Player
from scorebook.web.contexts import preset_label
from scorebook.web.history import author_name
from tests.scorebook.conftest import PLAYERS, penalty, play

pytestmark = pytest.mark.django_db


def test_an_amendment_reads_as_words_with_names(signed_in, owner, match):
    services.deal_record(match=match, entry=play(0, 100, points=[45, 67, 8]), author=owner)
    services.deal_replace(match=match, number=1, entry=play(1, 110, points=[45, 75, 0]), author=owner)
    page = signed_in.get(f"/matches/{match.pk}/history/").content.decode()
    assert "<li>declarer: Аня → Борис</li>" in page  # a seat by the player's name
    assert "<li>bid: 100 → 110</li>" in page
    assert "<li>Борис&#x27;s points: 67 → 75</li>" in page and "<li>Вика&#x27;s points: 8 → 0</li>" in page
    assert "Аня&#x27;s points" not in page  # unchanged
    assert "<code>points</code>" not in page


def test_an_author_is_named_as_the_table_knows_them(signed_in, owner, django_user_model, match):
    boris = django_user_model.objects.create_user(username="b.petrov77")
    Player.objects.filter(owner=owner, name="Борис").update(user=boris)
    # Борис keeps the book at this table: a scorer, who may enter deals.
    match = services.invite_renew(match=match, by=owner, role="scorer")
    services.match_join(token=match.invite_token, user=boris)
    services.deal_record(match=match, entry=play(), author=boris)
    history = signed_in.get(f"/matches/{match.pk}/history/").content.decode()
    assert "· Борис" in history and "b.petrov77" not in history
    edit = signed_in.get(f"/matches/{match.pk}/deals/1/").content.decode()
    assert "· Борис" in edit and "b.petrov77" not in edit


def test_an_author_without_a_player_goes_by_full_name_then_login(owner, django_user_model):
    named = django_user_model.objects.create_user(username="v1", first_name="Вика", last_name="Р.")
    assert author_name(named, {}) == "Вика Р."
    assert author_name(owner, {}) == "anya"
    assert author_name(owner, {owner.pk: "Аня"}) == "Аня"
    assert author_name(None, {}) is None


def test_the_edit_page_shows_the_deals_history_in_words(signed_in, owner, match):
    services.deal_record(match=match, entry=play(0, 100, points=[45, 67, 8]), author=owner)
    services.deal_replace(match=match, number=1, entry=play(0, 120, points=[45, 67, 8]), author=owner)
    page = signed_in.get(f"/matches/{match.pk}/deals/1/").content.decode()
    assert "<li>bid: 100 → 120</li>" in page
    assert "&quot;points&quot;" not in page and "{&#x27;type&#x27;" not in page


@pytest.mark.parametrize("game", list(GAMES.values()), ids=lambda game: game.name)
def test_no_preset_is_named_in_the_projects_own_words(game):
    for code in game.rules.PRESETS:
        label = preset_label(game, code).casefold()
        assert "seed" not in label and "literal" not in label and "_" not in label, label


def test_the_favicon_is_there(client):
    response = client.get("/favicon.ico")
    assert response.status_code == 301
    assert response["Location"] == "/static/icons/favicon.ico"
    with open(finders.find("icons/favicon.ico"), "rb") as icon:
        assert icon.read(4) == b"\x00\x00\x01\x00"  # an ICO file


def test_the_printable_1000_sheet_shows_bids_and_contracts(signed_in, match):
    services.deal_record(match=match, entry=play(0, 100, points=[45, 67, 8]))
    services.deal_record(match=match, entry=play(1, 110, 120, points=[30, 70, 20], marriages=[[], ["H"], []]))
    services.deal_record(match=match, entry=penalty(2, -50))
    page = signed_in.get(f"/matches/{match.pk}/print/").content.decode()
    assert '<td class="note">Аня: bid 100</td>' in page
    assert '<td class="note">Борис: bid 110, contract 120</td>' in page
    assert '<td class="note"></td>' in page  # the penalty has no bid


def test_a_game_without_notes_prints_no_note_column(signed_in, owner):
    khrap = services.match_create(owner=owner, game="khrap", players=PLAYERS)
    assert 'class="note"' not in signed_in.get(f"/matches/{khrap.pk}/print/").content.decode()


def test_the_tong_its_csv_has_the_pot(signed_in, owner):
    match = services.match_create(owner=owner, game="tongits", players=PLAYERS)
    services.deal_record(match=match, entry={"type": "penalty", "player": 1, "points": -3, "reason": ""})
    table = list(csv.reader(io.StringIO(signed_in.get(f"/matches/{match.pk}/export.csv").content.decode())))
    assert table[0][-1] == "Pot"
    sheet = signed_in.get(f"/matches/{match.pk}/").content.decode()
    assert table[1][-1] == "3" and '<span class="cell tail" role="cell">3</span>' in sheet
