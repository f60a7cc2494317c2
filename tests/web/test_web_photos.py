"""Hand photos from a phone: who may send them, size and kind, and the picture route."""

from __future__ import annotations

import io

import pytest
from web_helpers import PIN, phone_at_table, png, post

from web import create_app
from web.photos import looks_like_image


def upload(client, data: bytes, seat=None, token=None, name="hand.png"):
    form = {"photo": (io.BytesIO(data), name)}
    if seat is not None:
        form["seat"] = str(seat)
    return post(client, "/api/photos", token=token, data=form, content_type="multipart/form-data")


def test_a_photo_needs_the_host_or_a_seat_phone(client, app, game):
    response = upload(client, png())
    assert response.status_code == 401 and "join the table" in response.json["error"]
    response = upload(phone_at_table(app), png())  # joined, but holds no seat
    assert response.status_code == 403
    assert "only the host" in response.json["error"]


def test_a_seat_phone_may_send_only_its_own_hand(phone, game):
    other = phone.seat % 3 + 1
    assert upload(phone, png(), seat=other).status_code == 403
    assert upload(phone, png()).status_code == 403  # no seat: only the host may


def test_a_photo_needs_the_csrf_token(host):
    response = upload(host, png(), token="")
    assert response.status_code == 403 and "X-CSRF-Token" in response.json["error"]


def test_a_photo_over_20_mb_is_413(host):
    big = b"\xff\xd8\xff\xe0" + b"\0" * (20 * 1024 * 1024)
    response = upload(host, big, name="huge.jpg")
    assert response.status_code == 413
    assert "at most 20 MB" in response.json["error"]


@pytest.mark.parametrize(
    ("data", "name"),
    [
        (b"%PDF-1.7\n1 0 obj\n", "scores.pdf"),
        (b"#!/bin/sh\nrm -rf /\n", "hand.jpg"),
        (b"<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>", "h.svg"),
        (b"GIF89a\x01\x00\x01\x00", "hand.gif"),
    ],
)
def test_anything_but_a_photo_is_415(host, data, name):
    response = upload(host, data, name=name)
    assert response.status_code == 415
    assert "JPEG, PNG or WebP" in response.json["error"]


def test_a_photo_must_be_in_the_photo_field(host):
    response = post(host, "/api/photos", data={"picture": (io.BytesIO(png()), "a.png")})
    assert response.status_code == 400 and '"photo"' in response.json["error"]
    empty = upload(host, b"")
    assert empty.status_code == 400 and "empty" in empty.json["error"]


def test_a_photo_for_an_unknown_seat_is_400(host, game):
    response = upload(host, png(), seat=9)
    assert response.status_code == 400 and "no seat 9" in response.json["error"]
    words = upload(host, png(), seat="Ann")
    assert words.status_code == 400 and "seat number" in words.json["error"]


def test_image_signatures():
    assert looks_like_image(png())
    assert looks_like_image(b"\xff\xd8\xff\xe0rest")
    assert looks_like_image(b"RIFF\x10\x00\x00\x00WEBPVP8 ")
    assert not looks_like_image(b"RIFF\x10\x00\x00\x00WAVEfmt ")


def test_without_the_tile_reader_the_host_is_told_to_type_the_score(host, no_tile_reader):
    response = upload(host, png())
    assert response.status_code == 503
    assert "type the score" in response.json["error"]


def test_a_network_opencv_cannot_open_is_the_companions_fault_not_the_photos(
    host, game, tmp_path, monkeypatch
):
    """As on a Pi whose OpenCV cannot load the spotter: the phone is told what to do
    instead of "the photo could not be read"."""
    from vision import nets, spot

    broken = tmp_path / "spotter.onnx"
    broken.write_bytes(b"not a network")
    monkeypatch.setattr(spot, "_model", lambda path: nets.open_net(broken))
    response = upload(host, png(), seat=1)
    assert response.status_code == 503
    said = response.json["error"]
    assert "spotter.onnx does not open with OpenCV" in said and "install-pi.sh" in said
    assert "type the score" in said


def test_a_photo_is_read_and_the_annotated_picture_served(host, game, config):
    response = upload(host, png())
    assert response.status_code == 200, response.json
    answer = response.json
    assert isinstance(answer["pip_total"], int) and isinstance(answer["tiles"], list)
    # a blank picture: the reader doubts it and says why, in words the phone shows
    assert answer["status"] == "check" and answer["low_confidence"] is True
    assert any("no tiles found" in reason for reason in answer["reasons"])
    assert answer["unread"] == []  # nothing like a tile seen: no place is ringed
    picture = host.get(answer["annotated"])
    assert picture.status_code == 200 and picture.mimetype == "image/jpeg"
    assert picture.data.startswith(b"\xff\xd8")


@pytest.mark.parametrize(
    "name",
    [
        "../web-secret",
        "..%2fweb-secret",
        "%2e%2e%2fweb-secret",
        "..%2F..%2Fetc%2Fpasswd",
        "web-secret",
        "0123456789abcdef0123456789abcdef.jpg%00.png",
        "0123456789ABCDEF0123456789ABCDEF.jpg",
        "0123456789abcdef0123456789abcdef.png",
        "0123456789abcdef0123456789abcdef.jpg%0A",
        "0123456789abcdef0123456789abcdef.jpg%2F..%2F..%2Fweb-secret",
    ],
)
def test_the_picture_route_serves_nothing_but_pictures(client, app, name):
    response = client.get(f"/photos/{name}")
    assert response.status_code == 404
    secret = app.extensions["train_companion"].settings.secret_key
    assert secret.encode() not in response.data


def test_a_stored_picture_is_served_as_a_jpeg(client, app):
    photos = app.extensions["train_companion"].settings.photo_dir
    photos.mkdir(parents=True)
    name = "0123456789abcdef0123456789abcdef.jpg"
    (photos / name).write_bytes(b"\xff\xd8\xff\xe0 a picture")
    response = client.get(f"/photos/{name}")
    assert response.status_code == 200
    assert response.mimetype == "image/jpeg"
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    missing = client.get("/photos/" + "f" * 32 + ".jpg")
    assert missing.status_code == 404


def test_a_seat_photo_waits_on_the_score_pad_for_confirmation(host, game):
    assert post(host, "/api/round/end", {"ended": "blocked"}).status_code == 200
    waiting = host.get("/api/state").json["scoring"]["next"]
    response = upload(host, png(), seat=waiting)
    assert response.status_code == 200, response.json
    assert response.json["reading"] == "waiting for confirmation"
    state = host.get("/api/state").json
    assert str(waiting) in state["scoring"]["readings"]
    assert state["photos"][-1]["picture"] == response.json["picture"]


def test_a_photo_the_tile_reader_cannot_decode_is_415(host):
    response = upload(host, b"\xff\xd8\xff\xe0" + b"not really a jpeg" * 100, name="hand.jpg")
    assert response.status_code == 415
    assert "could not be read" in response.json["error"]


def test_a_reader_without_a_verdict_is_taken_at_its_low_confidence_flag():
    from web.photos import verdict

    assert verdict({"status": "unreadable", "reasons": ["too dark"]}, True) == (
        "unreadable",
        ["too dark"],
    )
    assert verdict({}, True) == ("check", [])
    assert verdict({"status": None, "reasons": None}, False) == ("ok", [])


def test_recognised_tiles_become_plain_json_whatever_the_reader_returns():
    from dataclasses import dataclass

    from web.photos import tile_ends, tile_json

    @dataclass
    class Found:
        ends: tuple
        confidence: float
        corners: list

    found = Found((3, 5), 0.98765, [(1, 2), (3, 4), (5, 6), (7, 8)])
    assert tile_json(found) == {
        "ends": [3, 5],
        "confidence": 0.988,
        "corners": [[1.0, 2.0], [3.0, 4.0], [5.0, 6.0], [7.0, 8.0]],
    }
    assert tile_json({"ends": [0, 6]}) == {"ends": [0, 6]}
    marked = {"ends": [0, 3], "doubts": ("runs off the picture: check its pips",)}
    assert tile_json(marked) == {"ends": [0, 3], "doubts": ["runs off the picture: check its pips"]}
    assert tile_ends([(1, 2), {"ends": [4, 4], "confidence": 1}]) == [[1, 2], [4, 4]]


@pytest.mark.parametrize("tile_set", [6, 12])
def test_a_phone_photo_is_read_against_the_set_in_play(companion, config, game, tile_set):
    """The same photo of 3-9 and 2-5: scored at a double-12 table, marked for checking at a
    double-6 table, where there is no nine."""
    import cv2

    from companion.tiles import Tile
    from vision.synth import render

    image, _ = render(11, size=(960, 540), tiles=[Tile(9, 3), Tile(2, 5)], hard=False)
    jpeg = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, 90])[1].tobytes()
    host = create_app(companion, {**config, "tile_set": tile_set}).test_client()
    token = host.post("/api/login", json={"pin": PIN}).json["csrf_token"]
    answer = upload(host, jpeg, token=token, name="hand.jpg").json
    assert answer["pip_total"] == 19
    nine = next(t for t in answer["tiles"] if 9 in t["ends"])
    if tile_set == 6:
        assert answer["status"] == "check" and answer["low_confidence"] is True
        assert nine["confidence"] < 0.5  # marked on the picture for the player
    else:
        assert answer["status"] == "ok" and nine["confidence"] > 0.9


def test_a_supertrain_photo_read_surely_still_asks_for_the_wild_tiles(companion, config):
    """The camera does not read a Red Train or a letter: at a SuperTrain table the phone is
    asked to look, whatever the reader thought of the tiles it did read."""
    import cv2

    from companion import commands as c
    from companion.tiles import Tile
    from vision.synth import render

    companion.call(c.NewGame("supertrain", ["Ann", "Bob", "Cy"]))
    image, _ = render(11, size=(960, 540), tiles=[Tile(9, 3), Tile(2, 5)], hard=False)
    jpeg = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, 90])[1].tobytes()
    host = create_app(companion, config).test_client()
    token = host.post("/api/login", json={"pin": PIN}).json["csrf_token"]
    answer = upload(host, jpeg, token=token, name="hand.jpg").json
    assert answer["pip_total"] == 19
    assert answer["status"] == "check"
    assert any("does not read wild tiles" in reason for reason in answer["reasons"])
