"""``portcheck new`` and ``portcheck update``: a new algorithm from nothing to a passing
``verify``, with one reference and one template per language written by hand, and no
``port.yaml`` at all; and the reference changed afterwards, brought up to date in one
command that refuses what disagrees."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from portcheck.suite.starters import LANGUAGES
from tests.helpers.cli import one_error_line, portcheck_process, write
from tests.helpers.needs import missing_toolchain
from tests.helpers.reference import REPO

JOSEPHUS = REPO / "tests" / "data" / "josephus"  # the teacher's own files


@pytest.fixture
def suite(tmp_path: Path, build_cache: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("PORTCHECK_CACHE", str(build_cache))
    monkeypatch.delenv("PORTCHECK_ROOT", raising=False)
    made = portcheck_process("init", "lesson", cwd=tmp_path)
    assert made.returncode == 0, made.stderr
    return tmp_path / "lesson"


def run(suite: Path, *words: str) -> tuple[int, str]:
    done = portcheck_process(*words, cwd=suite, unset=["PORTCHECK_ROOT"])
    assert "Traceback" not in done.stderr, done.stderr
    return done.returncode, done.stdout + done.stderr


def test_a_new_algorithm_from_new_to_a_passing_verify(suite: Path) -> None:
    code, out = run(suite, "new", "josephus", "--input", "n=1..100", "--input", "k=1..100")
    assert code == 0, out
    here = [language for language in LANGUAGES if missing_toolchain(language) is None]
    templates = sorted(p.relative_to(suite).as_posix()
                       for p in (suite / "templates").glob("*/josephus.*.j2"))
    assert len(templates) == len(here) >= 4  # python and the three embedded interpreters
    code, out = run(suite, "verify", "josephus")  # the starters verify at once
    assert code == 0, out
    # What the teacher writes: the reference, and one template per language.
    shutil.copy2(JOSEPHUS / "josephus.py", suite / "reference" / "josephus.py")
    for template in templates:
        shutil.copy2(JOSEPHUS / Path(template).name, suite / template)
    code, out = run(suite, "update", "josephus")
    assert code == 0, out
    assert f"1 golden file written; {len(here)} of {len(here)} ports up to date" in out
    code, out = run(suite, "verify", "josephus", "--deep", "3")
    assert code == 0, out
    assert f"{len(here)} ports: {4 * len(here)} checks passed, 0 failed, 0 skipped" in out
    assert "n=41 k=3: 3 6 9 12" in (suite / "ports/josephus/python/transcript.txt").read_text()
    assert not list(suite.glob("ports/*/*/port.yaml"))  # no port.yaml written by hand
    assert run(suite, "golden", "check")[0] == 0
    code, out = run(suite, "style")
    assert code == 0, out
    assert run(suite, "reference", "josephus")[1] == run(suite, "reference", "josephus",
                                                         "n=41", "k=3")[1]  # its defaults


def test_update_refuses_a_port_the_reference_change_left_behind(suite: Path) -> None:
    """The reference changes; the Python template does not follow: update writes the new
    goldens, records the ports that agree, and refuses that one transcript."""
    assert run(suite, "new", "josephus", "--lang", "python", "--lang", "kumir")[0] == 0
    reference = suite / "reference" / "josephus.py"
    write(reference, reference.read_text(encoding="utf-8").replace(
        'return f"n={n}\\n"', 'return f"n = {n}\\n"'))
    kumir = suite / "templates" / "kumir" / "josephus.kum.j2"
    write(kumir, kumir.read_text(encoding="utf-8").replace('вывод "n="', 'вывод "n = "'))
    transcript = suite / "ports" / "josephus" / "python" / "transcript.txt"
    before = transcript.read_text(encoding="utf-8")
    code, out = run(suite, "update", "josephus")
    assert code == 1
    assert "-| n=1" in out and "+| n = 1" in out  # the goldens' change, for review
    assert "FAIL ports/josephus/python/transcript.txt: not recorded: the run differs from " \
           "golden: case n-1, line 1: expected 'n = 1', got 'n=1'" in out
    assert "      ports/josephus/kumir/transcript.txt: transcript.txt recorded" in out
    assert out.strip().splitlines()[-1] == ("1 golden file written; 1 of 2 ports up to date; "
                                            "not recorded: ports/josephus/python")
    assert transcript.read_text(encoding="utf-8") == before


def test_new_adds_a_port_to_an_algorithm_that_exists(suite: Path) -> None:
    code, out = run(suite, "new", "collatz", "--lang", "kumir")
    assert code == 0, out
    assert "wrote templates/kumir/collatz.kum.j2" in out
    assert "wrote ports/collatz/kumir/collatz.kum" in out
    assert (suite / "reference" / "collatz.py").read_text().startswith('"""The Collatz')
    # its starter prints the inputs, not what collatz prints: no transcript is recorded
    # from it, and verify says how to record one once the template is written
    assert not (suite / "ports" / "collatz" / "kumir" / "transcript.txt").exists()
    code, out = run(suite, "verify", "collatz", "--lang", "kumir")
    assert code == 1
    assert "transcript.txt is missing (record it: portcheck render write collatz --lang " \
           "kumir)" in out
    code, out = run(suite, "render", "write", "collatz", "--lang", "kumir")
    assert code == 1 and "case n-1 (n=1)" in out  # the starter's output, refused by case
    code, out = run(suite, "new", "collatz", "--lang", "kumir")
    assert code == 0 and "exists: left as it is" in out


@pytest.mark.parametrize(("words", "message"), [
    (["new", "collatz"], "collatz exists: name the languages to add with --lang"),
    (["new", "Josephus"], "'Josephus': an algorithm's name is lower-case words joined by '-'"),
    (["new", "josephus", "--input", "n=5..1"], "--input 'n=5..1': 5 is above 1"),
    (["new", "josephus", "--input", "n"], "--input 'n': expected NAME=LOW..HIGH"),
    (["new", "josephus", "--lang", "cobol"], "no starter template for 'cobol'"),
    (["new", "collatz", "--input", "n=1..2", "--lang", "java"],
     "--input and --title are for a new algorithm"),
])
def test_new_usage_errors_are_one_line(suite: Path, words: list[str], message: str) -> None:
    done = portcheck_process(*words, cwd=suite, unset=["PORTCHECK_ROOT"])
    assert done.returncode == 2
    assert message in one_error_line(done.stderr)
    assert not (suite / "reference" / "josephus.py").exists()


def test_a_choice_input_and_a_long_one(suite: Path) -> None:
    """Every starter declares a word input and a number beyond 32 bits as its language
    holds them (Java long, Pascal Int64), and still prints what the skeleton prints."""
    languages = [lang for lang in ("python", "java", "pascal", "bsl")
                 if missing_toolchain(lang) is None]
    words = [word for lang in languages for word in ("--lang", lang)]
    code, out = run(suite, "new", "tally", "--input", "seed=0..9000000000",
                    "--input", "method=naive|fisher-yates", *words)
    assert code == 0, out
    assert "n-" not in (suite / "reference" / "tally.py").read_text()
    code, out = run(suite, "verify", "tally")
    assert code == 0, out
    assert "seed=9000000000 method=fisher-yates" in run(suite, "reference", "tally",
                                                        "seed=9000000000",
                                                        "method=fisher-yates")[1]
