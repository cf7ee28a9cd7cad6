"""The runtime a compiled 1C program runs with in 1C:Enterprise's dialect (``--dialect
platform``, the default): the run-time core (``runtime.core``) with the standard library's
primitives (``library``'s mixins).  ``onescript.OneScriptRuntime`` derives OneScript's."""

from __future__ import annotations

from typing import Any

from portinterp.bsl.library.bitwise import BitwisePrims
from portinterp.bsl.library.eval_prims import EvalPrims
from portinterp.bsl.library.global_prims import GlobalPrims
from portinterp.bsl.library.media_prims import MediaPrims
from portinterp.bsl.library.object_prims import ObjectPrims
from portinterp.bsl.library.scripts import LoadedModule, ScriptObject
from portinterp.bsl.runtime.core import BslRuntimeCore
from portinterp.errors import ProgramFault


class BslRuntime(ObjectPrims, MediaPrims, GlobalPrims, BitwisePrims, EvalPrims,
                 BslRuntimeCore):
    """1C:Enterprise's dialect: the run-time core and the standard library."""

    def prim_labels_used(self) -> None:
        """Labels are 1C:Enterprise's (the OneScript dialect refuses them)."""

    def compile_script(self, path: str) -> LoadedModule:
        """A script that ``ПодключитьСценарий``/``ЗагрузитьСценарий`` loads, compiled for
        this runtime's class (``library.scripts`` asks; the front-end, with Lark, is
        imported only when a program loads one)."""
        from portinterp.bsl.frontend.script_compiler import compile_script

        return compile_script(path, type(self))

    def prim_f_loadscriptfromstring(self, text: Any, context: Any = None) -> Any:
        """``ЗагрузитьСценарийИзСтроки(Текст, ВнешнийКонтекст)``: the text as a script
        object; the context's keys are variables of the script, set before its body (here,
        not in ``eval_prims``: ``library.scripts`` imports the names that import those)."""
        if type(text) is not str:
            raise ProgramFault("Неверный тип аргумента")
        preset: dict[str, Any] = {}
        if context is not None:
            entries = getattr(context, "entries", None)
            if not isinstance(entries, dict):
                raise ProgramFault("Неверный тип аргумента")
            preset = {key: value for key, value in entries.values()}
        module = self.compile_script_text(text, tuple(preset))
        return ScriptObject(module, "Сценарий", self, (), preset)

    def compile_script_text(self, text: str, context: tuple[str, ...]) -> LoadedModule:
        """``ЗагрузитьСценарийИзСтроки``'s text (``context``: its external variables)."""
        from portinterp.bsl.frontend.script_compiler import compile_script_text

        return compile_script_text(text, "<string>", type(self), context)

    def compile_fragment(self, text: str, kind: str, host: list[Any],
                         chain: tuple[tuple[str, ...], ...]) -> Any:
        """A text of ``Выполнить`` (``kind`` ``"exec"``) or ``Вычислить`` (``"eval"``),
        compiled by the front-end (``eval_prims`` asks)."""
        from portinterp.bsl.frontend.fragment import compile_fragment

        return compile_fragment(text, kind, host, chain, type(self))
