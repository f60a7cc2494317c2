"""The README's main job: `demo` plays a game night on simulated hardware."""

import subprocess
import sys

import pytest


def demo(*args: str, timeout: float = 300) -> subprocess.CompletedProcess:
    command = [sys.executable, "-m", "companion.cli", "demo", *args]
    return subprocess.run(command, capture_output=True, text=True, timeout=timeout)


@pytest.mark.slow  # a whole game night in a subprocess
def test_demo_plays_a_short_game_night_and_prints_the_score_pad(tmp_path):
    done = demo(
        "--speed",
        "0",
        "--players",
        "3",
        "--rounds",
        "2",
        "--host",
        "127.0.0.1",
        "--port",
        "0",
        "--data-dir",
        str(tmp_path),
    )
    assert done.returncode == 0, done.stderr[-2000:]
    out = done.stdout
    assert "Round 1: engine 12-12" in out and "Round 2: engine 11-11" in out
    assert "total" in out and ("wins!" in out or "share the win!" in out)
    assert "Score pad: http://127.0.0.1:" in out
    assert "Traceback" not in done.stderr
    # the game night is in the event log, so `serve` would resume or show it in history
    assert (tmp_path / "train-companion.sqlite3").stat().st_size > 0


def test_demo_refuses_a_bad_player_count_in_one_line():
    done = demo("--players", "9", timeout=60)
    assert done.returncode == 2
    assert done.stderr.strip().count("\n") == 0 and "2 to 8 players" in done.stderr


@pytest.mark.slow  # a whole game night in a subprocess
@pytest.mark.parametrize("game", ["supertrain", "engine-191"])
def test_demo_plays_the_other_train_games_through_the_live_table(game, tmp_path):
    """SuperTrain's action tiles are announced from the seat's phone and the Engine games'
    reveal names the starter; the live table must follow either to the end."""
    done = demo(
        "--game",
        game,
        "--speed",
        "0",
        "--players",
        "2",
        "--rounds",
        "2",
        "--port",
        "0",
        "--data-dir",
        str(tmp_path),
    )
    assert done.returncode == 0, done.stdout[-1500:] + done.stderr[-1500:]
    assert "Round 2" in done.stdout and "total" in done.stdout
