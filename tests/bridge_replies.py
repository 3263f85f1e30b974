"""What the bridge tests share: a request's result when it must succeed, its error when it must fail."""
from __future__ import annotations

from sudoku_core.bridge import handle


def ok(request: dict) -> dict:
    reply = handle(request)
    assert reply["ok"] is True, reply
    return reply["result"]


def error(request: dict) -> dict:
    reply = handle(request)
    assert reply["ok"] is False, reply
    assert set(reply["error"]) >= {"code", "message", "cells"}
    assert "Traceback" not in reply["error"]["message"]
    return reply["error"]
