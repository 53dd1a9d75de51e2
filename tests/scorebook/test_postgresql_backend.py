"""scorebook/postgresql: the health check that looks at the socket first, and the statements
prepared once per connection. PostgreSQL only (`.ci/run` runs the suite against it)."""

import os
import select
import subprocess
import sys
import time
from pathlib import Path

import psycopg
import pytest
from django.db import connection, transaction

from referee.games import thousand
from scorebook import services
from scorebook.models import Deal, Match, Revision, SheetRow
from scorebook.postgresql import bulk


def on_postgresql(test):
    """On PostgreSQL only (deselected elsewhere: tests/conftest.py), in autocommit between requests
    as a worker's connection is."""
    return pytest.mark.postgresql(pytest.mark.django_db(transaction=True)(test))


ROOT = Path(__file__).resolve().parents[2]


def _fresh_request() -> None:
    """What Django does between two requests: the next one checks the connection again."""
    connection.close_if_unusable_or_obsolete()
    assert connection.connection is not None, "a healthy connection is kept"
    assert not connection.health_check_done


def _backend_pid() -> int:
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        return cursor.fetchone()[0]


@on_postgresql
def test_a_healthy_idle_connection_is_kept_without_asking_the_server(monkeypatch):
    pid = _backend_pid()
    _fresh_request()

    def asked() -> bool:
        raise AssertionError("SELECT 1 sent to a connection with nothing to read")

    monkeypatch.setattr(connection, "is_usable", asked)
    connection.close_if_health_check_failed()
    assert connection.health_check_done
    assert _backend_pid() == pid  # the same connection served on


@on_postgresql
def test_a_connection_the_server_dropped_is_replaced_before_the_request_uses_it():
    pid = _backend_pid()
    _fresh_request()
    with psycopg.connect(**{key: value for key, value in connection.get_connection_params().items()
                            if key in ("dbname", "user", "host", "port", "password")},
                         autocommit=True) as other:
        other.execute("SELECT pg_terminate_backend(%s)", [pid])
    waiting = select.poll()
    waiting.register(connection.connection.pgconn.socket, select.POLLIN)
    deadline = time.monotonic() + 10
    while not waiting.poll(100) and time.monotonic() < deadline:
        pass  # the server's farewell is on its way
    connection.close_if_health_check_failed()
    assert connection.connection is None, "the dropped connection is closed, not used"
    assert Match.objects.count() == 0  # and the request's query runs on a new one
    assert _backend_pid() != pid


@on_postgresql
def test_a_statement_sent_again_and_again_is_planned_once():
    for _ in range(6):  # psycopg prepares a statement on its 5th use
        list(Match.objects.filter(pk=1))
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM pg_prepared_statements WHERE statement LIKE %s",
                       ['%FROM "scorebook_match" WHERE "scorebook_match"."id" = $1%'])
        assert cursor.fetchone()[0] == 1


@pytest.mark.parametrize(("value", "threshold"), [("", 5), ("off", None)])
def test_prepared_statements_can_be_turned_off_for_a_pooler(value, threshold):
    env = {**os.environ, "SCOREBOOK_PG_PREPARE": value, "DATABASE_URL": "postgres://someone@db.internal/scores"}
    out = subprocess.run(
        [sys.executable, "-c", "from scorebook import settings as s; d = s.DATABASES['default'];"
                               "print(d['ENGINE'], d['OPTIONS']['server_side_binding'], d['OPTIONS']['prepare_threshold'])"],
        cwd=ROOT, env=env, capture_output=True, text=True, check=True).stdout.split()
    assert out == ["scorebook.postgresql", "True", str(threshold)]


# ---------------------------------------------------------------- the import's rows, by COPY


def _stored(model, pks) -> list[dict]:
    """The rows of *model* with *pks*, as the database holds them, without what differs between two
    stores of the same objects (their ids, the match they belong to, the times they were made)."""
    varying = {"id", "match_id", "deal_id", "created_at", "updated_at", "joined_at"}
    return [{key: value for key, value in row.items() if key not in varying}
            for row in model.objects.filter(pk__in=pks).order_by("pk").values()]


@on_postgresql
def test_copy_stores_the_very_rows_bulk_create_stores(owner) -> None:
    # scorebook/postgresql/bulk.py: the import's deals (their ids drawn from the sequence), their
    # history and the sheet's rows by COPY, each value as the field prepares it for an INSERT.
    match = services.match_create(owner=owner, game="thousand", players=["Аня", "Борис", "Вика"])
    entries = [thousand.dump_entry(thousand.parse_entry({"type": "play", "declarer": n % 3, "bid": 100,
                                                         "points": [60, 40, 20]}, 3)) for n in range(5)]

    def deals(first: int) -> list[Deal]:
        return [Deal(match=match, number=first + n, entry=entry, status="pending" if n == 2 else "confirmed",
                     reason="«Борис» had 7" if n == 3 else "") for n, entry in enumerate(entries)]

    with transaction.atomic():
        copied = bulk.created(Deal, deals(1), with_ids=True)
        created = Deal.objects.bulk_create(deals(11))
    assert all(deal.pk for deal in copied) and len({deal.pk for deal in copied}) == 5
    assert [row["number"] - 10 for row in _stored(Deal, [d.pk for d in created])] == [1, 2, 3, 4, 5]
    strip = [{**row, "number": row["number"] % 10} for row in _stored(Deal, [d.pk for d in copied])]
    assert strip == [{**row, "number": row["number"] % 10} for row in _stored(Deal, [d.pk for d in created])]
    with transaction.atomic():
        later = Deal.objects.create(match=match, number=99, entry=entries[0])  # the sequence moved past them
        bulk.created(Revision, [Revision(match=match, deal=copied[0], kind="recorded", entry=entries[0], version=1,
                                         author=owner, client_id="phone-1:1")])
        bulk.created(SheetRow, [SheetRow(match=match, number=1, row={"number": 1, "text": "«\\u00e9» \t\n"})])
    assert later.pk > max(deal.pk for deal in copied)
    revision = Revision.objects.get(match=match, client_id="phone-1:1")
    assert (revision.deal_id, revision.entry, revision.author, revision.reason) == (copied[0].pk, entries[0], owner, "")
    assert revision.created_at is not None
    assert SheetRow.objects.get(match=match, number=1).row == {"number": 1, "text": "«\\u00e9» \t\n"}
