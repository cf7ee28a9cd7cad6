"""What the checker knows about a program's names before lowering it: which are tables
(named in a ``ТАБЛИЦА`` statement anywhere) and how many dimensions each has, which get a
value (assigned with ``:=`` or counted by ``ДЛЯ``), and how deep in loops the statement
being lowered is."""

from __future__ import annotations

from dataclasses import dataclass, field

from lark import Token, Tree


@dataclass
class Scope:
    tables: dict[str, int] = field(default_factory=dict)  # name -> dimensions
    assigned: set[str] = field(default_factory=set)
    loop_depth: int = 0

    @classmethod
    def of(cls, tree: Tree) -> Scope:
        scope = cls()
        for node in tree.iter_subtrees():
            if node.data == "table":
                scope.tables.setdefault(_name(node.children[0]), len(node.children) - 1)
            elif node.data == "place" and node.children[1] is None:
                scope.assigned.add(_name(node.children[0]))
            elif node.data == "for_loop":
                scope.assigned.add(_name(node.children[0]))
        return scope


def _name(token: Token | Tree) -> str:
    assert isinstance(token, Token)
    return token.value
