"""The state of the code generator and what every part of it uses: the output with its
line table (``emit``), a procedure's variables (``var``, ``store``) and the closures it
gets (``closure``).  The parts — statements, jumps, expressions, calls — are mixins of
``GeneratorBase``; ``generator.Generator`` puts them together."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from portinterp.core import ir
from portinterp.core.names import Names, PyFunction, Scope
from portinterp.core.walk import assigned_names, vars_passed

CLOSURE = "closure"  # in GeneratorBase.frames: a block function starts here


class GeneratorBase:
    """The state; the parts' methods that call each other are declared for the checker."""

    def __init__(self, module: ir.Module, templates: dict[str, str],
                 statements: dict[str, str], extern: dict[str, tuple[ir.Proc, list[int]]]
                 | None = None, prefix: str = "") -> None:
        """``extern``: procedures the code may call but another compilation defines (a
        fragment's host module: name -> its signature and by-reference results);
        ``prefix`` makes the constants' names unique where two compilations share globals."""
        self.module = module
        self.inline = templates
        self.statements = statements
        self.names = Names()
        self.procs = {name: proc for name, (proc, _refs) in (extern or {}).items()}
        self.procs.update({proc.name: proc for proc in module.procs})
        self.ref_params = {name: refs for name, (_proc, refs) in (extern or {}).items()}
        self.ref_params.update({proc.name: assigned_ref_params(proc) for proc in module.procs})
        self.prefix = prefix
        self.out: list[str] = []
        self.lines: list[ir.Pos] = [ir.NOWHERE]  # index 0 unused: lines count from 1
        self.constants: dict[str, Any] = {}
        self.prims: set[str] = set()
        self.scope = Scope(set(), set())
        self.returns: list[str] = []  # the procedure's by-reference results (``function``)
        self.pending: list[str] = []  # statements binding hoisted arguments (see hoist_args)
        self.pyfunc = PyFunction(1)
        self.closures: list[tuple[str, ir.Pos]] = []  # lines defining the closures
        self.nonlocals: set[str] = set()  # procedure variables closures assign
        self.expr_depth = 0  # IR levels of the expression being generated, in this line
        self.pos = ir.NOWHERE  # the place of the statement being generated
        # The Python loops around the code being generated, innermost last: None for a
        # source loop, a number for the dispatch loop of a statement list with labels,
        # CLOSURE where a block function starts (loops beyond it are its caller's).
        self.frames: list[int | str | None] = []
        self.label_at: dict[str, tuple[int, int, str]] = {}  # label -> (list, segment, state)
        self.dispatches = 0
        self.leaving: dict[int, tuple[str, str] | None] = {}  # dispatch -> break/continue flags

    def emit(self, depth: int, text: str, pos: ir.Pos) -> None:
        for hoisted in self.pending:
            self.out.append("    " * depth + hoisted)
            self.lines.append(pos)
        self.pending = []
        self.out.append("    " * depth + text)
        self.lines.append(pos)

    def captured(self, generate: Callable[[], None]) -> list[tuple[str, ir.Pos]]:
        """The lines ``generate`` emits, taken out of the output."""
        start = len(self.out)
        generate()
        taken = list(zip(self.out[start:], self.lines[start + 1:], strict=True))
        del self.out[start:]
        del self.lines[start + 1:]
        return taken

    def var(self, name: str) -> str:
        self.scope.note(name)
        return self.names.get("v_", name)

    def store(self, name: str) -> str:
        """``var`` for a place the code assigns (a closure declares it)."""
        self.pyfunc.stored.add(name)
        return self.var(name)

    def closure(self, name: str, frame: PyFunction, lines: list[tuple[str, ir.Pos]]) -> None:
        """``def name():`` with ``lines`` as its body, at the top of the procedure; the
        program variables it assigns are the procedure's (``nonlocal``) or globals."""
        pos = lines[0][1] if lines else self.pos
        declared = [("global", n) if self.scope.is_global(n) else ("nonlocal", n)
                    for n in sorted(frame.stored)]
        self.closures.append((f"    def {name}():", pos))
        for keyword in ("global", "nonlocal"):
            names = [self.names.get("v_", n) for k, n in declared if k == keyword]
            if names:
                self.closures.append((f"        {keyword} {', '.join(names)}", pos))
            if keyword == "nonlocal":
                self.nonlocals.update(names)
        self.closures.extend(lines)

    if TYPE_CHECKING:  # defined by the parts (statements, jumps, expressions)

        def block(self, body: list[ir.Stmt], depth: int) -> None: ...

        def dispatch(self, body: list[ir.Stmt], d: int) -> None: ...

        def stmt_Break(self, s: ir.Break, d: int) -> None: ...

        def stmt_Continue(self, s: ir.Continue, d: int) -> None: ...

        def expr(self, e: ir.Expr, leading: bool = False) -> str: ...

        def prim(self, fn: str, args: list[str]) -> str: ...

        def hoist_args(self, args: list[ir.Expr]) -> list[str]: ...

        def store_item(self, item: ir.Item, value: ir.Expr) -> str: ...


def assigned_ref_params(proc: ir.Proc) -> list[int]:
    """Indexes of the by-reference parameters that ``proc`` may assign, itself or by passing
    them on to another call (only those need copying back: an unassigned one behaves
    exactly like a value parameter)."""
    assigned = set(assigned_names(proc.body)) | set(vars_passed(proc.body))
    return [n for n, p in enumerate(proc.params) if p.by_ref and p.name in assigned]
