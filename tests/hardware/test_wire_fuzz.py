"""10,000 random and mutated frames at each end of the line (seeded).

Neither side may crash, and every frame must be dropped, NAKed or acked exactly as the table in
docs/protocol.md says. The expected answer is worked out here from that table with the host's
codec; the firmware has its own codec, so on that side this is also a cross-check.
After each fuzz frame the test sends a good probe frame: its ACK closes the answers to the fuzz.
"""

from __future__ import annotations

import random

from hw_support import Wire

from hardware import protocol as p
from hardware.centerpiece import Centerpiece

FRAMES = 10_000
BATCH = 50
SEED = 20261121

HOST_TO_HUB_LENGTHS = {p.PLAY: 2, p.STOP: 0, p.VOLUME: 1, p.HEARTBEAT: 0}


def fuzz_frames(rng: random.Random, legal_types: list[int]) -> list[bytes]:
    """Junk, well-formed frames with unexpected types or bodies, and damaged good frames."""
    items = []
    for index in range(FRAMES):
        style = index % 3
        if style == 0:
            items.append(rng.randbytes(rng.randint(1, 90)))
            continue
        kind = rng.choice(legal_types) if rng.random() < 0.6 else rng.randint(0, 12)
        body = rng.randbytes(rng.choice([0, 1, 2, 3, 3, 5, 20]))
        encoded = p.encode_frame(p.Frame(rng.randint(0, 255), kind, body))[:-1]
        if style == 2:
            encoded = mutate(rng, bytearray(encoded))
        items.append(bytes(encoded))
    return items


def mutate(rng: random.Random, data: bytearray) -> bytearray:
    for _ in range(rng.randint(1, 3)):
        choice = rng.randrange(5)
        where = rng.randrange(len(data)) if data else 0
        if choice == 0 and data:
            data[where] ^= 1 << rng.randrange(8)
        elif choice == 1 and data:
            del data[where]
        elif choice == 2:
            data.insert(where, rng.randrange(256))
        elif choice == 3:
            del data[rng.randint(0, len(data)) :]
        else:
            data[where:where] = data[where : where + rng.randint(1, 4)]
    return data


def expected_answers(segment: bytes, rules) -> list[tuple[int, ...]]:
    """(type, body...) of the answer the protocol requires, or [] for a silent drop."""
    if len(segment) > p.MAX_ENCODED:
        return []
    try:
        frame = p.decode_frame(segment)
    except p.FrameError as error:
        return [] if error.seq is None else [(p.NAK, error.seq, p.BAD_CRC)]
    if frame.type in (p.ACK, p.NAK):
        return []
    reason = rules(frame)
    return [(p.NAK, frame.seq, reason)] if reason else [(p.ACK, frame.seq)]


def hub_rules(frame: p.Frame) -> int:
    length = HOST_TO_HUB_LENGTHS.get(frame.type)
    if length is None:
        return p.UNKNOWN_TYPE
    if len(frame.body) != length:
        return p.BAD_LENGTH
    if (frame.type == p.PLAY and frame.body[0] >= len(p.SOUNDS)) or (
        frame.type == p.VOLUME and frame.body[0] > 100
    ):
        return p.OUT_OF_RANGE
    return 0


def host_rules(frame: p.Frame) -> int:
    body = frame.body
    if frame.type == p.HELLO:
        return p.BAD_LENGTH if len(body) < 2 else (0 if body[0] == 1 else p.OUT_OF_RANGE)
    if frame.type == p.BUTTON:
        return p.BAD_LENGTH if len(body) != 1 else (0 if body[0] in (1, 2) else p.OUT_OF_RANGE)
    if frame.type == p.KNOCK:
        return 0 if len(body) == 3 else p.BAD_LENGTH
    return p.UNKNOWN_TYPE


def segments(item: bytes) -> list[bytes]:
    return [piece for piece in item.split(b"\x00") if piece]


def run_fuzz(wire: Wire, items, rules, probe, is_chatter, answer_chatter, alive):
    """Send every item followed by a probe; compare the answers with the protocol's."""
    last_probe = -1
    for start in range(0, len(items), BATCH):
        expected: list[tuple[int, ...]] = []
        stream = bytearray()
        for item in items[start : start + BATCH]:
            taken = {last_probe}
            for segment in segments(item):
                answers = expected_answers(segment, rules)
                expected += answers
                taken.update(answer[1] for answer in answers)
            probe_seq = next(s for s in range(256) if s not in taken)
            last_probe = probe_seq
            stream += b"\x00" + item + b"\x00" + p.encode_frame(probe(probe_seq))
            expected.append((p.ACK, probe_seq))
        wire.write(bytes(stream))
        answers: list[tuple[int, ...]] = []
        while len(answers) < len(expected):
            frame = wire.receive(3.0)
            assert frame is not None, (
                f"no answer at batch {start}: {len(answers)} of {len(expected)}"
            )
            if is_chatter(frame):
                answer_chatter(frame)
                continue
            answers.append((frame.type, *frame.body))
        assert answers == expected, f"batch starting at frame {start}"
        assert alive()
    assert [f for f in wire.drain(0.2) if not is_chatter(f)] == []


def test_firmware_survives_and_answers_10000_bad_frames(sim, host_probe):
    host_probe.start_session()
    items = fuzz_frames(random.Random(SEED), list(HOST_TO_HUB_LENGTHS))
    run_fuzz(
        host_probe,
        items,
        hub_rules,
        probe=lambda seq: p.Frame(seq, p.HEARTBEAT),
        is_chatter=lambda f: f.type in (p.HELLO, p.BUTTON, p.KNOCK),
        answer_chatter=lambda f: host_probe.send(p.ack(f.seq)),
        alive=lambda: sim._thread.is_alive(),
    )
    assert sim.hub.counters["garbage"] > FRAMES // 3
    # Still a working centerpiece afterwards.
    assert host_probe.command(p.PLAY, bytes([0, 1])).type == p.ACK


def test_host_driver_survives_and_answers_10000_bad_frames(fake_hub_line, escaped_exceptions):
    wire, path = fake_hub_line
    knocks: list[tuple[int, int]] = []
    buttons: list[str] = []
    with Centerpiece(path, on_button=buttons.append, on_knock=lambda *k: knocks.append(k)) as host:
        heartbeat = wire.receive(2.0, lambda f: f.type == p.HEARTBEAT)
        assert heartbeat is not None
        wire.send(p.ack(heartbeat.seq))
        wire.send(p.Frame(200, p.HELLO, bytes([1, 5]) + b"fuzz hub"))
        assert host.wait_for(lambda: host.connected, 1.0)
        wire.receive(1.0, lambda f: f.type == p.ACK)
        heartbeats = [0]

        def answer_heartbeat(frame: p.Frame) -> None:
            heartbeats[0] += 1
            wire.send(p.ack(frame.seq))

        items = fuzz_frames(random.Random(SEED + 1), [p.HELLO, p.BUTTON, p.KNOCK])
        expected_calls = count_acted_on(items)
        run_fuzz(
            wire,
            items,
            host_rules,
            probe=lambda seq: p.Frame(seq, p.KNOCK, bytes([7, 0, 1])),
            is_chatter=lambda f: f.type == p.HEARTBEAT,
            answer_chatter=answer_heartbeat,
            alive=lambda: host._thread.is_alive(),
        )
        host.wait_connected(2.0)  # still, or again, talking to the hub
        receipt = host.play("whistle")
        play = wire.receive(1.0, lambda f: f.type == p.PLAY)
        assert play is not None and play.body == bytes([0, 1])
        wire.send(p.ack(play.seq))
        assert receipt.wait(1.0)
        health = host.health()
    assert health.garbage > FRAMES // 3
    assert (len(buttons), len([k for k in knocks if k != (7, 1)])) == expected_calls
    assert escaped_exceptions == []


def count_acted_on(items: list[bytes]) -> tuple[int, int]:
    """How many BUTTON and fuzz KNOCK frames the host must act on (duplicates only once)."""
    last = 200  # the HELLO's sequence
    buttons = knocks = 0
    probe_last = -1
    for item in items:
        taken = {probe_last}
        for segment in segments(item):
            answers = expected_answers(segment, host_rules)
            taken.update(answer[1] for answer in answers)
            if answers and answers[0][0] == p.ACK:
                frame = p.decode_frame(segment)
                if frame.type == p.HELLO:
                    last = frame.seq
                elif frame.seq != last:
                    last = frame.seq
                    if frame.type == p.BUTTON:
                        buttons += 1
                    elif frame.body != bytes([7, 0, 1]):
                        knocks += 1
        probe_last = next(s for s in range(256) if s not in taken)
        last = probe_last
    return buttons, knocks
