"""Reading a program's text: UTF-8 with or without BOM (``DEFAULT_ENCODING``), or the
encoding asked for (CP1251); CRLF and CR become LF; a file that is not in its encoding is a
one-line ``CompileError``.  The school language's rules, which suit the puzzle book's
language as they are (1C reads its own way: ``bsl.frontend.source``)."""

from __future__ import annotations

from pathlib import Path

from portinterp.errors import CompileError

DEFAULT_ENCODING = "utf-8-sig"  # UTF-8 with or without a BOM


def read_source(path: Path, encoding: str = DEFAULT_ENCODING) -> str:
    data = path.read_bytes()
    try:
        text = data.decode(encoding)
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        raise CompileError(str(path), line, 1, f"Текст не в кодировке {encoding} "
                           "(попробуйте --encoding cp1251)") from None
    except LookupError:
        raise CompileError(str(path), 0, 0, f"Неизвестная кодировка {encoding}") from None
    return text.lstrip("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
