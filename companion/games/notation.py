"""Actions as the words players say: ``play 12-5 on Bob``, ``draw``, ``pass``, ``end``, ``tap``.

Trains are named by their owner, or ``mexican`` for the Mexican Train. A wild tile says
which end it leaves open: ``play 3-train on Ann leaving train``.
"""

from __future__ import annotations

from companion.errors import CompanionError
from companion.games.base import (
    MEXICAN,
    Action,
    Announce,
    Draw,
    EndTurn,
    GoOut,
    Pass,
    Play,
    Tap,
    TrainId,
)
from companion.tiles import TRAIN, End, Tile


class NotationError(CompanionError):
    pass


def train_name(train: TrainId, names: list[str]) -> str:
    return names[train] if isinstance(train, int) else str(train)


def train_id(text: str, names: list[str]) -> TrainId:
    if text in names:
        return names.index(text)
    if text.lower() == MEXICAN:
        return MEXICAN
    raise NotationError(f"no train called {text!r}; trains are {', '.join(names)} and mexican")


def end_text(end: End) -> str:
    return str(end)


def parse_end(text: str) -> End:
    if text.isdigit():
        return int(text)
    return TRAIN if text.lower() == TRAIN else text.upper()


def format_action(action: Action, names: list[str]) -> str:
    if isinstance(action, Play):
        text = f"play {action.tile} on {train_name(action.train, names)}"
        if action.tile.is_wild and action.exposed is not None:
            text += f" leaving {end_text(action.exposed)}"
        return text
    if isinstance(action, Draw):
        return f"draw {action.tile}" if action.tile else "draw"
    if isinstance(action, Pass):
        return "pass"
    if isinstance(action, EndTurn):
        return "end"
    if isinstance(action, Tap):
        return "tap"
    if isinstance(action, GoOut):
        return "out"
    if isinstance(action, Announce):
        return f"played {action.kind}"
    raise NotationError(f"no notation for {action!r}")


def parse_action(text: str, names: list[str]) -> Action:
    words = text.split()
    if not words:
        raise NotationError("an empty action")
    verb, rest = words[0].lower(), words[1:]
    try:
        if verb == "play":
            # names may hold spaces: "play 12-5 on Aunt May leaving train"
            body = " ".join(rest)
            tile_text, _, target = body.partition(" on ")
            target, _, leaving = target.partition(" leaving ")
            exposed = parse_end(leaving.strip()) if leaving else None
            return Play(Tile.parse(tile_text), train_id(target.strip(), names), exposed)
        if verb == "draw":
            return Draw(Tile.parse(rest[0]) if rest else None)
        if verb == "pass" and not rest:
            return Pass()
        if verb == "end" and not rest:
            return EndTurn()
        if verb == "tap" and not rest:
            return Tap()
        if verb == "out" and not rest:
            return GoOut()
        if verb == "played" and len(rest) == 1:
            return Announce(rest[0].lower())
    except ValueError as error:
        raise NotationError(f"cannot read {text!r}: {error}") from None
    raise NotationError(f"cannot read {text!r}: say play, draw, pass, end, tap or out")
