"""Locals that only ever hold a constant string, and the least length of those strings.

``Сред(Буквы, Цел(i / 4) + 1, 1)`` where ``Буквы`` is given ``"A23456789TJQK"`` and nothing
else, and the position is known to lie between 1 and 13, is the character ``Буквы[i // 4]``:
no test of the position against the string's length is needed.  A local qualifies when
every assignment to it in its procedure is a string literal (its declaration's Неопределено
aside: ``static_types`` proves the read is a string), it is no parameter, no loop variable,
and no call is passed it (1C passes by reference); ``Выполнить`` copies its frame back by
assignments that are no literals, so a procedure that runs one keeps none of its locals.
"""

from __future__ import annotations

from portinterp.core import ir
from portinterp.core.walk import vars_passed, walk_statements


def text_lengths(proc: ir.Proc, locals_: set[str], initial: set[int]) -> dict[str, int]:
    """For each local of ``proc`` that holds only constant strings, the shortest's length
    (``initial``: the ids of the assignments of a declaration's Неопределено)."""
    lengths: dict[str, int] = {}
    spoiled = {param.name for param in proc.params} | set(vars_passed(proc.body))
    for stmt in walk_statements(proc.body):
        if isinstance(stmt, ir.Assign) and isinstance(stmt.target, ir.Var):
            if id(stmt) in initial:
                continue
            name, value = stmt.target.name, stmt.value
            if isinstance(value, ir.Const) and type(value.value) is str:
                lengths[name] = min(lengths.get(name, len(value.value)), len(value.value))
            else:
                spoiled.add(name)
        elif isinstance(stmt, ir.ForRange | ir.ForEach):
            spoiled.add(stmt.var)
    return {name: length for name, length in lengths.items()
            if name in locals_ and name not in spoiled}
