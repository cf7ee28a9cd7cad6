"""``Новый СистемнаяИнформация`` as OneScript 1.9.2 has it (SystemEnvironmentContext.cs):
``ВерсияОС`` (Mono's ``Unix 6.18.44.782``), ``ИмяЯдра``, ``ИмяКомпьютера``, ``ПользовательОС``,
``Это64БитнаяОперационнаяСистема``, ``КоличествоПроцессоров``, ``РазмерСистемнойСтраницы``,
``Версия`` (OneScript's: ``1.9.2.0``).  Read only."""

from __future__ import annotations

import os
import platform
import re
from typing import Any

from portinterp.bsl.runtime.objects import NO_FIELD, BslObject, register_type, spellings
from portinterp.errors import ProgramFault

VERSION = "1.9.2.0"  # OneScript's, which this interpreter follows (also ``oscript.exe -v``)


def os_version() -> str:
    """.NET's ``OSVersion.VersionString`` on Mono: the platform and the kernel's numbers."""
    if os.name == "nt":
        return f"Microsoft Windows NT {platform.version()}"
    numbers = re.findall(r"[0-9]+", platform.release())[:4]
    return "Unix " + ".".join(numbers)


def _user() -> str:
    try:
        import getpass

        user = getpass.getuser()
    except (ImportError, KeyError, OSError):
        user = ""
    return f"\\\\{platform.node()}\\{user}"


FIELDS = {
    ("версияос", "osversion"): os_version,
    ("имяядра", "kernelname"): platform.system,
    ("имякомпьютера", "machinename"): platform.node,
    ("пользовательос", "osuser"): _user,
    ("версия", "version"): lambda: VERSION,
    ("это64битнаяоперационнаясистема",): lambda: platform.machine().endswith("64"),
    ("количествопроцессоров",): lambda: os.cpu_count() or 1,
    ("размерсистемнойстраницы",): lambda: os.sysconf("SC_PAGE_SIZE") if hasattr(
        os, "sysconf") else 4096,
    ("типплатформы", "platformtype"): lambda: host().platform_type(),
    ("времяработысмоментазагрузки",): lambda: host().uptime_ms(),
    ("именалогическихдисков", "logicaldrives"): lambda: host().logical_drives(),
}


def host() -> Any:
    from portinterp.bsl.library import host_environment

    return host_environment
_BY_NAME = {name: getter for names, getter in FIELDS.items() for name in names}


class SystemInfo(BslObject):
    __slots__ = ("runtime",)
    type_name = "СистемнаяИнформация"
    spellings = spellings("ПолучитьПутьПапки GetSpecialFolderPath folder",
                          "ПеременныеСреды EnvironmentVariables variables",
                          "ПолучитьПеременнуюСреды GetEnvironmentVariable getvariable",
                          "УстановитьПеременнуюСреды SetEnvironmentVariable setvariable")

    def __init__(self, runtime: Any = None) -> None:
        self.runtime = runtime

    def bsl_folder(self, folder: Any) -> str:
        return host().special_folder(folder)  # type: ignore[no-any-return]

    def bsl_variables(self, target: Any = None) -> Any:
        return host().variables(self.runtime, target)

    def bsl_getvariable(self, name: Any, target: Any = None) -> Any:
        return host().get_variable(self.runtime, name, target)

    def bsl_setvariable(self, name: Any, value: Any, target: Any = None) -> None:
        host().set_variable(self.runtime, name, value, target)

    def property(self, name: str, shown: str) -> Any:
        getter = _BY_NAME.get(name)
        if getter is None:
            raise ProgramFault(NO_FIELD.format(shown))
        return getter()


register_type("СистемнаяИнформация", "SystemInfo", lambda runtime: SystemInfo(runtime))
