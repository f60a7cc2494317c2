"""Every refusal is a JSON object ``{"error": "..."}`` with the right status, never a
traceback."""

from __future__ import annotations

import logging
from concurrent.futures import TimeoutError as FutureTimeout

from flask import Flask, jsonify
from werkzeug.exceptions import HTTPException

from companion.errors import CompanionError, StoreError

log = logging.getLogger("train_companion.web")

MESSAGES = {
    400: "the request could not be read",
    403: "not allowed",
    404: "there is nothing here",
    405: "this address does not take that method",
    413: "too large",
    415: "that kind of data cannot be used here",
    429: "too many tries; wait and try again",
    500: "something went wrong on the companion; the score pad is safe, try again",
    503: "the companion cannot do that right now",
}


class ApiError(Exception):
    """A refusal with a status and a message that says what to do."""

    def __init__(self, status: int, message: str, **extra: object) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.extra = extra


def error_response(status: int, message: str, **extra: object):
    response = jsonify({"error": message, **extra})
    response.status_code = status
    return response


def register(app: Flask, max_photo_mb: float) -> None:
    @app.errorhandler(ApiError)
    def api_error(error: ApiError):
        response = error_response(error.status, error.message, **error.extra)
        if "retry_after" in error.extra:
            response.headers["Retry-After"] = str(error.extra["retry_after"])
        return response

    @app.errorhandler(HTTPException)
    def http_error(error: HTTPException):
        status = error.code or 500
        message = MESSAGES.get(status, error.name.lower())
        if status == 413:
            message = f"too large: a photo may be at most {max_photo_mb:g} MB"
        response = error_response(status, message)
        if status == 405 and error.valid_methods:
            response.headers["Allow"] = ", ".join(error.valid_methods)
        return response

    @app.errorhandler(CompanionError)
    def refused(error: CompanionError):
        if isinstance(error, StoreError):  # the event log cannot be written: nothing changed
            return error_response(503, str(error))
        return error_response(409, str(error))

    @app.errorhandler(FutureTimeout)
    def too_slow(error: FutureTimeout):
        return error_response(503, "the companion did not answer in time; try again")

    @app.errorhandler(Exception)
    def bug(error: Exception):
        log.exception("unexpected error in the web score pad")
        return error_response(500, MESSAGES[500])
