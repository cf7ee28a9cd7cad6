"""The keywords of 1C, each with its Russian and English spelling (case-insensitive)."""

from __future__ import annotations

KEYWORDS: dict[str, tuple[str, ...]] = {
    "VAR": ("перем", "var"),
    "EXPORT": ("экспорт", "export"),
    "PROCEDURE": ("процедура", "procedure"),
    "ENDPROCEDURE": ("конецпроцедуры", "endprocedure"),
    "FUNCTION": ("функция", "function"),
    "ENDFUNCTION": ("конецфункции", "endfunction"),
    "VAL": ("знач", "val"),
    "IF": ("если", "if"),
    "THEN": ("тогда", "then"),
    "ELSIF": ("иначеесли", "elsif"),
    "ELSE": ("иначе", "else"),
    "ENDIF": ("конецесли", "endif"),
    "WHILE": ("пока", "while"),
    "DO": ("цикл", "do"),
    "ENDDO": ("конеццикла", "enddo"),
    "FOR": ("для", "for"),
    "EACH": ("каждого", "each"),
    "IN": ("из", "in"),
    "TO": ("по", "to"),
    "BREAK": ("прервать", "break"),
    "CONTINUE": ("продолжить", "continue"),
    "RETURN": ("возврат", "return"),
    "TRY": ("попытка", "try"),
    "EXCEPT": ("исключение", "except"),
    "ENDTRY": ("конецпопытки", "endtry"),
    "RAISE": ("вызватьисключение", "raise"),
    "GOTO": ("перейти", "goto"),
    "OR": ("или", "or"),
    "AND": ("и", "and"),
    "NOT": ("не", "not"),
    "NEW": ("новый", "new"),
    "TRUE": ("истина", "true"),
    "FALSE": ("ложь", "false"),
    "UNDEFINED": ("неопределено", "undefined"),
    "NULL": ("null",),
    "EXECUTE": ("выполнить", "execute"),
    "ADDHANDLER": ("добавитьобработчик", "addhandler"),
    "REMOVEHANDLER": ("удалитьобработчик", "removehandler"),
}

TERMINAL_OF_WORD: dict[str, str] = {
    word: terminal for terminal, words in KEYWORDS.items() for word in words
}

# How a syntax error names an expected terminal.
SHOWN_TERMINALS: dict[str, str] = {
    **{terminal: words[0].capitalize() for terminal, words in KEYWORDS.items()},
    "SEMICOLON": "';'",
    "RPAR": "')'",
    "LPAR": "'('",
    "RSQB": "']'",
    "COMMA": "','",
    "EQUAL": "'='",
    "NAME": "имя",
    "ENDIF": "КонецЕсли",
    "ENDDO": "КонецЦикла",
    "ENDPROCEDURE": "КонецПроцедуры",
    "ENDFUNCTION": "КонецФункции",
    "ENDTRY": "КонецПопытки",
    "ELSIF": "ИначеЕсли",
    "VAR": "Перем",
}
