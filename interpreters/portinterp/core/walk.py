"""Walking the shared IR: the expressions inside an expression, the blocks and
expressions of a statement, every statement of a body, and the questions the passes ask
of a body (which names it assigns, which calls it makes, where its jumps go).  Every pass
that reads the IR walks it through here: the core's by-reference analysis and jumps, the
1C static types and rewriting, the KuMir range analysis, the front-ends' label checks."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from portinterp.core import ir


def walk_expr(expr: ir.Expr | None) -> Iterator[ir.Expr]:
    """``expr`` and every expression inside it, parents first, in source order.  With a
    stack of its own: an expression may nest thousands of levels deep."""
    stack = [expr]
    while stack:
        node = stack.pop()
        if node is not None:
            yield node
            stack.extend(reversed(tuple(sub_expressions(node))))


def sub_expressions(expr: ir.Expr) -> Iterable[ir.Expr | None]:
    """The expressions directly inside ``expr`` (``None``: an omitted call argument)."""
    if isinstance(expr, ir.Prim | ir.Call):
        return expr.args
    if isinstance(expr, ir.And | ir.Or):
        return (expr.left, expr.right)
    if isinstance(expr, ir.Not):
        return (expr.operand,)
    if isinstance(expr, ir.Cond):
        return (expr.test, expr.then, expr.orelse)
    if isinstance(expr, ir.Item):
        return (expr.base, *expr.index)
    return ()


def statement_expressions(s: ir.Stmt) -> list[ir.Expr | None]:
    """The expressions a statement evaluates itself (not those of its blocks)."""
    if isinstance(s, ir.Assign):
        return [s.target, s.value]
    if isinstance(s, ir.Eval):
        return [s.expr]
    if isinstance(s, ir.If):
        return [test for test, _ in s.branches]
    if isinstance(s, ir.While):
        return [s.test]
    if isinstance(s, ir.Repeat):
        return [s.until]
    if isinstance(s, ir.ForRange):
        return [s.start, s.stop, s.step]
    if isinstance(s, ir.ForEach):
        return [s.collection]
    if isinstance(s, ir.Times):
        return [s.count]
    if isinstance(s, ir.Return):
        return [s.value]
    return []


def child_blocks(s: ir.Stmt) -> list[list[ir.Stmt]]:
    if isinstance(s, ir.If):
        return [body for _, body in s.branches] + [s.orelse]
    if isinstance(s, ir.Try):
        return [s.body, s.handler]
    if isinstance(s, ir.While | ir.Repeat | ir.ForRange | ir.ForEach | ir.Times):
        return [s.body]
    return []


def walk_statements(body: list[ir.Stmt]) -> Iterator[ir.Stmt]:
    """Every statement of ``body``, nested ones included, in order (with a stack of its
    own, as ``walk_expr``)."""
    stack = [iter(body)]
    while stack:
        stmt = next(stack[-1], None)
        if stmt is None:
            stack.pop()
            continue
        yield stmt
        stack.extend(iter(block) for block in reversed(child_blocks(stmt)))


def body_expressions(body: list[ir.Stmt]) -> Iterator[ir.Expr]:
    """Every expression evaluated anywhere in ``body``, nested ones included."""
    for stmt in walk_statements(body):
        for expr in statement_expressions(stmt):
            yield from walk_expr(expr)


def has_call(expr: ir.Expr | None) -> bool:
    """Does ``expr`` call a procedure of the program (which may assign variables)?"""
    return any(isinstance(node, ir.Call) for node in walk_expr(expr))


def calls_in(body: list[ir.Stmt]) -> Iterator[ir.Call]:
    """Every call of a procedure of the program anywhere in ``body``."""
    return (node for node in body_expressions(body) if isinstance(node, ir.Call))


def vars_passed(body: list[ir.Stmt]) -> Iterator[str]:
    """Variables passed as (whole) arguments to any call in ``body``."""
    for call in calls_in(body):
        yield from (arg.name for arg in call.args if isinstance(arg, ir.Var))


def assigned_names(body: list[ir.Stmt]) -> Iterator[str]:
    """Variables ``body`` assigns itself: ``x := …`` and loop variables (not through a
    call: see ``vars_passed``)."""
    for stmt in walk_statements(body):
        if isinstance(stmt, ir.Assign) and isinstance(stmt.target, ir.Var):
            yield stmt.target.name
        elif isinstance(stmt, ir.ForRange | ir.ForEach):
            yield stmt.var


def has_goto(body: list[ir.Stmt]) -> bool:
    return any(isinstance(stmt, ir.Goto) for stmt in walk_statements(body))


def goto_problems(body: list[ir.Stmt]) -> tuple[list[tuple[ir.Label, ir.Label]],
                                                 list[tuple[ir.Goto, str]]]:
    """The label mistakes of a procedure's body: (label, the earlier label of the same
    name) for every name given twice, and (goto, why) for every jump that has no label
    (``"unknown"``) or whose label stands inside a block the jump is not in
    (``"into block"``)."""
    everywhere: dict[str, ir.Label] = {}
    twice: list[tuple[ir.Label, ir.Label]] = []
    for stmt in walk_statements(body):
        if isinstance(stmt, ir.Label):
            if stmt.name in everywhere:
                twice.append((stmt, everywhere[stmt.name]))
            else:
                everywhere[stmt.name] = stmt
    bad: list[tuple[ir.Goto, str]] = []
    _check_jumps(body, set(), everywhere, bad)
    return twice, bad


def _check_jumps(block: list[ir.Stmt], visible: set[str], everywhere: dict[str, ir.Label],
                 bad: list[tuple[ir.Goto, str]]) -> None:
    """``visible``: the labels of the enclosing statement lists, where a jump may go."""
    here = visible | {s.name for s in block if isinstance(s, ir.Label)}
    for stmt in block:
        if isinstance(stmt, ir.Goto) and stmt.name not in here:
            bad.append((stmt, "into block" if stmt.name in everywhere else "unknown"))
        for inner in child_blocks(stmt):
            _check_jumps(inner, here, everywhere, bad)

