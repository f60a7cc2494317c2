"""What every blueprint reaches through ``table()``: the companion and the web's helpers."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from flask import current_app

if TYPE_CHECKING:
    from companion.service import Companion
    from web.attempts import Attempts
    from web.auth import PinGuard
    from web.events import Broadcaster
    from web.host_sessions import HostSessions
    from web.settings import Settings

Recogniser = Callable[[bytes, int, int | None], dict[str, Any]]
"""``recognise_photo(data, set_max, max_tiles)``: the photo's bytes, the set in play and the
most tiles a hand can hold in the game in play (None: not known)."""


@dataclass
class Table:
    companion: Companion
    settings: Settings
    broadcaster: Broadcaster
    guard: PinGuard
    recognise_photo: Recogniser
    attempts: Attempts
    host_sessions: HostSessions
    _encoded: tuple[object, bytes] = field(default=(None, b""), repr=False)

    def state_json(self) -> bytes:
        """The state as JSON, encoded once per change however many phones ask for it (the
        companion makes a new state object on every commit)."""
        state = self.companion.state()
        cached_state, encoded = self._encoded
        if cached_state is not state:
            encoded = json.dumps(state, separators=(",", ":")).encode()
            self._encoded = (state, encoded)  # one tuple: threads see old or new, whole
        return encoded


def table() -> Table:
    return current_app.extensions["train_companion"]
