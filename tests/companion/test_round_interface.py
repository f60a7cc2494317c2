"""Every game's round, and the live table's, offers the one round interface the service,
the score pad and the simulator use (companion.rounds.Round)."""

import random
import typing

import pytest

from companion.games.base import RoundSetup, game_ids, new_game
from companion.rounds import Round

MEMBERS = [
    name for name in dir(Round) if not name.startswith("_") and name not in ("register",)
] + list(typing.get_type_hints(Round))


def rounds_of(game_id):
    game = new_game(game_id)
    setup = game.first_round(3, random.Random(1))
    yield game.deal(setup, 3, random.Random(2))
    yield game.observed_round(setup, 3)
    yield game.live_turns(setup, 3)


@pytest.mark.parametrize("game_id", game_ids())
def test_every_round_offers_the_whole_interface(game_id):
    for state in rounds_of(game_id):
        assert isinstance(state, Round)
        missing = [name for name in MEMBERS if not hasattr(state, name)]
        assert not missing, f"{type(state).__name__} lacks {missing}"
        assert state.outcome is None and 0 <= state.turn < state.players
        assert state.direction in (1, -1)
        assert state.marked_seats() == [] and state.tapped_seats() == []
        assert state.first_turns_to_come() == [] and list(state.seats_out) == []
        assert state.seat_drawing_first() is None
        assert state.position().split()[0].startswith(game_id)


def test_the_live_round_follows_markers_taps_and_turns_through_the_interface():
    from companion.games.base import Pass, Tap

    state = new_game("mexican-train").live_turns(RoundSetup(1, None, 0), 3)
    state.push(Tap())
    state.push(Pass())
    assert state.marked_seats() == [0] and state.turn == 1
    assert state.tapped_seats() == []  # Ann drew before passing: more than one tile again
