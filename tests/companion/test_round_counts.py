"""How many rounds each sheet plays, and on which engines.

Front Porch: "In round #2 the double 11 ... and so on until all 12 rounds are completed"
(12-12 down to 1-1). Puremco: "with the 0-0 tile being the final engine" (13 rounds on a
double-12). SuperTrain: "down to the 0-0 and finally the Train-Train".
"""

import random

import pytest

from companion.games.base import new_game


def engines(game_id, preset=None, players=3, **options):
    game = new_game(game_id, preset, options)
    setup = game.first_round(players, random.Random(1))
    played = []
    while setup is not None:
        played.append(str(setup.engine))
        setup = game.next_round(setup, players, [0] * players)
    return played


def doubles(high, low):
    return [f"{n}-{n}" for n in range(high, low - 1, -1)]


def test_front_porch_plays_twelve_rounds_from_12_12_down_to_1_1():
    assert engines("mexican-train", "front-porch") == doubles(12, 1)


def test_puremco_plays_thirteen_rounds_from_12_12_down_to_0_0():
    assert engines("mexican-train", "puremco") == doubles(12, 0)


@pytest.mark.parametrize(("high", "preset", "low"), [(9, "front-porch", 1), (15, "puremco", 0)])
def test_other_sets_count_down_from_their_top_double(high, preset, low):
    assert engines("mexican-train", preset, set=high) == doubles(high, low)


def test_supertrain_ends_with_the_train_train():
    assert engines("supertrain") == [*doubles(12, 0), "train-train"]


def test_the_rounds_option_stops_early_and_a_later_start_shortens_the_count():
    assert engines("mexican-train", "front-porch", rounds=3) == doubles(12, 10)
    assert engines("mexican-train", "front-porch", starting_engine=5) == doubles(5, 1)


def test_front_porch_refuses_more_rounds_than_its_engines():
    from companion.errors import CompanionError

    with pytest.raises(CompanionError, match="rounds must be 1 to 12"):
        new_game("mexican-train", "front-porch", {"rounds": 13})
