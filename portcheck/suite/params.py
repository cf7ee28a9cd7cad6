"""How an algorithm declares the inputs of a case: name, type and valid values.

Every parameter type answers the same questions, so the command line, the goldens and the
differential checks treat them alike: ``parse`` (command-line text to a valid value, or
``ValueError`` saying what is wrong), ``check`` (a value from a case), ``describe`` (the
valid values, for help and errors), ``edges`` (the values a differential run always
includes) and ``draw`` (one valid value at random); and each may have a ``default``, the
value an input left out on the command line takes (the article's own choice).
"""

from __future__ import annotations

import dataclasses
import random
import re
from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any, Protocol

# Decimal digits only: Python's int() would also take "1_000" and non-ASCII digits.
WHOLE_NUMBER = re.compile(r"[+-]?[0-9]+")


class Param(Protocol):
    help: str
    default: Any

    def parse(self, text: str) -> Any: ...

    def check(self, value: object) -> None: ...

    def describe(self) -> str: ...

    def edges(self) -> tuple[Any, ...]: ...

    def draw(self, rng: random.Random) -> Any: ...


@dataclass(frozen=True)
class IntParam:
    """A whole-number input with an inclusive valid range.  A ``default`` (the article's
    own choice: ``IntParam(1, 10, "board size", default=8)``) is what the command line
    takes when the input is not given (``portcheck reference queens``); a case still names
    every input."""

    low: int
    high: int
    help: str = ""
    default: int | None = None

    def __post_init__(self) -> None:
        if self.low > self.high:
            raise ValueError(f"IntParam({self.low}, {self.high}): low is above high")
        if self.default is not None:
            try:
                self.check(self.default)
            except ValueError as error:
                raise ValueError(f"IntParam({self.low}, {self.high}): default: {error}") \
                    from None

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

    def describe(self) -> str:
        return f"{self.low}..{self.high}"

    def edges(self) -> tuple[int, ...]:
        return (self.low, self.high) if self.low != self.high else (self.low,)

    def draw(self, rng: random.Random) -> int:
        return rng.randint(self.low, self.high)


@dataclass(frozen=True)
class ChoiceParam:
    """An input that is one of a few words (``fleet=classic``, ``method=naive``).

    ``code(value)`` is the word's position in ``choices`` (from 0): what a template passes
    to a language where strings are awkward.  A ``default`` is what the command line takes
    when the input is not given (``portcheck reference battleship fleet=classic seed=7``)."""

    choices: tuple[str, ...]
    help: str = ""
    default: str | None = None

    def __post_init__(self) -> None:
        if not self.choices or len(set(self.choices)) != len(self.choices):
            raise ValueError(f"ChoiceParam{self.choices}: needs distinct choices")
        if self.default is not None and self.default not in self.choices:
            raise ValueError(f"ChoiceParam{self.choices}: default {self.default!r} is not "
                             "one of the choices")

    def parse(self, text: str) -> str:
        value = text.strip()
        self.check(value)
        return value

    def check(self, value: object) -> None:
        if value not in self.choices:
            raise ValueError(f"{value!r} is not one of {self.describe()}")

    def describe(self) -> str:
        return "|".join(self.choices)

    def edges(self) -> tuple[str, ...]:
        return self.choices

    def draw(self, rng: random.Random) -> str:
        return rng.choice(self.choices)

    def code(self, value: str) -> int:
        self.check(value)
        return self.choices.index(value)


def param_data(param: object) -> dict[str, Any]:
    """A parameter type as plain data (what the reference's process tells portcheck)."""
    if isinstance(param, IntParam):
        return {"type": "int", "low": param.low, "high": param.high, "help": param.help,
                "default": param.default}
    if isinstance(param, ChoiceParam):
        own = {f.name for f in dataclasses.fields(ChoiceParam)}
        extra = {f.name: plain(getattr(param, f.name)) for f in dataclasses.fields(param)
                 if f.name not in own}  # what a subclass carries (battleship's fleets)
        return {"type": "choice", "choices": list(param.choices), "help": param.help,
                "default": param.default, "extra": extra}
    raise TypeError(f"{param!r} is not IntParam or ChoiceParam")


def param_from_data(data: dict[str, Any]) -> Param:
    """The parameter type :func:`param_data` described (``ValueError`` on anything else)."""
    if not isinstance(data, dict):
        raise ValueError(f"not a parameter type: {data!r}")
    if data.get("type") == "int" and all(type(data.get(k)) is int for k in ("low", "high")) \
            and (data.get("default") is None or type(data["default"]) is int):
        return IntParam(data["low"], data["high"], str(data.get("help", "")),
                        default=data.get("default"))
    if data.get("type") == "choice" and isinstance(data.get("choices"), list) \
            and all(isinstance(c, str) for c in data["choices"]) \
            and isinstance(data.get("default"), str | None):
        param = ChoiceParam(tuple(data["choices"]), str(data.get("help", "")), data["default"])
        for name, value in dict(data.get("extra") or {}).items():
            object.__setattr__(param, str(name), from_plain(value))
        return param
    raise ValueError(f"not a parameter type: {data!r}")


def plain(value: object) -> object:
    """``value`` as JSON data: a dataclass as its fields and properties, a tuple as a list
    (what a template reads of a parameter's extra fields; never code)."""
    if isinstance(value, str | int | float | bool) or value is None:
        return value
    if isinstance(value, list | tuple):
        return [plain(item) for item in value]
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        names = [f.name for f in dataclasses.fields(value)]
        names += [n for n, v in vars(type(value)).items() if isinstance(v, property)]
        return {"__object__": {name: plain(getattr(value, name)) for name in names}}
    raise TypeError(f"{value!r} cannot be told as data")


def from_plain(value: object) -> object:
    """What :func:`plain` made, with attributes for a dataclass's fields and tuples for
    lists."""
    if isinstance(value, list):
        return tuple(from_plain(item) for item in value)
    if isinstance(value, dict):
        if set(value) == {"__object__"} and isinstance(value["__object__"], dict):
            return SimpleNamespace(**{k: from_plain(v) for k, v in value["__object__"].items()})
        return {k: from_plain(v) for k, v in value.items()}
    return value
