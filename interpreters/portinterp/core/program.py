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

import sys
from contextlib import AbstractContextManager, nullcontext
from types import CodeType, FrameType, FunctionType, TracebackType
from typing import Any, ClassVar, TextIO

from portinterp.core import ir
from portinterp.core.deep import call_deep
from portinterp.errors import CompileError, ProgramFault, RunError


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
    # assignment's ``setitem_fn``, or an evaluated prim; under ``fn=``, the form of
    # ``variable = fn(…)`` (the variable is the slot after the arguments).  Their
    # arguments are always trivial (names or literals): the core binds the others in
    # statements before.
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
        self._tag = f"<portinterp {module.filename}>"
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
        runtime.__dict__.setdefault("namespaces", []).append(namespace)  # a library rebinds

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


class Fragment:
    """Procedures compiled to run in another program's namespace (1C's ``Выполнить`` of a
    text built at run time): they call that program's procedures and use its module
    variables as their own code would.  Its code has a tag of its own, so a fault inside
    it is placed by the host's line that ran it (``Program._located`` skips other tags),
    and ``place`` gives the fragment's own line."""

    _count = 0

    def __init__(self, module: ir.Module, runtime_class: type[RuntimeBase],
                 extern: dict[str, tuple[ir.Proc, list[int]]]) -> None:
        from portinterp.core.generator import Generator  # as compile_module: when needed

        Fragment._count += 1
        prefix = f"F{Fragment._count}_"
        generator = Generator(module, runtime_class.inline, runtime_class.inline_statements,
                              extern, prefix)
        self.python_source = generator.generate(with_main=False)
        self.tag = f"<portinterp fragment {Fragment._count}>"
        self._lines = generator.lines
        self._constants = generator.constants
        self._prims = generator.prims
        self._code = compile(self.python_source, self.tag, "exec")
        self._names = {proc.name: generator.names.get("f_", proc.name) for proc in module.procs}

    def entry(self, name: str, namespace: dict[str, Any], runtime: RuntimeBase) -> Any:
        """The fragment's procedure ``name`` as a function whose globals are ``namespace``,
        which gets the primitives, constants and other procedures it needs (a procedure
        the namespace has already, such as a hidden helper of the same name, is kept)."""
        for prim in self._prims:
            if "P_" + prim not in namespace:
                namespace["P_" + prim] = getattr(runtime, "prim_" + prim)
        namespace.update(self._constants)
        scratch: dict[str, Any] = {"__name__": self.tag}
        exec(self._code, scratch)
        functions = {proc: FunctionType(scratch[ident].__code__, namespace, ident)
                     for proc, ident in self._names.items()}
        for proc, ident in self._names.items():
            if proc != name:
                namespace.setdefault(ident, functions[proc])
        return functions[name]

    def place(self, lineno: int) -> ir.Pos:
        return self._lines[lineno] if 0 <= lineno < len(self._lines) else ir.NOWHERE


def compile_module(module: ir.Module, runtime_class: type[RuntimeBase]) -> Program:
    """Compile ``module`` for runtimes of ``runtime_class`` (whose inline templates it uses)."""
    # imported here: a program from the compile cache runs without the code generator
    from portinterp.core.generator import Generator

    generator = Generator(module, runtime_class.inline, runtime_class.inline_statements)
    source = generator.generate()
    return Program(module, source, generator.lines, generator.constants, generator.prims)
