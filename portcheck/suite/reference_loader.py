"""Loading a project's reference algorithms from its ``reference/`` folder, as pytest loads a
``conftest.py``: from the project root, never from an installed package.

The folder is imported as a package of its own, under a name made from the root's path
(``portcheck_suite_<digest>``), so two projects (another checkout, a folder made by
``portcheck init``) never see each other's modules and no top-level name is claimed in
``sys.modules``.  Modules of the folder import one another relatively (``from . import
dice``) and the tool's facilities from ``portcheck`` (``from portcheck.suite.params import
IntParam``).  Every module that defines ``CASES`` and ``output`` is an algorithm; it is
checked when loaded, and any mistake is one line naming the file (and line).

This imports the suite's code into the process that calls it: portcheck itself never does
(its algorithms come from the reference's own process, ``reference_host``, which calls
:func:`load_modules`); the suite's own tests may.  A file of ``reference/`` must be a
regular file in that folder (no FIFO to hang the import, no link out of the suite).
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.machinery
import importlib.util
import os
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

from portcheck.errors import UsageError
from portcheck.files.guarded import read_bytes
from portcheck.suite.algorithms import declare, where_in

REFERENCE = "reference"


def load_modules(root: Path,
                 loading: Callable[[Path], None] = lambda path: None) -> dict[str, ModuleType]:
    """Every algorithm module of the project at ``root``, by algorithm name, imported into
    this process and checked (``loading(path)`` is told each file before its import)."""
    folder = root.resolve() / REFERENCE
    if not folder.is_dir():
        return {}
    for path in [folder / "__init__.py", *sorted(folder.glob("*.py"))]:
        if os.path.lexists(path):
            _check_file(path, folder)
    package = _package(folder)
    found: dict[str, ModuleType] = {}
    for path in sorted(folder.glob("*.py")):
        if path.stem == "__init__":
            continue
        loading(path)
        module = _import(f"{package.__name__}.{path.stem}", path)
        if hasattr(module, "CASES") and hasattr(module, "output"):
            name = declare(module, path)["name"]
            if name in found:
                raise UsageError(f"{path}: algorithm name {name!r} is already used by "
                                 f"{found[name].__file__}")
            found[name] = module
    return dict(sorted(found.items()))


def _check_file(path: Path, folder: Path) -> None:
    """A module of the suite is a regular file in ``reference/`` (read through
    ``files.guarded``: a FIFO, a device or a link out of the folder is one line)."""
    read_bytes(path, inside=folder)


def _package_name(folder: Path) -> str:
    return f"portcheck_suite_{hashlib.sha256(str(folder).encode()).hexdigest()[:12]}"


def _package(folder: Path) -> ModuleType:
    """``reference/`` as a package with a name of its own (its ``__init__.py`` runs if any)."""
    name = _package_name(folder)
    if name in sys.modules:
        return sys.modules[name]
    init = folder / "__init__.py"
    if init.is_file():
        spec = importlib.util.spec_from_file_location(
            name, init, submodule_search_locations=[str(folder)])
    else:  # a plain folder: a package with no code of its own
        spec = importlib.machinery.ModuleSpec(name, None, is_package=True)
        spec.submodule_search_locations = [str(folder)]
    if spec is None:
        raise UsageError(f"{folder}: cannot be loaded as a package")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    if spec.loader is not None:
        _run(spec.loader.exec_module, module, init, name)
    return module


def _import(name: str, path: Path) -> ModuleType:
    if name in sys.modules:
        return sys.modules[name]
    return _run(importlib.import_module, name, path, name)


def _run(load, argument, path: Path, name: str):  # type: ignore[no-untyped-def]
    """``load(argument)``; any error in the suite's code is one line naming its place.
    No byte code is written: loading a suite leaves no ``__pycache__`` in the project."""
    saved, sys.dont_write_bytecode = sys.dont_write_bytecode, True
    try:
        return load(argument)
    except SyntaxError as error:
        sys.modules.pop(name, None)
        raise UsageError(f"{error.filename or path}:{error.lineno or 1}: syntax error: "
                         f"{error.msg}") from None
    except (Exception, SystemExit) as error:
        sys.modules.pop(name, None)
        raise UsageError(f"{where_in(error, path)}: cannot load: "
                         f"{type(error).__name__}: {error}") from None
    finally:
        sys.dont_write_bytecode = saved

