"""What the web score pad reads from the configuration, with its defaults."""

from __future__ import annotations

import logging
import os
import re
import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.errors import ConfigError
from web.files import write_atomically

log = logging.getLogger("train_companion.web")

PIN_VARIABLE = "TRAIN_COMPANION_PIN"
MEGABYTE = 1024 * 1024
SECRET_FORM = re.compile(rb"[0-9a-f]{64}")


@dataclass(frozen=True)
class Settings:
    pin: str | None
    secret_key: str
    data_dir: Path
    public_url: str | None = None
    keepalive_seconds: float = 15.0
    lockout_seconds: float = 300.0
    wrong_pins_allowed: int = 5
    max_photo_bytes: int = 20 * MEGABYTE
    max_live_phones: int = 250
    tile_set: int = 12  # the set in play (double-N), as for the camera

    @classmethod
    def load(cls, config: Mapping[str, Any] | None, default_data_dir: Path) -> Settings:
        config = dict(config or {})
        data_dir = Path(config.get("data_dir") or default_data_dir)
        pin = config.get("pin") or os.environ.get(PIN_VARIABLE) or None
        if pin is not None:
            pin = str(pin).strip()
            if len(pin) < 4:
                raise ConfigError("pin: the host PIN needs at least 4 characters")
        secret = config.get("secret_key") or _stored_secret(data_dir)
        return cls(
            pin=pin,
            secret_key=str(secret),
            data_dir=data_dir,
            public_url=config.get("public_url"),
            keepalive_seconds=_number(config, "keepalive_seconds", 15.0),
            lockout_seconds=_number(config, "lockout_seconds", 300.0),
            wrong_pins_allowed=int(_number(config, "wrong_pins_allowed", 5)),
            max_photo_bytes=int(_number(config, "max_photo_mb", 20) * MEGABYTE),
            max_live_phones=int(_number(config, "max_live_phones", 250)),
            tile_set=int(_number(config, "tile_set", 12)),
        )

    @property
    def photo_dir(self) -> Path:
        return self.data_dir / "photos"


def _number(config: Mapping[str, Any], key: str, default: float) -> float:
    value = config.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int | float) or value < 0:
        raise ConfigError(f"{key}: expected a number of at least 0, not {value!r}")
    return float(value)


def _stored_secret(data_dir: Path) -> str:
    """The key that signs session cookies, kept in the data directory so a restart does not
    log the host out. Made on first use (and when the file is empty or damaged), written
    atomically and readable by the service user only. If it cannot be written (a full or
    read-only card) the key lives in memory: hosts log in again after a restart."""
    path = data_dir / "web-secret"
    try:
        kept = path.read_bytes()[:1024].strip()
    except FileNotFoundError:
        kept = None
    except OSError as error:
        raise ConfigError(f"cannot read {path}: {error.strerror}") from None
    if kept is not None and SECRET_FORM.fullmatch(kept):
        return kept.decode()
    secret = secrets.token_hex(32)
    if kept is not None:
        log.warning("%s is empty or damaged: made a new one (hosts log in again)", path)
    try:
        write_atomically(path, secret.encode())
    except OSError as error:
        log.warning("cannot keep %s (%s): hosts log in again after a restart", path, error)
    return secret
