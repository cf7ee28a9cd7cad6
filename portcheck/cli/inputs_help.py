"""``portcheck COMMAND ALGO --help``: the command's help, then ALGO's inputs — each with its
valid values, its default and what it is — for the commands that take ``NAME=VALUE``
(``reference``, ``run``, ``listing``…).  Without ALGO, or outside a suite, the help alone.

argparse calls a help action as it meets ``--help``, with what it has parsed so far: ALGO,
written before ``--help``, is there.  Only then is the suite read (its reference declares
the inputs), so ``portcheck --help`` and a bare ``--help`` stay as light as they were.
"""

from __future__ import annotations

import argparse
from typing import Any

from portcheck.errors import UsageError


class HelpWithInputs(argparse.Action):
    """``-h``/``--help`` of a command taking ``ALGO`` and ``NAME=VALUE``."""

    def __init__(self, option_strings: list[str], dest: str = argparse.SUPPRESS,
                 default: Any = argparse.SUPPRESS, help: str | None = None) -> None:
        super().__init__(option_strings=option_strings, dest=dest, default=default, nargs=0,
                         help=help)

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                  values: Any, option_string: str | None = None) -> None:
        parser.print_help()
        name = getattr(namespace, "algorithm", None)
        if isinstance(name, str):
            print()
            print("\n".join(inputs_of(name)))
        parser.exit()


def inputs_of(name: str) -> list[str]:
    """The lines that show the inputs of the algorithm ``name`` of the suite here (or one
    line saying why they cannot be shown)."""
    from portcheck.suite.project import find_project

    try:
        algorithm = find_project().algorithm(name)
    except UsageError as error:
        return [f"inputs of {name}: not shown ({error})"]
    lines = [f"inputs of {name} (NAME=VALUE; an input left out takes its default):"]
    if not algorithm.params:
        return [*lines, "  none"]
    width = max(len(f"{n}={p.describe()}") for n, p in algorithm.params.items()) + 2
    for param_name, param in algorithm.params.items():
        default = getattr(param, "default", None)
        shown = f"{param_name}={param.describe()}"
        said = param.help + ("" if default is None else f" (default {default})")
        lines.append(f"  {shown:{width}}{said.strip()}".rstrip())
    return lines
