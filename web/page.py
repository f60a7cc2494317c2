"""The score pad page. It renders itself from the state embedded in it and the live stream."""

from __future__ import annotations

from flask import Blueprint, render_template

from web.auth import session_info
from web.context import table

bp = Blueprint("page", __name__)


@bp.get("/")
def score_pad():
    return render_template("pad.html", state=table().companion.state(), session=session_info())
