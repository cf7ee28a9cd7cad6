"""How an algorithm declares the inputs of a case: name, type and valid range."""

from __future__ import annotations

import re
from dataclasses import dataclass

# Decimal digits only: Python's int() would also take "1_000" and non-ASCII digits.
WHOLE_NUMBER = re.compile(r"[+-]?[0-9]+")


@dataclass(frozen=True)
class IntParam:
    """A whole-number input with an inclusive valid range."""

    low: int
    high: int
    help: str = ""

    def parse(self, text: str) -> int:
        """Turn command-line text into a valid value; ``ValueError`` says what is wrong."""
        if not WHOLE_NUMBER.fullmatch(text.strip()):
            raise ValueError(f"{text!r} is not a whole number")
        value = int(text.strip(), 10)
        self.check(value)
        return value

    def check(self, value: object) -> None:
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValueError(f"{value!r} is not a whole number")
        if not self.low <= value <= self.high:
            raise ValueError(f"{value} is out of range {self.low}..{self.high}")
