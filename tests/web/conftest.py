"""Fixtures: a real Companion on a real SQLite file, the real Flask app and test client."""

from __future__ import annotations

import importlib.util
import os
import sys

import pytest
from ports import free_port
from web_helpers import CHROMIUM, PHONE, PIN, PLAYERS, phone_at_table, seat_to_move, stop

from companion import commands as c
from companion.service import Companion
from companion.store import Store
from web import create_app, serve
from web.join_code import join_link


@pytest.fixture
def companion(tmp_path):
    (tmp_path / "data").mkdir()
    store = Store(tmp_path / "data")
    table = Companion(store).start()
    yield table
    stop(table)
    store.close()


@pytest.fixture
def config(tmp_path):
    return {"pin": PIN, "data_dir": str(tmp_path / "data"), "keepalive_seconds": 0.2}


@pytest.fixture
def app(companion, config):
    return create_app(companion, config)


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def host(app):
    """A client logged in as the host; ``host.token`` is its CSRF token."""
    client = app.test_client()
    response = client.post("/api/login", json={"pin": PIN})
    assert response.status_code == 200, response.json
    client.token = response.json["csrf_token"]
    return client


@pytest.fixture
def no_tile_reader(monkeypatch):
    """A companion whose tile reader cannot be loaded: ``import vision`` fails, as it does
    where OpenCV is missing or broken."""
    monkeypatch.setitem(sys.modules, "vision", None)


@pytest.fixture
def game(companion):
    """A game of Mexican Train for Ann, Bob and Cy, two rounds, the first in play."""
    companion.call(c.NewGame("mexican-train", PLAYERS, None, {"rounds": 2}))
    return companion


@pytest.fixture
def phone(app, game):
    """A phone that joined as the seat whose turn it is; ``phone.seat`` is that seat."""
    client = phone_at_table(app)
    seat = seat_to_move(game)
    response = client.post(f"/api/seats/{seat}/claim", json={})
    assert response.status_code == 200, response.json
    client.token, client.seat = response.json["csrf_token"], seat
    return client


# A real browser for the browser tests: Debian's chromium at a phone's size.


def _browser_missing() -> str | None:
    if not CHROMIUM.exists():
        return f"{CHROMIUM} is missing (apt-get install chromium)"
    if importlib.util.find_spec("playwright") is None:
        return "playwright is missing (pip install -e '.[test]')"
    return None


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items):
    """A test in a real browser takes seconds: it runs in the whole suite, and the fast tier
    (``-m "not slow"``) leaves it out."""
    for item in items:
        if "browser" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.slow)


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item):
    """In CI (CI=true) a browser test that cannot run fails instead of skipping quietly."""
    if os.environ.get("CI") == "true" and "browser" in item.fixturenames:
        missing = _browser_missing()
        if missing:
            pytest.fail(f"a browser test in CI, but {missing}", pytrace=False)


@pytest.fixture(scope="session")
def browser():
    """One chromium for every browser test; each page opens in its own context.

    Waits keep Playwright's 30 s default: a passing test never waits it out, and on a CI
    machine busy with the vision tests a phone can take seconds to hear a change."""
    sync_api = pytest.importorskip("playwright.sync_api", reason="pip install playwright")
    with sync_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=str(CHROMIUM),
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
            ],
        )
        yield chromium
        chromium.close()


@pytest.fixture
def server(companion, config):
    """The score pad on a real socket, on a port the tests may close and serve on again."""
    running = serve(companion, "127.0.0.1", free_port(), config)
    yield running
    running.close()


def _console_errors(message) -> list[str]:
    """Script and Content-Security-Policy errors; refused requests are the tests' business."""
    if message.type != "error" or message.text.startswith("Failed to load resource"):
        return []
    return [message.text]


@pytest.fixture
def phone_page(browser, server):
    """Open a page on a new phone (its own cookies) from the join link of the game in play,
    if there is one; fails the test on a script error."""
    contexts, errors = [], []

    def open_page():
        context = browser.new_context(viewport=PHONE, device_scale_factor=2, has_touch=True)
        contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.on("console", lambda message: errors.extend(_console_errors(message)))
        page.on(
            "request",
            lambda request: (
                errors.append(f"external request {request.url}")
                if not request.url.startswith(server.url)
                else None
            ),
        )
        code = server.app.extensions["train_companion"].companion.join_code
        page.goto(join_link(server.url, code) if code else server.url)  # a phone at the table
        page.wait_for_selector("#live.on")
        return page

    yield open_page
    for context in contexts:
        context.close()
    assert errors == []


def pytest_configure(config):
    config.addinivalue_line("markers", "slow: takes seconds; `-m 'not slow'` leaves it out")
