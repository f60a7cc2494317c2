import json
import subprocess
import sys

import pytest


def run(*args):
    return subprocess.run(
        [sys.executable, "-m", "companion.cli", *args], capture_output=True, text=True, timeout=60
    )


def test_simulate_prints_the_score_pad():
    done = run("simulate", "--game", "mexican-train", "--players", "4", "--rounds", "2")
    assert done.returncode == 0
    assert "total" in done.stdout
    assert "wins" in done.stdout or "share the win" in done.stdout


def test_simulate_json_is_one_object_as_the_design_says():
    done = run(
        "simulate",
        "--game",
        "mexican-train",
        "--players",
        "3",
        "--seed",
        "4",
        "--json",
        "--preset",
        "puremco",
        "--rounds",
        "2",
    )
    game = json.loads(done.stdout)
    assert set(game) == {"game", "preset", "players", "rounds", "totals", "winners", "record"}
    assert game["game"] == "mexican-train" and game["preset"] == "puremco"
    assert [r["engine"] for r in game["rounds"]] == ["12-12", "11-11"]
    assert set(game["rounds"][0]) == {"engine", "scores", "winners", "ended"}
    assert game["record"].startswith("# Train Companion game record")


@pytest.mark.parametrize(
    "args, message",
    [
        (["--game", "snap", "--players", "4"], "no game called 'snap'"),
        (["--game", "mexican-train", "--players", "1"], "2 to 8 players, not 1"),
        (["--game", "mexican-train", "--players", "9"], "2 to 8 players, not 9"),
        (["--game", "mexican-train", "--players", "4", "--preset", "x"], "no preset 'x'"),
        (["--game", "mexican-train", "--players", "4", "--seed", "abc"], "invalid int value"),
        (["--game", "mexican-train", "--players", "4", "--option", "set=7"], "set must be"),
        (["--game", "mexican-train", "--players", "4", "--option", "rounds=x"], "rounds"),
    ],
)
def test_bad_input_is_one_line_and_status_2(args, message):
    done = run("simulate", *args)
    assert done.returncode == 2
    assert message in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1
    assert "Traceback" not in done.stderr


def test_games_lists_ids_and_options():
    done = run("games")
    assert done.returncode == 0
    assert "mexican-train" in done.stdout and "zero_zero_worth" in done.stdout
