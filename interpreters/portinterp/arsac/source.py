"""Reading a program's text, by the school language's rules, which suit this language as
they are: UTF-8 with or without BOM, or the encoding asked for; CRLF and CR become LF; a
file that is not in its encoding is a one-line ``CompileError``."""

from __future__ import annotations

from portinterp.kumir.source import read_source

__all__ = ["read_source"]
