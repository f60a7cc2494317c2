"""The wire format of docs/protocol.md, on the host's codec and the firmware's own."""

from __future__ import annotations

import binascii
import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hardware import protocol as p
from hardware.simulated import load_firmware


@pytest.fixture(scope="module")
def firmware():
    return load_firmware()


def test_the_worked_examples_in_the_protocol_document_are_what_the_encoder_writes():
    text = (Path(__file__).parents[2] / "docs" / "protocol.md").read_text()
    examples = re.findall(r"payload: ([0-9a-f ]+)\n\s+wire: +([0-9a-f ]+)\n", text)
    assert len(examples) == 4
    for payload, wire in examples:
        payload, wire = bytes.fromhex(payload), bytes.fromhex(wire)
        frame = p.Frame(payload[0], payload[1], payload[2:-2])
        assert p.encode_frame(frame) == wire
        assert p.decode_frame(wire[:-1]) == frame


@given(st.binary(max_size=70))
def test_crc_agrees_with_the_standard_library(data):
    # binascii.crc_hqx is the same CRC (poly 0x1021, not reflected) with a given start value.
    assert p.crc16(data) == binascii.crc_hqx(data, 0xFFFF)


def test_crc_is_ccitt_false_check_value():
    # The catalogue check value of CRC-16/CCITT-FALSE over ASCII "123456789".
    assert p.crc16(b"123456789") == 0x29B1
    assert load_firmware().crc16(b"123456789") == 0x29B1


@pytest.mark.parametrize(
    ("raw", "stuffed"),
    [  # the examples from Cheshire and Baker's paper, as listed on Wikipedia
        (b"\x00", b"\x01\x01"),
        (b"\x00\x00", b"\x01\x01\x01"),
        (b"\x00\x11\x00", b"\x01\x02\x11\x01"),
        (b"\x11\x22\x00\x33", b"\x03\x11\x22\x02\x33"),
        (b"\x11\x22\x33\x44", b"\x05\x11\x22\x33\x44"),
        (b"\x11\x00\x00\x00", b"\x02\x11\x01\x01\x01"),
        (bytes(range(1, 255)), b"\xff" + bytes(range(1, 255))),
    ],
)
def test_cobs_matches_the_published_examples(firmware, raw, stuffed):
    assert p.cobs_encode(raw) == stuffed
    assert bytes(firmware.cobs_encode(raw)) == stuffed
    assert p.cobs_decode(stuffed) == raw
    assert bytes(firmware.cobs_decode(stuffed)) == raw


@given(st.binary(max_size=600))
def test_cobs_round_trips_and_never_sends_a_zero(data):
    stuffed = p.cobs_encode(data)
    assert 0 not in stuffed
    assert p.cobs_decode(stuffed) == data


frames = st.builds(
    p.Frame,
    seq=st.integers(0, 255),
    type=st.integers(0, 255),
    body=st.binary(max_size=p.MAX_PAYLOAD - 4),
)


@given(frames)
def test_frames_round_trip_and_both_ends_write_the_same_bytes(frame):
    wire = p.encode_frame(frame)
    assert wire.endswith(b"\x00") and 0 not in wire[:-1]
    assert p.decode_frame(wire[:-1]) == frame
    assert bytes(load_firmware().frame_bytes(frame.seq, frame.type, frame.body)) == wire


@given(st.binary(max_size=80))
def test_host_and_firmware_agree_on_what_is_valid_cobs(data):
    try:
        host = p.cobs_decode(data)
    except p.FrameError:
        host = None
    hub = load_firmware().cobs_decode(data)
    assert host == (None if hub is None else bytes(hub))


def test_payload_layout_is_seq_type_body_crc_big_endian():
    wire = p.encode_frame(p.Frame(seq=7, type=p.PLAY, body=bytes([0, 1])))
    payload = p.cobs_decode(wire[:-1])
    crc = p.crc16(bytes([7, 2, 0, 1]))
    assert payload == bytes([7, 2, 0, 1, crc >> 8, crc & 0xFF])


def test_a_damaged_frame_is_refused_with_its_sequence_when_readable():
    wire = bytearray(p.encode_frame(p.Frame(seq=42, type=p.HEARTBEAT))[:-1])
    wire[-1] ^= 0x01  # last CRC byte
    with pytest.raises(p.FrameError) as refused:
        p.decode_frame(bytes(wire))
    assert refused.value.seq == 42
    with pytest.raises(p.FrameError) as unreadable:
        p.decode_frame(b"\x05\x01")  # COBS code runs past the end
    assert unreadable.value.seq is None


def test_frame_reader_splits_a_stream_and_resynchronises_after_noise():
    one = p.encode_frame(p.Frame(1, p.HEARTBEAT))
    two = p.encode_frame(p.Frame(2, p.STOP))
    reader = p.FrameReader()
    stream = b"\x13\x37" + b"\x00" + one + bytes([0x55] * 300) + b"\x00" + two
    pieces = [stream[i : i + 7] for i in range(0, len(stream), 7)]
    found = [frame for piece in pieces for frame in reader.feed(piece)]
    assert [p.decode_frame(f) for f in found[1:]] == [p.Frame(1, p.HEARTBEAT), p.Frame(2, p.STOP)]
    assert reader.discarded == 1  # the 300 bytes of noise, dropped without being kept


def test_sounds_by_name_or_number():
    assert p.sound_number("whistle") == 0
    assert p.sound_number("Crossing bells") == 3
    assert p.sound_number(4) == 4
    for wrong in ("kazoo", 5, -1, True):
        with pytest.raises(ValueError, match="sound"):
            p.sound_number(wrong)


def test_the_firmware_has_a_melody_for_every_sound_the_host_names(firmware):
    assert len(firmware.MELODIES) == len(p.SOUNDS)
    for melody in firmware.MELODIES:
        assert melody and all(freq == 0 or 50 <= freq <= 5000 for freq, _ in melody)
        assert all(0 < ms <= 2000 for _, ms in melody)
