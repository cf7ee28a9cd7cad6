"""``ЗаписьДанных`` of OneScript 1.9.2 (DataWriter.cs): binary data, bytes, whole numbers,
characters and lines written to a stream or a file; ``Закрыть`` of a writer made on a stream
leaves the stream open (BinaryWriter's ``leaveOpen``)."""

from __future__ import annotations

from typing import Any

from portinterp.bsl.library.files.binary_data import BinaryData, BinaryDataBuffer
from portinterp.bsl.library.files.buffer_ops import BIG, LITTLE, byte_order, whole
from portinterp.bsl.library.files.data_reader import _encoding
from portinterp.bsl.library.files.streams import Stream, open_file_stream
from portinterp.bsl.runtime.formatting import to_string
from portinterp.bsl.runtime.objects import (
    BAD_ARGUMENT,
    NO_FIELD,
    BslObject,
    EnumValue,
    register_type,
    spellings,
)
from portinterp.errors import ProgramFault


class DataWriter(BslObject):
    __slots__ = ("encoding", "line_separator", "order", "owns", "stream", "text_encoding")
    type_name = "ЗаписьДанных"
    spellings = spellings(
        "Закрыть Close close", "Записать Write write", "ЗаписатьБайт WriteByte writebyte",
        "ЗаписатьБуферДвоичныхДанных WriteBinaryDataBuffer writebinarydatabuffer",
        "ЗаписатьСимволы WriteChars writechars", "ЗаписатьСтроку WriteLine writeline",
        "ЗаписатьЦелое16 WriteInt16 writeint16", "ЗаписатьЦелое32 WriteInt32 writeint32",
        "ЗаписатьЦелое64 WriteInt64 writeint64", "СброситьБуферы Flush flush",
        "ЦелевойПоток TargetStream targetstream")

    def __init__(self, stream: Stream, owns: bool, encoding: Any, order: EnumValue,
                 line_separator: str) -> None:
        self.stream = stream
        self.owns = owns
        self.text_encoding = "utf-8" if encoding is None else encoding
        self.encoding = _encoding(encoding)
        self.order = order
        self.line_separator = line_separator

    def property(self, name: str, shown: str) -> Any:
        if name in ("кодировкатекста", "textencoding"):
            return self.text_encoding
        if name in ("порядокбайтов", "byteorder"):
            return self.order
        if name in ("разделительстрок", "linesplitter"):
            return self.line_separator
        raise ProgramFault(NO_FIELD.format(shown))

    def property_names(self) -> list[str]:
        return ["КодировкаТекста", "ПорядокБайтов", "РазделительСтрок"]

    def _put(self, data: bytes) -> None:
        self.stream._check()
        self.stream._file_call(self.stream.backing.write, data)

    def bsl_close(self) -> None:
        if self.owns:
            self.stream.bsl_close()

    def bsl_flush(self) -> None:
        self.stream.bsl_flush()

    def bsl_targetstream(self) -> Stream:
        return Stream(self.stream.backing, "Поток", self.stream.can_read, True)

    def bsl_write(self, data: Any) -> None:
        if not isinstance(data, BinaryData):
            raise ProgramFault(BAD_ARGUMENT)
        self._put(data.data)

    def bsl_writebyte(self, number: Any) -> None:
        value = whole(number)
        if not 0 <= value <= 255:
            raise ProgramFault("Неверное значение аргумента")
        self._put(bytes([value]))

    def bsl_writebinarydatabuffer(self, buffer: Any, position: Any = 0, count: Any = 0) -> None:
        if not isinstance(buffer, BinaryDataBuffer):
            raise ProgramFault(BAD_ARGUMENT)
        begin, size = whole(position), whole(count)
        data = bytes(buffer.data)
        self._put(data if begin == 0 and size == 0 else data[begin:begin + size])

    def _text(self, line: Any, encoding: Any) -> bytes:
        text = line if type(line) is str else to_string(line, "onescript")
        return (self.encoding if encoding is None else _encoding(encoding)).encode(text)

    def bsl_writechars(self, line: Any, encoding: Any = None) -> None:
        self._put(self._text(line, encoding))

    def bsl_writeline(self, line: Any, encoding: Any = None, separator: Any = None) -> None:
        mark = self.line_separator if separator is None else to_string(separator, "onescript")
        self._put(self._text(line, encoding) + self.encoding.encode(mark))

    def _write_int(self, number: Any, order: Any, size: int) -> None:
        value = whole(number) if size < 8 else int(number)
        big = byte_order(order, self.order) is BIG
        try:
            raw = value.to_bytes(size, "big" if big else "little")
        except OverflowError:
            raise ProgramFault("Неверное значение аргумента") from None
        self._put(raw)

    def bsl_writeint16(self, number: Any, order: Any = None) -> None:
        self._write_int(number, order, 2)

    def bsl_writeint32(self, number: Any, order: Any = None) -> None:
        self._write_int(number, order, 4)

    def bsl_writeint64(self, number: Any, order: Any = None) -> None:
        self._write_int(number, order, 8)


def _new_writer(runtime: Any, target: Any = None, encoding: Any = None, order: Any = None,
                separator: Any = None, fifth: Any = None, *ignored: Any) -> DataWriter:
    line = "\r\n" if separator is None else to_string(separator, "onescript")
    chosen = byte_order(order, LITTLE)
    if type(target) is str:
        mode = "Дописать" if fifth is True else "ОткрытьИлиСоздать"
        stream = open_file_stream(target, mode, read=False)
        return DataWriter(stream, True, encoding, chosen, line)
    if not isinstance(target, Stream):
        if not isinstance(target, BslObject):
            raise ProgramFault("Значение не является значением объектного типа")
        raise ProgramFault(f"{BAD_ARGUMENT} 'stream'")
    return DataWriter(target, False, encoding, chosen, line)


register_type("ЗаписьДанных", "DataWriter", _new_writer)
