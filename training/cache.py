"""Training examples made once and kept in .cache: rendering and cutting them is most of a
training run, and a second run (or a fold of the leave-one-source-out bench) reuses them."""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable
from pathlib import Path

import numpy as np


def kept(
    folder: Path, key: str, names: tuple[str, ...], make: Callable[[], tuple[np.ndarray, ...]]
) -> tuple[np.ndarray, ...]:
    """``make()``'s arrays, named ``names``, from ``folder`` when made before under ``key``
    (which carries the maker's version), or made now and kept there."""
    path = folder / f"{hashlib.sha1(key.encode()).hexdigest()[:16]}.npz"
    if path.is_file():
        with np.load(path) as data:
            return tuple(data[name] for name in names)
    arrays = make()
    folder.mkdir(parents=True, exist_ok=True)
    # Written aside and moved into place: a second run reading the same folder (a fold
    # taught beside another) never opens a file half written.
    part = path.with_name(f"{path.stem}.{os.getpid()}.part.npz")
    np.savez_compressed(part, **dict(zip(names, arrays, strict=True)))
    os.replace(part, path)
    return arrays
