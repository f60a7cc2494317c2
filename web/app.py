"""``create_app``: the Flask app for one companion."""

from __future__ import annotations

import time
from collections.abc import Callable
from datetime import timedelta
from typing import TYPE_CHECKING, Any

from flask import Flask

from web import api, auth, events, history, join, join_code, page, photos, seats
from web.attempts import Attempts
from web.auth import PinGuard
from web.context import Recogniser, Table
from web.errors import register as register_errors
from web.events import Broadcaster
from web.host_sessions import HostSessions
from web.photos import recognise_with_vision
from web.settings import Settings

if TYPE_CHECKING:
    from collections.abc import Mapping

    from companion.service import Companion

BLUEPRINTS = (
    page.bp,
    api.bp,
    auth.bp,
    events.bp,
    photos.bp,
    join.bp,
    join_code.bp,
    seats.bp,
    history.bp,
)

SESSION_SECONDS = 12 * 3600

CONTENT_SECURITY_POLICY = (
    "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
    "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"
)


def create_app(
    companion: Companion,
    config: Mapping[str, Any] | None = None,
    recognise_photo: Recogniser | None = None,
    clock: Callable[[], float] = time.monotonic,
) -> Flask:
    """The score pad for ``companion``. ``config`` keys: pin, data_dir, secret_key,
    public_url, keepalive_seconds, lockout_seconds, wrong_pins_allowed, max_photo_mb,
    max_live_phones, tile_set. ``recognise_photo(bytes, set_max, max_tiles) -> {tiles,
    pip_total, low_confidence, annotated_jpeg}`` reads hand photos (default: the ``vision``
    package, loaded lazily), told the set in play and the game's hand limit.
    ``clock`` times the waits after wrong PINs and join codes."""
    settings = Settings.load(config, companion.store.path.parent)
    app = Flask(__name__)
    app.config.update(
        SECRET_KEY=settings.secret_key,
        MAX_CONTENT_LENGTH=settings.max_photo_bytes,
        SESSION_COOKIE_NAME="train_companion",
        SESSION_COOKIE_HTTPONLY=True,
        SESSION_COOKIE_SAMESITE="Strict",
        PERMANENT_SESSION_LIFETIME=timedelta(seconds=SESSION_SECONDS),
        # The cookie is written only when the session changes (a join, a login): an answer
        # to a fetch that set out before them would otherwise write the old cookie back.
        SESSION_REFRESH_EACH_REQUEST=False,
        SEND_FILE_MAX_AGE_DEFAULT=3600,
    )
    app.json.sort_keys = False
    app.extensions["train_companion"] = Table(
        companion=companion,
        settings=settings,
        broadcaster=Broadcaster(companion),
        guard=PinGuard(settings.pin, guesses(settings, clock)),
        recognise_photo=recognise_photo or recognise_with_vision,
        attempts=guesses(settings, clock),
        host_sessions=HostSessions(settings.data_dir / "host-logins.json", SESSION_SECONDS),
    )
    register_errors(app, settings.max_photo_bytes / (1024 * 1024))
    for blueprint in BLUEPRINTS:
        app.register_blueprint(blueprint)
    app.before_request(join_code.follow_join_link)

    @app.after_request
    def guard_headers(response):
        response.headers.setdefault("Content-Security-Policy", CONTENT_SECURITY_POLICY)
        response.headers.setdefault("X-Content-Type-Options", "nosniff")
        response.headers.setdefault("Referrer-Policy", "no-referrer")
        if response.mimetype == "application/json":
            response.headers.setdefault("Cache-Control", "no-store")
        return response

    return app


def guesses(settings: Settings, clock: Callable[[], float]) -> Attempts:
    """Counts wrong tries per client: ``wrong_pins_allowed`` free, then waits that double up
    to ``lockout_seconds``."""
    return Attempts(settings.wrong_pins_allowed, settings.lockout_seconds, clock)


def close_app(app: Flask) -> None:
    """End the live streams so a server can shut down promptly."""
    app.extensions["train_companion"].broadcaster.close()
