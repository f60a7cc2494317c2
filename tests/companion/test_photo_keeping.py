"""Hand photos on disk: the game in play's and the last N finished games' stay, older ones
are deleted when a game ends; a photo that will not go is reported, never a crash."""

from __future__ import annotations

import logging
import os
import secrets
import time

import pytest

from companion import commands as c
from companion.photo_keeping import PhotoKeeper
from companion.service import Companion
from companion.store import Store

JPEG = b"\xff\xd8\xff\xe0 a hand on the mat"


@pytest.fixture
def photos(tmp_path):
    folder = tmp_path / "photos"
    folder.mkdir()
    return folder


@pytest.fixture
def store(tmp_path):
    with Store(tmp_path) as log:
        yield log


def table(store, photos, keep_finished: int) -> Companion:
    """A companion whose game loop is driven from the test (``handle``), with the keeper
    listening as ``serve`` wires it."""
    companion = Companion(store)
    companion.add_listener(PhotoKeeper(store, photos, keep_finished))
    return companion


def photograph(photos) -> str:
    name = f"{secrets.token_hex(16)}.jpg"
    (photos / name).write_bytes(JPEG)
    return name


def play_a_game(companion: Companion, photos, finish: bool = True) -> str:
    """One round of Mexican Train; Ann's hand is read from a photo. The game ends by itself
    once both hands are scored. Returns the photo's name."""
    companion.handle(c.NewGame("mexican-train", ["Ann", "Bob"], options={"rounds": 1}))
    companion.handle(c.EndRound("blocked"))
    name = photograph(photos)
    companion.handle(c.HandRead(0, 5, [[2, 3]], False, name, source="phone"))
    if finish:
        companion.handle(c.EnterScore(0, 5))
        companion.handle(c.EnterScore(1, 7))
    return name


def on_disk(photos) -> set[str]:
    return {path.name for path in photos.iterdir()}


def test_a_game_ending_deletes_the_photos_of_games_beyond_the_last_n(store, photos):
    companion = table(store, photos, keep_finished=2)
    first, second, third = (play_a_game(companion, photos) for _ in range(3))
    assert on_disk(photos) == {second, third}
    fourth = play_a_game(companion, photos)
    assert on_disk(photos) == {third, fourth}
    assert [game["finished"] for game in store.games()] == [True] * 4


def test_the_game_in_play_keeps_its_photos_besides_the_last_n_finished(store, photos):
    companion = table(store, photos, keep_finished=1)
    old = play_a_game(companion, photos)
    last = play_a_game(companion, photos)
    playing = play_a_game(companion, photos, finish=False)
    assert on_disk(photos) == {last, playing}  # old went when `last` ended
    result = PhotoKeeper(store, photos, keep_finished=1).prune()
    assert (result.deleted, result.kept) == (0, 2)
    assert old not in on_disk(photos)


def test_with_none_kept_only_the_game_in_play_keeps_its_photos(store, photos):
    companion = table(store, photos, keep_finished=0)
    play_a_game(companion, photos)
    assert on_disk(photos) == set()
    playing = play_a_game(companion, photos, finish=False)
    companion.handle(c.NewGame("mexican-train", ["Cy", "Di"]))  # ends the game in play
    assert playing not in on_disk(photos)


def test_every_photo_the_kept_games_pads_show_is_still_there(store, photos):
    companion = table(store, photos, keep_finished=2)
    for _ in range(5):
        play_a_game(companion, photos)
    kept = {game["id"] for game in store.games()[:2]}
    shown = {picture for game_id, picture in store.hand_pictures() if game_id in kept}
    assert len(shown) == 2 and shown <= on_disk(photos)


def test_unnamed_photos_go_with_the_game_they_were_taken_during(store, photos):
    companion = table(store, photos, keep_finished=1)
    play_a_game(companion, photos)
    read_without_a_seat = photograph(photos)  # during game 1: no event names it
    long_ago = time.time() - 86_400
    os.utime(photos / read_without_a_seat, (long_ago, long_ago))
    play_a_game(companion, photos)
    playing = play_a_game(companion, photos, finish=False)
    during_this_game = photograph(photos)
    PhotoKeeper(store, photos, keep_finished=1).prune()
    assert read_without_a_seat not in on_disk(photos)
    assert {playing, during_this_game} <= on_disk(photos)


def test_files_that_are_not_our_pictures_are_never_touched(store, photos):
    companion = table(store, photos, keep_finished=0)
    mine = ["IMG_0001.jpg", "notes.txt", "ABCDEF0123456789ABCDEF0123456789.jpg"]
    for name in mine:
        (photos / name).write_bytes(JPEG)
        os.utime(photos / name, (0, 0))
    play_a_game(companion, photos)
    play_a_game(companion, photos)
    assert on_disk(photos) == set(mine)


def test_no_photo_folder_yet_is_nothing_to_do(store, tmp_path):
    companion = table(store, tmp_path / "photos", keep_finished=0)
    companion.handle(c.NewGame("mexican-train", ["Ann", "Bob"], options={"rounds": 1}))
    companion.handle(c.EndGame())
    companion.handle(c.NewGame("mexican-train", ["Ann", "Bob"], options={"rounds": 1}))
    assert not (tmp_path / "photos").exists()


@pytest.fixture
def undeletable():
    """Put a folder where a photo was: unlink() refuses a folder for everyone, root
    included, on any filesystem (no chattr or capabilities needed, as CI has none)."""

    def lock(path):
        path.unlink()
        path.mkdir()
        (path / "inside").write_bytes(b"")

    return lock


def test_a_photo_that_cannot_be_deleted_is_one_log_line_and_the_game_goes_on(
    store, photos, undeletable, caplog
):
    companion = table(store, photos, keep_finished=0)
    stuck = play_a_game(companion, photos, finish=False)
    undeletable(photos / stuck)
    caplog.set_level(logging.INFO, logger="train_companion")
    companion.handle(c.EnterScore(0, 5))
    companion.handle(c.EnterScore(1, 7))  # the game ends; its photo is due to go
    assert companion.state()["phase"] == "over"
    assert stuck in on_disk(photos)
    warnings = [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING]
    assert len(warnings) == 1
    assert "could not delete 1 old hand photo in" in warnings[0] and stuck in warnings[0]
