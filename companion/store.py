"""The event log: one SQLite file in the data directory, append-only.

Every change to a game is an event row (game id, sequence, time, type, JSON payload),
committed before anybody is told about it. A row is an entry of companion.entries, written and
read back through ``to_payload`` and ``from_payload`` only. A game's state is its entries
replayed; the ``games`` table is only a cache for listing history.
"""

from __future__ import annotations

import json
import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from companion.entries import Entry, GameEndedEntry, HandReadEntry, from_payload, to_payload
from companion.errors import StoreError

APPLICATION_ID = 0x54436D70  # "TCmp": marks the file as ours
SCHEMA_VERSION = 1
FILENAME = "train-companion.sqlite3"
SQLITE_SMALLEST, SQLITE_LARGEST = -(2**63), 2**63 - 1  # what an INTEGER column holds

_SCHEMA = """
CREATE TABLE IF NOT EXISTS events (
    seq     INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id INTEGER NOT NULL,
    at      TEXT NOT NULL,
    type    TEXT NOT NULL,
    payload TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS events_by_game ON events (game_id, seq);
CREATE TABLE IF NOT EXISTS games (
    game_id  INTEGER PRIMARY KEY,
    started  TEXT NOT NULL,
    game     TEXT NOT NULL,
    players  TEXT NOT NULL,
    finished INTEGER NOT NULL DEFAULT 0
);
"""


class StorageFull(StoreError):
    """The disk (or the SD card) is full: nothing more can be written."""


@dataclass(frozen=True, slots=True)
class StoredEvent:
    """One committed entry and where it sits in the log."""

    seq: int
    game_id: int
    at: str
    entry: Entry

    @property
    def type(self) -> str:
        return self.entry.type

    @property
    def payload(self) -> dict[str, Any]:
        """The entry as the row's JSON (what the event stream and the exports show)."""
        return to_payload(self.entry)


class Store:
    """The event log at ``path``: a ``.sqlite3`` file, or a data directory to keep it in."""

    def __init__(self, path: str | Path, read_only: bool = False) -> None:
        path = Path(path)
        if path.is_dir() or path.suffix not in (".sqlite3", ".sqlite", ".db"):
            path = path / FILENAME  # a data directory
        self.path = path
        self._lock = threading.Lock()
        try:
            if read_only:
                uri = f"file:{path}?mode=ro"
                self._db = sqlite3.connect(uri, uri=True, check_same_thread=False)
            else:
                path.parent.mkdir(parents=True, exist_ok=True)
                self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
            self._open(read_only)
        except sqlite3.DatabaseError as error:
            raise StoreError(
                f"{path} is not a Train Companion event log or is damaged ({error}); "
                "move it aside and start again, or restore it from a backup"
            ) from None
        except OSError as error:
            raise StoreError(f"cannot open the event log at {path}: {error.strerror}") from None

    def _open(self, read_only: bool) -> None:
        db = self._db
        db.execute("PRAGMA busy_timeout = 5000")
        application_id = db.execute("PRAGMA application_id").fetchone()[0]
        version = db.execute("PRAGMA user_version").fetchone()[0]
        tables = db.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
        if application_id == 0 and tables == 0 and not read_only:
            db.execute("PRAGMA journal_mode = WAL")
            db.executescript(_SCHEMA)
            db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
            db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        elif application_id != APPLICATION_ID:
            raise StoreError(
                f"{self.path} is some other program's database, not a Train Companion event "
                "log; choose another data directory"
            )
        elif version > SCHEMA_VERSION:
            raise StoreError(
                f"{self.path} was written by a newer Train Companion (schema {version}); "
                "upgrade this one to read it"
            )
        if not read_only:
            db.execute("PRAGMA journal_mode = WAL")
            # FULL: a commit is on the disk before the event is announced. With WAL, NORMAL
            # may lose the last commits when the plug is pulled, and a score shown on a phone
            # must never vanish. A turn is a few rows; the extra fsync costs milliseconds.
            db.execute("PRAGMA synchronous = FULL")
        check = db.execute("PRAGMA quick_check").fetchone()[0]
        if check != "ok":
            raise StoreError(f"{self.path} is damaged ({check}); restore it from a backup")

    # --- writing ---------------------------------------------------------------------------
    def new_game(self, game: str, players: list[str]) -> int:
        with self._lock, self._write() as db:
            row = db.execute("SELECT coalesce(max(game_id), 0) + 1 FROM games").fetchone()
            game_id = row[0]
            db.execute(
                "INSERT INTO games (game_id, started, game, players) VALUES (?, ?, ?, ?)",
                (game_id, _now(), game, json.dumps(players)),
            )
        return game_id

    def append(self, game_id: int, entry: Entry) -> StoredEvent:
        """Commit one entry and return it with its sequence number."""
        at = _now()
        text = json.dumps(to_payload(entry), separators=(",", ":"))
        with self._lock, self._write() as db:
            cursor = db.execute(
                "INSERT INTO events (game_id, at, type, payload) VALUES (?, ?, ?, ?)",
                (game_id, at, entry.type, text),
            )
            if isinstance(entry, GameEndedEntry):
                db.execute("UPDATE games SET finished = 1 WHERE game_id = ?", (game_id,))
        return StoredEvent(cursor.lastrowid, game_id, at, entry)

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """One transaction; any SQLite failure (a full disk, a read-only file) rolls back
        and becomes a StoreError that says where."""
        db = self._db
        try:
            db.execute("BEGIN IMMEDIATE")
            try:
                yield db
                db.execute("COMMIT")
            except BaseException:
                if db.in_transaction:
                    db.execute("ROLLBACK")
                raise
        except sqlite3.Error as error:
            if getattr(error, "sqlite_errorcode", None) == sqlite3.SQLITE_FULL:
                raise StorageFull(
                    f"storage full: scores are not being saved ({self.path}: {error}); free "
                    "some space on the SD card"
                ) from None
            raise StoreError(f"cannot write the event log at {self.path}: {error}") from None

    # --- reading ---------------------------------------------------------------------------
    def events(self, game_id: int) -> list[StoredEvent]:
        return self._select("WHERE game_id = ? ORDER BY seq", (game_id,))

    def events_since(self, seq: int, game_id: int | None = None) -> list[StoredEvent]:
        if game_id is None:
            return self._select("WHERE seq > ? ORDER BY seq", (seq,))
        return self._select("WHERE seq > ? AND game_id = ? ORDER BY seq", (seq, game_id))

    def last_seq(self) -> int:
        with self._lock:
            return self._db.execute("SELECT coalesce(max(seq), 0) FROM events").fetchone()[0]

    def latest_game(self) -> int | None:
        with self._lock:
            row = self._db.execute("SELECT max(game_id) FROM games").fetchone()
        return row[0]

    def games(self) -> list[dict[str, Any]]:
        with self._lock:
            rows = self._db.execute(
                "SELECT game_id, started, game, players, finished FROM games ORDER BY game_id DESC"
            ).fetchall()
        return [
            {
                "id": r[0],
                "started": r[1],
                "game": r[2],
                "players": json.loads(r[3]),
                "finished": bool(r[4]),
            }
            for r in rows
        ]

    def hand_pictures(self) -> list[tuple[int, str]]:
        """``(game_id, picture)`` for every hand photo a game's score pad shows."""
        with self._lock:
            rows = self._db.execute(
                "SELECT game_id, payload FROM events WHERE type = ?", (HandReadEntry.type,)
            ).fetchall()
        readings = ((game_id, _entry(HandReadEntry.type, payload)) for game_id, payload in rows)
        return [(game_id, reading.picture) for game_id, reading in readings if reading.picture]

    def _select(self, where: str, args: tuple) -> list[StoredEvent]:
        if not all(SQLITE_SMALLEST <= number <= SQLITE_LARGEST for number in args):
            return []  # no game or sequence number is that large (or small)
        with self._lock:
            rows = self._db.execute(
                f"SELECT seq, game_id, at, type, payload FROM events {where}", args
            ).fetchall()
        return [StoredEvent(r[0], r[1], r[2], _entry(r[3], r[4])) for r in rows]

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def _entry(type_: str, text: str) -> Entry:
    try:
        payload = json.loads(text)
    except json.JSONDecodeError as error:
        raise StoreError(f"the event log's {type_} event is not JSON ({error})") from None
    return from_payload(type_, payload)


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")
