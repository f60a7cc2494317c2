"""Draw the wiring pictures in docs/ as SVG, from the pin maps the code itself uses.

    python tools/draw_wiring.py          # writes docs/wiring-seats.svg, wiring-centerpiece.svg
    python tools/draw_wiring.py --check  # exit 1 if the pictures in docs/ are out of date

The seats' pins come from hardware/config.py (DEFAULT_PINS, PHYSICAL_PIN) and the
centerpiece's from hardware/firmware/main.py, so a changed pin map shows up here and in the
test that runs --check.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path
from xml.sax.saxutils import escape

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from hardware.config import DEFAULT_PINS, PHYSICAL_PIN  # noqa: E402

FIRMWARE = ROOT / "hardware" / "firmware" / "main.py"
DOCS = ROOT / "docs"

POWER = {1: "3V3", 17: "3V3", 2: "5V", 4: "5V", 27: "ID_SD", 28: "ID_SC"}
GROUND = {6, 9, 14, 20, 25, 30, 34, 39}
BUTTON, LED, GND, SUPPLY, SPARE = "#1f6fd1", "#e07b00", "#222222", "#d12f2f", "#b9b9b9"
FONT = "font-family='DejaVu Sans, Arial, sans-serif'"


class Svg:
    def __init__(self, width: int, height: int, title: str) -> None:
        self.width, self.height = width, height
        self.parts = [f"<title>{escape(title)}</title>"]
        self.parts.append(f"<rect width='{width}' height='{height}' fill='white'/>")

    def line(self, points, colour=GND, width=2, dash=None) -> None:
        path = " ".join(f"{x},{y}" for x, y in points)
        extra = f" stroke-dasharray='{dash}'" if dash else ""
        self.parts.append(
            f"<polyline points='{path}' fill='none' stroke='{colour}' stroke-width='{width}'"
            f" stroke-linejoin='round'{extra}/>"
        )

    def rect(self, x, y, w, h, fill="none", stroke=GND, radius=0, width=2) -> None:
        self.parts.append(
            f"<rect x='{x}' y='{y}' width='{w}' height='{h}' rx='{radius}' fill='{fill}' "
            f"stroke='{stroke}' stroke-width='{width}'/>"
        )

    def circle(self, x, y, r, fill, stroke=GND) -> None:
        self.parts.append(f"<circle cx='{x}' cy='{y}' r='{r}' fill='{fill}' stroke='{stroke}'/>")

    def text(self, x, y, words, size=13, anchor="start", colour=GND, bold=False) -> None:
        weight = " font-weight='bold'" if bold else ""
        self.parts.append(
            f"<text x='{x}' y='{y}' font-size='{size}' text-anchor='{anchor}' fill='{colour}' "
            f"{FONT}{weight}>{escape(words)}</text>"
        )

    def resistor(self, x, y, label, vertical=False) -> None:
        """A resistor (a box) centred on (x, y) with its value beside it."""
        if vertical:
            self.rect(x - 7, y - 18, 14, 36, fill="white")
            self.text(x + 12, y + 4, label, 12)
        else:
            self.rect(x - 18, y - 7, 36, 14, fill="white")
            self.text(x, y - 12, label, 12, "middle")

    def button(self, x, y, label) -> None:
        """A push button (normally open) between (x - 20, y) and (x + 20, y)."""
        self.circle(x - 16, y, 3, "white")
        self.circle(x + 16, y, 3, "white")
        self.line([(x - 18, y - 10), (x + 18, y - 10)])
        self.line([(x, y - 10), (x, y - 20)])
        self.line([(x - 8, y - 20), (x + 8, y - 20)])
        self.text(x, y + 20, label, 12, "middle")

    def led(self, x, y, label) -> None:
        """An LED pointing right, anode at x - 12, cathode at x + 12."""
        self.parts.append(
            f"<polygon points='{x - 10},{y - 10} {x - 10},{y + 10} {x + 8},{y}' fill='{LED}' "
            f"stroke='{GND}' stroke-width='2'/>"
        )
        self.line([(x + 9, y - 10), (x + 9, y + 10)])
        self.line([(x + 2, y - 14), (x + 10, y - 22)], LED, 1.5)
        self.line([(x + 8, y - 10), (x + 16, y - 18)], LED, 1.5)
        self.text(x, y + 26, label, 12, "middle")

    def ground(self, x, y) -> None:
        for step, half in enumerate((12, 8, 4)):
            self.line([(x - half, y + step * 4), (x + half, y + step * 4)])

    def render(self) -> str:
        head = (
            f"<svg xmlns='http://www.w3.org/2000/svg' width='{self.width}' "
            f"height='{self.height}' viewBox='0 0 {self.width} {self.height}'>"
        )
        return "\n".join([head, *self.parts, "</svg>", ""])


def header_roles() -> dict[int, tuple[str, str]]:
    """Physical pin -> (label, colour) for the Pi's 40-pin header with the default seats."""
    gpio_at = {pin: gpio for gpio, pin in PHYSICAL_PIN.items()}
    gpio_at.update({27: 0, 28: 1})
    roles: dict[int, tuple[str, str]] = {}
    uses = {}
    for seat, (button, led) in enumerate(DEFAULT_PINS, start=1):
        uses[button] = (f"seat {seat} button", BUTTON)
        uses[led] = (f"seat {seat} LED", LED)
    for pin in range(1, 41):
        if pin in GROUND:
            roles[pin] = ("GND", GND)
        elif pin in POWER:
            colour = SUPPLY if pin in (1, 2, 4, 17) else SPARE
            roles[pin] = (POWER[pin], colour)
        else:
            gpio = gpio_at[pin]
            label, colour = uses.get(gpio, ("", SPARE))
            roles[pin] = (f"GPIO {gpio}" + (f"  {label}" if label else ""), colour)
    return roles


def seats_svg() -> str:
    svg = Svg(1040, 560, "Seat buttons and LEDs on the Raspberry Pi's 40-pin header")
    svg.text(20, 30, "Seats: one button and one LED each, on the Pi's 40-pin header", 18, bold=True)
    svg.text(20, 52, "BCM GPIO numbers (what the config uses) and physical pin numbers; "
             "seats 1-4 are the default, 5-8 optional.", 13)  # fmt: skip
    top, row, left_x, right_x = 95, 22, 300, 330
    svg.rect(left_x - 18, top - 18, right_x - left_x + 36, 20 * row + 14, "#2e7d32", "#1b5e20", 6)
    svg.text((left_x + right_x) / 2, top - 26, "pin 1 (3V3) is at the SD-card end", 12, "middle")
    for pin, (label, colour) in header_roles().items():
        odd = pin % 2 == 1
        x = left_x if odd else right_x
        y = top + (pin - 1) // 2 * row
        svg.circle(x, y, 7, colour, "white")
        anchor = "end" if odd else "start"
        svg.text(x + (-12 if odd else 12), y + 4, str(pin), 10, anchor, "#dddddd")
        svg.text(
            x + (-42 if odd else 42), y + 4, label, 12, "end" if odd else "start",
            colour if colour != SPARE else "#888888", bold=colour in (BUTTON, LED),
        )  # fmt: skip

    # one seat's circuit, the same for every seat
    ox, oy = 640, 120
    svg.text(ox - 40, oy - 30, "Every seat (seat 1 shown)", 15, bold=True)
    button_gpio, led_gpio = DEFAULT_PINS[0]
    svg.text(ox - 40, oy + 4, f"GPIO {button_gpio} (pin {PHYSICAL_PIN[button_gpio]})", 12)
    svg.line([(ox + 110, oy), (ox + 160, oy)], BUTTON)
    svg.button(ox + 180, oy, "push button")
    svg.line([(ox + 200, oy), (ox + 270, oy), (ox + 270, oy + 20)])
    svg.ground(ox + 270, oy + 20)
    svg.text(ox + 290, oy + 28, "GND", 12)
    svg.text(ox - 40, oy + 84, f"GPIO {led_gpio} (pin {PHYSICAL_PIN[led_gpio]})", 12)
    svg.line([(ox + 110, oy + 80), (ox + 132, oy + 80)], LED)
    svg.resistor(ox + 150, oy + 80, "330 Ω")
    svg.line([(ox + 168, oy + 80), (ox + 198, oy + 80)], LED)
    svg.led(ox + 210, oy + 80, "LED")
    svg.line([(ox + 219, oy + 80), (ox + 270, oy + 80), (ox + 270, oy + 100)])
    svg.ground(ox + 270, oy + 100)
    svg.text(ox + 290, oy + 108, "GND", 12)
    notes = [
        "The long leg of the LED (anode) goes towards the GPIO.",
        "No resistor on the button: the Pi's own pull-up holds it high.",
        "Any GND pin will do; a ribbon or twisted pair up to 2 m per seat.",
        "An illuminated button is the same two circuits in one part:",
        "use a 3 V LED without a built-in resistor, plus the 330 Ω.",
        "Check it all with: train-companion doctor / hardware-test",
    ]
    for n, note in enumerate(notes):
        svg.text(ox - 40, oy + 170 + n * 20, note, 12)
    legend = [(BUTTON, "seat button"), (LED, "seat LED"), (GND, "ground"), (SUPPLY, "power")]
    for n, (colour, name) in enumerate(legend):
        svg.circle(ox - 30 + n * 90, 520, 7, colour, "white")
        svg.text(ox - 18 + n * 90, 524, name, 12)
    return svg.render()


def firmware_pins() -> dict[str, int]:
    """SOUNDER_PIN, BUTTON_PIN and KNOCK_ADC_PIN as the firmware defines them."""
    text = FIRMWARE.read_text()
    names = ("SOUNDER_PIN", "BUTTON_PIN", "KNOCK_ADC_PIN")
    return {n: int(re.search(rf"^{n} = const\((\d+)\)", text, re.M).group(1)) for n in names}


def pico_pin(gp: int) -> int:
    """The Pico's physical pin for GPn (GP0-GP22, GP26-GP28)."""
    left = [0, 1, None, 2, 3, 4, 5, None, 6, 7, 8, 9, None, 10, 11, 12, 13, None, 14, 15]
    right = [16, 17, None, 18, 19, 20, 21, None, 22, None, 26, 27, None, 28]
    if gp in left:
        return left.index(gp) + 1
    return right.index(gp) + 21


def centerpiece_svg() -> str:
    pins = firmware_pins()
    sounder, button, knock = pins["SOUNDER_PIN"], pins["BUTTON_PIN"], pins["KNOCK_ADC_PIN"]
    svg = Svg(
        1060,
        640,
        "The centerpiece: a Raspberry Pi Pico with a sounder, a button and a knock sensor",
    )  # noqa: E501
    svg.text(20, 30, "Centerpiece: Raspberry Pi Pico, sounder, round button, knock sensor", 18,
             bold=True)  # fmt: skip
    svg.text(20, 52, "Pico pin numbers count from 1 (top left, next to the USB socket) down the "
             "left side and back up the right side (40 at top right).", 13)  # fmt: skip
    x0, y0, w, row = 380, 110, 170, 20
    svg.rect(x0, y0, w, 20 * row + 20, "#2e7d32", "#1b5e20", 8)
    svg.rect(x0 + w / 2 - 22, y0 - 16, 44, 22, "#cfcfcf", GND, 3)
    svg.text(x0 + w / 2, y0 - 24, "USB to the Pi", 12, "middle")
    svg.text(x0 + w / 2, y0 + 150, "Raspberry Pi Pico", 14, "middle", "white", True)

    def pin_at(pin: int) -> tuple[float, float]:
        if pin <= 20:
            return x0, y0 + 20 + (pin - 1) * row
        return x0 + w, y0 + 20 + (40 - pin) * row

    labels = {
        pico_pin(sounder): f"GP{sounder}",
        pico_pin(button): f"GP{button}",
        pico_pin(knock): f"GP{knock} (ADC0)",
        18: "GND",
        28: "GND",
        36: "3V3(OUT)",
    }
    for pin in range(1, 41):
        x, y = pin_at(pin)
        used = pin in labels
        svg.circle(x, y, 6 if used else 4, "#ffd54f" if used else "#9e9e9e", "white")
        if used:
            left = pin <= 20
            words = f"{pin} {labels[pin]}" if left else f"{labels[pin]} {pin}"
            anchor = "start" if left else "end"
            svg.text(x + (12 if left else -12), y + 4, words, 11, anchor, "white")

    # left side: the sounder and the round button, to a ground line under them
    sx, sy = pin_at(pico_pin(sounder))
    bx, by = pin_at(pico_pin(button))
    gx, gy = pin_at(18)
    bus = sy + 50
    svg.line([(sx, sy), (250, sy)], LED)
    svg.resistor(232, sy, "100 Ω")
    svg.line([(214, sy), (150, sy)], LED)
    svg.rect(110, sy - 14, 40, 28, "#fff3e0", GND, 14)
    svg.text(130, sy + 4, "♪", 14, "middle")
    svg.text(160, sy + 32, "passive piezo buzzer", 12, "middle")
    svg.line([(110, sy), (70, sy), (70, bus)])
    svg.line([(bx, by), (300, by), (300, by - 40), (240, by - 40)], BUTTON)
    svg.button(220, by - 40, "round button")
    svg.line([(200, by - 40), (50, by - 40), (50, bus)])
    svg.line([(gx, gy), (330, gy), (330, bus), (50, bus)])
    svg.line([(200, bus), (200, bus + 10)])
    svg.ground(200, bus + 10)
    svg.text(20, bus + 40, f"GP{sounder} plays the sounds (PWM); GP{button} reads the button "
             "(internal pull-up).", 12)  # fmt: skip

    # right side: the knock sensor's bias network and piezo disc
    kx, ky = pin_at(pico_pin(knock))
    vx, vy = pin_at(36)
    ax, ay = pin_at(28)
    node_x, node_y = 760, ky
    bottom = ay + 50
    svg.line([(kx, ky), (650, ky)], BUTTON)
    svg.resistor(668, ky, "10 kΩ")
    svg.line([(686, ky), (node_x, ky)], BUTTON)
    svg.circle(node_x, node_y, 4, GND)
    svg.line([(vx, vy), (node_x, vy), (node_x, node_y - 78)], SUPPLY)
    svg.resistor(node_x, node_y - 58, "1 MΩ", vertical=True)
    svg.line([(node_x, node_y - 40), (node_x, node_y)])
    svg.line([(node_x, node_y), (node_x, node_y + 22)])
    svg.resistor(node_x, node_y + 40, "1 MΩ", vertical=True)
    svg.line([(node_x, node_y + 58), (node_x, bottom)])
    svg.line([(node_x, node_y), (880, node_y), (880, node_y + 14)])
    svg.circle(880, node_y + 40, 26, "#eeeeee")
    svg.circle(880, node_y + 40, 16, "#cfa64a")
    svg.text(914, node_y + 36, "piezo disc under", 12)
    svg.text(914, node_y + 52, "the table top", 12)
    svg.line([(880, node_y + 66), (880, bottom), (ax + 25, bottom), (ax + 25, ay), (ax, ay)])
    svg.text(590, bottom + 30, "Two 1 MΩ hold the input at half of 3.3 V; a knock swings it.", 12)
    svg.text(590, bottom + 48, "The 10 kΩ guards the ADC from a hard knock's spike.", 12)
    svg.text(20, 620, "Flash MicroPython, copy hardware/firmware/main.py as main.py "
             "(docs/build.md), then: train-companion doctor", 12)  # fmt: skip
    return svg.render()


PICTURES = {"wiring-seats.svg": seats_svg, "wiring-centerpiece.svg": centerpiece_svg}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only check docs/ is up to date")
    args = parser.parse_args()
    stale = []
    for name, draw in PICTURES.items():
        path = DOCS / name
        drawing = draw()
        if args.check:
            if not path.exists() or path.read_text(encoding="utf-8") != drawing:
                stale.append(name)
        else:
            path.write_text(drawing, encoding="utf-8")
            print(f"wrote {path.relative_to(ROOT)}")
    if stale:
        print(f"out of date: {', '.join(stale)}; run python tools/draw_wiring.py", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
