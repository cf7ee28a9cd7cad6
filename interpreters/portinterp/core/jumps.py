"""The code generator's labels and jumps (``ir.Label``, ``ir.Goto``): Python has no
goto, so a statement list that holds labels becomes a *dispatch loop* (see
``program``'s docstring), and a jump sets its state and starts it again, or raises
``Jump_`` out of the Python loops in between."""

from __future__ import annotations

from portinterp.core import ir
from portinterp.core.generator_base import GeneratorBase
from portinterp.errors import CompileError


class JumpGenerator(GeneratorBase):
    def dispatch(self, body: list[ir.Stmt], d: int) -> None:
        """A statement list with labels, as a loop over its segments (see the module's
        docstring)."""
        self.dispatches += 1
        number, state = self.dispatches, self.scope.temp()
        segments: list[list[ir.Stmt]] = [[]]
        for stmt in body:
            if isinstance(stmt, ir.Label):
                self.label_at[stmt.name] = (number, len(segments), state)
                segments.append([])
            else:
                segments[-1].append(stmt)
        in_loop = None in self.frames
        leave = (self.scope.temp(), self.scope.temp()) if in_loop else None
        pos = body[0].pos
        if leave:
            self.emit(d, f"{leave[0]} = {leave[1]} = False", pos)
        self.emit(d, f"{state} = 0", pos)
        self.emit(d, "while True:", pos)
        self.emit(d + 1, "try:", pos)
        self.frames.append(number)
        self.leaving[number] = leave
        self.pyfunc.blocks += 2  # while and try
        for n, segment in enumerate(segments):
            self.emit(d + 2, f"if {state} <= {n}:", segment[0].pos if segment else pos)
            self.block(segment, d + 3)
        self.emit(d + 2, "break", pos)
        self.pyfunc.blocks -= 2
        self.frames.pop()
        self.emit(d + 1, "except Jump_ as j_:", pos)
        self.emit(d + 2, f"if j_.block != {number}:", pos)
        self.emit(d + 3, "raise", pos)
        self.emit(d + 2, f"{state} = j_.target", pos)
        if leave:
            self.emit(d, f"if {leave[0]}:", pos)
            self.stmt_Break(ir.Break(pos), d + 1)
            self.emit(d, f"if {leave[1]}:", pos)
            self.stmt_Continue(ir.Continue(pos), d + 1)

    def stmt_Label(self, s: ir.Label, d: int) -> None:
        raise AssertionError("labels are handled by dispatch()")

    def stmt_Goto(self, s: ir.Goto, d: int) -> None:
        target = self.label_at.get(s.name)
        if target is None or target[0] not in self.frames:
            raise CompileError(self.module.filename, s.pos.line, s.pos.col,
                               f"no label {s.name!r} in this list or an enclosing one")
        number, segment, state = target
        if self.frames[-1] == number:
            self.emit(d, f"{state} = {segment}", s.pos)
            self.emit(d, "continue", s.pos)
        else:  # out of Python loops, or of block functions: the dispatch loop catches it
            self.emit(d, f"raise Jump_({number}, {segment})", s.pos)
