"""The host's side of the centerpiece wire protocol (docs/protocol.md): framing and messages.

Pure functions and small value types, no I/O, so both the host driver and the tests use them.
The firmware has its own implementation (MicroPython cannot import this package); the tests
check the two against each other.

>>> frame = encode_frame(Frame(seq=7, type=PLAY, body=bytes([0, 1])))
>>> frame[-1]
0
>>> decode_frame(frame[:-1])
Frame(seq=7, type=2, body=b'\\x00\\x01')
"""

from __future__ import annotations

import binascii
from dataclasses import dataclass

PROTOCOL_VERSION = 1

HELLO = 0x01
PLAY = 0x02
STOP = 0x03
VOLUME = 0x04
HEARTBEAT = 0x05
ACK = 0x06
NAK = 0x07
BUTTON = 0x08
KNOCK = 0x09

TYPE_NAMES = {
    HELLO: "HELLO",
    PLAY: "PLAY",
    STOP: "STOP",
    VOLUME: "VOLUME",
    HEARTBEAT: "HEARTBEAT",
    ACK: "ACK",
    NAK: "NAK",
    BUTTON: "BUTTON",
    KNOCK: "KNOCK",
}

# NAK reasons
BAD_CRC = 1
UNKNOWN_TYPE = 2
BAD_LENGTH = 3
OUT_OF_RANGE = 4

# BUTTON bodies
BUTTON_PRESS = 1
BUTTON_HOLD = 2
BUTTON_GESTURES = {BUTTON_PRESS: "press", BUTTON_HOLD: "hold"}

SOUNDS: tuple[str, ...] = ("whistle", "chugging", "clickety-clack", "crossing-bells", "rooster")

MIN_PAYLOAD = 4
MAX_PAYLOAD = 64
MAX_ENCODED = MAX_PAYLOAD + 2  # COBS adds at most one byte per 254, plus the first code byte

RETRY_INTERVAL_S = 0.1
RETRANSMISSIONS = 3
HEARTBEAT_INTERVAL_S = 1.0
SILENCE_AFTER_S = 3.0


class FrameError(ValueError):
    """A frame could not be decoded. ``seq`` is set when the sequence byte was readable."""

    def __init__(self, message: str, seq: int | None = None) -> None:
        super().__init__(message)
        self.seq = seq


@dataclass(frozen=True)
class Frame:
    """One decoded message: its sequence number, type and body bytes."""

    seq: int
    type: int
    body: bytes = b""

    @property
    def name(self) -> str:
        return TYPE_NAMES.get(self.type, f"0x{self.type:02x}")


def crc16(data: bytes) -> int:
    """CRC-16/CCITT-FALSE: poly 0x1021, init 0xFFFF, no reflection, no final XOR.

    binascii.crc_hqx is that CRC (XMODEM's, which starts from a given value); the firmware
    computes it bit by bit, since MicroPython has no binascii.crc_hqx.
    """
    return binascii.crc_hqx(data, 0xFFFF)


def cobs_encode(data: bytes) -> bytes:
    """Consistent Overhead Byte Stuffing: the result has no zero byte."""
    out = bytearray([0])
    code_at = 0
    code = 1
    last = len(data) - 1
    for index, byte in enumerate(data):
        if byte == 0:
            out[code_at] = code
            code_at = len(out)
            out.append(0)
            code = 1
            continue
        out.append(byte)
        code += 1
        if code == 0xFF and index != last:  # a full block; start the next only if more follows
            out[code_at] = code
            code_at = len(out)
            out.append(0)
            code = 1
    out[code_at] = code
    return bytes(out)


def cobs_decode(data: bytes) -> bytes:
    """Undo :func:`cobs_encode`; raises FrameError on anything that is not valid COBS."""
    out = bytearray()
    index = 0
    while index < len(data):
        code = data[index]
        if code == 0:
            raise FrameError("zero byte inside a COBS frame")
        end = index + code
        if end > len(data):
            raise FrameError("COBS code runs past the end of the frame")
        block = data[index + 1 : end]
        if 0 in block:
            raise FrameError("zero byte inside a COBS frame")
        out += block
        index = end
        if code != 0xFF and index < len(data):
            out.append(0)
    return bytes(out)


def encode_frame(frame: Frame) -> bytes:
    """The bytes to write on the wire for ``frame``, including the trailing 0x00."""
    if not 0 <= frame.seq <= 0xFF or not 0 <= frame.type <= 0xFF:
        raise ValueError("sequence and type are single bytes")
    payload = bytes([frame.seq, frame.type]) + bytes(frame.body)
    if len(payload) + 2 > MAX_PAYLOAD:
        raise ValueError(f"body too long: {len(frame.body)} bytes")
    crc = crc16(payload)
    return cobs_encode(payload + bytes([crc >> 8, crc & 0xFF])) + b"\x00"


def decode_frame(encoded: bytes) -> Frame:
    """Decode one frame received without its trailing 0x00; raises FrameError."""
    if len(encoded) > MAX_ENCODED:
        raise FrameError("frame too long")
    payload = cobs_decode(encoded)
    if len(payload) < MIN_PAYLOAD:
        raise FrameError("frame too short")
    if len(payload) > MAX_PAYLOAD:
        raise FrameError("frame too long")
    expected = (payload[-2] << 8) | payload[-1]
    if crc16(payload[:-2]) != expected:
        raise FrameError("bad CRC", seq=payload[0])
    return Frame(seq=payload[0], type=payload[1], body=bytes(payload[2:-2]))


class FrameReader:
    """Splits a byte stream into encoded frames at 0x00, discarding over-long runs of noise."""

    def __init__(self) -> None:
        self._buffer = bytearray()
        self._overflowed = False
        self.discarded = 0

    def feed(self, data: bytes) -> list[bytes]:
        """Add received bytes; return the complete encoded frames (without the 0x00)."""
        frames: list[bytes] = []
        for byte in data:
            if byte == 0:
                if self._overflowed:
                    self.discarded += 1
                elif self._buffer:
                    frames.append(bytes(self._buffer))
                self._buffer.clear()
                self._overflowed = False
            elif not self._overflowed:
                self._buffer.append(byte)
                if len(self._buffer) > MAX_ENCODED:
                    self._buffer.clear()
                    self._overflowed = True
        return frames


def sound_number(sound: str | int) -> int:
    """The protocol number of a sound given by name ("whistle") or number (0)."""
    if isinstance(sound, bool):
        raise ValueError(f"unknown sound {sound!r}")
    if isinstance(sound, int):
        if 0 <= sound < len(SOUNDS):
            return sound
        raise ValueError(f"unknown sound number {sound}: choose 0-{len(SOUNDS) - 1}")
    name = str(sound).strip().lower().replace(" ", "-").replace("_", "-")
    if name in SOUNDS:
        return SOUNDS.index(name)
    raise ValueError(f"unknown sound {sound!r}: choose one of {', '.join(SOUNDS)}")


def ack(seq: int) -> Frame:
    return Frame(seq=0, type=ACK, body=bytes([seq]))


def nak(seq: int, reason: int) -> Frame:
    return Frame(seq=0, type=NAK, body=bytes([seq, reason]))
