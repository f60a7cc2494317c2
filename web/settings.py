"""What the web score pad reads from the configuration, with its defaults."""

from __future__ import annotations

import os
import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.errors import ConfigError

PIN_VARIABLE = "TRAIN_COMPANION_PIN"
MEGABYTE = 1024 * 1024


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
    log the host out. Made on first use, readable by the service user only."""
    path = data_dir / "web-secret"
    try:
        return path.read_text().strip()
    except FileNotFoundError:
        pass
    data_dir.mkdir(parents=True, exist_ok=True)
    secret = secrets.token_hex(32)
    try:
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:  # another process made it a moment ago
        return path.read_text().strip()
    with os.fdopen(descriptor, "w") as file:
        file.write(secret)
    return secret
