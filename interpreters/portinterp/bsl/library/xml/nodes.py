"""An XML text as the list of nodes .NET's ``XmlTextReader`` walks through, made by the
standard library's expat parser: each node with its .NET type, name, value, depth, whether it
is an empty element (``<a/>``), its attributes and the namespaces in scope.

Text between two pieces of markup is one node: ``Whitespace`` when it is only blanks (or
``SignificantWhitespace`` under ``xml:space="preserve"``), else ``Text``.  A text that does
not parse gives the nodes before the error and the error itself, which the reader raises
when it gets there, as .NET's does."""

from __future__ import annotations

import re
import xml.parsers.expat
from dataclasses import dataclass, field

XML_NS = "http://www.w3.org/XML/1998/namespace"
XMLNS_NS = "http://www.w3.org/2000/xmlns/"
BLANKS = " \t\r\n"


@dataclass
class Node:
    kind: str  # .NET's XmlNodeType name: Element, EndElement, Text, Whitespace, Comment …
    name: str = ""
    value: str = ""
    depth: int = 0
    empty: bool = False
    attributes: list[tuple[str, str]] = field(default_factory=list)
    scope: dict[str, str] = field(default_factory=dict)

    @property
    def local_name(self) -> str:
        return local_of(self.name) if self.kind in ("Element", "EndElement") else self.name

    @property
    def prefix(self) -> str:
        return self.name.partition(":")[0] if ":" in self.name else ""

    def namespace_uri(self) -> str:
        if self.kind not in ("Element", "EndElement"):
            return ""
        return self.scope.get(self.prefix, "")

    def attribute_uri(self, name: str) -> str:
        if name == "xmlns" or name.startswith("xmlns:"):
            return XMLNS_NS
        return self.scope.get(name.partition(":")[0], "") if ":" in name else ""


def local_of(name: str) -> str:
    return name.rpartition(":")[2]


@dataclass
class Parsed:
    nodes: list[Node]
    error: str | None  # the parser's message, where the nodes end


def parse(text: str) -> Parsed:
    builder = _Builder(text)
    try:
        builder.parser.Parse(text.encode("utf-8"), True)
    except xml.parsers.expat.ExpatError as error:
        builder.flush()
        line, column = error.lineno, error.offset + 1
        reason = xml.parsers.expat.ErrorString(error.code)
        return Parsed(builder.nodes, f"{reason}. Line {line}, position {column}.")
    builder.flush()
    return Parsed(builder.nodes, None)


def decode_document(data: bytes) -> str:
    """A file's bytes as text: a BOM, else the declaration's encoding, else UTF-8."""
    for bom, codec in ((b"\xef\xbb\xbf", "utf-8"), (b"\xff\xfe", "utf-16-le"),
                       (b"\xfe\xff", "utf-16-be")):
        if data.startswith(bom):
            return data[len(bom):].decode(codec, errors="replace")
    declared = re.match(rb"<\?xml[^>]*encoding\s*=\s*[\"']([A-Za-z0-9._-]+)", data)
    codec = declared.group(1).decode("ascii") if declared else "utf-8"
    try:
        return data.decode(codec, errors="replace")
    except LookupError:
        return data.decode("utf-8", errors="replace")


class _Builder:
    """expat's events turned into nodes."""

    def __init__(self, text: str) -> None:
        self.source = text.encode("utf-8")
        self.nodes: list[Node] = []
        self.scopes: list[dict[str, str]] = [{"xml": XML_NS}]
        self.preserve: list[bool] = [False]
        self.text: list[str] = []
        self.in_cdata = False
        self.events_since_start = 0
        parser = xml.parsers.expat.ParserCreate(encoding="UTF-8")
        parser.ordered_attributes = True
        parser.buffer_text = False
        parser.StartElementHandler = self.start
        parser.EndElementHandler = self.end
        parser.CharacterDataHandler = self.characters
        parser.CommentHandler = self.comment
        parser.ProcessingInstructionHandler = self.instruction
        parser.StartCdataSectionHandler = self.start_cdata
        parser.EndCdataSectionHandler = self.end_cdata
        parser.XmlDeclHandler = self.declaration
        parser.StartDoctypeDeclHandler = self.doctype
        parser.DefaultHandlerExpand = self.outside
        self.parser = parser

    @property
    def depth(self) -> int:
        return len(self.scopes) - 1

    def add(self, node: Node) -> None:
        node.scope = self.scopes[-1]
        self.nodes.append(node)
        self.events_since_start += 1

    def flush(self) -> None:
        if not self.text:
            return
        value = "".join(self.text)
        self.text = []
        if value.strip(BLANKS):
            kind = "Text"
        else:
            kind = "SignificantWhitespace" if self.preserve[-1] else "Whitespace"
        self.add(Node(kind, value=value, depth=self.depth))

    def start(self, name: str, flat: list[str]) -> None:
        self.flush()
        pairs = list(zip(flat[::2], flat[1::2], strict=True))
        scope = dict(self.scopes[-1])
        for key, value in pairs:
            if key == "xmlns":
                scope[""] = value
            elif key.startswith("xmlns:"):
                scope[key[6:]] = value
        space = dict(pairs).get("xml:space")
        self.preserve.append(self.preserve[-1] if space is None else space == "preserve")
        node = Node("Element", name, depth=self.depth, attributes=pairs)
        self.scopes.append(scope)
        node.scope = scope
        self.nodes.append(node)
        self.events_since_start = 0

    def end(self, name: str) -> None:
        self.flush()
        index = self.parser.CurrentByteIndex
        scope = self.scopes.pop()
        self.preserve.pop()
        if self.events_since_start == 0 and self.source[index - 2:index] == b"/>":
            self.nodes[-1].empty = True
        else:
            node = Node("EndElement", name, depth=self.depth)
            node.scope = scope
            self.nodes.append(node)
        self.events_since_start += 1

    def characters(self, data: str) -> None:
        if self.in_cdata:
            self.text_cdata.append(data)
        else:
            self.text.append(data)

    def comment(self, data: str) -> None:
        self.flush()
        self.add(Node("Comment", value=data, depth=self.depth))

    def instruction(self, target: str, data: str) -> None:
        self.flush()
        self.add(Node("ProcessingInstruction", target, data, self.depth))

    def start_cdata(self) -> None:
        self.flush()
        self.in_cdata = True
        self.text_cdata: list[str] = []

    def end_cdata(self) -> None:
        self.in_cdata = False
        self.add(Node("CDATA", value="".join(self.text_cdata), depth=self.depth))

    def declaration(self, version: str, encoding: str | None, standalone: int) -> None:
        parts = [f'version="{version}"']
        if encoding:
            parts.append(f'encoding="{encoding}"')
        if standalone != -1:
            parts.append(f'standalone="{"yes" if standalone else "no"}"')
        node = Node("XmlDeclaration", "xml", " ".join(parts), self.depth)
        node.attributes = [tuple(part[:-1].split('="', 1)) for part in parts]  # type: ignore[misc]
        self.add(node)

    def outside(self, data: str) -> None:
        """Blanks before and after the document's element (expat has no event for them)."""
        if self.depth == 0 and data and not data.strip(BLANKS):
            self.text.append(data)

    def doctype(self, name: str, *ignored: object) -> None:
        self.flush()
        self.add(Node("DocumentType", name, depth=self.depth))
