"""The rows every move and every view reads and writes: the games app's only hand-written SQL.

Building these statements with the ORM cost more CPU than the database took to
run them: compiling the locked read of a game took 0.6 ms, running it 0.23 ms.
The SQL here is plain and portable; column names come from the models' _meta,
and values are prepared and converted exactly as the ORM does it. Games and
moves are ordinary model instances; seats are ``SeatRow`` records. Every write
of a game after its creation goes through ``save_game``.
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from functools import cache
from typing import Any, TypeVar, cast

from django.contrib.auth import get_user_model
from django.db import connection
from django.db.models import Field, Model
from django.utils import timezone

from accounts.models import Vacation, deleted_name
from games.models import Game, Move, Player
from plumbing import plain_sql

M = TypeVar("M", bound=Model)


def _field(model: type[Model], name: str) -> Field[Any, Any]:
    return cast("Field[Any, Any]", model._meta.get_field(name))


def _column(field: Field[Any, Any] | None) -> str:
    """The field's column, quoted for this database."""
    assert field is not None and field.column is not None
    return connection.ops.quote_name(field.column)


@cache
def _select_list(model: type[Model], alias: str, vendor: str) -> str:
    return ", ".join(f"{alias}.{_column(f)}" for f in model._meta.concrete_fields)


@cache
def _converters(model: type[Model], names: tuple[str, ...], vendor: str) -> tuple[tuple[int, tuple, Any], ...]:
    """(index, converters, expression) for those of these fields of ``model`` whose database value
    needs converting."""
    found = []
    for index, name in enumerate(names):
        col = _field(model, name).get_col(model._meta.db_table)
        converters = tuple(connection.ops.get_db_converters(col) + col.get_db_converters(connection))
        if converters:
            found.append((index, converters, col))
    return tuple(found)


def _convert(model: type[Model], names: tuple[str, ...], values: list[Any]) -> list[Any]:
    """The database values of these fields of ``model``, converted as the ORM converts them."""
    for index, functions, expression in _converters(model, names, connection.vendor):
        for convert in functions:
            values[index] = convert(values[index], expression, connection)
    return values


@cache
def _names(model: type[Model]) -> tuple[str, ...]:
    return tuple(f.attname for f in model._meta.concrete_fields)


def fetch(model: type[M], sql: str, params: Sequence[Any]) -> list[M]:
    """Instances of ``model`` from ``sql``, whose columns are the model's concrete fields in order
    (``select_list(model, alias)``), converted as the ORM converts them."""
    names = _names(model)
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        found = cursor.fetchall()
    return [
        model.from_db(connection.alias, list(names), _convert(model, names, list(row[: len(names)]))) for row in found
    ]


def select_list(model: type[Model], alias: str) -> str:
    """The model's concrete columns, qualified by ``alias``, in field order (what ``fetch`` expects)."""
    return _select_list(model, alias, connection.vendor)


def load_game(game_id: int, *, lock: bool = False) -> Game | None:
    """The game, or None; with ``lock``, its row stays locked until the transaction ends."""
    low, high = connection.ops.integer_field_range(Game._meta.pk.get_internal_type())
    if not low <= game_id <= high:  # the database would refuse the number; the ORM answers "no such row" too
        return None
    quote = connection.ops.quote_name
    sql = f"SELECT {select_list(Game, 'g')} FROM {quote(Game._meta.db_table)} g WHERE g.{_column(Game._meta.pk)} = %s"
    if lock and connection.features.has_select_for_update:
        sql += " FOR UPDATE"
    found = fetch(Game, sql, [game_id])
    return found[0] if found else None


def landed_move(game_id: int, client_id: uuid.UUID) -> Move | None:
    """The game's move sent with this client id, if one landed (what a retry or a stale move asks)."""
    quote = connection.ops.quote_name
    sql = (
        f"SELECT {select_list(Move, 'm')} FROM {quote(Move._meta.db_table)} m "
        f"WHERE m.{_column(_field(Move, 'game'))} = %s AND m.{_column(_field(Move, 'client_id'))} = %s"
    )
    found = fetch(Move, sql, [game_id, _field(Move, "client_id").get_db_prep_value(client_id, connection)])
    return found[0] if found else None


# What a reader of a game needs of its row besides the state and the result, which the view cache keeps.
_READ_WITHOUT = ("state", "result")


@cache
def _game_with_seats_sql(vendor: str, whole: bool, lock: bool) -> tuple[str, tuple[str, ...]]:
    """The game's columns (without ``whole``, all but the state and result), then each seat's as ``seats``
    reads them: one row per seat (one with empty seat columns for a game without seats); with ``lock``
    the game's row is locked. (SQL, the game's fields.)"""
    quote = connection.ops.quote_name
    fields = tuple(name for name in _names(Game) if whole or name not in _READ_WITHOUT)
    game_columns = ", ".join(f"g.{_column(_field(Game, name))}" for name in fields)
    pk, game_fk, seat = _column(Game._meta.pk), _column(_field(Player, "game")), _column(_field(Player, "seat"))
    sql = (
        f"SELECT {game_columns}, {_seat_columns()} FROM {quote(Game._meta.db_table)} g "
        f"LEFT JOIN {Player._meta.db_table} p ON p.{game_fk} = g.{pk} {_seat_joins()} "
        f"WHERE g.{pk} = %s ORDER BY p.{seat}"
    )
    if lock and connection.features.has_select_for_update_of:
        sql += " FOR UPDATE OF g"  # the game's row only: the seats are written under its lock
    return sql, fields


def game_with_seats(game_id: int, *, whole: bool = False, lock: bool = False) -> tuple[Game, list[SeatRow]] | None:
    """The game and its seats, in one query; or None. Without ``whole`` the game's state and result
    are left out (read on access): a reader answered from the view cache needs neither. With
    ``lock`` (and ``whole``: a change needs the state) the game's row stays locked until the
    transaction ends, as with ``load_game``; a move reads its game and seats this way."""
    low, high = connection.ops.integer_field_range(Game._meta.pk.get_internal_type())
    if not low <= game_id <= high:
        return None
    sql, fields = _game_with_seats_sql(connection.vendor, whole, lock)
    since = connection.ops.adapt_datefield_value(_not_over_since())
    with connection.cursor() as cursor:
        cursor.execute(sql, [since, game_id])
        found = cursor.fetchall()
    if not found:
        return None
    width = len(fields)
    game = Game.from_db(connection.alias, list(fields), _convert(Game, fields, list(found[0][:width])))
    # A game without seats has the LEFT JOIN's one row, with empty seat columns.
    return game, [_seat_row(row[width:]) for row in found if row[width] is not None]


def reader_fields() -> tuple[str, ...]:
    """The game's fields (attribute names) that ``game_with_seats`` reads without ``whole``."""
    return _game_with_seats_sql(connection.vendor, False, False)[1]


def game_stamp(game_id: int) -> tuple[int, int] | None:
    """(version, read_stamp) of the game, or None: whether a read snapshot of it is still current."""
    low, high = connection.ops.integer_field_range(Game._meta.pk.get_internal_type())
    if not low <= game_id <= high:
        return None
    quote = connection.ops.quote_name
    version, stamp = _column(_field(Game, "version")), _column(_field(Game, "read_stamp"))
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT {version}, {stamp} FROM {quote(Game._meta.db_table)} WHERE {_column(Game._meta.pk)} = %s",
            [game_id],
        )
        row = cursor.fetchone()
    return (int(row[0]), int(row[1])) if row else None


def game_version(game_id: int) -> tuple[int, bool] | None:
    """(version, private) of the game, or None: what a socket needs, without the state and result."""
    low, high = connection.ops.integer_field_range(Game._meta.pk.get_internal_type())
    if not low <= game_id <= high:
        return None
    quote = connection.ops.quote_name
    version, private = _column(_field(Game, "version")), _column(_field(Game, "private"))
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT {version}, {private} FROM {quote(Game._meta.db_table)} WHERE {_column(Game._meta.pk)} = %s",
            [game_id],
        )
        row = cursor.fetchone()
    return (int(row[0]), bool(row[1])) if row else None


@cache
def _write_fields(
    model: type[Model], names: tuple[str, ...], vendor: str
) -> tuple[tuple[Field[Any, Any], ...], tuple[str, ...]]:
    """The fields written and their quoted columns: looked up once, as every move writes them."""
    fields = tuple(_field(model, name) for name in names)
    return fields, tuple(_column(f) for f in fields)


def _prepared(fields: Sequence[Field[Any, Any]], instance: Model) -> list[Any]:
    return [f.get_db_prep_save(getattr(instance, f.attname), connection) for f in fields]


# The fields a change of a game may set; the others are fixed when the game starts.
CHANGING_FIELDS = ("state", "version", "status", "rated", "result", "finished_at", "updated_at")


@cache
def _update_game_sql(names: tuple[str, ...], vendor: str) -> str:
    _, columns = _write_fields(Game, names, vendor)
    assignments = ", ".join(f"{c} = %s" for c in columns)
    quote = connection.ops.quote_name
    return f"UPDATE {quote(Game._meta.db_table)} SET {assignments} WHERE {_column(Game._meta.pk)} = %s"


def save_game(game: Game, names: Sequence[str] = CHANGING_FIELDS) -> None:
    """Write these fields of the game (``updated_at`` must be set by the caller: no auto_now here)."""
    names, vendor = tuple(names), connection.vendor
    fields, _ = _write_fields(Game, names, vendor)
    with connection.cursor() as cursor:
        cursor.execute(_update_game_sql(names, vendor), [*_prepared(fields, game), game.pk])


def count_chat_message(game_id: int) -> int:
    """Add one to the game's chat count; returns the new count."""
    quote = connection.ops.quote_name
    table, pk, column = (quote(Game._meta.db_table), _column(Game._meta.pk), _column(_field(Game, "chat_count")))
    with connection.cursor() as cursor:
        cursor.execute(f"UPDATE {table} SET {column} = {column} + 1 WHERE {pk} = %s", [game_id])
        cursor.execute(f"SELECT {column} FROM {table} WHERE {pk} = %s", [game_id])
        return int(cursor.fetchone()[0])


def insert_move(move: Move) -> Move:
    """Store a new move, every field as the instance has it (``created_at`` set by the caller: no
    auto_now_add here), and give it its id."""
    return plain_sql.insert(move)


def _not_over_since() -> date:
    # A day earlier than today here, because somewhere it is still yesterday.
    return timezone.now().date() - timedelta(days=1)


def _seat_columns() -> str:
    """A seat's columns as ``_seat_row`` takes them: the player's, the person's names, whether the
    person's account is deleted and whether a vacation of theirs is not over (a parameter: since)."""
    return (
        f"{select_list(Player, 'p')}, u.username, u.display_name, u.deleted_at IS NOT NULL, EXISTS ("
        f"SELECT 1 FROM {Vacation._meta.db_table} v WHERE v.user_id = p.user_id AND v.ends_on >= %s)"
    )


def _seat_joins() -> str:
    return f"LEFT JOIN {get_user_model()._meta.db_table} u ON u.id = p.user_id"


@dataclass(eq=False)
class SeatRow:
    """One seat of a game as a change reads and writes it: the player row, its person's names and
    whether that person has a vacation that is not over. ``save_seats`` writes what changed since it
    was read."""

    id: int
    game_id: int
    seat: int
    user_id: int | None
    is_bot: bool
    bot_took_over: bool
    resigned: bool
    must_act: bool
    turn_started_at: datetime | None
    deadline: datetime | None
    clock_ms: int | None
    timeouts: int
    score: int | None
    rank: int | None
    username: str | None = None
    shown_name: str | None = None
    away: bool = False
    stored: dict[str, Any] = field(default_factory=dict, repr=False)

    @property
    def pk(self) -> int:
        return self.id

    @property
    def controlled_by_bot(self) -> bool:
        return self.is_bot or self.bot_took_over

    def changed_fields(self) -> list[str]:
        return [name for name in WRITABLE_SEAT_FIELDS if getattr(self, name) != self.stored.get(name)]

    def mark_stored(self) -> None:
        self.stored = {name: getattr(self, name) for name in WRITABLE_SEAT_FIELDS}


# What a change may write of a seat; who sits there is fixed when the game starts.
WRITABLE_SEAT_FIELDS = (
    "bot_took_over",
    "resigned",
    "must_act",
    "turn_started_at",
    "deadline",
    "clock_ms",
    "timeouts",
    "score",
    "rank",
)


def seats(game: Game) -> list[SeatRow]:
    """The game's seats in seat order, in one query.

    Compiling the equivalent ORM query (a join, a subquery) cost five times as much as running it.
    """
    since = connection.ops.adapt_datefield_value(_not_over_since())
    sql = (
        f"SELECT {_seat_columns()} FROM {Player._meta.db_table} p {_seat_joins()} WHERE p.game_id = %s ORDER BY p.seat"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [since, game.pk])
        return [_seat_row(row) for row in cursor.fetchall()]


def _seat_row(columns: Sequence[Any]) -> SeatRow:
    """A seat from the columns of ``_seat_columns``, converted as the ORM converts them."""
    names = _names(Player)
    values = _convert(Player, names, list(columns[: len(names)]))
    username, display_name, deleted, away = columns[len(names) :]
    row = SeatRow(
        **dict(zip(names, values)),
        username=username,
        shown_name=_shown_name(values[names.index("user_id")], username, display_name, deleted),
        away=bool(away),  # SQLite answers 0 or 1
    )
    row.mark_stored()
    return row


def _shown_name(user_id: int | None, username: str | None, display_name: str | None, deleted: bool) -> str | None:
    """As ``User.shown_name`` has it, from the columns read with the seat."""
    if username is None or user_id is None:
        return None
    if deleted:
        return deleted_name(user_id)
    return display_name or username


def save_seats(game_id: int, players: Sequence[SeatRow]) -> None:
    """Write what changed of these seats since they were read, in one UPDATE (or none).

    Each column is a CASE on the seat: building the same statement from ORM Case/When
    expressions cost four times the query itself, and this runs on every move.
    """
    changed_names = {p.seat: p.changed_fields() for p in players}
    changed = [p for p in players if changed_names[p.seat]]
    if not changed:
        return
    names = tuple(n for n in WRITABLE_SEAT_FIELDS if any(n in changed_names[p.seat] for p in changed))
    quote = connection.ops.quote_name
    fields, (*columns, seat_column, game_column) = _write_fields(Player, (*names, "seat", "game"), connection.vendor)
    assignments, params = [], []
    branches = " ".join("WHEN %s THEN %s" for _ in changed)
    for name, model_field, column in zip(names, fields, columns):
        for p in changed:
            params += [p.seat, model_field.get_db_prep_save(getattr(p, name), connection)]
        # ELSE keeps the column's own type for PostgreSQL to infer the parameters' types from.
        assignments.append(f"{column} = CASE {seat_column} {branches} ELSE {column} END")
    placeholders = ", ".join("%s" for _ in changed)
    params += [game_id, *(p.seat for p in changed)]
    with connection.cursor() as cursor:
        cursor.execute(
            f"UPDATE {quote(Player._meta.db_table)} SET {', '.join(assignments)} "
            f"WHERE {game_column} = %s AND {seat_column} IN ({placeholders})",
            params,
        )
    for p in changed:
        p.mark_stored()
