"""Type checking and lowering of statements (declarations, assignment, control flow,
``вывод``, ``ввод``) to the shared IR."""

from __future__ import annotations

from collections.abc import Callable

from lark import Token, Tree

from portinterp.core import ir
from portinterp.core.lowering import Node, pos_of
from portinterp.errors import CompileError
from portinterp.kumir.frontend.library import BUILTINS
from portinterp.kumir.frontend.lower_exprs import defined, shown
from portinterp.kumir.frontend.lower_files import FileStatements
from portinterp.kumir.frontend.scope import ARG, RESULT_NAME, Variable
from portinterp.kumir.runtime.types import BOOL, CHAR, INT, REAL, STR, TableType, Type, element_of

_FAST_WRITES = {INT: "write_int", STR: "write_text", CHAR: "write_text"}
_INPUT_PRIMS = {INT: "in_int", REAL: "in_real", BOOL: "in_bool", CHAR: "in_char", STR: "in_str"}


class StmtLowering(FileStatements):
    loop_depth: int
    wanted_checks: list[ir.Stmt]
    declared: list[str]

    errors: list[CompileError]

    def body(self, node: Tree) -> list[ir.Stmt]:
        """The statements lowered; one with an error is left out (the error kept)."""
        lowered: list[ir.Stmt] = []
        for child in node.children:
            lowered += self.guarded(lambda child=child: self.stmt(child)) or []
        return lowered

    def guarded(self, lower: Callable[[], list[ir.Stmt] | None]) -> list[ir.Stmt] | None:
        """``lower()``, or None with its ``CompileError`` kept (the checking goes on)."""
        try:
            return lower()
        except CompileError as error:
            self.errors.append(error)
            return None

    def stmt_broken(self, node: Tree) -> list[ir.Stmt]:
        """A construct whose head has an error: its bodies are only checked."""
        for body in node.children:
            self.body(body)
        return []

    def stmt_broken_loop(self, node: Tree) -> list[ir.Stmt]:
        self.loop_depth += 1
        self.stmt_broken(node)
        self.loop_depth -= 1
        return []

    def stmt(self, node: Node) -> list[ir.Stmt]:
        if isinstance(node, Token):  # a stray ";"
            return []
        return getattr(self, "stmt_" + node.data)(node)

    # -- declarations ------------------------------------------------------------------

    def stmt_decl(self, node: Tree) -> list[ir.Stmt]:
        """``цел a, b[1:n], вещ x = 1.5``: a type carries over to the next names."""
        lowered: list[ir.Stmt] = []
        kind_token: Token | None = None
        for child in node.children:
            if child.data == "type_":
                kind_token = child.children[0]
                continue
            assert kind_token is not None
            lowered += self.declare(kind_token, child)
        return lowered

    def declare(self, kind_token: Token, decl: Tree) -> list[ir.Stmt]:
        name_token, *rest = (c for c in decl.children if not isinstance(c, Token)
                             or c.type == "NAME")
        bounds = rest[0] if rest and rest[0].data == "bounds_list" else None
        initial = rest[-1] if rest and rest[-1] is not bounds else None
        kind = self.declared_type(kind_token, bounds, name_token)
        if self.loop_depth:
            self.fail(name_token, "Нельзя объявлять в цикле")
        self.add_variable(name_token, Variable(str(name_token), kind))
        pos = pos_of(name_token)
        target = ir.Var(str(name_token), pos)
        if isinstance(kind, TableType):
            assert bounds is not None
            limits = [self.converted(e, INT, side)
                      for bound in bounds.children
                      for e, side in zip(bound.children, ("левая граница", "правая граница"),
                                         strict=False)]
            made = [ir.Assign(target, ir.Prim("new_table", limits, pos), pos)]
            if initial is not None:
                made.append(self.table_initial(target, kind, initial))
            return made
        value = ir.Const(None, pos) if initial is None else self.constant(initial, kind)
        return [ir.Assign(target, value, pos)]

    def constant(self, node: Tree, kind: Type) -> ir.Expr:
        """An initial value: KuMir allows only a constant."""
        code = self.converted(node, kind, "присваивание")
        if not isinstance(code, ir.Const):
            self.fail(node, "Это не константа")
        return code

    def table_initial(self, target: ir.Var, kind: TableType, node: Tree) -> ir.Stmt:
        """``цел таб t[1:3] = {1, 2, 3}``: the elements in order; a table of two dimensions
        takes its rows (``{{2, 7, 6}, {9, 5, 1}}``), each from its first column on."""
        if node.data != "table_lit":
            self.fail(node, "Это не константа")
        items = node.children[0].children
        if any(isinstance(i, Tree) and i.data == "table_lit" for i in items):
            if kind.dims != 2 or not all(isinstance(i, Tree) and i.data == "table_lit"
                                         for i in items):
                self.fail(node, "Это не константа")
            rows = [[self.constant(item, kind.element).value for item in row.children[0].children]
                    for row in items]
            return ir.Eval(ir.Prim("fill_table_rows", [target, ir.Const(rows, pos_of(node))],
                                   pos_of(node)), pos_of(node))
        values = [self.constant(item, kind.element) for item in items]
        return ir.Eval(ir.Prim("fill_table", [target, ir.Const(
            [v.value for v in values], pos_of(node))], pos_of(node)), pos_of(node))

    def declared_type(self, kind_token: Token, bounds: Tree | None, name: Token) -> Type:
        element, is_table = element_of(str(kind_token))
        if is_table:
            if bounds is None:
                self.fail(name, "Нет границ")
            if len(bounds.children) > 3:
                self.fail(name, "Таблицы не бывают размерности > 3")
            return TableType(element, len(bounds.children))
        if bounds is not None:
            self.fail(name, "Лишние границы")
        return element

    def add_variable(self, token: Token, variable: Variable) -> None:
        own = self.scope.own()
        if variable.name in own:
            self.fail(token, "Величина уже описана")
        if variable.name in self.algorithms:
            self.fail(token, "Имя занято другим алгоритмом")
        if variable.name in BUILTINS:  # KuMir 2's library: «цел sin» is refused
            self.fail(token, "Имя занято алгоритмом")
        own[variable.name] = variable
        self.declared.append(variable.name)

    # -- assignment and calls ----------------------------------------------------------

    def stmt_assign(self, node: Tree) -> list[ir.Stmt]:
        place, value_node = node.children
        return [self.store(place, lambda kind: self.value_of(value_node, kind, "присваивание"),
                           pos_of(node))]

    def store(self, place: Tree, make: Callable[[Type], ir.Expr], pos: ir.Pos) -> ir.Stmt:
        """``place := value``; ``make(type)`` lowers the value for the place's type."""
        token, *index_nodes = place.children
        name = str(token)
        variable = self.scope.lookup(name)
        if variable is None:
            if name in self.algorithms or name in BUILTINS:
                callee = self.algorithms.get(name) or BUILTINS[name]
                self.fail(token, "Нет аргументов" if callee.params
                          else "Нельзя присвоить алгоритму")
            if name == RESULT_NAME:
                self.fail(token, 'Вне алгоритмов не бывает "знач"' if self.scope.is_global
                          else 'У этого алгоритма нет "знач"')
            if index_nodes:
                self.fail(token, "Величина не описана")
            self.fail(token, f"Имя не объявлено: {shown(name)}")
        if variable.mode == ARG:
            self.fail(token, "Нельзя менять значение аргумента")
        if place.data == "place_slice":
            return self.store_slice(token, variable.type, index_nodes, make, pos)
        if not index_nodes:
            if isinstance(variable.type, TableType):
                self.fail(token, "Нет индексов у таблицы")
            return ir.Assign(ir.Var(name, pos_of(token)), make(variable.type), pos)
        index = [self.converted(i, INT, "индекс") for i in index_nodes]
        base = ir.Var(name, pos_of(token))
        if isinstance(variable.type, TableType):
            item = self.table_item(token, base, variable.type, index)
            return ir.Assign(item, make(variable.type.element), pos)
        if variable.type == STR and len(index) == 1:
            char = ir.Prim("with_char", [base, index[0], make(CHAR)], pos)
            return ir.Assign(ir.Var(name, pos_of(token)), char, pos)
        self.fail(token, "Лишние индексы")

    def store_slice(self, token: Token, kind: Type, bounds: list[Tree],
                    make: Callable[[Type], ir.Expr], pos: ir.Pos) -> ir.Stmt:
        """``s[i:j] := text``: the part replaced."""
        if kind != STR:
            self.fail(token, "Вырезка возможна только из лит")
        start, stop = (self.converted(b, INT, "индекс") for b in bounds)
        base = ir.Var(str(token), pos_of(token))
        value = ir.Prim("with_slice", [base, start, stop, make(STR)], pos)
        return ir.Assign(ir.Var(str(token), pos_of(token)), value, pos)

    def stmt_call_stmt(self, node: Tree) -> list[ir.Stmt]:
        token = node.children[0]
        args = node.children[1].children if len(node.children) > 1 else []
        name = str(token)
        builtin = BUILTINS.get(name)
        if builtin is not None and builtin.result is None:
            if builtin.by_reference():
                return [self.builtin_update(token, args, pos_of(node))]
            return [ir.Eval(self.builtin_prim(token, args), pos_of(node))]
        signature = self.algorithms.get(name)
        if signature is None and builtin is not None and not args and builtin.params:
            self.fail(token, "Нет аргументов")
        if signature is None and builtin is not None:
            self.fail(token, f"Алгоритм-функцию {name} нельзя вызывать как команду")
        if signature is None and len(node.children) == 1 and name not in self.broken:
            self.fail(token, "Имя не объявлено")  # a bare name: KuMir reads no call in it
        if signature is None:
            self.unknown_algorithm(token)
        if signature.result is not None:
            self.fail(token, f"Алгоритм-функцию {name} нельзя вызывать как команду")
        return [ir.Eval(self.user_call(token, signature, args), pos_of(node))]

    def builtin_update(self, token: Token, args: list[Node], pos: ir.Pos) -> ir.Stmt:
        """``вставить(ф, s, p)``: its ``аргрез`` place set to ``insert(ф, s, p)``."""
        builtin = BUILTINS[str(token)]
        self.check_arity(token, len(builtin.params), len(args))
        codes, place = [], None
        for n, (arg, kind, mode) in enumerate(zip(args, builtin.params, builtin.modes,
                                                  strict=True)):
            what = f"аргумент {n + 1} алгоритма {token}"
            if mode == ARG:
                codes.append(self.converted(arg, kind, what))
            else:
                place = self.ref_arg(arg, Variable(f"a{n}", kind, mode), what)
                codes.append(defined(place))
        assert place is not None
        return ir.Assign(place, ir.Prim(builtin.prim, codes, pos_of(token)), pos)

    def scope_names(self) -> set[str]:
        return set(self.scope.locals_) | set(self.scope.globals_) | set(BUILTINS)

    # -- control flow ------------------------------------------------------------------

    def stmt_if_stmt(self, node: Tree) -> list[ir.Stmt]:
        test, *bodies = node.children
        condition = self.guarded(lambda: [self.condition(test, "если")])
        then, *orelse = (self.body(body) for body in bodies)
        if condition is None:
            return []
        return [ir.If([(condition[0], then)], orelse[0] if orelse else [], pos_of(node))]

    def stmt_switch_stmt(self, node: Tree) -> list[ir.Stmt]:
        branches = []
        orelse: list[ir.Stmt] = []
        failed = False
        for child in node.children:
            if child.data == "case":
                test, body = child.children
                condition = self.guarded(lambda test=test: [self.condition(test, "при")])
                failed = failed or condition is None
                lowered = self.body(body)
                if condition is not None:
                    branches.append((condition[0], lowered))
            else:
                orelse = self.body(child)
        return [] if failed else [ir.If(branches, orelse, pos_of(node))]

    def loop(self, head: Callable[[], list], body: Tree, end: Tree) -> tuple:
        """The loop's head (``head()``'s parts, or None after an error), its statements
        and its ``кц при`` condition."""
        parts = self.guarded(head)
        self.loop_depth += 1
        lowered = self.body(body)
        until = self.guarded(lambda: [self.condition(end.children[0])]) if end.children \
            else [None]
        self.loop_depth -= 1
        if parts is None or until is None:
            return None, lowered, None
        return parts, lowered, until[0]

    @staticmethod
    def with_until(body: list[ir.Stmt], until: ir.Expr | None) -> list[ir.Stmt]:
        if until is None:
            return body
        return [*body, ir.If([(until, [ir.Break(until.pos)])], [], until.pos)]

    def stmt_for_loop(self, node: Tree) -> list[ir.Stmt]:
        var_token, start, stop, *rest = node.children
        step = rest[0] if len(rest) == 3 else None

        def head() -> list[ir.Expr | None]:
            variable = self.scope.lookup(str(var_token))
            if variable is None:
                if str(var_token) in self.algorithms or str(var_token) in BUILTINS:
                    self.fail(var_token, "Алгоритм не может быть величиной цикла")
                self.fail(var_token, f"Имя не объявлено: {shown(str(var_token))}")
            if variable.type != INT:
                self.fail(var_token, "Величина не целая")
            if variable.mode == ARG:
                self.fail(var_token, "Нельзя менять значение аргумента")
            bounds = [self.converted(e, INT, "граница цикла") for e in (start, stop)]
            step_code = None if step is None else self.converted(step, INT, "шаг цикла")
            return [*bounds, step_code]

        parts, body, until = self.loop(head, rest[-2], rest[-1])
        if parts is None:
            return []
        # After the loop the variable keeps the last value it took (KuMir 2 does not step
        # past the bound), and is left alone if the body never ran.
        return [ir.ForRange(str(var_token), parts[0], parts[1], parts[2],
                            self.with_until(body, until), "for_range", None, pos_of(node))]

    def stmt_while_loop(self, node: Tree) -> list[ir.Stmt]:
        test, body_node, end = node.children
        parts, body, until = self.loop(lambda: [self.condition(test)], body_node, end)
        if parts is None:
            return []
        return [ir.While(parts[0], self.with_until(body, until), pos_of(node))]

    def stmt_times_loop(self, node: Tree) -> list[ir.Stmt]:
        count_node, body_node, end = node.children
        parts, body, until = self.loop(
            lambda: [self.converted(count_node, INT, "число повторений")], body_node, end)
        if parts is None:
            return []
        return [ir.Times(parts[0], self.with_until(body, until), "times", pos_of(node))]

    def stmt_plain_loop(self, node: Tree) -> list[ir.Stmt]:
        body_node, end = node.children
        parts, body, until = self.loop(lambda: [], body_node, end)
        if parts is None:
            return []
        if until is None:
            return [ir.While(ir.Const(True), body, pos_of(node))]
        return [ir.Repeat(body, until, pos_of(node))]

    def stmt_exit_stmt(self, node: Tree) -> list[ir.Stmt]:
        pos = pos_of(node)
        if self.loop_depth:
            return [ir.Break(pos)]
        return [*self.wanted_checks, ir.Return(self.result_value(pos), pos)]

    def result_value(self, pos: ir.Pos) -> ir.Expr | None:
        variable = self.scope.locals_.get(RESULT_NAME)
        return ir.Var(RESULT_NAME, pos) if variable is not None else None

    # -- checks ------------------------------------------------------------------------

    def stmt_assert_stmt(self, node: Tree) -> list[ir.Stmt]:
        return [self.check("check_assert", test, node) for test in node.children]

    def stmt_given(self, node: Tree) -> list[ir.Stmt]:
        return [self.check("check_given", test, node) for test in node.children]

    def stmt_wanted(self, node: Tree) -> list[ir.Stmt]:
        self.wanted_checks += [self.check("check_wanted", test, node) for test in node.children]
        return []

    def stmt_halt(self, node: Tree) -> list[ir.Stmt]:
        return [ir.Eval(ir.Prim("halt", [], pos_of(node)), pos_of(node))]

    def stmt_pause(self, node: Tree) -> list[ir.Stmt]:
        return []

    def check(self, prim: str, test: Node, node: Tree) -> ir.Stmt:
        return ir.Eval(ir.Prim(prim, [self.condition(test)], pos_of(node)), pos_of(node))

    # -- вывод and ввод ----------------------------------------------------------------

    def stmt_output(self, node: Tree) -> list[ir.Stmt]:
        """``вывод a, b, нс``.  KuMir 2 computes every item before printing any, so a
        statement that fails prints nothing: one ``out_items`` call where an item that can
        fail comes after another.  ``вывод ф, …`` writes to the file ``ф`` (lower_files)."""
        target = self.output_file(node)
        if target is not None:
            return self.file_output(node, target)
        items = [self.output_item(item) for item in node.children]
        values = [item.expr for item in items if isinstance(item.expr, ir.Prim)]
        if not any(_may_fail(item.expr) for item in items[1:]):
            return items
        spec, args = [], []
        for prim in values:
            if prim.fn == "out_newline":
                spec.append(("нс", 0))
                continue
            kind, value, formats = _output_parts(prim)
            spec.append((kind, len(formats)))
            args += [value, *formats]
        pos = pos_of(node)
        return [ir.Eval(ir.Prim("out_items", [ir.Const(tuple(spec)), *args], pos), pos)]

    def output_item(self, item: Tree) -> ir.Stmt:
        pos = pos_of(item)
        first = item.children[0]
        if isinstance(first, Tree) and first.data == "newline_lit" and len(item.children) == 1:
            return ir.Eval(ir.Prim("out_newline", [], pos), pos)
        value, kind = self.expr(first)
        if isinstance(kind, TableType):
            self.fail(first, "Таблицу нельзя вывести целиком")
        formats = [self.converted(f, INT, "формат вывода") for f in item.children[1:]]
        if not formats and kind in _FAST_WRITES:
            return ir.Eval(ir.Prim(_FAST_WRITES[kind], [value], pos), pos)
        prim = ("out", "out_width", "out_fixed")[len(formats)]
        return ir.Eval(ir.Prim(prim, [ir.Const(kind), value, *formats], pos), pos)

    def stmt_input(self, node: Tree) -> list[ir.Stmt]:
        for place in node.children:
            variable = self.scope.lookup(str(place.children[0]))
            if variable is not None and variable.type == STR and (
                    place.data == "place_slice" or len(place.children) > 1):
                self.fail(place, "Нельзя ввести часть строки")
        source = self.input_file(node)  # ``ввод ф, …`` reads the file ``ф`` (lower_files)
        if source is not None:
            return [self.store(place, lambda kind, place=place: self.read_from(
                source, kind, place), pos_of(place)) for place in node.children[1:]]
        return [self.store(place, self.read_value(place), pos_of(place))
                for place in node.children]

    def read_value(self, place: Tree) -> Callable[[Type], ir.Expr]:
        def read(kind: Type) -> ir.Expr:
            if isinstance(kind, TableType):
                self.fail(place, "Таблицу нельзя ввести целиком")
            return ir.Prim(_INPUT_PRIMS[kind], [], pos_of(place))

        return read


def _may_fail(write: ir.Expr) -> bool:
    """Can this ``вывод`` item stop the program (anything but a literal or ``нс``)?"""
    assert isinstance(write, ir.Prim)
    return write.fn != "out_newline" and not all(isinstance(a, ir.Const) for a in write.args)


def _output_parts(write: ir.Prim) -> tuple[str, ir.Expr, list[ir.Expr]]:
    """The type, value and formats of one item's write (``write_int`` or ``out*``)."""
    if write.fn in _FAST_KINDS:
        return _FAST_KINDS[write.fn], write.args[0], []
    kind, value, *formats = write.args
    assert isinstance(kind, ir.Const)
    return str(kind.value), value, formats


_FAST_KINDS = {"write_int": INT, "write_text": STR}
