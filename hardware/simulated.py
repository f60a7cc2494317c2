"""The simulated centerpiece: the real firmware (hardware/firmware/main.py) on a pseudo-terminal.

The firmware runs unchanged under CPython with the board simulation in
``hardware/firmware/sim`` (a fake ``machine`` module). Its serial port is the master side of a
pseudo-terminal; the host driver opens the other side by path, exactly as it opens a Pico::

    with SimulatedCenterpiece() as hub, Centerpiece(hub.port) as centerpiece:
        centerpiece.wait_connected(2.0)
        centerpiece.play("whistle")
        hub.press_button()          # the host's on_button callback hears "press"

Give ``link_path`` to put a symlink in front of the pty (like udev's /dev/centerpiece); a new
SimulatedCenterpiece on the same ``link_path`` is the centerpiece being plugged in again.
Give ``ticks_ms`` to run the board on another clock than the host's (milliseconds, like
MicroPython's ``time.ticks_ms``): the tests move it on past the board's 3 s timeouts.
"""

from __future__ import annotations

import contextlib
import importlib.util
import logging
import os
import select
import sys
import threading
import time
import tty
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

from companion.errors import CompanionError
from hardware.firmware.sim import machine as sim_machine
from hardware.firmware.sim.pty_link import PtyLink

log = logging.getLogger(__name__)

FIRMWARE_MAIN = Path(__file__).parent / "firmware" / "main.py"

_load_lock = threading.Lock()
_firmware: ModuleType | None = None


class SimulationError(CompanionError):
    """The simulated centerpiece could not start."""


def load_firmware() -> ModuleType:
    """Import firmware/main.py as a module, with the simulated board as its ``machine``."""
    global _firmware
    with _load_lock:
        if _firmware is None:
            spec = importlib.util.spec_from_file_location("centerpiece_firmware", FIRMWARE_MAIN)
            assert spec is not None and spec.loader is not None
            module = importlib.util.module_from_spec(spec)
            saved = sys.modules.get("machine")
            sys.modules["machine"] = sim_machine
            try:
                spec.loader.exec_module(module)
            finally:
                if saved is None:
                    sys.modules.pop("machine", None)
                else:
                    sys.modules["machine"] = saved
            _firmware = module
        return _firmware


class SimulatedCenterpiece:
    """A centerpiece in software: a Pico running our firmware behind a pseudo-terminal."""

    def __init__(
        self,
        link_path: str | os.PathLike[str] | None = None,
        ticks_ms: Callable[[], int] | None = None,
    ) -> None:
        self._master = self._slave = -1
        self._ticks = ticks_ms
        self._link_path = Path(link_path) if link_path is not None else None
        self._stop = threading.Event()
        self._stepped = threading.Condition()
        self._thread: threading.Thread | None = None
        try:
            self._master, self._slave = os.openpty()
            tty.setraw(self._slave)
            self.tty_path = os.ttyname(self._slave)
            if self._link_path is not None:
                temporary = self._link_path.with_name(self._link_path.name + ".new")
                temporary.unlink(missing_ok=True)
                temporary.symlink_to(self.tty_path)
                temporary.replace(self._link_path)
            self.port = str(self._link_path) if self._link_path is not None else self.tty_path
            self.link = PtyLink(self._master)
            self.hub = self._build_hub()
            self._thread = threading.Thread(
                target=self._run, name="simulated centerpiece", daemon=True
            )
            self._thread.start()
        except OSError as error:
            self.close()
            raise SimulationError(f"cannot start the simulated centerpiece: {error}") from error
        except BaseException:
            self.close()
            raise

    def _run(self) -> None:
        # The Pico's main loop is hub.run(): step, sleep 1 ms. Here the sleep also wakes early
        # when the host writes, so the simulation answers as fast as a real board.
        # A step runs under the lock wait_for() asks its question under, so the question
        # never sees a step half done.
        while not self._stop.is_set():
            with self._stepped:
                try:
                    self.hub.step()
                except Exception:  # what machine.reset() in Hub.run() does on the Pico
                    log.exception("simulated centerpiece: firmware error, resetting the board")
                    self.hub = self._build_hub()
                self._stepped.notify_all()
            self.link.wait(0.001)

    def _build_hub(self):
        firmware = load_firmware()
        return firmware.build_hub(self.link, self._ticks or firmware.ticks_ms)

    # --- the outside world acting on the board ---------------------------------------------

    def press_button(self, seconds: float = 0.1) -> None:
        """Press the round button for ``seconds`` (≥ 1 s is a hold). Blocks that long."""
        pin = self.hub.button.pin
        pin.drive(0)
        time.sleep(seconds)
        pin.drive(1)

    def knock(self, strength: int = 20000) -> None:
        """A tile knocked on the table: the piezo rings, swinging down and up, and dies away."""
        adc = self.hub.knock.adc
        rest = adc.resting
        adc.feed([rest - strength, rest + strength // 2, rest - strength // 4, rest])

    def lose_frames(self, count: int = 1, frame_type: int | None = None) -> None:
        """A noisy cable: the next ``count`` frames the board sends (only those of
        ``frame_type``, e.g. protocol.ACK, if given) never arrive."""
        self.link.lose_type = frame_type
        self.link.frames_to_lose = count

    @property
    def sounding(self) -> bool:
        """Is the sounder making a noise right now?"""
        return bool(self.hub.sounder.pwm.sounding)

    @property
    def playing(self) -> bool:
        """Is a melody under way (including its rests)?"""
        return self.hub.sounder.melody is not None

    @property
    def in_session(self) -> bool:
        return bool(self.hub.in_session)

    @property
    def heard_everything(self) -> bool:
        """Has the board read every byte the host has sent? (A host that has gone may leave
        its last heartbeat on the line, for the board to read later.)"""
        return not select.select([self._master], [], [], 0)[0]

    def wait_for(self, condition: Callable[[], object], timeout: float) -> bool:
        """Wait until ``condition()`` holds, asked again after each step of the board (a
        sound started, a melody over); False if ``timeout`` seconds pass first."""
        with self._stepped:
            return bool(self._stepped.wait_for(condition, timeout))

    # --- lifetime ---------------------------------------------------------------------------

    def close(self) -> None:
        """Pull the plug: the firmware stops and the pseudo-terminal goes away."""
        self._stop.set()
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(timeout=2.0)
        for name in ("_master", "_slave"):
            fd = getattr(self, name)
            if fd >= 0:
                with contextlib.suppress(OSError):
                    os.close(fd)
                setattr(self, name, -1)
        if self._link_path is not None:
            try:
                if os.readlink(self._link_path) == getattr(self, "tty_path", None):
                    self._link_path.unlink()
            except OSError:
                pass

    @property
    def closed(self) -> bool:
        return self._master < 0

    def __enter__(self) -> SimulatedCenterpiece:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()
