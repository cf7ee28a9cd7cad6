"""The code generator's expressions: constants, variables, primitives (a runtime's
inline template, or a call of its ``prim_*`` method), ``and``/``or``/``not``, conditional
expressions and items; an expression nested too deeply for Python becomes a helper closure
of the procedure, called in its place."""

from __future__ import annotations

import re

from portinterp.core import inline, ir, limits
from portinterp.core.generator_base import GeneratorBase
from portinterp.core.names import PyFunction
from portinterp.core.walk import has_call

_PLAIN_CONSTANTS = (bool, int, str, type(None))


class ExpressionGenerator(GeneratorBase):
    def expr(self, e: ir.Expr, leading: bool = False) -> str:
        """Python code for ``e``.  ``leading``: nothing of the statement runs before
        ``e``, so its inline templates may bind arguments in statements before it.
        Below ``limits.EXPR_CUT`` levels, a sub-expression becomes a helper function called in
        its place (``helper``), so no Python expression nests deeper than that."""
        generate = getattr(self, "expr_" + type(e).__name__)
        if isinstance(e, ir.Const | ir.Var):
            return generate(e, leading)  # type: ignore[no-any-return]
        if self.expr_depth >= limits.EXPR_CUT:
            return self.helper(e)
        self.expr_depth += 1
        try:
            return generate(e, leading)  # type: ignore[no-any-return]
        finally:
            self.expr_depth -= 1

    def helper(self, e: ir.Expr) -> str:
        """``e`` as a closure of the procedure, called in its place: it runs exactly when
        and where ``e`` would."""
        name, outer, depth = self.scope.temp("h"), self.pyfunc, self.expr_depth
        self.pyfunc, self.expr_depth = PyFunction(2, closure=True), 0
        try:
            code = self.expr(e)
            inner = self.pyfunc
        finally:
            self.pyfunc, self.expr_depth = outer, depth
        self.closure(name, inner, [(f"        return {code}", self.pos)])
        return f"{name}()"

    def expr_Const(self, e: ir.Const, leading: bool = False) -> str:
        if type(e.value) in _PLAIN_CONSTANTS and not _long_int(e.value):
            return repr(e.value)
        if type(e.value) is float and e.value == e.value and abs(e.value) != float("inf"):
            return repr(e.value)
        name = f"K{self.prefix}{len(self.constants)}_"
        self.constants[name] = e.value
        return name

    def expr_Var(self, e: ir.Var, leading: bool = False) -> str:
        return self.var(e.name)

    def expr_Prim(self, e: ir.Prim, leading: bool = False) -> str:
        return self.prim_of(e.fn, e.args, leading)

    def prim_of(self, fn: str, args: list[ir.Expr], leading: bool) -> str:
        """``fn`` applied to IR arguments.  An inline template that would have to bind
        its arguments in a tuple before it gets them bound by statements instead, when
        it leads its statement."""
        template = self.inline.get(fn)
        if leading and template is not None:
            nontrivial = {n for n, a in enumerate(args) if not isinstance(a, ir.Const | ir.Var)}
            if inline.binds_first(template, nontrivial):
                return self.prim(fn, self.hoist_args(args))
        return self.prim(fn, [self.expr(a) for a in args])

    def hoist_args(self, args: list[ir.Expr]) -> list[str]:
        """Bind the arguments in statements, in order (each one leads what is left);
        a variable is copied too when a later argument calls a procedure (which might
        assign it), so it is read at its turn."""
        codes = []
        for n, arg in enumerate(args):
            code = self.expr(arg, leading=True)
            pinned = isinstance(arg, ir.Var) and any(has_call(a) for a in args[n + 1:])
            if not isinstance(arg, ir.Const | ir.Var) or pinned:
                temp = self.scope.temp()
                self.pending.append(f"{temp} = {code}")
                code = temp
            codes.append(code)
        return codes

    def prim(self, fn: str, args: list[str]) -> str:
        template = self.inline.get(fn)
        if template is None:
            self.prims.add(fn)
            return f"P_{fn}({', '.join(args)})"
        for called in re.findall(r"\bP_(\w+)\(", template):
            self.prims.add(called)
        return self.fill(template, args)

    def fill(self, template: str, args: list[str]) -> str:
        return inline.fill(template, args, self.scope.temp)

    def expr_And(self, e: ir.And, leading: bool = False) -> str:
        return f"({self.expr(e.left, leading)} and {self.expr(e.right)})"

    def expr_Or(self, e: ir.Or, leading: bool = False) -> str:
        return f"({self.expr(e.left, leading)} or {self.expr(e.right)})"

    def expr_Not(self, e: ir.Not, leading: bool = False) -> str:
        return f"(not {self.expr(e.operand, leading)})"

    def expr_Cond(self, e: ir.Cond, leading: bool = False) -> str:
        test = self.expr(e.test, leading)
        return f"({self.expr(e.then)} if {test} else {self.expr(e.orelse)})"

    def expr_Item(self, e: ir.Item, leading: bool = False) -> str:
        return self.prim_of(e.getitem_fn, [e.base, *e.index], leading)

    def store_item(self, item: ir.Item, value: ir.Expr) -> str:
        """Base, index, then value, as the statement's first (leading) evaluation."""
        return self.prim_of(item.setitem_fn, [item.base, *item.index, value], leading=True)


def _long_int(value: object) -> bool:
    """An int too long for Python source (``repr`` stops at 4300 digits): a constant."""
    return type(value) is int and value.bit_length() > 1000
