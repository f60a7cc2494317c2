"""A first-turn out at a simulated table: real gpiozero buttons and LEDs on mock pins, the
centerpiece firmware behind a pseudo-terminal, the event log on disk, and a restart half-way
through the others' first turns."""

from dataclasses import replace

import pytest

from companion import commands as c
from companion.cli.assemble import Table
from companion.config import load_config
from hardware.finger import press_gesture
from hardware.protocol import SOUNDS

ANA, BOB, CY = 1, 2, 3  # seat numbers, as on the table


WAIT_S = 10.0


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

    def hear(self, *sounds: str) -> bool:
        """Wait until the centerpiece has played just ``sounds``, in order, and fallen quiet;
        False after WAIT_S (then ``heard`` says what it played)."""
        centerpiece = self.centerpiece
        return centerpiece.wait_for(
            lambda: self.heard == list(sounds) and not centerpiece.playing, WAIT_S
        )


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


def told(table, condition) -> bool:
    """Wait until ``condition`` holds after an event the companion committed (by then the
    seats' LEDs show it)."""
    return table.companion.wait_for(condition, WAIT_S)


@pytest.mark.slow  # a round on mock pins, a pty and a restart
def test_the_table_plays_the_others_first_turns_after_a_first_turn_out(config):
    with open_table(config) as table:
        with Ears(table.simulated_centerpiece) as ears:
            new_game = c.NewGame("mexican-train", ["Ana", "Bob", "Cy"], starter=ANA - 1)
            table.companion.call(new_game)
            assert lit(table, ANA)  # answered after the LEDs were set
            assert ears.hear("whistle", "chugging", "clickety-clack"), ears.heard
        with Ears(table.simulated_centerpiece) as ears:
            press_gesture(table.seats, ANA, "out")
            assert told(table, lambda: whose_turn(table) == "Bob")
            assert lit(table, BOB) and not lit(table, ANA)
            assert ears.hear("clickety-clack"), ears.heard  # no whistle yet
            press_gesture(table.seats, BOB, "press")
            assert told(table, lambda: whose_turn(table) == "Cy")
            assert lit(table, CY) and not lit(table, BOB)
        before = table.companion.state()

    with open_table(config) as table:  # the plug was pulled; the log is replayed
        assert table.companion.state()["turn"] == before["turn"]
        assert table.companion.state()["out_on_first_turn"] == {"out": [ANA], "to_play": [CY]}
        assert lit(table, CY) and not lit(table, ANA) and not lit(table, BOB)  # shown at start
        with Ears(table.simulated_centerpiece) as ears:
            press_gesture(table.seats, CY, "press")
            assert told(table, lambda: table.companion.state()["phase"] == "scoring")
            # the round is won
            assert ears.centerpiece.wait_for(lambda: "whistle" in ears.heard, WAIT_S)
        # the whistle goes out as the round ends; Ana's 0 is written just after it
        assert told(table, lambda: table.companion.state()["rounds"][0]["scores"][0] == 0)
        state = table.companion.state()
        assert state["rounds"][0]["scores"] == [0, None, None]
        assert state["scoring"]["waiting"] == [BOB, CY]
        # Bob lays his hand first: his LED says so once the seats have heard the round end
        assert told(table, lambda: table.seats.showing(BOB) == "photo")
