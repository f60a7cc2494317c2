"""Keep the long-running companion's memory at what it uses, with two glibc malloc knobs.

Reading a hand allocates and frees tens of megabytes (a photo, its grey and mat copies, the
annotated picture; in a simulation, the rendered photo too). glibc keeps freed memory for
reuse, and by default gives each busy thread an arena of its own. ``malloc_trim`` gives the
free pages of every arena back, but not the top of a thread's arena: the hand-reader's
photo buffers stayed resident there (bench/turns.py's game night sat at 126-160 MB between
photos where 87 MB is in use).

- ``one_arena()``: every thread allocates from the main heap, which ``malloc_trim`` can
  shrink from the top. The systemd unit sets the same with ``MALLOC_ARENA_MAX=1`` from the
  start; ``Table.start()`` calls this for ``serve``, ``demo`` and anything else that runs a
  table. The threads seldom allocate at the same time (Python's own allocator runs under the
  GIL), so sharing one arena costs nothing measurable: the press latency is unchanged.
- ``release_free_memory()``: ``malloc_trim(0)``, after each reading.

Without glibc (musl, macOS) both do nothing.
"""

from __future__ import annotations

import ctypes
import ctypes.util

M_ARENA_MAX = -8  # glibc's malloc.h


def _glibc():
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or None)
    except OSError:
        return None
    return libc if hasattr(libc, "gnu_get_libc_version") else None


_LIBC = _glibc()


def one_arena() -> bool:
    """Threads created from now on allocate from the main heap; True if glibc took it."""
    return _LIBC is not None and _LIBC.mallopt(M_ARENA_MAX, 1) == 1


def release_free_memory() -> None:
    """Give the memory freed since the last call back to the system."""
    if _LIBC is not None:
        _LIBC.malloc_trim(0)
