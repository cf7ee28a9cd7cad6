"""``ПараметрыЗаписиXML`` (XmlWriterSettingsImpl.cs) and the names .NET's encodings give
themselves in an XML declaration (``Encoding.WebName``)."""

from __future__ import annotations

from typing import Any

from portinterp.bsl.runtime.objects import BAD_ARGUMENT, NO_FIELD, BslObject, register_type
from portinterp.errors import ProgramFault

# Python's codec -> .NET's WebName
WEB_NAMES = {"cp1251": "windows-1251", "cp1252": "Windows-1252", "cp866": "cp866",
             "utf-16-le": "utf-16", "utf-16-be": "utf-16BE", "utf-32-le": "utf-32",
             "utf-32-be": "utf-32BE", "iso8859-1": "iso-8859-1", "latin-1": "iso-8859-1",
             "koi8-r": "koi8-r", "ascii": "us-ascii"}


def web_name(codec: str) -> str:
    return WEB_NAMES.get(codec, codec)


FIELDS = {"кодировка": "encoding", "encoding": "encoding", "версия": "version",
          "version": "version", "отступ": "indent", "indent": "indent",
          "отступатрибутов": "indent_attributes", "indentattributes": "indent_attributes",
          "символыотступа": "indent_chars", "indentchars": "indent_chars"}


class WriterSettings(BslObject):
    __slots__ = ("encoding", "indent", "indent_attributes", "indent_chars", "version")
    type_name = "ПараметрыЗаписиXML"

    def __init__(self, encoding: str = "UTF-8", version: str = "1.0", indent: bool = True,
                 indent_attributes: bool = False, indent_chars: str = "\t") -> None:
        self.encoding = encoding
        self.version = version
        self.indent = indent
        self.indent_attributes = indent_attributes
        self.indent_chars = indent_chars

    def property(self, name: str, shown: str) -> Any:
        field = FIELDS.get(name)
        if field is None:
            raise ProgramFault(NO_FIELD.format(shown))
        return getattr(self, field)

    def property_names(self) -> list[str]:
        return ["Кодировка", "Версия", "Отступ", "ОтступАтрибутов", "СимволыОтступа"]


def text_argument(value: Any, default: str) -> str:
    if value is None:
        return default
    from portinterp.bsl.runtime.formatting import to_string

    return value if type(value) is str else to_string(value, "onescript")


def _flag(value: Any, default: bool) -> bool:
    if value is None:
        return default
    if type(value) is not bool:
        raise ProgramFault(BAD_ARGUMENT)
    return value


def _new_writer_settings(runtime: Any, encoding: Any = None, version: Any = None,
                         indent: Any = None, indent_attributes: Any = None,
                         indent_chars: Any = None) -> WriterSettings:
    return WriterSettings(text_argument(encoding, "UTF-8"), text_argument(version, "1.0"),
                          _flag(indent, True), _flag(indent_attributes, False),
                          text_argument(indent_chars, "\t"))


register_type("ПараметрыЗаписиXML", "XMLWriterSettings", _new_writer_settings)
