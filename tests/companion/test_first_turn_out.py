"""Going out on the first turn, on the live table, on a real SQLite file.

Front Porch: "It is possible, though unlikely, that a player may rid their hand of all
dominoes on the first turn. Should this occur, other players get to play their first turn
before the round ends, and scores are counted." The other rule sheets end the round at once.
"""

import pytest

from companion import commands as c
from companion.errors import CompanionError
from companion.service import Companion
from companion.store import Store

NAMES = ["Ana", "Bob", "Cy", "Di"]
ANA, BOB, CY, DI = range(4)


@pytest.fixture
def store(tmp_path):
    with Store(tmp_path) as store:
        yield store


@pytest.fixture
def table(store):
    """Mexican Train as Front Porch prints it, Ana (seat 1) to start."""
    comp = Companion(store)
    comp.handle(c.NewGame("mexican-train", NAMES, starter=ANA))
    return comp


def to_move(comp) -> str | None:
    turn = comp.state()["turn"]
    return turn and turn["player"]


def press(comp, seat, gesture="press"):
    return comp.handle(c.Gesture(seat, gesture))


def test_the_others_take_their_first_turn_before_the_round_is_scored(table):
    press(table, ANA, "out")
    assert table.state()["phase"] == "playing" and to_move(table) == "Bob"
    press(table, BOB)
    press(table, CY, "hold")
    assert table.state()["markers"] == [CY + 1]
    assert to_move(table) == "Di"
    press(table, DI)
    state = table.state()
    assert state["phase"] == "scoring"
    assert state["rounds"][0]["ended"] == "out"
    assert state["rounds"][0]["scores"] == [0, None, None, None]
    assert state["scoring"]["waiting"] == [BOB + 1, CY + 1, DI + 1]


def test_a_player_who_went_out_is_told_the_others_are_playing(table):
    press(table, ANA, "out")
    with pytest.raises(CompanionError, match="Ana is out; the others take their first turn"):
        press(table, ANA)
    assert to_move(table) == "Bob"


def test_another_player_may_go_out_on_their_first_turn_too(table):
    press(table, ANA, "out")
    press(table, BOB)
    press(table, CY, "out")
    assert to_move(table) == "Di"
    press(table, DI, "double")  # Di taps her last tile, then passes
    press(table, DI, "hold")
    state = table.state()
    assert state["phase"] == "scoring"
    assert state["rounds"][0]["scores"] == [0, None, 0, None]
    assert state["scoring"]["waiting"] == [BOB + 1, DI + 1]


def test_going_out_on_the_last_first_turn_ends_the_round_at_once(table):
    for seat in (ANA, BOB, CY):
        press(table, seat)
    press(table, DI, "out")
    assert table.state()["phase"] == "scoring"


def test_going_out_after_the_first_turns_ends_the_round_at_once(table):
    for seat in (ANA, BOB, CY, DI):
        press(table, seat)
    press(table, ANA, "out")
    assert table.state()["scoring"]["waiting"] == [BOB + 1, CY + 1, DI + 1]


@pytest.mark.parametrize(
    ("game", "preset"),
    [
        ("mexican-train", "puremco"),  # "going out ends the round at once"
        ("supertrain", None),
        ("engine-191", None),  # "A round ends when a player has no tiles in hand"
        ("engine-no-9", None),
    ],
)
def test_other_rule_sheets_end_the_round_at_the_first_out(store, game, preset):
    comp = Companion(store)
    comp.handle(c.NewGame(game, NAMES[:3], preset, starter=ANA))
    press(comp, ANA, "out")
    state = comp.state()
    assert state["phase"] == "scoring" and state["turn"] is None
    assert state["scoring"]["waiting"] == [BOB + 1, CY + 1]


def test_a_house_rule_can_turn_the_first_turn_wait_off(store):
    comp = Companion(store)
    options = {"out_on_first_turn_lets_others_play": False}
    comp.handle(c.NewGame("mexican-train", NAMES, None, options, starter=BOB))
    press(comp, BOB, "out")
    assert comp.state()["phase"] == "scoring"


def test_a_restart_during_the_first_turns_comes_back_to_the_same_point(tmp_path, table):
    press(table, ANA, "out")
    press(table, BOB)
    before = table.state()
    table.store.close()
    with Store(tmp_path) as store:
        again = Companion(store)
        assert again.state() == before
        assert to_move(again) == "Cy"
        press(again, CY)
        press(again, DI)
        state = again.state()
    assert state["phase"] == "scoring"
    assert state["rounds"][0]["scores"] == [0, None, None, None]


def test_every_event_is_in_the_log_before_the_table_hears_of_it(tmp_path, table):
    in_log_when_heard = []

    def listener(announcement):
        with Store(tmp_path, read_only=True) as reader:
            logged = [e.seq for e in reader.events(table.game_id)]
        in_log_when_heard.append(announcement.stored.seq in logged)

    table.add_listener(listener)
    press(table, ANA, "out")
    for seat in (BOB, CY, DI):
        press(table, seat)
    assert len(in_log_when_heard) >= 5 and all(in_log_when_heard)


def test_the_host_ending_the_round_early_keeps_the_zero_of_who_went_out(table):
    press(table, ANA, "out")
    press(table, BOB)
    table.handle(c.EndRound("blocked"))
    state = table.state()
    assert state["phase"] == "scoring"
    assert state["rounds"][0]["ended"] == "out"
    assert state["rounds"][0]["scores"] == [0, None, None, None]
