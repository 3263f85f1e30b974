"""Argument types shared by the command line's subcommands: each turns a bad value into a sentence
argparse prints as a usage error (exit status 2)."""
from __future__ import annotations

import argparse
from typing import Callable

from ..core.shape import Shape


def shape_arg(text: str) -> Shape:
    try:
        return Shape.parse(text)
    except ValueError as err:
        raise argparse.ArgumentTypeError(str(err)) from None


def whole_number(minimum: int) -> Callable[[str], int]:
    """A type for whole numbers of at least `minimum`."""
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        if value < minimum:
            lowest = "0 or more" if minimum == 0 else f"at least {minimum}"
            raise argparse.ArgumentTypeError(f"must be {lowest}, not {value}")
        return value
    return parse


def positive_seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not value > 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(f"must be a positive number of seconds, not {text}")
    return value
