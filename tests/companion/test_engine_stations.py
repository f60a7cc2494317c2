"""Engine 191 / No. 9: an incomplete station must be completed before anything else, and a
depleted round ends only when nobody can play. Each position is one line."""

import pytest

from companion.games.base import Draw, EndTurn, IllegalAction, Pass, Play
from companion.games.engine_lines import PlayFromYard, RemoveTrack
from companion.positions import from_position
from companion.tiles import Tile

# Ann's line ends in the station 5-5 with nothing on its far side.
STATION = "main=3-3 yards=-/- lines=3-5,5-5/- boneyard=2-2,6-6"


@pytest.mark.parametrize("game", ["engine-191", "engine-no-9"])
def test_a_player_who_can_complete_the_station_must_and_may_not_draw(game):
    state = from_position(f"{game} turn=2 hands=5-6,1-1/5-2,0-0 {STATION}")
    assert state.legal_actions() == [Play(Tile(5, 2), 0)]
    with pytest.raises(IllegalAction, match="incomplete station"):
        state.check(Draw())


def test_a_player_who_cannot_complete_it_draws_into_the_score_yard_and_may_play_that():
    state = from_position(f"engine-191 turn=2 hands=5-6,1-1/3-4,0-0 {STATION}")
    assert state.legal_actions() == [Draw()]
    state.push(Draw())  # 2-2 does not fit the 5 either
    assert state.yards[1] == [Tile(2, 2)]
    assert state.legal_actions() == [EndTurn()]
    lucky = from_position(
        "engine-191 turn=2 hands=5-6,1-1/3-4,0-0 main=3-3 lines=3-5,5-5/- boneyard=5-1,6-6"
    )
    lucky.push(Draw())
    assert PlayFromYard(Tile(5, 1), 0, Tile(3, 4)) in lucky.legal_actions()


def test_the_owner_may_remove_track_instead_of_completing_the_station():
    state = from_position(f"engine-191 turn=1 hands=5-6,1-1/3-4,0-0 {STATION}")
    actions = state.legal_actions()
    assert RemoveTrack(Tile(3, 5)) not in actions  # 191: only back to the last station
    assert RemoveTrack(None) in actions
    assert Play(Tile(5, 6), 0) in actions
    assert Draw() not in actions


def test_with_the_boneyard_depleted_a_player_who_can_play_may_not_pass():
    state = from_position("engine-191 main=3-3 turn=1 hands=3-6,1-1/0-0,1-2 boneyard=-")
    assert Pass() not in state.legal_actions()
    with pytest.raises(IllegalAction):
        state.check(Pass())


def test_a_depleted_round_ends_when_every_player_in_turn_cannot_play():
    state = from_position("engine-191 main=3-3 turn=1 hands=5-6,1-1/0-0,1-2 boneyard=-")
    state.push(Pass())
    assert state.outcome is None
    state.push(Pass())
    assert state.outcome.ended == "blocked"
