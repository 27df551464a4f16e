"""Inserting a model instance with a statement built once per model, for rows written with most moves.

``Model.objects.create`` compiles its INSERT for every call; for the rows a move writes (its log
entry, its outbox entry) that took 1.6 times the CPU of running a prepared plain statement
(bench/outbox_record.py). Values are prepared as the ORM prepares them.
"""

from __future__ import annotations

from functools import cache
from typing import Any, TypeVar, cast

from django.db import connection
from django.db.models import Field, Model

M = TypeVar("M", bound=Model)


@cache
def _insert_sql(model: type[Model], vendor: str) -> tuple[str, tuple[Field[Any, Any], ...]]:
    fields = tuple(f for f in model._meta.concrete_fields if not f.primary_key)
    quote = connection.ops.quote_name
    columns = ", ".join(quote(cast(str, f.column)) for f in fields)
    sql = f"INSERT INTO {quote(model._meta.db_table)} ({columns}) VALUES ({', '.join('%s' for _ in fields)})"
    if connection.features.can_return_columns_from_insert:
        assert model._meta.pk is not None
        sql += f" RETURNING {quote(cast(str, model._meta.pk.column))}"
    return sql, fields


def insert(instance: M) -> M:
    """Store ``instance`` as a new row, every field as the instance has it (``auto_now_add`` is not
    applied: the caller sets such fields), and give it its id."""
    sql, fields = _insert_sql(type(instance), connection.vendor)
    with connection.cursor() as cursor:
        cursor.execute(sql, [f.get_db_prep_save(getattr(instance, f.attname), connection) for f in fields])
        instance.pk = cursor.fetchone()[0] if connection.features.can_return_columns_from_insert else cursor.lastrowid
    instance._state.adding = False
    instance._state.db = connection.alias
    return instance
