"""Every photo's reading from a run of bench/vision.py, kept, and what changed since then.

A change to the recogniser moves readings both ways, and the totals of two runs hide how
many photos it moved (docs/vision.md: a change in how one stage shrinks its input moved 42
of 400 rendered tables); a wrong reading newly called `ok` matters more than the count.
`--readings FILE` keeps one JSON line a photo; a later run with `--against FILE` lists every
photo read otherwise, the ones now right first. Two kept runs (one made before a change in
another checkout, say) are compared without reading a photo again:

    .venv/bin/python bench/readings.py BEFORE.jsonl AFTER.jsonl

A right reading the player is asked to check costs a look at every tile, and a doubt said for
nothing teaches players to wave doubts away: `--asked RUN.jsonl ...` tallies, over the right
readings of one or more kept runs, how many are asked about and for which reasons.
"""

from __future__ import annotations

import argparse
import json
import re
from collections import Counter
from pathlib import Path


def reading(group: str, photo: str, total: int, read: int, status: str, reasons) -> dict:
    """One photo's reading: its set (a source, a rendered set), its name there, its true
    total, the total read, the status and reasons."""
    return {
        "set": group,
        "photo": photo,
        "total": total,
        "read": read,
        "status": status,
        "reasons": list(reasons),
    }


def right(one: dict) -> bool:
    """Read to the right total, and not unreadable (the bench's "exact")."""
    return one["status"] != "unreadable" and one["read"] == one["total"]


def silent(one: dict) -> bool:
    """Read wrong and called ok."""
    return one["status"] == "ok" and one["read"] != one["total"]


def _seen(one: dict) -> tuple[int, str]:
    return one["read"], one["status"]


def save(path: Path, readings: list[dict]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(r) + "\n" for r in readings), encoding="utf-8")


def load(path: Path) -> dict[tuple[str, str], dict]:
    """An earlier run's readings by (set, photo). A missing or unreadable file is a
    SystemExit with a one-line message, before any photo is read."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
        return {(r["set"], r["photo"]): r for r in map(json.loads, filter(None, lines))}
    except (OSError, ValueError, KeyError, TypeError) as error:
        why = f"{path}: not a --readings file of bench/vision.py ({error})"
        raise SystemExit(why) from None


def changes(before: dict[tuple[str, str], dict], now: list[dict], name: str) -> list[str]:
    """Lines saying how ``now`` differs from ``before`` (load): a summary, then each photo
    in both that reads another total or status, those now right first, then those now
    wrong, then the rest."""
    both = [(before[(r["set"], r["photo"])], r) for r in now if (r["set"], r["photo"]) in before]
    moved = [(was, r) for was, r in both if _seen(was) != _seen(r)]
    gained = [(was, r) for was, r in moved if right(r) and not right(was)]
    lost = [(was, r) for was, r in moved if right(was) and not right(r)]
    rest = [(was, r) for was, r in moved if right(was) == right(r)]
    lines = [
        f"against {name}: {len(both)} photos in both runs; {len(gained)} now right,"
        f" {len(lost)} now wrong, {len(rest)} read otherwise;"
        f" silent wrong {sum(silent(was) for was, _ in both)} before,"
        f" {sum(silent(r) for _, r in both)} now"
    ]
    for word, group in (("now right", gained), ("now wrong", lost), ("otherwise", rest)):
        lines += [
            f"  {word:9s} {r['set']}: {r['photo']}: {r['total']} read as {r['read']}"
            f" [{r['status']}], was {was['read']} [{was['status']}]"
            + (" SILENT" if silent(r) else "")
            for was, r in group
        ]
    return lines


def asked(readings: list[dict]) -> list[str]:
    """Lines saying how many of the right readings (``right``) are asked about, and why: each
    reason as the player reads it up to its colon, its counts written N."""
    right_ones = [r for r in readings if right(r) and r["total"]]
    checked = [r for r in right_ones if r["status"] == "check"]
    why = Counter(
        re.sub(r"\d+", "N", reason.split(":")[0]) for r in checked for reason in r["reasons"]
    )
    share = f" ({100 * len(checked) / len(right_ones):.1f}%)" if right_ones else ""
    lines = [f"{len(right_ones)} right readings with tiles, {len(checked)} asked to check{share}"]
    return lines + [f"  {count:5d}  {reason}" for reason, count in why.most_common()]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="List the photos two kept runs of bench/vision.py (--readings) read otherwise;"
        " or, with --asked, why the right readings of kept runs are asked about."
    )
    parser.add_argument("runs", type=Path, nargs="+", help="kept --readings files: before, after")
    parser.add_argument(
        "--asked", action="store_true", help="tally why right readings are asked about"
    )
    args = parser.parse_args(argv)
    if args.asked:
        print("\n".join(asked([r for run in args.runs for r in load(run).values()])))
        return 0
    if len(args.runs) != 2:
        parser.error("give two runs to compare (before, after), or --asked")
    before, after = load(args.runs[0]), list(load(args.runs[1]).values())
    print("\n".join(changes(before, after, args.runs[0].name)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
