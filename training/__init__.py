"""Offline tools that build and measure the recogniser's learned stage (not shipped).

Needs the `train` extra: `pip install -e '.[train]'`. The photos they read stay in
../shared/data and are never copied into this repository.
"""
