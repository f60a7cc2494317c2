"""Invariants of every game over random games (Hypothesis): no tile is ever lost or
duplicated, only legal actions are accepted and a refused one changes nothing, the score
pad adds up, a round is blocked only when nobody can play, and a game's record replays to
the same game."""

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tier import examples

from companion.errors import CompanionError
from companion.games.base import Draw, Pass, Play, game_class, game_ids
from companion.match import Match
from companion.record import replay_record, write_record
from companion.tiles import Tile

SETTINGS = settings(
    max_examples=examples(15), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
ODD_ACTIONS = [
    Pass(),
    Draw(),
    Play(Tile(0, 0), 0),
    Play(Tile(6, 6), "mexican"),
    Play(Tile(1, 9), 1),
]


def every_tile(match: Match) -> Counter:
    game, players = match.game, len(match.players)
    if hasattr(game, "all_tiles"):
        return Counter(game.all_tiles(players))
    from companion.tiles import double_set

    return Counter(double_set(game.options.set))


def choose(state, actions, rng):
    """A random player; in dice chains it lays a chain when it has one (a player who never
    chains would never end the round)."""
    chains = [a for a in actions if type(a).__name__ == "LayChain"]
    return rng.choice(chains or actions)


def play_random_game(game_id, players, seed, rng):
    match = Match()
    names = ["Ann", "Bob", "Cy", "Di", "Ed"][:players]
    rounds = 1 if game_id == "dice-chains" else 2  # a dice-chains round is a long one
    match.apply(Match.prepare_start(game_id, names, None, {"rounds": rounds}, seed))
    full = every_tile(match)
    while not match.finished:
        match.apply(match.prepare_round())
        state = match.state
        for step in range(10_000):  # a five-player dice-chains round can take 3000 turns
            if state.outcome is not None:
                break
            assert Counter(state.where_tiles_are()) == full
            if step % 7 == 0:
                for odd in ODD_ACTIONS:  # a refused action changes nothing
                    before = state.position()
                    try:
                        state.check(odd, match.players)
                    except CompanionError:
                        assert state.position() == before
            actions = state.legal_actions()
            assert actions
            match.play(choose(state, actions, rng))
        assert state.outcome is not None, "a round never ended"
        assert Counter(state.where_tiles_are()) == full
        if state.outcome.ended == "blocked":
            playing = [s for s in range(players) if s not in state.seats_out]
            assert not [s for s in playing if state.could_play(s)]
        for record in match.count_scores():
            match.apply(record)
        assert match.pad.row(match.setup.number) == match.game.pad_values(
            match.game.round_scores(state), state
        )
        if match.is_last_round():
            match.apply(match.prepare_end())
    return match


@pytest.mark.parametrize("game_id", game_ids())
@SETTINGS
@given(seed=st.integers(0, 2**32), choices=st.integers(0, 2**32), players=st.integers(2, 5))
def test_random_games_keep_every_invariant(game_id, seed, choices, players):
    cls = game_class(game_id)
    players = min(max(players, cls.players[0]), cls.players[-1])
    match = play_random_game(game_id, players, seed, random.Random(choices))
    totals = match.pad.totals()
    rows = [match.pad.row(r) for r in match.pad.rounds]
    assert totals == [sum(row[s] for row in rows) for s in range(players)]
    again = replay_record(write_record(match.log))
    assert again.pad.totals() == totals
    assert again.pad.winners() == match.pad.winners()
    assert [r.ended for r in again.rounds] == [r.ended for r in match.rounds]
