"""KuMir 2's file module («Файлы», preloaded; kumir2-libs/stdlib/kfiles.cpp and the VM's
``do_filescall``): the type ``файл``, opening, closing, ``ввод``/``вывод`` of a file, and
the functions on names of files and folders — every access through the run's file policy
(``portinterp.file_policy``).

A ``файл`` is a key: the file's full path (two keys are equal when their paths are, as in
KuMir 2).  A name is made full KuMir's way: the working folder, ``/`` and the name unless
it starts with ``/``, then ``.`` and ``..`` removed (``полный путь``).  KuMir's words for
each failure: «Файл не существует: <full path>», «Файл уже открыт: …», «Неверный ключ»
(``закрыть`` of a key not open), «Файл с таким ключем не открыт» / «… открыт на запись» /
«… открыт на чтение» (``ввод``/``вывод`` of one), «Нет значения у ключа файла» (``ввод`` of a
key never given a value).  A path the policy refuses is «Нет доступа к файлу: <full path>»
(the embedded interpreter's words: KuMir has no confinement).  Files still open when the
program ends are closed (kumir2-run says nothing of them).
"""

from __future__ import annotations

import io
import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from portinterp import file_policy
from portinterp.errors import ProgramFault
from portinterp.kumir.runtime.file_streams import ENCODINGS, READING, WRITING, OpenFile
from portinterp.kumir.runtime.inputs import InputReader

REFUSED = "Нет доступа к файлу"
NOT_OPEN = "Файл с таким ключем не открыт"
BAD_KEY = "Неверный ключ"
NO_KEY = "Нет значения у ключа файла"


class FileKey:
    """A value of type ``файл``: the full path of the file it opened ("" for the
    ``консоль``)."""

    __slots__ = ("console", "path")

    def __init__(self, path: str, console: bool = False) -> None:
        self.path = path
        self.console = console

    def __eq__(self, other: object) -> bool:
        return isinstance(other, FileKey) and other.path == self.path

    def __hash__(self) -> int:
        return hash(self.path)

    def __repr__(self) -> str:
        return f"FileKey({self.path!r})"

    def __str__(self) -> str:
        """As the first algorithm's result shows it: nothing (``Значение функции = ``)."""
        return ""


def full_path(name: str) -> str:
    """KuMir's getAbsolutePath: the working folder before a relative name, ``.`` and
    ``..`` removed (a ``..`` above the root is dropped), a trailing ``/`` kept."""
    if not name:
        return name
    path = name if name.startswith("/") else os.getcwd() + "/" + name
    parts: list[str] = []
    skip = 0
    for part in reversed(path.split("/")):
        if part in ("", "."):
            continue
        if part == "..":
            skip += 1
        elif skip:
            skip -= 1
        else:
            parts.insert(0, part)
    result = "/" + "/".join(parts)
    return result + "/" if len(name) > 1 and name.endswith("/") and parts else result


class FileFunctions:
    """A mixin of :class:`~portinterp.kumir.runtime.core.KumirRuntime`: the prims of the
    file module.  Needs ``reader`` (the keyboard's input), ``write`` and ``item_text``."""

    reader: InputReader
    write: Callable[[str], None]
    item_text: Callable[[str, Any, tuple[int, ...]], str]
    _program: Any

    @property
    def open_files(self) -> dict[str, OpenFile]:
        files = self.__dict__.get("_open_files")
        if files is None:
            files = self.__dict__["_open_files"] = {}
        return files

    @property
    def file_encoding(self) -> str:
        return self.__dict__.get("_file_encoding", "utf-8")

    @contextmanager
    def running(self) -> Iterator[None]:
        """Around the run: the files left open are closed at its end (flushed)."""
        try:
            yield
        finally:
            for opened in self.open_files.values():
                opened.handle.close()
            self.open_files.clear()

    # -- opening and closing ---------------------------------------------------------

    def _open(self, name: str, mode: str, how: str) -> FileKey:
        path = full_path(name)
        if path in self.open_files:
            raise ProgramFault(f"Файл уже открыт: {path}")
        _allowed(path, write=how != "rb")
        if how == "rb" and os.path.isdir(path):  # C's fopen opens it; nothing to read
            self.open_files[path] = OpenFile(path, mode, io.BytesIO())
            return FileKey(path)
        try:
            # kept open until закрыть, or the run ends; written unbuffered (file_streams)
            handle = open(path, how, buffering=-1 if how == "rb" else 0)
        except FileNotFoundError:
            raise ProgramFault(f"Файл не существует: {path}") from None
        except OSError:
            raise ProgramFault(f"Невозможно открыть файл: {path}") from None
        self.open_files[path] = OpenFile(path, mode, handle)
        return FileKey(path)

    def prim_file_open_read(self, name: str) -> FileKey:
        return self._open(name, READING, "rb")

    def prim_file_open_write(self, name: str) -> FileKey:
        return self._open(name, WRITING, "wb")

    def prim_file_open_append(self, name: str) -> FileKey:
        return self._open(name, WRITING, "ab")

    def _opened(self, key: FileKey | None) -> OpenFile:
        """The open file of ``key`` (a command on a key: «Неверный ключ» if it is not)."""
        if key is None:
            raise ProgramFault("Нет значения у величины")
        opened = self.open_files.get(key.path)
        if opened is None:
            raise ProgramFault(BAD_KEY)
        return opened

    def prim_file_close(self, key: FileKey | None) -> None:
        opened = self._opened(key)
        opened.handle.close()
        del self.open_files[opened.path]

    def prim_file_reset(self, key: FileKey | None) -> None:
        self._opened(key).handle.seek(0)

    def prim_file_at_end(self, key: FileKey | None) -> bool:
        return self._opened(key).at_end()

    def prim_file_has_data(self, key: FileKey | None) -> bool:
        return self._opened(key).has_data()

    def prim_file_set_encoding(self, name: str) -> None:
        word = name.translate(_LOWER).strip(" \t\n\r").replace("-", "", 1)
        if not word:
            self.__dict__["_file_encoding"] = "utf-8"
            return
        if word not in ENCODINGS:
            raise ProgramFault("Неизвестная кодировка")
        self.__dict__["_file_encoding"] = ENCODINGS[word]

    def prim_file_console(self) -> FileKey:
        return FileKey("", console=True)

    # -- ввод and вывод --------------------------------------------------------------

    def _stream(self, key: FileKey | None, mode: str) -> OpenFile | None:
        """The open file ``ввод``/``вывод`` uses (None: the console)."""
        if key is None:
            raise ProgramFault(NO_KEY)
        if key.console:
            return None
        opened = self.open_files.get(key.path)
        if opened is None:
            raise ProgramFault(NOT_OPEN)
        if opened.mode != mode:
            raise ProgramFault(f"Файл с таким ключем открыт на {opened.mode}")
        return opened

    def prim_file_in(self, key: FileKey | None, kind: str) -> Any:
        opened = self._stream(key, READING)
        if opened is None:
            return getattr(self.reader, _READERS[kind])()  # the keyboard's way
        return getattr(opened, _READERS[kind])(self.file_encoding)

    def prim_file_out_items(self, key: FileKey | None, spec: tuple[tuple[str, int], ...],
                            *args: Any) -> None:
        """``вывод ф, …``: every value already computed; a лит, сим or лог is written
        without its width (KuMir 2's writeString, writeChar, writeBool ignore it)."""
        texts, n = [], 0
        for kind, formats in spec:
            if kind == "нс":
                texts.append("\n")
                continue
            value, given = args[n], args[n + 1:n + 1 + formats]
            n += 1 + formats
            texts.append(self.item_text(kind, value, given if kind in ("цел", "вещ") else ()))
        opened = self._stream(key, WRITING)
        if opened is None:
            self.write("".join(texts))
            return
        for text in texts:  # as KuMir writes them: one by one, the first with the mark
            opened.write(text, self.file_encoding)

    # -- names of files and folders --------------------------------------------------

    def prim_file_full_path(self, name: str) -> str:
        return full_path(name)

    def prim_file_working_folder(self) -> str:
        return os.getcwd()

    def prim_file_program_folder(self) -> str:
        """The program's folder (KuMir 2: the .kod's; ``./`` when it has none)."""
        filename = getattr(self._program, "filename", "") or ""
        if filename.startswith("<"):
            return "./"
        return os.path.dirname(os.path.abspath(filename))

    def prim_file_exists(self, name: str) -> bool:
        path = full_path(name)
        return os.path.exists(_allowed(path))

    def prim_file_is_folder(self, name: str) -> bool:
        path = full_path(name)
        return os.path.isdir(_allowed(path))

    def prim_file_can_read(self, name: str) -> bool:
        """Decision: a path the policy refuses cannot be opened: ``нет``, no error."""
        path = full_path(name)
        return _permitted(path, write=False) and os.access(path, os.R_OK)

    def prim_file_can_write(self, name: str) -> bool:
        """A file that may be written, or created in its folder.  (KuMir 2 looks at the
        read bits, and crashes for a file that does not exist.)"""
        path = full_path(name)
        if not _permitted(path, write=True):
            return False
        if os.path.exists(path):
            return os.path.isfile(path) and os.access(path, os.W_OK)
        folder = os.path.dirname(path) or "/"
        return os.path.isdir(folder) and os.access(folder, os.W_OK)

    def prim_file_make_folder(self, name: str) -> bool:
        return _succeeds(os.mkdir, _allowed(full_path(name), write=True))

    def prim_file_delete(self, name: str) -> bool:
        return _succeeds(os.unlink, _allowed(full_path(name), write=True))

    def prim_file_delete_folder(self, name: str) -> bool:
        return _succeeds(os.rmdir, _allowed(full_path(name), write=True))


_READERS = {"цел": "read_int", "вещ": "read_real", "лог": "read_bool", "сим": "read_char",
            "лит": "read_str"}
# KuMir's toLowerCaseW: Latin and А–Я.
_LOWER = {c: c + 0x20 for c in [*range(ord("A"), ord("Z") + 1), *range(0x410, 0x430)]}


def _allowed(path: str, *, write: bool = False) -> str:
    """``path`` if the run's file policy lets the program read (or ``write``) it; else
    the embedded interpreter's «Нет доступа к файлу: <path>»."""
    policy = file_policy.current()
    try:
        return policy.writing(path) if write else policy.reading(path)
    except file_policy.Refused:
        raise ProgramFault(f"{REFUSED}: {path}") from None


def _permitted(path: str, *, write: bool) -> bool:
    try:
        _allowed(path, write=write)
    except ProgramFault:
        return False
    return True


def _succeeds(action: Any, path: str) -> bool:
    """KuMir's answer of a command on a path: ``да`` if it was done."""
    try:
        action(path)
    except OSError:
        return False
    return True
