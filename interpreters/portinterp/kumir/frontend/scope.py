"""What the checker knows about names: variables (with their types and parameter modes)
and algorithms (with their signatures)."""

from __future__ import annotations

from dataclasses import dataclass, field

from portinterp.kumir.runtime.types import Type

RESULT_NAME = "знач"
ARG, RES, ARGRES = "арг", "рез", "аргрез"


@dataclass(frozen=True)
class Variable:
    name: str
    type: Type
    mode: str | None = None  # the parameter mode, None for a declared variable


@dataclass
class Signature:
    name: str
    params: list[Variable]
    result: str | None  # None: a procedure, not a function
    line: int
    col: int


@dataclass
class Scope:
    """The names visible in one algorithm: its own, then the program's global ones."""

    globals_: dict[str, Variable]
    locals_: dict[str, Variable] = field(default_factory=dict)
    is_global: bool = False

    def lookup(self, name: str) -> Variable | None:
        return self.locals_.get(name) or self.globals_.get(name)

    def own(self) -> dict[str, Variable]:
        return self.globals_ if self.is_global else self.locals_
