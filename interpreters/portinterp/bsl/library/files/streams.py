"""The streams of OneScript 1.9.2 (GenericStream.cs, MemoryStreamContext.cs,
FileStreamContext.cs, FileStreamsManager.cs): ``ПотокВПамяти``, ``ФайловыйПоток``, the
``Поток`` of ``ОткрытьПотокДляЧтения``/``ПолучитьПотокТолькоДляЧтения``, and the global
``ФайловыеПотоки``.  A file stream is a Python file opened by ``file_access.open_stream``
(unbuffered); a memory stream a ``memory_backing.MemoryBacking``.

OneScript's own behaviour kept: ``ФайловыйПоток(Имя, Режим, Доступ)`` and
``ФайловыеПотоки.Открыть(Имя, Режим, Доступ)`` fail (its constructor takes the access for
the buffer size: «Specified cast is not valid»); ``Дописать`` with read access is .NET's
«Append access can be requested only in write-only mode», so ``ОткрытьДляДописывания``
always fails; a read-only stream still writes (its ``Записать`` does not check)."""

from __future__ import annotations

import os
from typing import Any

from portinterp.bsl.library.files import binary_data
from portinterp.bsl.library.files.binary_data import BinaryData, BinaryDataBuffer
from portinterp.bsl.library.files.buffer_ops import whole
from portinterp.bsl.library.files.file_access import open_stream
from portinterp.bsl.library.files.memory_backing import MemoryBacking
from portinterp.bsl.runtime.objects import (
    BAD_ARGUMENT,
    NO_FIELD,
    BslObject,
    EnumValue,
    register_type,
    spellings,
)
from portinterp.errors import ProgramFault

FILE_CLOSED = ("Внешнее исключение (System.ObjectDisposedException): Cannot access a disposed "
               "object.\nObject name: 'Stream has been closed'.")
NO_TIMEOUTS = ("Внешнее исключение (System.InvalidOperationException): Timeouts are not "
               "supported on this stream.")
OUT_OF_BOUNDS = ("Внешнее исключение (System.ArgumentException): Offset and length were out of "
                 "bounds for the array or count is greater than the number of elements from "
                 "index to the end of the source collection.")
CANNOT_READ = "Внешнее исключение (System.NotSupportedException): Stream does not support reading"
CANNOT_WRITE = "Внешнее исключение (System.NotSupportedException): Stream does not support writing"
APPEND_READ = ("Внешнее исключение (System.ArgumentException): Append access can be requested "
               "only in write-only mode.")
BAD_CAST = "Внешнее исключение (System.InvalidCastException): Specified cast is not valid."
NOT_OBJECT = "Значение не является значением объектного типа"
BEFORE_BEGIN = ("Внешнее исключение (System.IO.IOException): An attempt was made to move the "
                "position before the beginning of the stream.")
# РежимОткрытияФайла -> the flags of os.open
OPEN_FLAGS = {
    "Дописать": os.O_CREAT | os.O_APPEND, "Обрезать": os.O_TRUNC, "Открыть": 0,
    "ОткрытьИлиСоздать": os.O_CREAT, "Создать": os.O_CREAT | os.O_TRUNC,
    "СоздатьНовый": os.O_CREAT | os.O_EXCL,
}


class Stream(BslObject):
    """A stream over ``backing`` (a Python binary file or a ``MemoryBacking``)."""

    __slots__ = ("backing", "can_read", "can_write", "file_name", "kind")
    spellings = spellings(
        "Закрыть Close close", "Записать Write write", "КопироватьВ CopyTo copyto",
        "Перейти Seek seek", "ПолучитьПотокТолькоДляЧтения GetReadonlyStream getreadonlystream",
        "Прочитать Read read", "Размер Size size", "СброситьБуферы Flush flush",
        "ТекущаяПозиция CurrentPosition currentposition", "УстановитьРазмер SetSize setsize",
        "ЗакрытьИПолучитьДвоичныеДанные CloseAndGetBinaryData closeandgetbinarydata")

    def __init__(self, backing: Any, kind: str, can_read: bool = True,
                 can_write: bool = True, file_name: str = "") -> None:
        self.backing = backing
        self.kind = kind
        self.can_read = can_read
        self.can_write = can_write
        self.file_name = file_name

    @property  # type: ignore[override]
    def type_name(self) -> str:
        return self.kind

    def presentation(self) -> str:
        return self.kind

    # ---- the state ----------------------------------------------------------------------

    def _check(self) -> None:
        if isinstance(self.backing, MemoryBacking):
            self.backing.check()
        elif self.backing.closed:
            raise ProgramFault(FILE_CLOSED)

    def property(self, name: str, shown: str) -> Any:
        if name in ("доступназапись", "canwrite"):
            return self.can_write and not self.backing.closed
        if name in ("доступноизменениепозиции", "canseek"):
            return not self.backing.closed
        if name in ("доступночтение", "canread"):
            return self.can_read and not self.backing.closed
        if name in ("доступентаймаут", "cantimeout"):
            return False
        if name in ("таймаутчтения", "readtimeout", "таймаутзаписи", "writetimeout"):
            raise ProgramFault(NO_TIMEOUTS)
        if name == "имяфайла" and self.kind == "ФайловыйПоток":
            return self.file_name
        raise ProgramFault(NO_FIELD.format(shown))

    def set_property(self, name: str, shown: str, value: Any) -> None:
        """Every property is read-only; writing back the value it has (a by-reference
        argument ``Проверить(Поток.ДоступноЧтение)`` after the call) changes nothing."""
        current = self.property(name, shown)
        if value is not current and value != current:
            raise ProgramFault(f"Свойство {shown} недоступно для записи")

    def property_names(self) -> list[str]:
        names = ["ДоступнаЗапись", "ДоступноИзменениеПозиции", "ДоступноЧтение",
                 "ДоступенТаймаут", "ТаймаутЧтения", "ТаймаутЗаписи"]
        return names + (["ИмяФайла"] if self.kind == "ФайловыйПоток" else [])

    # ---- the methods ---------------------------------------------------------------------

    def bsl_close(self) -> None:
        self.backing.close()

    def bsl_write(self, buffer: Any, position: Any, count: Any) -> None:
        source = _buffer(buffer)
        source.check_writable()
        begin, size = whole(position), whole(count)
        if begin < 0 or size < 0 or begin + size > len(source.data):
            raise ProgramFault(OUT_OF_BOUNDS)
        self._check()
        if not self.can_write and not isinstance(self.backing, MemoryBacking) \
                and not self.backing.writable():
            raise ProgramFault(CANNOT_WRITE)
        self._file_call(self.backing.write, bytes(source.data[begin:begin + size]))

    def bsl_read(self, buffer: Any, position: Any, count: Any) -> int:
        target = _buffer(buffer)
        begin, size = whole(position), whole(count)
        if begin < 0 or size < 0 or begin + size > len(target.data):
            raise ProgramFault(OUT_OF_BOUNDS)
        self._check()
        if not self.backing.readable():
            raise ProgramFault(CANNOT_READ)
        chunk = self._file_call(self.backing.read, size) or b""
        target.data[begin:begin + len(chunk)] = chunk
        return len(chunk)

    def bsl_copyto(self, target: Any, buffer_size: Any = 0) -> None:
        if not isinstance(target, Stream):
            raise ProgramFault(NOT_OBJECT if not isinstance(target, BslObject) else BAD_ARGUMENT)
        self._check()
        rest = self._file_call(self.backing.read, -1)
        target._check()
        target._file_call(target.backing.write, rest or b"")

    def bsl_seek(self, offset: Any, origin: Any = None) -> int:
        self._check()
        whence = {"Конец": 2, "Текущая": 1}.get(origin.name, 0) \
            if isinstance(origin, EnumValue) else 0
        if isinstance(self.backing, MemoryBacking):
            return self.backing.seek(whole(offset), whence)
        base = (0, self.backing.tell(), self.bsl_size())[whence]
        if base + whole(offset) < 0:
            raise ProgramFault(BEFORE_BEGIN)
        return int(self._file_call(self.backing.seek, whole(offset), whence))

    def bsl_getreadonlystream(self) -> Stream:
        return Stream(self.backing, "Поток", self.can_read, False, self.file_name)

    def bsl_size(self) -> int:
        self._check()
        if isinstance(self.backing, MemoryBacking):
            return self.backing.size()
        return int(self._file_call(os.fstat, self.backing.fileno()).st_size)

    def bsl_flush(self) -> None:
        self._check()

    def bsl_currentposition(self) -> int:
        self._check()
        return int(self.backing.tell())

    def bsl_setsize(self, size: Any) -> None:
        self._check()
        self._file_call(self.backing.truncate, whole(size))

    def bsl_closeandgetbinarydata(self) -> BinaryData:
        if self.kind != "ПотокВПамяти":
            raise ProgramFault("Метод объекта не обнаружен (ЗакрытьИПолучитьДвоичныеДанные)")
        self._check()
        data = bytes(self.backing.data)
        self.backing.close()
        return BinaryData(data)

    def _file_call(self, function: Any, *args: Any) -> Any:
        try:
            return function(*args)
        except OSError as error:
            raise ProgramFault(f"Внешнее исключение (System.IO.IOException): "
                               f"{error.strerror or error}") from None

    def rest(self) -> bytes:
        """What is left to read (``ЧтениеТекста``, ``ЧтениеДанных``, ``ХешированиеДанных``)."""
        self._check()
        return bytes(self._file_call(self.backing.read, -1) or b"")

    def read_some(self, count: int) -> bytes:
        self._check()
        return bytes(self._file_call(self.backing.read, count) or b"")


def _buffer(value: Any) -> BinaryDataBuffer:
    if not isinstance(value, BinaryDataBuffer):
        raise ProgramFault(BAD_ARGUMENT)
    return value


def read_stream(data: bytes) -> Stream:
    """``ДвоичныеДанные.ОткрытьПотокДляЧтения()``."""
    return Stream(MemoryBacking(bytearray(data), expandable=False), "Поток", True, False)


binary_data.stream_opener = read_stream


def _text(value: Any) -> str:
    if type(value) is not str:
        raise ProgramFault(BAD_ARGUMENT)
    return value


def _mode(value: Any) -> str:
    if not isinstance(value, EnumValue) or value.enum != "РежимОткрытияФайла":
        raise ProgramFault(BAD_ARGUMENT)
    return value.name


def open_file_stream(path: Any, mode: str, read: bool = True, write: bool = True) -> Stream:
    name = _text(path)
    if mode == "Дописать" and read:
        raise ProgramFault(APPEND_READ)
    backing = open_stream(name, OPEN_FLAGS[mode], read, write)
    return Stream(backing, "ФайловыйПоток", read, write, name)


def _new_file_stream(runtime: Any, path: Any = None, mode: Any = None,
                     buffer_size: Any = None, fourth: Any = None) -> Stream:
    if buffer_size is not None and type(buffer_size) is not int:
        raise ProgramFault(BAD_CAST)
    return open_file_stream(path, _mode(mode))


def _new_memory_stream(runtime: Any, source: Any = None) -> Stream:
    if source is None or type(source) is int:
        return Stream(MemoryBacking(), "ПотокВПамяти")
    if isinstance(source, BinaryDataBuffer):
        return Stream(MemoryBacking(source.data, expandable=False), "ПотокВПамяти",
                      True, not source.read_only)
    if not isinstance(source, BslObject):
        raise ProgramFault(NOT_OBJECT)
    raise ProgramFault(BAD_ARGUMENT)


class FileStreams(BslObject):
    """The global ``ФайловыеПотоки`` (МенеджерФайловыхПотоков)."""

    __slots__ = ()
    type_name = "МенеджерФайловыхПотоков"
    spellings = spellings(
        "Открыть Open open", "ОткрытьДляДописывания OpenForAppend openforappend",
        "ОткрытьДляЗаписи OpenForWrite openforwrite",
        "ОткрытьДляЧтения OpenForRead openforread", "Создать Create create",
        "СоздатьВременныйФайл CreateTempFile createtempfile")

    def bsl_open(self, path: Any, mode: Any, access: Any = None, size: Any = None) -> Stream:
        return _new_file_stream(None, path, mode, access, size)

    def bsl_openforappend(self, path: Any) -> Stream:
        return open_file_stream(path, "Дописать")

    def bsl_openforwrite(self, path: Any) -> Stream:
        return open_file_stream(path, "ОткрытьИлиСоздать", read=False)

    def bsl_openforread(self, path: Any) -> Stream:
        return open_file_stream(path, "Открыть", write=False)

    def bsl_create(self, path: Any, size: Any = 0) -> Stream:
        return open_file_stream(path, "ОткрытьИлиСоздать")

    def bsl_createtempfile(self, *args: Any) -> Stream:
        raise ProgramFault("Внешнее исключение (System.NotImplementedException): The method or "
                           "operation is not implemented.")


FILE_STREAMS = FileStreams()

register_type("ПотокВПамяти", "MemoryStream", _new_memory_stream)
register_type("ФайловыйПоток", "FileStream", _new_file_stream)
register_type("Поток", "Stream")
register_type("МенеджерФайловыхПотоков", "FileStreamsManager")
