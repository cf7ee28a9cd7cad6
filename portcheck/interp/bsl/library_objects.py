"""The global functions and system enumerations of the object types (``objects.py`` and the
modules registering types there), as rows ``library`` adds to its tables."""

from __future__ import annotations

from portcheck.interp.bsl.collections_list import SORT_DIRECTION
from portcheck.interp.bsl.type_description import ALLOWED_LENGTH, ALLOWED_SIGN, DATE_FRACTIONS

# (Russian, English, canonical, fewest arguments, most arguments): ``prim_f_<canonical>``.
OBJECT_BUILTINS = [
    ("ИнформацияОбОшибке", "ErrorInfo", "errorinfo", 0, 0),
    ("ЗаполнитьЗначенияСвойств", "FillPropertyValues", "fillpropertyvalues", 2, 4),
]

# System enumerations read as constants (``ДопустимыйЗнак.Любой``): name -> {member: value}.
OBJECT_ENUMS: dict[str, dict[str, object]] = {
    **SORT_DIRECTION, **ALLOWED_SIGN, **ALLOWED_LENGTH, **DATE_FRACTIONS}
