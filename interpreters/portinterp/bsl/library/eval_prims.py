"""The run-time side of ``Выполнить``, ``Вычислить`` (the program's side is the
front-end's ``eval_runtime``) and ``ЗагрузитьСценарийИзСтроки``.

A text is compiled by the runtime's ``compile_fragment`` (the front-end's ``fragment``,
imported on the first text: a program that runs none imports no parser) for the chain of
frames it sees, once per text, kind and chain (the names each frame holds), and kept for
the run.  ``Выполнить`` puts the running method's frame on the chain of the methods whose
``Выполнить`` is running while its text runs (so a method the text calls sees it, as in
OneScript); ``Вычислить`` does not.
"""

from __future__ import annotations

import sys
from typing import Any

EVAL_BUILTINS = [("ЗагрузитьСценарийИзСтроки", "LoadScriptFromString",
                  "loadscriptfromstring", 1, 2)]


class ExecFrame:
    """The variables of a running method, handed to a text: its names, their values (the
    text reads and writes them here), and the error the text ended with."""

    __slots__ = ("fault", "names", "values")

    def __init__(self, names: tuple[str, ...], values: tuple[Any, ...]) -> None:
        self.names = names
        self.values = dict(zip(names, values, strict=True))
        self.fault: BaseException | None = None


class EvalPrims:
    """A mixin of the runtime."""

    def _fragments(self) -> tuple[dict[Any, Any], list[ExecFrame]]:
        state = self.__dict__.get("_eval_state")
        if state is None:
            state = self.__dict__["_eval_state"] = ({}, [])
        return state  # type: ignore[no-any-return]

    def _entry(self, text: Any, kind: str, host: list[Any], chain: list[ExecFrame],
               namespace: dict[str, Any]) -> Any:
        if type(text) is not str:
            text = self.prim_f_string(text)  # type: ignore[attr-defined]
        cache, _running = self._fragments()
        key = (text, kind, id(host), id(namespace), tuple(frame.names for frame in chain))
        entry = cache.get(key)
        if entry is None:
            names = tuple(frame.names for frame in chain)
            compiled = self.compile_fragment(text, kind, host, names)  # type: ignore[attr-defined]
            entry = cache[key] = compiled.fragment.entry("%фрагмент", namespace, self)
        return entry

    def prim_exec_frame(self, names: tuple[str, ...], *values: Any) -> ExecFrame:
        return ExecFrame(names, values)

    def prim_execute(self, text: Any, frame: ExecFrame, host: list[Any]) -> None:
        """Run the text; an error inside is kept for ``exec_done``, after the variables
        are copied back."""
        namespace = sys._getframe(1).f_globals
        _cache, running = self._fragments()
        chain = [*running, frame]
        try:
            entry = self._entry(text, "exec", host, chain, namespace)
            running.append(frame)
            try:
                entry(chain)
            finally:
                running.pop()
        except Exception as error:  # a 1C error, or one the core maps to its words
            frame.fault = error

    def prim_exec_value(self, frame: ExecFrame, index: int) -> Any:
        return frame.values[frame.names[index]]

    def prim_exec_done(self, frame: ExecFrame) -> None:
        if frame.fault is not None:
            fault, frame.fault = frame.fault, None
            raise fault

    def prim_evaluate(self, text: Any, frame: ExecFrame, host: list[Any]) -> Any:
        namespace = sys._getframe(1).f_globals
        _cache, running = self._fragments()
        chain = [*running, frame]
        return self._entry(text, "eval", host, chain, namespace)(chain)

    def prim_chain_get(self, chain: list[ExecFrame], level: int, name: str) -> Any:
        return chain[level].values[name]

    def prim_chain_set(self, chain: list[ExecFrame], level: int, name: str,
                       value: Any) -> None:
        chain[level].values[name] = value
