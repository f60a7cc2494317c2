"""The camera path end to end: a seat presses, the synthetic camera photographs the hand it
holds, the reading reaches the score pad, and its picture is there for the phones."""

import json
import threading
import urllib.request
from dataclasses import replace

from companion import commands as c
from companion.cli.assemble import Table
from companion.config import load_config
from companion.tiles import Tile

HAND = [Tile(3, 5), Tile(6, 6), Tile(0, 2)]


def test_a_pressed_seat_gets_its_hand_read_and_the_picture_is_served(tmp_path):
    config = replace(load_config(None, environ={}), data_dir=tmp_path, port=0, host="127.0.0.1")
    with Table(
        config, simulate=True, seats=2, seat_scale=0.1, hand_for_seat=lambda s: HAND
    ) as table:
        table.start()
        companion = table.companion
        read = threading.Event()
        companion.add_listener(lambda said: said.stored.type == "hand_read" and read.set())
        assert table.camera.hand_limit() is None  # no game yet: the reader does not doubt
        companion.call(c.NewGame("mexican-train", ["Ann", "Bob"], starter=0))
        assert table.camera.hand_limit() == 91 - 1 - 16  # the reader asks the game in play
        companion.call(c.Gesture(0, "out"))
        companion.call(c.Gesture(1, "press"))  # Bob still takes his first turn (Front Porch)
        companion.call(c.Gesture(1, "press"))  # Bob lays his tiles on the mat and presses
        assert read.wait(60), "the camera never answered"
        reading = companion.state()["scoring"]["readings"]["2"]
        assert reading["source"] == "camera" and reading["total"] >= 0
        with urllib.request.urlopen(f"{table.web.url}photos/{reading['picture']}") as answer:
            assert answer.headers["Content-Type"] == "image/jpeg"
            assert answer.read(3) == b"\xff\xd8\xff"
        with urllib.request.urlopen(f"{table.web.url}api/state") as answer:
            photos = json.load(answer)["photos"]
        assert photos and photos[0]["picture"] == reading["picture"]
