"""``ЧтениеДанных`` and ``ЗаписьДанных`` of OneScript 1.9.2 (DataReader.cs, DataWriter.cs):
bytes, whole numbers, characters and lines read from or written to a stream (a
``ПотокВПамяти``, a file stream, the stream of ``ДвоичныеДанные``, or a file by name).
Text is UTF-8 unless a ``КодировкаТекста`` or name says otherwise.  Methods OneScript leaves
unimplemented (``ПропуститьДо``, ``ПрочитатьДо``, ``Разделить``…) fail as there."""

from __future__ import annotations

from typing import Any

from portinterp.bsl.library.files.binary_data import BinaryData, BinaryDataBuffer
from portinterp.bsl.library.files.buffer_ops import BIG, LITTLE, byte_order, whole
from portinterp.bsl.library.files.streams import Stream, open_file_stream, read_stream
from portinterp.bsl.library.files.text_encoding import Encoding, decode_sniffing, encoding_of
from portinterp.bsl.runtime.objects import (
    BAD_ARGUMENT,
    NO_FIELD,
    BslObject,
    EnumValue,
    register_type,
    spellings,
)
from portinterp.errors import ProgramFault

NOT_IMPLEMENTED = ("Внешнее исключение (System.NotImplementedException): The method or "
                   "operation is not implemented.")
UTF8 = Encoding("utf-8", b"")


def _encoding(value: Any) -> Encoding:
    return UTF8 if value is None else encoding_of(value, False)


def source_stream(source: Any) -> Stream:
    if type(source) is str:
        return open_file_stream(source, "Открыть", write=False)
    if isinstance(source, BinaryData):
        return read_stream(source.data)
    if isinstance(source, Stream):
        return source
    raise ProgramFault(f"{BAD_ARGUMENT} номер 1")


class DataReader(BslObject):
    __slots__ = ("encoding", "order", "stream", "text_encoding")
    type_name = "ЧтениеДанных"
    spellings = spellings(
        "Закрыть Close close", "ИсходныйПоток SourceStream sourcestream",
        "Пропустить Skip skip", "ПрочитатьБайт ReadByte readbyte",
        "ПрочитатьВБуферДвоичныхДанных ReadIntoBinaryDataBuffer readintobinarydatabuffer",
        "ПрочитатьСимволы ReadChars readchars", "ПрочитатьСтроку ReadLine readline",
        "ПрочитатьЦелое16 ReadInt16 readint16", "ПрочитатьЦелое32 ReadInt32 readint32",
        "ПрочитатьЦелое64 ReadInt64 readint64", "ПропуститьДо SkipTo notimplemented",
        "ПрочитатьДо ReadTo notimplemented", "Разделить Split notimplemented",
        "РазделитьНаЧастиПо SplitInPartsOf notimplemented")

    def __init__(self, stream: Stream, encoding: Any, order: EnumValue) -> None:
        self.stream = stream
        self.text_encoding = "utf-8" if encoding is None else encoding
        self.encoding = _encoding(encoding)
        self.order = order

    def property(self, name: str, shown: str) -> Any:
        if name in ("кодировкатекста", "textencoding"):
            return self.text_encoding
        if name in ("порядокбайтов", "byteorder"):
            return self.order
        if name in ("чтениезавершено", "readcompleted"):
            return self.stream.bsl_currentposition() >= self.stream.bsl_size()
        raise ProgramFault(NO_FIELD.format(shown))

    def property_names(self) -> list[str]:
        return ["КодировкаТекста", "ПорядокБайтов", "ЧтениеЗавершено"]

    def bsl_close(self) -> None:
        self.stream.bsl_close()

    def bsl_sourcestream(self) -> Stream:
        return Stream(self.stream.backing, "Поток", True, self.stream.can_write)

    def bsl_skip(self, count: Any) -> int:
        if (type(count) not in (int,) and not hasattr(count, "as_integer_ratio")) \
                or isinstance(count, bool):
            raise ProgramFault(BAD_ARGUMENT)
        if count < 0 or count != int(count):
            raise ProgramFault("Неверное значение аргумента")
        here, size = self.stream.bsl_currentposition(), self.stream.bsl_size()
        skipped = min(int(count), max(size - here, 0))
        self.stream.backing.seek(here + skipped)
        return skipped

    def bsl_readbyte(self) -> Any:
        chunk = self.stream.read_some(1)
        return chunk[0] if chunk else None

    def _some(self, count: int) -> bytes:
        if count < 0:
            raise ProgramFault("Неверное значение аргумента")
        return self.stream.rest() if count == 0 else self.stream.read_some(count)

    def bsl_readintobinarydatabuffer(self, buffer: Any = None, position: Any = 0,
                                     count: Any = 0) -> Any:
        if buffer is None:
            return BinaryDataBuffer(self._some(0))
        if not isinstance(buffer, BinaryDataBuffer):
            return BinaryDataBuffer(self._some(whole(buffer)))
        chunk = self._some(whole(count))
        begin = whole(position)
        buffer.data[begin:begin + len(chunk)] = chunk
        return buffer

    def bsl_readchars(self, count: Any = 0, encoding: Any = None) -> str:
        if encoding is not None:
            self.encoding = _encoding(encoding)
        here = self.stream.bsl_currentposition()
        text = self.encoding.decode(self.stream.rest())
        wanted = whole(count)
        taken = text if wanted == 0 else text[:wanted]
        self.stream.backing.seek(here + len(self.encoding.encode(taken)))
        return taken

    def bsl_readline(self, encoding: Any = None, separator: Any = "\n") -> str:
        """A StreamReader over the stream: it reads ahead a buffer of 1024 bytes."""
        here = self.stream.bsl_currentposition()
        rest = self.stream.rest()
        self.stream.backing.seek(here + min(len(rest), 1024))
        text = decode_sniffing(rest, Encoding("utf-8", b"\xef\xbb\xbf"))
        mark = separator if type(separator) is str and separator else "\n"
        return text.split(mark, 1)[0]

    def _read_int(self, size: int, order: Any) -> Any:
        chunk = self.stream.read_some(size)
        if len(chunk) < size:
            return None
        big = byte_order(order, self.order) is BIG
        return int.from_bytes(chunk, "big" if big else "little")

    def bsl_readint16(self, order: Any = None) -> Any:
        return self._read_int(2, order)

    def bsl_readint32(self, order: Any = None) -> Any:
        return self._read_int(4, order)

    def bsl_readint64(self, order: Any = None) -> Any:
        return self._read_int(8, order)

    def bsl_notimplemented(self, *args: Any) -> None:
        raise ProgramFault(NOT_IMPLEMENTED)


def _new_reader(runtime: Any, source: Any = None, encoding: Any = None, order: Any = None,
                *ignored: Any) -> DataReader:
    stream = source_stream(source)
    return DataReader(stream, encoding, byte_order(order, LITTLE))


register_type("ЧтениеДанных", "DataReader", _new_reader)
