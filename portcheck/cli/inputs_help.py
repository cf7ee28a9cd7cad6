"""``portcheck COMMAND ALGO --help``: the command's help, then ALGO's inputs — each with its
valid values and its default (or ``required``), in the words of ``portcheck list``
(``suite.algorithms.input_text``), and what it is — for the commands that take inputs
(``reference``, ``run``, ``listing`` their ``NAME=VALUE`` words, ``check`` its ``--args
"{name}"``, ``fuzz`` its draws and ``--range``).

argparse calls a help action as it meets ``--help``, with what it has parsed so far: ALGO,
written before ``--help``, is there.  Only then is the suite read (its reference declares
the inputs), so ``portcheck --help`` and a bare ``COMMAND --help`` stay as light as they
were.  Without ALGO, or outside a suite, the help alone; an ALGO the suite does not have:
the help and one line saying so (exit 0, as any help: ``docs/decisions.md``).
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from portcheck.errors import UsageError


class HelpWithInputs(argparse.Action):
    """``-h``/``--help`` of a command taking ``ALGO`` and its inputs."""

    def __init__(self, option_strings: list[str], dest: str = argparse.SUPPRESS,
                 default: Any = argparse.SUPPRESS, help: str | None = None) -> None:
        super().__init__(option_strings=option_strings, dest=dest, default=default, nargs=0,
                         help=help)

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: Any, option_string: str | None = None) -> None:
        name = getattr(namespace, "algorithm", None)
        lines = inputs_of(name) if isinstance(name, str) else []
        # the suite read first, then the help written and flushed here: a reader that went
        # away (`| head -1`) is a BrokenPipeError that `cli.main` turns into a quiet exit
        text = parser.format_help()
        if lines:
            text += "\n" + "\n".join(lines) + "\n"
        sys.stdout.write(text)
        sys.stdout.flush()
        parser.exit()


def inputs_of(name: str) -> list[str]:
    """The lines that show the inputs of the algorithm ``name`` of the suite here: none
    outside a suite, one saying why where they cannot be shown."""
    from portcheck.suite.algorithms import input_text
    from portcheck.suite.project import find_project

    try:
        project = find_project()
    except UsageError:  # outside a suite: no algorithm to speak of, the help alone
        return []
    try:
        known = project.algorithms
    except UsageError as error:  # a reference that does not load says why, in one line
        return [f"inputs of {name}: not shown ({error})"]
    if name not in known:
        return [f"no algorithm {name!r} in this suite (known: {', '.join(known) or 'none'})"]
    params = known[name].params
    if not params:
        return [f"inputs of {name}: none"]
    shown = {param_name: input_text(param_name, param, required=True)
             for param_name, param in params.items()}
    width = max(map(len, shown.values())) + 2
    lines = [f"inputs of {name}:"]
    lines += [f"  {shown[n]:{width}}{p.help}".rstrip() for n, p in params.items()]
    return lines
