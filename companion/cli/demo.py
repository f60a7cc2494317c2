"""``train-companion demo``: a whole game night played by simulated players.

The players press real gpiozero buttons on mock pins, the centerpiece is our firmware on a
pseudo-terminal, and at the end of each round a synthetic camera photographs each hand, so
every part of the companion runs as it does at a real table. Open the score pad on a phone
or a browser to watch it live.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from companion import commands as c
from companion.cli import arguments
from companion.errors import CompanionError

NAMES = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]
WORDS = {
    "press": "ends the turn",
    "hold": "draws, passes and puts out a marker",
    "double": "taps the last tile",
    "double-press": "taps the last tile and ends the turn (a double press)",
    "phone:double": "taps the last tile on the phone",
    "out": "is out!",
    "tile:skip": "plays the S-Train: the next player is skipped",
    "tile:reverse": "plays the R-Train: the direction turns",
    "tile:draw": "plays the D-Train: the next player draws first",
    "tile:twice": "plays the T-Train and goes again",
}
WAIT_S = 10.0
BUTTON_WAIT_S = 5.0
"""How long a pressed button may take to be heard before the seat's phone steps in."""


def add_parser(subparsers) -> argparse.ArgumentParser:
    parser = subparsers.add_parser(
        "demo",
        help="a whole simulated game night, with the score pad live in a browser",
        description=__doc__.splitlines()[0],
    )
    parser.add_argument("--game", default="mexican-train", help="game id (default mexican-train)")
    parser.add_argument("--players", type=int, default=4, help="2 to 8 (default 4)")
    parser.add_argument("--rounds", type=int, help="rounds to play (default: the whole game)")
    parser.add_argument("--preset", help="the publisher's rules (see `games`)")
    parser.add_argument("--seed", type=int, default=1, help="seed for the shuffles (default 1)")
    parser.add_argument(
        "--speed",
        type=arguments.speed,
        default=1.0,
        help="1 = people's pace, 2 = twice as fast, 0 = as fast as it can (default 1)",
    )
    parser.add_argument(
        "--host",
        type=arguments.host,
        default="0.0.0.0",
        help="address for the score pad (default 0.0.0.0: phones on the network can follow)",
    )
    parser.add_argument(
        "--port", type=arguments.port, default=8080, help="score pad port (default 8080)"
    )
    parser.add_argument("--data-dir", type=Path, help="keep the event log here (default: temp)")
    return parser


class Demo:
    def __init__(self, table, sim, speed: float, out=print) -> None:
        self.table, self.sim, self.speed, self.out = table, sim, speed, out
        self.companion = table.companion
        self.released: dict[int, float] = {}  # when each seat's button last came up

    def pause(self, seconds: float) -> None:
        if self.speed > 0:
            time.sleep(seconds / self.speed)

    def wait_for(self, what: str, predicate, seconds: float = WAIT_S) -> dict:
        """The companion's state once ``predicate`` holds for it, asked after each event."""
        seen = {}

        def holds() -> bool:
            seen["state"] = self.companion.state()
            return bool(predicate(seen["state"]))

        if self.companion.wait_for(holds, seconds):
            return seen["state"]
        raise CompanionError(f"the demo stalled waiting for {what}; please report this")

    def gesture(self, seat: int, gesture: str) -> None:
        seq = self.companion.state()["seq"]
        if gesture.startswith("tile:"):  # an action tile, said on the seat's phone
            self.companion.call(c.ActionTile(seat, gesture.removeprefix("tile:")))
            return
        if gesture.startswith("phone:"):  # a button the seat's phone has and the seat not
            self.companion.call(c.Gesture(seat, gesture.removeprefix("phone:"), "phone"))
            return
        if gesture == "double-press":
            gesture = "double"
        self.press(seat, gesture)

        def heard(state: dict) -> bool:
            return state["seq"] > seq

        try:
            self.wait_for(f"seat {seat + 1} to {gesture}", heard, BUTTON_WAIT_S)
        except CompanionError:  # the button was not heard: the player uses the phone
            self.out(f"  (seat {seat + 1}'s button was not heard; the phone steps in)")
            try:
                self.companion.call(c.Gesture(seat, gesture, "phone"))
            except CompanionError:
                # on a busy machine the button can be heard just after the wait: then the
                # phone's press is refused as out of turn, and the game has moved on
                if not heard(self.companion.state()):
                    raise

    def centre(self, hold: bool) -> None:
        """Press (next round) or hold (blocked round) the centerpiece button; if the
        centerpiece is not talking, the host does it on the score pad instead."""
        seq = self.companion.state()["seq"]
        hub, driver = self.table.simulated_centerpiece, self.table.centerpiece
        if hub is not None and driver is not None and driver.connected:
            hub.press_button(1.3 if hold else 0.1)
            try:
                self.wait_for("the centerpiece button", lambda s: s["seq"] > seq, 3.0)
                return
            except CompanionError:
                self.out("  (the centerpiece did not answer; the host steps in)")
        self.companion.call(c.EndRound("blocked") if hold else c.NextRound())

    def next_round(self, starter: int) -> None:
        """The centerpiece button deals the next round; when the table decided who starts
        (an Engine game's reveal), the host says so on the score pad."""
        if self.sim.starter_follows_rotation:
            self.centre(hold=False)
        else:
            self.companion.call(c.NextRound(starter))

    def play_round(self) -> None:
        names = self.sim.players
        state = self.companion.state()
        engine = state["round"]["engine"]
        self.out(
            f"\nRound {state['round']['number']}: "
            + (f"engine {engine}, " if engine else "")
            + f"{state['turn']['player']} starts"
        )
        turns = 0
        for seat, gesture in self.steps():
            self.pause(0.6)
            self.gesture(seat, gesture)
            turns += gesture in ("press", "hold", "double-press")
            if gesture.startswith(("double", "out", "tile:")) or self.speed > 0:
                self.out(f"  {names[seat]} {WORDS.get(gesture, gesture)}")
        if self.companion.state()["phase"] == "playing":
            self.out(f"  The round ends ({self.sim.ended}): nobody can go on")
            self.centre(hold=True)
        self.out(f"  {turns} turns")
        self.score_round()

    def steps(self):
        """The simulated players' gestures as people make them at the table: a last-tile tap
        followed by the end of the turn is one double press of the seat's button (it ends
        the turn at once and taps for that seat); a tap followed by anything else is the
        phone's Last tile button."""
        steps = self.sim.turns()
        for seat, gesture in steps:
            if gesture != "double":
                yield seat, gesture
                continue
            following = next(steps, None)
            if following == (seat, "press"):
                yield seat, "double-press"
                continue
            yield seat, "phone:double"
            if following is not None:
                yield following

    def score_round(self) -> None:
        """Each waiting player lays their hand on the mat and presses; the camera reads it;
        they confirm a right total, retake a wrong one once, then the host types it."""
        names = self.sim.players
        self.sim.finish_round()
        camera = self.companion.hand_reader is not None and self.sim.match.game.measure != "points"
        while (state := self.companion.state())["phase"] == "scoring":
            if state["scoring"]["next"] is None:
                # Every hand is in and the loop is still writing the tokens on the pad.
                self.wait_for("the score pad", lambda s: s["seq"] > state["seq"])
                continue
            seat = state["scoring"]["next"] - 1
            if not self.sim.match.state.hands[seat]:
                # It went out: the round's end scores it 0 by rule, and the pad can show the
                # round ended a moment before that score (two entries, one after the other).
                self.wait_for("the score pad", lambda s: s["seq"] > state["seq"])
                continue
            truth = self.sim.hand_total(seat)
            if not camera:
                self.companion.call(c.EnterScore(seat, truth, by="host"))
                self.out(f"  {names[seat]}: {truth}, typed on the score pad")
                continue
            self.pause(0.8)
            reading = self.photograph(seat)
            if reading is not None and reading["total"] != truth:
                self.out(
                    f"  {names[seat]}: the camera read {reading['total']}, "
                    f"the hand holds {truth}; retaking"
                )
                reading = self.photograph(seat, retake=True)
            if reading is not None and reading["total"] == truth:
                self.gesture(seat, "press")
                tiles = len(self.sim.hand(seat))
                self.out(
                    f"  {names[seat]}: {tiles} tile{'s' * (tiles != 1)} on the mat, "
                    f"camera reads {truth}, confirmed"
                )
            else:
                seen = "nothing" if reading is None else reading["total"]
                self.companion.call(c.EnterScore(seat, truth, by="host"))
                self.out(f"  {names[seat]}: the camera read {seen}; the host typed {truth}")

    def photograph(self, seat: int, retake: bool = False) -> dict | None:
        """Press (or hold, to retake) and wait for the camera's reading; None if it gave up
        (too dark, glare: it says so in the log)."""
        key = str(seat + 1)
        count = len(self.companion.match.photos)
        self.gesture_async(seat, "hold" if retake else "press")
        try:
            state = self.wait_for(
                "the camera",
                lambda s: (
                    len(s.get("photos", ())) > count
                    and key in s.get("scoring", {}).get("readings", {})
                ),
            )
        except CompanionError:
            return None
        return state["scoring"]["readings"][key]

    def gesture_async(self, seat: int, gesture: str) -> None:
        self.press(seat, gesture)

    def press(self, seat: int, gesture: str) -> None:
        """Make ``gesture`` on the seat's button. At full speed the table goes round faster
        than a person's double press, so a seat's next press waits until its last one can
        no longer be taken for the first half of a double."""
        from hardware.finger import press_gesture

        window = self.table.seats.config.double_press_s * 1.5
        wait = self.released.get(seat, -window) + window - time.monotonic()
        if wait > 0:
            time.sleep(wait)
        press_gesture(self.table.seats, seat + 1, gesture)
        self.released[seat] = time.monotonic()


def run(args: argparse.Namespace) -> int:
    from dataclasses import replace

    from companion.cli.assemble import Table
    from companion.config import load_config
    from companion.games.base import new_game
    from companion.simtable import SimulatedTable

    if args.speed < 0:
        raise CompanionError(f"--speed must be 0 or more, not {args.speed:g}")
    options = {"rounds": args.rounds} if args.rounds else {}
    game = new_game(args.game, args.preset, options)
    game.check_players(args.players)
    names = NAMES[: args.players]
    sim = SimulatedTable(args.game, names, seed=args.seed, preset=args.preset, options=options)
    with tempfile.TemporaryDirectory(prefix="train-companion-demo-") as temporary:
        data_dir = args.data_dir or Path(temporary)
        config = replace(
            load_config(None, environ={}), data_dir=data_dir, port=args.port, host=args.host
        )
        scale = 1.0 if args.speed == 0 else 1.0 / max(args.speed, 1.0)
        with Table(
            config,
            simulate=True,
            seats=args.players,
            hand_for_seat=sim.hand,
            seat_scale=0.2 if args.speed == 0 else scale,
        ) as table:
            table.start()
            for part, problem in table.companion.degraded.items():
                print(f"(demo without the {part}: {problem})")
            if table.web is not None:
                import web

                url = web.join_url(args.host, table.web.port)
            if table.centerpiece is not None:
                try:
                    table.centerpiece.wait_connected(5.0)
                except CompanionError as error:
                    print(f"(demo without sounds: {error})")
            demo = Demo(table, sim, args.speed)
            starter = sim.deal()
            table.companion.call(c.NewGame(args.game, names, game.preset, options, starter))
            if table.web is not None:  # the QR code carries the game's join code
                code = table.companion.join_code
                web.print_join_qr(web.join_link(url, code) if code else url)
                web.print_join_code(url, code)
            print(f"{game.title} ({game.preset}) for {', '.join(names)}")
            while True:
                demo.play_round()
                if sim.last_round:
                    break
                demo.next_round(sim.deal())
            match = table.companion.match
            print()
            print(match.pad.render())
            winners = " and ".join(match.players[s] for s in match.pad.winners())
            print(f"\n{winners} {'wins' if len(match.pad.winners()) == 1 else 'share the win'}!")
            if args.speed > 0 and table.web is not None:
                print(f"The score pad stays up at {url} for a minute; Ctrl-C to leave")
                time.sleep(60)
    return 0
