"""Positions of Mexican Train and SuperTrain rounds as one line of text.

    mexican-train/front-porch engine=12-12 turn=2 hands=12-5,5-7/3-4/#3 trains=12-3*/-/-/12-1
    boneyard=- passed=1

``trains`` lists each seat's train and then the Mexican Train; each tile is written as it
lies (``12-5``: the 12 against the train, the 5 open) and ``*`` is the seat's marker. A
double at the end of a train is open. docs/positions.md has every field.
"""

from __future__ import annotations

from companion.games.base import MEXICAN
from companion.games.position_text import (
    Fields,
    PositionError,
    join_fields,
    options_text,
    oriented_text,
    pile_text,
    read_boneyard,
    read_hands,
    read_int,
    read_options,
    read_oriented,
    read_seat,
    read_seats,
    read_tile,
    seats_text,
)
from companion.games.trains import Train


def train_text(train: Train) -> str:
    laid = [oriented_text(t.other(e), e) for t, e in zip(train.tiles, train.exposed, strict=True)]
    return (",".join(laid) or "-") + ("*" if train.marker else "")


def write_position(state, game_cls) -> str:
    """The line for a Mexican Train or SuperTrain round ``state`` of ``game_cls``."""
    options = state.house_rules
    preset, changed = options_text(options, game_cls.presets, game_cls.options_class)
    n = state.players
    hands = "/".join(
        pile_text(None if state.hands is None else state.hands[s], state.hand_counts[s])
        for s in range(n)
    )
    boneyard = None if state.boneyard is None else list(reversed(state.boneyard))
    fields: list[tuple[str, str | None]] = []
    if changed:
        fields.append(("options", changed))
    fields += [
        ("engine", str(state.engine)),
        ("turn", str(state.turn + 1)),
        ("hands", hands),
        ("trains", "/".join(train_text(state.trains[t]) for t in [*range(n), MEXICAN])),
        ("boneyard", pile_text(boneyard, state.boneyard_count)),
    ]
    seat_lists = (
        ("passed", state.passed),
        ("first-turns", [s for s in range(n) if not state.had_turn[s]]),
        ("tapped", [s for s in range(n) if state.tapped[s]]),
        ("out", state.out),
    )
    fields += [(key, seats_text(seats)) for key, seats in seat_lists if seats]
    if state.direction == -1:
        fields.append(("direction", "ccw"))
    if state.played:
        fields.append(("played", str(state.played)))
    if state.doubles:
        fields.append(("doubles", ",".join(_train_key(t) for t in state.doubles)))
    for flag, on in (("owe", state.owe), ("drew", state.drew)):
        if on:
            fields.append((flag, None))
    fields += state.extra_position_fields()
    if state.outcome is not None:
        fields.append(("ended", state.outcome.ended))
    return join_fields(f"{game_cls.id}/{preset}", fields)


def _train_key(train) -> str:
    return MEXICAN if train == MEXICAN else str(train + 1)


def _read_train_key(text: str, players: int):
    return MEXICAN if text == MEXICAN else read_seat(text, players)


def read_position(fields: Fields, game_cls):
    """Build the round a line describes (``fields`` from ``split_fields``)."""
    from companion.games.base import Outcome

    game = game_cls(fields.preset, read_options(fields.take("options")))
    engine = read_tile(fields.need("engine"))
    hands, counts = read_hands(fields.need("hands"), game.check_players)
    n = len(counts)
    boneyard, boneyard_count = read_boneyard(fields.take("boneyard", "-"), hands is not None)
    turn = read_seat(fields.need("turn"), n)
    state = game.round_class(
        game.options,
        engine,
        turn,
        hands,
        boneyard,
        counts,
        boneyard_count,
    )
    trains = fields.take("trains")
    if trains is not None:
        texts = trains.split("/")
        if len(texts) != n + 1:
            raise PositionError(f"trains= lists {n} seats' trains and then the Mexican Train")
        for train_id, text in zip([*range(n), MEXICAN], texts, strict=True):
            _lay(state.trains[train_id], text)
    state.passed = set(read_seats(fields.take("passed"), n))
    first = read_seats(fields.take("first-turns"), n)
    state.had_turn = [s not in first for s in range(n)]
    tapped = read_seats(fields.take("tapped"), n)
    state.tapped = [s in tapped for s in range(n)]
    state.out = read_seats(fields.take("out"), n)
    direction = fields.take("direction", "cw")
    if direction not in ("cw", "ccw"):
        raise PositionError(f"direction is cw or ccw, not {direction!r}")
    state.direction = 1 if direction == "cw" else -1
    state.played = read_int(fields.take("played"), "played")
    doubles = fields.take("doubles")
    state.doubles = [_read_train_key(t, n) for t in doubles.split(",")] if doubles else []
    state.owe = fields.flag("owe")
    state.drew = fields.flag("drew")
    state.read_extra_position_fields(fields)
    ended = fields.take("ended")
    if ended is not None:
        state.outcome = Outcome(ended, tuple(state.out))
    fields.finish()
    _check_tiles(state)
    return state


def _check_tiles(state) -> None:
    """Refuse a position that holds a tile twice or a tile the set does not have."""
    from collections import Counter

    extra = Counter(state.where_tiles_are()) - Counter(state.all_tiles())
    if extra:
        tiles = ", ".join(str(t) for t in extra.elements())
        raise PositionError(f"the set has no (more) {tiles}: a tile appears twice or is wrong")


def _lay(train: Train, text: str) -> None:
    train.marker = text.endswith("*")
    text = text.removesuffix("*")
    if text in ("", "-"):
        return
    for part in text.split(","):
        tile, open_end = read_oriented(part)
        train.lay(tile, open_end)
