"""The global functions and system enumerations of JSON, regular expressions, binary data and
text files (OneScript's), as rows ``library`` adds to its tables (``media_prims.py``
implements the functions; the object types load on first use)."""

from __future__ import annotations

from portinterp.bsl.library.files.buffer_ops import BYTE_ORDER
from portinterp.bsl.runtime.objects import enumeration

# (Russian, English, canonical, fewest arguments, most arguments): ``prim_f_<canonical>``.
MEDIA_BUILTINS = [
    ("ПрочитатьJSON", "ReadJSON", "readjson", 1, 9),
    ("ЗаписатьJSON", "WriteJSON", "writejson", 2, 6),
    ("ПрочитатьДатуJSON", "ReadJSONDate", "readjsondate", 2, 2),
    ("ПолучитьИмяВременногоФайла", "GetTempFileName", "gettempfilename", 0, 1),
    ("КаталогВременныхФайлов", "TempFilesDir", "tempfilesdir", 0, 0),
    ("УдалитьФайлы", "DeleteFiles", "deletefiles", 1, 2),
    ("КопироватьФайл", "CopyFile", "copyfile", 2, 2),
    ("ПереместитьФайл", "MoveFile", "movefile", 2, 2),
    ("СоздатьКаталог", "CreateDirectory", "createdirectory", 1, 1),
    ("Base64Строка", "Base64String", "base64string", 1, 1),
    ("Base64Значение", "Base64Value", "base64value", 1, 1),
]
# ``ПолучитьДвоичныеДанныеИзСтроки`` and the other conversions of GlobalBinaryData.cs
# (binary_data.CONVERSIONS): (Russian, English, fewest, most); canonical = English, lower.
BINARY_FUNCTIONS = [
    ("ПолучитьДвоичныеДанныеИзСтроки", "GetBinaryDataFromString", 1, 3),
    ("ПолучитьБуферДвоичныхДанныхИзСтроки", "GetBinaryDataBufferFromString", 1, 3),
    ("ПолучитьСтрокуИзДвоичныхДанных", "GetStringFromBinaryData", 1, 2),
    ("ПолучитьСтрокуИзБуфераДвоичныхДанных", "GetStringFromBinaryDataBuffer", 1, 2),
    ("ПолучитьBase64СтрокуИзДвоичныхДанных", "GetBase64StringFromBinaryData", 1, 1),
    ("ПолучитьBase64СтрокуИзБуфераДвоичныхДанных", "GetBase64StringFromBinaryDataBuffer",
     1, 1),
    ("ПолучитьДвоичныеДанныеИзBase64Строки", "GetBinaryDataFromBase64String", 1, 1),
    ("ПолучитьБуферДвоичныхДанныхИзBase64Строки", "GetBinaryDataBufferFromBase64String",
     1, 1),
    ("ПолучитьHexСтрокуИзДвоичныхДанных", "GetHexStringFromBinaryData", 1, 1),
    ("ПолучитьHexСтрокуИзБуфераДвоичныхДанных", "GetHexStringFromBinaryDataBuffer", 1, 1),
    ("ПолучитьДвоичныеДанныеИзHexСтроки", "GetBinaryDataFromHexString", 1, 1),
    ("ПолучитьБуферДвоичныхДанныхИзHexСтроки", "GetBinaryDataBufferFromHexString", 1, 1),
    ("ПолучитьBase64ДвоичныеДанныеИзДвоичныхДанных", "GetBase64BinaryDataFromBinaryData",
     1, 1),
    ("ПолучитьBase64БуферДвоичныхДанныхИзБуфераДвоичныхДанных",
     "GetBase64BinaryDataBufferFromBinaryDataBuffer", 1, 1),
    ("ПолучитьДвоичныеДанныеИзBase64ДвоичныхДанных", "GetBinaryDataFromBase64BinaryData",
     1, 1),
    ("ПолучитьБуферДвоичныхДанныхИзBase64БуфераДвоичныхДанных",
     "GetBinaryDataBufferFromBase64BinaryDataBuffer", 1, 1),
    ("ПолучитьHexДвоичныеДанныеИзДвоичныхДанных", "GetHexBinaryDataFromBinaryData", 1, 1),
    ("ПолучитьHexБуферДвоичныхДанныхИзБуфераДвоичныхДанных",
     "GetHexBinaryDataBufferFromBinaryDataBuffer", 1, 1),
    ("ПолучитьДвоичныеДанныеИзHexДвоичныхДанных", "GetBinaryDataFromHexBinaryData", 1, 1),
    ("ПолучитьБуферДвоичныхДанныхИзHexБуфераДвоичныхДанных",
     "GetBinaryDataBufferFromHexBinaryDataBuffer", 1, 1),
    ("ПолучитьБуферДвоичныхДанныхИзДвоичныхДанных", "GetBinaryDataBufferFromBinaryData", 1, 1),
    ("ПолучитьДвоичныеДанныеИзБуфераДвоичныхДанных", "GetBinaryDataFromBinaryDataBuffer", 1, 1),
    ("СоединитьДвоичныеДанные", "ConcatBinaryData", 1, 1),
    ("РазделитьДвоичныеДанные", "SplitBinaryData", 2, 2),
]
MEDIA_BUILTINS += [(russian, english, english.lower(), low, high)
                   for russian, english, low, high in BINARY_FUNCTIONS]

JSON_VALUE_TYPE = enumeration(
    "ТипЗначенияJSON", "JSONValueType", "Null", "Булево Boolean", "ИмяСвойства PropertyName",
    "Комментарий Comment", "КонецМассива ArrayEnd", "КонецОбъекта ObjectEnd",
    "НачалоМассива ArrayStart", "НачалоОбъекта ObjectStart", "Ничего None", "Строка String",
    "Число Number")
JSON_LINE_BREAK = enumeration("ПереносСтрокJSON", "JSONLineBreak", "Unix", "Windows",
                              "Авто Auto", "Нет None")
JSON_ESCAPE = enumeration("ЭкранированиеСимволовJSON", "JSONCharactersEscapeMode", "Нет None",
                          "СимволыВнеASCII NotASCIISymbols", "СимволыВнеBMP SymbolsNotInBMP")
JSON_DATE_FORMAT = enumeration("ФорматДатыJSON", "JSONDateFormat", "ISO", "JavaScript",
                               "Microsoft")
TEXT_ENCODING = enumeration("КодировкаТекста", "TextEncoding", "ANSI", "OEM", "UTF16",
                            "UTF8", "UTF8NoBOM", "Системная System")
HASH_FUNCTION = enumeration("ХешФункция", "HashFunction", "MD5", "SHA1", "SHA256", "SHA384",
                            "SHA512", "CRC32")
FILE_OPEN_MODE = enumeration("РежимОткрытияФайла", "FileOpenMode", "Дописать Append",
                             "Обрезать Truncate", "Открыть Open", "ОткрытьИлиСоздать OpenOrCreate",
                             "Создать Create", "СоздатьНовый CreateNew")
FILE_ACCESS = enumeration("ДоступКФайлу", "FileAccess", "Запись Write", "Чтение Read",
                          "ЧтениеИЗапись ReadAndWrite")
STREAM_POSITION = enumeration("ПозицияВПотоке", "StreamPosition", "Начало Begin", "Конец End",
                              "Текущая Current")

MEDIA_ENUMS: dict[str, dict[str, object]] = {
    **JSON_VALUE_TYPE, **JSON_LINE_BREAK, **JSON_ESCAPE, **JSON_DATE_FORMAT, **TEXT_ENCODING,
    **HASH_FUNCTION, **BYTE_ORDER, **FILE_OPEN_MODE, **FILE_ACCESS, **STREAM_POSITION}


def member(table: dict[str, dict[str, object]], name: str) -> object:
    """One member of an enumeration made above, by its Russian name."""
    return next(iter(table.values()))[name.lower()]
