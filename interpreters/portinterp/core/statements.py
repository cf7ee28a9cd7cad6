"""The code generator's statements: blocks (one nested too deeply for Python becomes a
closure of the procedure), assignments, ``if``, the loops, ``break``/``continue`` (also out
of a dispatch loop or a block function), ``return`` and ``try``."""

from __future__ import annotations

import re

from portinterp.core import inline, ir, limits
from portinterp.core.generator_base import CLOSURE, GeneratorBase
from portinterp.core.names import PyFunction
from portinterp.core.walk import has_call


class StatementGenerator(GeneratorBase):
    def block(self, body: list[ir.Stmt], depth: int) -> None:
        """A block of statements; one nested too deeply for Python (100 indentation levels,
        20 nested loops) becomes a function of its own, a closure of the procedure."""
        frame = self.pyfunc
        if body and (depth - frame.base >= limits.INDENT_CUT or frame.blocks >= limits.BLOCKS_CUT):
            self.block_function(body, depth)
            return
        if not body:
            self.emit(depth, "pass", ir.NOWHERE)
        if any(isinstance(stmt, ir.Label) for stmt in body):
            self.dispatch(body, depth)
            return
        for stmt in body:
            self.stmt(stmt, depth)

    def nested(self, body: list[ir.Stmt], depth: int, loop: bool = False,
               blocks: int = 1) -> None:
        """The block of a compound statement: the body of a source loop (``loop``), and
        ``blocks`` more statically nested blocks (``if`` adds none)."""
        self.pyfunc.blocks += blocks
        if loop:
            self.frames.append(None)
        self.block(body, depth)
        if loop:
            self.frames.pop()
        self.pyfunc.blocks -= blocks

    def block_function(self, body: list[ir.Stmt], depth: int) -> None:
        """``body`` as a closure called in its place.  It returns None when it ends, 1 for
        a ``break`` and 2 for a ``continue`` of a loop outside it, and ``(value,)`` for a
        ``return``; the caller does the same in its turn."""
        name, outer = self.scope.temp("b"), self.pyfunc
        self.pyfunc = inner = PyFunction(2, closure=True)
        self.frames.append(CLOSURE)
        lines = self.captured(lambda: self.block(body, 2))
        self.frames.pop()
        self.pyfunc = outer
        self.closure(name, inner, lines)
        pos = lines[0][1]
        if not inner.jumps:
            self.emit(depth, f"{name}()", pos)
            return
        result = self.scope.temp()
        self.emit(depth, f"if ({result} := {name}()) is not None:", pos)
        for jump, code in (("break", 1), ("continue", 2)):
            if jump in inner.jumps:
                self.emit(depth + 1, f"if {result} == {code}:", pos)
                self.leave_loop(code - 1, jump, pos, depth + 2)
        if "return" in inner.jumps:
            value = result if outer.closure else f"{result}[0]"
            self.emit(depth + 1, f"return {value}", pos)
            if outer.closure:
                outer.jumps.add("return")

    def stmt(self, s: ir.Stmt, d: int) -> None:
        self.pos = s.pos
        handler = getattr(self, "stmt_" + type(s).__name__)
        handler(s, d)

    def stmt_Assign(self, s: ir.Assign, d: int) -> None:
        if isinstance(s.target, ir.Var):
            form = s.value.fn + "=" if isinstance(s.value, ir.Prim) else ""
            if form in self.statements and self.pyfunc.blocks + 2 <= limits.BLOCKS_CUT:
                codes = self.hoist_args(s.value.args)  # type: ignore[union-attr]
                self.template_lines(self.statements[form], [*codes, self.store(s.target.name)],
                                    d, s.pos)
                return
            value = self.expr(s.value, leading=True)
            self.emit(d, f"{self.store(s.target.name)} = {value}", s.pos)
        elif s.target.setitem_fn in self.statements:
            item = s.target
            self.statement(item.setitem_fn, [item.base, *item.index, s.value], d, s.pos)
        else:
            self.emit(d, self.store_item(s.target, s.value), s.pos)

    def stmt_Eval(self, s: ir.Eval, d: int) -> None:
        if isinstance(s.expr, ir.Prim) and s.expr.fn in self.statements:
            self.statement(s.expr.fn, s.expr.args, d, s.pos)
            return
        self.emit(d, self.expr(s.expr, leading=True), s.pos)

    def statement(self, fn: str, args: list[ir.Expr], d: int, pos: ir.Pos) -> None:
        """A prim's statement template, its arguments bound first (in order) — except a
        one-line template that uses its last argument once after names and literals only
        (``М[i] = x``), where the last is written in place: a value that calls no
        procedure cannot change those names, so it is the same whenever it runs."""
        template = self.statements[fn]
        if _in_place(template, args):
            codes = [self.expr(a) for a in args[:-1]] + [self.expr(args[-1], leading=True)]
        else:
            codes = self.hoist_args(args)
        self.template_lines(template, codes, d, pos)

    def template_lines(self, template: str, codes: list[str], d: int, pos: ir.Pos) -> None:
        """A statement template with ``codes`` in its slots, at depth ``d``."""
        for called in re.findall(r"\bP_(\w+)\(", template):
            self.prims.add(called)
        for line in template.splitlines():
            indent = len(line) - len(line.lstrip(" "))
            text = inline.SLOT.sub(lambda m: codes[int(m.group(1))], line.strip())
            self.emit(d + indent // 4, text, pos)

    def stmt_If(self, s: ir.If, d: int) -> None:
        branches, rest = s.branches[:limits.ELIF_CUT], s.branches[limits.ELIF_CUT:]
        for n, (test, body) in enumerate(branches):
            keyword = "if" if n == 0 else "elif"
            self.pos = _at(test, s.pos)
            self.emit(d, f"{keyword} {self.expr(test, leading=n == 0)}:", self.pos)
            self.nested(body, d + 1, blocks=0)
        orelse = [ir.If(rest, s.orelse, s.pos)] if rest else s.orelse
        if orelse:  # a long ``elif`` chain goes on inside ``else`` (Python nests elif)
            self.emit(d, "else:", s.pos)
            self.nested(orelse, d + 1, blocks=0)

    def stmt_While(self, s: ir.While, d: int) -> None:
        self.emit(d, f"while {self.expr(s.test)}:", s.pos)
        self.nested(s.body, d + 1, loop=True)

    def stmt_Repeat(self, s: ir.Repeat, d: int) -> None:
        self.emit(d, "while True:", s.pos)
        self.nested(s.body, d + 1, loop=True)
        self.pos = _at(s.until, s.pos)
        self.emit(d + 1, f"if {self.expr(s.until)}:", self.pos)
        self.emit(d + 2, "break", self.pos)

    def stmt_ForRange(self, s: ir.ForRange, d: int) -> None:
        """The bounds are evaluated once, in order, into names (a literal stands as itself:
        ``range(0, 51 + 1)``, which Python folds)."""
        bounds, names, values = [], [], []
        for bound in (s.start, s.stop, s.step):
            code = "None" if bound is None else self.expr(bound)
            if bound is None or (isinstance(bound, ir.Const) and _literal(code)):
                bounds.append(code)
                continue
            bounds.append(self.scope.temp())
            names.append(bounds[-1])
            values.append(code)
        if names:
            self.emit(d, f"{', '.join(names)} = {', '.join(values)}", s.pos)
        var = self.store(s.var)
        self.emit(d, f"for {var} in {self.prim(s.range_fn, bounds)}:", s.pos)
        self.nested(s.body, d + 1, loop=True)
        if s.after_fn:
            self.emit(d, "else:", s.pos)
            self.emit(d + 1, f"{var} = {self.prim(s.after_fn, bounds)}", s.pos)

    def stmt_ForEach(self, s: ir.ForEach, d: int) -> None:
        self.prims.add(s.iter_fn)
        collection = self.expr(s.collection)
        self.emit(d, f"for {self.store(s.var)} in P_{s.iter_fn}({collection}):", s.pos)
        self.nested(s.body, d + 1, loop=True)

    def stmt_Times(self, s: ir.Times, d: int) -> None:
        self.prims.add(s.count_fn)
        self.emit(d, f"for _ in range(P_{s.count_fn}({self.expr(s.count)})):", s.pos)
        self.nested(s.body, d + 1, loop=True)

    def stmt_Break(self, s: ir.Break, d: int) -> None:
        self.leave_loop(0, "break", s.pos, d)

    def stmt_Continue(self, s: ir.Continue, d: int) -> None:
        self.leave_loop(1, "continue", s.pos, d)

    def leave_loop(self, flag: int, keyword: str, pos: ir.Pos, d: int) -> None:
        """``break``/``continue`` of the innermost source loop: straight, or out of the
        dispatch loop in between with its flag (which repeats it after that loop), or out
        of the block function in between with its code (its caller repeats it)."""
        inner = self.frames[-1] if self.frames else None
        if inner is None:
            self.emit(d, keyword, pos)
            return
        if inner == CLOSURE:
            self.pyfunc.jumps.add(keyword)
            self.emit(d, f"return {flag + 1}", pos)
            return
        assert isinstance(inner, int)
        flags = self.leaving[inner]
        assert flags is not None, "a source loop encloses this dispatch loop"
        self.emit(d, f"{flags[flag]} = True", pos)
        self.emit(d, "break", pos)

    def stmt_Return(self, s: ir.Return, d: int) -> None:
        value = "None" if s.value is None else self.expr(s.value, leading=True)
        if self.returns:
            value = f"({value}, {', '.join(self.returns)},)"
        if self.pyfunc.closure:
            self.pyfunc.jumps.add("return")
            value = f"({value},)"
        self.emit(d, f"return {value}", s.pos)

    def stmt_Try(self, s: ir.Try, d: int) -> None:
        self.prims.add(s.caught_fn)
        self.emit(d, "try:", s.pos)
        self.nested(s.body, d + 1, blocks=2)
        self.emit(d, "except Exception as e_:", s.pos)
        self.emit(d + 1, f"P_{s.caught_fn}(fault_(e_))", s.pos)
        self.nested(s.handler, d + 1, blocks=2)


def _literal(code: str) -> bool:
    """A Python literal (an int, a string…), not a constant's name."""
    return not code.isidentifier() or code in ("None", "True", "False")


def _in_place(template: str, args: list[ir.Expr]) -> bool:
    return "\n" not in template and bool(args) \
        and [int(n) for n in inline.SLOT.findall(template)].count(len(args) - 1) == 1 \
        and all(isinstance(a, ir.Const | ir.Var) for a in args[:-1]) and not has_call(args[-1])


def _at(node: ir.Expr, fallback: ir.Pos) -> ir.Pos:
    return node.pos if node.pos != ir.NOWHERE else fallback
