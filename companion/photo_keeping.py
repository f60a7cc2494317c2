"""Hand photos on the SD card: the game in play's and the last few finished games' stay,
older ones go.

Every hand photo (the camera's and a phone's, annotated) is a file the server named, 32 hex
digits and ``.jpg``, in the photo folder; the score pad links it through the ``hand_read``
event that names it. A photo named by the game in play or by one of the ``keep_finished``
newest finished games stays, whatever its age. A photo no event names (read without a seat,
or a reading the pad refused) belongs to the game going on when it was written: it stays if
it is newer than the start of the oldest game kept. Everything else in the folder that looks
like one of our pictures is deleted, when a game ends and at start-up; other files are never
touched.

A photo that cannot be deleted is left where it is and reported in one log line; nothing here
stops the table.
"""

from __future__ import annotations

import logging
import os
import re
import sqlite3
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.entries import GameEndedEntry
from companion.errors import StoreError

if TYPE_CHECKING:
    from companion.service import Announcement
    from companion.store import Store

log = logging.getLogger("train_companion")

PICTURE_NAME = re.compile(r"[0-9a-f]{32}\.jpg")


@dataclass(frozen=True)
class Pruned:
    """What one pruning did: photos deleted, photos that would not go, photos kept."""

    deleted: int = 0
    stuck: int = 0
    kept: int = 0


class PhotoKeeper:
    """Keeps the hand photos of the game in play and of ``keep_finished`` finished games.

    Call ``prune()`` at start-up; added as a companion listener, it prunes after each game
    ends::

        keeper = PhotoKeeper(store, data_dir / "photos", keep_finished=10)
        keeper.prune()
        companion.add_listener(keeper)
    """

    def __init__(self, store: Store, photo_dir: Path, keep_finished: int) -> None:
        self.store = store
        self.photo_dir = Path(photo_dir)
        self.keep_finished = keep_finished

    def __call__(self, announcement: Announcement) -> None:
        if isinstance(announcement.stored.entry, GameEndedEntry):
            self.prune()

    def prune(self) -> Pruned:
        try:
            games = self.store.games()  # newest first
            named = self.store.hand_pictures()
        except (StoreError, sqlite3.Error) as error:
            log.warning("old hand photos not pruned: cannot read the event log (%s)", error)
            return Pruned()
        in_play = games[:1] if games and not games[0]["finished"] else []
        kept_games = in_play + games[len(in_play) :][: self.keep_finished]
        if len(kept_games) == len(games):
            return Pruned()  # no game's photos are due to go yet
        kept_ids = {game["id"] for game in kept_games}
        keep = {picture for game_id, picture in named if game_id in kept_ids}
        old = {picture for game_id, picture in named if game_id not in kept_ids} - keep
        since = _oldest_start(kept_games)
        doomed, kept = [], 0
        for entry in self._pictures():
            if entry.name in keep or (entry.name not in old and _written_since(entry, since)):
                kept += 1
            else:
                doomed.append(entry.name)
        return self._delete(doomed, kept, min(kept_ids, default=None))

    def _pictures(self) -> list[os.DirEntry]:
        try:
            with os.scandir(self.photo_dir) as entries:
                return [entry for entry in entries if PICTURE_NAME.fullmatch(entry.name)]
        except FileNotFoundError:
            return []  # no photo taken yet
        except OSError as error:
            log.warning("old hand photos not pruned: cannot read %s (%s)", self.photo_dir, error)
            return []

    def _delete(self, names: list[str], kept: int, oldest_kept: int | None) -> Pruned:
        deleted, stuck = 0, []
        for name in names:
            try:
                (self.photo_dir / name).unlink()
            except FileNotFoundError:
                pass  # gone already: that is all we wanted
            except OSError as error:
                stuck.append((name, error.strerror or str(error)))
            else:
                deleted += 1
        if deleted:
            before = f"before game {oldest_kept}" if oldest_kept else "of finished games"
            log.info("deleted %s %s from %s", _photos(deleted), before, self.photo_dir)
        if stuck:
            name, why = stuck[0]
            log.warning(
                "could not delete %s in %s (%s: %s); they stay until they can be deleted: "
                "check the folder's owner and permissions",
                _photos(len(stuck)),
                self.photo_dir,
                name,
                why,
            )
        return Pruned(deleted, len(stuck), kept)


def _photos(count: int) -> str:
    return f"{count} old hand photo{'' if count == 1 else 's'}"


def _oldest_start(games: list[dict[str, Any]]) -> float | None:
    """When the oldest kept game began (seconds since the epoch); None: nothing is kept."""
    starts = []
    for game in games:
        try:
            starts.append(datetime.fromisoformat(game["started"]).timestamp())
        except (TypeError, ValueError):
            return float("-inf")  # a start we cannot read: keep every unnamed photo
    return min(starts, default=None)


def _written_since(entry: os.DirEntry, since: float | None) -> bool:
    if since is None:
        return False
    try:
        return entry.stat().st_mtime >= since
    except OSError:
        return True  # cannot tell its age: keep it
