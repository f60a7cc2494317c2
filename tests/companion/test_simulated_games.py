"""Whole simulated games: conservation of tiles, scoring, totals and the record."""

import json
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tier import examples

from companion.cli import main
from companion.games.bots import RandomBot
from companion.match import Match
from companion.record import read_record, replay_record, write_record
from companion.simulate import result, simulate
from companion.tiles import double_set


@settings(max_examples=examples(60), deadline=None)
@given(
    seed=st.integers(0, 10**6),
    players=st.integers(2, 8),
    preset=st.sampled_from(["front-porch", "puremco"]),
    set_max=st.sampled_from([9, 12, 15]),
)
def test_every_tile_is_in_exactly_one_place_after_every_action(seed, players, preset, set_max):
    match = Match()
    match.apply(
        Match.prepare_start(
            "mexican-train", [f"P{i}" for i in range(players)], preset, {"set": set_max}, seed
        )
    )
    match.apply(match.prepare_round())
    state = match.state
    whole_set = Counter(double_set(set_max))
    bot = RandomBot(random.Random(seed))
    while state.outcome is None:
        match.play(bot.choose(state, state.legal_actions()))
        assert Counter(state.where_tiles_are()) == whole_set
        assert sum(state.hand_counts) + state.boneyard_count + sum(
            len(t.tiles) for t in state.trains.values()
        ) + 1 == len(double_set(set_max))


@pytest.mark.slow  # hundreds of whole games
@pytest.mark.parametrize("players", range(2, 9))
def test_thirty_seeded_games_finish_for_every_player_count(players, capsys):
    for seed in range(30):
        assert (
            main(
                [
                    "simulate",
                    "--game",
                    "mexican-train",
                    "--players",
                    str(players),
                    "--seed",
                    str(seed),
                    "--json",
                ]
            )
            == 0
        )
        game = json.loads(capsys.readouterr().out)
        names = game["players"]
        assert len(names) == players and len(game["rounds"]) == 12  # Front Porch: 12-12 to 1-1
        for round_ in game["rounds"]:
            scores = round_["scores"]
            if round_["ended"] == "out":
                assert min(scores.values()) == 0
                assert all(scores[w] == 0 for w in round_["winners"])
            assert round_["winners"] == [n for n in names if scores[n] == min(scores.values())]
        for name in names:
            assert game["totals"][name] == sum(r["scores"][name] for r in game["rounds"])
        lowest = min(game["totals"].values())
        assert game["winners"] == [n for n in names if game["totals"][n] == lowest]


@pytest.mark.parametrize("preset", ["front-porch", "puremco"])
@pytest.mark.parametrize("seed", [3, 11])
def test_the_record_replays_to_the_same_result(preset, seed):
    match = simulate("mexican-train", 5, seed=seed, preset=preset, options={"rounds": 4})
    text = write_record(match.log)
    again = replay_record(text)
    assert again.pad.to_dict() == match.pad.to_dict()
    assert [r.ended for r in again.rounds] == [r.ended for r in match.rounds]
    assert write_record(again.log) == text
    assert result(again)["totals"] == result(match)["totals"]


def test_a_damaged_record_names_the_line():
    match = simulate("mexican-train", 3, seed=1, options={"rounds": 1})
    lines = write_record(match.log).splitlines()
    lines[9] = "Ann: juggle 3-4"
    from companion.errors import CompanionError

    with pytest.raises(CompanionError, match="cannot read 'juggle 3-4'"):
        replay_record("\n".join(lines))
    with pytest.raises(CompanionError, match="not a game record"):
        read_record("hello\n")


def test_a_record_with_an_illegal_move_is_refused():
    match = simulate("mexican-train", 3, seed=1, options={"rounds": 1})
    text = write_record(match.log)
    first_play = next(line for line in text.splitlines() if ": play " in line)
    tampered = text.replace(first_play, first_play.split(":")[0] + ": play 0-0 on mexican", 1)
    from companion.games.base import IllegalAction

    with pytest.raises(IllegalAction):
        replay_record(tampered)
