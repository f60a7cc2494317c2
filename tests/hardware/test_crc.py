"""The host's CRC (binascii.crc_hqx) and the firmware's bit-by-bit CRC are the same CRC."""

from hypothesis import given
from hypothesis import strategies as st

from hardware import protocol as p
from hardware.simulated import load_firmware

FIRMWARE = load_firmware()


@given(st.binary(max_size=p.MAX_PAYLOAD))
def test_host_and_firmware_compute_the_same_crc(data):
    assert p.crc16(data) == FIRMWARE.crc16(bytearray(data))


@given(st.integers(0, 255), st.integers(0, 255), st.binary(max_size=p.MAX_PAYLOAD - 4))
def test_a_frame_the_host_encodes_passes_the_firmwares_crc_check(seq, kind, body):
    payload = p.cobs_decode(p.encode_frame(p.Frame(seq, kind, body))[:-1])
    assert FIRMWARE.crc16(payload[:-2]) == (payload[-2] << 8) | payload[-1]
