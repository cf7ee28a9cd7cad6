"""``Консоль``'s streams as OneScript 1.9.2 has them (``ConsoleContext.cs``):
``ОткрытьСтандартныйПотокВвода`` (the standard input as a read-only ``Поток``, position not
changeable), ``ОткрытьСтандартныйПотокВывода`` (the standard output as a write-only one),
``УстановитьПотокВывода`` (``Сообщить`` and ``Консоль.Вывести…`` write to the stream given
until the standard output's stream is set again) and the console's encodings
``КодировкаВходногоПотока``/``КодировкаВыходногоПотока`` (``КодировкаТекста.UTF8NoBOM`` by
default, as on Mono; setting one keeps the value — the run's output encoding is
``--encoding``'s, and text written to a redirected stream is written in the output one).
Checked on OneScript 1.9.2 (``tests/bsl/onescript/console_streams.bsl``).

``Сообщить`` of a string is written by a primitive bound into each compiled program's
namespace when it starts (the fast path of ``bsl.runtime.core``); a redirection rebinds it in
every namespace the run has made (``RuntimeBase.namespaces``).
"""

from __future__ import annotations

from typing import Any

from portinterp.bsl.library.files.streams import Stream
from portinterp.bsl.library.files.text_encoding import UTF8_NO_BOM, Encoding, encoding_of
from portinterp.bsl.runtime.objects import NO_FIELD, EnumValue
from portinterp.errors import ProgramFault

DEFAULT_ENCODING = ("КодировкаТекста", "UTF8NoBOM")


class InputBacking:
    """The standard input, read as bytes."""

    def __init__(self, stream: Any) -> None:
        self.stream = stream
        self.closed = False

    def readable(self) -> bool:
        return True

    def writable(self) -> bool:
        return False

    def read(self, count: int = -1) -> bytes:
        binary = getattr(self.stream, "buffer", None)
        if binary is not None:
            return bytes(binary.read(count if count >= 0 else -1) or b"")
        return str(self.stream.read(count if count >= 0 else -1)).encode("utf-8")

    def close(self) -> None:
        self.closed = True


class OutputBacking:
    """The standard output (the run's text stream), written as bytes."""

    def __init__(self, stream: Any, encoding: Encoding = UTF8_NO_BOM) -> None:
        self.stream = stream
        self.encoding = encoding
        self.closed = False

    def readable(self) -> bool:
        return False

    def writable(self) -> bool:
        return True

    def write(self, chunk: bytes) -> int:
        self.stream.write(self.encoding.decode(chunk))
        return len(chunk)

    def close(self) -> None:
        self.closed = True


class ConsoleStream(Stream):
    """A ``Поток`` over the standard input or output: not seekable."""

    __slots__ = ("timeout",)

    def __init__(self, backing: Any, can_read: bool) -> None:
        super().__init__(backing, "Поток", can_read, not can_read)
        self.timeout: Any = 0

    def property(self, name: str, shown: str) -> Any:
        if name in ("доступноизменениепозиции", "canseek"):
            return False
        if name in ("таймаутчтения", "readtimeout"):
            return self.timeout
        return super().property(name, shown)

    def set_property(self, name: str, shown: str, value: Any) -> None:
        if name in ("таймаутчтения", "readtimeout"):
            self.timeout = value  # the input is read to its end whatever the timeout
            return
        super().set_property(name, shown, value)


class StreamWriter:
    """What ``Сообщить`` writes to while the output is redirected to a ``Поток``."""

    def __init__(self, target: Stream, encoding: Encoding) -> None:
        self.target, self.encoding = target, encoding

    def write(self, text: str) -> int:
        self.target._check()
        self.target._file_call(self.target.backing.write, self.encoding.encode(text))
        return len(text)

    def flush(self) -> None:
        """Each write goes to the stream at once."""


def open_input(runtime: Any) -> ConsoleStream:
    return ConsoleStream(InputBacking(runtime.stdin), True)


def open_output(console: Any) -> ConsoleStream:
    return ConsoleStream(OutputBacking(console.original), False)


def set_output(console: Any, stream: Any) -> None:
    """``УстановитьПотокВывода(Поток)``: the program's output goes to ``stream``."""
    if not isinstance(stream, Stream):
        raise ProgramFault("Неверный тип аргумента")
    runtime = console.runtime
    if isinstance(stream.backing, OutputBacking) and stream.backing.stream is console.original:
        writer: Any = console.original
    else:
        writer = StreamWriter(stream, encoding_of(console.encodings[1], False))
    flush = getattr(runtime.stdout, "flush", None)
    if flush is not None:
        flush()
    runtime.stdout = writer
    runtime.prim_write_text = writer.write
    for namespace in runtime.__dict__.get("namespaces", []):
        if "P_write_text" in namespace:
            namespace["P_write_text"] = writer.write


def encoding_property(console: Any, name: str, shown: str, value: Any = None,
                      setting: bool = False) -> Any:
    """``КодировкаВходногоПотока`` (0) and ``КодировкаВыходногоПотока`` (1)."""
    which = {"кодировкавходногопотока": 0, "inputencoding": 0,
             "кодировкавыходногопотока": 1, "outputencoding": 1}.get(name)
    if which is None:
        raise ProgramFault(NO_FIELD.format(shown))
    if not setting:
        return console.encodings[which]
    encoding_of(value)  # a name or a КодировкаТекста, else 1C's error
    console.encodings[which] = value
    return None


def default_encodings() -> list[Any]:
    return [EnumValue(*DEFAULT_ENCODING), EnumValue(*DEFAULT_ENCODING)]
