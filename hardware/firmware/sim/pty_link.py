"""The serial link of the simulated centerpiece: the master side of a pseudo-terminal.

On the Pico the firmware reads USB serial through ``UsbLink``; under CPython it gets this
object instead. Writes never block: like a USB port nobody reads, bytes the host does not
take are lost.
"""

from __future__ import annotations

import os
import select


class PtyLink:
    def __init__(self, fd: int) -> None:
        self.fd = fd
        os.set_blocking(fd, False)
        self.lost_bytes = 0
        self.frames_to_lose = 0  # a noisy cable: the next frames the board sends vanish

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
        if self.frames_to_lose > 0:  # the firmware writes one whole frame per call
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
