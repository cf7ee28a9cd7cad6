"""The preprocessor's lines, as OneScript 1.9.2's ``PreprocessingLexer`` treats them (issue 26):
``#Если <условие> Тогда`` / ``#ИначеЕсли … Тогда`` / ``#Иначе`` / ``#КонецЕсли`` keep the lines
of the branch whose condition holds and blank the others (a branch left out may hold anything);
``#Область Имя`` / ``#КонецОбласти`` must pair; ``#Использовать`` (a library: nothing here) is
allowed only before the module's first line of code; any other directive is an error.  The
directive lines themselves are blanked, so the line numbers of everything else stay right.

A condition is made of symbols, ``И``, ``ИЛИ``, ``НЕ`` and brackets, on the directive's own
line.  The symbols defined are OneScript's: the name of the operating system it runs on
(``Linux``, ``Windows``, ``MacOS``); 1C:Enterprise's (``Сервер``, ``Клиент``…) are not, in
either dialect (docs/bsl.md).  The first line may be a ``#!`` line.
"""

from __future__ import annotations

import re
import sys

from portinterp.errors import CompileError

IF, ELSEIF, ELSE, ENDIF = ("если", "if"), ("иначеесли", "elsif"), ("иначе", "else"), (
    "конецесли", "endif")
REGION, ENDREGION, USE = ("область", "region"), ("конецобласти", "endregion"), (
    "использовать", "use")
_WORD = re.compile(r"[^\W\d]\w*|[()]|\S")
_DIRECTIVE = re.compile(r"^[ \t]*#[ \t]*(\w*)(.*)$")


def defined_symbols() -> set[str]:
    name = {"linux": "linux", "darwin": "macos", "win32": "windows"}.get(sys.platform, "linux")
    return {name}


class _Condition:
    """``Linux ИЛИ НЕ (Windows И MacOS) Тогда``."""

    def __init__(self, text: str, fail: object) -> None:
        self.words = _WORD.findall(text.split("//", 1)[0])
        self.at = 0
        self.fail = fail

    def peek(self) -> str:
        return self.words[self.at].lower() if self.at < len(self.words) else ""

    def value(self, symbols: set[str]) -> bool:
        result = self.either(symbols)
        if not self.peek():  # OneScript: at the next line, where the lexeme it read is
            self.fail("Неожиданное завершение директивы", 1)
        if self.peek() not in ("тогда", "then"):
            self.fail("Ошибка в директиве препроцессора: ожидается ключевое слово Тогда")
        if self.at + 1 != len(self.words):
            self.fail("Недопустимые символы в директиве")
        return result

    def either(self, symbols: set[str]) -> bool:
        result = self.both(symbols)
        while self.peek() in ("или", "or"):
            self.at += 1
            result = self.both(symbols) or result
        return result

    def both(self, symbols: set[str]) -> bool:
        result = self.single(symbols)
        while self.peek() in ("и", "and"):
            self.at += 1
            result = self.single(symbols) and result
        return result

    def single(self, symbols: set[str]) -> bool:
        word = self.peek()
        self.at += 1
        if word in ("не", "not"):
            return not self.single(symbols)
        if word == "(":
            result = self.either(symbols)
            if self.peek() != ")":
                self.fail("Ожидается закрывающая скобка")
            self.at += 1
            return result
        if not word:
            self.fail("Неожиданное завершение директивы")
        if not re.fullmatch(r"[^\W\d]\w*", word) or word in ("тогда", "then"):
            self.fail("Ожидается объявление препроцессора")
        return word in symbols


def preprocess(text: str, filename: str = "<program>") -> str:
    """The text with directive lines and left-out branches blanked."""
    if "#" not in text:
        return text
    lines = text.split("\n")
    symbols = defined_symbols()
    blocks: list[list[bool]] = []  # per #Если: [this branch kept, a branch was taken]
    regions, code_started = 0, False
    for n, line in enumerate(lines):
        match = _DIRECTIVE.match(line)
        kept = all(block[0] for block in blocks)
        if match is None:
            if not kept:
                lines[n] = ""
            elif line.strip() and not line.strip().startswith("//"):
                code_started = True
            continue
        lines[n] = ""
        if n == 0 and line.lstrip().startswith("#!"):
            continue

        def fail(message: str, later: int = 0, n: int = n) -> None:
            """``later``: lines after the directive's (where OneScript reports it)."""
            raise CompileError(filename, n + 1 + later, 1, message)

        word, rest = match.group(1).lower(), match.group(2)
        outer = all(block[0] for block in blocks[:-1]) if blocks else True
        if word in IF:
            holds = _Condition(rest, fail).value(symbols) if kept else False
            blocks.append([kept and holds, kept and holds])
        elif word in ELSEIF or word in ELSE:
            if not blocks:
                fail("Пропущена директива #Если")
            block = blocks[-1]
            holds = word in ELSE or (outer and _Condition(rest, fail).value(symbols))
            block[0] = outer and not block[1] and holds
            block[1] = block[1] or block[0]
        elif word in ENDIF:
            if not blocks:
                fail("Пропущена директива #Если")
            blocks.pop()
        elif not kept:
            continue
        elif word in REGION:
            if not rest.strip():
                fail("Ожидается имя области")
            regions += 1
        elif word in ENDREGION:
            if not regions:
                fail("Пропущена директива препроцессора #Область")
            regions -= 1
        elif word in USE and not code_started:
            continue
        else:  # OneScript reports the line of the lexeme after the directive's name
            after = n if rest.strip() else next(
                (m for m in range(n + 1, len(lines)) if lines[m].strip()), n)
            fail(f"Недопустимая директива:{match.group(1)}", after - n)
    if blocks:
        raise CompileError(filename, len(lines), 1,
                           "Ожидается завершение директивы препроцессора #Если")
    if regions:
        raise CompileError(filename, len(lines), 1,
                           "Ожидается завершение директивы препроцессора #Область")
    return "\n".join(lines)
