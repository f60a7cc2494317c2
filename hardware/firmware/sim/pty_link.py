"""The serial link of the simulated centerpiece: the master side of a pseudo-terminal.

On the Pico the firmware reads USB serial through ``UsbLink``; under CPython it gets this
object instead. Writes never block: like a USB port nobody reads, bytes the host does not
take are lost.
"""

from __future__ import annotations

import os
import select

from hardware.protocol import FrameError, cobs_decode


class PtyLink:
    def __init__(self, fd: int) -> None:
        self.fd = fd
        os.set_blocking(fd, False)
        self.lost_bytes = 0
        # A noisy cable: the next frames the board sends (of one type, if given) vanish.
        self.frames_to_lose = 0
        self.lose_type: int | None = None

    def wait(self, seconds: float) -> None:
        """Sleep until the host sends something or ``seconds`` pass."""
        select.select([self.fd], [], [], seconds)

    def read(self) -> bytes:
        try:
            return os.read(self.fd, 256)
        except (BlockingIOError, InterruptedError):
            return b""
        except OSError:  # no host on the other side right now
            return b""

    def write(self, data: bytes) -> None:
        if self.frames_to_lose > 0 and self._doomed(bytes(data)):
            self.frames_to_lose -= 1
            self.lost_bytes += len(data)
            return
        try:
            written = os.write(self.fd, bytes(data))
        except (BlockingIOError, InterruptedError):
            written = 0
        except OSError:
            written = 0
        self.lost_bytes += len(data) - written

    def _doomed(self, frame: bytes) -> bool:
        """Is this frame (the firmware writes one whole frame per call) of the type to lose?"""
        if self.lose_type is None:
            return True
        try:
            payload = cobs_decode(frame[:-1])
        except FrameError:
            return False
        return len(payload) >= 2 and payload[1] == self.lose_type
