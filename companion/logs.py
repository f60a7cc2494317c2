"""Log lines with their level: journald priorities under systemd, level names on a terminal.

Under systemd (``JOURNAL_STREAM`` names our standard error) each line starts with its
syslog priority, ``<4>`` for a warning, which journald files as the line's priority:
``journalctl -u train-companion -p warning`` then shows only what needs a look. Elsewhere a
line says its level in words: ``train-companion: warning: the camera ...``.
"""

from __future__ import annotations

import logging
import os
import sys
from collections.abc import Mapping

# syslog priorities (RFC 5424), as journald reads them from a "<N>" prefix
PRIORITIES = {
    logging.CRITICAL: 2,
    logging.ERROR: 3,
    logging.WARNING: 4,
    logging.INFO: 6,
    logging.DEBUG: 7,
}


def priority(level: int) -> int:
    """The syslog priority for a logging level (levels in between round to the milder)."""
    for threshold in sorted(PRIORITIES, reverse=True):
        if level >= threshold:
            return PRIORITIES[threshold]
    return 7


def under_journald(environ: Mapping[str, str] | None = None, stream=None) -> bool:
    """True when ``stream`` (standard error) is connected to the journal."""
    environ = os.environ if environ is None else environ
    value = environ.get("JOURNAL_STREAM", "")
    device, _, inode = value.partition(":")
    if not (device.isdigit() and inode.isdigit()):
        return False
    try:
        status = os.fstat((stream or sys.stderr).fileno())
    except (OSError, ValueError, AttributeError):
        return False
    return status.st_dev == int(device) and status.st_ino == int(inode)


class JournalFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        text = super().format(record)
        prefix = f"<{priority(record.levelno)}>"
        # every line of a multi-line message (a traceback) carries the priority
        return "\n".join(prefix + line for line in text.splitlines() or [""])


class LevelFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        return f"train-companion: {record.levelname.lower()}: {super().format(record)}"


def setup_logging(
    level: int = logging.INFO, environ: Mapping[str, str] | None = None, stream=None
) -> logging.Handler:
    """Send the companion's log to standard error, one level-marked line per message."""
    stream = stream or sys.stderr
    handler = logging.StreamHandler(stream)
    journal = under_journald(environ, stream)
    handler.setFormatter(JournalFormatter("%(message)s") if journal else LevelFormatter())
    root = logging.getLogger()
    for old in list(root.handlers):
        root.removeHandler(old)
    root.addHandler(handler)
    root.setLevel(level)
    return handler
