"""Imports every module that registers object types in ``objects`` (for ``Новый`` and ``Тип``)."""

from portinterp.bsl.library import (
    binary_data,  # noqa: F401
    collections_fixed,  # noqa: F401
    collections_list,  # noqa: F401
    collections_table,  # noqa: F401
    collections_tree,  # noqa: F401
    hashing,  # noqa: F401
    json_reader,  # noqa: F401
    json_writer,  # noqa: F401
    random_generator,  # noqa: F401
    regex_objects,  # noqa: F401
    scripts,  # noqa: F401
    system_info,  # noqa: F401
    text_files,  # noqa: F401
    this_object,  # noqa: F401
    type_description,  # noqa: F401
    uuid_value,  # noqa: F401
)
