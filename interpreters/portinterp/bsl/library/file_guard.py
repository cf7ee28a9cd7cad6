"""The 1C library's door to the run's file policy (``portinterp.file_policy``): every
function that touches a file (``files/``, ``scripts``) asks :func:`allowed` first, and a
path outside a confined run's folders is the 1C error ``Ошибка доступа к файлу``, which the
program's ``Попытка`` catches."""

from __future__ import annotations

from portinterp import file_policy
from portinterp.errors import ProgramFault

REFUSED = "Ошибка доступа к файлу"


def allowed(path: str, *, write: bool = False) -> str:
    """``path``, when the run's file policy lets the program read it (or ``write`` it);
    else the 1C error ``Ошибка доступа к файлу: '<path>'``."""
    policy = file_policy.current()
    try:
        return policy.writing(path) if write else policy.reading(path)
    except file_policy.Refused:
        raise ProgramFault(f"{REFUSED}: '{path}'") from None
