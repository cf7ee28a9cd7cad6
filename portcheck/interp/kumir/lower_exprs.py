"""Type checking and lowering of expressions to the shared IR.

Every expression is lowered together with its static type, so each operator becomes the
runtime primitive for exactly those types (``add_int`` checks 32-bit overflow, ``add_real``
does not) and type errors are found before the program runs.
"""

from __future__ import annotations

from lark import Token, Tree

from portcheck.interp import ir
from portcheck.interp.kumir.library import BUILTINS
from portcheck.interp.kumir.numbers import INT_MAX, whole
from portcheck.interp.kumir.scope import Scope, Signature
from portcheck.interp.kumir.types import (
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
from portcheck.interp.lowering import Lowering, Node, pos_of
from portcheck.interp.walk import walk_expr

_STRINGS = (STR, CHAR)
_COMPARE = {"=": "eq", "<>": "ne", "≠": "ne", "<": "lt", ">": "gt", "<=": "le", "≤": "le",
            ">=": "ge", "≥": "ge"}
_ARITHMETIC = {"+": "add", "-": "sub", "*": "mul"}

Typed = tuple[ir.Expr, Type]


def type_name(kind: Type | None) -> str:
    return "нет значения" if kind is None else str(kind)


class ExprLowering(Lowering):
    """Lowers expressions; the statement lowering extends it."""

    scope: Scope
    algorithms: dict[str, Signature]

    # -- entry points ------------------------------------------------------------------

    def expr(self, node: Node) -> Typed:
        if isinstance(node, Token):  # a parenthesised single token never reaches here
            self.fail(node, f"Синтаксическая ошибка: неожиданное «{node}»")
        return getattr(self, "expr_" + node.data)(node)

    def converted(self, node: Node, wanted: Type, what: str = "") -> ir.Expr:
        """``node`` lowered and converted to type ``wanted`` (цел widens to вещ)."""
        code, kind = self.expr(node)
        return self.convert(node, code, kind, wanted, what)

    def condition(self, node: Node) -> ir.Expr:
        """A ``лог`` expression as a Python bool (an unassigned value is an error)."""
        code, kind = self.expr(node)
        if kind != BOOL:
            self.fail(node, f"Несоответствие типов: условие должно быть лог, а не {kind}")
        return self.truth(code, node)

    def truth(self, code: ir.Expr, node: Node) -> ir.Expr:
        if isinstance(code, ir.Var | ir.Item | ir.Call):
            return ir.Prim("truth", [code], pos_of(node))
        return code

    def convert(self, node: Node, code: ir.Expr, kind: Type | None, wanted: Type,
                what: str = "") -> ir.Expr:
        if wanted == CHAR and _one_character_literal(code, kind):
            kind = CHAR  # KuMir takes "Ж" where a сим is wanted, as if it were 'Ж'
        if kind is None or not assignable(wanted, kind):
            where = f" ({what})" if what else ""
            self.fail(node, f"Несоответствие типов{where}: нужно {wanted}, "
                      f"а выражение имеет тип {type_name(kind)}")
        if wanted == REAL and kind == INT:
            if isinstance(code, ir.Const):
                return ir.Const(float(code.value), code.pos)
            return ir.Prim("to_real", [code], code.pos)
        return code

    # -- literals ----------------------------------------------------------------------

    def expr_int_lit(self, node: Tree) -> Typed:
        value = whole(node.children[0])
        if value > INT_MAX:
            self.fail(node, "Слишком большое целое число")
        return ir.Const(value, pos_of(node)), INT

    def expr_real_lit(self, node: Tree) -> Typed:
        return ir.Const(float(node.children[0]), pos_of(node)), REAL

    def expr_str_lit(self, node: Tree) -> Typed:
        return ir.Const(str(node.children[0])[1:-1], pos_of(node)), STR

    def expr_char_lit(self, node: Tree) -> Typed:
        text = str(node.children[0])[1:-1]
        return ir.Const(text, pos_of(node)), CHAR if len(text) == 1 else STR

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
        if name in self.algorithms or name in BUILTINS:
            return self.call_value(token, [])
        self.fail(token, f"Имя не объявлено: {name}")

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
            if self.scope.lookup(name) is not None:
                self.fail(token, f"{name} — не алгоритм")
            self.fail(token, f"Имя не объявлено: {name}")
        if signature.result is None:
            self.fail(token, f"Алгоритм {name} не возвращает значения")
        return self.user_call(token, signature, args), signature.result

    def builtin_call(self, token: Token, args: list[Node]) -> Typed:
        builtin = BUILTINS[str(token)]
        self.check_arity(token, len(builtin.params), len(args))
        codes = [self.converted(arg, kind, f"аргумент {n + 1} алгоритма {token}")
                 for n, (arg, kind) in enumerate(zip(args, builtin.params, strict=True))]
        prim = builtin.prim
        if prim in ("div", "mod"):
            prim += _division_variant(codes)
        return ir.Prim(prim, codes, pos_of(token)), builtin.result

    def check_arity(self, token: Token, wanted: int, given: int) -> None:
        if wanted != given:
            self.fail(token, f"Неверное число аргументов у {token}: нужно {wanted}, "
                      f"передано {given}")

    def user_call(self, token: Token, signature: Signature, args: list[Node]) -> ir.Call:
        self.check_arity(token, len(signature.params), len(args))
        codes: list[ir.Expr | None] = []
        for n, (arg, param) in enumerate(zip(args, signature.params, strict=True)):
            what = f"аргумент {n + 1} алгоритма {token}"
            if isinstance(param.type, TableType):
                codes.append(self.table_arg(arg, param.type, what))
            elif param.mode in ("рез", "аргрез"):
                codes.append(self.ref_arg(arg, param.type, what))
            else:
                codes.append(self.converted(arg, param.type, what))
        return ir.Call(signature.name, codes, pos_of(token))

    def table_arg(self, node: Node, wanted: TableType, what: str) -> ir.Expr:
        code, kind = self.expr(node)
        if kind != wanted:
            self.fail(node, f"Несоответствие типов ({what}): нужно {wanted}, "
                      f"а выражение имеет тип {type_name(kind)}")
        return code

    def ref_arg(self, node: Node, wanted: Type, what: str) -> ir.Expr:
        code, kind = self.expr(node)
        if not isinstance(code, ir.Var | ir.Item):
            self.fail(node, f"Для параметра рез/аргрез нужна величина, а не выражение ({what})")
        if kind != wanted:
            self.fail(node, f"Несоответствие типов ({what}): нужно {wanted}, "
                      f"а величина имеет тип {type_name(kind)}")
        return code

    # -- tables and strings ------------------------------------------------------------

    def expr_index(self, node: Tree) -> Typed:
        token, *index_nodes = node.children
        base, kind = self.expr_name(Tree("name", [token], node.meta))
        index = [self.converted(i, INT, "индекс") for i in index_nodes]
        if isinstance(kind, TableType):
            return self.table_item(token, base, kind, index), kind.element
        if kind == STR and len(index) == 1:
            return ir.Prim("char_at", [base, index[0]], pos_of(token)), CHAR
        self.fail(token, f"{token} — не таблица и не строка, индекс не нужен")

    def table_item(self, token: Token, base: ir.Expr, kind: TableType,
                   index: list[ir.Expr]) -> ir.Item:
        if len(index) != kind.dims:
            self.fail(token, f"Неверное число индексов у таблицы {token}: нужно {kind.dims}")
        if kind.dims == 1:
            return ir.Item(base, index, "table_get1", "table_set1", pos_of(token))
        return ir.Item(base, index, "table_get", "table_set", pos_of(token))

    def expr_slice(self, node: Tree) -> Typed:
        token, start, stop = node.children
        base, kind = self.expr_name(Tree("name", [token], node.meta))
        if kind != STR:
            self.fail(token, f"Вырезка s[i:j] возможна только из лит, а {token} имеет тип {kind}")
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
            self.fail(op, f"Несоответствие типов: операция {symbol} невозможна для "
                      f"{type_name(left_kind)} и {type_name(right_kind)}")
        both_int = left_kind == right_kind == INT
        if symbol == "/":
            return ir.Prim("div_real", [left, right], pos), REAL
        if symbol == "**":
            return ir.Prim("pow_int" if both_int else "pow_real", [left, right], pos), (
                INT if both_int else REAL)
        suffix = "_int" if both_int else "_real"
        return ir.Prim(_ARITHMETIC[symbol] + suffix, [left, right], pos), (
            INT if both_int else REAL)

    def expr_neg(self, node: Tree) -> Typed:
        op, operand_node = node.children
        if str(op) == "-" and _is_literal(operand_node, INT_MAX + 1):
            return ir.Const(-(INT_MAX + 1), pos_of(op)), INT
        operand, kind = self.expr(operand_node)
        if kind not in NUMERIC:
            self.fail(op, f"Несоответствие типов: унарный {op} невозможен для {type_name(kind)}")
        if str(op) == "+":
            return operand, kind
        if isinstance(operand, ir.Const):
            return ir.Const(-operand.value, pos_of(op)), kind
        return ir.Prim("neg_int" if kind == INT else "neg_real", [operand], pos_of(op)), kind

    def expr_compare(self, node: Tree) -> Typed:
        left_node, op, right_node = node.children
        left, left_kind = self.expr(left_node)
        right, right_kind = self.expr(right_node)
        fn = _COMPARE[str(op)]
        comparable = (
            (left_kind in NUMERIC and right_kind in NUMERIC)
            or (left_kind in _STRINGS and right_kind in _STRINGS)
            or (left_kind == right_kind == BOOL and fn in ("eq", "ne"))
        )
        if not comparable:
            self.fail(op, f"Несоответствие типов: нельзя сравнить {type_name(left_kind)} "
                      f"и {type_name(right_kind)}")
        return ir.Prim(fn, [left, right], pos_of(op)), BOOL

    def expr_and_op(self, node: Tree) -> Typed:
        left, right = (self.condition(child) for child in node.children)
        return ir.And(left, right, pos_of(node)), BOOL

    def expr_or_op(self, node: Tree) -> Typed:
        left, right = (self.condition(child) for child in node.children)
        return ir.Or(left, right, pos_of(node)), BOOL

    def expr_not_op(self, node: Tree) -> Typed:
        return ir.Not(self.condition(node.children[0]), pos_of(node)), BOOL


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
