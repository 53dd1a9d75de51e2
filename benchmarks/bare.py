"""`make bench`'s reference for the POST: a bare write, served beside the real paths.

A deal appended through the API (``POST /api/matches/<id>/deals/``) costs what its round trips
and bytes cost, plus what the app does between them: DRF, the token, the entry parsed and folded
by ``referee/``, the models, the row rendered, the cache kept up to date. The bare write makes the
same round trips and moves the same bytes with none of that:

- one read of the cache (the 40-deal sheet as the append reads its kept rows, and a second key
  as it reads the caller's token);
- a transaction that locks the match, stores the posted entry in a row of its own and moves the
  match's version on (on PostgreSQL the write is one statement, as the append's: BEGIN, lock,
  write, COMMIT);
- one write to the cache of two values as long as the sheet (the sheet and its rows kept);
- the 40-deal match's scoresheet JSON as its answer.

Its throughput against ``/healthz/`` is the most any POST of this shape reaches on the machine
the bench runs on: no goal, a measure of what the app's own work is measured against.

The gunicorn of section (d) runs with ``benchmarks.bare_settings``: the project's settings with
this module as the URLconf, which is the project's URLs and the bare write's after them.
"""

from __future__ import annotations

import json

from django.core.cache import cache
from django.db import connection, transaction
from django.http import HttpRequest, HttpResponse
from django.urls import path
from django.views.decorators.csrf import csrf_exempt

from scorebook.models import Match
from scorebook.urls import urlpatterns as project_urls

TABLE = "bench_bare_write"
SHEET_TABLE = "bench_bare_sheet"
PATH = "/bench/bare-write/{pk}/"


def sheet_key(pk: int) -> str:
    return f"bench-bare:{pk}"


@csrf_exempt
def bare_write(request: HttpRequest, pk: int) -> HttpResponse:
    found = cache.get_many([sheet_key(pk), "bench-bare:caller"])
    # Missed only where the cache is each process's own (no CACHE_URL): once per match and worker.
    sheet = found.get(sheet_key(pk)) or _sheet()
    entry = json.dumps(json.loads(request.body)["entry"])
    insert = f"INSERT INTO {TABLE} (match_id, entry) VALUES (%s, %s)"
    moved_on = f"UPDATE {Match._meta.db_table} SET version = version + 1 WHERE id = %s"
    with transaction.atomic():
        # The match locked, as the append's claim locks it.
        Match.objects.select_for_update().filter(pk=pk).values_list("version", flat=True).get()
        with connection.cursor() as cursor:
            if connection.vendor == "postgresql":
                cursor.execute(f"WITH new AS ({insert} RETURNING id) {moved_on}", [pk, entry, pk])
            else:
                cursor.execute(insert, [pk, entry])
                cursor.execute(moved_on, [pk])
    cache.set_many({sheet_key(pk): sheet, f"{sheet_key(pk)}:rows": sheet})
    return HttpResponse(sheet, status=201, content_type="application/json")


def _sheet() -> bytes:
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT body FROM {SHEET_TABLE}")
        (body,) = cursor.fetchone()
    return str(body).encode()


urlpatterns = [*project_urls, path(PATH.format(pk="<int:pk>").lstrip("/"), bare_write)]


def prepare(match_ids: list[int], sheet: bytes) -> None:
    """The bare write's table, and the sheet it answers with: in the cache under each match's key
    where it reads it, and in the database for a cache the server does not share with this process."""
    column = "bigserial PRIMARY KEY" if connection.vendor == "postgresql" else "integer PRIMARY KEY AUTOINCREMENT"
    kind = "jsonb" if connection.vendor == "postgresql" else "text"
    dropped()  # what a run stopped halfway left
    with connection.cursor() as cursor:
        cursor.execute(f"CREATE TABLE {SHEET_TABLE} (body text NOT NULL)")
        cursor.execute(f"INSERT INTO {SHEET_TABLE} (body) VALUES (%s)", [sheet.decode()])
        cursor.execute(f"CREATE TABLE {TABLE} (id {column}, match_id bigint NOT NULL REFERENCES "
                       f"{Match._meta.db_table} (id) DEFERRABLE INITIALLY DEFERRED, entry {kind} NOT NULL)")
    cache.set_many({sheet_key(pk): sheet for pk in match_ids} | {"bench-bare:caller": {"user": 0}})


def dropped() -> None:
    with connection.cursor() as cursor:
        cursor.execute(f"DROP TABLE IF EXISTS {TABLE}")
        cursor.execute(f"DROP TABLE IF EXISTS {SHEET_TABLE}")
