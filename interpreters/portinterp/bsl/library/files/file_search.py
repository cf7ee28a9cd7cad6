"""The file-search functions of OneScript 1.9.2 (FileOperations.cs):
``ПолучитьМаскуВсеФайлы``, ``ПолучитьРазделительПути``, ``НайтиФайлы`` (``Файл`` objects in
the directory's own order, a mask as .NET matches it: ``*``, ``?``, case-sensitive).

The temporary names (``КаталогВременныхФайлов``, ``ПолучитьИмяВременногоФайла``) and the
functions that write or delete files are ``text_files.py``'s.
"""

from __future__ import annotations

import fnmatch
import os
from typing import Any

from portinterp.bsl.library.files.file_access import allowed
from portinterp.bsl.runtime.conversions import to_bool
from portinterp.bsl.runtime.values import BslArray


def all_files_mask() -> str:
    return "*.*" if os.name == "nt" else "*"


def find_files(folder: str, mask: str | None, recursive: Any) -> BslArray:
    from portinterp.bsl.library.files.file_object import FileObject as FileName

    allowed(folder)
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
