"""The composition root: builds the store, the game loop and every adapter around it.

``serve`` and ``demo`` both use ``Table``. Every adapter that cannot start (no GPIO, no
camera, no centerpiece, no web port) is reported in one line and left out: the companion
runs degraded (manual scoring, no sounds) rather than not at all.
"""

from __future__ import annotations

import contextlib
import logging
import random
import socket
import sys
from collections.abc import Callable
from pathlib import Path

from companion import commands as c
from companion.config import Config
from companion.errors import CompanionError
from companion.memory import one_arena
from companion.photo_keeping import PhotoKeeper
from companion.service import Companion
from companion.store import Store

log = logging.getLogger("train_companion")


def say(message: str) -> None:
    """A part that cannot start: a warning, with journald's priority under systemd."""
    from companion.logs import under_journald

    prefix = "<4>" if under_journald() else ""
    print(f"{prefix}train-companion: {message}", file=sys.stderr, flush=True)


class Table(contextlib.ExitStack):
    """Everything around one table. Use as a context manager; ``start()`` brings it up."""

    def __init__(
        self,
        config: Config,
        simulate: bool,
        seats: int | None = None,
        seat_scale: float = 1.0,
        hand_for_seat: Callable | None = None,
        web: bool = True,
    ) -> None:
        super().__init__()
        self.config = config
        self.simulate = simulate
        self.seat_count = seats
        self.seat_scale = seat_scale
        self.hand_for_seat = hand_for_seat
        self.want_web = web
        self.store: Store | None = None
        self.companion: Companion | None = None
        self.seats = None
        self.centerpiece = None
        self.simulated_centerpiece = None
        self.camera = None
        self.web = None

    def start(self) -> Table:
        one_arena()  # before any of our threads: see companion.memory
        self.store = self.enter_context(Store(self.config.data_dir))
        self.companion = Companion(self.store)
        photos = PhotoKeeper(self.store, self.photo_dir, self.config.keep_finished_games)
        photos.prune()  # what older versions kept, or a game ended just before a pulled plug
        for part, build in (
            ("camera", self._camera),
            ("seats", self._seats),
            ("centerpiece", self._centerpiece),
        ):
            try:
                build()
            except CompanionError as error:
                message = str(error)
                self.companion.degraded[part] = message
                say(message if message.startswith(part) else f"{part}: {message}")
        from hardware.table import TableOutputs

        outputs = TableOutputs(self.seats, self.centerpiece, self.config.sounds)
        self.companion.add_listener(outputs)
        if self.seats is not None:
            outputs.show(self.companion.state())
        self.companion.start()
        self.callback(self.companion.stop)
        if self.want_web:
            try:
                self._web()
            except CompanionError as error:
                self.companion.degraded["web"] = str(error)
                say(f"score pad: {error}")
        self.companion.add_listener(photos)  # last: the table and the phones hear first
        return self

    @property
    def photo_dir(self) -> Path:
        """Where the camera's and the phones' hand photos go (the web serves them from here)."""
        return Path(self.config.data_dir) / "photos"

    # --- the parts -----------------------------------------------------------------------
    def _seats(self) -> None:
        import warnings

        from gpiozero import PinFactoryFallback

        from hardware.config import parse_seats
        from hardware.seats import Seats

        # gpiozero warns for every pin library it tries; the one-line message below says it all
        warnings.filterwarnings("ignore", category=PinFactoryFallback)
        seats_config = parse_seats(self.config.seats, count=self.seat_count)
        factory = None
        if self.simulate:
            from gpiozero.pins.mock import MockFactory, MockPWMPin

            from hardware.finger import quick_config

            factory = MockFactory(pin_class=MockPWMPin)
            seats_config = quick_config(seats_config, self.seat_scale)
        companion = self.companion

        def gesture(seat: int, name: str) -> None:
            companion.submit(c.Gesture(seat - 1, name, "button")).add_done_callback(_log_refusal)

        self.seats = self.enter_context(Seats(seats_config, factory, on_gesture=gesture))

    def _centerpiece(self) -> None:
        from hardware.centerpiece import Centerpiece
        from hardware.config import parse_centerpiece

        settings = parse_centerpiece(self.config.centerpiece)
        port = settings.port
        if self.simulate:
            from hardware.simulated import SimulatedCenterpiece

            self.simulated_centerpiece = self.enter_context(SimulatedCenterpiece())
            port = self.simulated_centerpiece.port
        companion = self.companion

        def button(kind: str) -> None:
            companion.submit(c.CenterButton(kind)).add_done_callback(_log_refusal)

        def knock(sensor: int, strength: int) -> None:
            companion.submit(c.Knock(strength)).add_done_callback(_log_refusal)

        self.centerpiece = self.enter_context(
            Centerpiece(port, on_button=button, on_knock=knock, volume=settings.volume)
        )

    def _camera(self) -> None:
        try:
            from vision.reader import HandReader, open_camera
        except Exception as error:  # ImportError, or numpy/OpenCV that do not agree (ValueError)
            raise CompanionError(
                f"the camera software cannot be loaded ({error}); scores by hand"
            ) from None
        if self.simulate:
            from vision.reader import SyntheticCamera

            hands = self.hand_for_seat or _made_up_hand
            source = SyntheticCamera(hands, set_max=self.config.camera_set)
        else:
            source = open_camera(self.config.camera)
        self.camera = self.enter_context(
            HandReader(
                source,
                self.companion.submit,
                self.photo_dir,
                set_max=self.config.camera_set,
                mat_corners=self.config.mat_corners,
                mat_size_mm=self.config.mat_size_mm,
                hand_limit=self.companion.hand_limit,  # asked at each reading: the game may change
            )
        )
        self.companion.hand_reader = self.camera.request

    def _web(self) -> None:
        try:
            from web import serve
        except ImportError:
            raise CompanionError("the web score pad is not installed") from None
        settings = {
            "pin": self.config.pin,
            "data_dir": str(self.config.data_dir),
            "tile_set": self.config.camera_set,
        }
        host, port = self.config.host, self.config.port
        try:
            self.web = serve(self.companion, host, port, settings)
        except socket.gaierror as error:
            raise CompanionError(
                f"cannot start on {host}: no such address here ({error.strerror}); "
                "choose another with --host"
            ) from None
        except OSError as error:
            raise CompanionError(
                f"cannot start on {host}:{port} ({error.strerror}); "
                "is the port taken? choose another with --port"
            ) from None
        except ValueError as error:  # waitress: an address it cannot use
            raise CompanionError(f"cannot start on {host}:{port} ({error})") from None
        self.callback(self.web.close)


def _made_up_hand(seat: int) -> list:
    """serve --simulate has no simulated players: its camera shows a made-up hand."""
    from companion.tiles import double_set

    rng = random.Random(seat)
    return rng.sample(double_set(12), rng.randint(2, 8))


def _log_refusal(future) -> None:
    error = future.exception()
    if error is not None:
        log.info("refused: %s", error)
