"""Phone photos of a hand: upload, recognise, keep the annotated picture, serve it back.

The upload is read only as an image: its first bytes must say JPEG, PNG or WebP before the
recogniser (OpenCV, in ``vision``) decodes it. Annotated pictures are kept in the data
directory under a name the server makes; the picture route accepts that name format only.
"""

from __future__ import annotations

import contextlib
import errno
import re
import secrets
import threading
from typing import Any

from flask import Blueprint, jsonify, request, send_from_directory

from companion import commands as c
from companion.errors import CompanionError
from companion.memory import release_free_memory
from web.auth import check_csrf, claimed_seat, host_or_joined, is_host
from web.context import table
from web.errors import ApiError
from web.requests import seat_in_play

bp = Blueprint("photos", __name__)

PICTURE_NAME = re.compile(r"[0-9a-f]{32}\.jpg")
READING = threading.Lock()
"""One photo is decoded at a time: a 50-megapixel photo takes about 300 MB while it is read,
and two at once would not fit a Pi's memory limit."""
READING_WAIT_S = 30.0
IMAGE_SIGNATURES = (b"\xff\xd8\xff", b"\x89PNG\r\n\x1a\n")


def looks_like_image(data: bytes) -> bool:
    webp = data[:4] == b"RIFF" and data[8:12] == b"WEBP"
    return webp or any(data.startswith(signature) for signature in IMAGE_SIGNATURES)


class VisionMissing(Exception):
    """The tile reader is not installed here, or cannot run (a network OpenCV cannot open)."""


class PhotoTooLarge(Exception):
    """The photo has more pixels than the companion decodes (its header says so)."""


def recognise_with_vision(data: bytes, set_max: int = 12, max_tiles: int | None = None) -> dict:
    """The default recogniser: ``vision`` loaded only when the first photo arrives. The set
    in play and the hand limit let it doubt a reading no hand could hold."""
    try:
        import vision
    except ImportError as error:
        raise VisionMissing(f"the tile reader is not installed ({error})") from None
    import vision.nets
    import vision.photo
    import vision.reading

    try:
        image = vision.load_photo(data)  # reads the size from the header before decoding
    except vision.photo.PhotoTooLarge as error:
        raise PhotoTooLarge(str(error)) from None
    except CompanionError:
        raise
    except (ValueError, OSError) as error:  # not decodable as an image
        raise CompanionError(str(error) or "not a picture") from None
    try:
        recognition = vision.recognise(image, set_max=set_max, max_tiles=max_tiles)
    except vision.nets.NetworkError as error:  # the service's fault, not the photo's
        raise VisionMissing(str(error)) from None
    annotated = vision.annotate(image, recognition)
    return {
        "tiles": _get(recognition, "tiles"),
        "pip_total": _get(recognition, "pip_total"),
        "low_confidence": bool(_get(recognition, "low_confidence", False)),
        "status": _get(recognition, "status"),
        "reasons": list(_get(recognition, "reasons", None) or []),
        "unread": [vision.reading.as_json(p) for p in _get(recognition, "unread", None) or []],
        "annotated_jpeg": _jpeg(annotated),
    }


def _get(thing: Any, name: str, default: Any = None) -> Any:
    if isinstance(thing, dict):
        return thing.get(name, default)
    return getattr(thing, name, default)


def _jpeg(picture: Any) -> bytes:
    if isinstance(picture, bytes | bytearray):
        return bytes(picture)
    import cv2

    ok, encoded = cv2.imencode(".jpg", picture, [cv2.IMWRITE_JPEG_QUALITY, 85])
    if not ok:
        raise CompanionError("the annotated picture could not be made")
    return encoded.tobytes()


def tile_ends(tiles: list[Any]) -> list[list[int]]:
    return [tile_json(tile)["ends"] for tile in tiles]


def tile_json(tile: Any) -> dict[str, Any]:
    """A recognised tile as plain JSON, whatever the reader returned (dicts, objects, tuples,
    NumPy numbers)."""
    if isinstance(tile, list | tuple):
        return {"ends": [int(v) for v in tile]}
    answer: dict[str, Any] = {"ends": [int(v) for v in _get(tile, "ends", ())]}
    confidence = _get(tile, "confidence")
    if confidence is not None:
        answer["confidence"] = round(float(confidence), 3)
    corners = _get(tile, "corners")
    if corners is not None:
        answer["corners"] = [[float(x), float(y)] for x, y in corners]
    doubts = _get(tile, "doubts")
    if doubts:  # why the picture marks it, in words, as `recognise --json` says it
        answer["doubts"] = [str(why) for why in doubts]
    return answer


@bp.post("/api/photos")
def upload():
    refusal = "only the host, or a seat's phone for its own hand, can send photos"
    host_or_joined()  # before a byte of the upload is read
    if not is_host() and claimed_seat() is None:
        raise ApiError(403, refusal)  # before a byte of the upload is read
    check_csrf()
    seat = _seat_field(table().companion.state()["players"])
    if not is_host() and seat != claimed_seat():
        raise ApiError(403, refusal)
    photo = request.files.get("photo")
    if photo is None:
        raise ApiError(400, 'send the picture as multipart form data in the field "photo"')
    data = photo.read()
    if not data:
        raise ApiError(400, "the photo is empty")
    if not looks_like_image(data):
        raise ApiError(415, "that is not a photo: send a JPEG, PNG or WebP picture")
    if not READING.acquire(timeout=READING_WAIT_S):
        raise ApiError(503, "the companion is reading other photos; try again in a moment")
    try:
        here = table()
        result = here.recognise_photo(data, here.settings.tile_set, here.companion.hand_limit())
    except VisionMissing as error:
        raise ApiError(503, f"{error}; type the score on the score pad instead") from None
    except PhotoTooLarge as error:
        raise ApiError(413, f"too large: {error}") from None
    except CompanionError as error:
        raise ApiError(415, f"the photo could not be read: {error}") from None
    finally:
        release_free_memory()  # the decoded photo's memory goes back to the system
        READING.release()
    name = f"{secrets.token_hex(16)}.jpg"
    _keep_picture(name, result["annotated_jpeg"])
    tiles = list(result.get("tiles") or [])
    answer: dict[str, Any] = {
        "picture": name,
        "annotated": f"/photos/{name}",
        "tiles": [tile_json(t) for t in tiles],
        "pip_total": int(result["pip_total"]),
        "low_confidence": bool(result.get("low_confidence", False)),
        "seat": seat,
        "reading": None,
    }
    # as the game in play takes the reader's verdict (SuperTrain's wild tiles go unread)
    answer["status"], answer["reasons"] = table().companion.reading_verdict(
        *verdict(result, answer["low_confidence"])
    )
    answer["unread"] = list(result.get("unread") or [])  # where the picture rings a tile unread
    if seat is not None:
        answer["reading"] = _hand_read(seat, answer["pip_total"], tiles, answer, name)
    return jsonify(answer)


def verdict(result: dict[str, Any], low_confidence: bool) -> tuple[str, list[str]]:
    """The tile reader's verdict (ok, check, unreadable) and its words for the player; a
    reader that gives none is taken at its low-confidence flag."""
    status = result.get("status")
    if status not in ("ok", "check", "unreadable"):
        status = "check" if low_confidence else "ok"
    reasons = [str(reason) for reason in result.get("reasons") or () if reason]
    return status, reasons


def _keep_picture(name: str, jpeg: bytes) -> None:
    """Save the annotated picture; a full or read-only card is a 503 that says so."""
    directory = table().settings.photo_dir
    try:
        directory.mkdir(parents=True, exist_ok=True)
        (directory / name).write_bytes(jpeg)
    except OSError as error:
        with contextlib.suppress(OSError):  # no half-written picture left behind
            (directory / name).unlink(missing_ok=True)
        full = error.errno == errno.ENOSPC
        why = "storage full" if full else error.strerror or "cannot write"
        raise ApiError(
            503,
            f"the hand's picture cannot be saved ({why}: {directory}); type the score on the "
            "score pad instead",
        ) from None


def _hand_read(seat: int, total: int, tiles: list, answer: dict, name: str) -> str:
    """Offer the reading to the score pad for the player (or host) to confirm."""
    command = c.HandRead(
        seat - 1,
        total,
        tile_ends(tiles),
        answer["low_confidence"],
        name,
        source="phone",
        status=answer["status"],
        reasons=tuple(answer["reasons"]),
    )
    try:
        table().companion.call(command)
    except CompanionError as error:
        return f"not offered to the score pad: {error}"
    return "waiting for confirmation"


def _seat_field(players: list[str]) -> int | None:
    raw = request.form.get("seat", "")
    if raw == "":
        return None
    try:
        seat = int(raw)
    except ValueError:
        raise ApiError(400, f'"seat" must be a seat number, not {raw!r}') from None
    return seat_in_play(seat, players)


@bp.get("/photos/<name>")
def picture(name: str):
    if not PICTURE_NAME.fullmatch(name):
        raise ApiError(404, "there is no such picture")
    response = send_from_directory(table().settings.photo_dir, name, mimetype="image/jpeg")
    response.headers["X-Content-Type-Options"] = "nosniff"
    response.cache_control.max_age = 86400
    return response
