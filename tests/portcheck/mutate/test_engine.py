"""``portcheck mutate``: the mutation score of a port's golden cases.

A tiny suite (``portcheck init``'s Collatz reference) with small article ports written
here: a mutant that survives the given cases and is killed once a case is added; the
equivalent mutants found mechanically (a comment-only change; Java classes identical
byte for byte; the same compiled program of the embedded 1C interpreter); a mutant that
loops forever stopped at the time limit; the usage errors; and a CI-sized run of a real
port of this project.
"""

from __future__ import annotations

import dataclasses
import json
import os
from pathlib import Path

import pytest

from portcheck.errors import UsageError
from portcheck.mutate import engine, equivalence
from portcheck.mutate.builds import build_all
from portcheck.mutate.operators import Mutant, mutants
from portcheck.runners import zygote
from portcheck.suite.declarations import builtin_languages
from portcheck.suite.ports import load_port
from portcheck.suite.project import find_project
from portcheck.verify.execution import RunSettings
from tests.helpers.cli import one_error_line, portcheck, write
from tests.helpers.ports import collatz_article_port, copy_port
from tests.helpers.reference import REPO

LANG = {language.name: language for language in builtin_languages().values()}

COLLATZ = '''def collatz(n):
    start, steps, peak = n, 0, n
    while n != 1:
        n = n // 2 if n % 2 == 0 else 3 * n + 1
        peak = max(peak, n)
        steps += 1
    print(f"{start}: {steps} steps, peak {peak}")


'''
BODY = "4: n = n // 2 if n % 2 == 0 else 3 * n + 1 => n = n // 2 if n % 2 == 0 else 3 * n - 1"
ENDLESS = "4: n = n // 2 if n % 2 == 0 else 3 * n + 1 => n = n // 1 if n % 2 == 0 else 3 * n + 1"


def mutate_json(capsys: pytest.CaptureFixture[str], *words: str) -> dict:
    code, out, err = portcheck(capsys, "mutate", "collatz", "--format", "json", "--lines", "4",
                               *words)
    assert code == 0, err
    [result] = json.loads(out)
    return result


def test_a_survivor_is_killed_once_a_case_reaches_it(suite: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    collatz_article_port(suite, "python-tiny", "tiny.py", COLLATZ + "collatz(1)\n", ["n-1"])
    before = mutate_json(capsys, "--lang", "python-tiny")
    assert BODY in {s["id"] for s in before["survivors"]}  # n = 1 never enters the loop
    assert before["score"] < 1
    collatz_article_port(suite, "python-tiny", "tiny.py", COLLATZ + "collatz(1)\ncollatz(27)\n",
                 ["n-1", "n-27"])
    after = mutate_json(capsys, "--lang", "python-tiny")
    assert BODY not in {s["id"] for s in after["survivors"]}
    assert after["killed"] > before["killed"]


def test_survivors_are_listed_with_file_line_and_diff(suite: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    collatz_article_port(suite, "python-tiny", "tiny.py", COLLATZ + "collatz(1)\n", ["n-1"])
    code, out, _ = portcheck(capsys, "mutate", "collatz", "--lang", "python-tiny",
                             "--list-survivors", "--lines", "3-4")
    assert code == 0
    assert "ports/collatz/python-tiny/tiny.py:4  (" in out
    assert "    -        n = n // 2 if n % 2 == 0 else 3 * n + 1\n" in out
    assert "    +        n = n // 2 if n % 2 == 0 else 3 * n - 1\n" in out
    assert "score" in out.splitlines()[0]
    code, _, _ = portcheck(capsys, "mutate", "collatz", "--lang", "python-tiny",
                           "--min-score", "99", "--lines", "4")
    assert code == 1  # the score is below: a failed check


def test_a_mutant_that_loops_forever_is_timed_out(suite: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    collatz_article_port(suite, "python-tiny", "tiny.py", COLLATZ + "collatz(6)\n", ["n-6"])
    result = mutate_json(capsys, "--lang", "python-tiny", "--timeout", "2")
    assert result["time_limit"] == 2
    assert result["timed_out"] >= 1
    assert ENDLESS not in {s["id"] for s in result["survivors"]}


COLLATZ_BSL = """Процедура Коллатц(Знач Н)
	Начало = Н;
	Шагов = 0;
	Пик = Н;
	Пока Н <> 1 Цикл
		Если Н % 2 = 0 Тогда
			Н = Н / 2;
		Иначе
			Н = 3 * Н + 1;
		КонецЕсли;
		Если Н > Пик Тогда
			Пик = Н;
		КонецЕсли;
		Шагов = Шагов + 1;
	КонецЦикла;
	Сообщить(Формат(Начало, "ЧГ=0") + ": " + Шагов + " steps, peak " + Формат(Пик, "ЧГ=0"));
КонецПроцедуры

Коллатц(6);
Коллатц(27);
"""


def test_embedded_mutants_have_the_same_fates_forked_from_the_zygote(
        suite: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """mutate forks the embedded interpreters' runs from a zygote, and takes whatever ends
    them (a wrong output, a run-time error, the time limit) as the mutant's fate: the same
    fates as runs made the ordinary way, one process each."""
    collatz_article_port(suite, "bsl-tiny", "tiny.bsl", COLLATZ_BSL, ["n-6", "n-27"], "bsl")
    results = {}
    forks = []
    fork = zygote.Zygote.run
    monkeypatch.setattr(zygote.Zygote, "run", lambda *a, **k: forks.append(1) or fork(*a, **k))
    for switch in ("1", "0"):
        monkeypatch.setenv("PORTCHECK_ZYGOTE", switch)
        code, out, err = portcheck(capsys, "mutate", "collatz", "--lang", "bsl-tiny",
                                   "--format", "json", "--timeout", "1", "--lines", "5,11-14")
        assert code == 0, err
        [results[switch]] = json.loads(out)
    forked, ordinary = results["1"], results["0"]
    counts = ("considered", "killed", "survived", "timed_out", "equivalent", "stillborn")
    assert {k: forked[k] for k in counts} == {k: ordinary[k] for k in counts}
    assert forked["survivors"] == ordinary["survivors"]
    assert forked["killed"] > 0 and forked["timed_out"] > 0
    assert len(forks) > forked["considered"]  # the original's runs, then every mutant's


COLLATZ_PASCAL = """program Tiny;
procedure Collatz(N: LongInt);
var
  Start, Steps, Peak: LongInt;
begin
  Start := N;
  Steps := 0;
  Peak := N;
  while N <> 1 do
  begin
    if N mod 2 = 0 then N := N div 2 else N := 3 * N + 1;
    if N > Peak then Peak := N;
    Steps := Steps + 1;
  end;
  WriteLn(Start, ': ', Steps, ' steps, peak ', Peak);
end;
begin
  Collatz(6);
end.
"""


@pytest.mark.requires_runtime("pascal")
def test_a_pascal_mutant_that_reads_an_unset_local_is_killed(
        suite: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Dropping ``Steps := 0`` leaves a local unset: on a fresh stack it would hold 0 and
    the mutant survive; the mutants' locals are trashed (``fpc -gt``), so it is killed."""
    collatz_article_port(suite, "pascal-tiny", "tiny.pas", COLLATZ_PASCAL, ["n-6"], "pascal")
    code, out, err = portcheck(capsys, "mutate", "collatz", "--lang", "pascal-tiny",
                               "--format", "json", "--lines", "7")
    assert code == 0, err
    [result] = json.loads(out)
    assert result["killed"] >= 1 and result["survived"] == 0, result


# The Collatz program with its halving in a function that answers -1 for an odd number.
HALVED_PASCAL = COLLATZ_PASCAL.replace("program Tiny;\n", """program Tiny;
{$mode objfpc}
function Halved(N: LongInt): LongInt; { N div 2 for an even N, else -1 }
begin
  if N mod 2 = 0 then
    Result := N div 2
  else
    Result := -1;
end;
""").replace("Start, Steps, Peak: LongInt;", "Start, Steps, Peak, H: LongInt;").replace(
    "    if N mod 2 = 0 then N := N div 2 else N := 3 * N + 1;\n",
    "    H := Halved(N);\n    if (H >= 0) and (H < N) then N := H else N := 3 * N + 1;\n")
DROPPED_RESULT = "    // Result := -1;"


@pytest.mark.requires_runtime("pascal")
def test_a_pascal_survivor_is_built_again_with_locals_trashed_to_0(
        suite: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Dropping ``Result := -1`` leaves the result unset: -gt's pattern (1431655765) fails
    ``H < N`` as -1 does, so the mutant passes; built again with -gtttt, the result is
    0, and it is killed.  Without the second build it survives."""
    collatz_article_port(suite, "pascal-tiny", "tiny.pas", HALVED_PASCAL, ["n-6"], "pascal")
    words = ("mutate", "collatz", "--lang", "pascal-tiny", "--format", "json", "--lines", "8")
    code, out, err = portcheck(capsys, *words)
    assert code == 0, err
    [result] = json.loads(out)
    assert DROPPED_RESULT not in {s["replacement"] for s in result["survivors"]}
    assert result["killed"] >= 1
    monkeypatch.setattr(engine, "second_build", lambda port, program: None)
    code, out, err = portcheck(capsys, *words)
    [result] = json.loads(out)
    assert DROPPED_RESULT in {s["replacement"] for s in result["survivors"]}


@pytest.mark.requires_runtime("c")
def test_a_c_survivor_is_built_again_with_the_address_sanitizer(
        project_copy: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """``for (int i = -1; …) deck[i] = i`` writes before the array and prints the same deal:
    the strict build of the C declaration (-fsanitize=address) stops it.  Without the
    second build it survives."""
    copy_port(REPO / "ports/freecell/c", project_copy / "ports/freecell/c")
    line = next(n for n, text in enumerate(
        (project_copy / "ports/freecell/c/freecell.c").read_text().splitlines(), 1)
        if "deck[i] = i;" in text) - 1
    words = ("mutate", "freecell", "--lang", "c", "--format", "json", "--lines", str(line))
    underflow = "for (int i = -1; i < 52; i++) {"
    code, out, err = portcheck(capsys, *words)
    assert code == 0, err
    [result] = json.loads(out)
    assert underflow not in {s["replacement"].strip() for s in result["survivors"]}
    monkeypatch.setattr(engine, "second_build", lambda port, program: None)
    code, out, err = portcheck(capsys, *words)
    [result] = json.loads(out)
    assert underflow in {s["replacement"].strip() for s in result["survivors"]}


def test_comment_only_mutants_are_equivalent() -> None:
    original = "x := 1; { one more: 2 }\ny := x + 2;\n"
    assert equivalent_code("pascal", original, 1, "x := 1; { one more: 3 }")
    assert not equivalent_code("pascal", original, 2, "y := x - 2;")
    assert equivalent_code("kumir", "a := 1 | 2\n", 1, "a := 1 | 3")
    assert equivalent_code("python", 'def f():\n    """Two."""\n    return 2\n', 2,
                           '    """Three."""')
    inside = "{ a comment\n  x := 1 }\nWriteLn(2);\n"  # line 2 is in the comment
    assert equivalent_code("pascal", inside, 2, "  x := 0 }")
    in_string = 'text = """\n# 2\n"""\nprint(text)\n'  # line 2 is in a string
    assert not equivalent_code("python", in_string, 2, "# 3")


def equivalent_code(name: str, original: str, line: int, replacement: str) -> bool:
    language = LANG[name]
    lines = original.splitlines(keepends=True)
    mutant = Mutant(line, lines[line - 1].rstrip("\n"), replacement, "test")
    return equivalence.same_code(equivalence.code_tokens(original, language), mutant, lines,
                                 language, equivalence.layout_lines(original, language))


TRACED = """public class Traced {
    static final boolean TRACE = false;

    public static void main(String[] args) {
        int n = 27;
        if (TRACE) {
            System.out.println(n * 3 + 1);
        }
        System.out.println(n + ": 111 steps, peak 9232");
    }
}
"""


@pytest.mark.requires_runtime("java")
def test_mutants_javac_compiles_to_the_same_classes_are_equivalent(
        suite: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Mutants of dead code (javac leaves out ``if (false)``) compile to the original's
    classes byte for byte: equivalent, never run, never survivors."""
    collatz_article_port(suite, "java-traced", "Traced.java", TRACED, ["n-27"], "java")
    code, out, err = portcheck(capsys, "mutate", "collatz", "--lang", "java-traced",
                               "--format", "json")
    assert code == 0, err
    [result] = json.loads(out)
    assert result["equivalent_found"]["compiles to what the original compiles to"] >= 5
    assert not any(s["line"] == 7 for s in result["survivors"])
    assert result["stillborn"] > 0  # and mutants javac refuses are left out of the score


def test_the_embedded_programs_compiled_form_leaves_out_positions(suite: Path) -> None:
    """The 1C interpreter compiles a program and the same program with other line breaks
    and parentheses to one form; another computation is another form."""
    folder = collatz_article_port(suite, "bsl-tiny", "tiny.bsl", "Сообщить(1 + 2);\n", ["n-1"],
                                  "bsl")
    port = load_port(folder / "port.yaml", find_project())
    programs = [write(suite / "forms" / str(n) / "tiny.bsl", text) for n, text in enumerate(
        ("Сообщить(1 + 2);\n", "\n\nСообщить((1 + 2));\n", "Сообщить(1 - 2);\n"))]
    same, moved, other = build_all(port, RunSettings(), programs, 2)
    assert same.ok and moved.ok and other.ok
    assert same.form == moved.form != other.form


def test_pythons_compiled_form_leaves_out_no_op_statements() -> None:
    """universalmutator's Python rules put ``pass`` or ``""`` in place of a line: in place
    of a comment or a docstring, that is the original program; elsewhere it is not."""
    original = 'def f(x):\n    """Doc."""\n    # add one\n    return x + 1\n\n\nprint(f(2))\n'
    form = equivalence.python_form(original, "f.py")
    for same in ('def f(x):\n    ""\n    pass\n    return x + 1\n\n\nprint(f(2))\n',
                 'def f(x):\n    pass\n    # add one\n    return x + 1\nprint(f(2))\n'):
        assert equivalence.python_form(same, "f.py") == form
    for other in ('def f(x):\n    """Doc."""\n    pass\n\n\nprint(f(2))\n',
                  'def f(x):\n    """Doc."""\n    return x - 1\n\n\nprint(f(2))\n'):
        assert equivalence.python_form(other, "f.py") != form
    reads_doc = original.replace("print(f(2))", "print(f.__doc__)")
    assert equivalence.python_form(reads_doc.replace('"""Doc."""', '""'), "f.py") != \
        equivalence.python_form(reads_doc, "f.py")


def test_the_rules_of_each_language_make_mutants() -> None:
    """Our rule files for 1C, KuMir, Free Pascal and the book's language: the operators of
    docs/mutation.md, and nothing in comments."""
    bsl = {m.replacement.strip() for m in mutants(
        "Для i = 0 По 51 Цикл // 52 карты\n\tА = Цел(i / 4) % 2;\nКонецЦикла;\n", LANG["bsl"])}
    assert {"Для i = 0 По 51 - 1 Цикл // 52 карты", "А = (i / 4) % 2;", "А = Цел(i / 4) / 2;",
            "// А = Цел(i / 4) % 2;"} <= bsl
    assert not any("53" in m or "51 карты" in m for m in bsl)
    kumir = {m.replacement.strip() for m in mutants(
        "нц для i от 0 до 51\n  если mod(i, 4) < 1 и i > 0 то вывод i все\nкц\n", LANG["kumir"])}
    assert {"нц для i от 0 до 51 + 1", "если div(i, 4) < 1 и i > 0 то вывод i все",
            "если mod(i, 4) <= 1 и i > 0 то вывод i все",
            "если mod(i, 4) < 1 или i > 0 то вывод i все"} <= kumir
    pascal = {m.replacement.strip() for m in mutants(
        "for I := 0 to 51 do { 52 }\n  X := I div 4 + Y mod 3;\n", LANG["pascal"])}
    assert {"for I := 0 to 51 - 1 do { 52 }", "X := I mod 4 + Y mod 3;",
            "X := I div 4 - Y mod 3;", "// X := I div 4 + Y mod 3;"} <= pascal
    arsac = {m.replacement.strip() for m in mutants("ДЛЯ j := 1 ДО n ВЫПОЛНЯТЬ\n", LANG["arsac"])}
    assert "ДЛЯ j := 1 ДО n − 1 ВЫПОЛНЯТЬ" in arsac


def test_our_rules_for_csharp_lua_and_ruby_make_their_operators() -> None:
    """universalmutator has no rules for C#, Lua or Ruby: ours (docs/mutation.md) mutate
    their own operators, and nothing in a comment."""
    lua = {m.replacement.strip() for m in mutants(
        "for i = 1, 52 do -- 52 cards\n  x = a ~ b >> 3\n  if x ~= 0 and y then break end\nend\n",
        LANG["lua"])}
    assert {"for i = 1 - 1, 52 do -- 52 cards", "for i = 1, 52 + 1 do -- 52 cards",
            "x = a | b >> 3", "x = a ~ b << 3", "if x == 0 and y then break end",
            "if x ~= 0 or y then break end", "-- x = a ~ b >> 3"} <= lua
    assert not any("53 cards" in m or "-- 52 cards" not in m for m in lua if "for i" in m)
    ruby = {m.replacement.strip() for m in mutants(
        "deck = (0...52).to_a # 52 cards\n52.times { |i| x += i ** 2 unless i.zero? }\n",
        LANG["ruby"])}
    assert {"deck = (0..52).to_a # 52 cards", "52.pred.times { |i| x += i ** 2 unless i.zero? }",
            "52.times { |i| x += i * 2 unless i.zero? }",
            "# deck = (0...52).to_a # 52 cards"} <= ruby
    assert not any("53 cards" in m for m in ruby)
    csharp = {m.replacement.strip() for m in mutants(
        "using System;\nstate = unchecked(state * M + A) ^ (s >> 2); // mask\n",
        LANG["csharp"])}
    assert {"state = checked(state * M + A) ^ (s >> 2); // mask",
            "state = unchecked(state * M + A) | (s >> 2); // mask",
            "state = unchecked(state * M + A) ^ (s << 2); // mask"} <= csharp
    assert not any(m.startswith("//") and "using" in m for m in csharp)


def test_a_rule_file_universalmutator_lacks_is_a_usage_error() -> None:
    """universalmutator skips a rule file it does not have (a message on stdout, swallowed):
    a misspelt ``mutation: [awk_like]`` made no mutants and a score of "-", unexplained."""
    misspelt = dataclasses.replace(LANG["c"], name="awk", mutation=("universal.rules",
                                   "awk_like.rules"), declared_in="languages.yaml:3")
    with pytest.raises(UsageError, match=r"^languages.yaml:3: awk: mutation: universalmutator "
                                         r"has no rule file 'awk_like' \(its own: c, c_like"):
        mutants("int x = 1 + 2;\n", misspelt)
    assert mutants("int x = 1 + 2;\n", dataclasses.replace(misspelt, mutation=(
        "universal.rules",)))


def test_usage_errors_are_one_line(suite: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = portcheck(capsys, "mutate", "nosuch")
    assert code == 2 and "nosuch" in one_error_line(err)
    code, _, err = portcheck(capsys, "mutate", "collatz", "--lang", "cobol")
    assert code == 2 and "unknown language 'cobol'" in one_error_line(err)
    (suite / "ports" / "collatz" / "python" / "collatz.py").unlink()
    code, _, err = portcheck(capsys, "mutate", "collatz", "--lang", "python")
    assert code == 2
    assert one_error_line(err).endswith(
        "ports/collatz/python: no program collatz.py (render it: portcheck render write "
        "collatz)")
    folder = collatz_article_port(suite, "bsl-paper", "paper.bsl", "Сообщить(1);\n", ["n-1"], "bsl")
    with (folder / "port.yaml").open("a", encoding="utf-8") as yaml:
        yaml.write("runnable: false\n")
    code, _, err = portcheck(capsys, "mutate", "collatz", "--lang", "bsl-paper")
    assert code == 2 and "nothing here can run it" in one_error_line(err)
    code, _, err = portcheck(capsys, "mutate", "collatz", "--lang", "python", "--jobs", "0")
    assert code == 2 and "--jobs" in err
    code, _, err = portcheck(capsys, "mutate", "collatz", "--lines", "4-x")
    assert code == 2 and "not line numbers: '4-x'" in err


@pytest.mark.parametrize(("words", "message"), [
    (("--lines", "0"), "'0': lines are numbered from 1"),
    (("--lines", "9-4"), "'9-4': lines are numbered from 1, and a range goes up"),
    (("--min-score", "150"), "'150': a score is from 0 to 100 %"),
    (("--min-score", "-1"), "'-1': a score is from 0 to 100 %"),
    (("--min-score", "nan"), "'nan': a score is from 0 to 100 %"),
    (("--lines", "400-420"), "ports/collatz/python/collatz.py: --lines 400… is past its end"),
])
def test_lines_and_bars_that_cannot_mean_anything_are_usage_errors(
        suite: Path, capsys: pytest.CaptureFixture[str], words: tuple[str, ...],
        message: str) -> None:
    """A bar of -1 would pass anything and one of 150 nothing; a line 0, a range that goes
    down or lines past the program's end would measure no mutant and say nothing."""
    code, _, err = portcheck(capsys, "mutate", "collatz", "--lang", "python", *words)
    assert code == 2 and "Traceback" not in err and message in err.splitlines()[-1]


def test_a_port_that_fails_its_own_cases_gets_no_score(
        suite: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Every mutant of a failing program would "differ from the goldens": no score, exit 1
    (also with --timeout, which skips only the original's timing)."""
    collatz_article_port(suite, "python-wrong", "wrong.py", 'print("1: 1 steps, peak 1")\n',
                         ["n-1"])
    code, out, err = portcheck(capsys, "mutate", "collatz", "--lang", "python-wrong",
                               "--timeout", "5")
    assert code == 1 and out == ""
    assert "ports/collatz/python-wrong: the original program fails its golden cases (case " \
        "n-1, line 1" in one_error_line(err)


@pytest.mark.requires_runtime("pascal")
def test_a_ci_sized_run_of_a_real_port(project_copy: Path,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    """20 mutants of the FreeCell Pascal port, all killed or found equivalent by its nine
    golden deals."""
    code, out, err = portcheck(capsys, "mutate", "freecell", "--lang", "pascal", "--limit",
                               "20", "--min-score", "99", "--format", "json")
    assert code == 0, out + err
    [result] = json.loads(out)
    assert result["considered"] >= 20 and result["killed"] > 0
    assert result["survived"] == 0 and result["score"] == 1
    write(project_copy / "benchmarks" / "mutation_scores.json",
          json.dumps({"ports": {result["port"]: result}}))
    assert portcheck(capsys, "report", "-o", "site")[0] == 0
    page = (project_copy / "site" / "mutation.html").read_text(encoding="utf-8")
    assert "<code>ports/freecell/pascal</code>" in page
    assert '<td class="passed">100.0 %</td>' in page
    assert 'href="mutation.html"' in (project_copy / "site" / "index.html").read_text()


def test_a_bar_is_not_met_when_no_mutant_was_scored(suite: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    """--min-score over no scored mutant (lines without mutants) fails: nothing was checked;
    and a review entry of a line not measured is not reported as unused."""
    folder = collatz_article_port(suite, "python-tiny", "tiny.py", COLLATZ + "collatz(1)\n",
                                  ["n-1"])
    write(folder / "equivalent-mutants.yaml", f"- id: '{BODY}'\n  why: not really\n")
    code, out, err = portcheck(capsys, "mutate", "collatz", "--lang", "python-tiny",
                               "--lines", "8", "--min-score", "99")  # a blank line
    assert code == 1
    assert "no mutant scored in ports/collatz/python-tiny" in err
    assert "not a survivor here" not in out


def test_a_scratch_cache_keeps_the_compilers_caches_the_users(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Mutants' builds go to a scratch build cache, but Go's compiled standard library is
    kept where a verify's build keeps it: each mutate task compiled it again (about 25 s)."""
    from portcheck.files.cache_root import CACHE_ENV, cache_root
    from portcheck.runners.declared import COMPILER_CACHES_ENV, compiler_cache

    monkeypatch.setenv(CACHE_ENV, str(tmp_path / "users"))
    monkeypatch.delenv(COMPILER_CACHES_ENV, raising=False)
    with engine.scratch_cache():
        assert cache_root() != tmp_path / "users"  # the builds' cache is a scratch one
        assert compiler_cache("go") == tmp_path / "users" / "compiler.caches" / "go"
    assert cache_root() == tmp_path / "users"
    assert COMPILER_CACHES_ENV not in os.environ  # as it was
