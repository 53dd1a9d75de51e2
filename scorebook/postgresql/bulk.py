"""New rows stored in bulk: Django's ``bulk_create`` everywhere, and on PostgreSQL psycopg's COPY.

The one place raw SQL writes (issue [1/6], STYLE.md rule 12): an import stores a match of up to
1,000 writes at once (its deals, their history, its sheet's rows). On PostgreSQL Django 5.2's
``bulk_create`` sends each column as an array, and psycopg writes an array of JSON text escaping
every value by regular expression in Python: the 1,000-deal import took ~550 ms, nearly all of it
there (docs/performance.md). COPY streams the same rows as text, ~10× less. The rows are the
ORM's: every value is the field's own ``get_db_prep_save``, the defaults and ``auto_now_add`` as
``Model.save`` would set them; SQLite (and any other database) takes ``bulk_create`` itself.
Tested against PostgreSQL: tests/scorebook/test_postgresql_backend.py.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from django.db import DEFAULT_DB_ALIAS, connection, connections
from django.db.models import Model, QuerySet

Row = TypeVar("Row", bound=Model)


def created(model: type[Row], objects: Sequence[Row], *, with_ids: bool = False) -> list[Row]:
    """*objects*, new rows of *model*, stored; with their ids set when *with_ids* (what the rows
    referring to them need: ``bulk_create`` sets them on PostgreSQL and SQLite alike)."""
    if not objects:
        return []
    if connection.vendor != "postgresql":
        rows: QuerySet[Row] = QuerySet(model=model)
        return rows.bulk_create(list(objects))
    db = connections[DEFAULT_DB_ALIAS]  # the connection itself: asked once per value, not through its proxy
    meta = model._meta
    fields = [field for field in meta.concrete_fields if not field.primary_key]
    if with_ids:
        with connection.cursor() as cursor:
            # The ids the rows take, drawn from the table's own sequence, as the INSERT would.
            cursor.execute("SELECT nextval(pg_get_serial_sequence(%s, %s)) FROM generate_series(1, %s)",
                           [meta.db_table, meta.pk.column, len(objects)])
            for obj, (pk,) in zip(objects, cursor.fetchall(), strict=True):
                obj.pk = pk
        fields = [meta.pk, *fields]
    columns = ", ".join(connection.ops.quote_name(field.column) for field in fields)
    with connection.cursor() as cursor, cursor.copy(f"COPY {meta.db_table} ({columns}) FROM STDIN") as copy:
        for obj in objects:
            # Each value as an INSERT would store it: its default, or auto_now_add's now.
            copy.write_row([field.get_db_prep_save(field.pre_save(obj, add=True), db) for field in fields])
    return list(objects)
