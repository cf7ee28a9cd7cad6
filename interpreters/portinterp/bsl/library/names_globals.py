"""The global functions of dates, time zones, XML, URL encoding and finding files
(``global_prims.py``) and their system enumerations, as rows ``library`` adds to its tables."""

from __future__ import annotations

from portinterp.bsl.runtime.objects import enumeration

# A date in, a value out: (Russian, English, canonical) — ``dates.ONE_DATE`` computes them.
ONE_DATE_ROWS = [
    ("ДеньНедели", "DayOfWeek", "dayofweek"), ("ДеньГода", "DayOfYear", "dayofyear"),
    ("НеделяГода", "WeekOfYear", "weekofyear"), ("НачалоГода", "BegOfYear", "begofyear"),
    ("НачалоКвартала", "BegOfQuarter", "begofquarter"),
    ("НачалоМесяца", "BegOfMonth", "begofmonth"), ("НачалоНедели", "BegOfWeek", "begofweek"),
    ("НачалоДня", "BegOfDay", "begofday"), ("НачалоЧаса", "BegOfHour", "begofhour"),
    ("НачалоМинуты", "BegOfMinute", "begofminute"), ("КонецГода", "EndOfYear", "endofyear"),
    ("КонецКвартала", "EndOfQuarter", "endofquarter"),
    ("КонецМесяца", "EndOfMonth", "endofmonth"), ("КонецНедели", "EndOfWeek", "endofweek"),
    ("КонецДня", "EndOfDay", "endofday"), ("КонецЧаса", "EndOfHour", "endofhour"),
    ("КонецМинуты", "EndOfMinute", "endofminute"),
]

# (Russian, English, canonical, fewest arguments, most arguments): ``prim_f_<canonical>``.
GLOBAL_BUILTINS = [(ru, en, canonical, 1, 1) for ru, en, canonical in ONE_DATE_ROWS] + [
    ("ДобавитьМесяц", "AddMonth", "addmonth", 2, 2),
    ("ТекущаяУниверсальнаяДата", "CurrentUniversalDate", "currentuniversaldate", 0, 0),
    ("ТекущаяУниверсальнаяДатаВМиллисекундах", "CurrentUniversalDateInMilliseconds",
     "currentuniversaldateinmilliseconds", 0, 0),
    ("ЧасовойПояс", "TimeZone", "timezone", 0, 0),
    ("ПолучитьДопустимыеЧасовыеПояса", "GetAvailableTimeZones", "getavailabletimezones", 0, 0),
    ("ПредставлениеЧасовогоПояса", "TimeZonePresentation", "timezonepresentation", 1, 1),
    ("УниверсальноеВремя", "ToUniversalTime", "touniversaltime", 1, 2),
    ("МестноеВремя", "ToLocalTime", "tolocaltime", 1, 2),
    ("СмещениеСтандартногоВремени", "StandardTimeOffset", "standardtimeoffset", 0, 2),
    ("XMLСтрока", "XMLString", "xmlstring", 1, 1),
    ("XMLЗначение", "XMLValue", "xmlvalue", 2, 2),
    ("КодироватьСтроку", "EncodeString", "encodestring", 2, 3),
    ("РаскодироватьСтроку", "DecodeString", "decodestring", 2, 3),
    ("ПолучитьМаскуВсеФайлы", "GetAllFilesMask", "getallfilesmask", 0, 0),
    ("ПолучитьРазделительПути", "GetPathSeparator", "getpathseparator", 0, 0),
    ("НайтиФайлы", "FindFiles", "findfiles", 1, 3),
    ("СтартовыйСценарий", "EntryScript", "entryscript", 0, 0),
    ("Приостановить", "Sleep", "sleep", 1, 1),
    ("ПолучитьПеременнуюСреды", "GetEnvironmentVariable", "getenvironmentvariable", 1, 2),
    ("УстановитьПеременнуюСреды", "SetEnvironmentVariable", "setenvironmentvariable", 2, 3),
    ("ПеременныеСреды", "EnvironmentVariables", "environmentvariables", 0, 1),
    # processes (processes.py) and folders (files/folders.py)
    ("СоздатьПроцесс", "CreateProcess", "createprocess", 1, 6),
    ("ЗапуститьПриложение", "RunApp", "runapp", 1, 4),
    ("ТекущийПроцесс", "CurrentProcess", "currentprocess", 0, 0),
    ("НайтиПроцессПоИдентификатору", "FindProcessById", "findprocessbyid", 1, 1),
    ("НайтиПроцессыПоИмени", "FindProcessesByName", "findprocessesbyname", 1, 1),
    ("КаталогПрограммы", "ProgramDirectory", "programdirectory", 0, 0),
    ("ТекущийКаталог", "CurrentDirectory", "currentdirectory", 0, 0),
    ("УстановитьТекущийКаталог", "SetCurrentDirectory", "setcurrentdirectory", 1, 1),
]

MESSAGE_STATUS = enumeration(
    "СтатусСообщения", "MessageStatus", "БезСтатуса WithoutStatus", "Важное Important",
    "Внимание Attention", "Информация Information", "Обычное Ordinary",
    "ОченьВажное VeryImportant")
STRING_ENCODING = enumeration("СпособКодированияСтроки", "StringEncodingMethod",
                              "КодировкаURL URLEncoding", "URLВКодировкеURL URLInURLEncoding")
# OneScript's system enumerations that nothing here uses but a program may name or compare
# (ConsoleColorEnum.cs, XmlNodeTypeEnum.cs).
CONSOLE_COLOR = enumeration(
    "ЦветКонсоли", "ConsoleColor", "Черный Black", "ТемноСиний DarkBlue",
    "ТемноЗеленый DarkGreen", "ТемноБирюзовый DarkCyan", "ТемноКрасный DarkRed",
    "ТемноМалиновый DarkMagenta", "ТемноЖелтый DarkYellow", "Серый Gray", "ТемноСерый DarkGray",
    "Синий Blue", "Зеленый Green", "Бирюза Cyan", "Красный Red", "Малиновый Magenta",
    "Желтый Yellow", "Белый White")
XML_NODE_TYPE = enumeration(
    "ТипУзлаXML", "XMLNodeType", "Атрибут Attribute", "ИнструкцияОбработки ProcessingInstruction",
    "Комментарий Comment", "КонецСущности EndEntity", "КонецЭлемента EndElement",
    "НачалоЭлемента StartElement", "Ничего None", "Нотация Notation",
    "ОбъявлениеXML XMLDeclaration",
    "ОпределениеТипаДокумента DocumentTypeDefinition", "ПробельныеСимволы Whitespace",
    "СекцияCDATA CDATASection", "СсылкаНаСущность EntityReference", "Сущность Entity",
    "Текст Text")
XML_SPACE = enumeration("ПробельныеСимволыXML", "XMLSpace", "ПоУмолчанию Default",
                        "Сохранять Preserve")
XML_VALIDATION = enumeration("ТипПроверкиXML", "XMLValidationType", "НетПроверки NoValidate",
                             "ОпределениеТипаДокумента DocumentTypeDefinition",
                             "СхемаXML XMLSchema")
JOB_STATE = enumeration("СостояниеФоновогоЗадания", "BackgroundJobState",
                        "НеВыполнялось NotRunned", "Активно Active", "Завершено Completed",
                        "ЗавершеноАварийно Failed")  # background_jobs.py
# host_environment.py
TARGETS = enumeration("РасположениеПеременнойСреды", "EnvironmentVariableTarget",
                      "Процесс Process", "Пользователь User", "Машина Machine")
PLATFORMS = enumeration("ТипПлатформы", "PlatformType", "Linux_x86", "Linux_x86_64",
                        "MacOS_x86", "MacOS_x86_64", "Windows_x86", "Windows_x86_64")
FOLDERS = enumeration(
    "СпециальнаяПапка", "SpecialFolder", "МоиДокументы MyDocuments",
    "ДанныеПриложений ApplicationData",
    "ЛокальныйКаталогДанныхПриложений LocalApplicationData", "РабочийСтол Desktop",
    "КаталогРабочийСтол DesktopDirectory", "МояМузыка MyMusic", "МоиРисунки MyPictures",
    "Шаблоны Templates", "МоиВидеозаписи MyVideos", "ОбщиеШаблоны CommonTemplates",
    "ПрофильПользователя UserProfile",
    "ОбщийКаталогДанныхПриложения CommonApplicationData")
DRIVE_TYPES = enumeration(  # files/folders.py (DriveTypeEnum.cs, names read on OneScript)
    "ТипДиска", "DriveType", "Неизвестный Unknown", "НеИмеетКорневойКаталог NoRootDirectory",
    "СъемноеЗапоминающееУстройство Removable", "ЖесткийДиск Fixed", "СетевойДиск Network",
    "ОптическийДиск CDRom", "ДискОЗУ Ram")
GLOBAL_ENUMS: dict[str, dict[str, object]] = {
    **MESSAGE_STATUS, **STRING_ENCODING, **CONSOLE_COLOR, **XML_NODE_TYPE, **XML_SPACE,
    **XML_VALIDATION, **JOB_STATE, **TARGETS, **PLATFORMS, **FOLDERS, **DRIVE_TYPES}
# ``Тип("СтатусСообщения")`` = ``ТипЗнч(СтатусСообщения.Важное)``.
GLOBAL_TYPE_NAMES = {spelling: "СтатусСообщения" for spelling in MESSAGE_STATUS} | {
    spelling: "СпособКодированияСтроки" for spelling in STRING_ENCODING} | {
    spelling: "ЦветКонсоли" for spelling in CONSOLE_COLOR} | {
    spelling: "ТипУзлаXML" for spelling in XML_NODE_TYPE} | {
    spelling: "ПробельныеСимволыXML" for spelling in XML_SPACE} | {
    spelling: "ТипПроверкиXML" for spelling in XML_VALIDATION} | {
    spelling: "СостояниеФоновогоЗадания" for spelling in JOB_STATE} | {
    spelling: "РасположениеПеременнойСреды" for spelling in TARGETS} | {
    spelling: "ТипПлатформы" for spelling in PLATFORMS} | {
    spelling: "СпециальнаяПапка" for spelling in FOLDERS} | {
    spelling: "ТипДиска" for spelling in DRIVE_TYPES}
