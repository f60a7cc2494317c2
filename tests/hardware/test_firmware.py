"""The real firmware (hardware/firmware/main.py) on the simulated board, spoken to byte by byte."""

from __future__ import annotations

import time

import pytest

from hardware import protocol as p
from hardware.simulated import load_firmware


def test_hub_says_hello_when_a_session_begins(host_probe):
    hello = host_probe.start_session()
    assert hello.body[0] == p.PROTOCOL_VERSION
    assert hello.body[1] == len(p.SOUNDS)
    assert hello.body[2:].decode().startswith("centerpiece ")


def test_play_is_acked_and_sounds_then_stop_silences(sim, host_probe):
    host_probe.start_session()
    answer = host_probe.command(p.PLAY, bytes([p.sound_number("crossing-bells"), 0]))
    assert answer is not None and answer.type == p.ACK
    assert sim.wait_for(lambda: sim.sounding, 0.5)
    assert host_probe.command(p.STOP).type == p.ACK
    assert sim.wait_for(lambda: not sim.playing and not sim.sounding, 0.5)


def test_volume_scales_the_sounder(sim, host_probe):
    host_probe.start_session()
    pwm = sim.hub.sounder.pwm
    loud = quiet = 0
    for percent in (100, 10):
        assert host_probe.command(p.VOLUME, bytes([percent])).type == p.ACK
        host_probe.command(p.PLAY, bytes([0, 1]))
        assert sim.wait_for(lambda: pwm.sounding, 0.5)
        if percent == 100:
            loud = pwm.duty_u16()
        else:
            quiet = pwm.duty_u16()
        host_probe.command(p.STOP)
    assert loud > 5 * quiet > 0
    host_probe.command(p.VOLUME, bytes([0]))
    host_probe.command(p.PLAY, bytes([0, 1]))
    assert sim.wait_for(lambda: sim.playing, 0.5)
    assert not pwm.sounding  # volume 0 plays the melody silently


def test_wrong_frames_are_refused_with_the_reason(host_probe):
    host_probe.start_session()
    cases = [
        (p.PLAY, bytes([len(p.SOUNDS), 1]), p.OUT_OF_RANGE),
        (p.VOLUME, bytes([101]), p.OUT_OF_RANGE),
        (p.PLAY, bytes([0]), p.BAD_LENGTH),
        (p.HEARTBEAT, b"\x01", p.BAD_LENGTH),
        (0x42, b"", p.UNKNOWN_TYPE),
        (p.BUTTON, b"\x01", p.UNKNOWN_TYPE),  # hub -> host only
    ]
    for kind, body, reason in cases:
        answer = host_probe.command(kind, body)
        assert answer is not None and answer.type == p.NAK, (kind, body)
        assert answer.body[1] == reason, (kind, body)


def test_bad_crc_is_naked_and_undecodable_noise_is_dropped(host_probe):
    host_probe.start_session()
    damaged = bytearray(p.encode_frame(p.Frame(77, p.HEARTBEAT)))
    damaged[-2] ^= 0x10
    host_probe.write(bytes(damaged))
    answer = host_probe.answer(77)
    assert answer is not None and answer.type == p.NAK and answer.body[1] == p.BAD_CRC
    host_probe.write(b"\x09\x01\x02\x00")  # COBS runs past the end: no sequence to answer
    host_probe.write(bytes([0x41] * 200) + b"\x00")  # too long to be a frame
    assert host_probe.drain(0.1) == []
    assert host_probe.command(p.HEARTBEAT).type == p.ACK  # and the hub still listens


def test_a_repeated_frame_is_acked_again_but_not_played_twice(sim, host_probe):
    host_probe.start_session()
    seq = host_probe.next_seq()
    play = p.encode_frame(p.Frame(seq, p.PLAY, bytes([p.sound_number("clickety-clack"), 1])))
    host_probe.write(play)
    assert host_probe.answer(seq).type == p.ACK
    assert sim.wait_for(lambda: sim.playing, 0.5)
    assert sim.wait_for(lambda: not sim.playing, 3.0)  # the melody ran its course
    duplicates = sim.hub.counters["duplicates"]
    host_probe.write(play)  # as if our ACK had been lost
    assert host_probe.answer(seq).type == p.ACK
    assert sim.wait_for(lambda: sim.hub.counters["duplicates"] > duplicates, 1.0)
    assert not sim.playing


def test_heartbeat_loss_silences_the_hub(sim, host_probe, table_clock):
    """(After how long is bench/centerpiece.py's figure, not a test's.)"""
    host_probe.start_session()  # sends the last heartbeat this test gives
    host_probe.command(p.PLAY, bytes([p.sound_number("chugging"), 0]))  # until STOP
    assert sim.wait_for(lambda: sim.playing, 0.5)
    table_clock.skip(3.5)  # the hub waits 3 s for the next heartbeat
    assert sim.wait_for(lambda: not sim.playing, 1.0)
    assert not sim.sounding and not sim.in_session
    # The next heartbeat begins a new session with a new HELLO.
    host_probe.start_session()
    assert sim.in_session


def test_button_and_knock_reach_the_host_and_are_retransmitted_until_acked(sim, host_probe):
    host_probe.start_session()
    sim.press_button(0.08)
    first = host_probe.receive(1.0, lambda f: f.type == p.BUTTON)
    assert first is not None and first.body == bytes([p.BUTTON_PRESS])
    sent_at = time.monotonic()
    # We do not ack: the hub sends the very same frame again, 100 ms apart, 3 more times.
    repeats = []  # (spacing is checked on the hub's own clock below: here load blurs it)
    while time.monotonic() - sent_at < 0.9:
        frame = host_probe.receive(0.9, lambda f: f.type == p.BUTTON)
        if frame is None:
            break
        repeats.append((time.monotonic() - sent_at, frame))
    assert [frame for _, frame in repeats] == [first] * 3

    sim.knock(strength=20000)
    knock = host_probe.receive(1.0, lambda f: f.type == p.KNOCK)
    assert knock is not None and knock.body[0] == 0
    assert 15000 <= int.from_bytes(knock.body[1:], "big") <= 20000
    host_probe.send(p.ack(knock.seq))


@pytest.mark.slow  # a 1.3 s hold and the refractory times, in real time
def test_hold_the_round_button_and_knocks_inside_the_refractory_time_count_once(sim, host_probe):
    host_probe.start_session()

    def events(kind, seconds):
        """The distinct frames of ``kind`` (a retransmission has the same sequence), acked."""
        found = {}
        deadline = time.monotonic() + seconds
        while frame := host_probe.receive(deadline - time.monotonic(), lambda f: f.type == kind):
            found.setdefault(frame.seq, frame)
            host_probe.send(p.ack(frame.seq))
        return list(found.values())

    sim.press_button(1.3)
    assert [f.body for f in events(p.BUTTON, 0.3)] == [bytes([p.BUTTON_HOLD])]
    sim.knock()
    assert sim.wait_for(lambda: not sim.hub.knock.adc._samples, 1.0)  # the board heard it ring
    sim.knock()  # the same tap still ringing
    assert len(events(p.KNOCK, 0.3)) == 1
    sim.knock()  # a new tap, after the refractory time
    assert len(events(p.KNOCK, 0.3)) == 1


def test_no_events_are_sent_outside_a_session(sim, host_probe):
    sim.press_button(0.08)
    sim.knock()
    frames = host_probe.drain(0.3)
    assert not [f for f in frames if f.type in (p.BUTTON, p.KNOCK)]


@pytest.mark.slow  # the melody plays twice, note by note, in real time
def test_a_sound_plays_its_melody_note_by_note_as_often_as_asked(sim, host_probe):
    host_probe.start_session()
    pwm = sim.hub.sounder.pwm
    pwm.notes.clear()
    clack = p.sound_number("clickety-clack")
    assert host_probe.command(p.PLAY, bytes([clack, 2])).type == p.ACK
    assert sim.wait_for(lambda: sim.playing, 0.5)  # the hub acks first, then plays
    assert sim.wait_for(lambda: not sim.playing, 3.0)
    tune = [freq for freq, _ in sim.hub.sounder.melodies[clack] if freq]
    assert [freq for freq, _ in pwm.notes] == tune * 2
    assert not sim.sounding


def test_a_tremor_below_the_threshold_is_not_a_knock(sim, host_probe):
    host_probe.start_session()
    adc = sim.hub.knock.adc
    adc.feed([adc.resting + 3000, adc.resting - 3000, adc.resting + 1500] * 5)  # a cup set down
    assert sim.wait_for(lambda: not adc._samples, 1.0)  # the firmware has read them all
    assert not [f for f in host_probe.drain(0.2) if f.type == p.KNOCK]
    sim.knock(strength=9000)
    assert host_probe.receive(1.0, lambda f: f.type == p.KNOCK) is not None


def test_the_hub_resends_100_ms_apart_three_times_then_gives_up():
    firmware = load_firmware()
    clock = [0]

    class SilentHost:  # reads nothing, so the boot HELLO is never acked
        def __init__(self):
            self.sent: list[int] = []

        def read(self):
            return b""

        def write(self, data):
            self.sent.append(clock[0])

    host = SilentHost()
    hub = firmware.build_hub(host, ticks=lambda: clock[0])
    for clock[0] in range(0, 1000, 5):
        hub.step()
    assert host.sent == [0, 100, 200, 300]
    assert hub.counters["dropped"] == 1
