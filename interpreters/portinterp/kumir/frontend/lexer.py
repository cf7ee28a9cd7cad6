"""KuMir's lexical rules: a line's words and operators, and the statements they form.

KuMir reads a program line by line.  In a line, operators and keywords are found first;
whatever lies between them is one *name* with its inner spaces (``сумма цифр``), or a
number (``12``, ``1.5``, ``1е-3`` with a Cyrillic ``е``, ``$FF``).  A line then splits into
statements: at ``;``, and before the keywords that start a statement (``если a то b := 1
все`` is four).  Each statement is parsed by itself (``parser.py``) and placed in the
program's structure (``structure.py``), so an error in one line leaves the others checked,
as KuMir checks them.

A mistake found here (an unpaired quote, a name starting with a digit) becomes an
``ERROR`` token carrying KuMir's message; the statement holding it is reported there.

Decision (a deviation): a line ending with a binary operator, ``и``, ``или``, ``(`` or
``,`` goes on on the next line (the 2008 article breaks long conditions this way); KuMir
itself reports such lines.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from lark import Token

# Keywords: (regular expression, token type).  Multi-word spellings come first.
_KEYWORDS = [
    (r"кон_исп|кон\s+исп", "_KON_ISP"), (r"кц_при|кц\s+при", "_KC_PRI"),
    (r"арг\s*рез", "ARGRES"),
    (r"(?:цел|вещ|лог|сим|лит)\s*таб", "TABTYPE"), (r"цел|вещ|лог|сим|лит|файл", "TYPE"),
    (r"исп", "_ISP"), (r"использовать", "_USE"), (r"алг", "_ALG"), (r"нач", "_NACH"),
    (r"кон", "_KON"), (r"дано", "_DANO"), (r"надо", "_NADO"), (r"утв", "_UTV"), (r"нц", "_NC"),
    (r"кц", "_KC"), (r"для", "_FOR"), (r"раза|раз", "_TIMES"), (r"пока", "_WHILE"),
    (r"от", "_FROM"), (r"до", "_TO"), (r"шаг", "_STEP"), (r"выход", "_EXIT"), (r"если", "_IF"),
    (r"то", "_THEN"), (r"иначе", "_ELSE"), (r"все|всё", "_FI"), (r"выбор", "_SWITCH"),
    (r"при", "_CASE"), (r"ввод", "_INPUT"), (r"вывод", "_OUTPUT"), (r"нс", "NL"),
    (r"не", "_NOT"), (r"и", "_AND"), (r"или", "_OR"), (r"рез", "RES"), (r"арг", "ARG"),
    (r"да", "TRUE"), (r"нет", "FALSE"), (r"пауза", "_PAUSE"), (r"стоп", "_HALT"),
    (r"ВКЛЮЧИТЬ", "_INCLUDE"),
]
# Operators, longer first.
_OPERATORS = [
    (":=", "_ASSIGN"), ("**", "POW"), (">=", "CMP"), ("<=", "CMP"), ("<>", "CMP"),
    ("≥", "CMP"), ("≤", "CMP"), ("≠", "CMP"), ("=", "EQ"), ("<", "CMP"), (">", "CMP"),
    ("+", "ADD"), ("-", "ADD"), ("*", "MUL"), ("/", "MUL"), ("(", "_LPAR"), (")", "_RPAR"),
    ("[", "_LSQB"), ("]", "_RSQB"), ("{", "_LBRACE"), ("}", "_RBRACE"), (",", "_COMMA"),
    (":", "_COLON"), (";", "_SEMI"),
]
_SPLIT = re.compile(
    r"(?P<quote>[\"'])|(?P<comment>[|#])"
    + "".join(f"|(?P<k{n}>(?<!\\w)(?:{rx})(?!\\w))" for n, (rx, _) in enumerate(_KEYWORDS))
    + "|(?P<op>" + "|".join(re.escape(op) for op, _ in _OPERATORS) + ")"
)
_OPERATOR_TYPES = dict(_OPERATORS)

_INT = re.compile(r"\d+\Z")
_HEX = re.compile(r"\$[0-9A-Fa-f]+\Z")
_REAL = re.compile(r"(?:\d+\.\d*|\.\d+)\Z")
_EXP_REAL = re.compile(r"(?:\d+\.?\d*|\.\d+)[eEеЕ]([+-]?\d+)?\Z")
# Characters KuMir refuses in a name (its lexer's list; most are operators anyway).
_BAD_NAME_CHARS = set("+-=:*&?/><#%()^$.,|№[]{}~`\\")

# A line ending in one of these goes on on the next line (see the module's docstring).
_CONTINUES = {"ADD", "MUL", "POW", "CMP", "EQ", "_AND", "_OR"}

# Statement types whose statement ends at the next primary keyword (KuMir's LxTypePrimaryKwd).
PRIMARY = {"_ISP", "_KON_ISP", "_ALG", "_NACH", "_KON", "_DANO", "_NADO", "_IF", "_THEN",
           "_ELSE", "_FI", "_SWITCH", "_CASE", "_NC", "_KC", "_KC_PRI", "_INPUT", "_OUTPUT",
           "_UTV", "_USE", "_EXIT", "_PAUSE", "_HALT"}
_DECLARES = {"TYPE", "TABTYPE"}
_BLOCK_CLOSE = {"_ELSE", "_KC", "_KC_PRI", "_CASE", "_FI"}


@dataclass
class Statement:
    """One statement: its tokens (comments dropped) and its kind, the type of its first
    token (``"SIMPLE"`` for an assignment or a call, ``"TYPE"``/``"TABTYPE"`` for a
    declaration)."""

    kind: str
    tokens: list[Token]

    @property
    def line(self) -> int:
        return self.tokens[0].line or 0


def statements(text: str) -> list[Statement]:
    """Every statement of the program, in order."""
    result: list[Statement] = []
    pending: list[Token] = []
    for number, line in enumerate(text.split("\n"), start=1):
        own = list(line_tokens(line, number))
        if pending and own and (own[0].type in PRIMARY or own[0].type in _DECLARES):
            result += group(pending)  # the next line starts a statement: no continuation
            pending = []
        tokens = pending + own
        if tokens and tokens[-1].type in _CONTINUES:
            pending = tokens
            continue
        pending = []
        result += group(tokens)
    return result + group(pending)


def line_tokens(line: str, number: int) -> Iterator[Token]:
    """The tokens of one line; a comment (``|`` or ``#``) ends it."""
    tokens: list[Token] = []
    pos = 0
    while True:
        match = _SPLIT.search(line, pos)
        end = match.start() if match else len(line)
        tokens += _words(line[pos:end], pos, number)
        if match is None:
            break
        if match.group() == "#":
            # A documentation line (``#`` first on the line) is a statement of its own;
            # elsewhere KuMir takes ``#`` for a bad character of a name.
            kind, value = ("_DOC", "#") if not line[:match.start()].strip() else (
                "ERROR", "Имя содержит недопустимый символ")
            tokens.append(_token(kind, value, number, match.start()))
            break
        if match.group("comment"):
            break
        if match.group("quote"):
            close = line.find(match.group(), match.end())
            if close < 0:
                tokens.append(_token("ERROR", "Непарная кавычка", number, match.start()))
                break
            kind = "STRING" if match.group() == '"' else "CHAR"
            tokens.append(_token(kind, line[match.end():close], number, match.start()))
            pos = close + 1
            continue
        tokens.append(_token(_type_of(match), match.group(), number, match.start()))
        pos = match.end()
    yield from _not_in_names(list(_exponents(tokens)))


# Lexemes KuMir's expression parser takes together as one operand ("block"), with its "не".
_BLOCK = {"NAME", "TRUE", "FALSE", "INT", "REAL", "HEX", "_NOT"}


def _not_in_names(tokens: list[Token]) -> Iterator[Token]:
    """KuMir's ``не`` inside a name: ``завтра не будет дождь`` is ``не завтра будет
    дождь`` (the name without its ``не``, negated).  Two ``не`` in one operand are
    «Много "не"», one ending it «"не" в конце имени» (syntaxanalizer.cpp)."""
    n = 0
    while n < len(tokens):
        end = n
        while end < len(tokens) and tokens[end].type in _BLOCK:
            end += 1
        if end == n:
            yield tokens[n]
            n += 1
            continue
        yield from _block(tokens[n:end])
        n = end


def _block(run: list[Token]) -> list[Token]:
    nots = [t for t in run if t.type == "_NOT"]
    if len(nots) > 1:
        return [nots[1].update("ERROR", 'Много "не"')]
    if not nots or len(run) == 1 or (run[0].type == "_NOT" and len(run) == 2):
        return run
    if run[-1].type == "_NOT":
        return [run[-1].update("ERROR", '"не" в конце имени')]
    words = [t for t in run if t.type != "_NOT"]
    # a name's later words may be numbers (``лог л 000999``: ``л не 000999`` is ``не л 000999``)
    if words[0].type != "NAME" or any(t.type not in ("NAME", "INT") for t in words[1:]):
        return run
    return [nots[0], words[0].update("NAME", " ".join(words))]


def _type_of(match: re.Match[str]) -> str:
    if match.group("op"):
        return _OPERATOR_TYPES[match.group()]
    index = int(match.lastgroup[1:])  # type: ignore[index]
    return _KEYWORDS[index][1]


def _token(kind: str, value: str, line: int, column: int) -> Token:
    return Token(kind, value, start_pos=column, line=line, column=column + 1,
                 end_line=line, end_column=column + 1 + len(value))


def _words(chunk: str, offset: int, number: int) -> list[Token]:
    """The text between two operators or keywords: a name (inner spaces kept as one) or a
    number."""
    stripped = chunk.strip()
    if not stripped:
        return []
    column = offset + len(chunk) - len(chunk.lstrip())
    word = " ".join(stripped.split())
    return [_token(_word_type(word), word, number, column)]


def _word_type(word: str) -> str:
    if _INT.match(word):
        return "INT"
    if _HEX.match(word):
        return "HEX"
    if _REAL.match(word) or _EXP_REAL.match(word):
        return "REAL"
    return "NAME"


def _exponents(tokens: list[Token]) -> Iterator[Token]:
    """``1.5е`` ``-`` ``3`` is one number, ``1.5e-3``; bad names become ``ERROR`` tokens."""
    n = 0
    while n < len(tokens):
        token = tokens[n]
        if (token.type in ("NAME", "REAL") and n + 2 < len(tokens) and tokens[n + 1].type == "ADD"
                and tokens[n + 2].type == "INT"
                and re.fullmatch(r"(?:\d+\.?\d*|\.\d+)[eEеЕ]", token)):
            value = token + tokens[n + 1] + tokens[n + 2]
            yield _checked_name(token.update("REAL", value))
            n += 3
            continue
        signed = n + 1 < len(tokens) and tokens[n + 1].type == "ADD"
        yield _checked_name(token, signed) if token.type in ("NAME", "REAL") else token
        n += 1


def _checked_name(token: Token, signed: bool = False) -> Token:
    """A ``REAL`` with KuMir's spelling normalised; a name KuMir refuses as ``ERROR``.
    ``signed``: a sign follows (``2E+2e``, which KuMir reads as one bad number)."""
    text = str(token)
    if token.type == "REAL":
        if text[-1] in "eEеЕ":  # KuMir 2: «Wrong E-real number» for 3.0e, 3e, .5е alone
            return token.update("ERROR", "Ошибка в записи числа" if signed
                                else "Ошибка в E-записи числа")
        return token.update("REAL", re.sub("[eEеЕ]", "e", text))
    if text[0] == "$":
        return token.update("ERROR", "Плохая 16-ричная константа")
    if text[0].isdigit() or (text[0] == "." and text[1:2].isdigit()):
        if re.fullmatch(r"[\d.]+", text):
            return token.update("ERROR", "Ошибка в записи числа")
        return token.update("ERROR", "Имя не может начинаться с цифры")
    if any(c in _BAD_NAME_CHARS for c in text):
        return token.update("ERROR", "Имя содержит недопустимый символ")
    return token


def group(tokens: list[Token]) -> list[Statement]:
    """Split a line's tokens into statements, as KuMir does."""
    result = []
    while tokens:
        first = tokens[0]
        if first.type == "_SEMI":
            tokens = tokens[1:]
            continue
        size = _statement_size(tokens)
        kind = first.type if first.type in PRIMARY or first.type in _DECLARES \
            or first.type == "_DOC" else "SIMPLE"
        result.append(Statement(kind, tokens[:size]))
        tokens = tokens[size:]
    return result


def _statement_size(tokens: list[Token]) -> int:
    kind = tokens[0].type
    if kind in ("_NACH", "_THEN", "_ELSE", "_DOC"):
        return 1
    if kind == "_NC":
        return _loop_head_size(tokens)
    if kind == "_KC":
        return 1 + _until(tokens[1:], lambda t: t.type == "_SEMI" or _primary(t))
    if kind in ("_INPUT", "_OUTPUT", "_EXIT", "_PAUSE", "_HALT"):
        return 1 + _until(tokens[1:], lambda t: t.type == "_SEMI" or t.type in _BLOCK_CLOSE)
    if kind == "_ALG":
        return 1 + _until(tokens[1:], lambda t: t.type in ("_SEMI", "_NACH"))
    if kind in ("_KON", "_FI", "_ISP", "_KON_ISP"):
        return 1 + _until(tokens[1:], lambda t: t.type in ("_SEMI", "TYPE", "TABTYPE")
                          or _primary(t))
    if kind == "_CASE":
        size = 1 + _until(tokens[1:], lambda t: t.type == "_SEMI" or _primary(t))
        colon = next((n for n, t in enumerate(tokens[:size]) if t.type == "_COLON"), None)
        return size if colon is None else colon + 1
    if kind in ("_IF", "_SWITCH", "_UTV", "_KC_PRI"):
        return 1 + _until(tokens[1:], lambda t: t.type == "_SEMI" or _primary(t))
    if kind in PRIMARY or kind in ("TYPE", "TABTYPE"):  # дано, надо, использовать, declarations
        return 1 + _until(tokens[1:], lambda t: t.type == "_SEMI")
    return _until(tokens, lambda t: t.type in ("_SEMI", "_ELSE", "_FI", "_KC", "_KC_PRI",
                                               "_KON_ISP", "_KON"))


def _primary(token: Token) -> bool:
    return token.type in PRIMARY


def _until(tokens: list[Token], stop) -> int:
    return next((n for n, t in enumerate(tokens) if stop(t)), len(tokens))


_LOOP_WORDS = {"_FOR", "_FROM", "_TO", "_TIMES", "_STEP", "_WHILE"}


def _loop_head_size(tokens: list[Token]) -> int:
    """``нц`` alone, or ``нц для …``/``нц пока …``/``нц N раз`` up to the next statement."""
    head = 1 + _until(tokens[1:], _primary)
    if not any(t.type in _LOOP_WORDS for t in tokens[1:head]):
        return 1
    size = 1
    for token in tokens[1:]:
        if token.type == "_SEMI" or _primary(token) or tokens[size - 1].type == "_TIMES":
            break
        size += 1
    return size
