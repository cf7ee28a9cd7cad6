"""The runtime's global functions of dates, time zones, XML, URL encoding and finding files
(rows in ``names_globals``): a mixin of :class:`portinterp.bsl.platform.BslRuntime`.

The modules doing the work are imported on first use, so a program without these calls
starts as fast as before.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any

from portinterp.bsl.library.names_globals import ONE_DATE_ROWS
from portinterp.bsl.runtime.formatting import to_string
from portinterp.bsl.runtime.values import BslArray
from portinterp.errors import ProgramFault

ZONE_ARGUMENT = "Неверное значение аргумента номер {}"


def _text(value: Any) -> str:
    return value if type(value) is str else to_string(value)


def _zone(value: Any) -> str | None:
    return None if value is None else _text(value)


class GlobalPrims:
    """Needs ``dialect`` (RuntimeBase)."""

    dialect: str

    def prim_g_commandlinearguments(self) -> Any:
        """``АргументыКоманднойСтроки``: a ФиксированныйМассив of the arguments after the
        script's name — those given to this interpreter's ``oscript.exe``
        (``onescript_command``), else none."""
        from portinterp.bsl.library.collections.fixed import FixedArray
        from portinterp.bsl.library.host_environment import SCRIPT_ARGUMENTS

        return FixedArray(BslArray(list(SCRIPT_ARGUMENTS)))

    def prim_g_backgroundjobs(self) -> Any:
        """``ФоновыеЗадания``: jobs run at once, in this thread (``background_jobs``)."""
        from portinterp.bsl.library.background_jobs import jobs_manager

        return jobs_manager(self)

    def prim_g_console(self) -> Any:
        """``Консоль`` (``console``)."""
        from portinterp.bsl.library.console import console

        return console(self)

    def prim_f_sleep(self, milliseconds: Any) -> None:
        """``Приостановить(Миллисекунды)``: the program waits (the run's time limit holds)."""
        import time

        from portinterp.bsl.runtime.conversions import to_number

        value = to_number(milliseconds)
        if not 0 <= value <= 2**31 - 1:  # Thread.Sleep(int); its -1 (forever) is refused here
            raise ProgramFault("Неверное значение аргумента")
        time.sleep(float(value) / 1000)

    # Processes (processes.py): only where the run's file policy lets it start them.

    def prim_f_createprocess(self, line: Any, *args: Any) -> Any:
        from portinterp.bsl.library.processes import create_process

        return create_process(self, line, *args)

    def prim_f_runapp(self, line: Any, *args: Any) -> None:
        from portinterp.bsl.library.processes import run_application

        run_application(self, line, *args)

    def prim_f_currentprocess(self) -> Any:
        from portinterp.bsl.library.processes import current_process

        return current_process()

    def prim_f_findprocessbyid(self, pid: Any) -> Any:
        from portinterp.bsl.library.processes import process_by_id

        return process_by_id(pid)

    def prim_f_findprocessesbyname(self, name: Any) -> Any:
        from portinterp.bsl.library.processes import processes_by_name

        return processes_by_name(name)

    # Folders (files/folders.py).

    def prim_f_programdirectory(self) -> str:
        from portinterp.bsl.library.files.folders import program_directory

        return program_directory()

    def prim_f_currentdirectory(self) -> str:
        from portinterp.bsl.library.files.folders import current_directory

        return current_directory()

    def prim_f_setcurrentdirectory(self, path: Any) -> None:
        from portinterp.bsl.library.files.folders import set_current_directory

        set_current_directory(path)

    # The host (host_environment.py): the run's own copy of the environment.

    def prim_f_getenvironmentvariable(self, name: Any, target: Any = None) -> Any:
        from portinterp.bsl.library.host_environment import get_variable

        return get_variable(self, name, target)

    def prim_f_setenvironmentvariable(self, name: Any, value: Any, target: Any = None) -> None:
        from portinterp.bsl.library.host_environment import set_variable

        set_variable(self, name, value, target)

    def prim_f_environmentvariables(self, target: Any = None) -> Any:
        from portinterp.bsl.library.host_environment import variables

        return variables(self, target)

    def as_date(self, value: Any) -> datetime:
        from portinterp.bsl.runtime.dates import as_date

        return as_date(value, self.dialect)

    # ---- dates -----------------------------------------------------------------------

    def prim_f_addmonth(self, date: Any, count: Any) -> datetime:
        from portinterp.bsl.runtime.dates import add_month

        return add_month(self.as_date(date), count)

    def prim_f_currentuniversaldate(self) -> datetime:
        from portinterp.bsl.runtime.dates import utc_now

        return utc_now()

    def prim_f_currentuniversaldateinmilliseconds(self) -> int:
        from portinterp.bsl.runtime.dates import utc_milliseconds

        return utc_milliseconds()

    # ---- time zones ------------------------------------------------------------------

    def prim_f_timezone(self) -> str:
        from portinterp.bsl.library.timezones import local_zone_name

        return local_zone_name()

    def prim_f_getavailabletimezones(self) -> BslArray:
        from portinterp.bsl.library.timezones import available_zones

        return BslArray(available_zones())

    def prim_f_timezonepresentation(self, zone: Any) -> str:
        from portinterp.bsl.library.timezones import presentation

        return _zone_call(presentation, 1, _text(zone))

    def prim_f_touniversaltime(self, date: Any, zone: Any = None) -> datetime:
        from portinterp.bsl.library.timezones import to_universal

        return _zone_call(to_universal, 2, self.as_date(date), _zone(zone), self.dialect)

    def prim_f_tolocaltime(self, date: Any, zone: Any = None) -> datetime:
        from portinterp.bsl.library.timezones import to_local

        return _zone_call(to_local, 2, self.as_date(date), _zone(zone), self.dialect)

    def prim_f_standardtimeoffset(self, zone: Any = None, date: Any = None) -> int:
        from portinterp.bsl.library.timezones import standard_offset

        if date is not None:
            self.as_date(date)
        return _zone_call(standard_offset, 1, _zone(zone))

    # ---- XML and URLs ----------------------------------------------------------------

    def prim_f_xmlstring(self, value: Any) -> str:
        from portinterp.bsl.library.xml_values import xml_string

        return xml_string(value)

    def prim_f_xmlvalue(self, given: Any, text: Any) -> Any:
        from portinterp.bsl.library.xml_values import xml_value

        return xml_value(given, _text(text))

    def prim_f_encodestring(self, text: Any, method: Any, encoding: Any = None) -> str:
        from portinterp.bsl.library.url_encoding import encode

        return encode(_text(text), method, encoding)

    def prim_f_decodestring(self, text: Any, method: Any, encoding: Any = None) -> str:
        from portinterp.bsl.library.url_encoding import decode

        return decode(_text(text), method, encoding)

    # ---- files (read only) -----------------------------------------------------------

    def prim_f_entryscript(self) -> Any:
        """``СтартовыйСценарий()``: the program that was started (the outermost module
        running), whichever script calls it."""
        import sys

        from portinterp.bsl.library.scripts import TAG, ScriptInfo, calling_module

        frame, outermost = sys._getframe(1), None
        while frame is not None:
            if TAG.match(str(frame.f_globals.get("__name__", ""))):
                outermost = frame
            frame = frame.f_back  # type: ignore[assignment]
        return ScriptInfo(calling_module(outermost))

    def prim_f_getallfilesmask(self) -> str:
        from portinterp.bsl.library.files.file_search import all_files_mask

        return all_files_mask()

    def prim_f_getpathseparator(self) -> str:
        import os

        return os.sep

    def prim_f_findfiles(self, folder: Any, mask: Any = None, recursive: Any = None) -> Any:
        from portinterp.bsl.library.files.file_search import find_files

        return find_files(_text(folder), None if mask is None else _text(mask), recursive)


def _zone_call(function: Callable[..., Any], argument: int, *args: Any) -> Any:
    """A zone function; a zone that does not exist is OneScript's error for that argument."""
    from portinterp.bsl.library.timezones import ZoneNotFound

    try:
        return function(*args)
    except ZoneNotFound:
        raise ProgramFault(ZONE_ARGUMENT.format(argument)) from None


def _one_date(canonical: str) -> Callable[[GlobalPrims, Any], Any]:
    def prim(self: GlobalPrims, value: Any) -> Any:
        from portinterp.bsl.runtime.dates import ONE_DATE

        return ONE_DATE[canonical](self.as_date(value))
    prim.__name__ = f"prim_f_{canonical}"
    return prim


for _russian, _english, _canonical in ONE_DATE_ROWS:
    setattr(GlobalPrims, f"prim_f_{_canonical}", _one_date(_canonical))
