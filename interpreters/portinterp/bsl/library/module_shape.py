"""What ``Рефлектор`` shows of a module (issue 26): its methods in the order written (name,
parameters with ``Знач``, defaults and their annotations, function or procedure, ``Экспорт``,
annotations), its module variables (name, ``Экспорт``, annotations) and whether it has a
body.

The parser never sees annotations (``source.normalise`` blanks their lines), so this reads
the module's own text again with a small scanner of its declarations: comments, strings and
preprocessor lines are skipped, a method's body is skipped to its ``КонецПроцедуры``/
``КонецФункции``.  Annotations are OneScript's: ``&Имя`` or ``&Имя(Параметр = Значение,
Значение, Имя)`` before a ``Перем``, a method or a parameter (``Annotations.os``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from decimal import Decimal
from functools import lru_cache
from typing import Any

from portinterp.bsl.runtime.literals import date_value, string_value
from portinterp.bsl.runtime.values import NULL

_TOKEN = re.compile(r"""
    (?P<space>[ \t\r\n]+) | (?P<comment>//[^\n]*) | (?P<directive>^[ \t]*\#[^\n]*)
  | (?P<string>"(?:[^"]|"")*") | (?P<date>'[^']*') | (?P<number>\d+(?:\.\d+)?)
  | (?P<name>[^\W\d]\w*) | (?P<annotation>&[^\W\d]\w*) | (?P<other>.)
""", re.VERBOSE | re.MULTILINE)

_PROC = {"процедура", "procedure", "функция", "function"}
_END = {"конецпроцедуры", "endprocedure", "конецфункции", "endfunction"}
_VAR = {"перем", "var"}
_CONSTANTS: dict[str, Any] = {"истина": True, "true": True, "ложь": False, "false": False,
                              "неопределено": None, "undefined": None, "null": NULL}


@dataclass
class Annotation:
    name: str
    params: list[tuple[str | None, Any]] = field(default_factory=list)


@dataclass
class ParamShape:
    name: str
    by_value: bool = False
    has_default: bool = False
    default: Any = None
    annotations: list[Annotation] = field(default_factory=list)


@dataclass
class MethodShape:
    name: str
    is_function: bool
    exported: bool = False
    params: list[ParamShape] = field(default_factory=list)
    annotations: list[Annotation] = field(default_factory=list)


@dataclass
class VarShape:
    name: str
    exported: bool = False
    annotations: list[Annotation] = field(default_factory=list)


@dataclass
class ModuleShape:
    methods: list[MethodShape] = field(default_factory=list)
    variables: list[VarShape] = field(default_factory=list)
    has_body: bool = False


def _tokens(text: str) -> list[tuple[str, str]]:
    text = text.removeprefix("\ufeff").replace("\r\n", "\n")
    out = []
    for match in _TOKEN.finditer(text):
        kind = match.lastgroup or "other"
        if kind not in ("space", "comment", "directive"):
            out.append((kind, match.group()))
    return out


class _Scanner:
    def __init__(self, text: str) -> None:
        self.tokens = _tokens(text)
        self.at = 0

    def peek(self) -> tuple[str, str]:
        return self.tokens[self.at] if self.at < len(self.tokens) else ("end", "")

    def take(self) -> tuple[str, str]:
        token = self.peek()
        self.at += 1
        return token

    def is_word(self, words: set[str]) -> bool:
        kind, text = self.peek()
        return kind == "name" and text.lower() in words

    def annotations(self) -> list[Annotation]:
        found = []
        while self.peek()[0] == "annotation":
            annotation = Annotation(self.take()[1][1:])
            if self.peek() == ("other", "("):
                self.take()
                annotation.params = self.annotation_params()
            found.append(annotation)
        return found

    def annotation_params(self) -> list[tuple[str | None, Any]]:
        params: list[tuple[str | None, Any]] = []
        while self.peek()[0] != "end" and self.peek() != ("other", ")"):
            kind, text = self.peek()
            if kind == "name" and text.lower() not in _CONSTANTS:
                self.take()
                value = self.constant() if self.peek() == ("other", "=") and self.take() \
                    else None
                params.append((text, value))
            else:
                params.append((None, self.constant()))
            if self.peek() == ("other", ","):
                self.take()
            elif self.peek() != ("other", ")"):
                self.take()
        self.take()
        return params

    def constant(self) -> Any:
        negative = self.peek() == ("other", "-")
        if negative or self.peek() == ("other", "+"):
            self.take()
        kind, text = self.take()
        if kind == "number":
            number = Decimal(text)
            number = int(number) if number == number.to_integral_value() else number
            return -number if negative else number
        if kind == "string":
            return string_value([text])
        if kind == "name":
            return _CONSTANTS.get(text.lower())
        if kind == "date":
            return date_value(text)
        return None

    def method(self, annotations: list[Annotation]) -> MethodShape:
        is_function = self.take()[1].lower() in ("функция", "function")
        shape = MethodShape(self.take()[1], is_function, annotations=annotations)
        if self.peek() == ("other", "("):
            self.take()
            while self.peek()[0] != "end" and self.peek() != ("other", ")"):
                param_annotations = self.annotations()
                by_value = self.is_word({"знач", "val"})
                if by_value:
                    self.take()
                param = ParamShape(self.take()[1], by_value, annotations=param_annotations)
                if self.peek() == ("other", "="):
                    self.take()
                    param.has_default, param.default = True, self.constant()
                shape.params.append(param)
                if self.peek() == ("other", ","):
                    self.take()
            self.take()
        if self.is_word({"экспорт", "export"}):
            self.take()
            shape.exported = True
        while self.peek()[0] != "end" and not self.is_word(_END):
            self.take()
        self.take()
        return shape

    def variables(self, annotations: list[Annotation]) -> list[VarShape]:
        self.take()
        found = []
        while self.peek()[0] == "name":
            var = VarShape(self.take()[1], annotations=annotations)
            if self.is_word({"экспорт", "export"}):
                self.take()
                var.exported = True
            found.append(var)
            if self.peek() != ("other", ","):
                break
            self.take()
        return found


@lru_cache(maxsize=64)
def module_shape(text: str) -> ModuleShape:
    """The declarations of a module's text (a text that does not compile gives what its
    declarations show)."""
    scanner, shape = _Scanner(text), ModuleShape()
    while scanner.peek()[0] != "end":
        annotations = scanner.annotations()
        if scanner.is_word(_PROC):
            shape.methods.append(scanner.method(annotations))
        elif scanner.is_word(_VAR) and not shape.methods:
            shape.variables.extend(scanner.variables(annotations))
        elif scanner.peek() == ("other", ";"):
            scanner.take()
        elif scanner.peek()[0] != "end":
            shape.has_body = True
            scanner.take()
    return shape
