"""``вывод`` inside a short counted loop collected in a local string and written once:
a write is a Python call (to the output stream's ``write``), a join onto a local string is
not (CPython appends in place), and FreeCell's dealing loop made 104 writes a deal — a third
of its time.

A loop is buffered when it is a ``нц для`` with literal bounds of at most ``MAX_PASSES``
passes whose body has no loop, no call of an algorithm of the program, no ``ввод``, no
``стоп`` or ``ждать``, no file operation — only the operators and built-ins of ``_PURE``
and the writes of ``вывод`` to the screen (``write_text``, ``write_int``, ``out_newline``,
``out``, ``out_width``, ``out_fixed``, ``out_items``).  Its writes add their text to the
algorithm's local ``вывод@буфер`` (the same text, computed the same way: an item that fails
adds nothing), and the text is written

- at the end of a pass when it holds more than ``FLUSH_AT`` characters (so a loop's output
  reaches the stream, and the output limit, every 4 KiB at most);
- when the loop ends (also by ``выход``);
- when a run-time error leaves the loop: the loop stands in a ``try`` whose handler writes
  the text and raises the same error again, with its own traceback, so the error is
  reported at its own line after exactly the output printed before it.

Nothing else can print, read or wait while the loop runs, so no one can tell the output was
held, but for the time it was: at most one loop of a few thousand passes without inner loops
or calls (the stream of ``python -m portinterp.kumir`` already holds output for up to 50 ms).
"""

from __future__ import annotations

from portinterp.core import ir
from portinterp.core.walk import child_blocks, statement_expressions, walk_expr, walk_statements

BUFFER = "вывод@буфер"  # no KuMir name holds "@"
MAX_PASSES = 10_000
FLUSH_AT = 4096

# A write of ``вывод`` and the prim computing the text it writes (``out_text`` is
# ``prim_out`` returning its text instead of writing it, and so on).
_TEXTS = {"out": "out_text", "out_width": "out_width_text", "out_fixed": "out_fixed_text",
          "out_items": "out_items_text"}
_INLINE_WRITES = {"write_text": "out_add", "write_int": "out_add_int"}

# Prims that neither print, read, wait nor stop (besides their run-time errors); the
# runtime's inline templates are added to them (``pure_prims``).
_PURE = frozenset({
    "pow_int", "pow_real", "char_at", "with_char", "with_slice", "slice", "new_table",
    "table_copy", "table_get", "table_set", "int_overflow", "int_out_of_range",
    "real_overflow", "bad_divisor", "undefined", "undefined_item", "out_of_bounds",
    "string_index", "floor", "setitem", "int", "abs", "iabs", "sign", "sqrt", "max", "min",
    "imax", "imin", "sin", "cos", "tg", "ctg", "arcsin", "arccos", "arctg", "arcctg", "exp",
    "ln", "lg", "max_int", "max_real", "length", "length_of_char", "char_in_string",
    "unicode", "unichar", "code", "char", "int_to_str", "real_to_str", "upper", "lower",
    "find", "find_after",
})
_WRITES = frozenset({"out_newline", *_TEXTS, *_INLINE_WRITES})
_LOOPS = (ir.While, ir.Repeat, ir.ForRange, ir.ForEach, ir.Times)
_NOT_IN_BODY = (*_LOOPS, ir.Return, ir.Try, ir.Label, ir.Goto)


def buffer_module(module: ir.Module, templates: dict[str, str]) -> ir.Module:
    """Buffer, in place, the output of ``module``'s loops that qualify; returns it.
    ``templates``: the runtime's inline templates (pure but for the writes)."""
    pure = _PURE | (set(templates) - _WRITES)
    for proc in module.procs:
        if _buffer_block(proc.body, pure):
            proc.locals_.append(BUFFER)
    return module


def _buffer_block(body: list[ir.Stmt], pure: set[str]) -> bool:
    done: list[ir.Stmt] = []
    changed = False
    for stmt in body:
        if isinstance(stmt, ir.ForRange) and _qualifies(stmt, pure):
            done += _buffered(stmt)
            changed = True
            continue
        for inner in child_blocks(stmt):
            changed = _buffer_block(inner, pure) or changed
        done.append(stmt)
    body[:] = done
    return changed


def _passes(loop: ir.ForRange) -> int | None:
    """How many passes a loop with literal bounds makes (None: bounds not literals)."""
    values = [b.value if isinstance(b, ir.Const) else None
              for b in (loop.start, loop.stop, loop.step or ir.Const(1))]
    if not all(type(v) is int for v in values):
        return None
    start, stop, step = values
    if step == 0:
        return None  # «Шаг цикла равен нулю»: left to the loop as written
    return max(len(range(start, stop + (1 if step > 0 else -1), step)), 0)


def _qualifies(loop: ir.ForRange, pure: set[str]) -> bool:
    passes = _passes(loop)
    if passes is None or passes > MAX_PASSES:
        return False
    writes = False
    for stmt in walk_statements(loop.body):
        if isinstance(stmt, _NOT_IN_BODY):
            return False
        for expr in statement_expressions(stmt):
            for node in walk_expr(expr):
                if isinstance(node, ir.Call):
                    return False
                if isinstance(node, ir.Item) and not {node.getitem_fn, node.setitem_fn} <= pure:
                    return False
                if not isinstance(node, ir.Prim):
                    continue
                if node.fn in _WRITES:
                    if not (isinstance(stmt, ir.Eval) and stmt.expr is node):
                        return False  # a write inside an expression: not met, not buffered
                    writes = True
                elif node.fn not in pure and not node.fn.startswith("chain_"):
                    return False
    return writes


def _buffered(loop: ir.ForRange) -> list[ir.Stmt]:
    """The loop with its writes added to the buffer, in a ``try`` that writes the buffer
    and raises again; the buffer emptied before and written after."""
    pos = loop.pos
    _collect(loop.body)
    full = ir.Prim("out_full", [_buffer(pos), ir.Const(FLUSH_AT)], pos)
    loop.body.append(ir.If([(full, [_write(pos), _empty(pos)])], [], pos))
    handler: list[ir.Stmt] = [_write(pos), ir.Eval(ir.Prim("out_raise_again", [], pos), pos)]
    return [_empty(pos), ir.Try([loop], handler, "out_held", pos), _write(pos)]


def _collect(body: list[ir.Stmt]) -> None:
    """Every write of ``body`` (nested in ``если`` too) made an addition to the buffer."""
    for n, stmt in enumerate(body):
        for inner in child_blocks(stmt):
            _collect(inner)
        if not (isinstance(stmt, ir.Eval) and isinstance(stmt.expr, ir.Prim)
                and stmt.expr.fn in _WRITES):
            continue
        write, pos = stmt.expr, stmt.pos
        if write.fn == "out_newline":
            text: ir.Expr = ir.Const("\n", write.pos)
            body[n] = ir.Assign(_buffer(pos), ir.Prim("out_add", [_buffer(pos), text], pos), pos)
        elif write.fn in _INLINE_WRITES:
            added = ir.Prim(_INLINE_WRITES[write.fn], [_buffer(pos), *write.args], write.pos)
            body[n] = ir.Assign(_buffer(pos), added, pos)
        else:
            text = ir.Prim(_TEXTS[write.fn], write.args, write.pos)
            body[n] = ir.Assign(_buffer(pos), ir.Prim("out_add", [_buffer(pos), text], pos), pos)


def _buffer(pos: ir.Pos) -> ir.Var:
    return ir.Var(BUFFER, pos)


def _empty(pos: ir.Pos) -> ir.Stmt:
    return ir.Assign(_buffer(pos), ir.Const("", pos), pos)


def _write(pos: ir.Pos) -> ir.Stmt:
    return ir.Eval(ir.Prim("write_text", [_buffer(pos)], pos), pos)
