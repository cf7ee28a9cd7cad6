"""Type checking and lowering of expressions to the shared IR.

Every expression is lowered together with its static type, so each operator becomes the
runtime primitive for exactly those types (``add_int`` checks 32-bit overflow, ``add_real``
does not) and type errors are found before the program runs.
"""

from __future__ import annotations

from typing import NoReturn

from lark import Token, Tree

from portinterp.core import ir
from portinterp.core.lowering import Lowering, Node, pos_of
from portinterp.core.walk import walk_expr
from portinterp.kumir.frontend.library import BUILTINS
from portinterp.kumir.frontend.scope import ARG, RESULT_NAME, Scope, Signature, Variable
from portinterp.kumir.runtime.convert import parse_real
from portinterp.kumir.runtime.numbers import INT_MAX, whole
from portinterp.kumir.runtime.types import (
    BOOL,
    CHAR,
    INT,
    NUMERIC,
    REAL,
    STR,
    TableType,
    Type,
    assignable,
)

_STRINGS = (STR, CHAR)
_ARITHMETIC = {"+": "add", "-": "sub", "*": "mul"}

Typed = tuple[ir.Expr, Type]


def type_name(kind: Type | None) -> str:
    return "нет значения" if kind is None else str(kind)


class ExprLowering(Lowering):
    """Lowers expressions; the statement lowering extends it."""

    scope: Scope
    algorithms: dict[str, Signature]
    broken: set[str]  # algorithms whose header has an error
    library_procs: dict[str, ir.Proc]  # built-ins with a рез/аргрез parameter, as procs
    big_literals: set[int]  # ids of the вещ constants written as whole numbers past цел
    real_constants: dict[str, float]  # the program's вещ literals by 15 digits (see real_lit)

    # -- entry points ------------------------------------------------------------------

    def expr(self, node: Node) -> Typed:
        if isinstance(node, Token):  # a parenthesised single token never reaches here
            self.fail(node, f"Синтаксическая ошибка: неожиданное «{node}»")
        return getattr(self, "expr_" + node.data)(node)

    def converted(self, node: Node, wanted: Type, what: str = "") -> ir.Expr:
        """``node`` lowered and converted to type ``wanted`` (цел widens to вещ)."""
        code, kind = self.expr(node)
        return self.convert(node, code, kind, wanted, what)

    def value_of(self, node: Node, wanted: Type, what: str = "") -> ir.Expr:
        """As ``converted``, for a value copied (assigned, passed): a variable without a
        value stops the program here, as in KuMir (operators find it by themselves)."""
        code, kind = self.expr(node)
        converted = defined(self.convert(node, code, kind, wanted, what))
        if wanted == STR and (kind == CHAR or _one_character_literal(code, kind)):
            # KuMir 2 keeps a сим (``"a"``, ``т[1]``) put in a лит place a сим: ``длин`` of
            # it stops with «Значение не строковое» (tOurNew/00040-*, 00050-060-002)
            return ir.Prim("char_in_string", [converted], converted.pos)
        return converted

    def condition(self, node: Node, after: str = "") -> ir.Expr:
        """A ``лог`` expression as a Python bool (an unassigned value is an error).  One
        of another type is KuMir's «Это не условие» (``нц пока``, ``кц при``, ``утв``), or
        «Условие после "если" не логическое» (``after``: если, при)."""
        code, kind = self.expr(node)
        if kind != BOOL:
            self.fail(node, f'Условие после "{after}" не логическое' if after
                      else "Это не условие")
        return self.truth(code, node)

    def truth(self, code: ir.Expr, node: Node) -> ir.Expr:
        if isinstance(code, ir.Var | ir.Item | ir.Call):
            return ir.Prim("truth", [code], pos_of(node))
        return code

    def convert(self, node: Node, code: ir.Expr, kind: Type | None, wanted: Type,
                what: str = "") -> ir.Expr:
        if wanted == CHAR and _one_character_literal(code, kind):
            kind = CHAR  # KuMir takes "Ж" where a сим is wanted, as if it were 'Ж'
        if isinstance(kind, TableType) and not isinstance(wanted, TableType):
            self.fail(node, "Нет индексов у таблицы")  # a whole table where a value goes
        if wanted == INT and kind == REAL and id(code) in self.big_literals:
            self.fail(node, "Слишком большое целое число")  # KuMir's words for it there
        if kind is None or not assignable(wanted, kind):
            self.fail(node, mismatch(wanted, kind, what))
        if wanted == REAL and kind == INT:
            if isinstance(code, ir.Const):
                return ir.Const(float(code.value), code.pos)
            return ir.Prim("to_real", [code], code.pos)
        return code

    # -- literals ----------------------------------------------------------------------

    def expr_int_lit(self, node: Tree) -> Typed:
        """A whole number past ``цел``'s range is a ``вещ`` in KuMir 2 (``вывод 2147483648``
        prints ``2.147483648e+09``); only where a ``цел`` is wanted is it an error."""
        value = whole(node.children[0])
        if value > INT_MAX:
            real, error = parse_real(str(node.children[0]))
            if error is not None:
                self.fail(node, "Слишком большое вещественное значение")
            code = ir.Const(self.real_constants.setdefault(f"{real:.15g}", real), pos_of(node))
            self.big_literals.add(id(code))
            return code, REAL
        return ir.Const(value, pos_of(node)), INT

    def expr_hex_lit(self, node: Tree) -> Typed:
        value = int(str(node.children[0])[1:], 16)
        if value > 0xFFFFFFFF:
            self.fail(node, "Слишком большое целое число")
        return ir.Const(value - (1 << 32) if value > INT_MAX else value, pos_of(node)), INT

    def expr_real_lit(self, node: Tree) -> Typed:
        """Read digit by digit in doubles as KuMir reads it (``convert.parse_real``): a long
        literal may end a unit in the last place away from Python's ``float``.  KuMir 2
        keeps one constant per value written to 15 significant digits, the first met:
        ``1е-6`` and ``0.000001`` are then the same number (measured on kumir2-run)."""
        value, error = parse_real(str(node.children[0]))
        if error is not None:
            self.fail(node, "Слишком большое вещественное значение")
        value = self.real_constants.setdefault(f"{value:.15g}", value)
        return ir.Const(value, pos_of(node)), REAL

    def expr_str_lit(self, node: Tree) -> Typed:
        """A literal of one character is a ``сим`` (it goes to a ``лит`` as well)."""
        text = str(node.children[0])
        return ir.Const(text, pos_of(node)), CHAR if len(text) == 1 else STR

    expr_char_lit = expr_str_lit

    def expr_table_lit(self, node: Tree) -> Typed:
        self.fail(node, "Таблица-константа возможна только при объявлении")

    def expr_true_lit(self, node: Tree) -> Typed:
        return ir.Const(True, pos_of(node)), BOOL

    def expr_false_lit(self, node: Tree) -> Typed:
        return ir.Const(False, pos_of(node)), BOOL

    # -- names and calls ---------------------------------------------------------------

    def expr_name(self, node: Tree) -> Typed:
        token = node.children[0]
        name = str(token)
        variable = self.scope.lookup(name)
        if variable is not None:
            return ir.Var(name, pos_of(token)), variable.type
        if name in self.algorithms or name in BUILTINS or name in self.broken:
            return self.call_value(token, [])
        if name == RESULT_NAME:
            self.fail(token, 'Вне алгоритмов не бывает "знач"' if self.scope.is_global
                      else 'У этого алгоритма нет "знач"')
        self.fail(token, f"Имя не объявлено: {shown(name)}")

    def unknown_algorithm(self, token: Token) -> NoReturn:
        name = str(token)
        if name in self.broken:
            self.fail(token, "Алгоритм с ошибкой")
        if self.scope.lookup(name) is not None:
            self.fail(token, f"{name} — не алгоритм")
        self.fail(token, "Нет такого алгоритма")

    def expr_call(self, node: Tree) -> Typed:
        token = node.children[0]
        args = node.children[1].children if len(node.children) > 1 else []
        return self.call_value(token, args)

    def call_value(self, token: Token, args: list[Node]) -> Typed:
        name = str(token)
        if name in BUILTINS:
            return self.builtin_call(token, args)
        signature = self.algorithms.get(name)
        if signature is None:
            self.unknown_algorithm(token)
        if signature.result is None:
            self.fail(token, "У этого алгоритма нет значения")
        return self.user_call(token, signature, args), signature.result

    def builtin_call(self, token: Token, args: list[Node]) -> Typed:
        builtin = BUILTINS[str(token)]
        if builtin.result is None:
            self.fail(token, "У этого алгоритма нет значения")
        if builtin.by_reference():
            return self.user_call(token, self.library_proc(str(token)), args), builtin.result
        return self.builtin_prim(token, args), builtin.result

    def builtin_prim(self, token: Token, args: list[Node]) -> ir.Prim:
        builtin = BUILTINS[str(token)]
        self.check_arity(token, len(builtin.params), len(args))
        codes, chars = [], []
        for n, (arg, wanted) in enumerate(zip(args, builtin.params, strict=True)):
            code, kind = self.expr(arg)
            chars.append(kind == CHAR or _one_character_literal(code, kind))
            codes.append(self.convert(arg, code, kind, wanted,
                                      f"аргумент {n + 1} алгоритма {token}"))
        prim = builtin.prim
        if prim == "length" and chars[0]:  # a сим: KuMir 2 stops there when it runs
            prim = "length_of_char"
        if prim in ("div", "mod"):
            prim += _division_variant(codes)
        if prim == "int":  # floor() itself stops at inf and nan: «Вещественное переполнение»
            codes = [_unchecked_real(codes[0])]
        return ir.Prim(prim, codes, pos_of(token))

    def library_proc(self, name: str) -> Signature:
        """A built-in function with a ``рез`` parameter as a procedure of the program
        (made once): ``лит_в_цел`` sets its flag to ``str_to_int_ok(s)`` and returns
        ``str_to_int(s)`` (neither can fail, so the procedure needs no source position).
        A command with an ``аргрез`` one is an assignment instead (``builtin_update``)."""
        builtin = BUILTINS[name]
        params = [Variable(f"a{n}", kind, mode)
                  for n, (kind, mode) in enumerate(zip(builtin.params, builtin.modes,
                                                        strict=True))]
        if name not in self.library_procs:
            values = [ir.Var(p.name) for p in params if p.mode != "рез"]
            out = next(p for p in params if p.mode != ARG)
            body: list[ir.Stmt] = [
                ir.Assign(ir.Var(out.name), ir.Prim(builtin.prim + "_ok", values)),
                ir.Return(ir.Prim(builtin.prim, values))]
            self.library_procs[name] = ir.Proc(
                name, [ir.Param(p.name, by_ref=p.mode != ARG) for p in params], [], body,
                builtin.result is not None, ir.NOWHERE)
        return Signature(name, params, builtin.result, 0, 0)

    def check_arity(self, token: Token, wanted: int, given: int) -> None:
        """KuMir's words: «Нет аргументов» (none given), «Мало аргументов», «Лишние
        аргументы»."""
        if wanted != given:
            self.fail(token, "Лишние аргументы" if given > wanted else
                      "Нет аргументов" if given == 0 else "Мало аргументов")

    def user_call(self, token: Token, signature: Signature, args: list[Node]) -> ir.Call:
        self.check_arity(token, len(signature.params), len(args))
        codes: list[ir.Expr | None] = []
        for n, (arg, param) in enumerate(zip(args, signature.params, strict=True)):
            what = f"аргумент {n + 1} алгоритма {token}"
            if isinstance(param.type, TableType):
                codes.append(self.table_arg(arg, param.type, what))
            elif param.mode in ("рез", "аргрез"):
                codes.append(self.ref_arg(arg, param, what))
            else:
                codes.append(self.value_of(arg, param.type, what))
        return ir.Call(signature.name, codes, pos_of(token))

    def table_arg(self, node: Node, wanted: TableType, what: str) -> ir.Expr:
        code, kind = self.expr(node)
        if kind != wanted:
            self.fail(node, "Несоответствие размерностей таблиц" if isinstance(
                kind, TableType) and kind.element == wanted.element else "Плохой тип параметра")
        return code

    def ref_arg(self, node: Node, param: Variable, what: str) -> ir.Expr:
        """A variable given for a ``рез``/``аргрез`` parameter (a ``рез`` one is not read,
        so it may have no value yet).  KuMir 2 takes no table element there."""
        code, kind = self.expr(node)
        if not isinstance(code, ir.Var):
            self.fail(node, f"Не величина в {param.mode}-параметре")
        variable = self.scope.lookup(code.name)
        if variable is not None and variable.mode == ARG:
            self.fail(node, "Нельзя арг передать в рез или аргрез")
        if kind != param.type:
            self.fail(node, "Плохой тип параметра")
        return code

    # -- tables and strings ------------------------------------------------------------

    def declared_base(self, token: Token, node: Tree) -> Typed:
        """The table or string an index or a slice applies to: an unknown name there is
        KuMir's «Величина не описана» (elsewhere «Имя не объявлено»)."""
        name = str(token)
        if (self.scope.lookup(name) is None and name not in self.algorithms
                and name not in BUILTINS and name != RESULT_NAME):
            self.fail(token, "Величина не описана")
        return self.expr_name(Tree("name", [token], node.meta))

    def expr_index(self, node: Tree) -> Typed:
        token, *index_nodes = node.children
        base, kind = self.declared_base(token, node)
        index = [self.converted(i, INT, "индекс") for i in index_nodes]
        if isinstance(kind, TableType) and kind.element == STR and len(index) == kind.dims + 1:
            # лт[i, k]: character k of the лит element лт[i], as KuMir 2 reads it
            item = self.table_item(token, base, kind, index[:-1])
            return ir.Prim("char_at", [item, index[-1]], pos_of(token)), CHAR
        if isinstance(kind, TableType):
            return self.table_item(token, base, kind, index), kind.element
        if kind == STR and len(index) == 1:
            return ir.Prim("char_at", [base, index[0]], pos_of(token)), CHAR
        self.fail(token, "Лишние индексы")

    def table_item(self, token: Token, base: ir.Expr, kind: TableType,
                   index: list[ir.Expr]) -> ir.Item:
        if len(index) != kind.dims:
            self.fail(token, "Не все индексы" if len(index) < kind.dims else "Лишние индексы")
        if kind.dims == 1:
            return ir.Item(base, index, "table_get1", "table_set1", pos_of(token))
        return ir.Item(base, index, "table_get", "table_set", pos_of(token))

    def expr_slice(self, node: Tree) -> Typed:
        """``s[a:b]``; ``лт[i, a:b]`` is part of the element ``лт[i]`` (KuMir 2)."""
        token, *index_nodes, start, stop = node.children
        if index_nodes:
            item, kind = self.expr_index(Tree("index", [token, *index_nodes], node.meta))
            return self.sliced(token, item, kind, start, stop)
        base, kind = self.declared_base(token, node)
        return self.sliced(token, base, kind, start, stop)

    def expr_item_slice(self, node: Tree) -> Typed:
        """``t[i][a:b]``: a part of a table's ``лит`` element."""
        token, *index_nodes, start, stop = node.children
        item, kind = self.expr_index(Tree("index", [token, *index_nodes], node.meta))
        return self.sliced(token, item, kind, start, stop)

    def sliced(self, token: Token, base: ir.Expr, kind: Type, start: Node,
               stop: Node) -> Typed:
        if kind != STR:
            self.fail(token, "Вырезка возможна только из лит")
        codes = [self.converted(start, INT, "индекс"), self.converted(stop, INT, "индекс")]
        return ir.Prim("slice", [base, *codes], pos_of(token)), STR

    # -- operators ---------------------------------------------------------------------

    def expr_binop(self, node: Tree) -> Typed:
        left_node, op, right_node = node.children
        left, left_kind = self.expr(left_node)
        right, right_kind = self.expr(right_node)
        symbol = str(op)
        pos = pos_of(op)
        if symbol == "+" and left_kind in _STRINGS and right_kind in _STRINGS:
            return ir.Prim("concat", [left, right], pos), STR
        if left_kind not in NUMERIC or right_kind not in NUMERIC:
            self.fail(op, f'Нельзя "{type_name(left_kind)} {symbol} {type_name(right_kind)}"')
        both_int = left_kind == right_kind == INT
        if symbol == "/":
            return ir.Prim("div_real", [_unchecked_real(left), right], pos), REAL
        if symbol == "**":
            return ir.Prim("pow_int" if both_int else "pow_real", [left, right], pos), (
                INT if both_int else REAL)
        if both_int:
            return ir.Prim(_ARITHMETIC[symbol] + "_int", [left, right], pos), INT
        return ir.Prim(_ARITHMETIC[symbol] + "_real",
                       [_unchecked_real(left), _unchecked_real(right)], pos), REAL

    def expr_neg(self, node: Tree) -> Typed:
        op, operand_node = node.children
        if str(op) == "-" and _is_literal(operand_node, INT_MAX + 1):
            return ir.Const(-(INT_MAX + 1), pos_of(op)), INT
        operand, kind = self.expr(operand_node)
        if kind not in NUMERIC:
            self.fail(op, f'Нельзя " - {type_name(kind)}"' if str(op) == "-"
                      else f"Нельзя +{type_name(kind)}")
        if str(op) == "+":
            return operand, kind
        if isinstance(operand, ir.Const):  # KuMir's minus of a вещ is 0.0 - x
            return ir.Const(-operand.value if kind == INT else 0.0 - operand.value,
                            pos_of(op)), kind
        return ir.Prim("neg_int" if kind == INT else "neg_real", [operand], pos_of(op)), kind

    def expr_newline_lit(self, node: Tree) -> Typed:
        return ir.Const("\n", pos_of(node)), CHAR


_CHECKED_REAL = {"add_real", "sub_real", "mul_real", "div_real"}
# Where a value of the wrong type goes -> KuMir's words (an assignment's are «Нельзя "цел :=
# вещ"»; a table's bound and a loop's bounds, step and count «Величина не целая»).
_WRONG_TYPE = {"индекс": "Индекс - не целое число", "граница цикла": "Величина не целая",
               "шаг цикла": "Величина не целая", "число повторений": "Величина не целая",
               "формат вывода": "Параметр вывода - не целое число",
               "левая граница": "Левая граница - не целое",
               "правая граница": "Правая граница таблицы не целая"}


def mismatch(wanted: Type, kind: Type | None, what: str) -> str:
    """KuMir's message for a value of type ``kind`` where ``wanted`` goes (``what``)."""
    if what == "присваивание":
        return f'Нельзя "{wanted} := {type_name(kind)}"'
    if what.startswith("аргумент "):
        return "Плохой тип параметра"
    if what in _WRONG_TYPE:
        return _WRONG_TYPE[what]
    where = f" ({what})" if what else ""
    return f"Несоответствие типов{where}: нужно {wanted}, а выражение имеет тип {type_name(kind)}"


def _unchecked_real(code: ir.Expr) -> ir.Expr:
    """A checked вещ +, -, *, / feeding another one: its overflow check left to that one
    (inf and nan propagate through +, -, * and a dividend; a divisor keeps its check, since
    x / inf is 0)."""
    if isinstance(code, ir.Prim) and code.fn in _CHECKED_REAL:
        return ir.Prim(code.fn + "_unchecked", code.args, code.pos)
    return code


def shown(name: str) -> str:
    """A name as the program wrote it (without a module's ``module::``, structure.py)."""
    return name.rpartition("::")[2]


def defined(code: ir.Expr) -> ir.Expr:
    """``code``, checked to have a value if it is a plain variable."""
    if isinstance(code, ir.Var):
        return ir.Prim("defined", [code], code.pos)
    return code


def _one_character_literal(code: ir.Expr, kind: Type | None) -> bool:
    """Is ``code`` a string literal of one character (``"Ж"``)?  A лит variable or a longer
    literal stays лит, which a сим place does not take."""
    return kind == STR and isinstance(code, ir.Const) and isinstance(code.value, str) \
        and len(code.value) == 1


def _is_literal(node: Node, value: int) -> bool:
    """Is ``node`` the integer literal ``value`` (``-2147483648`` is written so)?"""
    return isinstance(node, Tree) and node.data == "int_lit" and whole(node.children[0]) == value


_DIVISIONS = {"div", "mod", "div_simple", "mod_simple"}


def _division_variant(codes: list[ir.Expr]) -> str:
    """Which inline template of div/mod fits: a positive constant divisor needs no check;
    ``_simple`` keeps the divisor in one shared name, so the dividend must not hold
    another division."""
    dividend, divisor = codes
    if isinstance(divisor, ir.Const) and divisor.value > 0:
        return "_by_const"
    holds_division = any(isinstance(node, ir.Prim) and node.fn in _DIVISIONS
                         for node in walk_expr(dividend))
    return "" if holds_division else "_simple"
