"""A round ends blocked only when the boneyard is empty and every seat, since the last tile
was played, had its turn and could not play on any train open to it (the sheets: "the game
is blocked because no one holds a playable tile and all tiles in the bone pile have been
drawn"). Each position is one line (docs/positions.md)."""

import pytest

from companion.games.base import Pass, Play
from companion.positions import from_position
from companion.tiles import Tile

TRAIN_GAMES = ["mexican-train/puremco", "mexican-train/front-porch", "supertrain"]
HANDS = "hands=1-2,1-3/7-8,1-4/3-4,2-3"


def pass_round(state, times):
    for _ in range(times):
        assert state.legal_actions() == [Pass()]
        state.push(Pass())


@pytest.mark.parametrize("game", TRAIN_GAMES)
def test_a_marker_placed_in_the_last_cycle_of_passes_reopens_play(game):
    # Ann and Bob passed long ago (markers out); only Cy's train is closed. Bob's 7-8 fits
    # Cy's train. Cy passes and puts a marker out: Bob must get a turn to play on it.
    state = from_position(
        f"{game} engine=12-12 turn=1 {HANDS} trains=12-5*/12-6*/12-7/12-9 boneyard=-"
    )
    pass_round(state, 3)  # Ann, Bob, Cy (who places a marker)
    assert state.outcome is None
    assert state.turn == 0
    pass_round(state, 1)  # Ann still cannot play
    assert Play(Tile(7, 8), 2, 8) in state.legal_actions()


@pytest.mark.parametrize("game", TRAIN_GAMES)
def test_every_seat_passing_with_nothing_new_to_play_on_blocks_the_round(game):
    state = from_position(
        f"{game} engine=12-12 turn=1 {HANDS} trains=12-5*/12-6*/12-0*/12-9 boneyard=-"
    )
    pass_round(state, 2)
    assert state.outcome is None
    pass_round(state, 1)
    assert state.outcome.ended == "blocked"


def test_passes_already_made_count_towards_the_block():
    state = from_position(
        "mexican-train/puremco engine=12-12 turn=1 hands=1-2,1-3/7-8,1-4/3-4,2-3"
        " trains=12-5*/12-6*/12-0*/12-9 boneyard=- passed=2,3"
    )
    pass_round(state, 1)
    assert state.outcome.ended == "blocked"


def test_a_pass_on_a_first_turn_does_not_block_a_seat_that_may_play_later():
    # Front Porch: on her first turn Ann may build only her own train, so her 5-1 cannot
    # go on Bob's marked train yet; after the first turn it can.
    state = from_position(
        "mexican-train/front-porch engine=12-12 turn=1 first-turns=1"
        " hands=5-1,3-3/0-1,0-3/0-2,2-2 trains=-/12-5*/12-4*/- boneyard=-"
    )
    pass_round(state, 3)
    assert state.outcome is None
    assert Play(Tile(5, 1), 1, 1) in state.legal_actions()


def test_while_the_boneyard_holds_a_tile_the_round_goes_on():
    state = from_position(
        "mexican-train/puremco engine=12-12 turn=1 hands=1-2,1-3/7-8,1-4/3-4,2-3"
        " trains=12-5*/12-6*/12-11*/12-9 boneyard=0-0,0-1,0-2,0-3"
    )
    for _ in range(3):
        state.push(state.legal_actions()[0])  # draw
        state.push(state.legal_actions()[0])  # the drawn blank fits nothing: pass
    assert state.outcome is None
    state.push(state.legal_actions()[0])  # Ann draws the last tile
    state.push(state.legal_actions()[0])  # and passes: nobody can play
    assert state.outcome.ended == "blocked"


@pytest.mark.slow  # 135 whole games
@pytest.mark.parametrize(
    ("game", "preset", "engines"),
    [
        ("mexican-train", "front-porch", 12),
        ("mexican-train", "puremco", 13),
        ("supertrain", None, 14),
    ],
)
def test_no_simulated_round_is_called_blocked_while_a_seat_could_play(game, preset, engines):
    """Issue 17's sweep: seeds 1 to 15, 2 to 4 players, each record replayed line by line."""
    from companion.entries import ActionEntry
    from companion.match import Match
    from companion.record import read_record, write_record
    from companion.simulate import simulate

    for seed in range(1, 16):
        for players in (2, 3, 4):
            record = write_record(simulate(game, players, seed, preset).log)
            match = Match()
            for entry in read_record(record):
                played = isinstance(entry, ActionEntry)
                if played:
                    match.prepare_action(match.game.parse_action(entry.action, match.players))
                match.apply(entry)
                state = match.state
                if played and state.outcome and state.outcome.ended == "blocked":
                    seats = [s for s in range(players) if s not in state.seats_out]
                    assert not [s for s in seats if state.could_play(s)], (seed, players)
            assert len(match.rounds) == engines
