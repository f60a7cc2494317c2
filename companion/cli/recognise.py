"""``train-companion recognise IMAGE... [--set N] [--json] [--annotate DIR]``."""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from companion.errors import CompanionError

UNREADABLE_PHOTO = 3
"""The exit status when every file opened but a photo's tiles could not be read (status
`unreadable`); a file that cannot be opened at all gives 2."""


def add_parser(subparsers) -> argparse.ArgumentParser:
    parser = subparsers.add_parser(
        "recognise",
        help="read the tiles in photos of hands and add up their pips",
        description="Read every face-up tile in each photo and print the hand's pip total.",
    )
    parser.add_argument("images", nargs="+", metavar="IMAGE", help="photo files (JPEG, PNG)")
    parser.add_argument(
        "--set",
        type=int,
        default=12,
        metavar="N",
        dest="set_max",
        help="the set in play is double-N (default 12)",
    )
    parser.add_argument(
        "--max-tiles",
        type=int,
        metavar="N",
        help="the most tiles one hand can hold in the game in play (more is not a hand)",
    )
    parser.add_argument("--json", action="store_true", help="one JSON object per image per line")
    parser.add_argument(
        "--annotate",
        metavar="DIR",
        type=Path,
        help="write a picture per image with each tile outlined and its value",
    )
    return parser


def run(args: argparse.Namespace) -> int:
    import cv2

    import vision

    if not 0 <= args.set_max <= 18:
        raise CompanionError(f"--set must be 0..18 (double-N set), not {args.set_max}")
    if args.max_tiles is not None and not 1 <= args.max_tiles <= 190:
        raise CompanionError(f"--max-tiles must be 1..190, not {args.max_tiles}")
    if args.annotate is not None:
        try:
            args.annotate.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise CompanionError(f"cannot create {args.annotate}: {error.strerror}") from None
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
                print(f"{name}: unreadable", flush=True)
            continue
        started = time.perf_counter()
        result = vision.recognise(image, set_max=args.set_max, max_tiles=args.max_tiles)
        elapsed_ms = (time.perf_counter() - started) * 1000
        for problem in result.problems:
            print(f"train-companion: warning: {name}: {problem}", file=sys.stderr)
        if args.json:
            line = {"file": name, **result.to_dict(), "elapsed_ms": round(elapsed_ms, 1)}
            print(json.dumps(line), flush=True)
        elif result.status == "unreadable":
            print(f"{name}: cannot read: {'; '.join(result.reasons)}", flush=True)
        else:
            tiles = " ".join(f"{t.ends[0]}|{t.ends[1]}" for t in result.tiles) or "no tiles"
            check = f"  (please check: {'; '.join(result.reasons)})" if result.reasons else ""
            print(f"{name}: {len(result.tiles)} tiles, {result.pip_total} pips: {tiles}{check}")
        if result.status == "unreadable" and status == 0:
            status = UNREADABLE_PHOTO
        if args.annotate is not None:
            target = args.annotate / (Path(name).stem + "-annotated.jpg")
            if not cv2.imwrite(str(target), vision.annotate(image, result)):
                print(f"train-companion: error: cannot write {target}", file=sys.stderr)
                status = 2
    return status
