"""The runtime's global functions of JSON, binary data and files (a mixin of ``BslRuntime``;
``names_media.py`` lists them).  Each imports its module on first use, so a program that
uses none of them starts as fast as before."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from portinterp.bsl.library.names_media import BINARY_FUNCTIONS


class MediaPrims:
    def prim_f_createdirectory(self, path: Any) -> None:
        """``СоздатьКаталог``: with its parents; nothing when it is there."""
        from portinterp.bsl.library.files.file_access import make_directory
        from portinterp.bsl.runtime.formatting import to_string

        make_directory(path if type(path) is str else to_string(path, "onescript"))

    def prim_g_filestreams(self) -> Any:
        """``ФайловыеПотоки``: the manager of file streams."""
        from portinterp.bsl.library.files.streams import FILE_STREAMS

        return FILE_STREAMS

    def prim_f_readjson(self, reader: Any, to_map: Any = False, *ignored: Any) -> Any:
        from portinterp.bsl.library.json.reader import read_json

        return read_json(reader, to_map)

    def prim_f_writejson(self, writer: Any, value: Any, *ignored: Any) -> None:
        from portinterp.bsl.library.json.writer import write_json

        write_json(writer, value)

    def prim_f_readjsondate(self, text: Any, date_format: Any) -> Any:
        from portinterp.bsl.library.json.lexer import read_json_date

        return read_json_date(text, date_format)

    def prim_f_gettempfilename(self, extension: Any = None) -> str:
        from portinterp.bsl.library.files.text_files import temp_file_name

        return temp_file_name(extension)

    def prim_f_tempfilesdir(self) -> str:
        from portinterp.bsl.library.files.text_files import temp_dir

        return temp_dir()

    def prim_f_deletefiles(self, path: Any, mask: Any = None) -> None:
        from portinterp.bsl.library.files.text_files import delete_files

        delete_files(path, mask)

    def prim_f_copyfile(self, source: Any, destination: Any) -> None:
        from portinterp.bsl.library.files.text_writer import copy_file

        copy_file(source, destination)

    def prim_f_movefile(self, source: Any, destination: Any) -> None:
        from portinterp.bsl.library.files.text_writer import move_file

        move_file(source, destination)

    def prim_f_base64string(self, value: Any) -> str:
        from portinterp.bsl.library.files.binary_data import base64_string

        return base64_string(value)

    def prim_f_base64value(self, text: Any) -> Any:
        from portinterp.bsl.library.files.binary_data import base64_value

        return base64_value(text)


def _binary_function(canonical: str) -> Callable[..., Any]:
    def call(self: Any, *args: Any) -> Any:
        from portinterp.bsl.library.files.binary_data import CONVERSIONS

        return CONVERSIONS[canonical](*args)

    call.__name__ = "prim_f_" + canonical
    return call


for _russian, _english, _low, _high in BINARY_FUNCTIONS:
    setattr(MediaPrims, "prim_f_" + _english.lower(), _binary_function(_english.lower()))
