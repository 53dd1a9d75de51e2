"""A client id names one write: the same write sent again is answered from the history (200,
"repeated"), another write under the same id is refused (409 ``client_id_reused``) and stores
nothing. A void's body, when there is one, is an object: anything else is refused, not dropped."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from rest_framework.test import APIClient

from scorebook import services
from scorebook.models import Match, Member, Revision
from tests.scorebook.conftest import play

pytestmark = pytest.mark.django_db

FIRST = play(0, 100, points=[45, 67, 8])  # [−100, 65, 10]
OTHER = play(1, 100, points=[10, 100, 10])  # [10, 100, 10]


def post(api: APIClient, match: Match, entry: dict[str, Any], **extra: Any) -> Any:
    return api.post(f"/api/matches/{match.pk}/deals/", {"entry": entry, **extra}, format="json")


def stored(match: Match) -> tuple[Any, ...]:
    match.refresh_from_db()
    return match.version, list(match.deals.values_list("number", "entry", "voided")), match.revisions.count()


def test_the_same_write_sent_again_is_the_repeat_answer(api: APIClient, match: Match) -> None:
    assert post(api, match, FIRST, client_id="phone-1:1").status_code == 201
    again = post(api, match, FIRST, client_id="phone-1:1")
    assert (again.status_code, again.json()["repeated"], again.json()["version"]) == (200, True, 1)


def test_the_same_write_in_another_spelling_is_still_the_same_write(api: APIClient, match: Match) -> None:
    marriage = play(1, 110, 120, points=[30, 70, 20], marriages=[[], ["H"], []])
    assert post(api, match, marriage, client_id="phone-1:1").status_code == 201
    again = post(api, match, {**marriage, "marriages": [[], ["♥"], []]}, client_id="phone-1:1")
    assert (again.status_code, again.json()["repeated"]) == (200, True)


def test_another_write_under_a_used_client_id_is_409_and_stores_nothing(api: APIClient, match: Match) -> None:
    assert post(api, match, FIRST, client_id="phone-1:1").status_code == 201
    before = stored(match)
    answer = post(api, match, OTHER, client_id="phone-1:1")
    assert answer.status_code == 409
    assert [(v["code"], v["field"]) for v in answer.json()["violations"]] == [("client_id_reused", "client_id")]
    assert answer.json()["version"] == 1
    assert stored(match) == before


def test_an_amendment_under_a_recording_s_client_id_is_409(api: APIClient, match: Match) -> None:
    assert post(api, match, FIRST, client_id="phone-1:1").status_code == 201
    before = stored(match)
    answer = api.put(f"/api/matches/{match.pk}/deals/1/", {"entry": OTHER, "client_id": "phone-1:1"}, format="json")
    assert answer.status_code == 409
    assert [v["code"] for v in answer.json()["violations"]] == ["client_id_reused"]
    assert stored(match) == before


def test_a_void_under_a_recording_s_client_id_is_409(api: APIClient, match: Match) -> None:
    assert post(api, match, FIRST, client_id="phone-1:1").status_code == 201
    before = stored(match)
    answer = api.delete(f"/api/matches/{match.pk}/deals/1/", {"client_id": "phone-1:1"}, format="json")
    assert answer.status_code == 409
    assert stored(match) == before


def test_an_amendment_sent_again_is_the_repeat_answer_and_another_one_409(match: Match) -> None:
    services.deal_record(match=match, entry=FIRST)
    services.deal_replace(match=match, number=1, entry=OTHER, client_id="fix-1")
    assert services.deal_replace(match=match, number=1, entry=OTHER, client_id="fix-1").repeated
    with pytest.raises(services.ClientIdReused):
        services.deal_replace(match=match, number=1, entry=FIRST, client_id="fix-1")
    assert Revision.objects.filter(match=match).count() == 2


def test_a_client_id_reused_from_the_page_says_so_and_stores_nothing(signed_in, match: Match) -> None:
    services.deal_record(match=match, entry=FIRST, client_id="queued-1")
    answer = signed_in.post(f"/matches/{match.pk}/deals/", {
        "action": "play", "client_id": "queued-1", "declarer": "1", "bid": "100", "contract": "100",
        "points_0": "10", "points_1": "100", "points_2": "10"})
    assert answer.status_code == 200
    assert "This client id was already used for another write" in answer.content.decode()
    assert match.deals.count() == 1


# Confirmation mode's steps on the page (finding 9 of the second security pass): a confirm or a
# reject under the client id of another write was a 500; it is the API's 409, on a page in the site's
# frame, in the reader's language, and the deal waits as it did.
REUSED_ON_THE_PAGE = {
    "en": ("Not saved", "This client id was already used for another write of this match: a new write needs a new "
           "one."),
    "ru": ("Не записано", "Этот client id уже использован для другой записи в этой партии: новой записи нужен новый."),
    "uk": ("Не записано", "Цей client id уже використано для іншого запису в цій партії: новому запису потрібен "
           "новий."),
}


@pytest.fixture
def confirming(owner, django_user_model) -> dict[str, Any]:
    """A confirmation-mode table: Борис (seat 1) wrote deals 1 and 2, Вика (seat 2) confirmed deal 1
    under the client id "vika:1"."""
    match = services.match_create(owner=owner, game="thousand", players=["Аня", "Борис", "Вика"], confirmation=True)
    people = {"match": match}
    for name, seat in (("boris", 1), ("vika", 2)):
        people[name] = django_user_model.objects.create_user(username=name)
        Member.objects.create(match=match, user=people[name], name=name, role="player", seat=seat)
    services.deal_record(match=match, entry=FIRST, author=people["boris"], client_id="boris:1")
    services.deal_record(match=match, entry=OTHER, author=people["boris"], client_id="boris:2")
    services.deal_confirm(match=match, number=1, author=people["vika"], client_id="vika:1")
    return people


@pytest.mark.parametrize(("step", "form"), [("confirm", {}), ("reject", {"reason": "Борис had 95"})])
@pytest.mark.parametrize("client_id", [pytest.param("vika:1", id="a-confirmation-s-id"),
                                       pytest.param("boris:2", id="a-recording-s-id")])
@pytest.mark.parametrize("language", ["en", "ru", "uk"])
def test_a_step_on_the_page_under_a_used_client_id_is_409_in_the_site_s_frame(
        confirming, step: str, form: dict[str, str], client_id: str, language: str) -> None:
    match = confirming["match"]
    before = stored(match)
    vika = Client(HTTP_ACCEPT_LANGUAGE=language)
    vika.force_login(confirming["vika"])
    answer = vika.post(f"/matches/{match.pk}/deals/2/{step}/", form | {"client_id": client_id})
    assert answer.status_code == 409
    page = answer.content.decode()
    heading, message = REUSED_ON_THE_PAGE[language]
    assert f"<h1>{heading}</h1>" in page and message in page
    assert '<html lang="%s"' % language in page and 'href="/matches/%d/#deal-2"' % match.pk in page
    assert stored(match) == before and match.deals.get(number=2).status == "pending"


def test_a_step_on_the_page_sent_again_is_taken_once(confirming) -> None:
    match = confirming["match"]
    vika = Client()
    vika.force_login(confirming["vika"])
    for _sent in range(2):
        answer = vika.post(f"/matches/{match.pk}/deals/2/confirm/", {"client_id": "vika:2"})
        assert answer.status_code == 302 and answer["Location"] == f"/matches/{match.pk}/#deal-2"
    assert match.deals.get(number=2).status == "confirmed"
    assert match.revisions.filter(kind=Revision.CONFIRMED).count() == 2


@pytest.mark.parametrize("body", [
    pytest.param("[1]", id="a-list"),
    pytest.param('"expected_version"', id="a-string"),
    pytest.param("5", id="a-number"),
    pytest.param("null", id="null"),
    pytest.param('[{"expected_version": 0}]', id="the-version-inside-a-list"),
])
def test_a_void_whose_body_is_not_an_object_is_400_and_voids_nothing(api: APIClient, match: Match, body: str) -> None:
    services.deal_record(match=match, entry=FIRST)
    before = stored(match)
    answer = api.delete(f"/api/matches/{match.pk}/deals/1/", body, content_type="application/json")
    assert answer.status_code == 400
    assert [v["code"] for v in answer.json()["violations"]] == ["bad_type"]
    assert stored(match) == before


def test_a_void_without_a_body_still_voids(api: APIClient, match: Match) -> None:
    services.deal_record(match=match, entry=FIRST)
    assert api.delete(f"/api/matches/{match.pk}/deals/1/").status_code == 200
    assert match.deals.get().voided
