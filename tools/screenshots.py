"""Pictures of the phone page for the README and docs, at a phone's size.

    .venv/bin/python tools/screenshots.py [--out docs/images]

Starts the companion as ``serve --simulate`` does (mock GPIO seats, the simulated
centerpiece, the synthetic camera) on 127.0.0.1, plays a few turns and rounds of Mexican
Train through the companion, and photographs the page in Debian's chromium (driven by
Playwright) at 360 x 740 CSS pixels: the score pad, my seat in and out of turn, a hand read
by the camera, the host's section with the join QR code, the new-game form, a tapped score's
photo and the end of the game. Writes PNGs; prints their paths.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion import commands as c  # noqa: E402
from companion.cli.assemble import Table  # noqa: E402
from companion.config import load_config  # noqa: E402

PIN = "2468"
PHONE = {"width": 360, "height": 740}
PLAYERS = ["Ann", "Bob", "Cy", "Dee"]
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--headless",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def wait_for(what: str, predicate, companion, seconds: float = 20.0) -> dict:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        state = companion.state()
        if predicate(state):
            return state
        time.sleep(0.02)
    raise SystemExit(f"screenshots: gave up waiting for {what}")


def turn(companion) -> int:
    return companion.state()["turn"]["seat"] - 1


def play_turns(companion, gestures: list[str]) -> None:
    for gesture in gestures:
        companion.call(c.Gesture(turn(companion), gesture))


def score_by_camera(companion, keep: int | None = None) -> None:
    """Each waiting seat presses; the synthetic camera reads the hand; the seat confirms.
    ``keep``: leave that seat's reading waiting for its confirm."""
    while (state := companion.state())["phase"] == "scoring":
        seat = state["scoring"]["next"] - 1
        companion.call(c.Gesture(seat, "press"))  # the camera photographs the mat
        wait_for(
            "the camera",
            lambda s, seat=seat: str(seat + 1) in s.get("scoring", {}).get("readings", {}),
            companion,
        )
        if seat == keep:
            return
        companion.call(c.Gesture(seat, "press"))  # the player confirms the reading


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("docs/images"))
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    args.out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    problems: list[str] = []
    with tempfile.TemporaryDirectory(prefix="train-companion-shots-") as data:
        config = replace(
            load_config(None, environ={}), data_dir=Path(data), host="127.0.0.1", port=0, pin=PIN
        )
        with Table(config, simulate=True, seats=len(PLAYERS)) as table, sync_playwright() as pw:
            table.start()
            companion, url = table.companion, table.web.url
            browser = pw.chromium.launch(executable_path=args.chromium, args=CHROMIUM_ARGS)

            def phone(path: str = "/"):
                context = browser.new_context(viewport=PHONE, device_scale_factor=2, has_touch=True)
                page = context.new_page()
                page.on("pageerror", lambda error: problems.append(str(error)))
                page.goto(url.rstrip("/") + path)
                page.wait_for_selector("#live.on")
                return page

            def shot(page, name: str, full: bool = False) -> None:
                path = args.out / f"{name}.png"
                page.wait_for_timeout(300)  # let the stream's last update settle
                page.screenshot(path=str(path), full_page=full)
                written.append(path)

            companion.call(c.NewGame("mexican-train", PLAYERS, None, {"rounds": 2}, starter=0))
            play_turns(companion, ["press", "hold", "press", "press", "press", "double", "press"])
            companion.call(c.EndRound("blocked"))
            score_by_camera(companion)
            companion.call(c.NextRound())
            play_turns(companion, ["press", "press", "hold", "press", "press"])
            companion.call(c.EnterScore(1, 31, "host", "a 6-6 hid under the rack", 1))

            pad = phone()
            shot(pad, "score-pad")
            pad.click("#pad td.photo")
            pad.locator("#zoom").wait_for(state="visible")
            shot(pad, "score-pad-photo")
            pad.click("#zoom button")

            guest = phone(f"/?join={companion.join_code}")  # as the join QR code leads
            guest.locator("#seat-claim").wait_for(state="visible")
            shot(guest, "seat-pick")
            seat = turn(companion) + 1
            waiting = seat % len(PLAYERS) + 1
            guest.click(f"[data-claim='{waiting}']")
            guest.locator("#seat-buttons").wait_for(state="visible")
            shot(guest, "seat-out-of-turn")
            play_turns(companion, ["press"] * ((waiting - 1 - turn(companion)) % len(PLAYERS)))
            guest.locator("[data-gesture='press']:not([disabled])").wait_for()
            shot(guest, "seat-your-turn")

            host = phone("/#host")
            host.fill("#pin", PIN)
            host.click("#login button[type=submit]")
            host.locator("#join-box img").wait_for()
            shot(host, "host-join-qr")
            host.locator("#setup-box summary").click()
            host.locator("#setup-options .switch").first.wait_for()
            host.evaluate("document.getElementById('setup-box').scrollIntoView()")
            shot(host, "host-new-game")
            host.evaluate("document.getElementById('setup-options').scrollIntoView()")
            shot(host, "host-house-rules")

            companion.call(c.EndRound("blocked"))
            score_by_camera(companion, keep=waiting - 1)
            guest.locator("#seat-photo-result img").wait_for()
            shot(guest, "seat-hand-read")
            guest.locator("#seat-hand-summary").click()
            guest.click("#seat-hand-list [data-end='3']")  # a tile the camera missed, half added
            guest.evaluate("document.getElementById('seat-hand-box').scrollIntoView()")
            shot(guest, "seat-put-right")
            companion.call(c.Gesture(waiting - 1, "press"))
            score_by_camera(companion)
            wait_for("the end of the game", lambda s: s["phase"] == "over", companion)
            pad.locator("#winner").wait_for(state="visible")
            pad.evaluate("window.scrollTo(0, 0)")
            shot(pad, "game-over")
            browser.close()
    for path in written:
        print(path)
    for problem in problems:
        print(f"screenshots: the page failed: {problem}", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
