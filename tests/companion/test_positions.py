"""One line of text per round position: from_position(text) and .position() round-trip
for every game, and a line that cannot be read says which field is wrong."""

import pytest

from companion.games.base import game_ids
from companion.match import Match
from companion.positions import PositionError, from_position
from companion.simulate import simulate


def positions_of_a_game(game_id, players=2, seed=5):
    """Every position of a simulated game, replayed action by action from its log."""
    match = Match()
    for entry in simulate(game_id, players, seed, options={"rounds": 1}).log:
        match.apply(entry)
        if match.state is not None:
            yield match.state


@pytest.mark.parametrize("game_id", game_ids())
def test_every_position_of_a_game_reads_back_to_the_same_round(game_id):
    seen = 0
    for state in positions_of_a_game(game_id):
        text = state.position()
        assert "\n" not in text
        again = from_position(text)
        assert again.position() == text
        # (the companion's next dice roll and a redeal's shuffle are not part of a position)
        if state.outcome is None and getattr(state, "phase", "") not in ("reveal", "roll"):
            assert again.legal_actions() == state.legal_actions()
        seen += 1
    assert seen > 20


def test_a_position_nobody_has_seen_the_hands_of_reads_back():
    text = (
        "mexican-train/front-porch engine=12-12 turn=2 hands=#14/#13/#14"
        " trains=12-5*/-/-/- boneyard=#48 first-turns=2,3"
    )
    state = from_position(text)
    assert state.hands is None and state.hand_counts == [14, 13, 14]
    assert state.position() == text


def test_a_house_rule_is_kept_in_the_line():
    text = "mexican-train/puremco options=zero_zero_worth:50 engine=9-9 turn=1 hands=0-0/1-2"
    state = from_position(text)
    assert state.scores() == [50, 3]
    assert "options=zero_zero_worth:50" in state.position()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty"),
        ("chess turn=1", "no game called 'chess'"),
        ("mexican-train engine=12-12 hands=1-2/3-4", "no turn= field"),
        ("mexican-train engine=12-12 turn=3 hands=1-2/3-4", "seats are 1 to 2"),
        ("mexican-train engine=12-12 turn=1 hands=1-2/1-2", "1-2"),
        ("mexican-train engine=12-12 turn=1 hands=1-2/3-x", "3-x"),
        ("mexican-train engine=12-12 turn=1 hands=1-2/3-4 colour=red", "colour"),
        ("mexican-train engine=12-12 turn=1 hands=1-2/3-4 trains=-/-", "Mexican Train"),
        ("mexican-train engine=12-12 turn=1 hands=1-2/#4", "every hand"),
        ("mexican-train/none engine=12-12 turn=1 hands=1-2/3-4", "no preset 'none'"),
        ("engine-191 main=3-3 turn=1 hands=1-2/4-5 lines=3-6,5-5/-", "does not follow"),
        ("dice-chains turn=1 hands=1-2/3-4 dice=7,1", "two dice"),
    ],
)
def test_a_line_that_cannot_be_read_says_what_is_wrong(text, message):
    from companion.errors import CompanionError

    with pytest.raises(CompanionError, match=message):
        from_position(text)
    assert issubclass(PositionError, CompanionError)
