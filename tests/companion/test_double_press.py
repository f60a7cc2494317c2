"""A double press at a seat: buttons act on the first press at once, so the second press
amends it. The turn moves once; the seat that has just ended its turn taps its last tile."""

import pytest

from companion import commands as c
from companion.errors import CompanionError
from companion.service import Companion
from companion.store import Store


@pytest.fixture
def companion(tmp_path):
    store = Store(tmp_path)
    comp = Companion(store).start()
    yield comp
    comp.stop()
    store.close()


def turn(comp):
    return comp.state()["turn"]["seat"] - 1


def test_a_double_press_taps_for_the_seat_that_just_ended_its_turn(companion):
    announced = []
    companion.add_listener(lambda a: announced.append([e.kind for e in a.events]))
    companion.call(c.NewGame("mexican-train", ["Ann", "Bob", "Cy"]))
    first = turn(companion)
    companion.call(c.Gesture(first, "press"))
    after_press = turn(companion)
    announced.clear()
    companion.call(c.Gesture(first, "double"))
    state = companion.state()
    assert turn(companion) == after_press == (first + 1) % 3  # the turn moved once
    assert state["last_tile"] == [first + 1]  # the tap is the pressing seat's
    assert announced == [["last_tile"]]  # no second turn change, nothing else


def test_the_amend_survives_a_restart(tmp_path):
    store = Store(tmp_path)
    comp = Companion(store).start()
    comp.call(c.NewGame("mexican-train", ["Ann", "Bob", "Cy"]))
    first = turn(comp)
    comp.call(c.Gesture(first, "press"))
    comp.call(c.Gesture(first, "double"))
    comp.stop()
    store.close()
    store = Store(tmp_path)
    again = Companion(store)
    assert again.state()["last_tile"] == [first + 1]
    assert turn(again) == (first + 1) % 3
    store.close()


def test_a_second_double_adds_nothing(companion):
    companion.call(c.NewGame("mexican-train", ["Ann", "Bob", "Cy"]))
    first = turn(companion)
    companion.call(c.Gesture(first, "press"))
    companion.call(c.Gesture(first, "double"))
    assert companion.call(c.Gesture(first, "double")) == []
    assert companion.state()["last_tile"] == [first + 1]


def test_a_double_after_the_next_player_acted_is_out_of_turn(companion):
    companion.call(c.NewGame("mexican-train", ["Ann", "Bob", "Cy"]))
    first = turn(companion)
    companion.call(c.Gesture(first, "press"))
    companion.call(c.Gesture(turn(companion), "press"))
    with pytest.raises(CompanionError, match="turn"):
        companion.call(c.Gesture(first, "double"))
    assert companion.state()["last_tile"] == []


def test_the_seat_to_move_still_taps_during_its_turn(companion):
    # the phone's Last tile button, or a knock: the turn goes on
    companion.call(c.NewGame("mexican-train", ["Ann", "Bob", "Cy"]))
    seat = turn(companion)
    companion.call(c.Gesture(seat, "double", "phone"))
    assert turn(companion) == seat and companion.state()["last_tile"] == [seat + 1]


def test_a_game_without_taps_ignores_the_second_press(companion):
    companion.call(c.NewGame("dice-chains", ["Ann", "Bob"]))
    first = turn(companion)
    companion.call(c.Gesture(first, "press"))
    assert companion.call(c.Gesture(first, "double")) == []
    assert turn(companion) == (first + 1) % 2
