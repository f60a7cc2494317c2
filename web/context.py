"""What every blueprint reaches through ``table()``: the companion and the web's helpers."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from flask import current_app

if TYPE_CHECKING:
    from companion.service import Companion
    from web.auth import PinGuard
    from web.events import Broadcaster
    from web.settings import Settings

Recogniser = Callable[[bytes], dict[str, Any]]


@dataclass
class Table:
    companion: Companion
    settings: Settings
    broadcaster: Broadcaster
    guard: PinGuard
    recognise_photo: Recogniser


def table() -> Table:
    return current_app.extensions["train_companion"]
