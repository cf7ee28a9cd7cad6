"""Parse school-language source: statement by statement (``lexer.py`` gives each one's
tokens, Lark's LALR parser of ``grammar.lark`` its tree), then the statements into the
program's structure (``structure.py``).  Every error is kept, with its line, so the
checker goes on and reports all of them as KuMir does.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedInput, UnexpectedToken
from lark.lexer import Lexer

from portinterp.core import parsing
from portinterp.errors import CompileError
from portinterp.kumir.frontend import lexer, structure

GRAMMAR = Path(__file__).with_name("grammar.lark")


def parse(text: str, filename: str) -> tuple[Tree, list[CompileError]]:
    """The program's tree (statements with errors left out) and the errors found."""
    parsing.check_size(text, filename)
    errors: list[CompileError] = []
    parsed = []
    for statement in lexer.statements(text):
        tree = parse_statement(statement, filename, errors)
        parsed.append((statement, tree))
    program = structure.build(parsed, filename, errors)
    parsing.check_nesting(program, filename)  # blocks nest in the program's tree, as in 1C
    return program, errors


def parse_statement(statement: lexer.Statement, filename: str,
                    errors: list[CompileError]) -> Tree | None:
    """The statement's tree, or None (its error added to ``errors``)."""
    bad = next((t for t in statement.tokens if t.type == "ERROR"), None)
    if bad is not None:
        errors.append(CompileError(filename, bad.line or 0, bad.column or 0, str(bad)))
        return None
    try:
        tree = _parser().parse(statement.tokens)
    except UnexpectedInput as error:
        errors.append(_syntax_error(error, statement, filename))
        return None
    named = _keyword_declared(statement)
    if named is not None:
        errors.append(CompileError(filename, named.line or 0, named.column or 0,
                                   "Ключевое слово в имени"))
        return None
    node = tree.children[0]
    _place_empty(node, statement.tokens[0])
    return node


def _keyword_declared(statement: lexer.Statement) -> Token | None:
    """``цел таб q[1:2], знач[2:2]``: ``знач`` (a keyword that the grammar reads as a name)
    declared as a variable — KuMir refuses it where it stands (NewErrors/201224)."""
    tokens = statement.tokens
    if tokens[0].type not in ("TYPE", "TABTYPE"):
        return None
    depth = 0
    for token in tokens:
        depth += token.type == "_LSQB"
        depth -= token.type == "_RSQB"
        if depth == 0 and token.type == "NAME" and str(token).lower() == "знач":
            return token
    return None


def _syntax_error(error: UnexpectedInput, statement: lexer.Statement,
                  filename: str) -> CompileError:
    first = statement.tokens[0]
    if isinstance(error, UnexpectedToken) and error.token.type != "$END":
        token = error.token
        message = Wording().unexpected_token(token, set(error.expected), statement)
        if _keyword_in_name(statement, token):
            message = "Ключевое слово в имени"
        return CompileError(filename, token.line or first.line or 0, token.column or 0,
                            message)
    last = statement.tokens[-1]
    return CompileError(filename, last.line or 0, last.column or 0,
                        Wording().unexpected_end(statement))


def _unbalanced(tokens: list[Token]) -> str | None:
    """KuMir's word for a statement whose brackets do not pair, if they do not: the first
    closing one that closes nothing open, else the first left open."""
    pairs = {"_RPAR": "_LPAR", "_RSQB": "_LSQB"}
    shown = {"_LPAR": "(", "_RPAR": ")", "_LSQB": "[", "_RSQB": "]"}
    stack: list[str] = []
    for token in tokens:
        if token.type in ("_LPAR", "_LSQB"):
            stack.append(token.type)
        elif token.type in pairs:
            if stack and stack[-1] == pairs[token.type]:
                stack.pop()
            elif pairs[token.type] in stack:  # it closes an outer one: the inner is unpaired
                return f"Непарная {shown[stack[-1]]}"
            else:
                return f"Непарная {shown[token.type]}"
    return f"Непарная {shown[stack[0]]}" if stack else None


_LITERALS = ("INT", "REAL", "STRING")
_OPERATORS = ("ADD", "MUL", "POW", "CMP", "EQ")


def _in_context(token: Token, tokens: list[Token], where: int, before: str | None,
                expected: set[str]) -> str | None:
    """KuMir's message for an unexpected token that the statement around it explains
    (its analyser's rules, as KuMir 2's test programs show them), or None."""
    kind, first = token.type, tokens[0].type
    after = [t.type for t in tokens[where + 1:]]
    earlier = [t.type for t in tokens[:where]]
    declaration = first in ("TYPE", "TABTYPE")
    rules: list[tuple[bool, str]] = [
        (where == 1 and first in ("_HALT", "_PAUSE", "_EXIT"), "Мусор в конце строки"),
        (kind in ("_LPAR", "_RPAR", "_LSQB", "_RSQB") and _unbalanced(tokens) is not None,
         _unbalanced(tokens) or ""),
        (kind == "_RPAR" and before == "_COMMA", "Пустой аргумент"),
        (kind == "_RPAR" and before == "_LPAR" and first == "_ALG",
         "Нет аргументов - не нужны скобки"),
        (kind == "_RPAR" and before == "_LPAR" and where > 1 and tokens[where - 2].type == "NAME",
         "Нет такого алгоритма"),  # an algorithm without parameters is called without them
        (kind == "_RPAR" and before == "_LPAR", 'Пусто между "(" и ")"'),
        (kind == "_RPAR", "Непарная )"),
        (kind == "_RSQB" and before == "_COLON", "Нет правой границы таблицы"),
        (kind == "_RSQB" and before == "_LSQB", 'Пусто между "[" и "]"'),
        (kind == "_RSQB", "Непарная ]"),
        (kind in ("_COMMA", "_COLON") and before == "_LSQB", "Пустой индекс"),
        (kind == "_LSQB", 'Перед "[" должно быть имя таблицы'),
        (kind == "_COMMA" and declaration and before in ("TYPE", "TABTYPE"),
         "Где имя величины?"),
        (kind == "_COMMA" and declaration and earlier.count("_LSQB") > earlier.count("_RSQB"),
         "Запятая вместо двоеточия"),
        (kind in ("TYPE", "TABTYPE") and declaration, "Нет запятой перед объявлением"),
        (kind == "_TIMES" and before == "_NC", "Сколько раз?"),
        (kind == "_FROM" and before == "_FOR" and not after, 'Нет "до"'),
        (kind == "_FROM" and before == "_FOR", "Не указана величина цикла"),
        (kind == "_TO" and before == "NAME" and first == "_NC" and "_FROM" in after,
         '"до" раньше чем "от"'),
        (where == 0 and kind == "_LPAR", "Выражение ничему не присвоено"),
        (where == 0 and kind in _LITERALS and after[:1] == ["_ASSIGN"],
         "Нельзя присвоить константе"),
        (where == 0 and kind == "_ASSIGN" and "_ASSIGN" in after, 'Много ":=" в одной строке'),
        (kind in _OPERATORS and first == "NAME" and where == 1 and "_ASSIGN" in after,
         "Нельзя присвоить выражению"),
        (first == "_INPUT" and kind in _OPERATORS, "Нельзя ввести в выражение"),
        (first == "_INPUT" and kind == "_LPAR" and before == "NAME",
         "Нельзя ввести в вызов алгоритма"),
        (kind == "_ASSIGN" and declaration, 'Здесь не должно быть ":="'),
        (kind == "_ALG" and first == "_ALG" and "_LPAR" in earlier, '"алг" вместо "арг"'),
        (kind == "_ASSIGN" and where == 1 and before in _LITERALS, "Нельзя присвоить константе"),
        (first == "_INPUT" and where == 1 and kind in _LITERALS, "Нельзя ввести в константу"),
        (kind == "EQ" and before in _OPERATORS, "Лишний оператор"),
        (kind == "_ASSIGN" and first not in ("NAME", "_ASSIGN"), '":=" или "=" ?'),
        (kind == "EQ" and "$END" in expected and first == "NAME" and "_ASSIGN" not in earlier,
         '"=" вместо ":="'),
        (kind in ("INT", "REAL", "NAME") and before == "_RPAR",
         "Перед выражением пропущен оператор"),
        (kind == "_COMMA" and "$END" in expected, "Лишняя запятая"),
    ]
    return next((message for holds, message in rules if holds), None)


def _keyword_in_name(statement: lexer.Statement, token: Token) -> bool:
    """A keyword where an ``алг`` header has a name (``алг НОД и НОК``, ``алг Сумма до
    нуля``, ``(цел до)``), or a type's word right after a name anywhere: KuMir takes it for
    (part of) a name, and refuses it."""
    tokens = statement.tokens
    where = next((n for n, t in enumerate(tokens) if t is token), 0)
    if token.type in ("TYPE", "TABTYPE") and where > 0 and tokens[where - 1].type == "NAME" \
            and tokens[0].type not in ("TYPE", "TABTYPE", "_ALG"):
        # a type's word after a name in a statement: ``существует файл(…)``, ``x := a лит
        # b`` (in a declaration, ``цел а цел б``, it is «Нет запятой перед объявлением»)
        return True
    if tokens[0].type != "_ALG" or not str(token).isalpha() or not token.type.startswith("_"):
        return False
    return where > 0 and tokens[where - 1].type in ("NAME", "TYPE", "TABTYPE", "_ALG")


def _place_empty(node: Tree, first: Token) -> None:
    """Give trees without tokens (``нач``, ``выход``) the statement's position."""
    for sub in node.iter_subtrees():
        if getattr(sub.meta, "empty", True):
            sub.meta.line, sub.meta.column = first.line, first.column
            sub.meta.empty = False


class _Given(Lexer):
    """The statement's tokens, already made by ``lexer.py``."""

    def __init__(self, conf: object) -> None:
        pass

    def lex(self, data: list[Token]) -> list[Token]:  # type: ignore[override]
        return iter(data)  # type: ignore[return-value]


@cache
def _parser() -> Lark:
    return parsing.lalr_parser(GRAMMAR, lexer=_Given, maybe_placeholders=False)


# A statement cut short after its first word (or after a word of a loop's head): KuMir's
# message (messages.csv of KuMir 2's analyser, as kumir2-bc prints them).
_NOTHING_AFTER = {
    "_INPUT": "Куда вводить?", "_OUTPUT": "Что выводить?", "_IF": 'Нет условия для "если"',
    "_CASE": 'Нет условия после "при"', "_KC_PRI": 'Нет условия для "кц при"',
    "_ISP": "Нет имени исполнителя", "_FROM": 'Нет "до"',
    "_TO": 'Нет значения после "до"', "_STEP": 'Нет значения после "шаг"',
    "_WHILE": 'Нет условия после "нц пока"', "_TIMES": "Сколько раз?",
    "_ASSIGN": "Нет правой части присваивания",
}


class Wording:
    """KuMir's words for syntax errors."""

    def unexpected_token(self, token: Token, expected: set[str],
                         statement: lexer.Statement | None = None) -> str:
        tokens = statement.tokens if statement is not None else [token]
        where = next((n for n, t in enumerate(tokens) if t is token), 0)
        before = tokens[where - 1].type if where else None
        special = _in_context(token, tokens, where, before, expected)
        if special is not None:
            return special
        if token.type == "_COLON" and tokens[0].type != "_CASE":
            return "Лишнее двоеточие"
        if token.type == "_TO" and before == "_FROM":
            return 'Нет значения после "от"'
        if token.type in ("_FOR", "_WHILE") and where == 0:
            return f'Перед "{token}" нет "нц"'
        if token.type == "_ASSIGN":
            if where == 0:
                return "Некуда присваивать"
            if any(t.type == "_ASSIGN" for t in tokens[:where]):
                return 'Много ":=" в одной строке'
        if token.type == "_LBRACE":
            return "Лишняя {"
        if token.type in ("ADD", "MUL", "POW") and "NAME" in expected:
            return "Лишний оператор"  # an operator where an operand goes: 2 * -3
        if "$END" in expected:
            return "Мусор в конце строки"  # the statement was complete before it
        return f"Синтаксическая ошибка: неожиданное «{token}»"

    def unexpected_end(self, statement: lexer.Statement) -> str:
        opened = sum(t.type == "_LPAR" for t in statement.tokens) - sum(
            t.type == "_RPAR" for t in statement.tokens)
        if opened > 0:  # an algorithm's header left open: «Нет парной ")"»
            return 'Нет парной ")"' if statement.tokens[0].type == "_ALG" else "Непарная ("
        squares = sum(t.type == "_LSQB" for t in statement.tokens) - sum(
            t.type == "_RSQB" for t in statement.tokens)
        if squares > 0:
            return "Непарная ["
        last = statement.tokens[-1].type
        if last == "_COMMA" and statement.tokens[0].type in ("_INPUT", "_OUTPUT"):
            return "Запятая в конце"
        if last == "_NOT":
            return '"не" без лог'
        if last in ("ADD", "MUL", "POW", "CMP", "EQ", "_AND", "_OR"):
            return "Лишний оператор"
        if last == "_LBRACE":
            return "Непарная {"
        if last in _NOTHING_AFTER:
            return _NOTHING_AFTER[last]
        if statement.tokens[0].type == "_NC" and any(t.type == "_FROM"
                                                     for t in statement.tokens):
            return 'Нет "до"'
        return f"Синтаксическая ошибка: незаконченная строка «{statement.tokens[0]}…»"
