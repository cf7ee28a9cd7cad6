"""The global functions and system enumerations of the object types (``objects.py`` and the
modules registering types there), as rows ``library`` adds to its tables."""

from __future__ import annotations

from portinterp.bsl.runtime.objects import enumeration

# (Russian, English, canonical, fewest arguments, most arguments): ``prim_f_<canonical>``.
OBJECT_BUILTINS = [
    ("ИнформацияОбОшибке", "ErrorInfo", "errorinfo", 0, 0),
    ("ЗаполнитьЗначенияСвойств", "FillPropertyValues", "fillpropertyvalues", 2, 4),
    ("ТекущийСценарий", "CurrentScript", "currentscript", 0, 0),
    ("ОбъединитьПути", "CombinePath", "combinepath", 1, 99),
    ("ПодключитьСценарий", "AttachScript", "attachscript", 2, 2),
    ("ЗагрузитьСценарий", "LoadScript", "loadscript", 1, 2),
    ("КраткоеПредставлениеОшибки", "BriefErrorDescription", "brieferrordescription", 1, 1),
    ("ПодробноеПредставлениеОшибки", "DetailErrorDescription", "detailerrordescription",
     1, 1),
]

SORT_DIRECTION = enumeration("НаправлениеСортировки", "SortDirection", "Возр Asc", "Убыв Desc")
ALLOWED_SIGN = enumeration("ДопустимыйЗнак", "AllowedSign", "Любой Any",
                           "Неотрицательный Nonnegative")
ALLOWED_LENGTH = enumeration("ДопустимаяДлина", "AllowedLength", "Переменная Variable",
                             "Фиксированная Fixed")
DATE_FRACTIONS = enumeration("ЧастиДаты", "DateFractions", "ДатаВремя DateTime", "Дата Date",
                             "Время Time")

# System enumerations read as constants (``ДопустимыйЗнак.Любой``): name -> {member: value}.
OBJECT_ENUMS: dict[str, dict[str, object]] = {
    **SORT_DIRECTION, **ALLOWED_SIGN, **ALLOWED_LENGTH, **DATE_FRACTIONS}
