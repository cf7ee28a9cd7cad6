"""portcheck's side of its embedded interpreters (``portinterp``, reached through
``portcheck.runners.embedded``): the harness's language registry names each interpreter by
its portinterp name with the same file suffixes, and the KuMir interpreter's
``java.util.Random`` draws exactly what the suite's (``portcheck.prng.JavaRandom``) draws —
the two packages each keep a copy of the JDK's step (interpreters/docs/kumir.md, "Random
numbers")."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from portcheck.prng import JavaRandom
from portcheck.runners.embedded import interpreter_module
from portcheck.suite.declarations import builtin_languages
from portinterp.kumir.runtime.java_random import JavaRandom as KumirRandom
from portinterp.languages import LANGUAGES as INTERPRETED


def test_every_embedded_language_is_an_interpreter_with_the_same_suffixes() -> None:
    LANGUAGES = {spec.name: spec for spec in builtin_languages().values()}
    embedded = {name: spec.embedded for name, spec in LANGUAGES.items() if spec.embedded}
    assert sorted(embedded.values()) == sorted(INTERPRETED)
    for name, interpreter in embedded.items():
        assert LANGUAGES[name].suffixes == INTERPRETED[interpreter].suffixes
        assert interpreter_module(interpreter) == f"portinterp.{interpreter}"


@given(st.integers(-2**63, 2**63 - 1), st.lists(st.integers(1, 2**31 - 1), max_size=40))
def test_kumir_generator_draws_what_the_suites_draws(seed: int, bounds: list[int]) -> None:
    suite, kumir = JavaRandom(seed), KumirRandom(seed)
    for bound in bounds:
        assert kumir.next_int(bound) == suite.next_int(bound)
        assert kumir.next_double() == suite.next_double()


# -- the file policy every embedded run is given (issue 28) ----------------------------------


@pytest.mark.parametrize("mode,expected", [("auto", "confined"), ("on", "confined"),
                                           ("off", "unrestricted")])
def test_every_embedded_run_is_confined_unless_the_box_is_off(
        mode: str, expected: str, monkeypatch: pytest.MonkeyPatch) -> None:
    from portcheck.processes import sandbox
    from portcheck.runners import embedded

    monkeypatch.setattr(sandbox, "probe", lambda: None)
    before = sandbox._policy.mode, sandbox._policy.hidden
    sandbox.configure(mode)
    try:
        assert embedded.interpreter_env()[embedded.FILES_ENV] == expected
        assert embedded.exec_files_env() == ("scratch" if expected == "confined"
                                             else "unrestricted")
        line = embedded.exec_policy_line(Path("prog.bsl"), boxed=mode != "off")
        if mode == "off":
            assert line == "files: unrestricted (--sandbox off)"
        else:
            assert line.startswith(f"files: confined: reads {Path.cwd()}")
            assert line.endswith("writes only a private /tmp (--sandbox off: unrestricted)")
    finally:
        sandbox._policy.mode, sandbox._policy.hidden = before
