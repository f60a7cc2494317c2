"""``train-companion recognise``: read the tiles in photos and print their pip totals."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

from companion.errors import CompanionError

SETS = (6, 9, 12, 15, 18)


def add_parser(subparsers):
    parser = subparsers.add_parser(
        "recognise",
        help="read the domino tiles in photos and print each photo's pip total",
        description="Read the face-up domino tiles in each photo and print their pip total.",
    )
    parser.add_argument("images", nargs="+", metavar="IMAGE", help="photos (JPEG, PNG, ...)")
    parser.add_argument(
        "--set",
        type=int,
        default=12,
        choices=SETS,
        metavar="N",
        help="the set in play, double-N (6, 9, 12, 15, 18; default 12)",
    )
    parser.add_argument("--json", action="store_true", help="one JSON object per image per line")
    parser.add_argument(
        "--annotate",
        type=Path,
        metavar="DIR",
        help="write a picture per image with each tile outlined and its value drawn",
    )
    return parser


def run(args) -> int:
    try:
        import cv2

        import vision
    except ImportError:
        raise CompanionError(
            "the vision software is not installed (pip install opencv-python-headless numpy)"
        ) from None
    if args.annotate is not None:
        try:
            args.annotate.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise CompanionError(f"cannot write to {args.annotate} ({error.strerror})") from None
    status = 0
    for name in args.images:
        try:
            image = vision.load_photo(name)
        except vision.PhotoError as error:
            status = 2
            print(f"train-companion: error: {error}", file=sys.stderr)
            if args.json:
                print(json.dumps({"file": name, "error": str(error)}), flush=True)
            else:
                print(f"{name}: error: {error}", flush=True)
            continue
        start = time.perf_counter()
        result = vision.recognise(image, set_max=args.set)
        elapsed = (time.perf_counter() - start) * 1000
        if args.annotate is not None:
            out = args.annotate / (Path(name).stem + ".jpg")
            if not cv2.imwrite(str(out), vision.annotate(image, result)):
                raise CompanionError(f"cannot write {out}")
        if args.json:
            record = {"file": name, **result.as_dict(), "elapsed_ms": round(elapsed, 1)}
            print(json.dumps(record), flush=True)
        else:
            tiles = " ".join(f"{t.ends[0]}-{t.ends[1]}" for t in result.tiles) or "no tiles"
            note = ""
            if result.problems:
                note = " (" + "; ".join(result.problems) + ")"
            elif result.low_confidence:
                note = " (low confidence: please check)"
            print(f"{name}: {result.pip_total} pips: {tiles}{note}", flush=True)
    return status
