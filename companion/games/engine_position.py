"""Positions of Engine 191 and Engine No. 9 rounds as one line of text.

    engine-191 main=3-3 turn=2 hands=5-6,1-1/3-4,0-0 yards=-/2-6 lines=3-5,5-5/- boneyard=2-2

``lines`` lists each seat's line off the main station, each tile as it lies (``3-5``: the 3
against the line, the 5 open); ``~`` after a line says track was removed in front of its
last station (so it is not an incomplete station). Before the main station is placed the
round is in its reveal: ``revealed=3-3/-`` instead of ``main=``. docs/positions.md has
every field.
"""

from __future__ import annotations

import random

from companion.games.position_text import (
    Fields,
    PositionError,
    join_fields,
    oriented_text,
    pile_text,
    read_boneyard,
    read_hands,
    read_int,
    read_oriented,
    read_seat,
    read_tile,
    read_tiles,
    tiles_text,
)


def write_position(state, game_id: str) -> str:
    n = state.players
    hands = "/".join(
        pile_text(None if state.hands is None else state.hands[s], state.hand_counts[s])
        for s in range(n)
    )
    boneyard = None if state.boneyard is None else list(reversed(state.boneyard))
    fields: list[tuple[str, str | None]] = []
    if state.main is None:
        revealed = "/".join("-" if t is None else str(t) for t in state.revealed)
        fields.append(("revealed", revealed))
    else:
        fields.append(("main", str(state.main)))
    fields += [
        ("turn", str(state.turn + 1)),
        ("hands", hands),
        ("yards", "/".join(tiles_text(yard) for yard in state.yards)),
    ]
    if state.main is not None:
        fields.append(("lines", "/".join(_line_text(state.lines[s]) for s in range(n))))
    if state.removed:
        fields.append(("removed", tiles_text(state.removed)))
    fields.append(("boneyard", pile_text(boneyard, state.boneyard_count)))
    for key, value in (("passes", state.passes), ("played", state.played)):
        if value:
            fields.append((key, str(value)))
    if state.station:
        fields.append(("station", None))
    if state.drawn is not None:
        fields.append(("drawn", str(state.drawn)))
    if state.outcome is not None:
        fields.append(("ended", state.outcome.ended))
    return join_fields(game_id, fields)


def _line_text(line) -> str:
    laid, end = [], line.start
    for far in line.ends:
        laid.append(oriented_text(end, far))
        end = far
    return (",".join(laid) or "-") + ("~" if line.cleared else "")


def read_position(fields: Fields, game_cls):
    from companion.games.base import Outcome
    from companion.games.engine_checks import PLAY
    from companion.games.engine_lines import Line
    from companion.games.engines import EngineRound

    if fields.preset not in (None, "standard"):
        raise PositionError(f"{game_cls.id} has no preset {fields.preset!r}")
    game = game_cls()
    hands, counts = read_hands(fields.need("hands"), game.check_players)
    n = len(counts)
    state = EngineRound(
        game.all_tiles(n),
        game.hand_sizes[n],
        n,
        0,
        random.Random(0),
        game.any_station,
        hidden=hands is None,
    )
    state.hands = hands
    state.hand_counts = counts
    state.boneyard, state.boneyard_count = read_boneyard(
        fields.take("boneyard", "-"), hands is not None
    )
    state.turn = read_seat(fields.need("turn"), n)
    yards = fields.take("yards")
    state.yards = [read_tiles(t) for t in yards.split("/")] if yards else [[] for _ in range(n)]
    if len(state.yards) != n:
        raise PositionError(f"yards= lists {n} score yards")
    state.removed = read_tiles(fields.take("removed", "-"))
    main = fields.take("main")
    if main is None:
        revealed = fields.take("revealed")
        texts = revealed.split("/") if revealed else ["-"] * n
        if len(texts) != n:
            raise PositionError(f"revealed= lists {n} seats' tiles")
        state.revealed = [None if t == "-" else read_tile(t) for t in texts]
    else:
        state.main = read_tile(main)
        if not state.main.is_double:
            raise PositionError(f"the main station is a double, not {state.main}")
        state.phase = PLAY
        state.revealed = [None] * n
        state.lines = {s: Line(s, state.main.high) for s in range(n)}
        lines = fields.take("lines")
        texts = lines.split("/") if lines else ["-"] * n
        if len(texts) != n:
            raise PositionError(f"lines= lists {n} seats' lines")
        for seat, text in enumerate(texts):
            _lay(state.lines[seat], text)
    state.passes = read_int(fields.take("passes"), "passes")
    state.played = read_int(fields.take("played"), "played")
    state.station = fields.flag("station")
    drawn = fields.take("drawn")
    state.drawn = None if drawn is None else read_tile(drawn)
    ended = fields.take("ended")
    if ended is not None:
        winner = [s for s in range(n) if not state.hand_counts[s]]
        state.outcome = Outcome(ended, tuple(winner))
    fields.finish()
    _check_tiles(state)
    return state


def _lay(line, text: str) -> None:
    line.cleared = text.endswith("~")
    text = text.removesuffix("~")
    if text in ("", "-"):
        return
    for part in text.split(","):
        tile, far = read_oriented(part)
        if not tile.has(line.end) or tile.other(line.end) != far:
            raise PositionError(f"{part} does not follow the {line.end} at the end of the line")
        line.tiles.append(tile)
        line.ends.append(far)


def _check_tiles(state) -> None:
    from collections import Counter

    extra = Counter(state.where_tiles_are()) - Counter(state.tiles)
    if extra:
        tiles = ", ".join(str(t) for t in extra.elements())
        raise PositionError(f"the set has no (more) {tiles}: a tile appears twice or is wrong")
