"""Simulated players tell a live companion what they did, by gestures only."""

import pytest

from companion import commands as c
from companion.service import Companion
from companion.simtable import SimulatedTable
from companion.store import Store


@pytest.mark.parametrize("seed", [1, 2])
def test_the_live_table_follows_a_whole_game_from_gestures_alone(tmp_path, seed):
    names = ["Ann", "Bob", "Cy", "Di"]
    table = SimulatedTable(
        "mexican-train", names, seed=seed, preset="puremco", options={"rounds": 3}
    )
    with Store(tmp_path) as store:
        live = Companion(store)
        table.deal()
        starter = table.match.state.turn
        live.handle(c.NewGame("mexican-train", names, "puremco", {"rounds": 3}, starter))
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
