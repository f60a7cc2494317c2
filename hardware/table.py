"""The table's outputs: after every committed event, each seat's LED and the centerpiece's
sounds follow the rules in companion/outputs.py. A failing LED or an unplugged centerpiece
is logged and skipped; the game goes on."""

from __future__ import annotations

import logging
from collections.abc import Mapping

from companion.errors import CompanionError
from companion.outputs import seat_lights, sounds_for

log = logging.getLogger(__name__)


class TableOutputs:
    """A listener for ``Companion.add_listener``: lights and sounds after each event."""

    def __init__(self, seats=None, centerpiece=None, sound_map: Mapping[str, list[str]] = ()):
        self.seats = seats
        self.centerpiece = centerpiece
        self.sound_map = dict(sound_map)

    def __call__(self, announcement) -> None:
        if self.seats is not None:
            self.show(announcement.state)
        if self.centerpiece is not None:
            for sound in sounds_for(announcement.events, self.sound_map):
                try:
                    self.centerpiece.play(sound)
                except CompanionError as error:
                    log.warning("centerpiece: %s", error)

    def show(self, state: Mapping) -> None:
        lights = seat_lights(state)
        for number in range(1, self.seats.count + 1):
            light = lights[number - 1] if number <= len(lights) else "off"
            if self.seats.showing(number) != light:
                self.seats.show(number, light)
