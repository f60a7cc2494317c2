"""The table's join code: a short code made for each game, so only phones at the table
(which scanned the join QR code or were told the code) can claim seats and press for them.

Six characters from an alphabet without look-alikes (no 0/O, 1/I/L, 2/Z, 5/S, 8/B): read
aloud across a table or typed on a phone, it is hard to get wrong. 25**6 is about 240
million codes, and the web limits guesses per client with growing delays.
"""

from __future__ import annotations

import secrets

ALPHABET = "ACDEFGHJKMNPQRTUVWXY34679"
LENGTH = 6


def new_join_code() -> str:
    """A fresh random join code for a new game."""
    return "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))


def tidy(typed: object) -> str | None:
    """A code as a player may type it ("ack 34m", "ACK-34M") in its stored form, or None
    if it cannot be one."""
    if not isinstance(typed, str) or len(typed) > 4 * LENGTH:
        return None
    code = "".join(ch for ch in typed.upper() if ch not in " -.")
    if len(code) != LENGTH or any(ch not in ALPHABET for ch in code):
        return None
    return code
