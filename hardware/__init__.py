"""The physical table: seat buttons and LEDs on GPIO, the centerpiece over serial."""
