"""`serve`'s table prunes old hand photos when it starts and whenever a game ends."""

import secrets
from dataclasses import replace

from companion import commands as c
from companion.cli.assemble import Table
from companion.config import load_config
from companion.service import Companion
from companion.store import Store


def play_a_game(companion: Companion, photos, call) -> str:
    """One round; Ann's hand read from a photo; the game ends once both hands are scored."""
    call(c.NewGame("mexican-train", ["Ann", "Bob"], options={"rounds": 1}))
    call(c.EndRound("blocked"))
    name = f"{secrets.token_hex(16)}.jpg"
    photos.mkdir(exist_ok=True)
    (photos / name).write_bytes(b"\xff\xd8\xff\xe0 a hand")
    call(c.HandRead(0, 5, [[2, 3]], False, name, source="camera"))
    call(c.EnterScore(0, 5))
    call(c.EnterScore(1, 7))
    return name


def test_old_photos_go_at_start_up_and_when_the_next_game_ends(tmp_path):
    photos = tmp_path / "photos"
    with Store(tmp_path) as store:  # an SD card from before photos were pruned
        earlier = Companion(store)
        names = [play_a_game(earlier, photos, earlier.handle) for _ in range(3)]
    config = replace(
        load_config(None, environ={}), data_dir=tmp_path, keep_finished_games=1, port=0
    )
    with Table(config, simulate=True, seats=2, seat_scale=0.1, web=False) as table:
        table.start()
        assert {p.name for p in photos.iterdir()} == {names[2]}
        latest = play_a_game(table.companion, photos, table.companion.call)
        assert {p.name for p in photos.iterdir()} == {latest}
