"""The host as OneScript 1.9.2 on Mono shows it (issue 26): environment variables
(``ПолучитьПеременнуюСреды``, ``УстановитьПеременнуюСреды``, ``ПеременныеСреды``,
``РасположениеПеременнойСреды``), ``СистемнаяИнформация``'s ``ТипПлатформы``,
``ВремяРаботыСМоментаЗагрузки``, ``ИменаЛогическихДисков`` and ``ПолучитьПутьПапки`` of a
``СпециальнаяПапка``.

Decision (reversing the earlier "the host, refused by design"): these read the host, as
OneScript does, and change nothing outside the run — ``УстановитьПеременнуюСреды`` changes
the run's own copy of the environment (OneScript's process-wide one ends with its process);
as on Mono, the targets ``Пользователь`` and ``Машина`` hold nothing (a read is Неопределено,
a write is ignored, checked on OneScript 1.9.2: ``onescript/host_environment.bsl``).  Programs
that portcheck runs are in its box anyway; processes (``СоздатьПроцесс``) are
``processes``'s, allowed only where the run's file policy says so.
The special folders are Mono's on Unix (``$HOME``, the XDG folders).
"""

from __future__ import annotations

import os
import platform
import sys
import time
from typing import Any

from portinterp.bsl.library.names_globals import TARGETS
from portinterp.bsl.runtime.formatting import to_string
from portinterp.bsl.runtime.objects import EnumValue
from portinterp.errors import ProgramFault

SCRIPT_ARGUMENTS: list[str] = []  # ``АргументыКоманднойСтроки``: set by ``oscript.exe`` only
_PROCESS = TARGETS["расположениепеременнойсреды"]["процесс"]
BAD_TYPE = "Неверный тип аргумента"


def environment(runtime: Any) -> dict[str, str]:
    """The run's copy of the environment (made at its first use)."""
    copy = runtime.__dict__.get("_environment")
    if copy is None:
        copy = runtime.__dict__["_environment"] = dict(os.environ)
    return copy  # type: ignore[no-any-return]


def _process(target: Any) -> bool:
    if target is None:
        return True
    if not isinstance(target, EnumValue) or target.enum != "РасположениеПеременнойСреды":
        raise ProgramFault(BAD_TYPE)
    return target == _PROCESS


def _name(value: Any) -> str:
    return value if type(value) is str else to_string(value)


def get_variable(runtime: Any, name: Any, target: Any = None) -> str | None:
    return environment(runtime).get(_name(name)) if _process(target) else None


def set_variable(runtime: Any, name: Any, value: Any, target: Any = None) -> None:
    if _process(target):
        key = _name(name)
        if value is None or value == "":  # .NET: an empty value removes the variable
            environment(runtime).pop(key, None)
        else:
            environment(runtime)[key] = _name(value)


def variables(runtime: Any, target: Any = None) -> Any:
    mapping = runtime.map_class()
    if _process(target):
        for key, value in environment(runtime).items():
            mapping.bsl_insert(key, value)
    return mapping


def platform_type() -> EnumValue:
    system = {"linux": "Linux", "darwin": "MacOS", "win32": "Windows"}.get(sys.platform, "Linux")
    bits = "_x86_64" if platform.machine().endswith("64") else "_x86"
    return EnumValue("ТипПлатформы", system + bits)


def uptime_ms() -> int:
    """.NET's ``Environment.TickCount``: milliseconds since the machine started, 32 bits."""
    try:
        seconds = time.clock_gettime(time.CLOCK_BOOTTIME)  # type: ignore[attr-defined]
    except (AttributeError, OSError):
        seconds = time.monotonic()
    return int(seconds * 1000) % (1 << 31)


def logical_drives() -> Any:
    from portinterp.bsl.library.collections.fixed import FixedArray
    from portinterp.bsl.runtime.values import BslArray

    if os.name == "nt":
        drives = [f"{d}:\\" for d in "ABCDEFGHIJKLMNOPQRSTUVWXYZ" if os.path.exists(f"{d}:\\")]
    else:
        from portinterp.bsl.library.files.folders import drives as mounted

        drives = [point for point, _kind in mounted()]
    return FixedArray(BslArray(list(drives)))


def special_folder(folder: Any) -> str:
    if not isinstance(folder, EnumValue) or folder.enum != "СпециальнаяПапка":
        raise ProgramFault(BAD_TYPE)
    home = os.path.expanduser("~")
    config = os.environ.get("XDG_CONFIG_HOME") or os.path.join(home, ".config")
    data = os.environ.get("XDG_DATA_HOME") or os.path.join(home, ".local", "share")
    return {
        "МоиДокументы": home, "ДанныеПриложений": config,
        "ЛокальныйКаталогДанныхПриложений": data,
        "РабочийСтол": os.path.join(home, "Desktop"),
        "КаталогРабочийСтол": os.path.join(home, "Desktop"),
        "МояМузыка": os.path.join(home, "Music"), "МоиРисунки": os.path.join(home, "Pictures"),
        "Шаблоны": os.path.join(home, "Templates"),
        "МоиВидеозаписи": os.path.join(home, "Videos"),
        "ОбщиеШаблоны": "/usr/share/templates", "ПрофильПользователя": home,
        "ОбщийКаталогДанныхПриложения": "/usr/share",
    }[folder.name]
