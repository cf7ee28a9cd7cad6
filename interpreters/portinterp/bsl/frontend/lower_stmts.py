"""Checking and lowering 1C statements to the shared IR: ``Прервать`` only inside a loop,
``Возврат`` with a value only in a function, ``Для`` whose body changes its counter counting
on from the new value (as 1C does), ``~Метка:`` and ``Перейти ~Метка`` as the IR's labels
and jumps (checked per procedure by ``lower.py``)."""

from __future__ import annotations

from lark import Token, Tree

from portinterp.bsl.frontend.lower_exprs import ExprLowering, children
from portinterp.bsl.frontend.scope import assigned_names
from portinterp.core import ir
from portinterp.core.lowering import JumpWording, pos_of

# The label mistakes, in the words of the 1C compiler's other messages.
JUMPS = JumpWording(unknown="Метка не определена ({})",
                    into_block="Переход на метку внутри другого блока недопустим ({})",
                    twice="Метка с таким именем уже определена ({})")


class StmtLowering(ExprLowering):
    """Lowers statements and blocks; the module lowering extends it."""

    label_spelling: dict[str, str]  # ~метка -> ~Метка as first written (for messages)

    def block(self, block: Tree | None) -> list[ir.Stmt]:
        if block is None:
            return []
        statements: list[ir.Stmt] = []
        for stmt in children(block):
            statements.extend(self.stmt(stmt))
        return statements

    def stmt(self, node: Tree) -> list[ir.Stmt]:
        return getattr(self, "stmt_" + node.data)(node)

    def stmt_assign(self, node: Tree) -> list[ir.Stmt]:
        target, value = node.children
        lowered = self.expr(value)
        if target.data == "name":
            self.scope.assigned(target.children[0].value.lower())
        return [ir.Assign(self.target(target), lowered, pos_of(node))]

    def target(self, node: Tree) -> ir.Var | ir.Item:
        if node.data == "name":
            return ir.Var(node.children[0].value.lower(), pos_of(node))
        if node.data in ("index", "property"):
            place = self.expr(node)
            assert isinstance(place, ir.Item)
            return place
        self.fail(node, "Синтаксическая ошибка: присваивание этому выражению невозможно")

    def stmt_call_stmt(self, node: Tree) -> list[ir.Stmt]:
        call = node.children[0]
        if not isinstance(call, Tree) or call.data not in ("call", "method_call"):
            self.fail(node, "Синтаксическая ошибка: ожидается вызов процедуры "
                      "или присваивание")
        return [ir.Eval(self.expr(call, as_statement=True), pos_of(node))]

    def stmt_if_stmt(self, node: Tree) -> list[ir.Stmt]:
        test, then, *rest = children(node)
        branches = [(self.condition(test), self.block(then))]
        orelse: list[ir.Stmt] = []
        for part in rest:
            if isinstance(part, Tree) and part.data == "elsif":
                elsif_test, elsif_block = children(part)
                branches.append((self.condition(elsif_test), self.block(elsif_block)))
            else:
                orelse = self.block(part)
        return [ir.If(branches, orelse, pos_of(node))]

    def stmt_while_stmt(self, node: Tree) -> list[ir.Stmt]:
        test, body = node.children[1], node.children[3]
        return [ir.While(self.condition(test), self.loop_body(body), pos_of(node))]

    def loop_body(self, body: Tree | None) -> list[ir.Stmt]:
        self.scope.loop_depth += 1
        try:
            return self.block(body)
        finally:
            self.scope.loop_depth -= 1

    def stmt_for_stmt(self, node: Tree) -> list[ir.Stmt]:
        var_token, start, stop, body = (node.children[1], node.children[2],
                                        node.children[4], node.children[6])
        var = var_token.value.lower()
        where = pos_of(node)
        self.scope.assigned(var)
        if self.loop_var_changed(var, body):
            return self.counted_while(var, start, stop, body, where)
        first, last = self.expr(start), self.expr(stop)
        return [ir.ForRange(var, first, last, None, self.loop_body(body), "range", "range_after",
                            where)]

    @staticmethod
    def loop_var_changed(var: str, body: Tree | None) -> bool:
        """Does the body assign the counter, or pass it to a call (which may change it)?"""
        if body is None:
            return False
        if any(t.value.lower() == var for t in assigned_names(body)):
            return True
        for node in body.iter_subtrees():
            if node.data == "args":
                for arg in node.children:
                    if (isinstance(arg, Tree) and arg.data == "name"
                            and arg.children[0].value.lower() == var):
                        return True
        return False

    def counted_while(self, var: str, start: Tree, stop: Tree, body: Tree | None,
                      where: ir.Pos) -> list[ir.Stmt]:
        """``Для`` whose body changes the counter: 1C then counts on from the new value."""
        limit = self.scope.temp("limit")
        counter = ir.Var(var, where)
        step = ir.Assign(counter, ir.Prim("add", [counter, ir.Const(1)], where), where)
        leave = ir.If([(ir.Prim("gt", [counter, ir.Var(limit)], where), [ir.Break(where)])],
                      [], where)
        return [
            ir.Assign(counter, ir.Prim("sub", [ir.Prim("for_bound", [self.expr(start)], where),
                                               ir.Const(1)], where), where),
            ir.Assign(ir.Var(limit), ir.Prim("for_bound", [self.expr(stop)], where), where),
            ir.While(ir.Const(True), [step, leave, *self.loop_body(body)], where),
        ]

    def stmt_for_each_stmt(self, node: Tree) -> list[ir.Stmt]:
        var_token, collection, body = node.children[2], node.children[4], node.children[6]
        self.scope.assigned(var_token.value.lower())
        return [ir.ForEach(var_token.value.lower(), self.expr(collection),
                           self.loop_body(body), "iterate", pos_of(node))]

    def stmt_break_stmt(self, node: Tree) -> list[ir.Stmt]:
        if not self.scope.loop_depth:
            self.fail(node, "Оператор Прервать (Break) может употребляться только "
                      "внутри цикла")
        return [ir.Break(pos_of(node))]

    def stmt_continue_stmt(self, node: Tree) -> list[ir.Stmt]:
        if not self.scope.loop_depth:
            self.fail(node, "Оператор Продолжить (Continue) может употребляться "
                      "только внутри цикла")
        return [ir.Continue(pos_of(node))]

    def stmt_return_stmt(self, node: Tree) -> list[ir.Stmt]:
        value = node.children[1]
        if value is not None and not self.scope.is_function:
            self.fail(node, "Процедура не может возвращать значение")
        return [ir.Return(None if value is None else self.expr(value), pos_of(node))]

    def stmt_try_stmt(self, node: Tree) -> list[ir.Stmt]:
        body, handler = node.children[1], node.children[3]
        # The handler's end forgets the error (ИнформацияОбОшибке() is empty after it).
        where = pos_of(node)
        done = ir.Eval(ir.Prim("handled", [], where), where)
        ended = ir.Eval(ir.Prim("try_ended", [], where), where)
        return [ir.Try([*self.block(body), ended], [*self.block(handler), done], "caught",
                       where)]

    def stmt_raise_stmt(self, node: Tree) -> list[ir.Stmt]:
        value = node.children[1]
        message = ir.Const(None) if value is None else self.expr(value)
        return [ir.Eval(ir.Prim("raise", [message], pos_of(node)), pos_of(node))]

    def stmt_add_handler_stmt(self, node: Tree) -> list[ir.Stmt]:
        return self.handler_stmt(node, "add_handler")

    def stmt_remove_handler_stmt(self, node: Tree) -> list[ir.Stmt]:
        return self.handler_stmt(node, "remove_handler")

    def handler_stmt(self, node: Tree, prim: str) -> list[ir.Stmt]:
        """``ДобавитьОбработчик Источник.Событие, Объект.Метод`` (an exported method of an
        object) or ``…, Метод`` (a method of this module, exported or not, whatever
        variable has its name): ``library.events``."""
        event, handler = node.children[1], node.children[2]
        where = pos_of(node)
        if not isinstance(event, Tree) or event.data != "property":
            self.fail(node, "Ожидается событие объекта (Объект.Событие)")
        source = self.expr(event.children[0])
        event_name = ir.Const(event.children[1].value)
        if isinstance(handler, Tree) and handler.data == "property":
            target, method, own = self.expr(handler.children[0]), handler.children[1], False
        elif isinstance(handler, Tree) and handler.data == "name":
            method, own = handler.children[0], True
            if method.value.lower() not in self.signatures:
                self.fail(handler, f"Метод объекта не обнаружен ({method.value})")
            target = self.this_object(where)
        else:
            self.fail(node, "Ожидается обработчик события (Объект.Метод или Метод)")
        args = [source, event_name, target, ir.Const(method.value), ir.Const(own)]
        return [ir.Eval(ir.Prim(prim, args, where), where)]

    def stmt_goto_stmt(self, node: Tree) -> list[ir.Stmt]:
        return [ir.Goto(self.label_name(node.children[1]), pos_of(node))]

    def stmt_labelled_stmt(self, node: Tree) -> list[ir.Stmt]:
        label, inner = node.children
        named = [ir.Label(self.label_name(label), pos_of(node))]
        return named + ([] if inner is None else self.stmt(inner))

    def label_name(self, token: Token) -> str:
        """``~Метка`` as the IR names it (case-insensitive); its spelling for messages."""
        name = token.value.lower()
        self.label_spelling.setdefault(name, token.value)
        return name

