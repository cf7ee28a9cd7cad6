"""How an algorithm declares the inputs of a case: name, type and valid range."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class IntParam:
    """A whole-number input with an inclusive valid range."""

    low: int
    high: int
    help: str = ""

    def parse(self, text: str) -> int:
        """Turn command-line text into a valid value; ``ValueError`` says what is wrong."""
        try:
            value = int(text.strip(), 10)
        except ValueError:
            raise ValueError(f"{text!r} is not a whole number") from None
        self.check(value)
        return value

    def check(self, value: object) -> None:
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValueError(f"{value!r} is not a whole number")
        if not self.low <= value <= self.high:
            raise ValueError(f"{value} is out of range {self.low}..{self.high}")
