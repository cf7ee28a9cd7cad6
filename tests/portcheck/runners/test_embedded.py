"""portcheck's side of its embedded interpreters (``portinterp``, reached through
``portcheck.runners.embedded``): the harness's language registry names each interpreter by
its portinterp name with the same file suffixes, and the KuMir interpreter's
``java.util.Random`` draws exactly what the suite's (``portcheck.prng.JavaRandom``) draws —
the two packages each keep a copy of the JDK's step (interpreters/docs/kumir.md, "Random
numbers")."""

from __future__ import annotations

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
