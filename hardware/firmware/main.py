# Centerpiece firmware: MicroPython on the Raspberry Pi Pico (RP2040).
#
# Copy this file to the Pico as main.py (e.g. `mpremote cp main.py :main.py`). It speaks the
# protocol in docs/protocol.md over the USB serial port, plays the sounds on a PWM sounder,
# reads the round button and hears tiles knocked on the table through a piezo on the ADC.
#
# Wiring (Pico pin numbers are GPIO numbers):
#   GP15 -> 100 ohm -> piezo sounder or small speaker driver -> GND
#   GP14 -> round button -> GND          (internal pull-up)
#   GP26 (ADC0) <- piezo disc under the table top, held at mid-rail by two 1 Mohm resistors
#                  (one to 3V3, one to GND); a knock swings it away from the middle
#
# Hold the round button while plugging the centerpiece in to get the MicroPython REPL instead
# (the firmware turns Ctrl-C off, so mpremote cannot interrupt it otherwise).
#
# The same file runs unchanged under CPython as the simulated centerpiece: hardware/firmware/sim
# provides a fake `machine` module (a board simulation) and a link over a pseudo-terminal.
# Only MicroPython built-ins are used here: no f-strings, dataclasses or typing.

import sys

import machine
from machine import ADC, PWM, Pin

try:
    from micropython import const
except ImportError:  # CPython: the simulated centerpiece

    def const(value):
        return value


try:
    from time import sleep_ms, ticks_diff, ticks_ms
except ImportError:  # CPython: the simulated centerpiece
    from time import monotonic, sleep

    def ticks_ms():
        return int(monotonic() * 1000) & 0x3FFFFFFF

    def ticks_diff(new, old):
        return ((new - old + 0x20000000) & 0x3FFFFFFF) - 0x20000000

    def sleep_ms(ms):
        sleep(ms / 1000)


FIRMWARE_VERSION = "centerpiece 1.0.0"
PROTOCOL_VERSION = const(1)

SOUNDER_PIN = const(15)
BUTTON_PIN = const(14)
KNOCK_ADC_PIN = const(26)

HELLO = const(0x01)
PLAY = const(0x02)
STOP = const(0x03)
VOLUME = const(0x04)
HEARTBEAT = const(0x05)
ACK = const(0x06)
NAK = const(0x07)
BUTTON = const(0x08)
KNOCK = const(0x09)

BAD_CRC = const(1)
UNKNOWN_TYPE = const(2)
BAD_LENGTH = const(3)
OUT_OF_RANGE = const(4)

MAX_PAYLOAD = const(64)
MAX_ENCODED = const(66)
RETRY_MS = const(100)
SENDS = const(4)  # the first send and 3 retransmissions
SILENCE_MS = const(3000)
QUEUE_LIMIT = const(8)

# Body lengths of the frames the host may send us.
HOST_BODY_LENGTHS = {PLAY: 2, STOP: 0, VOLUME: 1, HEARTBEAT: 0}

# Melodies as data: (frequency in Hz, duration in ms); frequency 0 is a rest.
MELODIES = (
    # 0 whistle: a long two-note steam whistle, "whoo-whooo"
    ((698, 380), (880, 60), (0, 90), (698, 250), (880, 900), (0, 60)),
    # 1 chugging: four low puffs
    ((98, 90), (0, 110), (110, 90), (0, 110), (98, 90), (0, 110), (82, 120), (0, 190)),
    # 2 clickety-clack: two quick clicks, a pause, two more (rail joints under the wheels)
    ((1800, 18), (0, 70), (1500, 18), (0, 330), (1800, 18), (0, 70), (1500, 18), (0, 330)),
    # 3 crossing bells: alternating dings
    ((1175, 140), (0, 110), (988, 140), (0, 110), (1175, 140), (0, 110), (988, 140), (0, 110)),
    # 4 rooster: cock-a-doodle-doo
    ((523, 120), (659, 120), (784, 160), (0, 40), (880, 220), (1047, 520), (0, 60)),
)


def crc16(data):
    crc = 0xFFFF
    for byte in data:
        crc ^= byte << 8
        for _ in range(8):
            crc = ((crc << 1) ^ 0x1021) & 0xFFFF if crc & 0x8000 else (crc << 1) & 0xFFFF
    return crc


def cobs_encode(data):
    out = bytearray(1)
    code_at = 0
    code = 1
    last = len(data) - 1
    for index in range(len(data)):
        byte = data[index]
        if byte == 0:
            out[code_at] = code
            code_at = len(out)
            out.append(0)
            code = 1
        else:
            out.append(byte)
            code += 1
            if code == 0xFF and index != last:
                out[code_at] = code
                code_at = len(out)
                out.append(0)
                code = 1
    out[code_at] = code
    return out


def cobs_decode(data):
    """The decoded bytes, or None if ``data`` is not valid COBS."""
    out = bytearray()
    index = 0
    size = len(data)
    while index < size:
        code = data[index]
        end = index + code
        if code == 0 or end > size:
            return None
        for position in range(index + 1, end):
            if data[position] == 0:
                return None
            out.append(data[position])
        index = end
        if code != 0xFF and index < size:
            out.append(0)
    return out


def frame_bytes(seq, kind, body):
    payload = bytearray([seq, kind])
    payload.extend(body)
    crc = crc16(payload)
    payload.append(crc >> 8)
    payload.append(crc & 0xFF)
    out = cobs_encode(payload)
    out.append(0)
    return out


class Sounder:
    """Plays melodies on a PWM pin, one note at a time, without blocking the main loop."""

    def __init__(self, pwm, melodies=MELODIES):
        self.pwm = pwm
        self.melodies = melodies
        self.volume = 70
        self.melody = None
        self.note = 0
        self.note_started = 0
        self.repeats_left = 0
        self.pwm.duty_u16(0)

    def play(self, sound, repeat, now):
        self.melody = self.melodies[sound]
        self.repeats_left = repeat  # 0 = until STOP
        self.note = 0
        self._sound_note(now)

    def stop(self):
        self.melody = None
        self.pwm.duty_u16(0)

    def set_volume(self, volume):
        self.volume = volume
        if self.melody is not None:
            self._apply_duty(self.melody[self.note][0])

    def tick(self, now):
        if self.melody is None:
            return
        if ticks_diff(now, self.note_started) < self.melody[self.note][1]:
            return
        self.note += 1
        if self.note >= len(self.melody):
            if self.repeats_left == 1:
                self.stop()
                return
            if self.repeats_left > 1:
                self.repeats_left -= 1
            self.note = 0
        self._sound_note(now)

    def _sound_note(self, now):
        frequency = self.melody[self.note][0]
        if frequency:
            self.pwm.freq(frequency)
        self._apply_duty(frequency)
        self.note_started = now

    def _apply_duty(self, frequency):
        # Half duty is the loudest a square wave gets; volume scales it down.
        self.pwm.duty_u16(32768 * self.volume // 100 if frequency else 0)


class RoundButton:
    """The centerpiece's button, active low, debounced; press = released before 1 s."""

    DEBOUNCE_MS = 20
    HOLD_MS = 1000

    def __init__(self, pin):
        self.pin = pin
        self.raw = False
        self.stable = False
        self.changed_at = 0
        self.pressed_at = 0
        self.held = False

    def poll(self, now):
        """1 for a press, 2 for a hold, None when nothing happened."""
        raw = self.pin.value() == 0
        if raw != self.raw:
            self.raw = raw
            self.changed_at = now
        elif raw != self.stable and ticks_diff(now, self.changed_at) >= self.DEBOUNCE_MS:
            self.stable = raw
            if raw:
                self.pressed_at = now
                self.held = False
            elif not self.held:
                return 1
        if self.stable and not self.held and ticks_diff(now, self.pressed_at) >= self.HOLD_MS:
            self.held = True
            return 2
        return None


class KnockSensor:
    """Hears a tile knocked on the table: a jump above the resting level of the piezo."""

    THRESHOLD = 6000
    REFRACTORY_MS = 150

    def __init__(self, adc):
        self.adc = adc
        self.baseline = adc.read_u16()
        self.last_knock = None

    def poll(self, now):
        """The strength of a new knock (u16), or None."""
        value = self.adc.read_u16()
        swing = abs(value - self.baseline)  # a piezo swings both ways
        if swing > self.THRESHOLD:
            if self.last_knock is None or ticks_diff(now, self.last_knock) >= self.REFRACTORY_MS:
                self.last_knock = now
                return min(swing, 0xFFFF)
            return None
        # Follow the resting level slowly so drift and temperature do not look like knocks.
        self.baseline += (value - self.baseline) // 64
        return None


class Hub:
    """The protocol engine: frames in, sounds and events out. Call step() every millisecond."""

    def __init__(self, link, sounder, button, knock, ticks=ticks_ms):
        self.link = link
        self.ticks = ticks  # the board's millisecond clock (the simulation may bring its own)
        self.sounder = sounder
        self.button = button
        self.knock = knock
        self.rx = bytearray()
        self.rx_overflow = False
        self.tx_seq = 0
        self.last_host_seq = None
        self.queue = []
        self.in_flight = None  # [seq, frame bytes, last sent at, sends]
        self.in_session = False
        self.last_heartbeat = ticks()
        self.counters = {"accepted": 0, "duplicates": 0, "naks": 0, "dropped": 0, "garbage": 0}
        self.send_hello()  # after every reset

    def send_hello(self):
        body = bytearray([PROTOCOL_VERSION, len(self.sounder.melodies)])
        body.extend(FIRMWARE_VERSION.encode())
        self.send(HELLO, body)

    def send(self, kind, body):
        if len(self.queue) >= QUEUE_LIMIT:
            self.counters["dropped"] += 1
            return
        self.queue.append((kind, bytes(body)))

    def step(self):
        now = self.ticks()
        data = self.link.read()
        if data:
            self.receive(data, now)
        self.sounder.tick(now)
        gesture = self.button.poll(now)
        if gesture is not None and self.in_session:
            self.send(BUTTON, bytes([gesture]))
        strength = self.knock.poll(now)
        if strength is not None and self.in_session:
            self.send(KNOCK, bytes([0, strength >> 8, strength & 0xFF]))
        if self.in_session and ticks_diff(now, self.last_heartbeat) > SILENCE_MS:
            self.fall_silent()
        self.pump(now)

    def run(self):
        while True:
            try:
                self.step()
            except Exception:  # never hang silent: start again, and say HELLO to the host
                machine.reset()
            sleep_ms(1)

    def fall_silent(self):
        self.in_session = False
        self.sounder.stop()
        self.counters["dropped"] += len(self.queue) + (1 if self.in_flight else 0)
        self.queue = []
        self.in_flight = None
        self.last_host_seq = None

    def receive(self, data, now):
        for byte in data:
            if byte == 0:
                if self.rx_overflow:
                    self.counters["garbage"] += 1
                elif self.rx:
                    self.handle_frame(self.rx, now)
                self.rx = bytearray()
                self.rx_overflow = False
            elif not self.rx_overflow:
                self.rx.append(byte)
                if len(self.rx) > MAX_ENCODED:
                    self.rx = bytearray()
                    self.rx_overflow = True

    def handle_frame(self, encoded, now):
        payload = cobs_decode(encoded)
        if payload is None or len(payload) < 4 or len(payload) > MAX_PAYLOAD:
            self.counters["garbage"] += 1
            return
        seq = payload[0]
        kind = payload[1]
        if crc16(payload[:-2]) != (payload[-2] << 8) | payload[-1]:
            self.counters["garbage"] += 1
            self.reply(NAK, bytes([seq, BAD_CRC]))
            return
        body = payload[2:-2]
        if kind in (ACK, NAK):
            self.handle_answer(kind, body, now)
            return
        expected = HOST_BODY_LENGTHS.get(kind)
        if expected is None:
            self.reply(NAK, bytes([seq, UNKNOWN_TYPE]))
            return
        if len(body) != expected:
            self.reply(NAK, bytes([seq, BAD_LENGTH]))
            return
        if (kind == PLAY and body[0] >= len(self.sounder.melodies)) or (
            kind == VOLUME and body[0] > 100
        ):
            self.reply(NAK, bytes([seq, OUT_OF_RANGE]))
            return
        self.reply(ACK, bytes([seq]))
        if seq == self.last_host_seq:
            self.counters["duplicates"] += 1
            return
        self.last_host_seq = seq
        self.counters["accepted"] += 1
        if not self.in_session:
            self.in_session = True
            self.last_heartbeat = now
            self.send_hello()
        if kind == HEARTBEAT:
            self.last_heartbeat = now
        elif kind == PLAY:
            self.sounder.play(body[0], body[1], now)
        elif kind == STOP:
            self.sounder.stop()
        elif kind == VOLUME:
            self.sounder.set_volume(body[0])

    def handle_answer(self, kind, body, now):
        flight = self.in_flight
        if flight is None or len(body) < 1 or body[0] != flight[0]:
            return
        if kind == ACK and len(body) == 1:
            self.in_flight = None
        elif kind == NAK and len(body) == 2:
            if body[1] == BAD_CRC and flight[3] < SENDS:
                self.transmit(flight, now)
            else:
                self.in_flight = None
                self.counters["dropped"] += 1

    def reply(self, kind, body):
        if kind == NAK:
            self.counters["naks"] += 1
        self.link.write(frame_bytes(0, kind, body))

    def pump(self, now):
        flight = self.in_flight
        if flight is not None and ticks_diff(now, flight[2]) >= RETRY_MS:
            if flight[3] >= SENDS:
                self.in_flight = None
                self.counters["dropped"] += 1
            else:
                self.transmit(flight, now)
        if self.in_flight is None and self.queue:
            kind, body = self.queue.pop(0)
            flight = [self.tx_seq, frame_bytes(self.tx_seq, kind, body), now, 0]
            self.tx_seq = (self.tx_seq + 1) & 0xFF
            self.in_flight = flight
            self.transmit(flight, now)

    def transmit(self, flight, now):
        flight[2] = now
        flight[3] += 1
        self.link.write(flight[1])


class UsbLink:
    """The Pico's USB serial port, read without blocking."""

    def __init__(self):
        import select

        import micropython

        # A frame may hold 0x03 (Ctrl-C): it must not stop the firmware. The host's first
        # heartbeats may arrive before this line runs; a 0x03 among them would drop the Pico
        # to the REPL until it is plugged in again (the host then reports no HELLO).
        micropython.kbd_intr(-1)
        self.poller = select.poll()
        self.poller.register(sys.stdin, select.POLLIN)

    def read(self):
        data = bytearray()
        while len(data) < 64 and self.poller.poll(0):
            data.extend(sys.stdin.buffer.read(1))
        return data

    def write(self, data):
        sys.stdout.buffer.write(data)


def build_hub(link, ticks=ticks_ms):
    """The hub wired to this board's pins, keeping time with ``ticks`` (ms, as ticks_ms)."""
    sounder = Sounder(PWM(Pin(SOUNDER_PIN)))
    button = RoundButton(Pin(BUTTON_PIN, Pin.IN, Pin.PULL_UP))
    knock = KnockSensor(ADC(Pin(KNOCK_ADC_PIN)))
    return Hub(link, sounder, button, knock, ticks)


def main():
    if Pin(BUTTON_PIN, Pin.IN, Pin.PULL_UP).value() == 0:
        return  # round button held while plugging in: stay at the REPL (for mpremote)
    build_hub(UsbLink()).run()


if __name__ == "__main__":
    main()
