"""A first-turn out at a simulated table: real gpiozero buttons and LEDs on mock pins, the
centerpiece firmware behind a pseudo-terminal, the event log on disk, and a restart half-way
through the others' first turns."""

import time
from dataclasses import replace

import pytest

from companion import commands as c
from companion.cli.assemble import Table
from companion.config import load_config
from hardware.finger import press_gesture
from hardware.protocol import SOUNDS

ANA, BOB, CY = 1, 2, 3  # seat numbers, as on the table


def wait_until(condition, seconds=10.0):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.01)
    return False


class Ears:
    """Listens to the simulated centerpiece's sounder: notes each sound it is told to start
    (wrapping its play, on the firmware's own thread; nothing polls)."""

    def __init__(self, centerpiece) -> None:
        self.centerpiece = centerpiece
        self.sounder = centerpiece.hub.sounder
        self.heard: list[str] = []

    def _play(self, sound, repeat, now):
        self.heard.append(SOUNDS[sound])
        return type(self.sounder).play(self.sounder, sound, repeat, now)

    def __enter__(self):
        self.sounder.play = self._play
        return self

    def __exit__(self, *exc_info) -> None:
        del self.sounder.play

    def quiet(self) -> bool:
        return not self.centerpiece.playing


@pytest.fixture
def config(tmp_path):
    return replace(load_config(None, environ={}), data_dir=tmp_path, port=0, host="127.0.0.1")


def open_table(config) -> Table:
    table = Table(config, simulate=True, seats=3, seat_scale=0.1, web=False)
    table.start()
    table.centerpiece.wait_connected(5.0)
    return table


def lit(table, seat) -> bool:
    return table.seats.seat(seat).led.value == 1


def whose_turn(table) -> str | None:
    turn = table.companion.state()["turn"]
    return turn and turn["player"]


@pytest.mark.slow  # a round on mock pins, a pty and a restart
def test_the_table_plays_the_others_first_turns_after_a_first_turn_out(config):
    with open_table(config) as table:
        table.companion.call(c.NewGame("mexican-train", ["Ana", "Bob", "Cy"], starter=ANA - 1))
        assert wait_until(lambda: lit(table, ANA))
        assert wait_until(lambda: not table.simulated_centerpiece.playing)
        with Ears(table.simulated_centerpiece) as ears:
            press_gesture(table.seats, ANA, "out")
            assert wait_until(lambda: whose_turn(table) == "Bob")
            assert wait_until(lambda: lit(table, BOB) and not lit(table, ANA))
            assert wait_until(ears.quiet) and ears.heard == ["clickety-clack"]  # no whistle yet
            press_gesture(table.seats, BOB, "press")
            assert wait_until(lambda: whose_turn(table) == "Cy")
            assert wait_until(lambda: lit(table, CY) and not lit(table, BOB))
        before = table.companion.state()

    with open_table(config) as table:  # the plug was pulled; the log is replayed
        assert table.companion.state()["turn"] == before["turn"]
        assert table.companion.state()["out_on_first_turn"] == {"out": [ANA], "to_play": [CY]}
        assert wait_until(lambda: lit(table, CY) and not lit(table, ANA) and not lit(table, BOB))
        assert wait_until(lambda: not table.simulated_centerpiece.playing)
        with Ears(table.simulated_centerpiece) as ears:
            press_gesture(table.seats, CY, "press")
            assert wait_until(lambda: table.companion.state()["phase"] == "scoring")
            assert wait_until(lambda: "whistle" in ears.heard)  # the round is won
        # the whistle goes out as the round ends; Ana's 0 is written just after it
        assert wait_until(lambda: table.companion.state()["rounds"][0]["scores"][0] == 0)
        state = table.companion.state()
        assert state["rounds"][0]["scores"] == [0, None, None]
        assert state["scoring"]["waiting"] == [BOB, CY]
        assert wait_until(lambda: table.seats.showing(BOB) == "photo")  # Bob lays his hand first
