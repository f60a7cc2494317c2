"""The host driver for the centerpiece: sounds out, button presses and knocks in, over USB serial.

Wire it: plug the Pico running hardware/firmware/main.py into any USB port of the Pi; the udev
rule systemd/99-centerpiece.rules names it /dev/centerpiece. Then::

    from hardware.centerpiece import Centerpiece

    with Centerpiece("/dev/centerpiece", on_button=print, on_knock=print) as centerpiece:
        centerpiece.wait_connected(3.0)
        centerpiece.play("whistle").wait(1.0)   # True once the centerpiece acked it
        print(centerpiece.health())

The driver owns the port on its own thread: callers never block (commands go through a
bounded queue), an unplugged centerpiece is reopened with backoff, and health() says how the
link is doing; wait_for(condition, timeout) waits for it to change. on_button(gesture) and
on_knock(sensor, strength) run on the driver's thread; hand them to your own queue. The
protocol is in docs/protocol.md.
"""

from __future__ import annotations

import contextlib
import logging
import os
import queue
import select
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

import serial

from companion.errors import CompanionError
from hardware import protocol as p
from hardware.link import Link, LinkLost, Outgoing, Receipt

log = logging.getLogger(__name__)

QUEUE_SIZE = 32
BACKOFF_FIRST_S = 0.05
BACKOFF_MAX_S = 1.0


class CenterpieceError(CompanionError):
    """Something about the centerpiece the user has to fix."""


class CenterpieceNotConnected(CenterpieceError):
    """No centerpiece answered on the port."""


class UnknownSound(CenterpieceError):
    """A sound name or number the centerpiece does not have."""


@dataclass(frozen=True)
class CenterpieceHealth:
    """A snapshot of the link. ``last_heartbeat_ack`` is seconds since the last one, or None."""

    port: str
    connected: bool
    firmware_version: str | None
    sounds: int | None
    last_heartbeat_ack: float | None
    frames_sent: int
    retransmitted: int
    dropped: int
    refused: int
    garbage: int
    reconnects: int
    problem: str | None


@dataclass
class _Stats:
    frames_sent: int = 0
    retransmitted: int = 0
    dropped: int = 0
    refused: int = 0
    garbage: int = 0
    reconnects: int = 0


ButtonCallback = Callable[[str], object]
KnockCallback = Callable[[int, int], object]


class Centerpiece:
    """The centerpiece on a serial port (``/dev/centerpiece`` or a /dev/serial/by-id path)."""

    def __init__(
        self,
        port: str,
        on_button: ButtonCallback | None = None,
        on_knock: KnockCallback | None = None,
        *,
        volume: int | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        """``clock`` (seconds, as time.monotonic) times the heartbeats, retransmissions and
        waits for the hub: the tests give one they can move on past the hub's timeouts."""
        if volume is not None and not 0 <= volume <= 100:
            raise CenterpieceError(f"centerpiece volume {volume} is out of range: use 0-100")
        self.port = str(port)
        self.on_button = on_button
        self.on_knock = on_knock
        self._volume = volume
        self._clock = clock
        self._lock = threading.Lock()
        self._changed = threading.Condition()  # never taken while holding _lock
        self._stats = _Stats()
        self._commands: queue.Queue[Outgoing] = queue.Queue(maxsize=QUEUE_SIZE)
        self._closing = threading.Event()
        self._connected = threading.Event()
        self._serial: serial.Serial | None = None
        self._link: Link | None = None
        self._firmware: str | None = None
        self._sounds: int | None = None
        self._last_heartbeat_ack: float | None = None
        self._problem: str | None = "not opened yet"
        self._ever_connected = False
        self._last_loss: str | None = None
        self._last_warned: str | None = None
        self._wake_r = self._wake_w = -1
        self._thread: threading.Thread | None = None
        try:
            self._wake_r, self._wake_w = os.pipe()
            os.set_blocking(self._wake_r, False)
            os.set_blocking(self._wake_w, False)
            self._thread = threading.Thread(
                target=self._run, name=f"centerpiece {self.port}", daemon=True
            )
            self._thread.start()
        except BaseException:
            self.close()
            raise

    # --- what the service calls ------------------------------------------------------------

    def play(self, sound: str | int, repeat: int = 1) -> Receipt:
        """Play a sound by name ("whistle") or number; ``repeat`` 0 plays it until stop()."""
        try:
            number = p.sound_number(sound)
        except ValueError as error:
            raise UnknownSound(str(error)) from None
        if not 0 <= repeat <= 255:
            raise CenterpieceError(f"repeat {repeat} is out of range: use 0-255 (0 = until stop)")
        return self._submit(p.PLAY, bytes([number, repeat]), f"play {p.SOUNDS[number]}")

    def stop(self) -> Receipt:
        """Stop any sound now."""
        return self._submit(p.STOP, b"", "stop")

    def volume(self, percent: int) -> Receipt:
        """Set the sounder's volume, 0-100; it is sent again after the centerpiece resets."""
        if not 0 <= percent <= 100:
            raise CenterpieceError(f"centerpiece volume {percent} is out of range: use 0-100")
        self._volume = percent
        return self._submit(p.VOLUME, bytes([percent]), f"volume {percent}")

    def health(self) -> CenterpieceHealth:
        with self._lock:
            last = self._last_heartbeat_ack
            stats = self._stats
            return CenterpieceHealth(
                port=self.port,
                connected=self._connected.is_set(),
                firmware_version=self._firmware,
                sounds=self._sounds,
                last_heartbeat_ack=None if last is None else self._clock() - last,
                frames_sent=stats.frames_sent,
                retransmitted=stats.retransmitted,
                dropped=stats.dropped,
                refused=stats.refused,
                garbage=stats.garbage,
                reconnects=stats.reconnects,
                problem=self._problem,
            )

    @property
    def connected(self) -> bool:
        return self._connected.is_set()

    def wait_for(self, condition: Callable[[], object], timeout: float) -> bool:
        """Wait until ``condition()`` holds, asked again each time the driver's state changes
        (connected or lost, a heartbeat acked, a new problem or count in health(), a button
        or knock handed to the callbacks); False if ``timeout`` seconds pass first."""
        with self._changed:
            return bool(self._changed.wait_for(condition, timeout))

    def wait_connected(self, timeout: float) -> None:
        """Block until the centerpiece said HELLO; raise CenterpieceNotConnected after timeout."""
        if not self._connected.wait(timeout):
            with self._lock:
                problem = self._problem or "it did not say hello"
            raise CenterpieceNotConnected(
                f"no centerpiece on {self.port} after {timeout:g} s: {problem}"
            )

    def close(self) -> None:
        """Stop the driver thread and release the port. Safe to call twice."""
        self._closing.set()
        self._wake()
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(timeout=3.0)
        self._close_port()
        self._fail_queued("closed")
        for fd in (self._wake_r, self._wake_w):
            if fd >= 0:
                os.close(fd)
        self._wake_r = self._wake_w = -1

    def __enter__(self) -> Centerpiece:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    # --- the caller's side of the queue ----------------------------------------------------

    def _submit(self, kind: int, body: bytes, what: str) -> Receipt:
        receipt = Receipt(what)
        if self._closing.is_set():
            receipt.settle("closed")
        elif not self._connected.is_set():
            self._count("dropped")
            receipt.settle("not connected")
        else:
            try:
                self._commands.put_nowait(Outgoing(kind, body, receipt))
            except queue.Full:
                self._count("dropped")
                receipt.settle("queue full")
            else:
                self._wake()
        return receipt

    def _wake(self) -> None:
        if self._wake_w >= 0:
            with contextlib.suppress(OSError):  # already awake, or closing
                os.write(self._wake_w, b"!")

    def _count(self, name: str, amount: int = 1) -> None:
        with self._lock:
            setattr(self._stats, name, getattr(self._stats, name) + amount)
        self._tell_waiters()

    def _tell_waiters(self) -> None:
        """The driver's state changed: wait_for() asks its condition again."""
        with self._changed:
            self._changed.notify_all()

    def _set_problem(self, problem: str | None, *, warn: bool = True) -> None:
        with self._lock:
            self._problem = problem
        self._tell_waiters()
        if problem is None:
            self._last_warned = None
        elif warn and problem != self._last_warned:  # once, not on every retry
            self._last_warned = problem
            log.warning("centerpiece: %s", problem)

    # --- the driver thread -----------------------------------------------------------------

    def _run(self) -> None:
        backoff = BACKOFF_FIRST_S
        while not self._closing.is_set():
            if self._serial is None:
                if not self._open():
                    self._closing.wait(backoff)
                    backoff = min(backoff * 2, BACKOFF_MAX_S)
                    continue
                backoff = BACKOFF_FIRST_S
            try:
                self._serve()
            except (LinkLost, serial.SerialException, OSError) as error:
                self._lost(str(error) or type(error).__name__)
            except Exception:  # never let the driver thread die
                log.exception("centerpiece driver error")
                self._lost("internal error in the centerpiece driver (see the log)")

    def _open(self) -> bool:
        try:
            port = serial.Serial(
                self.port, baudrate=115200, timeout=0, write_timeout=0.5, exclusive=True
            )
        except (serial.SerialException, OSError, ValueError) as error:
            self._set_problem(self._describe_open_error(error))
            return False
        self._fail_queued("lost the centerpiece")
        self._serial = port
        self._link = Link(port, self._commands, _LinkEvents(self), self.port, self._clock)
        if self._last_loss is None:
            self._set_problem("waiting for HELLO", warn=False)
        return True

    def _describe_open_error(self, error: Exception) -> str:
        if not os.path.exists(self.port):
            return (
                f"no such port {self.port}: plug the centerpiece in, "
                "or set centerpiece.port in the config"
            )
        text = str(error)
        if "lock" in text.lower():
            return f"{self.port} is in use by another program (is the service already running?)"
        if "ermission" in text:
            return f"no permission to open {self.port} (add the user to the dialout group)"
        return f"cannot open {self.port}: {text}"

    def _serve(self) -> None:
        port, link = self._serial, self._link
        assert port is not None and link is not None
        fd = port.fileno()
        while not self._closing.is_set():
            now = self._clock()
            timeout = max(0.0, min(link.next_deadline(now) - now, 0.25))
            readable, _, _ = select.select([fd, self._wake_r], [], [], timeout)
            if self._wake_r in readable:
                with contextlib.suppress(BlockingIOError):
                    os.read(self._wake_r, 4096)
            if fd in readable:
                link.received(port.read(4096))
            link.tick(self._clock())

    def _lost(self, problem: str) -> None:
        self._connected.clear()
        self._close_port()
        self._fail_queued("lost the centerpiece")
        if not self._closing.is_set():
            self._last_loss = problem
            self._set_problem(problem)
        self._tell_waiters()

    def _close_port(self) -> None:
        port, self._serial = self._serial, None
        link, self._link = self._link, None
        if link is not None:
            link.abandon("lost the centerpiece")
        if port is not None:
            with contextlib.suppress(serial.SerialException, OSError):
                port.close()

    def _fail_queued(self, outcome: str) -> None:
        while True:
            try:
                item = self._commands.get_nowait()
            except queue.Empty:
                return
            item.receipt.settle(outcome)

    def _greeted(self, firmware: str, sounds: int) -> None:
        self._last_loss = None
        with self._lock:
            self._firmware = firmware
            self._sounds = sounds
            self._problem = None
            if self._ever_connected and not self._connected.is_set():
                self._stats.reconnects += 1
            self._ever_connected = True
        self._last_warned = None
        self._connected.set()
        self._tell_waiters()
        log.info("centerpiece on %s: %s, %d sounds", self.port, firmware, sounds)
        if self._volume is not None:  # the hub forgets its volume when it resets
            try:
                self._commands.put_nowait(
                    Outgoing(p.VOLUME, bytes([self._volume]), Receipt("volume"))
                )
            except queue.Full:
                self._count("dropped")

    def _heartbeat_acked(self) -> None:
        with self._lock:
            self._last_heartbeat_ack = self._clock()
        self._tell_waiters()

    def _call(self, callback: Callable[..., object] | None, *args: object) -> None:
        if callback is None:
            return
        try:
            callback(*args)
        except Exception:
            log.exception("centerpiece callback %r failed", callback)
        self._tell_waiters()


class _LinkEvents:
    """What the link tells the driver (a LinkListener), on the driver thread."""

    def __init__(self, driver: Centerpiece) -> None:
        self.driver = driver

    def count(self, name: str) -> None:
        self.driver._count(name)

    def problem(self, text: str) -> None:
        self.driver._set_problem(text)

    def hello(self, firmware: str, sounds: int) -> None:
        self.driver._greeted(firmware, sounds)

    def heartbeat_acked(self) -> None:
        self.driver._heartbeat_acked()

    def button(self, gesture: str) -> None:
        self.driver._call(self.driver.on_button, gesture)

    def knock(self, sensor: int, strength: int) -> None:
        self.driver._call(self.driver.on_knock, sensor, strength)
