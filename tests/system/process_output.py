"""What a subprocess says, read line by line by a thread, so a test can wait for a line
instead of polling (imported by name: pytest puts this folder on the path)."""

from __future__ import annotations

import subprocess
import threading
from pathlib import Path


class Output:
    """The merged stdout and stderr of ``process`` (started with ``stdout=PIPE`` and
    ``stderr=STDOUT``, in text mode), copied to ``log`` as it comes when one is given."""

    def __init__(self, process: subprocess.Popen, log: Path | None = None) -> None:
        self._lines: list[str] = []
        self._changed = threading.Condition()
        self._log = log
        self._thread = threading.Thread(target=self._read, args=(process.stdout,), daemon=True)
        self._thread.start()

    def _read(self, stream) -> None:
        with open(self._log or "/dev/null", "a") as log:
            for line in stream:
                log.write(line)
                log.flush()
                with self._changed:
                    self._lines.append(line)
                    self._changed.notify_all()
        with self._changed:
            self._lines.append("")  # the end: the process closed its output
            self._changed.notify_all()

    def text(self) -> str:
        """The last of what it said (for a failure's message)."""
        with self._changed:
            return "".join(self._lines)[-3000:]

    def wait_for(self, start: str, timeout: float) -> bool:
        """Wait for a line beginning with ``start``; False if the output ends first, or
        nothing like it comes within ``timeout`` seconds."""

        def said() -> bool | None:
            if any(line.startswith(start) for line in self._lines):
                return True
            return False if self._lines and self._lines[-1] == "" else None

        with self._changed:
            return bool(self._changed.wait_for(lambda: said() is not None, timeout) and said())
