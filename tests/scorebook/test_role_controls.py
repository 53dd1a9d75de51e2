"""Each reader sees only the controls of his role, and a write his role does not allow answers a
page in the site's frame and his language (issue 28, item 7): a watcher gets no edit link on the
sheet (kept per role, the poll's too) and no form on a deal's page; a save sent anyway is a 403
page saying so, with the way back to the sheet, and nothing is stored."""

from __future__ import annotations

import pytest
from django.test import Client

from referee import roles
from scorebook import services
from scorebook.models import Deal, Match, Member
from tests.scorebook.conftest import PLAYERS, play

pytestmark = pytest.mark.django_db

EDIT_LINK = 'class="edit-link"'
EDIT_ENTRY = {"action": "play", "declarer": "0", "bid": "100", "points_0": "105", "points_1": "7", "points_2": "8"}


def _table(owner, django_user_model, role: str, confirmation: bool) -> tuple[Match, Client]:
    """A 1000 match with deal 1 (Аня bids 100 and takes 100, RULES.md: 100, 10, 10), and a browser of
    *role* at it (the owner's own, or a member's of that role, seated at Борис's place if he sits)."""
    match = services.match_create(owner=owner, game="thousand", players=PLAYERS, confirmation=confirmation)
    services.deal_record(match=match, entry=play(points=(100, 12, 8)))
    client = Client()
    if role == roles.OWNER:
        client.force_login(owner)
    else:
        user = django_user_model.objects.create_user(username=role)
        seat = 1 if role in (roles.SCORER, roles.PLAYER) else None
        Member.objects.create(match=match, user=user, name=role, role=role, seat=seat)
        client.force_login(user)
    return Match.objects.get(pk=match.pk), client


@pytest.mark.parametrize(("role", "confirmation", "edit_links"), [
    pytest.param(roles.OWNER, False, True, id="owner"),
    pytest.param(roles.SCORER, False, True, id="scorer"),
    pytest.param(roles.REFEREE, False, True, id="referee"),
    # Without confirmation mode a player enters deals but corrects none (roles.ALLOWED).
    pytest.param(roles.PLAYER, False, False, id="player"),
    pytest.param(roles.WATCHER, False, False, id="watcher"),
    # In confirmation mode a player proposes a change of a confirmed deal (roles.correction).
    pytest.param(roles.PLAYER, True, True, id="player-confirmation-mode"),
    pytest.param(roles.WATCHER, True, False, id="watcher-confirmation-mode"),
    pytest.param(roles.OWNER, True, True, id="owner-confirmation-mode"),
])
def test_the_sheet_shows_edit_links_to_those_who_may_correct(owner, django_user_model, role: str,
                                                              confirmation: bool, edit_links: bool) -> None:
    match, client = _table(owner, django_user_model, role, confirmation)
    # The owner's page first: the sheet is kept rendered per role, so no reader gets another's.
    owners = Client()
    owners.force_login(owner)
    assert EDIT_LINK in owners.get(f"/matches/{match.pk}/").content.decode()
    page = client.get(f"/matches/{match.pk}/").content.decode()
    poll = client.get(f"/matches/{match.pk}/sheet/?since=0").content.decode()
    assert (EDIT_LINK in page, EDIT_LINK in poll) == (edit_links, edit_links)
    assert ('id="deal-1"' in page, 'id="deal-1"' in poll) == (True, True)


@pytest.mark.parametrize(("language", "you_are", "refused"), [
    pytest.param("en", "You are at this table as watcher: you read the deals, you do not change them.",
                 "Your role at this match does not allow this.", id="en"),
    pytest.param("ru", "Вы за этим столом в роли «зритель»: вы читаете сдачи, но не меняете их.",
                 "Ваша роль в этой партии этого не позволяет.", id="ru"),
    pytest.param("uk", "Ви за цим столом у ролі «глядач»: ви читаєте роздачі, але не змінюєте їх.",
                 "Ваша роль у цій партії цього не дозволяє.", id="uk"),
])
def test_a_watcher_reads_a_deal_and_a_save_sent_anyway_is_refused_in_the_sites_frame(
        owner, django_user_model, language: str, you_are: str, refused: str) -> None:
    match, client = _table(owner, django_user_model, roles.WATCHER, False)
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = language
    page = client.get(f"/matches/{match.pk}/deals/1/")
    html = page.content.decode()
    assert page.status_code == 200 and you_are in html
    assert 'id="entry-form"' not in html and 'value="void"' not in html

    answer = client.post(f"/matches/{match.pk}/deals/1/", EDIT_ENTRY)
    html = answer.content.decode()
    assert answer.status_code == 403
    assert 'class="site-header"' in html and refused in html  # the site's frame, his language
    assert f'href="/matches/{match.pk}/"' in html  # back to the sheet
    assert Deal.objects.get(match=match, number=1).entry["points"] == [100, 12, 8]
    assert Match.objects.get(pk=match.pk).version == match.version


def test_htmx_puts_the_refusal_into_the_pages_alert(owner, django_user_model) -> None:
    match, client = _table(owner, django_user_model, roles.WATCHER, False)
    answer = client.post(f"/matches/{match.pk}/deals/", EDIT_ENTRY | {"expected_version": str(match.version)},
                         headers={"HX-Request": "true"})
    assert answer.status_code == 403
    assert (answer["HX-Retarget"], answer["HX-Reselect"]) == ("#page-alert", "#refusal")
    assert answer.content.decode().strip() == (
        '<p id="refusal" class="message message-error">Your role at this match does not allow this.</p>')
    assert Deal.objects.filter(match=match).count() == 1
