"""The code generator's calls of the program's procedures: arguments by value, defaults
for the omitted ones, and by-reference parameters the callee may assign written back after
the call (a variable, or an item whose base and index are evaluated once)."""

from __future__ import annotations

from portinterp.core import ir
from portinterp.core.generator_base import GeneratorBase
from portinterp.errors import CompileError


class CallGenerator(GeneratorBase):
    def expr_Call(self, e: ir.Call, leading: bool = False) -> str:
        proc = self.procs.get(e.name)
        if proc is None:
            raise CompileError(self.module.filename, e.pos.line, e.pos.col,
                               f"unknown procedure or function {e.name!r}")
        if len(e.args) > len(proc.params):
            raise CompileError(self.module.filename, e.pos.line, e.pos.col,
                               f"too many arguments for {e.name!r}")
        refs = self.ref_params[e.name]
        bindings, args, write_backs = [], [], []
        result = self.scope.temp() if refs else ""
        for n, param in enumerate(proc.params):
            arg = e.args[n] if n < len(e.args) else None
            if arg is None:
                if param.default is None:
                    raise CompileError(self.module.filename, e.pos.line, e.pos.col,
                                       f"missing argument {param.name!r} for {e.name!r}")
                args.append(self.expr(param.default))
                continue
            if n in refs and isinstance(arg, ir.Item):
                slot = f"{result}[{refs.index(n) + 1}]"
                args.append(self.ref_item(arg, slot, bindings, write_backs))
                continue
            args.append(self.expr(arg))
            if n in refs and isinstance(arg, ir.Var):
                write_backs.append(f"({self.store(arg.name)} := {result}[{refs.index(n) + 1}])")
        call = f"{self.names.get('f_', proc.name)}({', '.join(args)})"
        if not refs:
            return call
        steps = [*bindings, f"({result} := {call})", *write_backs, f"{result}[0]"]
        return f"({', '.join(steps)})[-1]"

    def ref_item(self, arg: ir.Item, slot: str, bindings: list[str],
                 write_backs: list[str]) -> str:
        """Pass ``base[index]`` by reference: evaluate base and index once, read the item
        for the call, and write ``slot`` of the call's result back after it."""
        base = self.scope.temp()
        index = [self.scope.temp() for _ in arg.index]
        bindings.append(f"({base} := {self.expr(arg.base)})")
        bindings += [f"({t} := {self.expr(i)})" for t, i in zip(index, arg.index, strict=True)]
        write_backs.append(self.prim(arg.setitem_fn, [base, *index, slot]))
        return self.prim(arg.getitem_fn, [base, *index])
