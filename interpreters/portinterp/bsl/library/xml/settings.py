"""``ПараметрыЧтенияXML`` (XmlReaderSettingsImpl.cs) and ``КонтекстПространствИменXML``
(XmlNamespaceContext.cs) of OneScript 1.9.2.

The script's constructor and the settings a ``ЧтениеXML`` makes for itself differ, as in
OneScript: comments are ignored and CDATA read as text only in the latter."""

from __future__ import annotations

from typing import Any

from portinterp.bsl.library.names_globals import XML_SPACE, XML_VALIDATION
from portinterp.bsl.runtime.objects import (
    BAD_ARGUMENT,
    NO_FIELD,
    BslObject,
    EnumValue,
    register_type,
    spellings,
)
from portinterp.bsl.runtime.values import BslArray, BslMap
from portinterp.errors import ProgramFault

SPACE = XML_SPACE["пробельныесимволыxml"]
VALIDATION = XML_VALIDATION["типпроверкиxml"]

# property spellings (lower case) -> attribute
READER_SETTINGS = {
    "версия": "version", "version": "version", "язык": "language", "language": "language",
    "пробельныесимволы": "space", "space": "space",
    "типпроверкиправильности": "validation", "validationtype": "validation",
    "игнорироватьобъявлениеxml": "ignore_declaration",
    "ignorexmldeclaration": "ignore_declaration",
    "игнорироватьтипдокумента": "ignore_doctype", "ignoredocumenttype": "ignore_doctype",
    "игнорироватьинструкцииобработки": "ignore_instructions",
    "ignoredataprocessorinstructions": "ignore_instructions",
    "игнорироватькомментарии": "ignore_comments", "ignorecomments": "ignore_comments",
    "игнорироватьпробельныесимволы": "ignore_whitespace",
    "ignorewhitespace": "ignore_whitespace",
    "секцииcdataкактекст": "cdata_as_text", "cdatasectionastext": "cdata_as_text",
    "использоватьигнорируемыепробельныесимволы": "use_ignorable",
    "useignorablewhitespace": "use_ignorable",
}


class ReaderSettings(BslObject):
    __slots__ = (
        "cdata_as_text",
        "ignore_comments",
        "ignore_declaration",
        "ignore_doctype",
        "ignore_instructions",
        "ignore_whitespace",
        "language",
        "space",
        "use_ignorable",
        "validation",
        "version",
    )
    type_name = "ПараметрыЧтенияXML"

    def __init__(self, *, comments_ignored: bool = False, cdata_as_text: bool = False) -> None:
        self.version = "1.0"
        self.language = ""
        self.space = SPACE["поумолчанию"]
        self.validation = VALIDATION["нетпроверки"]
        self.ignore_declaration = True
        self.ignore_doctype = True
        self.ignore_instructions = False
        self.ignore_comments = comments_ignored
        self.ignore_whitespace = True
        self.cdata_as_text = cdata_as_text
        self.use_ignorable = False

    def property(self, name: str, shown: str) -> Any:
        attribute = READER_SETTINGS.get(name)
        if attribute is None:
            raise ProgramFault(NO_FIELD.format(shown))
        return getattr(self, attribute)

    def property_names(self) -> list[str]:
        return ["Версия", "Язык", "ПробельныеСимволы", "ТипПроверкиПравильности",
                "ИгнорироватьОбъявлениеXML", "ИгнорироватьТипДокумента",
                "ИгнорироватьИнструкцииОбработки", "ИгнорироватьКомментарии",
                "ИгнорироватьПробельныеСимволы", "СекцииCDATAКакТекст",
                "ИспользоватьИгнорируемыеПробельныеСимволы"]


def _flag(value: Any, default: bool) -> bool:
    if value is None:
        return default
    if type(value) is not bool:
        raise ProgramFault(BAD_ARGUMENT)
    return value


def _enum(value: Any, enum: str, default: EnumValue) -> EnumValue:
    if value is None:
        return default
    if not isinstance(value, EnumValue) or value.enum != enum:
        raise ProgramFault(BAD_ARGUMENT)
    return value


def _text(value: Any, default: str) -> str:
    if value is None:
        return default
    from portinterp.bsl.runtime.formatting import to_string

    return value if type(value) is str else to_string(value, "onescript")


def _new_reader_settings(runtime: Any, version: Any = None, language: Any = None,
                         space: Any = None, validation: Any = None, declaration: Any = None,
                         doctype: Any = None, instructions: Any = None, comments: Any = None,
                         whitespace: Any = None, cdata: Any = None,
                         ignorable: Any = None) -> ReaderSettings:
    made = ReaderSettings()
    made.version = _text(version, "1.0")
    made.language = _text(language, "")
    made.space = _enum(space, "ПробельныеСимволыXML", made.space)
    made.validation = _enum(validation, "ТипПроверкиXML", made.validation)
    made.ignore_declaration = _flag(declaration, True)
    made.ignore_doctype = _flag(doctype, True)
    made.ignore_instructions = _flag(instructions, False)
    made.ignore_comments = _flag(comments, False)
    made.ignore_whitespace = _flag(whitespace, True)
    made.cdata_as_text = _flag(cdata, False)
    made.use_ignorable = _flag(ignorable, False)
    return made


class NamespaceContext(BslObject):
    """``КонтекстПространствИменXML``: a depth and the prefixes in scope."""

    __slots__ = ("depth", "mapping")
    type_name = "КонтекстПространствИменXML"
    spellings = spellings("URIПространствИмен NamespaceURIs namespaceuris",
                          "НайтиURIПространстваИмен LookupNamespaceURI lookupnamespaceuri",
                          "НайтиПрефикс LookupPrefix lookupprefix",
                          "Префиксы Prefixes prefixes",
                          "СоответствияПространствИмен NamespaceMappings namespacemappings")

    def __init__(self, depth: int, mapping: dict[str, str]) -> None:
        self.depth = depth
        self.mapping = dict(mapping)

    def property(self, name: str, shown: str) -> Any:
        if name in ("глубина", "depth"):
            return self.depth
        if name in ("пространствоименпоумолчанию", "defaultnamespace"):
            return self.mapping.get("", "")
        raise ProgramFault(NO_FIELD.format(shown))

    def property_names(self) -> list[str]:
        return ["Глубина", "ПространствоИменПоУмолчанию"]

    def bsl_namespaceuris(self) -> BslArray:
        return BslArray(list(self.mapping.values()))

    def bsl_lookupnamespaceuri(self, prefix: Any) -> Any:
        return self.mapping.get(_text(prefix, ""))

    def bsl_lookupprefix(self, uri: Any) -> Any:
        wanted = _text(uri, "")
        return next((key for key, value in self.mapping.items() if value == wanted), None)

    def bsl_prefixes(self, uri: Any) -> BslArray:
        wanted = _text(uri, "")
        return BslArray([key for key, value in self.mapping.items() if value == wanted])

    def bsl_namespacemappings(self) -> BslMap:
        result = BslMap()
        for key, value in self.mapping.items():
            result.bsl_insert(key, value)
        return result


register_type("ПараметрыЧтенияXML", "XMLReaderSettings", _new_reader_settings)
register_type("КонтекстПространствИменXML", "XMLNamespaceContext")
