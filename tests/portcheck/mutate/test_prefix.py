"""A mutant stopped at its first wrong output (``portcheck.mutate.prefix``) is one the full
run would kill, in every comparison mode, and a mutant whose whole output matches is never
stopped: checked against ``compare`` on random outputs (UTF-8 with invalid bytes, CR LF,
BOMs, blank lines, the port's normalisation) cut into random pieces and runs."""

from __future__ import annotations

import itertools
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from portcheck.mutate.prefix import ExpectedOutput
from portcheck.suite.compare import MODES, Segment, compare
from portcheck.suite.normalize import Normalize

PIECES = [c.encode() for c in "ab é♦\t \n\n\r\ufeff\x0b\x85\u2028xH"] + [b"\xff", b"\xe2\x82"]
NORMALIZERS = [
    Normalize(),
    Normalize(chars={"x": "a", "é": " "}),
    Normalize(words={"ab": "b", "x": "a\nb"}),
    Normalize(drop_lines=(re.compile("^H"), re.compile(r"x\s*$"))),
    Normalize(chars={"\n": "a", "\r": " "}, drop_lines=(re.compile("b$"),)),
    Normalize(chars={"\n": " "}),
    Normalize(chars={"\n": "\r", "a": "\r"}, drop_lines=(re.compile("^$"),)),
    Normalize(chars={"\n": ""}),
    Normalize(replace=((re.compile("a(b?)"), r"\1x"), (re.compile("^$"), "H"))),
    Normalize(replace=((re.compile(r"\s+$"), ""),), chars={"x": "a"}),
    Normalize(drop_lines=(re.compile("^H"),), replace=((re.compile("é|♦"), "\n"),)),
]


def same_in_every_mode(text: str) -> str:
    return text.replace("\n", "\r\n")


def same_in_lines_mode(text: str) -> str:
    return text.replace("\n", " \t\n") + "\n \n"


def same_in_tokens_mode(text: str) -> str:
    return " ".join(text.split()) + "\n"


def one_edit(text: str) -> str:
    return text[:len(text) // 2] + "b" + text[len(text) // 2 + 1:]


VARIANTS = [lambda t: t, same_in_every_mode, same_in_lines_mode, same_in_tokens_mode, one_edit,
            lambda t: t + "a", lambda t: t[:-1], lambda t: t[:len(t) // 3], lambda t: "b" + t,
            lambda t: t.replace("\n", "a\n", 1), lambda t: t.replace("\n", " \n"),
            lambda t: re.sub(r"\S+", "Z", t, count=1)]


def decoded(raw: bytes) -> str:
    return raw.decode("utf-8", errors="replace")  # as runners.base decodes a run's stdout


@st.composite
def scenarios(draw: st.DrawFn) -> tuple[list[Segment], Normalize, str, list[list[bytes]]]:
    """Expected segments, a normalisation, a mode, and runs of stdout in chunks."""
    raw = b"".join(draw(st.lists(st.sampled_from(PIECES), max_size=30)))
    cuts = sorted(draw(st.lists(st.integers(0, len(raw)), max_size=6)))
    bounds = [0, *cuts, len(raw)]
    chunks = [raw[a:b] for a, b in itertools.pairwise(bounds)]
    runs = [chunks[:len(chunks) // 2], chunks[len(chunks) // 2:]] if draw(st.booleans()) \
        else [chunks]
    normalize = draw(st.sampled_from(NORMALIZERS))
    printed = "".join(decoded(b"".join(run)) for run in runs)
    want = draw(st.sampled_from(VARIANTS))(normalize.apply(printed))
    split = draw(st.integers(0, len(want)))
    segments = [Segment("one", want[:split]), Segment("two", want[split:])]
    return segments, normalize, draw(st.sampled_from(MODES)), runs


def stopped(watch: ExpectedOutput, runs: list[list[bytes]]) -> bool:
    """Whether the watch stops the runs (as Pipes feeds it)."""
    for run in runs:
        watch.begin_run()
        if not all(watch.feed(chunk) for chunk in run):
            return True
    return False


@settings(max_examples=1500, deadline=None)
@given(scenarios())
def test_a_stopped_output_is_one_the_full_comparison_rejects(scenario: tuple) -> None:
    expected, normalize, mode, runs = scenario
    printed = "".join(decoded(b"".join(run)) for run in runs)
    full = compare(expected, normalize.apply(printed), mode)
    if stopped(ExpectedOutput(expected, normalize, mode), runs):
        assert full is not None  # killed early: the full run is killed too
    if full is None:
        assert not stopped(ExpectedOutput(expected, normalize, mode), runs)  # a survivor


def test_a_pattern_matching_an_empty_line_leaves_line_ends_alone() -> None:
    """``replace`` works within lines: "^$" turns empty lines into "H", never the line end
    between them (found by the property above)."""
    fills = Normalize(replace=((re.compile("^$"), "H"),))
    expected = [Segment("one", ""), Segment("two", "H\nH\nH")]
    assert compare(expected, fills.apply("\n\n"), "exact") is None
    assert not stopped(ExpectedOutput(expected, fills, "exact"), [[b"\n\n"]])


def answers(expected: str, mode: str, *chunks: bytes,
            normalize: Normalize | None = None) -> list[bool]:
    """The watch's answer to each chunk of one run (it is not fed after a "wrong")."""
    watch = ExpectedOutput([Segment("c1", expected)], normalize or Normalize(), mode)
    watch.begin_run()
    said = []
    for chunk in chunks:
        said.append(watch.feed(chunk))
        if not said[-1]:
            break
    return said


@pytest.mark.parametrize("mode", MODES)
def test_a_wrong_line_stops_the_run_in_every_mode(mode: str) -> None:
    assert answers("1 2\n3 4\n5 6\n", mode, b"1 2\n", b"3 5\n") == [True, False]
    watch = ExpectedOutput([Segment("c1", "1 2\n3 4\n")], Normalize(), mode)
    watch.begin_run()
    assert not watch.feed(b"1 2\n3 5\n")
    assert watch.difference() == compare(watch.expected, "1 2\n3 5\n", mode).one_line()


@pytest.mark.parametrize("mode", MODES)
def test_output_past_the_expected_stops_the_run_in_every_mode(mode: str) -> None:
    assert answers("1 2\n", mode, b"1 2\n", b"3\n") == [True, False]


def test_what_lines_and_tokens_modes_ignore_does_not_stop_a_run() -> None:
    assert all(answers("a b\nc\n", "lines", b"a b  \n", b"c\t\n", b"\n", b"   \n"))
    # a token too many is judged once its line is printed (a run is decoded up to its
    # last newline)
    assert answers("a b\nc\n", "tokens", b"a\n\n", b" b c", b"\n\n", b"d", b"\n") == \
        [True, True, True, True, False]


def test_a_line_not_yet_ended_is_not_judged() -> None:
    # "ab" could still become "abc"; "abX" too, until its newline
    assert answers("abc\n", "exact", b"ab", b"X", b"\n") == [True, True, False]


def test_the_ports_normalisation_is_applied_first() -> None:
    cards = Normalize(chars={"D": "♦"}, drop_lines=(re.compile(r"^Hand \d+$"),))
    assert answers("J♦\nQ♦\n", "exact", b"Hand 1\nJD\r\nQD\r\n", b"KD\n",
                   normalize=cards) == [True, False]


def test_runs_of_a_port_run_per_case_follow_one_another() -> None:
    watch = ExpectedOutput([Segment("c1", "one\ntwo\n")], Normalize(), "exact")
    watch.begin_run()
    assert watch.feed(b"one\ntw")
    watch.begin_run()  # the next case's run goes on where the last one stopped
    assert watch.feed(b"o\n")
    watch.begin_run()
    assert not watch.feed(b"three\n")
