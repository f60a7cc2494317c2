"""Round positions as one line of text, python-chess's FEN for domino train games.

    >>> from companion.positions import from_position
    >>> state = from_position("mexican-train/puremco engine=12-12 turn=1 hands=5-12/3-4")
    >>> state.position()
    'mexican-train/puremco engine=12-12 turn=1 hands=5-12/3-4 trains=-/-/- boneyard=-'

Every game's round has ``.position()``; ``from_position(text)`` builds the round back, so a
bug report or a test is one line. docs/positions.md describes the fields of each game.
"""

from __future__ import annotations

from companion.games.base import UnknownGame, game_class
from companion.games.position_text import PositionError, split_fields

__all__ = ["PositionError", "from_position"]


def from_position(text: str):
    """The round ``text`` describes; a line that cannot be read raises PositionError
    naming the field."""
    fields = split_fields(text)
    try:
        cls = game_class(fields.game)
    except UnknownGame as error:
        raise PositionError(str(error)) from None
    if fields.flag("live"):
        from companion.games.position_text import read_options
        from companion.live import read_live_position

        return read_live_position(fields, cls(fields.preset, read_options(fields.take("options"))))
    return cls.round_from_position(fields)
