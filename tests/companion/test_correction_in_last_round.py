"""A score corrected while the last round is still in play does not end the game."""

from companion import commands as c
from companion.service import Companion
from companion.store import Store


def test_correcting_an_earlier_round_during_the_last_round_keeps_it_in_play(tmp_path):
    store = Store(tmp_path)
    comp = Companion(store).start()
    try:
        comp.call(c.NewGame("mexican-train", ["Ann", "Bob"], None, {"rounds": 2}, starter=0))
        comp.call(c.EndRound("blocked"))
        comp.call(c.EnterScore(0, 10))
        comp.call(c.EnterScore(1, 20))
        comp.call(c.NextRound())
        comp.call(c.EnterScore(1, 25, "host", "a 6-6 under the rack", 1))
        state = comp.state()
        assert state["phase"] == "playing" and state["totals"]["Bob"] == 25
    finally:
        comp.stop()
        store.close()
