"""The data directory going wrong: an empty or damaged web secret, and a full disk, which
the score pad reports while it keeps serving what it has."""

from __future__ import annotations

import logging
import os
import stat

import pytest
from web_helpers import PIN, needs_chromium, post, seat_to_move

from web import create_app


@pytest.mark.parametrize("content", [b"", b"\n", b"\x00\xff\xfe garbage \x80", b"short"])
def test_an_empty_or_damaged_secret_is_replaced_and_logged(companion, config, caplog, content):
    secret = companion.store.path.parent / "web-secret"
    secret.write_bytes(content)
    with caplog.at_level(logging.WARNING, logger="train_companion.web"):
        app = create_app(companion, config)
    assert "web-secret" in caplog.text and "new one" in caplog.text
    client = app.test_client()
    assert client.post("/api/login", json={"pin": PIN}).status_code == 200
    assert client.get("/api/session").json["host"] is True
    kept = secret.read_text()
    assert len(kept) == 64 and int(kept, 16) >= 0
    assert create_app(companion, config).config["SECRET_KEY"] == kept  # and it is kept


def test_the_secret_is_written_whole_and_private(companion, config):
    create_app(companion, config)
    folder = companion.store.path.parent
    secret = folder / "web-secret"
    assert stat.S_IMODE(secret.stat().st_mode) == 0o600
    assert len(secret.read_text()) == 64
    assert not [name for name in os.listdir(folder) if name.endswith(".tmp")]


def fill_the_disk(companion) -> None:
    """SQLite's own size cap: once the pages it has are full, writes fail as on a full SD
    card (SQLITE_FULL)."""
    db = companion.store._db
    pages = db.execute("PRAGMA page_count").fetchone()[0]
    db.execute(f"PRAGMA max_page_count = {pages}")


def play_until_the_disk_is_full(host, game):
    """Press on until a press cannot be saved; returns that refusal and its seat."""
    fill_the_disk(game)
    for _ in range(1000):
        seat = seat_to_move(game)
        response = post(host, f"/api/seats/{seat}/press", {"gesture": "press"})
        if response.status_code != 200:
            return response, seat
    raise AssertionError("the disk never filled up")


def free_the_disk(companion) -> None:
    companion.store._db.execute("PRAGMA max_page_count = 1073741823")


def test_a_full_disk_is_reported_and_reads_keep_working(client, host, game):
    assert client.get("/api/state").json["storage"] == "ok"
    refused, seat = play_until_the_disk_is_full(host, game)
    assert refused.status_code == 503
    assert "storage full: scores are not being saved" in refused.json["error"]
    state = client.get("/api/state").json
    assert state["storage"] == "full"
    assert "storage full: scores are not being saved" in state["degraded"]["store"]
    assert state["turn"]["seat"] == seat  # nothing half-done
    for page in ("/", "/api/games", f"/api/games/{game.game_id}", "/api/session", "/join"):
        assert client.get(page).status_code == 200, page
    free_the_disk(game)
    assert post(host, f"/api/seats/{seat}/press", {"gesture": "press"}).status_code == 200
    assert client.get("/api/state").json["storage"] == "ok"


@needs_chromium
def test_the_page_says_the_storage_is_full(phone_page, game, host):
    page = phone_page()
    play_until_the_disk_is_full(host, game)
    page.wait_for_function(
        "() => document.getElementById('phase').textContent.includes("
        "'storage full: scores are not being saved')",
        timeout=3000,
    )


def test_a_photo_that_cannot_be_saved_is_a_503_not_a_crash(host, game, app):
    import io

    from web_helpers import png

    photos = app.extensions["train_companion"].settings.photo_dir
    photos.write_text("a file where the photos folder should be")  # the folder cannot be made
    response = host.post(
        "/api/photos",
        data={"photo": (io.BytesIO(png()), "hand.png")},
        headers={"X-CSRF-Token": host.token},
        content_type="multipart/form-data",
    )
    assert response.status_code == 503
    assert "cannot be saved" in response.json["error"]
