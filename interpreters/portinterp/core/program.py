"""The execution core: compiles an IR module to Python source once, and runs it.

Procedures become Python functions, their locals Python locals and the module variables
Python globals, so a running program pays only for its own operators (the runtime's
``prim_*`` methods, or their inline templates).  A table from generated line to source
``Pos`` turns any fault into ``file:line:col: message`` without costing anything while the
program runs.  Where an inline template would need its arguments bound in a tuple first,
and nothing of the statement runs before it, they are bound in statements before the
statement (same order, no tuple); a runtime may also give statement templates, e.g. an
item assignment as a plain ``if`` and list store.

Jumps (``ir.Label``/``ir.Goto``): Python has no goto, so a statement list that holds labels
becomes a *dispatch loop*: its statements are cut at the labels into segments, each run
``if state <= n:``, so entering at segment n falls through the ones after it; a jump sets
the state and starts the loop again (``continue``), or, when a Python loop stands between
the jump and its label's list, raises ``Jump_`` (a ``BaseException``, so no ``Попытка``
catches it), which that list's loop catches.  A ``Break``/``Continue`` whose source loop
encloses a dispatch loop leaves the dispatch loop with a flag, and the flag repeats it
outside.  Jumps only go to a label of the same or an enclosing list (``walk.goto_problems``).
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass, field
from types import CodeType, FrameType, TracebackType
from typing import Any, ClassVar, TextIO

from portinterp.core import inline, ir
from portinterp.core.deep import call_deep
from portinterp.core.walk import assigned_names, has_call, vars_passed
from portinterp.errors import CompileError, ProgramFault, RunError

_PLAIN_CONSTANTS = (bool, int, str, type(None))
# Python's own limits on nesting (100 indentation levels, 20 nested loops, 200 nested
# brackets, its parser's and compiler's stacks) are kept far off: a deeper block becomes a
# function, a deeper expression a helper function (``_Generator.block``, ``.expr``), a long
# elif chain goes on in an else.  Ordinary programs stay well within these, unchanged.
INDENT_CUT = 40  # indentation levels of a block inside one Python function
BLOCKS_CUT = 12  # statically nested loops and try (each try counting two)
EXPR_CUT = 12  # IR levels of one Python expression
ELIF_CUT = 50  # branches of one if/elif chain
CLOSURE = "closure"  # in _Generator.frames: a block function starts here
# The most items one array or table may hold (800 MB of references): a program asking for
# more gets its language's out-of-memory error at once, not a machine swapping for minutes.
MAX_ITEMS = 100_000_000


class Jump(BaseException):
    """A jump out of Python loops to the dispatch loop of the list its label is in."""

    __slots__ = ("block", "target")

    def __init__(self, block: int, target: int) -> None:
        super().__init__()
        self.block = block
        self.target = target


class RuntimeBase:
    """What a language's runtime provides: ``prim_<fn>`` methods, inline templates,
    output, input, warnings and the mapping of Python exceptions to its messages."""

    inline: ClassVar[dict[str, str]] = {}
    # Statement forms (several lines) for prims that stand as a whole statement: an item
    # assignment's ``setitem_fn``, or an evaluated prim.  Their arguments are always
    # trivial (names or literals): the core binds the others in statements before.
    inline_statements: ClassVar[dict[str, str]] = {}

    def __init__(self, stdout: TextIO, stdin: TextIO) -> None:
        self.stdout = stdout
        self.stdin = stdin
        self.warnings: list[str] = []
        self._program: Program | None = None

    def write(self, text: str) -> None:
        self.stdout.write(text)

    def warn(self, message: str) -> None:
        where = self._program.current_place() if self._program else "<program>"
        self.warnings.append(f"{where}: warning: {message}")

    def running(self) -> AbstractContextManager[object]:
        """Entered around the run, on the thread that runs the program (a 1C runtime sets
        its decimal context here: contexts belong to a thread)."""
        return nullcontext()

    def fault_from(self, exc: BaseException) -> str | None:
        """The language's message for a Python exception raised by the program, or None."""
        if isinstance(exc, RecursionError):
            return "stack overflow (recursion too deep)"
        return None


class Program:
    """A compiled module: run it as many times as you like, each with a fresh runtime."""

    def __init__(self, module: ir.Module, source: str, lines: list[ir.Pos],
                 constants: dict[str, Any], prims: set[str],
                 code: CodeType | None = None) -> None:
        """``code``: ``source`` compiled already (the program cache keeps it marshalled)."""
        self.filename = module.filename
        self.python_source = source
        self._tag = f"<portcheck {module.filename}>"
        self._lines = lines
        self._constants = constants
        self._prims = prims
        self._code = code if code is not None else compile(source, self._tag, "exec")

    def run(self, runtime: RuntimeBase) -> None:
        """Run on a thread with room for deep recursion (``deep``), inside the runtime's
        ``running()`` context."""
        call_deep(self._run, runtime)

    def _run(self, runtime: RuntimeBase) -> None:
        namespace = self._namespace(runtime)
        runtime._program = self
        try:
            with runtime.running():
                namespace["main_"]()
        except ProgramFault as fault:
            raise self._located(fault.message, fault.__traceback__) from None
        except Exception as exc:
            message = runtime.fault_from(exc)
            if message is None:
                raise
            raise self._located(message, exc.__traceback__) from None

    def _namespace(self, runtime: RuntimeBase) -> dict[str, Any]:
        namespace: dict[str, Any] = {"__name__": self._tag}
        for name in self._prims:
            method = getattr(runtime, "prim_" + name, None)
            if method is None:
                raise CompileError(self.filename, 0, 0, f"runtime has no primitive {name!r}")
            namespace["P_" + name] = method
        namespace.update(self._constants)

        def fault_(exc: Exception) -> ProgramFault:
            if isinstance(exc, ProgramFault):
                return exc
            message = runtime.fault_from(exc)
            if message is None:
                raise exc
            return ProgramFault(message)

        namespace["fault_"] = fault_
        namespace["Jump_"] = Jump
        exec(self._code, namespace)
        return namespace

    def _pos_of_line(self, lineno: int) -> ir.Pos:
        return self._lines[lineno] if 0 <= lineno < len(self._lines) else ir.NOWHERE

    def _located(self, message: str, tb: TracebackType | None) -> RunError:
        pos = ir.NOWHERE
        while tb is not None:
            if tb.tb_frame.f_code.co_filename == self._tag:
                pos = self._pos_of_line(tb.tb_lineno)
            tb = tb.tb_next
        return RunError(self.filename, pos.line, pos.col, message)

    def current_place(self) -> str:
        """``file:line:col`` of the statement running now (for warnings)."""
        frame: FrameType | None = sys._getframe(1)
        while frame is not None and frame.f_code.co_filename != self._tag:
            frame = frame.f_back
        pos = self._pos_of_line(frame.f_lineno) if frame else ir.NOWHERE
        return f"{self.filename}:{pos.line}:{pos.col}"


def compile_module(module: ir.Module, runtime_class: type[RuntimeBase]) -> Program:
    """Compile ``module`` for runtimes of ``runtime_class`` (whose inline templates it uses)."""
    generator = _Generator(module, runtime_class.inline, runtime_class.inline_statements)
    source = generator.generate()
    return Program(module, source, generator.lines, generator.constants, generator.prims)


class _Names:
    """Stable Python identifiers for source names (which may hold spaces or clash with
    Python keywords): ``v_<name>`` for variables, ``f_<name>`` for procedures."""

    def __init__(self) -> None:
        self._given: dict[tuple[str, str], str] = {}
        self._taken: set[str] = set()

    def get(self, prefix: str, name: str) -> str:
        key = (prefix, name)
        if key not in self._given:
            base = prefix + re.sub(r"\W", "_", name)
            ident, n = base, 1
            while ident in self._taken or not ident.isidentifier():
                n += 1
                ident = f"{base}_{n}"
            self._given[key] = ident
            self._taken.add(ident)
        return self._given[key]


class _Scope:
    def __init__(self, globals_: set[str], locals_: set[str]) -> None:
        self.globals_ = globals_
        self.locals_ = locals_
        self.used_globals: set[str] = set()
        self.temp_count = 0

    def note(self, name: str) -> None:
        if name in self.globals_ and name not in self.locals_:
            self.used_globals.add(name)

    def is_global(self, name: str) -> bool:
        return name in self.globals_ and name not in self.locals_

    def temp(self, kind: str = "t") -> str:
        self.temp_count += 1
        return f"{kind}{self.temp_count}_"


@dataclass
class _PyFunction:
    """The Python function being generated: the procedure's own, or a closure of it (an
    expression helper or a block function, see ``_Generator.block``)."""

    base: int  # the indentation of its body
    closure: bool = False
    blocks: int = 0  # statically nested loops and ``try`` here (Python allows 20)
    stored: set[str] = field(default_factory=set)  # program variables it assigns
    jumps: set[str] = field(default_factory=set)  # "break", "continue", "return" leaving it


class _Generator:
    def __init__(self, module: ir.Module, templates: dict[str, str],
                 statements: dict[str, str]) -> None:
        self.module = module
        self.inline = templates
        self.statements = statements
        self.names = _Names()
        self.procs = {proc.name: proc for proc in module.procs}
        self.ref_params = {proc.name: _assigned_ref_params(proc) for proc in module.procs}
        self.out: list[str] = []
        self.lines: list[ir.Pos] = [ir.NOWHERE]  # index 0 unused: lines count from 1
        self.constants: dict[str, Any] = {}
        self.prims: set[str] = set()
        self.scope = _Scope(set(), set())
        self.pending: list[str] = []  # statements binding hoisted arguments (see hoist_args)
        self.pyfunc = _PyFunction(1)
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

    # -- output ------------------------------------------------------------------------

    def emit(self, depth: int, text: str, pos: ir.Pos) -> None:
        for hoisted in self.pending:
            self.out.append("    " * depth + hoisted)
            self.lines.append(pos)
        self.pending = []
        self.out.append("    " * depth + text)
        self.lines.append(pos)

    def generate(self) -> str:
        for proc in self.module.procs:
            self.function(proc)
        main = ir.Proc("main_", [], [], self.module.body, pos=ir.NOWHERE)
        self.function(main, is_main=True)
        return "\n".join(self.out) + "\n"

    def captured(self, generate: Callable[[], None]) -> list[tuple[str, ir.Pos]]:
        """The lines ``generate`` emits, taken out of the output."""
        start = len(self.out)
        generate()
        taken = list(zip(self.out[start:], self.lines[start + 1:], strict=True))
        del self.out[start:]
        del self.lines[start + 1:]
        return taken

    # -- procedures --------------------------------------------------------------------

    def function(self, proc: ir.Proc, is_main: bool = False) -> None:
        params = [p.name for p in proc.params]
        locals_ = set(params) | set(proc.locals_)
        self.scope = _Scope(set(self.module.globals_), locals_)
        self.pyfunc, self.closures, self.nonlocals = _PyFunction(1), [], set()
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

    def var(self, name: str) -> str:
        self.scope.note(name)
        return self.names.get("v_", name)

    def store(self, name: str) -> str:
        """``var`` for a place the code assigns (a closure declares it)."""
        self.pyfunc.stored.add(name)
        return self.var(name)

    def closure(self, name: str, frame: _PyFunction, lines: list[tuple[str, ir.Pos]]) -> None:
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

    # -- statements --------------------------------------------------------------------

    def block(self, body: list[ir.Stmt], depth: int) -> None:
        """A block of statements; one nested too deeply for Python (100 indentation levels,
        20 nested loops) becomes a function of its own, a closure of the procedure."""
        frame = self.pyfunc
        if body and (depth - frame.base >= INDENT_CUT or frame.blocks >= BLOCKS_CUT):
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
        self.pyfunc = inner = _PyFunction(2, closure=True)
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

    def stmt(self, s: ir.Stmt, d: int) -> None:
        self.pos = s.pos
        handler = getattr(self, "stmt_" + type(s).__name__)
        handler(s, d)

    def stmt_Assign(self, s: ir.Assign, d: int) -> None:
        if isinstance(s.target, ir.Var):
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
        """A prim's statement template, its arguments bound first (in order)."""
        codes = self.hoist_args(args)
        template = self.statements[fn]
        for called in re.findall(r"\bP_(\w+)\(", template):
            self.prims.add(called)
        for line in template.splitlines():
            indent = len(line) - len(line.lstrip(" "))
            text = inline.SLOT.sub(lambda m: codes[int(m.group(1))], line.strip())
            self.emit(d + indent // 4, text, pos)

    def stmt_If(self, s: ir.If, d: int) -> None:
        branches, rest = s.branches[:ELIF_CUT], s.branches[ELIF_CUT:]
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
        bounds = [self.scope.temp() for _ in range(3)]
        step = "None" if s.step is None else self.expr(s.step)
        values = f"{self.expr(s.start)}, {self.expr(s.stop)}, {step}"
        self.emit(d, f"{', '.join(bounds)} = {values}", s.pos)
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

    # -- expressions -------------------------------------------------------------------

    def expr(self, e: ir.Expr, leading: bool = False) -> str:
        """Python code for ``e``.  ``leading``: nothing of the statement runs before
        ``e``, so its inline templates may bind arguments in statements before it.
        Below ``EXPR_CUT`` levels, a sub-expression becomes a helper function called in
        its place (``helper``), so no Python expression nests deeper than that."""
        generate = getattr(self, "expr_" + type(e).__name__)
        if isinstance(e, ir.Const | ir.Var):
            return generate(e, leading)  # type: ignore[no-any-return]
        if self.expr_depth >= EXPR_CUT:
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
        self.pyfunc, self.expr_depth = _PyFunction(2, closure=True), 0
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
        name = f"K{len(self.constants)}_"
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


def _long_int(value: object) -> bool:
    """An int too long for Python source (``repr`` stops at 4300 digits): a constant."""
    return type(value) is int and value.bit_length() > 1000


def _at(node: ir.Expr, fallback: ir.Pos) -> ir.Pos:
    return node.pos if node.pos != ir.NOWHERE else fallback


def _assigned_ref_params(proc: ir.Proc) -> list[int]:
    """Indexes of the by-reference parameters that ``proc`` may assign, itself or by passing
    them on to another call (only those need copying back: an unassigned one behaves
    exactly like a value parameter)."""
    assigned = set(assigned_names(proc.body)) | set(vars_passed(proc.body))
    return [n for n, p in enumerate(proc.params) if p.by_ref and p.name in assigned]
