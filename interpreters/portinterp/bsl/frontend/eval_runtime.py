"""``Выполнить`` and ``Вычислить`` of any text: the side of the program that runs them.

OneScript compiles the text when the statement runs, in the scope of the running method:
its local variables, the module's variables and methods, and the local variables of every
method whose ``Выполнить`` is still running (the text of ``Третья``'s ``Выполнить`` changes
the ``Рез`` of the method whose ``Выполнить`` called ``Третья``); a name the text assigns
and finds nowhere is the text's own, gone when it ends (MachineInstance.Execute, Evaluate).

The program keeps its variables in Python locals, so at ``Выполнить`` it hands the running
procedure's variables over in a frame (``exec_frame``): the text reads and writes them there
(``fragment.py`` compiles it, ``library.eval_prims`` runs it), and when it ends — normally
or by an error — each is copied back (``exec_value``), then an error inside goes on
(``exec_done``).  ``Вычислить`` hands the frame over the same way and copies nothing back
(an expression changes a variable only through a by-reference argument: not supported).
What the text needs of the module — its procedures' signatures, its variables — is a
constant of the program (``host_info``), filled in when the module is lowered.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from lark import Tree

from portinterp.core import ir
from portinterp.core.generator_base import assigned_ref_params
from portinterp.core.lowering import pos_of

EVALUATE_NAMES = ("вычислить", "eval")


class EvalLowering:
    """A mixin of the module's lowering (``ModuleLowering``)."""

    scope: Any
    module_vars: set[str]
    body_implicit: set[str]
    host: list[Any] | None

    if TYPE_CHECKING:  # ExprLowering's

        def expr(self, node: Tree, as_statement: bool = False) -> ir.Expr: ...

    def frame_names(self) -> tuple[str, ...]:
        """The variables of the running procedure (or of the module body) a text sees."""
        own = self.scope.locals_ if self.scope.is_function is not None else self.body_implicit
        return tuple(sorted(n for n in own if not n.startswith("%")))

    def host_info(self) -> ir.Const:
        """The module's constant the texts are compiled with (filled by ``fill_host``)."""
        if self.host is None:
            self.host = []
        return ir.Const(self.host)

    def frame(self, where: ir.Pos) -> tuple[tuple[str, ...], ir.Prim]:
        names = self.frame_names()
        return names, ir.Prim("exec_frame", [ir.Const(names), *(ir.Var(n, where) for n in names)],
                              where)

    def stmt_execute_stmt(self, node: Tree) -> list[ir.Stmt]:
        where = pos_of(node)
        text = self.expr(node.children[1])
        names, capture = self.frame(where)
        frame = ir.Var(self.scope.temp("кадр"), where)
        statements: list[ir.Stmt] = [
            ir.Assign(frame, capture, where),
            ir.Eval(ir.Prim("execute", [text, frame, self.host_info()], where), where),
        ]
        statements += [ir.Assign(ir.Var(n, where), ir.Prim("exec_value", [frame, ir.Const(i)],
                                                             where), where)
                       for i, n in enumerate(names)]
        statements.append(ir.Eval(ir.Prim("exec_done", [frame], where), where))
        return statements

    def evaluate_call(self, args: list[Tree | None], where: ir.Pos) -> ir.Expr:
        text = ir.Const(None) if not args or args[0] is None else self.expr(args[0])
        _names, capture = self.frame(where)
        return ir.Prim("evaluate", [text, capture, self.host_info()], where)


def fill_host(host: list[Any] | None, module: ir.Module, module_vars: set[str],
              shown: dict[str, str]) -> None:
    """What a text needs of its module: (module variables, procedures), each procedure as
    (name, as written, parameters (name, by reference, has a default, default), is a
    function, the by-reference parameters it assigns), of the module as compiled."""
    if host is None:
        return
    procs = tuple(
        (proc.name, shown.get(proc.name, proc.name),
         tuple((p.name, p.by_ref, p.default is not None,
                None if p.default is None else p.default.value) for p in proc.params),
         proc.is_function, tuple(assigned_ref_params(proc)))
        for proc in module.procs if not proc.name.startswith("%"))
    host[:] = [tuple(sorted(module_vars)), procs, module.filename]
