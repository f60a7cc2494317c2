"""Helpers for the hardware tests: a raw end of the serial line."""

from __future__ import annotations

import os
import select
import time
from collections.abc import Callable

from hardware import protocol as p


class Wire:
    """One end of the serial line, spoken by hand with hardware.protocol: the tests' probe."""

    def __init__(self, fd: int) -> None:
        self.fd = fd
        self.reader = p.FrameReader()
        self.pending: list[p.Frame] = []
        self.garbage: list[bytes] = []

    @classmethod
    def open(cls, path: str) -> Wire:
        import tty

        fd = os.open(path, os.O_RDWR | os.O_NOCTTY)
        tty.setraw(fd)
        return cls(fd)

    def send(self, frame: p.Frame) -> bytes:
        data = p.encode_frame(frame)
        self.write(data)
        return data

    def write(self, data: bytes) -> None:
        view = memoryview(data)
        while view:
            _, writable, _ = select.select([], [self.fd], [], 2.0)
            if not writable:
                raise TimeoutError("the other side stopped reading")
            written = os.write(self.fd, view)
            view = view[written:]

    def _pump(self, timeout: float) -> None:
        readable, _, _ = select.select([self.fd], [], [], max(0.0, timeout))
        if readable:
            data = os.read(self.fd, 4096)
            for encoded in self.reader.feed(data):
                try:
                    self.pending.append(p.decode_frame(encoded))
                except p.FrameError:
                    self.garbage.append(encoded)

    def receive(self, timeout: float = 1.0, want: Callable[[p.Frame], bool] | None = None):
        """The next frame (matching ``want``), or None after ``timeout``."""
        deadline = time.monotonic() + timeout
        while True:
            for index, frame in enumerate(self.pending):
                if want is None or want(frame):
                    return self.pending.pop(index)
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return None
            self._pump(remaining)

    def drain(self, seconds: float = 0.05) -> list[p.Frame]:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            self._pump(deadline - time.monotonic())
        frames, self.pending = self.pending, []
        return frames

    def close(self) -> None:
        if self.fd >= 0:
            os.close(self.fd)
            self.fd = -1


class HostProbe(Wire):
    """Plays the host against the firmware: numbers its frames and acks the hub's."""

    def __init__(self, fd: int) -> None:
        super().__init__(fd)
        self.seq = 0

    def next_seq(self) -> int:
        seq = self.seq
        self.seq = (self.seq + 1) & 0xFF
        return seq

    def command(self, kind: int, body: bytes = b"") -> p.Frame | None:
        """Send one frame and return the hub's answer to it (ACK or NAK), acking hub frames."""
        seq = self.next_seq()
        self.send(p.Frame(seq, kind, body))
        return self.answer(seq)

    def answer(self, seq: int, timeout: float = 1.0) -> p.Frame | None:
        return self.receive(
            timeout, lambda f: f.type in (p.ACK, p.NAK) and f.body[:1] == bytes([seq])
        )

    def start_session(self) -> p.Frame:
        """HEARTBEAT until the hub says HELLO; ack every HELLO (the boot one may still be
        retransmitting) and return the last."""
        assert self.command(p.HEARTBEAT) is not None, "the hub did not ack a heartbeat"
        hello = self.receive(1.0, lambda f: f.type == p.HELLO)
        assert hello is not None, "the hub did not say HELLO"
        while hello is not None:
            self.send(p.ack(hello.seq))
            last, hello = hello, self.receive(0.15, lambda f: f.type == p.HELLO)
        self.pending.clear()
        return last
