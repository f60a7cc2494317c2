"""Helpers shared by the web tests (imported by name: pytest puts this folder on the path)."""

from __future__ import annotations

PIN = "4321"
PLAYERS = ["Ann", "Bob", "Cy"]


def post(client, url, body=None, token=None, **kwargs):
    """POST as ``client`` with its CSRF token (or ``token``) and ``body`` as JSON."""
    headers = {"X-CSRF-Token": token if token is not None else getattr(client, "token", "")}
    if body is not None:
        kwargs["json"] = body
    return client.post(url, headers=headers, **kwargs)


def seat_to_move(companion) -> int:
    return companion.state()["turn"]["seat"]
