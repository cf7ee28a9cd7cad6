"""The bytes behind a ``ПотокВПамяти``, as .NET's ``MemoryStream`` keeps them: growing as it
is written, or fixed to a ``БуферДвоичныхДанных`` it writes through (then not expandable).
It offers what ``streams.Stream`` asks of a Python binary file."""

from __future__ import annotations

from portinterp.errors import ProgramFault

CLOSED = "Внешнее исключение (System.ObjectDisposedException): Cannot access a closed Stream."
NOT_EXPANDABLE = ("Внешнее исключение (System.NotSupportedException): Memory stream is not "
                  "expandable.")
BEFORE_BEGIN = ("Внешнее исключение (System.IO.IOException): An attempt was made to move the "
                "position before the beginning of the stream.")


MAX_SIZE = 2**27  # the interpreter's limit, as for a БуферДвоичныхДанных: 128 MiB


def _grow(data: bytearray, size: int) -> None:
    if size > MAX_SIZE:
        raise ProgramFault("Недостаточно памяти")
    data.extend(bytes(size - len(data)))


class MemoryBacking:
    """``read``/``write``/``seek``/``tell``/``truncate``/``close`` over a ``bytearray``."""

    def __init__(self, data: bytearray | None = None, expandable: bool = True) -> None:
        self.data = bytearray() if data is None else data
        self.position = 0
        self.expandable = expandable
        self.closed = False

    def check(self) -> None:
        if self.closed:
            raise ProgramFault(CLOSED)

    def readable(self) -> bool:
        return not self.closed

    def writable(self) -> bool:
        return not self.closed

    def read(self, count: int) -> bytes:
        self.check()
        end = len(self.data) if count < 0 else self.position + count
        chunk = bytes(self.data[self.position:end])
        self.position += len(chunk)
        return chunk

    def write(self, chunk: bytes) -> int:
        self.check()
        end = self.position + len(chunk)
        if end > len(self.data):
            if not self.expandable:
                raise ProgramFault(NOT_EXPANDABLE)
            _grow(self.data, end)
        self.data[self.position:end] = chunk
        self.position = end
        return len(chunk)

    def seek(self, offset: int, whence: int = 0) -> int:
        self.check()
        target = offset + (0, self.position, len(self.data))[whence]
        if target < 0:
            raise ProgramFault(BEFORE_BEGIN)
        self.position = target
        return target

    def tell(self) -> int:
        self.check()
        return self.position

    def size(self) -> int:
        self.check()
        return len(self.data)

    def truncate(self, size: int) -> None:
        self.check()
        if size > len(self.data):
            if not self.expandable:
                raise ProgramFault(NOT_EXPANDABLE)
            _grow(self.data, size)
        elif self.expandable:
            del self.data[max(size, 0):]
        self.position = min(self.position, size)

    def flush(self) -> None:
        return None

    def close(self) -> None:
        self.closed = True
