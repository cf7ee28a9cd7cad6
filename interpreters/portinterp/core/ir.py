"""The small intermediate representation shared by the embedded interpreters.

A front-end (1C, the school language) parses its source and lowers it to these nodes;
the core (``portinterp.core.program``) compiles them to Python source once, and the program
then runs as ordinary Python functions; passes read the nodes through ``walk``.  Language
semantics live in the front-end's *runtime*: every operator and built-in is a ``Prim``
naming a runtime function, so the core knows no language.  Every node carries the ``Pos``
of its source text, so run-time errors name the file, line and column in the source
language.

Names: the front-end passes names already normalised (1C is case-insensitive, so it
lower-cases them); the core mangles them into Python identifiers.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Pos:
    line: int
    col: int


NOWHERE = Pos(0, 0)


# ---- expressions -------------------------------------------------------------------------


@dataclass(slots=True)
class Const:
    """A literal.  ``value`` may be any Python object the runtime understands."""

    value: Any
    pos: Pos = NOWHERE


@dataclass(slots=True)
class Var:
    """Read a variable: a local, a parameter or a module (global) variable."""

    name: str
    pos: Pos = NOWHERE


@dataclass(slots=True)
class Prim:
    """Call the runtime function ``fn`` (an operator or a built-in) with ``args``.

    The runtime may give an inline Python template for ``fn`` (see ``Runtime.inline``).
    """

    fn: str
    args: list[Expr]
    pos: Pos = NOWHERE


@dataclass(slots=True)
class Call:
    """Call a procedure or function of the program.  ``None`` in ``args`` is an omitted
    argument (1C's ``f(1, , 3)``): the parameter's default is used."""

    name: str
    args: list[Expr | None]
    pos: Pos = NOWHERE


@dataclass(slots=True)
class And:
    """Short-circuit conjunction; both operands must already be Python bools."""

    left: Expr
    right: Expr
    pos: Pos = NOWHERE


@dataclass(slots=True)
class Or:
    left: Expr
    right: Expr
    pos: Pos = NOWHERE


@dataclass(slots=True)
class Not:
    operand: Expr
    pos: Pos = NOWHERE


@dataclass(slots=True)
class Cond:
    """``test ? then : orelse``; only the chosen branch is evaluated.  ``test`` is a bool."""

    test: Expr
    then: Expr
    orelse: Expr
    pos: Pos = NOWHERE


# ---- assignable places (also expressions) ------------------------------------------------


@dataclass(slots=True)
class Item:
    """``base[index]`` as a place: read with the runtime's ``getitem_fn``, written with
    ``setitem_fn`` (so each language keeps its own bounds and base rules)."""

    base: Expr
    index: list[Expr]
    getitem_fn: str
    setitem_fn: str
    pos: Pos = NOWHERE


Expr = Const | Var | Prim | Call | And | Or | Not | Cond | Item
Target = Var | Item


# ---- statements --------------------------------------------------------------------------


@dataclass(slots=True)
class Assign:
    target: Target
    value: Expr
    pos: Pos = NOWHERE


@dataclass(slots=True)
class Eval:
    """Evaluate an expression for its effect (a procedure call, ``Сообщить``, ``вывод``)."""

    expr: Expr
    pos: Pos = NOWHERE


@dataclass(slots=True)
class If:
    branches: list[tuple[Expr, list[Stmt]]]
    orelse: list[Stmt] = field(default_factory=list)
    pos: Pos = NOWHERE


@dataclass(slots=True)
class While:
    test: Expr
    body: list[Stmt]
    pos: Pos = NOWHERE


@dataclass(slots=True)
class Repeat:
    """Body first, then leave when ``until`` is true (KuMir ``нц … кц при``)."""

    body: list[Stmt]
    until: Expr
    pos: Pos = NOWHERE


@dataclass(slots=True)
class ForRange:
    """Counted loop.  ``start``, ``stop`` and ``step`` are evaluated once, before the loop,
    and handed to the runtime's ``range_fn`` (which checks types and returns an iterable).
    ``after_fn``, if given, computes the variable's value after a loop that ran to the end
    (1C leaves ``stop + 1`` there)."""

    var: str
    start: Expr
    stop: Expr
    step: Expr | None
    body: list[Stmt]
    range_fn: str
    after_fn: str | None = None
    pos: Pos = NOWHERE


@dataclass(slots=True)
class ForEach:
    """``Для Каждого var Из collection``: the runtime's ``iter_fn`` gives the iterable."""

    var: str
    collection: Expr
    body: list[Stmt]
    iter_fn: str
    pos: Pos = NOWHERE


@dataclass(slots=True)
class Times:
    """``нц N раз``: the runtime's ``count_fn`` checks N and returns an int."""

    count: Expr
    body: list[Stmt]
    count_fn: str
    pos: Pos = NOWHERE


@dataclass(slots=True)
class Break:
    pos: Pos = NOWHERE


@dataclass(slots=True)
class Continue:
    pos: Pos = NOWHERE


@dataclass(slots=True)
class Return:
    value: Expr | None = None
    pos: Pos = NOWHERE


@dataclass(slots=True)
class Try:
    """``Попытка … Исключение … КонецПопытки``: a ``ProgramFault`` raised in ``body`` runs
    ``handler`` after the runtime's ``caught_fn`` is called with the fault (it keeps it for
    ``ОписаниеОшибки()``)."""

    body: list[Stmt]
    handler: list[Stmt]
    caught_fn: str
    pos: Pos = NOWHERE


@dataclass(slots=True)
class Label:
    """A place a ``Goto`` jumps to: it stands in a statement list before the statement it
    names (1C ``~Метка:``, the puzzle book's ``СБ k := k − 1``)."""

    name: str
    pos: Pos = NOWHERE


@dataclass(slots=True)
class Goto:
    """Jump to the ``Label`` named ``name``, which stands in the same statement list or in
    one that encloses it: out of any depth of blocks and loops, never into one (the
    front-ends check this with ``walk.goto_problems``; the core compiles only such jumps)."""

    name: str
    pos: Pos = NOWHERE


Stmt = (
    Assign | Eval | If | While | Repeat | ForRange | ForEach | Times
    | Break | Continue | Return | Try | Label | Goto
)


# ---- program structure -------------------------------------------------------------------


@dataclass(slots=True)
class Param:
    name: str
    by_ref: bool = False  # 1C without Знач, KuMir рез/аргрез: assignments reach the caller
    default: Const | None = None


@dataclass(slots=True)
class Proc:
    """A procedure (``is_function=False``) or function.  ``locals_`` are the declared
    local variables; the front-end emits their initial assignments in ``body``."""

    name: str
    params: list[Param]
    locals_: list[str]
    body: list[Stmt]
    is_function: bool = False
    pos: Pos = NOWHERE


@dataclass(slots=True)
class Module:
    """A whole program: module variables, procedures, then the main body."""

    globals_: list[str]
    procs: list[Proc]
    body: list[Stmt]
    filename: str = "<program>"
