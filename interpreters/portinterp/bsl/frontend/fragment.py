"""A text given to ``Выполнить`` or ``Вычислить``, compiled when the statement runs
(``library.eval_prims`` asks, through the runtime's ``compile_fragment``).

The text is parsed and checked by the module's own front-end, as a procedure of the module
that runs it: it calls the module's procedures and uses its module variables directly
(``core.program.Fragment`` runs it in the module's namespace).  The variables of the
running method and of the methods whose ``Выполнить`` is still running come in a *chain*
of frames (outermost first; a name is looked for from the innermost); the text reads and
writes them there (``chain_get``/``chain_set`` items).  A name the text assigns and finds
nowhere is its own local.  What does not compile is OneScript's error, raised when the
statement runs.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any

from lark import Token, Tree

from portinterp.bsl.frontend.lower import ModuleLowering
from portinterp.bsl.frontend.parser import parse
from portinterp.bsl.frontend.scope import Scope, Signature, assigned_names
from portinterp.bsl.frontend.source import normalise
from portinterp.core import ir
from portinterp.core.deep import call_deep
from portinterp.core.program import Fragment, RuntimeBase
from portinterp.errors import CompileError, ProgramFault, SourceError

CHAIN = "%цепочка"  # the entry's parameter: the frames the text sees
ENTRY = "%фрагмент"
RESULT = "вычислить_результат"  # an expression's text is parsed as an assignment to it
RETURN_OUTSIDE = 'Оператор "Возврат" может использоваться только внутри метода'
# OneScript's words for an error compiling the text (its exception's own message).
NOT_COMPILED = ("Внешнее исключение (ScriptEngine.Compiler.{}): "
                "{{Модуль  / Ошибка в строке: -1 / {}}}    \n")
# The front-end's words -> OneScript's, where its compiler says it otherwise.
ONESCRIPT_SYNTAX = (
    (re.compile(r"Синтаксическая ошибка: неожиданное «.*» \(ожидается ';'\)"),
     "Ожидается символ ; (точка с запятой)"),
    (re.compile(r"Синтаксическая ошибка: неожиданное «.*» \(ожидается идентификатор\)"),
     "Ожидается идентификатор"),
    (re.compile(r"Синтаксическая ошибка: ожидается вызов процедуры или присваивание"),
     "Неизвестная операция"),
    (re.compile(r"(Слишком много|Недостаточно) фактических параметров \(.*\)"),
     r"\1 фактических параметров"),
)
UNKNOWN_PREFIXES = ("Переменная не определена (",
                    "Процедура или функция с указанным именем не определена (")


def not_compiled(message: str) -> str:
    """OneScript's description of the error compiling a text (an unknown name is its
    ``SymbolNotFoundException``)."""
    for prefix in UNKNOWN_PREFIXES:
        if message.startswith(prefix) and message.endswith(")"):
            name = message[len(prefix):-1]
            return NOT_COMPILED.format("SymbolNotFoundException", f"Неизвестный символ: {name}")
    return NOT_COMPILED.format("CompilerException", onescript_words(message))


def onescript_words(message: str) -> str:
    """The front-end's message in OneScript's compiler's words, where they differ."""
    for pattern, words in ONESCRIPT_SYNTAX:
        if pattern.fullmatch(message):
            return pattern.sub(words, message)
    return message


@dataclasses.dataclass(frozen=True)
class CompiledText:
    """A text compiled for one chain of frames: its entry takes the chain."""

    fragment: Fragment
    chain_names: dict[str, int]  # name -> index of the frame it is in


def compile_fragment(text: str, kind: str, host: list[Any], chain: tuple[tuple[str, ...], ...],
                     runtime_class: type[RuntimeBase]) -> CompiledText:
    """``text`` as the entry ``ENTRY(CHAIN)`` (``kind``: ``"exec"``, a procedure; ``"eval"``,
    a function returning the expression); ``ProgramFault`` with OneScript's words when it
    does not compile."""
    try:
        return call_deep(_compile, text, kind, host, chain, runtime_class)
    except SourceError as error:
        raise ProgramFault(not_compiled(error.message)) from None


def _compile(text: str, kind: str, host: list[Any], chain: tuple[tuple[str, ...], ...],
             runtime_class: type[RuntimeBase]) -> CompiledText:
    module_vars, procs, filename = host if host else ((), (), "<program>")
    source = normalise(text) if kind == "exec" else f"{RESULT} = {normalise(text)}"
    tree = parse(source, filename)
    if len(tree.children) != 1:  # module variables or methods: not a piece of code
        raise CompileError(filename, 0, 0, "Ожидается символ: EndOfText" if kind == "exec"
                           else "Ошибка в выражении")
    block: Tree = tree.children[0]
    if kind == "eval" and not _assigns_result(block):
        raise CompileError(filename, 0, 0, "Ошибка в выражении")
    if any(True for _ in block.find_data("return_stmt")):
        raise CompileError(filename, 0, 0, RETURN_OUTSIDE)
    in_chain = {name: level for level, names in enumerate(chain) for name in names}
    lowering = ModuleLowering(filename)
    lowering.module_vars = set(module_vars)
    extern: dict[str, tuple[ir.Proc, list[int]]] = {}
    for name, shown, params, is_function, refs in procs:
        ir_params = [ir.Param(p, by_ref, ir.Const(default) if has_default else None)
                     for p, by_ref, has_default, default in params]
        lowering.signatures[name] = Signature(name, shown, ir_params, is_function)
        extern[name] = (ir.Proc(name, ir_params, [], [], is_function), list(refs))
    assigned = {t.value.lower() for t in assigned_names(block)}
    own = assigned - set(in_chain) - set(module_vars) - {RESULT}
    lowering.scope = Scope(own | set(in_chain), set(module_vars), is_function=kind == "eval",
                           not_yet=set(own))
    statements = lowering.block(block)
    if kind == "eval":
        value = statements[-1]
        assert isinstance(value, ir.Assign)
        statements = [ir.Return(value.value, value.pos)]
    lowering.check_jumps(statements, _jumps(), lowering.label_spelling)
    locals_ = sorted(own | set(lowering.scope.temps))
    body = lowering.initial_values(locals_) + statements
    visible = {n: level for n, level in in_chain.items() if n not in own}
    entry = ir.Proc(ENTRY, [ir.Param(CHAIN)], locals_, _through_chain(body, visible),
                    kind == "eval")
    module = ir.Module(list(module_vars), [entry, *lowering.hidden_procs.values()], [],
                       filename)
    return CompiledText(Fragment(module, runtime_class, extern), visible)


def _jumps() -> Any:
    from portinterp.bsl.frontend.lower_stmts import JUMPS

    return JUMPS


def _assigns_result(block: Tree) -> bool:
    statements = [s for s in block.children if s is not None]
    if len(statements) != 1 or statements[0].data != "assign":
        return False
    target = statements[0].children[0]
    return (isinstance(target, Tree) and target.data == "name"
            and target.children[0].value.lower() == RESULT)


def _place(name: str, level: int, pos: ir.Pos) -> ir.Item:
    return ir.Item(ir.Var(CHAIN, pos), [ir.Const(level), ir.Const(name)], "chain_get",
                   "chain_set", pos)


def _through_chain(body: list[ir.Stmt], visible: dict[str, int]) -> list[ir.Stmt]:
    """``body`` with every variable of the chain read and written in its frame."""
    if not visible:
        return body
    return [s for stmt in body for s in _statement(stmt, visible)]


def _statement(stmt: ir.Stmt, visible: dict[str, int]) -> list[ir.Stmt]:
    if isinstance(stmt, ir.ForRange | ir.ForEach) and stmt.var in visible:
        # The counter runs in a local of its own, copied to the frame at each step and
        # after the loop (the value it is left with).
        name, counter = stmt.var, f"%счётчик_{stmt.var}"
        stmt = _rewrite(stmt, visible)
        stmt.var = counter
        step = ir.Assign(_place(name, visible[name], stmt.pos), ir.Var(counter, stmt.pos),
                         stmt.pos)
        after = ir.Assign(_place(name, visible[name], stmt.pos), ir.Var(counter, stmt.pos),
                          stmt.pos)
        stmt.body.insert(0, step)
        return [stmt, after]
    return [_rewrite(stmt, visible)]


def _rewrite(node: Any, visible: dict[str, int]) -> Any:
    if isinstance(node, ir.Var):
        return _place(node.name, visible[node.name], node.pos) if node.name in visible else node
    if isinstance(node, list):
        out: list[Any] = []
        for item in node:
            if isinstance(item, ir.ForRange | ir.ForEach):
                out.extend(_statement(item, visible))
            else:
                out.append(_rewrite(item, visible))
        return out
    if isinstance(node, tuple):
        return tuple(_rewrite(item, visible) for item in node)
    if dataclasses.is_dataclass(node) and not isinstance(node, type | ir.Const | ir.Pos):
        for field in dataclasses.fields(node):
            setattr(node, field.name, _rewrite(getattr(node, field.name), visible))
        return node
    if isinstance(node, Token | Tree):
        return node
    return node
