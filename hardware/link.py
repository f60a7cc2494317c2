"""One opened centerpiece port, spoken to as docs/protocol.md says.

A ``Link`` lives from opening the port until it is lost: it numbers the host's frames, keeps
one frame in flight and retransmits it, sends a heartbeat every second, waits for HELLO,
answers every frame from the hub with ACK or NAK, and passes what the hub says to a
``LinkListener`` (the Centerpiece driver). It runs on the driver's thread only.
"""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from hardware import protocol as p

# A board that just reset is still starting its firmware, which cannot yet ignore Ctrl-C
# (0x03) on its USB port: give it a moment, in which it usually says HELLO unasked.
FIRST_HEARTBEAT_S = 0.3
HELLO_PATIENCE_S = 2.0  # then stay quiet so a stale session on the hub ends
QUIET_S = p.SILENCE_AFTER_S + 0.5


class Receipt:
    """What became of one command. ``wait(timeout)`` is True once the centerpiece acked it.

    ``outcome`` is None while under way, then one of "acked", "refused" (NAK), "dropped" (no
    ACK after 3 retransmissions), "not connected", "queue full", "lost the centerpiece" or
    "closed".
    """

    def __init__(self, what: str) -> None:
        self.what = what
        self.outcome: str | None = None
        self._done = threading.Event()

    def settle(self, outcome: str) -> None:
        if self.outcome is None:
            self.outcome = outcome
            self._done.set()

    def wait(self, timeout: float | None = None) -> bool:
        self._done.wait(timeout)
        return self.outcome == "acked"

    @property
    def acked(self) -> bool:
        return self.outcome == "acked"

    def __repr__(self) -> str:
        return f"Receipt({self.what!r}, outcome={self.outcome!r})"


@dataclass
class Outgoing:
    """A frame waiting to go, or in flight."""

    type: int
    body: bytes
    receipt: Receipt
    seq: int = -1
    data: bytes = b""
    sends: int = 0
    sent_at: float = 0.0


class LinkLost(Exception):
    """The hub stopped answering; the driver closes the port and opens it again."""


class Port(Protocol):
    def write(self, data: bytes) -> int | None: ...


class LinkListener(Protocol):
    def count(self, name: str) -> None: ...
    def problem(self, text: str) -> None: ...
    def hello(self, firmware: str, sounds: int) -> None: ...
    def heartbeat_acked(self) -> None: ...
    def button(self, gesture: str) -> None: ...
    def knock(self, sensor: int, strength: int) -> None: ...


class Link:
    def __init__(
        self,
        port: Port,
        commands: queue.Queue[Outgoing],
        listener: LinkListener,
        name: str,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._clock = clock
        now = clock()
        self.port = port
        self.commands = commands
        self.listener = listener
        self.name = name
        self.greeted = False  # HELLO received since the port was opened
        self._hello: tuple[str, int] = ("", 0)
        self.in_flight: Outgoing | None = None
        self._reader = p.FrameReader()
        self._tx_seq = 0
        self._last_hub_seq: int | None = None
        self._heartbeat_due = now + FIRST_HEARTBEAT_S
        self._heartbeat_pending = False
        self._opened_at = now
        self._quiet_until = 0.0
        self._went_quiet = False
        self._heartbeat_acked = False

    @property
    def ready(self) -> bool:
        """The hub said HELLO and acked a heartbeat, so it is in a session with us: it acts
        on commands and sends its button presses and knocks."""
        return self.greeted and self._heartbeat_acked

    def next_deadline(self, now: float) -> float:
        deadline = max(self._heartbeat_due, self._quiet_until)
        if self.in_flight is not None:
            deadline = min(deadline, self.in_flight.sent_at + p.RETRY_INTERVAL_S)
        return deadline

    def received(self, data: bytes) -> None:
        for encoded in self._reader.feed(data):
            self._receive(encoded)

    def tick(self, now: float) -> None:
        """Heartbeats, retransmission and the next frame out; raises LinkLost."""
        if (
            not self.greeted
            and not self._went_quiet
            and self._heartbeat_acked
            and now - self._opened_at > HELLO_PATIENCE_S
        ):
            # The hub answers but will not say hello: it is still in a session with a host
            # that went away. Say nothing until that session ends (docs/protocol.md).
            self._went_quiet = True
            self._quiet_until = now + QUIET_S
            self.listener.problem("the centerpiece is busy with an old session; waiting for it")
        if now >= self._heartbeat_due and now >= self._quiet_until:
            self._heartbeat_pending = True
            self._heartbeat_due = now + p.HEARTBEAT_INTERVAL_S
        flight = self.in_flight
        if flight is not None and now - flight.sent_at >= p.RETRY_INTERVAL_S:
            if flight.sends > p.RETRANSMISSIONS:
                self._give_up(flight, "dropped")
            else:
                self.listener.count("retransmitted")
                self._transmit(flight, now)
        if self.in_flight is None:
            self._send_next(now)

    def abandon(self, outcome: str) -> None:
        flight, self.in_flight = self.in_flight, None
        if flight is not None:
            flight.receipt.settle(outcome)

    def _send_next(self, now: float) -> None:
        if self._heartbeat_pending:
            self._heartbeat_pending = False
            item = Outgoing(p.HEARTBEAT, b"", Receipt("heartbeat"))
        elif self.ready:
            try:
                item = self.commands.get_nowait()
            except queue.Empty:
                return
        else:
            return
        item.seq = self._tx_seq
        self._tx_seq = (self._tx_seq + 1) & 0xFF
        item.data = p.encode_frame(p.Frame(item.seq, item.type, item.body))
        self.in_flight = item
        self._transmit(item, now)

    def _transmit(self, item: Outgoing, now: float) -> None:
        item.sends += 1
        item.sent_at = now
        self._write(item.data)

    def _write(self, data: bytes) -> None:
        self.port.write(data)
        self.listener.count("frames_sent")

    def _give_up(self, item: Outgoing, outcome: str) -> None:
        self.in_flight = None
        self.listener.count("dropped" if outcome == "dropped" else "refused")
        item.receipt.settle(outcome)
        if item.type == p.HEARTBEAT and outcome == "dropped":
            if self.greeted:
                raise LinkLost(f"the centerpiece on {self.name} stopped answering")
            raise LinkLost(
                f"nothing on {self.name} answers the centerpiece protocol: is it the Pico, "
                "running hardware/firmware/main.py?"
            )

    def _receive(self, encoded: bytes) -> None:
        try:
            frame = p.decode_frame(encoded)
        except p.FrameError as error:
            self.listener.count("garbage")
            if error.seq is not None:
                self._write(p.encode_frame(p.nak(error.seq, p.BAD_CRC)))
            return
        if frame.type in (p.ACK, p.NAK):
            self._answer(frame)
            return
        reason = check_hub_frame(frame)
        if reason:
            self.listener.count("garbage")
            if frame.type == p.HELLO and reason == p.OUT_OF_RANGE:
                self.listener.problem(
                    f"the centerpiece speaks protocol version {frame.body[0]}, this program "
                    f"speaks {p.PROTOCOL_VERSION}: copy hardware/firmware/main.py to the Pico"
                )
            self._write(p.encode_frame(p.nak(frame.seq, reason)))
            return
        self._write(p.encode_frame(p.ack(frame.seq)))
        if frame.type == p.HELLO:  # always acted on: the hub may have reset
            self._last_hub_seq = frame.seq
            self.greeted = True
            self._hello = (frame.body[2:].decode("utf-8", errors="replace"), frame.body[1])
            # A heartbeat now puts a hub that has just reset into its session at once.
            self._heartbeat_due = self._quiet_until = 0.0
            if self.ready:
                self.listener.hello(*self._hello)
            return
        if frame.seq == self._last_hub_seq:
            return  # a retransmission: its ACK was lost; acked again, not acted on twice
        self._last_hub_seq = frame.seq
        if frame.type == p.BUTTON:
            self.listener.button(p.BUTTON_GESTURES[frame.body[0]])
        elif frame.type == p.KNOCK:
            self.listener.knock(frame.body[0], (frame.body[1] << 8) | frame.body[2])

    def _answer(self, frame: p.Frame) -> None:
        flight = self.in_flight
        if flight is None or not frame.body or frame.body[0] != flight.seq:
            return
        if frame.type == p.ACK and len(frame.body) == 1:
            self.in_flight = None
            if flight.type == p.HEARTBEAT:
                was_ready = self.ready
                self._heartbeat_acked = True
                self.listener.heartbeat_acked()
                if self.ready and not was_ready:
                    self.listener.hello(*self._hello)
            flight.receipt.settle("acked")
        elif frame.type == p.NAK and len(frame.body) == 2:
            if frame.body[1] == p.BAD_CRC and flight.sends <= p.RETRANSMISSIONS:
                self.listener.count("retransmitted")
                self._transmit(flight, self._clock())
            else:
                self._give_up(flight, "refused")


def check_hub_frame(frame: p.Frame) -> int:
    """The NAK reason for a frame the hub may not send us like this, or 0 if it is fine."""
    body = frame.body
    if frame.type == p.HELLO:
        if len(body) < 2:
            return p.BAD_LENGTH
        return 0 if body[0] == p.PROTOCOL_VERSION else p.OUT_OF_RANGE
    if frame.type == p.BUTTON:
        if len(body) != 1:
            return p.BAD_LENGTH
        return 0 if body[0] in p.BUTTON_GESTURES else p.OUT_OF_RANGE
    if frame.type == p.KNOCK:
        return 0 if len(body) == 3 else p.BAD_LENGTH
    return p.UNKNOWN_TYPE
