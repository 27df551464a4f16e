"""The rows every move and every view reads and writes, with hand-written SQL.

Building these statements with the ORM cost more CPU than the database took to
run them: compiling the locked read of a game took 0.6 ms, running it 0.23 ms.
The SQL here is plain and portable; column names come from the models' _meta,
and values are prepared and converted exactly as the ORM does it, so the
instances are ordinary model instances.
"""
from __future__ import annotations

from collections.abc import Sequence
from datetime import date, timedelta
from functools import cache
from typing import Any, TypeVar

from django.contrib.auth import get_user_model
from django.db import connection
from django.db.models import Model
from django.utils import timezone

from accounts.models import Vacation
from games.models import Game, Move, Player

M = TypeVar("M", bound=Model)


@cache
def _select_list(model: type[Model], alias: str, vendor: str) -> str:
    quote = connection.ops.quote_name
    return ", ".join(f"{alias}.{quote(f.column)}" for f in model._meta.concrete_fields)


@cache
def _converters(model: type[Model], vendor: str) -> tuple[tuple[int, tuple, Any], ...]:
    """(column index, converters, expression) for the columns whose database value needs converting."""
    found = []
    for index, field in enumerate(model._meta.concrete_fields):
        col = field.get_col(model._meta.db_table)
        converters = tuple(connection.ops.get_db_converters(col) + col.get_db_converters(connection))
        if converters:
            found.append((index, converters, col))
    return tuple(found)


def fetch(model: type[M], sql: str, params: Sequence[Any], extra: Sequence[str] = ()) -> list[M]:
    """Instances of ``model`` from ``sql``, whose columns are the model's concrete fields in order
    (``select_list(model, alias)``), then one column per name in ``extra``, set as attributes."""
    names = [f.attname for f in model._meta.concrete_fields]
    converters = _converters(model, connection.vendor)
    width = len(names)
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        rows = cursor.fetchall()
    instances = []
    for row in rows:
        values = list(row[:width])
        for index, functions, expression in converters:
            for convert in functions:
                values[index] = convert(values[index], expression, connection)
        instance = model.from_db(connection.alias, names, values)
        for name, value in zip(extra, row[width:]):
            setattr(instance, name, value)
        instances.append(instance)
    return instances


def select_list(model: type[Model], alias: str) -> str:
    """The model's concrete columns, qualified by ``alias``, in field order (what ``fetch`` expects)."""
    return _select_list(model, alias, connection.vendor)


def load_game(game_id: int, *, lock: bool = False) -> Game | None:
    """The game, or None; with ``lock``, its row stays locked until the transaction ends."""
    low, high = connection.ops.integer_field_range(Game._meta.pk.get_internal_type())
    if not low <= game_id <= high:  # the database would refuse the number; the ORM answers "no such row" too
        return None
    quote = connection.ops.quote_name
    sql = (f"SELECT {select_list(Game, 'g')} FROM {quote(Game._meta.db_table)} g "
           f"WHERE g.{quote(Game._meta.pk.column)} = %s")
    if lock and connection.features.has_select_for_update:
        sql += " FOR UPDATE"
    found = fetch(Game, sql, [game_id])
    return found[0] if found else None


def _prepared(model: type[Model], instance: Model, names: Sequence[str]) -> tuple[list[str], list[Any]]:
    quote = connection.ops.quote_name
    fields = [model._meta.get_field(name) for name in names]
    return ([quote(f.column) for f in fields],
            [f.get_db_prep_save(getattr(instance, f.attname), connection) for f in fields])


def save_game(game: Game, names: Sequence[str]) -> None:
    """Write these fields of the game (``updated_at`` must be set by the caller: no auto_now here)."""
    columns, values = _prepared(Game, game, names)
    assignments = ", ".join(f"{c} = %s" for c in columns)
    quote = connection.ops.quote_name
    with connection.cursor() as cursor:
        cursor.execute(f"UPDATE {quote(Game._meta.db_table)} SET {assignments} "
                       f"WHERE {quote(Game._meta.pk.column)} = %s", [*values, game.pk])


def insert_move(move: Move) -> Move:
    """Store a new move, every field as the instance has it (``created_at`` set by the caller: no
    auto_now_add here), and give it its id."""
    columns, values = _prepared(Move, move, [f.name for f in Move._meta.concrete_fields if not f.primary_key])
    quote = connection.ops.quote_name
    pk = quote(Move._meta.pk.column)
    sql = (f"INSERT INTO {quote(Move._meta.db_table)} ({', '.join(columns)}) "
           f"VALUES ({', '.join('%s' for _ in values)})")
    returning = connection.features.can_return_columns_from_insert
    with connection.cursor() as cursor:
        cursor.execute(sql + (f" RETURNING {pk}" if returning else ""), values)
        move.pk = cursor.fetchone()[0] if returning else cursor.lastrowid
    move._state.adding = False
    move._state.db = connection.alias
    return move


def _not_over_since() -> date:
    # A day earlier than today here, because somewhere it is still yesterday.
    return timezone.now().date() - timedelta(days=1)


def _seats_sql() -> str:
    player, user, vacation = Player._meta.db_table, get_user_model()._meta.db_table, Vacation._meta.db_table
    return (f"SELECT {select_list(Player, 'p')}, u.username, u.display_name, EXISTS ("
            f"SELECT 1 FROM {vacation} v WHERE v.user_id = p.user_id AND v.ends_on >= %s) "
            f"FROM {player} p LEFT JOIN {user} u ON u.id = p.user_id WHERE p.game_id = %s ORDER BY p.seat")


def seats(game: Game) -> list[Player]:
    """The game's players in seat order, in one query, each with ``away`` (its person has a
    vacation that is not over) and its person's ``username`` and ``shown_name`` (None for a bot's seat).

    Compiling the equivalent ORM query (a join, a subquery) cost five times as much as running it.
    """
    since = connection.ops.adapt_datefield_value(_not_over_since())
    players = fetch(Player, _seats_sql(), [since, game.pk], extra=("username", "user_display_name", "away"))
    for p in players:
        p.away = bool(p.away)  # SQLite answers 0 or 1
        p.shown_name = (p.user_display_name or p.username) if p.user_id else None
        p.game = game
    return players
