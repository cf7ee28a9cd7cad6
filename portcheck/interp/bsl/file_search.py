"""The read-only file functions of OneScript 1.9.2 (FileOperations.cs):
``КаталогВременныхФайлов``, ``ПолучитьИмяВременногоФайла`` (a name; no file is made),
``ПолучитьМаскуВсеФайлы``, ``ПолучитьРазделительПути``, ``НайтиФайлы`` (``Файл`` objects in
the directory's own order, a mask as .NET matches it: ``*``, ``?``, case-sensitive).

Nothing here writes, moves or deletes a file: an interpreted port reads, it does not change
the machine (``КопироватьФайл``, ``УдалитьФайлы``, ``ЗаписьТекста`` are left out).
"""

from __future__ import annotations

import fnmatch
import os
import random
import string
import tempfile
from typing import Any

from portcheck.interp.bsl.conversions import to_bool
from portcheck.interp.bsl.values import BslArray
from portcheck.interp.errors import ProgramFault


def temp_dir() -> str:
    """.NET's ``Path.GetTempPath()``: with the separator at the end."""
    return os.path.join(tempfile.gettempdir(), "")


def temp_file_name(extension: Any = None) -> str:
    """11 random characters (.NET's 8.3 random name, rearranged), then the extension
    (``.tmp`` by default; a dot added before one given without it)."""
    if extension is None:
        extension = ".tmp"
    elif type(extension) is not str:
        raise ProgramFault("Неверный тип аргумента")
    name = "".join(random.choices(string.ascii_lowercase + string.digits, k=11))
    dot = "." if extension and not extension.startswith(".") else ""
    return os.path.join(temp_dir(), name + dot + extension)


def all_files_mask() -> str:
    return "*.*" if os.name == "nt" else "*"


def find_files(folder: str, mask: str | None, recursive: Any) -> BslArray:
    from portcheck.interp.bsl.scripts import FileName

    if mask is None:
        return BslArray([FileName(folder)] if os.path.exists(folder) else [])
    if os.path.isfile(folder) or not os.path.isdir(folder):
        return BslArray([])
    deep = recursive is not None and to_bool(recursive)
    return BslArray([FileName(path) for path in _entries(folder, mask, deep)])


def _entries(folder: str, mask: str, deep: bool) -> list[str]:
    try:
        with os.scandir(folder) as listing:
            entries = list(listing)
    except OSError:
        return []
    pattern = "*" if mask == "*.*" else mask  # .NET: "*.*" is every name, dotted or not
    found = [os.path.join(folder, e.name) for e in entries
             if fnmatch.fnmatchcase(e.name, pattern)]
    if deep:
        for entry in entries:
            if entry.is_dir(follow_symlinks=False):
                found += _entries(os.path.join(folder, entry.name), mask, True)
    return found
