"""The code generator: an IR module as Python source, one function per procedure (its
locals Python locals, the module variables globals) and ``main_`` for the module's body;
its parts are the mixins of statements, jumps, expressions and calls."""

from __future__ import annotations

from portinterp.core import ir
from portinterp.core.calls import CallGenerator
from portinterp.core.expressions import ExpressionGenerator
from portinterp.core.jumps import JumpGenerator
from portinterp.core.names import PyFunction, Scope
from portinterp.core.statements import StatementGenerator


class Generator(StatementGenerator, JumpGenerator, ExpressionGenerator, CallGenerator):
    """Writes one module: ``generate()`` is its source (``lines``, ``constants`` and
    ``prims`` say what the source needs to run)."""

    def generate(self, with_main: bool = True) -> str:
        """The module's source; ``with_main=False``: its procedures only (a fragment)."""
        for proc in self.module.procs:
            self.function(proc)
        if with_main:
            main = ir.Proc("main_", [], [], self.module.body, pos=ir.NOWHERE)
            self.function(main, is_main=True)
        return "\n".join(self.out) + "\n"

    def function(self, proc: ir.Proc, is_main: bool = False) -> None:
        params = [p.name for p in proc.params]
        locals_ = set(params) | set(proc.locals_)
        self.scope = Scope(set(self.module.globals_), locals_)
        self.pyfunc, self.closures, self.nonlocals = PyFunction(1), [], set()
        self.label_at = {}
        refs = [] if is_main else self.ref_params[proc.name]
        self.returns = [self.var(proc.params[i].name) for i in refs]

        def body() -> None:
            self.block(proc.body, 1)
            if self.returns:
                self.emit(1, f"return (None, {', '.join(self.returns)},)", proc.pos)

        lines = self.captured(body)
        name = "main_" if is_main else self.names.get("f_", proc.name)
        args = ", ".join(self.var(p) for p in params)
        self.emit(0, f"def {name}({args}):", proc.pos)
        if self.scope.used_globals:
            declared = ", ".join(sorted(self.var(g) for g in self.scope.used_globals))
            self.emit(1, f"global {declared}", proc.pos)
        if self.nonlocals:  # bound here for the closures' ``nonlocal`` (never runs)
            self.emit(1, f"if False: {' = '.join(sorted(self.nonlocals))} = None", proc.pos)
        for text, pos in self.closures + lines:
            self.out.append(text)
            self.lines.append(pos)
