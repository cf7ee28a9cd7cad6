"""``ЧтениеXML`` as OneScript 1.9.2 has it (XmlReaderImpl.cs): .NET's ``XmlReader`` walking
the nodes of ``nodes.parse``, with OneScript's emulation of 1C on top — an empty element
``<a/>`` reads as a start and then an end (``ТипУзла`` is КонецЭлемента the second time),
``ПрочитатьАтрибут`` at such an end walks the attributes again, ``Пропустить`` stops on the
element's end, whitespace is text unless ``ИспользоватьИгнорируемыеПробельныеСимволы``, and
``ИгнорироватьПробелы`` may change while reading."""

from __future__ import annotations

from typing import Any

from portinterp.bsl.library.files.file_access import read_bytes
from portinterp.bsl.library.names_globals import XML_NODE_TYPE
from portinterp.bsl.library.xml.nodes import Node, decode_document, parse
from portinterp.bsl.library.xml.settings import NamespaceContext, ReaderSettings
from portinterp.bsl.runtime.objects import (
    BAD_ARGUMENT,
    NO_FIELD,
    BslObject,
    register_type,
    spellings,
)
from portinterp.errors import ProgramFault

NODE_TYPE = XML_NODE_TYPE["типузлаxml"]
# .NET's XmlNodeType -> the member of ТипУзлаXML
KINDS = {
    "None": "ничего", "Element": "началоэлемента", "EndElement": "конецэлемента",
    "Text": "текст", "Whitespace": "пробельныесимволы",
    "SignificantWhitespace": "пробельныесимволы", "CDATA": "секцияcdata",
    "Comment": "комментарий", "ProcessingInstruction": "инструкцияобработки",
    "XmlDeclaration": "объявлениеxml", "DocumentType": "определениетипадокумента",
    "Attribute": "атрибут",
}
CONTENT = ("Element", "EndElement", "CDATA", "Text")
WITH_VALUE = ("Attribute", "Text", "CDATA", "Comment", "ProcessingInstruction", "Whitespace",
              "SignificantWhitespace", "XmlDeclaration", "DocumentType")
NOT_SUPPORTED = ("Внешнее исключение (System.NotSupportedException): Specified method is not "
                 "supported.")
NOT_IMPLEMENTED = ("Внешнее исключение (System.NotImplementedException): The method or "
                   "operation is not implemented.")


class XmlReader(BslObject):
    __slots__ = (
        "attr",
        "attrs_reset",
        "empty_state",
        "encoding",
        "error",
        "ignore_ws",
        "nodes",
        "open",
        "pos",
        "settings",
        "skip_ws",
    )
    type_name = "ЧтениеXML"
    spellings = spellings(
        "ОткрытьФайл OpenFile openfile", "УстановитьСтроку SetString setstring",
        "Прочитать Read read", "ПрочитатьАтрибут ReadAttribute readattribute",
        "СледующийАтрибут NextAttribute readattribute",
        "ПервыйАтрибут FirstAttribute firstattribute", "Пропустить Skip skip",
        "ПерейтиКСодержимому MoveToContent movetocontent", "Закрыть Close close",
        "ЗначениеАтрибута AttributeValue attributevalue",
        "ПолучитьАтрибут GetAttribute attributevalue",
        "ИмяАтрибута AttributeName attributename",
        "ЛокальноеИмяАтрибута AttributeLocalName attributelocalname",
        "ПрефиксАтрибута AttributePrefix attributeprefix",
        "КоличествоАтрибутов AttributeCount attributecount",
        "URIПространстваИменАтрибута AttributeNamespaceURI notimplemented",
        "ПервоеОбъявление FirstDeclaration notimplemented",
        "СледующееОбъявление NextDeclaration notimplemented",
        "ТипАтрибута AttributeType notimplemented")

    def __init__(self) -> None:
        self.settings = ReaderSettings()
        self.nodes: list[Node] = []
        self.error: str | None = None
        self.pos = -1
        self.attr = -1
        self.open = False
        self.ignore_ws = True
        self.skip_ws = True
        self.empty_state = "off"
        self.attrs_reset = False
        self.encoding = "UTF-8"

    # ---- opening ---------------------------------------------------------------------------

    def _start(self, text: str, settings: Any) -> None:
        if settings is not None and not isinstance(settings, ReaderSettings):
            raise ProgramFault(BAD_ARGUMENT)
        self.settings = settings or ReaderSettings(comments_ignored=True, cdata_as_text=True)
        parsed = parse(text)
        self.nodes, self.error = parsed.nodes, parsed.error
        self.pos, self.attr, self.open = -1, -1, True
        self.ignore_ws = self.settings.ignore_whitespace
        if self.settings.use_ignorable:
            self.settings.ignore_whitespace = False
        self.skip_ws = self.settings.ignore_whitespace
        self.empty_state, self.attrs_reset = "off", False

    def bsl_setstring(self, text: Any, settings: Any = None) -> None:
        if type(text) is not str:
            raise ProgramFault(BAD_ARGUMENT)
        self.encoding = "UTF-8"
        self._start(text, settings)

    def bsl_openfile(self, path: Any, settings: Any = None) -> None:
        if type(path) is not str:
            raise ProgramFault(BAD_ARGUMENT)
        self.encoding = "utf-8"
        self._start(decode_document(read_bytes(path)), settings)

    def bsl_close(self) -> None:
        self.open = False

    # ---- the underlying reader -------------------------------------------------------------

    def _node(self) -> Node | None:
        if not self.open or not 0 <= self.pos < len(self.nodes):
            return None
        return self.nodes[self.pos]

    def _kind(self) -> str:
        node = self._node()
        if node is None:
            return "None"
        return "Attribute" if self.attr >= 0 else node.kind

    def _wanted(self, node: Node) -> bool:
        if node.kind == "Whitespace":
            return not self.skip_ws
        if node.kind == "Comment":
            return not self.settings.ignore_comments
        if node.kind == "ProcessingInstruction":
            return not self.settings.ignore_instructions
        return True

    def _raw_read(self) -> bool:
        if not self.open or self.pos >= len(self.nodes):
            return False
        self.attr = -1
        self.pos += 1
        while self.pos < len(self.nodes) and not self._wanted(self.nodes[self.pos]):
            self.pos += 1
        if self.pos >= len(self.nodes) and self.error is not None:
            error, self.error = self.error, None
            raise ProgramFault(f"Внешнее исключение (System.Xml.XmlException): {error}")
        return self.pos < len(self.nodes)

    def _depth(self) -> int:
        node = self._node()
        if node is None:
            return 0
        return node.depth + (1 if self.attr >= 0 else 0)

    def _check_empty(self) -> None:
        self.attrs_reset = False
        node = self._node()
        entered = node is not None and self.attr < 0 and node.kind == "Element" and node.empty
        self.empty_state = "entered" if entered else "off"

    # ---- OneScript's methods ---------------------------------------------------------------

    def bsl_read(self) -> bool:
        if not self.open:
            return False
        if self.empty_state == "entered":
            self.empty_state = "read"
            return True
        done = self._raw_read()
        self._check_empty()
        return done

    def bsl_skip(self) -> None:
        if not self.open:
            return
        if self.empty_state == "entered":
            self.empty_state = "read"
            return
        node = self._node()
        if node is not None and self.attr < 0 and node.kind == "Element":
            while self._raw_read() and self.nodes[self.pos].depth > node.depth:
                pass
        else:
            self.attr = -1
            if node is not None and node.kind == "Element" and not node.empty:
                while self._raw_read() and self.nodes[self.pos].depth > node.depth:
                    pass
            self._raw_read()
        self._check_empty()

    def bsl_movetocontent(self) -> Any:
        if not self.open:
            raise ProgramFault("Значение не является значением объектного типа")
        while True:
            if self.attr >= 0:
                self.attr = -1
            if self._kind() in CONTENT:
                break
            if not self._raw_read():
                break
        self._check_empty()
        return NODE_TYPE[KINDS[self._kind()]]

    def _attributes(self) -> list[tuple[str, str]]:
        node = self._node()
        wanted = ("Element", "XmlDeclaration")
        return node.attributes if node is not None and node.kind in wanted else []

    def bsl_firstattribute(self) -> bool:
        if not self._attributes():
            return False
        self.attr = 0
        return True

    def bsl_readattribute(self) -> bool:
        if not self.open:
            return False
        if self._node_type_name() == "конецэлемента" and not self.attrs_reset:
            self.attrs_reset = True
            return self.bsl_firstattribute()
        if self.attr + 1 < len(self._attributes()):
            self.attr += 1
            return True
        return False

    def bsl_attributecount(self) -> int:
        return len(self._attributes())

    def _attribute_at(self, index: Any) -> tuple[str, str] | None:
        attributes = self._attributes()
        number = int(index) if type(index) is int or hasattr(index, "as_integer_ratio") else -1
        return attributes[number] if 0 <= number < len(attributes) else None

    def bsl_attributevalue(self, key: Any, uri: Any = None) -> Any:
        if not self.open:
            return ""
        if type(key) is str:
            node = self._node()
            for name, value in self._attributes():
                matches = name == key if uri is None else (
                    name.rpartition(":")[2] == key and node is not None
                    and node.attribute_uri(name) == uri)
                if matches:
                    return value
            return None
        if isinstance(key, bool) or not hasattr(key, "as_integer_ratio"):
            raise ProgramFault(BAD_ARGUMENT)
        found = self._attribute_at(key)
        return None if found is None else found[1]

    def bsl_attributename(self, index: Any) -> str:
        found = self._attribute_at(index)
        return "" if found is None else found[0]

    def bsl_attributelocalname(self, index: Any) -> str:
        found = self._attribute_at(index)
        return "" if found is None else found[0].rpartition(":")[2]

    def bsl_attributeprefix(self, index: Any) -> str:
        found = self._attribute_at(index)
        return "" if found is None or ":" not in found[0] else found[0].partition(":")[0]

    def bsl_notimplemented(self, *args: Any) -> None:
        raise ProgramFault(NOT_IMPLEMENTED)

    # ---- properties ------------------------------------------------------------------------

    def _node_type_name(self) -> str:
        kind = self._kind()
        if kind == "None":
            return "ничего"
        if self.empty_state == "read":
            return "конецэлемента"
        if self.settings.cdata_as_text and kind == "CDATA":
            return "текст"
        if not self.settings.use_ignorable and kind == "Whitespace":
            return "текст"
        return KINDS[kind]

    def _name(self) -> str:
        node = self._node()
        if node is None:
            return ""
        return node.attributes[self.attr][0] if self.attr >= 0 else node.name

    def _value(self) -> str:
        node = self._node()
        if node is None or self._kind() not in WITH_VALUE:
            return ""
        return node.attributes[self.attr][1] if self.attr >= 0 else node.value

    def _local_name(self) -> str:
        kind = self._kind()
        return self._name().rpartition(":")[2] if kind in ("Element", "EndElement",
                                                           "Attribute") else self._name()

    def _namespace_uri(self) -> str:
        node = self._node()
        if node is None:
            return ""
        if self.attr >= 0:
            return node.attribute_uri(node.attributes[self.attr][0])
        return node.namespace_uri()

    def property(self, name: str, shown: str) -> Any:
        simple = {
            "параметры": lambda: self.settings, "settings": lambda: self.settings,
            "пробельныесимволы": lambda: self.settings.space,
            "space": lambda: self.settings.space,
            "версияxml": lambda: self.settings.version,
            "xmlversion": lambda: self.settings.version,
            "язык": lambda: self.settings.language, "lang": lambda: self.settings.language,
            "игнорироватьпробелы": lambda: self.ignore_ws,
            "ignorewhitespace": lambda: self.ignore_ws,
            "кодировкаxml": lambda: self.encoding, "xmlencoding": lambda: self.encoding,
            "кодировкаисточника": lambda: self.encoding,
            "inputencoding": lambda: self.encoding,
            "типузла": lambda: NODE_TYPE[self._node_type_name()],
            "nodetype": lambda: NODE_TYPE[self._node_type_name()],
            "uriпространстваимен": self._namespace_uri,
            "namespaceuri": self._namespace_uri,
            "базовыйuri": lambda: "", "baseuri": lambda: "",
            "имеетзначение": lambda: self._kind() in WITH_VALUE,
            "hasvalue": lambda: self._kind() in WITH_VALUE,
            "значение": self._value, "value": self._value,
            "имеетимя": lambda: self._local_name() != "",
            "hasname": lambda: self._local_name() != "",
            "имя": self._name, "name": self._name,
            "локальноеимя": self._local_name, "localname": self._local_name,
            "префикс": self._prefix, "prefix": self._prefix,
            "контекстпространствимен": self._context,
            "namespacecontext": self._context,
            "этоатрибутпоумолчанию": lambda: False if self._kind() == "Attribute" else None,
            "isdefaultattribute": lambda: False if self._kind() == "Attribute" else None,
            "этосимвольныеданные": self._characters, "ischaracters": self._characters,
            "этопробельныесимволы": self._whitespace, "iswhitespace": self._whitespace,
        }
        if name in simple:
            return simple[name]()
        if name in ("автономный", "standalone", "имянотации", "notationname",
                    "публичныйидентификатор", "publicid", "системныйидентификатор",
                    "systemid"):
            raise ProgramFault(NOT_SUPPORTED)
        raise ProgramFault(NO_FIELD.format(shown))

    def set_property(self, name: str, shown: str, value: Any) -> None:
        if name not in ("игнорироватьпробелы", "ignorewhitespace"):
            raise ProgramFault(f"Свойство {shown} недоступно для записи"
                               if name in ("типузла", "имя", "значение") else
                               NO_FIELD.format(shown))
        if type(value) is not bool:
            raise ProgramFault(BAD_ARGUMENT)
        if value == self.ignore_ws:
            return
        self.ignore_ws = value
        if not self.settings.use_ignorable:
            self.skip_ws = value

    def _prefix(self) -> str:
        name = self._name()
        return name.partition(":")[0] if ":" in name and self._kind() in (
            "Element", "EndElement", "Attribute") else ""

    def _context(self) -> Any:
        if not self.open:
            return None
        node = self._node()
        kind = self._kind()
        depth = self._depth() if kind == "EndElement" or self.empty_state == "read" \
            else self._depth() + 1
        return NamespaceContext(depth, {} if node is None else node.scope)

    def _characters(self) -> bool:
        return self._kind() in ("Text", "CDATA", "SignificantWhitespace")

    def _whitespace(self) -> bool:
        return self._kind() == "Whitespace" or (
            self._characters() and not self._value().strip())

    def property_names(self) -> list[str]:
        return ["Параметры", "ПробельныеСимволы", "ВерсияXML", "Язык", "ИгнорироватьПробелы",
                "КодировкаXML", "КодировкаИсточника", "URIПространстваИмен", "БазовыйURI",
                "ИмеетЗначение", "Значение", "ИмеетИмя", "Имя", "КонтекстПространствИмен",
                "ЛокальноеИмя", "Префикс", "ТипУзла", "ЭтоАтрибутПоУмолчанию",
                "ЭтоПробельныеСимволы", "ЭтоСимвольныеДанные"]


def _new_reader(runtime: Any) -> XmlReader:
    return XmlReader()


register_type("ЧтениеXML", "XMLReader", _new_reader)
