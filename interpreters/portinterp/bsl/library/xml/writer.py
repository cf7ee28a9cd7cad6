"""``ЗаписьXML`` as OneScript 1.9.2 has it (XmlWriterImpl.cs over .NET's ``XmlTextWriter``):
what is written, where a line breaks and how deep it is indented follow ``XmlTextWriter``'s
rules — an element's tags are indented unless it (or an element around it) holds text, CDATA
or raw text; an empty element is ``<a/>`` (OneScript trims .NET's ``<a />``, but not for the
elements ``Закрыть`` ends); an element or attribute in a namespace not declared gets an
``xmlns`` (``d2p1``-style prefixes for attributes).  Lines end in LF, as on Mono.  The
namespace context is OneScript's own stack of prefixes."""

from __future__ import annotations

from typing import Any

from portinterp.bsl.library.files.file_access import write_bytes
from portinterp.bsl.library.files.text_encoding import by_name
from portinterp.bsl.library.xml.settings import NamespaceContext
from portinterp.bsl.library.xml.writer_settings import WriterSettings, text_argument, web_name
from portinterp.bsl.runtime.objects import BAD_ARGUMENT, NO_FIELD, BslObject, register_type
from portinterp.bsl.runtime.objects import spellings as spelled
from portinterp.errors import ProgramFault

INVALID = ("Внешнее исключение (System.InvalidOperationException): Token {} in state {} would "
           "result in an invalid XML document.")
NO_START_TAG = ("Внешнее исключение (System.InvalidOperationException): There was no XML start "
                "tag open.")
NULL = ("Внешнее исключение (System.NullReferenceException): Object reference not set to an "
        "instance of an object")
XML_NS = "http://www.w3.org/XML/1998/namespace"


def escape(text: str, attribute: bool) -> str:
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    if attribute:
        text = text.replace('"', "&quot;").replace("\n", "&#xA;").replace("\r", "&#xD;")
    return text


class Frame:
    __slots__ = ("declared", "mixed", "name", "pending")

    def __init__(self, name: str, mixed: bool) -> None:
        self.name = name
        self.mixed = mixed
        self.declared: list[tuple[str, str]] = []  # (prefix, uri) declared on this element
        self.pending: list[str] = []  # xmlns attributes the start tag still has to get


class XmlWriter(BslObject):
    __slots__ = ("done_root", "file", "in_attribute", "indent", "indent_chars", "indenting",
                 "nsmap", "out", "settings", "stack", "state", "tag_open")
    type_name = "ЗаписьXML"
    spellings = spelled(
        "ЗаписатьАтрибут WriteAttribute writeattribute",
        "ЗаписатьБезОбработки WriteRaw writeraw",
        "ЗаписатьИнструкциюОбработки WriteProcessingInstruction writeprocessinginstruction",
        "ЗаписатьКомментарий WriteComment writecomment",
        "ЗаписатьКонецАтрибута WriteEndAttribute writeendattribute",
        "ЗаписатьКонецЭлемента WriteEndElement writeendelement",
        "ЗаписатьНачалоАтрибута WriteStartAttribute writestartattribute",
        "ЗаписатьНачалоЭлемента WriteStartElement writestartelement",
        "ЗаписатьОбъявлениеXML WriteXMLDeclaration writexmldeclaration",
        "ЗаписатьСекциюCDATA WriteCDATASection writecdatasection",
        "ЗаписатьСоответствиеПространстваИмен WriteNamespaceMapping writenamespacemapping",
        "ЗаписатьСсылкуНаСущность WriteEntityReference writeentityreference",
        "ЗаписатьТекст WriteText writetext", "ЗаписатьТекущий WriteCurrent writecurrent",
        "ЗаписатьТипДокумента WriteDocumentType writedocumenttype",
        "НайтиПрефикс LookupPrefix lookupprefix", "Закрыть Close close",
        "ОткрытьФайл OpenFile openfile", "УстановитьСтроку SetString setstring")

    def __init__(self) -> None:
        self.indent = True
        self.settings = WriterSettings()
        self.nsmap: list[dict[str, str]] = [{}]
        self.out: list[str] | None = None
        self.file: tuple[str, Any] | None = None
        self.stack: list[Frame] = []
        self.state = "Start"
        self.tag_open = False
        self.done_root = False
        self.indenting = False
        self.indent_chars = "    "
        self.in_attribute = False

    # ---- opening and closing ---------------------------------------------------------------

    def _apply(self, value: Any) -> None:
        if isinstance(value, WriterSettings):
            self.settings = value
        elif value is None or type(value) is str:
            self.settings = WriterSettings(text_argument(value, "UTF-8"), "1.0", self.indent,
                                           False, "    ")
        else:
            raise ProgramFault(f"{BAD_ARGUMENT} 'encodingOrSettings'")
        self.out, self.stack, self.state = [], [], "Start"
        self.tag_open = self.done_root = self.in_attribute = False
        self.indenting = self.settings.indent
        self.indent_chars = self.settings.indent_chars

    def bsl_setstring(self, settings: Any = None) -> None:
        self._apply(settings)
        self.file = None

    def bsl_openfile(self, path: Any, settings: Any = None, add_bom: Any = None) -> None:
        if type(path) is not str:
            raise ProgramFault(BAD_ARGUMENT)
        self._apply(settings)
        encoding = by_name(self.settings.encoding, add_bom is not False)
        write_bytes(path, b"")  # FileMode.Create: the file is there (empty) from now on
        self.file = (path, encoding)

    def bsl_close(self) -> Any:
        out = self._output()
        while self.stack:
            self._end_element(trim=False)
        self.state = "Closed"
        text = "".join(out)
        self.out = None
        if self.file is None:
            return text
        path, encoding = self.file
        self.file = None
        write_bytes(path, encoding.preamble + encoding.encode(text))
        return None

    def _output(self) -> list[str]:
        if self.out is None:
            raise ProgramFault(NULL)
        return self.out

    # ---- XmlTextWriter's states ------------------------------------------------------------

    def _fail(self, token: str) -> ProgramFault:
        state = {"Start": "Start", "Prolog": "Prolog", "Element": "Element",
                 "Content": "Content", "Epilog": "Epilog"}.get(self.state, self.state)
        self.state = "Error"
        return ProgramFault(INVALID.format(token, state))

    def _check(self, token: str) -> list[str]:
        out = self._output()
        if self.state in ("Error", "Closed"):
            raise self._fail(token)
        return out

    def _close_tag(self) -> None:
        if self.in_attribute:
            self._output().append('"')
            self.in_attribute = False
        if self.tag_open:
            self._output().append("".join(self.stack[-1].pending) + ">")
            self.stack[-1].pending = []
            self.tag_open = False
            self.state = "Content"

    def _indent(self, before_end: bool) -> None:
        if not self.indenting:
            return
        if not self.stack:
            self._output().append("\n")
        elif not self.stack[-1].mixed:
            depth = len(self.stack) - 1 if before_end else len(self.stack)
            self._output().append("\n" + self.indent_chars * depth)

    def _markup(self, token: str) -> list[str]:
        """Comments, instructions, elements: the open tag closed, then a new indented line."""
        out = self._check(token)
        started = self.state != "Start"
        self._close_tag()
        if started:
            self._indent(False)
        return out

    def _content(self) -> list[str]:
        out = self._check("Content")
        if self.in_attribute:
            return out
        self._close_tag()
        if self.stack:
            self.stack[-1].mixed = True
            self.state = "Content"
        return out

    # ---- namespaces ------------------------------------------------------------------------

    def _lookup(self, uri: str) -> str | None:
        if uri == XML_NS:
            return "xml"
        for frame in reversed(self.stack):
            for prefix, declared in reversed(frame.declared):
                if declared == uri:
                    return prefix
        return None

    def bsl_lookupprefix(self, uri: Any) -> Any:
        self._output()
        return self._lookup(text_argument(uri, ""))

    def _declare(self, prefix: str, uri: str) -> None:
        frame = self.stack[-1]
        frame.declared.append((prefix, uri))
        attribute = f' xmlns:{prefix}="{escape(uri, True)}"' if prefix else \
            f' xmlns="{escape(uri, True)}"'
        frame.pending.insert(0, attribute)

    # ---- the methods -----------------------------------------------------------------------

    def bsl_writexmldeclaration(self) -> None:
        out = self._check("StartDocument")
        if self.state != "Start":
            raise self._fail("StartDocument")
        out.append(f'<?xml version="1.0" encoding="{self._web_name()}"?>')
        self.state = "Prolog"

    def _web_name(self) -> str:
        return web_name(by_name(self.settings.encoding).codec)

    def bsl_writestartelement(self, name: Any, uri: Any = None) -> None:
        if not self.stack and self.done_root:
            raise self._fail("StartElement")
        out = self._markup("StartElement")
        local = text_argument(name, "")
        qualified, declare = local, None
        if uri is not None:
            namespace = text_argument(uri, "")
            prefix = self._lookup(namespace)
            if prefix is None:
                declare = namespace
            elif prefix:
                qualified = f"{prefix}:{local}"
        out.append("<" + qualified)
        self.stack.append(Frame(qualified, bool(self.stack) and self.stack[-1].mixed))
        if declare is not None:
            self._declare("", declare)
        self.tag_open, self.state = True, "Element"
        self.nsmap.append(dict(self.nsmap[-1]))

    def bsl_writeendelement(self) -> None:
        self._check("EndElement")
        if not self.stack:
            self.state = "Error"
            raise ProgramFault(NO_START_TAG)
        self._end_element(trim=True)
        if len(self.nsmap) > 1:
            self.nsmap.pop()

    def _end_element(self, trim: bool) -> None:
        out = self._output()
        if self.in_attribute:
            out.append('"')
            self.in_attribute = False
        frame = self.stack[-1]
        if self.tag_open:
            out.append("".join(frame.pending) + ("/>" if trim else " />"))
            self.tag_open = False
        else:
            self._indent(True)
            out.append(f"</{frame.name}>")
        self.stack.pop()
        self.state = "Content" if self.stack else "Epilog"
        self.done_root = self.done_root or not self.stack

    def bsl_writeattribute(self, name: Any, second: Any, value: Any = None) -> None:
        out = self._check("StartAttribute")
        if not self.tag_open or self.in_attribute:
            raise self._fail("StartAttribute")
        local = text_argument(name, "")
        if value is None:
            out.append(f' {local}="{escape(text_argument(second, ""), True)}"')
            return
        out.append(f' {self._attribute_name(local, text_argument(second, ""))}="'
                   f'{escape(text_argument(value, ""), True)}"')

    def _attribute_name(self, local: str, uri: str) -> str:
        if not uri:
            return local
        prefix = self._lookup(uri)
        if not prefix:
            frame = self.stack[-1]
            prefix = f"d{len(self.stack)}p{len(frame.declared) + 1}"
            self._declare(prefix, uri)
        return f"{prefix}:{local}"

    def bsl_writestartattribute(self, name: Any, uri: Any = None) -> None:
        out = self._check("StartAttribute")
        if not self.tag_open or self.in_attribute:
            raise self._fail("StartAttribute")
        local = text_argument(name, "")
        qualified = local if uri is None else self._attribute_name(local, text_argument(uri, ""))
        out.append(f' {qualified}="')
        self.in_attribute = True

    def bsl_writeendattribute(self) -> None:
        out = self._check("EndAttribute")
        if self.in_attribute:
            out.append('"')
            self.in_attribute = False

    def bsl_writenamespacemapping(self, prefix: Any, uri: Any) -> None:
        out = self._check("StartAttribute")
        if not self.tag_open or self.in_attribute:
            raise self._fail("StartAttribute")
        name, namespace = text_argument(prefix, ""), text_argument(uri, "")
        out.append(f' xmlns:{name}="{escape(namespace, True)}"' if name else
                   f' xmlns="{escape(namespace, True)}"')
        self.stack[-1].declared.append((name, namespace))
        self.nsmap[-1][name] = namespace

    def bsl_writetext(self, text: Any) -> None:
        out = self._content()
        out.append(escape(text_argument(text, ""), self.in_attribute))

    def bsl_writeraw(self, text: Any) -> None:
        self._content().append(text_argument(text, ""))

    def bsl_writeentityreference(self, name: Any) -> None:
        self._content().append(f"&{text_argument(name, '')};")

    def bsl_writecdatasection(self, text: Any) -> None:
        out = self._check("CData")
        self._close_tag()
        if self.stack:
            self.stack[-1].mixed = True
        out.append(f"<![CDATA[{text_argument(text, '')}]]>")

    def bsl_writecomment(self, text: Any) -> None:
        self._markup("Comment").append(f"<!--{text_argument(text, '')}-->")
        self.state = "Content" if self.stack else ("Epilog" if self.done_root else "Prolog")

    def bsl_writeprocessinginstruction(self, name: Any, text: Any) -> None:
        body = text_argument(text, "")
        self._markup("PI").append(f"<?{text_argument(name, '')}{' ' + body if body else ''}?>")
        self.state = "Content" if self.stack else ("Epilog" if self.done_root else "Prolog")

    def bsl_writedocumenttype(self, name: Any, second: Any, third: Any = None,
                              fourth: Any = None) -> None:
        out = self._markup("Doctype")
        parts = [f"<!DOCTYPE {text_argument(name, '')}"]
        if fourth is not None:
            parts.append(f' PUBLIC "{text_argument(second, "")}" "{text_argument(third, "")}"')
            subset = fourth
        elif third is not None:
            parts.append(f' SYSTEM "{text_argument(second, "")}"')
            subset = third
        else:
            subset = second
        out.append("".join(parts) + f"[{text_argument(subset, '')}]>")
        self.state = "Prolog"

    def bsl_writecurrent(self, reader: Any) -> None:
        raise ProgramFault("Внешнее исключение (System.NotImplementedException): The method or "
                           "operation is not implemented.")

    # ---- properties ------------------------------------------------------------------------

    def property(self, name: str, shown: str) -> Any:
        if name in ("отступ", "indent"):
            return self.indent
        if name in ("параметры", "settings"):
            return self.settings
        if name in ("контекстпространствимен", "namespacecontext"):
            return NamespaceContext(len(self.nsmap) - 1, self.nsmap[-1])
        raise ProgramFault(NO_FIELD.format(shown))

    def set_property(self, name: str, shown: str, value: Any) -> None:
        if name not in ("отступ", "indent"):
            raise ProgramFault(NO_FIELD.format(shown))
        if type(value) is not bool:
            raise ProgramFault(BAD_ARGUMENT)
        self.indent = value

    def property_names(self) -> list[str]:
        return ["Отступ", "КонтекстПространствИмен", "Параметры"]


def _new_writer(runtime: Any) -> XmlWriter:
    return XmlWriter()


register_type("ЗаписьXML", "XMLWriter", _new_writer)
