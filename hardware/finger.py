"""A finger on mock buttons: presses a seat's button on gpiozero's mock pins with the
timings a gesture needs. The demo's simulated players and hardware-test use it."""

from __future__ import annotations

import time

from hardware.config import SeatsConfig

TAP_S = 0.03


def press_gesture(seats, seat: int, gesture: str) -> None:
    """Make ``gesture`` ("press", "hold", "double", "out") on seat ``seat``'s mock button."""
    config: SeatsConfig = seats.config
    pin = seats.seat(seat).button.pin
    tap = max(TAP_S, config.bounce_s * 3)

    def push(seconds: float) -> None:
        pin.drive_low()
        time.sleep(seconds)
        pin.drive_high()

    if gesture == "press":
        push(tap)
    elif gesture == "double":
        push(tap)
        time.sleep(min(tap, config.double_press_s / 3))
        push(tap)
    elif gesture == "hold":
        push((config.hold_s + min(config.out_hold_s, config.hold_s * 2)) / 2)
    elif gesture == "out":
        push(config.out_hold_s * 1.1)
    else:
        raise ValueError(f"no gesture {gesture!r}")


def quick_config(config: SeatsConfig, scale: float) -> SeatsConfig:
    """The same seats with every timing multiplied by ``scale`` (the demo's fast players)."""
    return SeatsConfig(
        pins=config.pins,
        hold_s=config.hold_s * scale,
        out_hold_s=config.out_hold_s * scale,
        double_press_s=config.double_press_s * scale,
        bounce_s=max(0.002, config.bounce_s * scale),
    )
