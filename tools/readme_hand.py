"""The README's picture of a hand read by the recogniser: a rendered photo, never a shared one.

    .venv/bin/python tools/readme_hand.py [--seed 35] [--out docs/images/hand-read.jpg]

Renders a hand of Mexican Train tiles on a wooden table (vision/world.py), reads it as the
companion does, and writes the annotated picture players see, 1200 pixels wide.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import cv2

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from companion.tiles import Tile  # noqa: E402
from vision import annotate, recognise  # noqa: E402
from vision.world import render_world  # noqa: E402

HAND = [Tile(a, b) for a, b in ((12, 5), (3, 9), (0, 7), (6, 6), (11, 2), (8, 10), (1, 4), (9, 12))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=35)
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "images" / "hand-read.jpg")
    args = parser.parse_args()
    photo = render_world(
        args.seed,
        size=(1920, 1080),
        tiles=HAND,
        set_max=12,
        background="wood",
        slant=20,
        closeup=False,
        empty=False,
    )
    reading = recognise(photo.image, set_max=12)
    picture = annotate(photo.image, reading)
    shrink = 1200 / picture.shape[1]
    picture = cv2.resize(picture, None, fx=shrink, fy=shrink, interpolation=cv2.INTER_AREA)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    cv2.imwrite(str(args.out), picture, [cv2.IMWRITE_JPEG_QUALITY, 82])
    truth = sum(t.pips for t in HAND)
    print(f"{args.out}: read {reading.pip_total} pips ({reading.status}), truth {truth}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
