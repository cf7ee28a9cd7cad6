"""What the code generator keeps while it writes one procedure: stable Python identifiers
for source names (``Names``), the procedure's names and temporaries (``Scope``), and the
Python function being written (``PyFunction``: the procedure's own, or a closure of it)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field


class Names:
    """Stable Python identifiers for source names (which may hold spaces or clash with
    Python keywords): ``v_<name>`` for variables, ``f_<name>`` for procedures."""

    def __init__(self) -> None:
        self._given: dict[tuple[str, str], str] = {}
        self._taken: set[str] = set()

    def get(self, prefix: str, name: str) -> str:
        key = (prefix, name)
        if key not in self._given:
            base = prefix + re.sub(r"\W", "_", name)
            ident, n = base, 1
            while ident in self._taken or not ident.isidentifier():
                n += 1
                ident = f"{base}_{n}"
            self._given[key] = ident
            self._taken.add(ident)
        return self._given[key]


class Scope:
    def __init__(self, globals_: set[str], locals_: set[str]) -> None:
        self.globals_ = globals_
        self.locals_ = locals_
        self.used_globals: set[str] = set()
        self.temp_count = 0

    def note(self, name: str) -> None:
        if name in self.globals_ and name not in self.locals_:
            self.used_globals.add(name)

    def is_global(self, name: str) -> bool:
        return name in self.globals_ and name not in self.locals_

    def temp(self, kind: str = "t") -> str:
        self.temp_count += 1
        return f"{kind}{self.temp_count}_"


@dataclass
class PyFunction:
    """The Python function being generated: the procedure's own, or a closure of it (an
    expression helper or a block function, see ``StatementGenerator.block``)."""

    base: int  # the indentation of its body
    closure: bool = False
    blocks: int = 0  # statically nested loops and ``try`` here (Python allows 20)
    stored: set[str] = field(default_factory=set)  # program variables it assigns
    jumps: set[str] = field(default_factory=set)  # "break", "continue", "return" leaving it
