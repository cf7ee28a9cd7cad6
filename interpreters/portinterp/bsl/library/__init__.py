"""1C's standard library as OneScript 1.9.2 has it: collections, JSON, XML, regular
expressions, .NET's formatting and decimals, time zones, text and binary files, hashing,
scripts as objects — each module emulating a part of OneScript's global context.

The global functions are the runtime's primitives (the mixins ``*_prims``, which
``bsl.platform`` adds to the run-time core); the names the checker consults are
``names``'s; the object types register themselves in ``runtime.objects`` when
``load_object_types`` imports their modules (``portinterp.bsl`` hands it to the registry,
which calls it the first time a type is asked for by name).
"""

from __future__ import annotations


def load_object_types() -> None:
    """Import every module that registers object types (for ``Новый`` and ``Тип``), and
    give ``Тип("…")`` the names of the global enumerations' types."""
    from portinterp.bsl.library import (  # noqa: F401
        background_jobs,
        console,
        processes,
        random_generator,
        regex_objects,
        scripts,
        system_info,
        this_object,
        type_description,
        uuid_value,
    )
    from portinterp.bsl.library.collections import (  # noqa: F401
        fixed,
        value_list,
        value_table,
        value_tree,
    )
    from portinterp.bsl.library.dotnet import clr_objects  # noqa: F401
    from portinterp.bsl.library.files import (  # noqa: F401
        binary_data,
        data_reader,
        data_writer,
        file_object,
        folders,
        hashing,
        streams,
        text_files,
        text_writer,
    )
    from portinterp.bsl.library.json import reader, writer  # noqa: F401
    from portinterp.bsl.library.names_globals import GLOBAL_TYPE_NAMES
    from portinterp.bsl.library.xml import reader as xml_reader  # noqa: F401
    from portinterp.bsl.library.xml import settings, writer_settings  # noqa: F401
    from portinterp.bsl.library.xml import writer as xml_writer  # noqa: F401
    from portinterp.bsl.runtime.objects import TYPE_NAMES

    TYPE_NAMES.update(GLOBAL_TYPE_NAMES)
