"""The one configuration file (TOML), checked at start with messages that name the key.

Everything has a default, so no file at all is a working configuration. The tables
``[seats]`` and ``[centerpiece]`` belong to the hardware and are checked there; the PIN may
also come from the environment variable ``TRAIN_COMPANION_PIN``.

    data_dir = "/var/lib/train-companion"
    pin = "2468"

    [web]
    host = "0.0.0.0"
    port = 8080

    [camera]
    source = "auto"        # auto, picamera2, v4l2, v4l2:1, a folder or file of photos, none
    set = 12               # the highest double in play
    mat_size_mm = [600, 400]   # the scoring zone, from `train-companion calibrate`

    [sounds]               # what the centerpiece plays, by what happened
    turn = "clickety-clack"
    last_tile = "crossing-bells"
    round_won = "whistle"
    game_start = ["whistle", "chugging"]

    [photos]
    keep_finished_games = 10   # hand photos kept: the game in play's and this many finished
"""

from __future__ import annotations

import os
import stat
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.errors import ConfigError

SOUNDS = ("whistle", "chugging", "clickety-clack", "crossing-bells", "rooster")
SOUND_EVENTS = ("turn", "last_tile", "round_won", "game_start", "game_won")
DEFAULT_SOUNDS = {
    "turn": ["clickety-clack"],
    "last_tile": ["crossing-bells"],
    "round_won": ["whistle"],
    "game_start": ["whistle", "chugging"],
    "game_won": ["rooster"],
}
DEFAULT_DATA_DIR = "~/.local/share/train-companion"
DEFAULT_MAT_SIZE_MM = (600.0, 400.0)  # the scoring zone inside the mat's markers
DEFAULT_KEEP_FINISHED_GAMES = 10  # a 13-round game of 4 is some 10-20 MB of photos
PIN_VARIABLE = "TRAIN_COMPANION_PIN"
MAX_CONFIG_BYTES = 1024 * 1024


@dataclass(frozen=True)
class Config:
    data_dir: Path = Path(DEFAULT_DATA_DIR).expanduser()
    pin: str | None = None
    host: str = "0.0.0.0"
    port: int = 8080
    camera: str = "auto"
    camera_set: int = 12
    mat_corners: list[list[float]] | None = None
    mat_size_mm: tuple[float, float] = DEFAULT_MAT_SIZE_MM
    sounds: dict[str, list[str]] = field(default_factory=lambda: dict(DEFAULT_SOUNDS))
    seats: dict[str, Any] = field(default_factory=dict)
    centerpiece: dict[str, Any] = field(default_factory=dict)
    keep_finished_games: int = DEFAULT_KEEP_FINISHED_GAMES  # whose hand photos stay
    source: str = "built-in defaults"


def load_config(path: str | Path | None = None, environ: dict[str, str] | None = None) -> Config:
    """Read and check the file at ``path`` (None: the defaults)."""
    environ = os.environ if environ is None else environ
    raw: dict[str, Any] = {}
    source = "built-in defaults"
    if path is not None:
        path = Path(path)
        source = str(path)
        text = read_config_text(path)
        try:
            raw = tomllib.loads(text)
        except tomllib.TOMLDecodeError as error:
            raise ConfigError(f"{path} is not valid TOML: {error}") from None
        except RecursionError:
            raise ConfigError(f"{path}: its arrays or tables are nested too deeply") from None
    return _build(raw, environ, source)


def read_config_text(path: Path) -> str:
    """The text of a config file: a regular file of at most 1 MB in UTF-8. A FIFO, a device
    (/dev/zero) or a directory is refused at once, before a byte is read, so a wrong path
    never hangs the service or fills its memory."""
    try:
        descriptor = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY)
    except FileNotFoundError:
        raise ConfigError(f"no config file at {path}") from None
    except OSError as error:
        raise ConfigError(f"cannot read the config file {path}: {error.strerror}") from None
    kind = os.fstat(descriptor).st_mode
    if not stat.S_ISREG(kind):
        os.close(descriptor)
        if stat.S_ISDIR(kind):
            raise ConfigError(f"{path} is a directory, not a config file")
        raise ConfigError(f"{path} is not a regular file (a FIFO or a device?)")
    with os.fdopen(descriptor, "rb") as file:
        try:
            data = file.read(MAX_CONFIG_BYTES + 1)
        except OSError as error:
            raise ConfigError(f"cannot read the config file {path}: {error.strerror}") from None
    if len(data) > MAX_CONFIG_BYTES:
        raise ConfigError(f"{path} is too large for a config file (over 1 MB)")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise ConfigError(
            f"{path} is not UTF-8 text (byte {error.start}); save it as UTF-8"
        ) from None


def _build(raw: dict[str, Any], environ, source: str) -> Config:
    where = source if source != "built-in defaults" else "config"
    check = _Checker(where)
    known = {"data_dir", "pin", "web", "camera", "sounds", "seats", "centerpiece", "photos"}
    check.known(raw, known, "")
    web = check.table(raw, "web")
    camera = check.table(raw, "camera")
    sounds_raw = check.table(raw, "sounds")
    photos = check.table(raw, "photos")
    check.known(web, {"host", "port"}, "web.")
    check.known(photos, {"keep_finished_games"}, "photos.")
    check.known(camera, {"source", "set", "mat_corners", "mat_size_mm"}, "camera.")
    check.known(sounds_raw, set(SOUND_EVENTS), "sounds.")

    port = web.get("port", 8080)
    if isinstance(port, bool) or not isinstance(port, int) or not 1 <= port <= 65535:
        check.fail("web.port", f"must be a whole number from 1 to 65535, not {port!r}")
    host = check.text(web, "host", "0.0.0.0", "web.")
    camera_set = camera.get("set", 12)
    if isinstance(camera_set, bool) or camera_set not in (6, 9, 12, 15, 18):
        check.fail("camera.set", f"must be 6, 9, 12, 15 or 18, not {camera_set!r}")
    keep = photos.get("keep_finished_games", DEFAULT_KEEP_FINISHED_GAMES)
    if isinstance(keep, bool) or not isinstance(keep, int) or keep < 0:
        check.fail("photos.keep_finished_games", f"must be a whole number, 0 or more, not {keep!r}")
    corners = camera.get("mat_corners")
    if corners is not None and not _is_corners(corners):
        check.fail("camera.mat_corners", "must be four [x, y] points in image pixels")
    mat_size = camera.get("mat_size_mm", list(DEFAULT_MAT_SIZE_MM))
    if not (
        isinstance(mat_size, list)
        and len(mat_size) == 2
        and all(isinstance(v, int | float) and not isinstance(v, bool) for v in mat_size)
        and all(50 <= v <= 2000 for v in mat_size)
    ):
        check.fail(
            "camera.mat_size_mm", f"must be [width, height] in mm, 50-2000, not {mat_size!r}"
        )

    sounds = dict(DEFAULT_SOUNDS)
    for event, value in sounds_raw.items():
        names = [value] if isinstance(value, str) else value
        if not isinstance(names, list) or any(n not in SOUNDS for n in names):
            check.fail(
                f"sounds.{event}", f"must name sounds from {', '.join(SOUNDS)}, not {value!r}"
            )
        sounds[event] = list(names)

    pin = environ.get(PIN_VARIABLE) or raw.get("pin")
    if pin is not None:
        pin = str(pin)
        if not pin.isdigit() or not 4 <= len(pin) <= 12:
            check.fail("pin", "must be 4 to 12 digits")
    data_dir = Path(check.text(raw, "data_dir", DEFAULT_DATA_DIR, "")).expanduser()
    return Config(
        data_dir=data_dir,
        pin=pin,
        host=host,
        port=port,
        camera=check.text(camera, "source", "auto", "camera."),
        camera_set=camera_set,
        mat_corners=corners,
        mat_size_mm=(float(mat_size[0]), float(mat_size[1])),
        sounds=sounds,
        seats=check.table(raw, "seats"),
        centerpiece=check.table(raw, "centerpiece"),
        keep_finished_games=keep,
        source=source,
    )


def _is_corners(value: Any) -> bool:
    return (
        isinstance(value, list)
        and len(value) == 4
        and all(
            isinstance(p, list) and len(p) == 2 and all(isinstance(v, int | float) for v in p)
            for p in value
        )
    )


class _Checker:
    def __init__(self, where: str) -> None:
        self.where = where

    def fail(self, key: str, problem: str) -> None:
        raise ConfigError(f"{self.where}: {key} {problem}")

    def known(self, table: dict[str, Any], keys: set[str], prefix: str) -> None:
        for key in table:
            if key not in keys:
                self.fail(f"{prefix}{key}", f"is not a setting; known: {', '.join(sorted(keys))}")

    def table(self, raw: dict[str, Any], key: str) -> dict[str, Any]:
        value = raw.get(key, {})
        if not isinstance(value, dict):
            self.fail(key, "must be a table, like [" + key + "]")
        return value

    def text(self, table: dict[str, Any], key: str, default: str, prefix: str) -> str:
        value = table.get(key, default)
        if not isinstance(value, str) or not value.strip():
            self.fail(f"{prefix}{key}", f"must be text, not {value!r}")
        return value
