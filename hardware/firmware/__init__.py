"""The centerpiece firmware. Only ``main.py`` goes onto the Pico; ``sim/`` is the board
simulation that lets the very same ``main.py`` run under CPython (the simulated centerpiece)."""
