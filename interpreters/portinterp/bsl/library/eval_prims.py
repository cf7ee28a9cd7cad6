"""The run-time side of ``Выполнить``/``Вычислить`` (``eval_inline`` does the compile-time
side): a text that did not compile fails when its statement runs, with OneScript's words."""

from __future__ import annotations

from typing import Any

from portinterp.errors import ProgramFault

# The hidden function the inliner calls in place of a text that does not compile.
NOT_COMPILED_NAME = "%текстневычисляется"
EVAL_BUILTINS = [(NOT_COMPILED_NAME, NOT_COMPILED_NAME, "evalnotcompiled", 1, 1)]


class EvalPrims:
    """A mixin of the runtime."""

    def prim_f_evalnotcompiled(self, message: Any) -> Any:
        raise ProgramFault(str(message))
