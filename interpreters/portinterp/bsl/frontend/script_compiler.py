"""Compiling a script that ``ПодключитьСценарий``/``ЗагрузитьСценарий`` loads
(``library.scripts``): the module checked and lowered as a program is, with the hidden
dispatcher of ``ЭтотОбъект`` always present (its procedures are called by name), the
static-type specialisation, and what the object exports.  A script that cannot be read or
compiled is a run-time error of the program that loads it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from portinterp.bsl.frontend.dispatcher import dispatcher
from portinterp.bsl.frontend.lower import ModuleLowering
from portinterp.bsl.frontend.parser import parse
from portinterp.bsl.frontend.source import normalise
from portinterp.bsl.library.scripts import LoadedModule
from portinterp.bsl.library.this_object import DISPATCHER
from portinterp.core import ir
from portinterp.core.deep import call_deep
from portinterp.core.program import RuntimeBase, compile_module
from portinterp.errors import ProgramFault, SourceError


def compile_script(path: str, runtime_class: type[RuntimeBase]) -> LoadedModule:
    """The script at ``path`` compiled for runtimes of ``runtime_class``."""
    try:
        text = Path(path).read_text(encoding="utf-8")  # annotations kept: Рефлектор reads them
    except (OSError, UnicodeDecodeError) as error:
        raise ProgramFault(f"Ошибка чтения сценария {path}: {error}") from None
    return compile_script_text(text, path, runtime_class)


def compile_script_text(text: str, path: str, runtime_class: type[RuntimeBase],
                        context: tuple[str, ...] = ()) -> LoadedModule:
    """A script's text (``ЗагрузитьСценарийИзСтроки``: ``context`` names the variables its
    external context gives it, module variables set before its body runs)."""
    try:
        tree = call_deep(parse, normalise(text, path), path)
        lowering = ModuleLowering(path)
        lowering.module_vars.update(name.lower() for name in context)
        module = call_deep(lowering.module, tree)
        if context:  # their values are set before the body: not reset to Неопределено
            given = {name.lower() for name in context}
            module.body = [s for s in module.body if not (
                id(s) in lowering.initial and isinstance(s, ir.Assign)
                and isinstance(s.target, ir.Var) and s.target.name in given)]
    except SourceError as error:
        raise ProgramFault(compile_failure(error)) from None
    if DISPATCHER not in lowering.hidden_procs:  # a script naming ЭтотОбъект has it
        module.procs.append(dispatcher(lowering.signatures, ir.NOWHERE))
    program = compile_module(lowering.finish(module), runtime_class)
    return LoadedModule(program, lowering.signatures, lowering.exported,
                        {name.lower(): name for name in _exported_vars(tree)}, text)


def compile_failure(error: SourceError) -> str:
    """How a script that does not compile is reported (the program loading it goes on),
    with the words of OneScript's compiler where they differ (``fragment.onescript_words``)."""
    from portinterp.bsl.frontend.fragment import onescript_words

    return f"Ошибка компиляции сценария: {error.filename}:{error.line}:{error.col}: " + \
        onescript_words(error.message)


def _exported_vars(tree: Any) -> list[str]:
    names = []
    for node in tree.children:
        if getattr(node, "data", None) != "module_var":
            continue
        for var in node.children:
            if getattr(var, "data", None) == "var_name" and any(
                    getattr(c, "type", None) == "EXPORT" for c in var.children[1:]):
                names.append(var.children[0].value)
    return names
