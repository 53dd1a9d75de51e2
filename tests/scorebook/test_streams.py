"""The live streams (scorebook/web/streams.py, scorebook/live/): a write publishes its match's version
once, after its transaction commits, never when it rolls back; a stream sends each reader the new
version and nothing else, resumes after the version its reader last saw (``Last-Event-ID``), and
closes when its reader may no longer read the match (removed, the link revoked) or is told to
reload when his role changed.

The streams are read through Django's ``AsyncClient`` (an ASGI request, as uvicorn makes), the bus
in this process's memory (no CACHE_URL: tests/scorebook/test_two_servers_live.py runs it over Redis).
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from django.conf import settings
from django.db import connections, transaction
from django.test import AsyncClient

from referee.ledger import Rejected
from scorebook import accounts, live, services
from scorebook.models import Match, Member
from scorebook.web import deals, streams
from tests.scorebook.conftest import play

# What a stream sends when it opens: how soon to reconnect, and its first heartbeat (a comment for
# the proxies, an event for the page).
OPEN = "retry: 2000\n: heartbeat\nevent: heartbeat\ndata: alive\n\n"
WAIT = 5.0  # seconds a test waits for an event before it fails (never a timing goal)


@pytest.fixture(autouse=True)
def stream_reads(monkeypatch) -> Iterator[None]:
    """The streams read the database in a thread of their own here, whose connection is closed after
    the test (PostgreSQL drops no test database another connection is still on)."""
    reads = ThreadPoolExecutor(max_workers=1)
    monkeypatch.setattr(streams, "READS", reads)
    yield
    reads.submit(connections.close_all).result()
    reads.shutdown()


def version_event(version: int) -> str:
    return f"id: {version}\nevent: version\ndata: {version}\n\n"


def with_parts(text: str) -> tuple[int, str]:
    """A version event that carries the parts its page swaps in: (its version, the parts as the page
    reads them: the data lines after the first, joined by line ends)."""
    assert text.endswith("\n\n"), text[-80:]
    head, *lines = text[:-2].split("\n")
    version = int(head.removeprefix("id: "))
    assert lines[:2] == ["event: version", f"data: {version}"], lines[:2]
    assert len(lines) > 2 and all(line.startswith("data: ") for line in lines[2:]), "no parts"
    return version, "\n".join(line.removeprefix("data: ") for line in lines[2:])


# ---------------------------------------------------------------- publish once, after commit


@pytest.fixture
def published(monkeypatch) -> list[tuple[int, int]]:
    heard: list[tuple[int, int]] = []
    monkeypatch.setattr(live, "publish", lambda pk, version: heard.append((pk, version)))
    return heard


@pytest.mark.django_db
def test_a_deal_publishes_its_version_once_after_its_commit(match, published, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        services.deal_record(match=match, entry=play())
        assert published == []  # not before the commit
    # A new match is at version 0; the deal made it 1 (one write, one version, one message).
    assert published == [(match.pk, 1)]


@pytest.mark.django_db
def test_an_edit_and_a_void_publish_once_each(match, published, django_capture_on_commit_callbacks):
    services.deal_record(match=match, entry=play())
    with django_capture_on_commit_callbacks(execute=True):
        services.deal_replace(match=match, number=1, entry=play(points=(120, 0, 0)))
    with django_capture_on_commit_callbacks(execute=True):
        services.deal_void(match=match, number=1)
    assert published == [(match.pk, 2), (match.pk, 3)]


@pytest.mark.django_db
def test_a_write_rolled_back_publishes_nothing(match, published, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        with pytest.raises(RuntimeError), transaction.atomic():
            services.deal_record(match=match, entry=play())
            raise RuntimeError("the request failed after the write")
    assert (published, len(callbacks)) == ([], 0)


@pytest.mark.django_db
def test_a_refused_deal_publishes_nothing(match, published, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True), pytest.raises(Rejected):
        services.deal_record(match=match, entry=play(points=(45, 67, 80)))  # 192 card points: no such deal
    assert published == []


# ---------------------------------------------------------------- the streams


async def opened(client: AsyncClient, url: str, **headers: Any) -> tuple[int, AsyncIterator[bytes]]:
    response = await client.get(url, headers=headers)
    content = response.streaming_content if response.streaming else None
    return response.status_code, content  # type: ignore[return-value]


async def next_text(stream: AsyncIterator[bytes]) -> str:
    chunk = await asyncio.wait_for(anext(stream), WAIT)  # type: ignore[arg-type]
    return chunk.decode() if isinstance(chunk, bytes) else str(chunk)


async def ended(stream: AsyncIterator[bytes]) -> bool:
    try:
        await asyncio.wait_for(anext(stream), WAIT)  # type: ignore[arg-type]
    except StopAsyncIteration:
        return True
    return False


def run(coroutine_function: Any) -> None:
    async_to_sync(coroutine_function)()


async def as_user(user: Any) -> AsyncClient:
    client = AsyncClient()
    await client.aforce_login(user)
    return client


@pytest.fixture
def member(match, stranger) -> Member:
    """Борис's phone: a signed-in player at the owner's table."""
    return Member.objects.create(match=match, user=stranger, role="player", name="boris")


write = sync_to_async(services.deal_record)


@pytest.mark.django_db(transaction=True)
def test_the_owner_a_player_and_a_watcher_each_hear_the_new_version_and_what_they_may_see(match, owner, member):
    shared = services.match_share(match=match)

    async def body() -> None:
        owner_phone, player_phone = await as_user(owner), await as_user(member.user)
        streams = []
        for client, url in [(owner_phone, f"/live/matches/{match.pk}/?parts=match&since=0"),
                            (player_phone, f"/live/matches/{match.pk}/?parts=match&since=0"),
                            (AsyncClient(), f"/live/watch/{shared.share_token}/?since=0"),
                            (owner_phone, f"/live/matches/{match.pk}/?since=0")]:  # the owner's table display
            status, stream = await opened(client, url)
            assert status == 200
            assert await next_text(stream) == OPEN  # the page shows version 0: nothing more to send
            streams.append(stream)
        await write(match=await sync_to_async(Match.objects.get)(pk=match.pk), entry=play())
        # Every reader is told version 1. The owner's and the player's match pages get with it what
        # their page swaps in (the poll's answer for their role: its controls, nobody's token); the
        # watcher and the table display the version only: what each then fetches is its own.
        owner_event, player_event, watcher_event, display_event = [await next_text(stream) for stream in streams]
        assert watcher_event == display_event == version_event(1)
        for event in (owner_event, player_event):
            version, parts = with_parts(event)
            assert version == 1
            assert f'hx-get="/matches/{match.pk}/sheet/?since=1"' in parts  # the sheet at version 1
            assert 'id="deal-1"' in parts and 'id="entry-slot"' in parts and 'id="undo-slot"' in parts
            assert "csrfmiddlewaretoken" not in parts and "data-new-client-ids" in parts
            assert 'name="client_id" value=""' in parts  # the page makes its own
        for stream in streams:
            await stream.aclose()  # type: ignore[attr-defined]

    run(body)


@pytest.mark.django_db(transaction=True)
def test_the_parts_are_drawn_once_for_the_phones_of_a_role_and_language(match, owner, member, django_user_model,
                                                                       monkeypatch):
    """Борис and Вика, both players, read in Russian; Гена, a player too, in Ukrainian. One write: the
    Russian parts are drawn once for both Russian phones (the same text), the Ukrainian ones apart;
    each drawing is made into the event's data lines once too, not once per phone."""
    vika = django_user_model.objects.create_user(username="vika")
    gena = django_user_model.objects.create_user(username="gena")
    Member.objects.create(match=match, user=vika, role="player", name="vika")
    Member.objects.create(match=match, user=gena, role="player", name="gena")
    drawn: list[str] = []
    draw = deals._shared_html
    monkeypatch.setattr(deals, "_shared_html", lambda m, role, language: drawn.append(language) or draw(m, role, language))
    framed: list[str] = []
    frame = streams._data_lines
    monkeypatch.setattr(streams, "_data_lines", lambda parts: framed.append(parts) or frame(parts))

    async def body() -> None:
        heard = []
        for user, language in [(member.user, "ru"), (vika, "ru"), (gena, "uk")]:
            status, stream = await opened(await as_user(user), f"/live/matches/{match.pk}/?parts=match&since=0",
                                          **{"Accept-Language": language})
            assert (status, await next_text(stream)) == (200, OPEN)
            heard.append(stream)
        await write(match=await sync_to_async(Match.objects.get)(pk=match.pk), entry=play())
        (v1, boris), (v2, vika_parts), (v3, gena_parts) = [with_parts(await next_text(s)) for s in heard]
        assert (v1, v2, v3) == (1, 1, 1)
        assert boris == vika_parts and "Записать сдачу" in boris
        assert "Записати роздачу" in gena_parts
        assert sorted(drawn) == ["ru", "uk"]
        assert len(framed) == 2 and {"Записать сдачу" in parts for parts in framed} == {True, False}
        for stream in heard:
            await stream.aclose()  # type: ignore[attr-defined]

    run(body)


@pytest.mark.django_db(transaction=True)
def test_a_watching_members_parts_hold_no_form(match, owner, stranger):
    """A member who only watches gets the sheet and the totals with the version, and no form: no
    entry form, no undo (his role may neither record nor void)."""
    Member.objects.create(match=match, user=stranger, role="watcher", name="boris")

    async def body() -> None:
        status, stream = await opened(await as_user(stranger), f"/live/matches/{match.pk}/?parts=match&since=0")
        assert (status, await next_text(stream)) == (200, OPEN)
        await write(match=await sync_to_async(Match.objects.get)(pk=match.pk), entry=play(points=(45, 67, 8)))
        version, parts = with_parts(await next_text(stream))
        assert version == 1 and 'id="deal-1"' in parts
        assert "<form" not in parts
        await stream.aclose()  # type: ignore[attr-defined]

    run(body)


@pytest.mark.django_db(transaction=True)
def test_each_role_hears_the_same_version_and_fetches_its_own_parts(match, owner, member, django_user_model):
    """Confirmation mode: Борис (seat 1) enters a deal, pending. Вика (seat 2) and a watcher hear the
    very same event; what each then fetches is his role's: Вика's sheet offers to confirm it, the
    watcher's does not (and holds no form at all)."""
    services.match_confirmation(match=match, confirmation=True, by=owner)  # version 1
    Member.objects.filter(pk=member.pk).update(seat=1)
    vika = django_user_model.objects.create_user(username="vika")
    Member.objects.create(match=match, user=vika, role="player", name="vika", seat=2)
    shared = services.match_share(match=match)

    async def body() -> None:
        vika_phone = await as_user(vika)
        heard = []
        for client, url in [(vika_phone, f"/live/matches/{match.pk}/?since=1"),
                            (AsyncClient(), f"/live/watch/{shared.share_token}/?since=1")]:
            status, stream = await opened(client, url)
            assert (status, await next_text(stream)) == (200, OPEN)
            heard.append(stream)
        boris = await sync_to_async(Member.objects.select_related("user").get)(pk=member.pk)
        await write(match=await sync_to_async(Match.objects.get)(pk=match.pk), entry=play(), author=boris.user)
        assert [await next_text(stream) for stream in heard] == [version_event(2)] * 2
        vika_sheet = await vika_phone.get(f"/matches/{match.pk}/sheet/?since=1")
        watcher_sheet = await AsyncClient().get(f"/watch/{shared.share_token}/sheet/?since=1")
        assert (vika_sheet.status_code, watcher_sheet.status_code) == (200, 200)
        assert "Confirm deal 1" in vika_sheet.content.decode()
        assert "Confirm deal 1" not in watcher_sheet.content.decode()
        assert "<form" not in watcher_sheet.content.decode()
        for stream in heard:
            await stream.aclose()  # type: ignore[attr-defined]

    run(body)


@pytest.mark.django_db(transaction=True)
def test_the_answer_is_an_event_stream_that_no_proxy_keeps_or_buffers(match, owner):
    async def body() -> None:
        response = await (await as_user(owner)).get(f"/live/matches/{match.pk}/")
        assert (response.status_code, response["Content-Type"], response["Cache-Control"],
                response["X-Accel-Buffering"]) == (200, "text/event-stream", "no-store", "no")
        await response.streaming_content.aclose()  # type: ignore[union-attr]

    run(body)


@pytest.mark.parametrize(("last_seen", "sent"), [
    pytest.param({"headers": {"Last-Event-ID": "1"}}, [OPEN, version_event(3)], id="reconnected-after-1-gets-3-at-once"),
    pytest.param({"headers": {"Last-Event-ID": "3"}}, [OPEN], id="reconnected-at-3-gets-nothing-new"),
    pytest.param({"query": "?since=2"}, [OPEN, version_event(3)], id="page-showing-2-gets-3"),
    pytest.param({}, [OPEN, version_event(3)], id="no-version-said-gets-the-current-one"),
    # The header wins over the page's first address: EventSource reconnects to the same URL.
    pytest.param({"headers": {"Last-Event-ID": "3"}, "query": "?since=0"}, [OPEN], id="last-event-id-over-since"),
])
@pytest.mark.django_db(transaction=True)
def test_a_stream_resumes_after_the_last_version_its_reader_saw(match, owner, last_seen, sent):
    for points in [(45, 67, 8), (120, 0, 0), (0, 60, 60)]:  # versions 1, 2, 3
        services.deal_record(match=Match.objects.get(pk=match.pk), entry=play(points=points))

    async def body() -> None:
        client = await as_user(owner)
        status, stream = await opened(client, f"/live/matches/{match.pk}/{last_seen.get('query', '')}",
                                      **last_seen.get("headers", {}))
        assert status == 200
        assert [await next_text(stream) for _ in sent] == sent
        await stream.aclose()  # type: ignore[attr-defined]

    run(body)


@pytest.mark.django_db(transaction=True)
def test_a_message_lost_is_made_good_when_the_subscription_is_back(match, owner, monkeypatch):
    # Redis went away while a deal was written: its message never came. Subscribed again, the
    # process has every stream read its match again, and the version goes out.
    async def body() -> None:
        status, stream = await opened(await as_user(owner), f"/live/matches/{match.pk}/?since=0")
        assert (status, await next_text(stream)) == (200, OPEN)
        monkeypatch.setattr(live, "publish", lambda pk, version: None)  # lost
        await write(match=await sync_to_async(Match.objects.get)(pk=match.pk), entry=play())
        live.HUB.everyone()
        assert await next_text(stream) == version_event(1)
        await stream.aclose()  # type: ignore[attr-defined]

    run(body)


@pytest.mark.django_db(transaction=True)
def test_a_removed_members_stream_closes_and_does_not_reopen(match, owner, member):
    async def body() -> None:
        status, stream = await opened(await as_user(member.user), f"/live/matches/{match.pk}/?since=0")
        assert (status, await next_text(stream)) == (200, OPEN)
        await sync_to_async(services.member_remove)(match=match, member=member.pk, by=owner)
        assert await ended(stream)
        assert (await opened(await as_user(member.user), f"/live/matches/{match.pk}/"))[0] == 404

    run(body)


@pytest.mark.django_db(transaction=True)
def test_a_removed_guests_stream_closes(match, owner):
    guest = Member.objects.create(match=match, guest_key="k" * 43, name="Вика", role="player")

    async def body() -> None:
        phone = AsyncClient()
        session = await phone.asession()
        session["scorebook_guests"] = {str(match.pk): guest.pk}
        await session.asave()
        phone.cookies[settings.SESSION_COOKIE_NAME] = session.session_key
        status, stream = await opened(phone, f"/live/matches/{match.pk}/?since=0")
        assert (status, await next_text(stream)) == (200, OPEN)
        await sync_to_async(services.member_remove)(match=match, member=guest.pk, by=owner)
        assert await ended(stream)

    run(body)


def new_password(user: Any) -> None:
    user.set_password("a-new-password-4Kq9")
    user.save()


@pytest.mark.parametrize("session_ended", [
    pytest.param(lambda user: accounts.sign_out_everywhere(user=user), id="signed-out-everywhere"),
    pytest.param(new_password, id="password-changed"),
])
@pytest.mark.django_db(transaction=True)
def test_a_stream_ends_at_its_next_event_once_its_session_ended(match, owner, member, session_ended):
    async def body() -> None:
        status, stream = await opened(await as_user(member.user), f"/live/matches/{match.pk}/?since=0")
        assert (status, await next_text(stream)) == (200, OPEN)
        await sync_to_async(session_ended)(await sync_to_async(type(member.user).objects.get)(pk=member.user.pk))
        await write(match=await sync_to_async(Match.objects.get)(pk=match.pk), entry=play())
        assert await ended(stream)  # no version 1 for a session that ended

    run(body)


@pytest.mark.django_db(transaction=True)
def test_a_role_change_tells_the_page_to_reload_and_closes(match, owner, member):
    async def body() -> None:
        status, stream = await opened(await as_user(member.user), f"/live/matches/{match.pk}/?since=0")
        assert (status, await next_text(stream)) == (200, OPEN)
        await sync_to_async(services.member_role)(match=match, member=member.pk, role="watcher", by=owner)
        assert await next_text(stream) == "event: reload\ndata: role\n\n"
        assert await ended(stream)

    run(body)


@pytest.mark.django_db(transaction=True)
def test_a_revoked_share_links_stream_closes(match, owner):
    shared = services.match_share(match=match)

    async def body() -> None:
        status, stream = await opened(AsyncClient(), f"/live/watch/{shared.share_token}/?since=0")
        assert (status, await next_text(stream)) == (200, OPEN)
        await sync_to_async(services.match_unshare)(match=match, by=owner)
        assert await ended(stream)
        assert (await opened(AsyncClient(), f"/live/watch/{shared.share_token}/"))[0] == 404

    run(body)


@pytest.mark.django_db(transaction=True)
def test_nobody_else_opens_a_stream(match, stranger):
    async def body() -> None:
        # An EventSource cannot follow a sign-in page: nobody at all is not found either.
        assert (await opened(AsyncClient(), f"/live/matches/{match.pk}/"))[0] == 404
        assert (await opened(await as_user(stranger), f"/live/matches/{match.pk}/"))[0] == 404
        assert (await opened(AsyncClient(), "/live/watch/no-such-link/"))[0] == 404

    run(body)


@pytest.mark.django_db
def test_under_wsgi_a_stream_answers_204_and_the_page_polls(signed_in, match):
    # 204 tells EventSource not to reconnect (gunicorn cannot hold a stream): the page keeps polling.
    assert signed_in.get(f"/live/matches/{match.pk}/").status_code == 204


def test_a_stream_gone_leaves_nothing_listening():
    # Under ASGI Django closes the stream's iterator when its reader goes away (the test client does
    # not): the stream stops listening to its match.
    async def body() -> None:
        before = live.HUB.streams()
        queue = await live.listen(7)
        events = streams._events(7, streams.Reading(3, "owner"), 3, queue, lambda: streams.Reading(3, "owner"))
        assert (await next_text(events), live.HUB.streams()) == (OPEN, before + 1)
        await events.aclose()  # type: ignore[attr-defined]
        assert live.HUB.streams() == before

    run(body)
