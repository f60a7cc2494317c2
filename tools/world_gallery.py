"""A contact sheet of randomised-world photos, to look at what the renderer draws.

    .venv/bin/python tools/world_gallery.py --first 0 --count 12 --out /tmp/world.png [--truth]

Each cell is one seed, shrunk; with ``--truth`` the tiles' truth is outlined in green (a red
dot on the first corner) and the negatives in red, to check the truth matches the picture.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from vision.world import render_world  # noqa: E402


def cell(seed: int, width: int, truth: bool, size) -> tuple[np.ndarray, float]:
    start = time.perf_counter()
    photo = render_world(seed, size=size)
    took = time.perf_counter() - start
    image = photo.annotated() if truth else photo.image
    h, w = image.shape[:2]
    k = width / max(w, h)
    small = cv2.resize(image, (int(w * k), int(h * k)), interpolation=cv2.INTER_AREA)
    out = np.zeros((width, width, 3), np.uint8)
    out[: small.shape[0], : small.shape[1]] = small
    m = photo.meta
    label = f"{seed} {m['background']} {m['style']} {len(photo.tiles)}t s{m['slant']:.0f}"
    cv2.putText(out, label, (4, width - 6), cv2.FONT_HERSHEY_SIMPLEX, 0.4, (0, 0, 0), 3)
    cv2.putText(out, label, (4, width - 6), cv2.FONT_HERSHEY_SIMPLEX, 0.4, (255, 255, 255), 1)
    return out, took


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--count", type=int, default=12)
    parser.add_argument("--columns", type=int, default=4)
    parser.add_argument("--cell", type=int, default=480, help="cell size, px")
    parser.add_argument("--truth", action="store_true")
    parser.add_argument("--phone", action="store_true", help="phone sizes drawn from the seed")
    parser.add_argument("--out", default="world_gallery.png")
    args = parser.parse_args(argv)
    size = None if args.phone else (1920, 1080)
    cells, times = [], []
    for seed in range(args.first, args.first + args.count):
        image, took = cell(seed, args.cell, args.truth, size)
        cells.append(image)
        times.append(took)
    while len(cells) % args.columns:
        cells.append(np.zeros_like(cells[0]))
    rows = [np.hstack(cells[i : i + args.columns]) for i in range(0, len(cells), args.columns)]
    if not cv2.imwrite(args.out, np.vstack(rows)):
        print(f"could not write {args.out}")
        return 1
    print(f"{args.out}: {args.count} photos, median {np.median(times) * 1000:.0f} ms each")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
