"""The host's logins, kept on the companion so that logging out really ends one.

A session cookie is signed, so nobody can forge one, but a signed cookie alone stays good
until it expires: a copy taken before logging out would still be the host. So each login
gets a random id, the companion keeps the ids of the logins still open (with when they
expire) in the data directory, and a cookie is the host only while its id is kept. Logging
out drops the id. The file outlasts a restart, so a restart logs nobody out.
"""

from __future__ import annotations

import json
import logging
import secrets
import threading
import time
from collections.abc import Callable
from pathlib import Path

from web.files import write_atomically

log = logging.getLogger("train_companion.web")

MOST_OPEN_LOGINS = 32  # phones the host may be logged in on at once; the oldest go first


class HostSessions:
    def __init__(self, path: Path, lifetime: float, clock: Callable[[], float] = time.time) -> None:
        self.path = path
        self.lifetime = lifetime
        self._clock = clock
        self._lock = threading.Lock()
        self._open: dict[str, float] = self._load()

    def _load(self) -> dict[str, float]:
        try:
            kept = json.loads(self.path.read_bytes()[:65536])
        except FileNotFoundError:
            return {}
        except (OSError, ValueError) as error:
            log.warning("%s cannot be read (%s): the host logs in again", self.path, error)
            return {}
        if not isinstance(kept, dict):
            return {}
        return {
            str(k): float(v)
            for k, v in kept.items()
            if isinstance(v, int | float) and not isinstance(v, bool)
        }

    def _save(self) -> None:
        try:
            write_atomically(self.path, json.dumps(self._open).encode())
        except OSError as error:  # a full disk: logins still work until the next restart
            log.warning("cannot keep the host's logins in %s: %s", self.path, error)

    def open(self) -> str:
        """A new login's id."""
        login = secrets.token_urlsafe(18)
        with self._lock:
            now = self._clock()
            self._open = {k: v for k, v in self._open.items() if v > now}
            while len(self._open) >= MOST_OPEN_LOGINS:
                del self._open[min(self._open, key=self._open.get)]
            self._open[login] = now + self.lifetime
            self._save()
        return login

    def is_open(self, login: object) -> bool:
        if not isinstance(login, str):
            return False
        expires = self._open.get(login)
        return expires is not None and expires > self._clock()

    def close(self, login: object) -> None:
        with self._lock:
            if isinstance(login, str) and self._open.pop(login, None) is not None:
                self._save()
