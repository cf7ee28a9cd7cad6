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
        # exec's own box holds the processes its program starts: they are allowed there
        assert embedded.exec_files_env() == ("scratch+processes" if expected == "confined"
                                             else "unrestricted")
        line = embedded.exec_policy_line(Path("prog.bsl"), boxed=mode != "off")
        if mode == "off":
            assert line == "files: unrestricted (--sandbox off)"
        else:
            assert line.startswith(f"files: confined: reads {Path.cwd()}")
            assert line.endswith("writes only a private /tmp; starts processes in its box "
                                 "(--sandbox off: unrestricted)")
    finally:
        sandbox._policy.mode, sandbox._policy.hidden = before


@pytest.mark.parametrize("files", ["confined", "off"])
def test_a_run_in_this_process_gives_its_memory_limit_back(
        files: str, tmp_path: Path, capfd: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """``exec --sandbox off`` runs the program in portcheck's process with the run's address
    space limit; a caller that goes on (a test, a program) gets its own limit back — a JVM or
    a browser it starts later would not start under the run's."""
    import resource

    from portcheck.processes import sandbox
    from portcheck.runners.embedded import run_here

    monkeypatch.setattr(sandbox, "mode", lambda: "off" if files == "off" else "auto")
    before = resource.getrlimit(resource.RLIMIT_AS)
    program = tmp_path / "hello.kum"
    program.write_text("алг\nнач\n  вывод 1, нс\nкон\n", encoding="utf-8")
    assert run_here("kumir", program) == 0
    assert capfd.readouterr().out == "1\n"
    assert resource.getrlimit(resource.RLIMIT_AS) == before
