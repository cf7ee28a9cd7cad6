"""What the 1C checker knows about names: the signatures of the module's procedures, the
names one procedure (or the module body) sees, and the names a block declares implicitly by
assigning them.  Names are case-insensitive, so they are kept lower-cased."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from lark import Token, Tree

from portinterp.core import ir


@dataclass
class Signature:
    name: str
    shown: str
    params: list[ir.Param]
    is_function: bool


@dataclass
class Scope:
    """The names one procedure (or the module body) can see."""

    locals_: set[str]
    globals_: set[str]
    temps: list[str] = field(default_factory=list)
    loop_depth: int = 0
    is_function: bool | None = None  # None: the module body
    # OneScript's order: an implicit local is known from its first assignment in the text
    # on (a read before it is an unknown name); used for the texts of Выполнить.
    not_yet: set[str] = field(default_factory=set)

    def knows(self, name: str) -> bool:
        return (name in self.locals_ or name in self.globals_) and name not in self.not_yet

    def assigned(self, name: str) -> None:
        self.not_yet.discard(name)

    def temp(self, hint: str) -> str:
        name = f"%{hint}{len(self.temps) + 1}"
        self.temps.append(name)
        return name


def assigned_names(block: Tree | None) -> Iterator[Token]:
    """Names a block assigns as plain variables (they declare implicit locals)."""
    if block is None:
        return
    for node in block.iter_subtrees_topdown():
        if node.data == "assign" and node.children[0].data == "name":
            yield node.children[0].children[0]
        elif node.data in ("for_stmt", "for_each_stmt"):
            yield next(c for c in node.children if isinstance(c, Token) and c.type == "NAME")
