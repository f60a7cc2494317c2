"""The host driver talking to the real firmware over a pseudo-terminal."""

from __future__ import annotations

import threading

import pytest

from hardware import protocol as p
from hardware.centerpiece import (
    Centerpiece,
    CenterpieceError,
    CenterpieceNotConnected,
    UnknownSound,
)
from hardware.simulated import SimulatedCenterpiece


@pytest.fixture
def heard():
    return []


@pytest.fixture
def centerpiece(sim, heard, table_clock):
    with Centerpiece(
        sim.port,
        on_button=lambda gesture: heard.append(("button", gesture)),
        on_knock=lambda sensor, strength: heard.append(("knock", sensor, strength)),
        clock=table_clock.monotonic,
    ) as driver:
        driver.wait_connected(2.0)
        yield driver


def test_connects_on_hello_and_reports_the_firmware(centerpiece):
    health = centerpiece.health()
    assert health.connected
    assert health.firmware_version.startswith("centerpiece ")
    assert health.sounds == 5
    assert health.problem is None


def test_play_is_acked_and_the_centerpiece_sounds(sim, centerpiece):
    for sound in ("whistle", 1, "Clickety-clack", "crossing bells", "rooster"):
        assert centerpiece.play(sound).wait(1.0), sound
        assert sim.wait_for(lambda: sim.playing, 0.5), sound
    assert centerpiece.stop().wait(1.0)
    assert sim.wait_for(lambda: not sim.playing, 0.5)
    assert centerpiece.volume(30).wait(1.0)
    assert sim.wait_for(lambda: sim.hub.sounder.volume == 30, 1.0)  # acked, then applied


def test_a_lost_ack_is_made_good_by_retransmission_and_plays_once(sim, centerpiece):
    duplicates = sim.hub.counters["duplicates"]
    sim.hub.sounder.pwm.notes.clear()
    # Just after a heartbeat was acked, the next ACK the hub sends is the PLAY's.
    assert centerpiece.wait_for(lambda: (centerpiece.health().last_heartbeat_ack or 9) < 0.1, 1.5)
    sim.lose_frames(1, frame_type=p.ACK)
    receipt = centerpiece.play("rooster")
    assert receipt.wait(1.0)
    health = centerpiece.health()
    assert health.retransmitted >= 1
    assert health.dropped == 0
    # The resend was acked again (the hub answers before it counts) and not played again.
    assert sim.wait_for(lambda: sim.hub.counters["duplicates"] > duplicates, 1.0)
    assert sim.wait_for(lambda: sim.playing, 0.5)
    assert sim.wait_for(lambda: not sim.playing, 3.0)
    rooster = [freq for freq, _ in sim.hub.sounder.melodies[4] if freq]
    assert [freq for freq, _ in sim.hub.sounder.pwm.notes] == rooster


def test_button_and_knock_reach_the_callbacks(sim, centerpiece, heard):
    sim.press_button(0.08)
    sim.knock(strength=12000)
    assert centerpiece.wait_for(lambda: len(heard) == 2, 1.5)
    assert ("button", "press") in heard
    knocks = [h for h in heard if h[0] == "knock"]
    assert knocks and knocks[0][1] == 0 and 9000 <= knocks[0][2] <= 12000


def test_a_failing_callback_does_not_stop_the_driver(sim, escaped_exceptions):
    called = threading.Event()

    def clumsy(gesture):
        called.set()
        raise RuntimeError("service bug")

    with Centerpiece(sim.port, on_button=clumsy) as driver:
        driver.wait_connected(2.0)
        sim.press_button(0.08)
        assert called.wait(2.0)
        assert driver.play("whistle").wait(1.0)
    assert escaped_exceptions == []


def test_heartbeats_keep_the_hub_in_its_session(sim, centerpiece, table_clock):
    assert centerpiece.play("chugging", repeat=0).wait(1.0)
    for _ in range(4):  # 4 s, longer than the hub's session lasts without a heartbeat
        table_clock.skip(1.0)  # the next heartbeat is due
        assert centerpiece.wait_for(lambda: centerpiece.health().last_heartbeat_ack < 0.5, 1.0)
    assert sim.playing and sim.in_session


def test_unplug_and_replug_recover(tmp_path, escaped_exceptions):
    """(How long the recovery takes is bench/centerpiece.py's figure, not a test's.)"""
    port = tmp_path / "centerpiece"
    first = SimulatedCenterpiece(link_path=port)
    with Centerpiece(str(port)) as driver:
        driver.wait_connected(2.0)
        first.close()  # pulled out
        assert driver.wait_for(lambda: not driver.connected, 1.0)
        assert driver.play("whistle").outcome == "not connected"  # refused at once
        assert driver.wait_for(lambda: "no such port" in (driver.health().problem or ""), 5.0)
        with SimulatedCenterpiece(link_path=port) as second:  # plugged back in
            driver.wait_connected(10.0)
            assert driver.play("whistle").wait(1.0)
            assert second.wait_for(lambda: second.playing, 0.5)
        health = driver.health()
        assert health.reconnects == 1
    assert escaped_exceptions == []


def test_a_missing_port_is_named_and_nothing_raises_until_asked(tmp_path):
    missing = str(tmp_path / "no-centerpiece")
    with Centerpiece(missing) as driver:
        assert driver.wait_for(
            lambda: driver.health().problem and "no such port" in driver.health().problem, 1.0
        )
        receipt = driver.play("whistle")
        assert receipt.outcome == "not connected"
        with pytest.raises(CenterpieceNotConnected, match="no-centerpiece"):
            driver.wait_connected(0.2)


def test_the_port_is_opened_exclusively(sim, centerpiece):
    with Centerpiece(sim.port) as second:
        assert second.wait_for(lambda: "in use" in (second.health().problem or ""), 1.0)
        assert not second.connected
    assert centerpiece.play("whistle").wait(1.0)


def test_bad_arguments_say_what_to_do(centerpiece):
    with pytest.raises(UnknownSound, match="whistle, chugging"):
        centerpiece.play("kazoo")
    with pytest.raises(CenterpieceError, match="0-100"):
        centerpiece.volume(150)
    with pytest.raises(CenterpieceError, match="0-255"):
        centerpiece.play("whistle", repeat=300)


def test_a_new_host_gets_hello_from_a_hub_still_in_an_old_session(sim, table_clock):
    with Centerpiece(sim.port, clock=table_clock.monotonic) as old:
        old.wait_connected(2.0)
        # heartbeats flowing, and the HELLO the hub says when a session starts acked and done
        # with: one still in flight would be sent again, to the new host
        assert old.wait_for(lambda: old.health().last_heartbeat_ack is not None, 3.0)
        hub = sim.hub
        assert sim.wait_for(lambda: hub.in_session and not hub.queue and not hub.in_flight, 2.0)
    # The hub never reset and still thinks the old host is there: it acks the new host's
    # heartbeats but says no HELLO until that session has timed out (3 s of silence).
    with Centerpiece(sim.port, clock=table_clock.monotonic) as new:
        assert new.wait_for(lambda: new.health().last_heartbeat_ack is not None, 2.0)
        assert not new.connected
        table_clock.skip(4.0)  # past the new host's patience (2 s): it falls quiet
        assert new.wait_for(
            lambda: new.connected or "old session" in (new.health().problem or ""), 1.0
        )
        table_clock.skip(4.0)  # its quiet time, and the hub's old session is over
        new.wait_connected(2.0)
        assert new.play("whistle").wait(1.0)


def test_never_blocks_the_caller_even_when_the_queue_is_full(sim, centerpiece):
    receipts = [centerpiece.play("whistle") for _ in range(500)]  # returns: never waits
    refused = [r for r in receipts if r.outcome == "queue full"]
    assert refused, "500 commands at once should overflow the 32-frame queue"
    assert centerpiece.health().dropped >= len(refused)
    assert receipts[0].wait(2.0)


def test_when_the_host_goes_away_the_hub_falls_silent(sim, table_clock):
    with Centerpiece(sim.port) as driver:
        driver.wait_connected(2.0)
        assert driver.play("chugging", repeat=0).wait(1.0)
        assert sim.wait_for(lambda: sim.playing, 0.5)
    # no more heartbeats from here on (after how long is bench/centerpiece.py's figure); the
    # last one sent may still be on the line, and read after the skip would start the wait anew
    assert sim.wait_for(lambda: sim.heard_everything, 1.0)
    table_clock.skip(3.5)  # the hub waits 3 s for the next one
    assert sim.wait_for(lambda: not sim.playing, 1.0)
    assert not sim.sounding


def test_firmware_speaking_another_protocol_version_is_refused_and_named(fake_hub_line):
    wire, path = fake_hub_line
    with Centerpiece(path) as driver:
        heartbeat = wire.receive(2.0, lambda f: f.type == p.HEARTBEAT)
        wire.send(p.ack(heartbeat.seq))
        wire.send(p.Frame(0, p.HELLO, bytes([2, 5]) + b"centerpiece 2.0.0"))
        refusal = wire.receive(1.0, lambda f: f.type in (p.ACK, p.NAK))
        assert refusal == p.nak(0, p.OUT_OF_RANGE)
        assert driver.wait_for(lambda: "protocol version 2" in (driver.health().problem or ""), 1.0)
        assert not driver.connected
