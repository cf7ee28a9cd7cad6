"""Checking and lowering statements to the shared IR: ``ТАБЛИЦА`` makes new tables when
it runs, ``ДЛЯ … ВЫПОЛНЯТЬ … ВЕРНУТЬСЯ`` is a counted loop whose variable the body may not
change, the bare ``ВЫПОЛНЯТЬ … ВЕРНУТЬСЯ`` an endless loop that ``КОНЧЕНО`` leaves, a label
and ``ПЕРЕЙТИ К`` are the IR's ``Label`` and ``Goto`` (checked by ``lower.py``), and
``КОНЕЦ_РАБОТЫ`` ends the program."""

from __future__ import annotations

from lark import Token, Tree

from portinterp.arsac.frontend.lower_exprs import ExprLowering, children
from portinterp.core import ir
from portinterp.core.lowering import JumpWording, pos_of
from portinterp.core.walk import assigned_names

JUMPS = JumpWording(unknown="Метка {} не найдена",
                    into_block="Нельзя перейти к метке {} внутрь цикла или ЕСЛИ",
                    twice="Метка {} уже есть в программе")


class StmtLowering(ExprLowering):
    def block(self, block: Tree) -> list[ir.Stmt]:
        statements: list[ir.Stmt] = []
        for stmt in children(block):
            statements.extend(self.stmt(stmt))
        return statements

    def stmt(self, node: Tree) -> list[ir.Stmt]:
        return getattr(self, "stmt_" + node.data)(node)

    def stmt_assign(self, node: Tree) -> list[ir.Stmt]:
        place, _assign, value = node.children
        token, *index = place.children
        name = token.value
        if index[0] is None:
            if name in self.scope.tables:
                self.fail(token, f"{name} — таблица: присваивают её элементам, {name}[…] :=")
            target: ir.Var | ir.Item = ir.Var(name, pos_of(token))
        else:
            target = self.item(token, index)
        return [ir.Assign(target, self.expr(value), pos_of(node))]

    def stmt_tables(self, node: Tree) -> list[ir.Stmt]:
        made: list[ir.Stmt] = []
        for table in node.children:
            token, *dims = table.children
            self.same_dimensions(token, len(dims))
            sizes = [self.expr(d) for d in dims]
            made.append(ir.Assign(ir.Var(token.value, pos_of(token)),
                                  ir.Prim("new_table", sizes, pos_of(token)), pos_of(table)))
        return made

    def stmt_for_loop(self, node: Tree) -> list[ir.Stmt]:
        token, _assign, start, stop, body = node.children
        name = token.value
        if name in self.scope.tables:
            self.fail(token, f"{name} — таблица, а не переменная цикла")
        lowered = self.loop_body(body)
        if name in assigned_names(lowered):
            self.fail(token, f"Переменную цикла {name} нельзя менять внутри цикла")
        return [ir.ForRange(name, self.expr(start), self.expr(stop), None, lowered, "range",
                            "range_after", pos_of(node))]

    def stmt_loop(self, node: Tree) -> list[ir.Stmt]:
        return [ir.While(ir.Const(True), self.loop_body(node.children[0]), pos_of(node))]

    def loop_body(self, body: Tree) -> list[ir.Stmt]:
        self.scope.loop_depth += 1
        try:
            return self.block(body)
        finally:
            self.scope.loop_depth -= 1

    def stmt_leave(self, node: Tree) -> list[ir.Stmt]:
        if not self.scope.loop_depth:
            self.fail(node, "КОНЧЕНО вне цикла: выходить не из чего")
        return [ir.Break(pos_of(node))]

    def stmt_if_stmt(self, node: Tree) -> list[ir.Stmt]:
        test, then, orelse = node.children
        return [ir.If([(self.condition(test), self.block(then))],
                      [] if orelse is None else self.block(orelse), pos_of(node))]

    def stmt_goto(self, node: Tree) -> list[ir.Stmt]:
        return [ir.Goto(self.label(node.children[0]), pos_of(node))]

    def stmt_labelled(self, node: Tree) -> list[ir.Stmt]:
        label, inner = node.children
        return [ir.Label(self.label(label), pos_of(label)), *self.stmt(inner)]

    @staticmethod
    def label(node: Tree) -> str:
        token = node.children[0]
        assert isinstance(token, Token)
        return token.value

    def stmt_output(self, node: Tree) -> list[ir.Stmt]:
        *items, open_line = node.children
        values = [self.expr(item, whole_table=True) for item in items if item is not None]
        write = ir.Prim("write", [ir.Const(open_line is not None), *values], pos_of(node))
        return [ir.Eval(write, pos_of(node))]

    def stmt_halt(self, node: Tree) -> list[ir.Stmt]:
        return [ir.Return(None, pos_of(node))]
