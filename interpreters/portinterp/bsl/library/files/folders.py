"""The program's folders and disks as OneScript 1.9.2 on Mono shows them: ``ТекущийКаталог``,
``УстановитьТекущийКаталог`` (the process's working folder, as .NET's
``Directory.SetCurrentDirectory``; a harness running a program in its own process gets its
folder back after the run: ``portinterp.command``), ``КаталогПрограммы`` and
``ИнформацияОДиске``.

``КаталогПрограммы()`` is OneScript's folder of ``oscript.exe``; here it is the folder of
the embedded interpreter's own ``oscript.exe`` (``portinterp/bsl/onescript_command``), a
command that runs a script as ``oscript`` does (``onescript_command``): a program that
starts ``КаталогПрограммы() + "/oscript.exe"`` gets this interpreter, not a .NET one.

``ИнформацияОДиске(Путь)`` (DriveInfo.cs over Mono's ``System.IO.DriveInfo``): Mono knows the
mounted file systems of block devices (on this kind of host only ``/``) and gives, for an
absolute path, the one holding it: ``Имя``, ``МеткаТома`` and ``КорневойКаталог`` are its mount
point, ``ИмяФС`` the file system's kind as Mono names it (``ext`` for ext2/3/4), ``ТипДиска``
``ЖесткийДиск``, ``Готов`` Истина, the sizes from ``statvfs``; a relative path is .NET's
``ArgumentException``.  Checked on OneScript 1.9.2 (``tests/bsl/onescript/folders.bsl``).
Each reads through the file policy: a confined run sees only its own folders.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from portinterp.bsl.library.files.file_access import allowed
from portinterp.bsl.runtime.formatting import to_string
from portinterp.bsl.runtime.objects import (
    NO_CONSTRUCTOR,
    NO_FIELD,
    BslObject,
    EnumValue,
    register_type,
)
from portinterp.errors import ProgramFault

NO_FOLDER = 'Внешнее исключение (System.IO.DirectoryNotFoundException): Directory "{}" not found.'
NO_DRIVE = ("Внешнее исключение (System.ArgumentException): The drive name does not exist\n"
            "Parameter name: driveName")
FS_NAMES = {"ext2": "ext", "ext3": "ext", "ext4": "ext"}  # as Mono names them


def program_directory() -> str:
    """``КаталогПрограммы()``: the folder of this interpreter's ``oscript.exe``."""
    return str(Path(__file__).resolve().parent.parent.parent / "onescript_command")


def current_directory() -> str:
    return os.getcwd()


def set_current_directory(path: Any) -> None:
    text = path if type(path) is str else to_string(path, "onescript")
    allowed(text)
    try:
        os.chdir(text)
    except (FileNotFoundError, NotADirectoryError):
        raise ProgramFault(NO_FOLDER.format(text)) from None
    except PermissionError:
        raise ProgramFault(f"Ошибка доступа к файлу: '{text}'") from None


def drives() -> list[tuple[str, str]]:
    """(mount point, file system) of the block devices' file systems mounted on folders, as
    Mono lists them, the root always first (in a container it may be an overlay, and a
    device's file may be mounted on a file, ``/etc/hosts``)."""
    found: list[tuple[str, str]] = []
    root = "unknown"
    try:
        with open("/proc/self/mounts", encoding="utf-8", errors="replace") as mounts:
            for line in mounts:
                device, point, kind, *_ = [*line.split(), "", "", ""]
                point = point.replace("\\040", " ")
                if point == "/":
                    root = kind
                elif device.startswith("/dev/") and os.path.isdir(point) and \
                        point not in [p for p, _ in found]:
                    found.append((point, kind))
    except OSError:
        pass
    return [("/", root), *found]


class DriveInfo(BslObject):
    """``ИнформацияОДиске``."""

    __slots__ = ("kind", "root")
    type_name = "ИнформацияОДиске"

    def __init__(self, root: str, kind: str) -> None:
        self.root, self.kind = root, kind

    def property(self, name: str, shown: str) -> Any:
        if name in ("имя", "name", "меткатома"):
            return self.root
        if name == "имяфс":
            return FS_NAMES.get(self.kind, self.kind)
        if name in ("типдиска", "drivetype"):
            return EnumValue("ТипДиска", "ЖесткийДиск")
        if name == "готов":
            return True
        if name == "корневойкаталог":
            from portinterp.bsl.library.files.file_object import FileObject

            return FileObject(self.root)
        sizes = {"доступно": "f_bavail", "общийобъемсвободногоместа": "f_bfree",
                 "размердиска": "f_blocks"}
        if name in sizes:
            numbers = os.statvfs(allowed(self.root))
            return getattr(numbers, sizes[name]) * numbers.f_frsize
        raise ProgramFault(NO_FIELD.format(shown))


def _new_drive_info(runtime: Any, *args: Any) -> DriveInfo:
    if len(args) != 1:
        raise ProgramFault(NO_CONSTRUCTOR.format("ИнформацияОДиске"))
    text = args[0] if type(args[0]) is str else to_string(args[0], "onescript")
    if not text.startswith("/"):
        raise ProgramFault(NO_DRIVE)
    allowed(text)
    holding = [(point, kind) for point, kind in drives()
               if text == point or text.startswith(point.rstrip("/") + "/")]
    if not holding:
        raise ProgramFault(NO_DRIVE)
    return DriveInfo(*max(holding, key=lambda drive: len(drive[0])))


register_type("ИнформацияОДиске", "DriveInfo", _new_drive_info)
