"""Simulated players tell a live companion what they did, by gestures only."""

import pytest

from companion import commands as c
from companion.service import Companion
from companion.simtable import SimulatedTable
from companion.store import Store


@pytest.mark.parametrize("preset", ["puremco", "front-porch"])
@pytest.mark.parametrize("seed", [1, 2])
def test_the_live_table_follows_a_whole_game_from_gestures_alone(tmp_path, seed, preset):
    names = ["Ann", "Bob", "Cy", "Di"]
    table = SimulatedTable("mexican-train", names, seed=seed, preset=preset, options={"rounds": 3})
    with Store(tmp_path) as store:
        live = Companion(store)
        table.deal()
        starter = table.match.state.turn
        live.handle(c.NewGame("mexican-train", names, preset, {"rounds": 3}, starter))
        while True:
            assert live.state()["turn"]["seat"] - 1 == table.match.state.turn
            for seat, gesture in table.turns():
                live.handle(c.Gesture(seat, gesture))
            if table.ended == "blocked":
                live.handle(c.CenterButton("hold"))
            table.finish_round()
            for seat in live.state()["scoring"]["waiting"]:
                live.handle(c.EnterScore(seat - 1, table.hand_total(seat - 1), by="camera"))
            if table.last_round:
                break
            live.handle(c.CenterButton("press"))
            table.deal()
        state = live.state()
    assert state["phase"] == "over"
    assert list(state["totals"].values()) == table.match.pad.totals()
    assert state["winners"] == [names[s] for s in table.match.pad.winners()]


def test_after_a_first_turn_out_the_live_table_follows_the_others_first_turns(tmp_path):
    """Front Porch for 8 on a double-9 set: 5 tiles a hand, so a first-turn string can use
    them all. With seed 1 Flo's does; the others still take their first turn, seen by the
    companion press by press, and the round is scored where the rules end it."""
    names = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]
    options = {"set": 9, "rounds": 1}
    table = SimulatedTable("mexican-train", names, seed=1, options=options)
    gestures = []
    with Store(tmp_path) as store:
        live = Companion(store)
        live.handle(c.NewGame("mexican-train", names, None, options, table.deal()))
        for seat, gesture in table.turns():
            assert live.state()["turn"]["seat"] - 1 == seat
            live.handle(c.Gesture(seat, gesture))
            gestures.append((names[seat], gesture))
        state = live.state()
    assert gestures == [
        ("Di", "hold"),
        ("Ed", "hold"),
        ("Flo", "double"),
        ("Flo", "out"),  # her whole hand on her first turn
        ("Gus", "press"),
        ("Hal", "hold"),
        ("Ann", "press"),
        ("Bob", "hold"),
        ("Cy", "press"),  # the last first turn: the round ends
    ]
    assert state["phase"] == "scoring"
    assert state["rounds"][0]["scores"] == [None] * 5 + [0] + [None] * 2
