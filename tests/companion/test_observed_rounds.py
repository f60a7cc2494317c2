"""A round whose hands nobody knows accepts everything a real game does: the simulated
players play a dealt round, and the same actions (with the face-up draws named, as a
table would say them) are told to an observed round, which must agree at every step."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from tier import examples

from companion.games.base import Draw, RoundSetup, new_game
from companion.games.bots import GreedyBot, RandomBot
from companion.games.engine_lines import RemoveTrack


def _told(known, action):
    """The action as the table says it: score-yard draws are face up, so they are named."""
    seat = known.turn
    before = len(known.yards[seat])
    known.push(action)
    drawn = known.yards[seat][-1] if len(known.yards[seat]) > before else None
    if isinstance(action, Draw):
        return Draw(drawn)
    if isinstance(action, RemoveTrack):
        return RemoveTrack(action.station, drawn)
    return action


@settings(max_examples=examples(20), deadline=None)
@given(
    game_id=st.sampled_from(["engine-191", "engine-no-9"]),
    seed=st.integers(0, 2**32),
    players=st.integers(2, 4),
)
def test_an_observed_engine_round_follows_a_real_one_with_only_face_up_tiles(
    game_id, seed, players
):
    game = new_game(game_id)
    setup = RoundSetup(1, None, seed % players)
    known = game.deal(setup, players, random.Random(seed))
    seen = game.observed_round(setup, players)
    bot = RandomBot(random.Random(seed))
    for _ in range(3000):
        if known.outcome is not None:
            break
        seen.push(_told(known, bot.choose(known, known.legal_actions())))
        assert seen.hand_counts == [len(hand) for hand in known.hands]
        assert seen.yards == known.yards and seen.removed == known.removed
        assert seen.boneyard_count == len(known.boneyard)
        assert {s: line.tiles for s, line in seen.lines.items()} == {
            s: line.tiles for s, line in known.lines.items()
        }
        assert seen.turn == known.turn
    assert seen.outcome == known.outcome


@settings(max_examples=examples(10), deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 8))
def test_an_observed_dice_round_scores_the_same_from_chains_and_counts(seed, players):
    game = new_game("dice-chains")
    setup = RoundSetup(1, None, 0)
    known = game.deal(setup, players, random.Random(seed))
    seen = game.observed_round(setup, players)
    bot = GreedyBot(random.Random(seed))
    while known.outcome is None:
        action = bot.choose(known, known.legal_actions())
        known.push(action)
        seen.push(action)
    assert seen.outcome == known.outcome
    assert seen.scores() == known.scores()


@settings(max_examples=examples(15), deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 8))
def test_an_observed_supertrain_round_follows_a_real_one_wild_and_action_tiles_included(
    seed, players
):
    from companion.tiles import Tile

    game = new_game("supertrain")
    setup = RoundSetup(1, Tile(12, 12), seed % players)
    known = game.deal(setup, players, random.Random(seed))
    seen = game.observed_round(setup, players)
    bot = RandomBot(random.Random(seed))
    while known.outcome is None:
        action = bot.choose(known, known.legal_actions())
        known.push(action)
        seen.push(action)
        assert seen.hand_counts == [len(hand) for hand in known.hands]
        assert (seen.turn, seen.direction) == (known.turn, known.direction)
        assert {i: t.tiles for i, t in seen.trains.items()} == {
            i: t.tiles for i, t in known.trains.items()
        }
    assert seen.outcome == known.outcome
