"""``Файл`` of OneScript 1.9.2 (FileContext.cs): the parts of a path as .NET's ``Path``
computes them (``Путь`` ends with the separator, the root is itself, a blank name has empty
parts), and what the file system says of it — existence, kind, size, times, read-only and
hidden flags — read at each call (nothing cached), through ``file_access``."""

from __future__ import annotations

import os
import stat
from datetime import datetime
from typing import Any

from portinterp.bsl.library.files.file_access import allowed, exists, status
from portinterp.bsl.runtime.objects import (
    BAD_ARGUMENT,
    NO_FIELD,
    BslObject,
    register_type,
    spellings,
)
from portinterp.errors import ProgramFault

NEVER = datetime(1601, 1, 1)  # File.GetLastWriteTime of a path that is not there


def _folder_with_separator(given: str) -> str:
    text = given.strip()
    if text == os.sep:
        return text
    folder = os.path.dirname(text.rstrip("/\\"))
    if not folder:
        return ""
    return folder if folder.endswith(os.sep) else folder + os.sep


def full_name(given: str) -> str:
    """``Path.GetFullPath``: absolute, ``..`` resolved, a final separator kept."""
    if not given.strip():
        return ""
    full = os.path.normpath(os.path.abspath(given))
    return full + os.sep if given.endswith(("/", "\\")) and full != os.sep else full


class FileObject(BslObject):
    __slots__ = ("given",)
    type_name = "Файл"
    spellings = spellings(
        "Существует Exist exists", "ЭтоКаталог IsDirectory isdirectory",
        "ЭтоФайл IsFile isfile", "Размер Size size",
        "ПолучитьВремяИзменения GetModificationTime getmodificationtime",
        "ПолучитьВремяСоздания GetCreationTime getcreationtime",
        "ПолучитьТолькоЧтение GetReadOnly getreadonly",
        "ПолучитьНевидимость GetHidden gethidden",
        "УстановитьТолькоЧтение SetReadOnly setreadonly",
        "УстановитьНевидимость SetHidden sethidden",
        "УстановитьВремяИзменения SetModificationTime setmodificationtime")

    def __init__(self, given: str) -> None:
        self.given = given

    def _parts(self) -> dict[str, str]:
        if not self.given.strip():
            return dict.fromkeys(("name", "base", "full", "path", "extension"), "")
        base = os.path.basename(self.given)
        return {"name": os.path.basename(self.given.rstrip("/\\")),
                "base": os.path.splitext(base)[0] if not base.startswith(".") or
                base.count(".") > 1 else "",
                "full": full_name(self.given), "path": _folder_with_separator(self.given),
                "extension": os.path.splitext(base)[1] if not (
                    base.startswith(".") and base.count(".") == 1) else base}

    def property(self, name: str, shown: str) -> Any:
        field = {"имя": "name", "name": "name", "имябезрасширения": "base",
                 "basename": "base", "полноеимя": "full", "fullname": "full", "путь": "path",
                 "path": "path", "расширение": "extension", "extension": "extension"}.get(name)
        if field is None:
            raise ProgramFault(NO_FIELD.format(shown))
        return self._parts()[field]

    def property_names(self) -> list[str]:
        return ["Имя", "ИмяБезРасширения", "ПолноеИмя", "Путь", "Расширение"]

    def _target(self) -> str:
        return full_name(self.given) or self.given

    def bsl_exists(self) -> bool:
        return bool(self.given) and bool(full_name(self.given)) and exists(self._target())

    def bsl_isdirectory(self) -> bool:
        return stat.S_ISDIR(status(self._target()).st_mode)

    def bsl_isfile(self) -> bool:
        return not stat.S_ISDIR(status(self._target()).st_mode)

    def bsl_size(self) -> int:
        found = status(self._target(), "file")
        if stat.S_ISDIR(found.st_mode):
            raise ProgramFault("Внешнее исключение (System.IO.FileNotFoundException): Could not "
                               f"find file '{self._target()}'.")
        return found.st_size

    def _time(self, field: str) -> datetime:
        if not exists(self._target()):
            return NEVER
        seconds = getattr(status(self._target()), field)
        return datetime.fromtimestamp(int(seconds))

    def bsl_getmodificationtime(self) -> datetime:
        return self._time("st_mtime")

    def bsl_getcreationtime(self) -> datetime:
        return self._time("st_ctime")

    def bsl_getreadonly(self) -> bool:
        return not status(self._target()).st_mode & stat.S_IWUSR

    def bsl_gethidden(self) -> bool:
        status(self._target())
        return False  # no hidden attribute on this system, as on Mono

    def bsl_setreadonly(self, value: Any) -> None:
        mode = status(self._target()).st_mode
        _change_mode(self._target(), mode & ~0o222 if value is True else mode | stat.S_IWUSR)

    def bsl_sethidden(self, value: Any) -> None:
        status(self._target())

    def bsl_setmodificationtime(self, value: Any) -> None:
        if not isinstance(value, datetime):
            raise ProgramFault(BAD_ARGUMENT)
        found = status(self._target())
        _set_times(self._target(), found.st_atime, value.timestamp())


def _change_mode(path: str, mode: int) -> None:
    from portinterp.bsl.library.files.file_access import path_fault

    try:
        os.chmod(allowed(path, write=True), stat.S_IMODE(mode))
    except OSError as error:
        raise path_fault(error, path) from None


def _set_times(path: str, accessed: float, modified: float) -> None:
    from portinterp.bsl.library.files.file_access import path_fault

    try:
        os.utime(allowed(path, write=True), (accessed, modified))
    except OSError as error:
        raise path_fault(error, path) from None


def _new_file(runtime: Any, path: Any = None) -> FileObject:
    if path is None:
        raise ProgramFault("Недостаточно фактических параметров (Файл)")
    from portinterp.bsl.runtime.formatting import to_string

    return FileObject(path if type(path) is str else to_string(path, "onescript"))


register_type("Файл", "File", _new_file)
