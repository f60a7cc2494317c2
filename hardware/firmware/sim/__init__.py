"""A simulated Pico board for the centerpiece firmware: a fake ``machine`` module and a serial
link over a pseudo-terminal. Never copied to a real board."""
