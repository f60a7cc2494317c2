"""Wrong tries (PINs, join codes) counted per client, with growing delays.

Each client (its network address) has a few free tries; after the last of them it must wait
before its next try: one second, then doubling with every further wrong try up to
``longest`` seconds. A right try clears its count. Only the client that guessed waits: a
guest typing wrong PINs never locks the host out on the host's own phone.
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

from web.errors import ApiError

REMEMBERED_CLIENTS = 4096  # the oldest are forgotten first: memory stays bounded


@dataclass
class _Record:
    failures: int = 0
    not_before: float = 0.0


class Attempts:
    def __init__(
        self,
        free_tries: int = 5,
        longest: float = 300.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.free_tries = free_tries
        self.longest = longest
        self._clock = clock
        self._clients: OrderedDict[str, _Record] = OrderedDict()
        self._lock = threading.Lock()

    def wait(self, client: str) -> float:
        """Seconds ``client`` must still wait before its next try (0: it may try now)."""
        with self._lock:
            record = self._clients.get(client)
            return 0.0 if record is None else max(0.0, record.not_before - self._clock())

    def check(self, client: str) -> None:
        """Return if ``client`` may try now; else a 429 saying how long to wait."""
        wait = self.wait(client)
        if wait > 0:
            seconds = int(wait) + (wait % 1 > 0)
            raise ApiError(
                429,
                f"too many wrong tries from this device: wait {seconds} s and try again",
                retry_after=seconds,
            )

    def free_left(self, client: str) -> int:
        """Wrong tries ``client`` may still make before it must wait."""
        with self._lock:
            record = self._clients.get(client)
            return max(0, self.free_tries - (record.failures if record else 0))

    def failed(self, client: str) -> None:
        with self._lock:
            record = self._clients.pop(client, None) or _Record()
            self._clients[client] = record  # the most recent at the end
            while len(self._clients) > REMEMBERED_CLIENTS:
                self._clients.popitem(last=False)
            record.failures += 1
            beyond = record.failures - self.free_tries + 1
            if beyond > 0:
                delay = min(self.longest, 2.0 ** min(beyond - 1, 30))
                record.not_before = self._clock() + delay

    def succeeded(self, client: str) -> None:
        with self._lock:
            self._clients.pop(client, None)
