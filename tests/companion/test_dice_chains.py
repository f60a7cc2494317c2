"""Dice chains: each test names the sentence of the sheet it checks."""

import random
from collections import Counter

import pytest

from companion.games.base import EndTurn, IllegalAction, RoundSetup, new_game
from companion.games.dice_chains import ChainRound, LayChain, Roll, chain_fits, find_chains
from companion.simulate import result, simulate
from companion.tiles import Tile, double_set

T = Tile.parse


def tiles(text: str) -> list[Tile]:
    return [T(word) for word in text.split()]


def make_round(hands: list[str], boneyard: str = "", starter: int = 0) -> ChainRound:
    return ChainRound([tiles(h) for h in hands], tiles(boneyard), starter, random.Random(1))


def test_one_set_of_double_six_dominos_per_player_and_ten_dominos_each():
    game = new_game("dice-chains")
    state = game.deal(RoundSetup(1, None, 0), 3, random.Random(2))
    assert Counter(state.where_tiles_are()) == Counter(double_set(6) * 3)
    assert [len(hand) for hand in state.hands] == [10, 10, 10]


@pytest.mark.parametrize(
    ("chain", "dice", "fits"),
    [
        ("2-6", (6, 2), True),  # "a single 6-2 domino is a valid chain to play"
        ("6-3 3-2", (6, 2), True),  # "a 6-3 and a 3-2 linked together"
        ("6-0", (6, 2), True),  # "a single 6-blank domino will serve"
        ("0-0", (4, 5), True),  # "A double blank domino will always be a legal chain"
        ("6-3 0-2", (6, 2), True),  # "a 6-3 domino can be linked to a blank-2 domino"
        ("6-3 4-2", (6, 2), False),  # "... but not a 4-2 domino"
        ("6-3", (6, 2), False),
        ("2-3 3-6", (6, 2), True),  # the dice match the ends in either order
    ],
)
def test_the_numbers_on_the_dice_match_the_numbers_on_the_ends_of_the_chain(chain, dice, fits):
    assert chain_fits(tiles(chain), dice) is fits


def test_the_player_rolls_the_dice_before_making_a_chain():
    state = make_round(["0-0 1-2", "3-4"])
    with pytest.raises(IllegalAction, match="roll"):
        state.push(LayChain((T("0-0"),)))
    assert state.legal_actions() == [Roll(state.next_roll)]


def test_he_can_continue_making_chains_and_rolls_the_dice_again():
    state = make_round(["0-0 2-6 4-5", "3-4"], boneyard="1-1 1-2 1-3")
    state.push(Roll((6, 2)))
    state.push(LayChain((T("2-6"),)))
    assert state.phase == "roll" and state.turn == 0
    state.push(Roll((4, 4)))
    state.push(LayChain((T("0-0"),)))
    state.push(Roll((1, 1)))
    assert LayChain((T("4-5"),)) not in state.legal_actions()
    with pytest.raises(IllegalAction, match="not a chain"):
        state.push(LayChain((T("4-5"),)))
    # "if he does not make a chain for a particular dice roll, his turn is over ... he
    # replenishes his hand by drawing one domino per chain played that turn"
    state.push(EndTurn())
    assert state.turn == 1 and len(state.hands[0]) == 3 and state.boneyard == tiles("1-1")


def test_a_player_cannot_chain_tiles_he_does_not_hold():
    state = make_round(["2-6", "0-0"])
    state.push(Roll((1, 1)))
    with pytest.raises(IllegalAction, match="does not hold"):
        state.push(LayChain((T("0-0"),)))


def test_the_game_ends_when_a_player_goes_to_draw_and_there_arent_enough_left():
    state = make_round(["2-6 0-0 3-3", "4-4"], boneyard="1-1")
    state.push(Roll((6, 2)))
    state.push(LayChain((T("2-6"),)))
    state.push(Roll((5, 5)))
    state.push(LayChain((T("0-0"),)))
    state.push(Roll((1, 2)))
    state.push(EndTurn())
    # "He draws what dominos he can, and then play stops."
    assert state.outcome.ended == "boneyard" and state.boneyard == []
    assert state.hands[0] == tiles("3-3 1-1")
    # "one point per domino he has used in a chain and loses one point per domino left"
    assert state.scores() == [2 - 2, 0 - 1]


def test_the_player_to_the_left_of_the_person_who_went_first_goes_first_in_the_new_round():
    match = simulate("dice-chains", 3, seed=1)
    lines = [line for line in result(match)["record"].splitlines() if line.startswith("round ")]
    names = [line.split(", ")[-1].removesuffix(" starts").split(": ")[-1] for line in lines]
    order = match.players
    for before, after in zip(names, names[1:], strict=False):
        assert order.index(after) == (order.index(before) + 1) % 3


def test_the_winner_is_the_highest_of_those_who_reach_50_points():
    for seed in range(15):
        out = result(simulate("dice-chains", 4, seed=seed))
        totals = out["totals"]
        best = max(totals.values())
        assert best >= 50
        assert out["winners"] == [name for name, total in totals.items() if total == best]
        assert len(out["winners"]) == 1  # a tie at the top plays a tie-breaker round
        before = {name: 0 for name in totals}
        for row in out["rounds"][:-1]:
            before = {name: before[name] + row["scores"][name] for name in before}
        assert max(before.values()) < 50 or list(before.values()).count(max(before.values())) > 1


def test_a_tie_at_the_top_past_the_target_plays_a_tie_breaker_round():
    game = new_game("dice-chains")
    assert game.next_round(RoundSetup(1, None, 0), 3, [55, 55, 20]) is not None
    assert game.next_round(RoundSetup(1, None, 0), 3, [56, 55, 20]) is None
    assert game.next_round(RoundSetup(1, None, 0), 3, [49, 40, 20]) is not None


def test_the_companion_rolls_fair_dice_from_the_seed():
    state = make_round(["1-2", "3-4"])
    faces = Counter()
    for _ in range(6000):
        state._roll_dice()
        faces.update(state.next_roll)
    assert set(faces) == {1, 2, 3, 4, 5, 6}
    assert all(1700 < count < 2300 for count in faces.values())


def test_every_roll_is_an_action_in_the_record():
    out = result(simulate("dice-chains", 2, seed=3, options={"rounds": 1}))
    rolls = [line for line in out["record"].splitlines() if ": roll " in line]
    assert rolls and all(len(line.split()) == 4 for line in rolls)


def test_the_search_finds_the_longest_chain_first():
    chains = find_chains(tiles("6-3 3-5 5-2 6-2 1-1"), (6, 2))
    assert [str(t) for t in chains[0]] == ["3-6", "3-5", "2-5"]


def test_a_round_whose_hands_nobody_knows_is_scored_from_the_face_up_chains_and_counts():
    game = new_game("dice-chains")
    state = game.observed_round(RoundSetup(1, None, 0), 2)
    roll = state.companion_roll()  # the companion rolls for a table without dice
    assert all(1 <= die <= 6 for die in roll.dice)
    state.push(roll)
    state.push(LayChain((T("0-0"),)))  # "A double blank domino will always be a legal chain"
    state.push(Roll((6, 2)))  # the table's own dice
    state.push(LayChain((T("6-3"), T("3-2"))))
    state.push(Roll((1, 1)))
    with pytest.raises(IllegalAction, match="does not hold"):
        state.push(LayChain((T("0-0"), T("0-0"), T("0-0"))))  # two sets hold two 0-0s
    state.push(EndTurn())
    assert state.turn == 1 and state.hand_counts == [10 - 3 + 2, 10]
    assert state.boneyard_count == 56 - 20 - 2
    assert state.scores() == [3 - 9, -10]
