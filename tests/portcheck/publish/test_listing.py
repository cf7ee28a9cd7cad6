"""``portcheck listing``: a port's source, then its output as verified, in Markdown, HTML,
LaTeX and PDF; a template port rendered for chosen cases; an article port as printed."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from portcheck.publish.formats.latex import standalone
from portcheck.publish.formats.pdf import available
from tests.helpers.cli import one_error_line, portcheck
from tests.helpers.needs import missing_toolchain, need
from tests.helpers.reference import freecell

GAME_617 = freecell.output(617)
ARTICLE_617 = "seeds/000_01165c5c1e87014b.txt (1C article): printed output of Игра(617)"


def test_markdown_listing_of_a_template_port(project_copy: Path, capsys) -> None:
    code, out, _ = portcheck(capsys, "listing", "freecell", "--lang", "python")
    assert code == 0
    program = (project_copy / "ports/freecell/python/freecell.py").read_text(encoding="utf-8")
    assert '```python linenums="1"\n' + program + "```\n" in out
    transcript = (project_copy / "ports/freecell/python/transcript.txt").read_text("utf-8")
    assert "```text\n" + transcript + "```\n" in out
    assert re.search(r"Recorded from a run of this program; a fresh run here printed it "
                     r"again \(runtime: python, Python 3\.\d+", out)
    assert f"- `game-617`: {ARTICLE_617}" in out
    assert "- `game-2`: computed by the reference" in out


def test_cases_render_the_template_for_them_and_run_it(project_copy: Path, capsys) -> None:
    code, out, _ = portcheck(capsys, "listing", "freecell", "--lang", "python",
                             "--cases", "game-617")
    assert code == 0
    assert "deal(617)" in out and "deal(1)\n" not in out  # the program deals 617 only
    assert "```text\n" + GAME_617 + "```\n" in out
    assert "Printed by a run here (runtime: python" in out
    assert "it matches the goldens game-617." in out


def test_cases_of_an_article_port_are_cut_from_its_transcript(project_copy: Path,
                                                              capsys) -> None:
    code, out, _ = portcheck(capsys, "listing", "freecell", "--lang", "bsl-article",
                             "--cases", "game-617")
    assert code == 0
    assert "```text\n" + GAME_617 + "```\n" in out
    assert "As printed in the article; a fresh run here printed it again" in out
    assert "game-1`" not in out


def test_article_port_as_printed(project_copy: Path, capsys) -> None:
    code, out, _ = portcheck(capsys, "listing", "freecell", "--lang", "bsl-article",
                             "--as-printed")
    assert code == 0
    assert 'Рез = Рез + ""\n"";\n' in out  # the article's broken line, as printed
    assert "Символы.ПС" not in out.split("Marked lines")[0]
    assert "- lines 36–37: erratum: the program runs «Рез = Рез + Символы.ПС;»" in out
    assert "ADDED" not in out  # the port's header is not the article's


def test_a_failing_port_gets_no_listing(project_copy: Path, capsys, tmp_path: Path) -> None:
    transcript = project_copy / "ports/freecell/python/transcript.txt"
    transcript.write_text(transcript.read_text("utf-8").replace("J♦", "Q♦", 1), "utf-8")
    target = tmp_path / "out.md"
    code, out, err = portcheck(capsys, "listing", "freecell", "--lang", "python",
                               "-o", str(target))
    assert code == 1
    assert "FAIL ports/freecell/python::transcript: transcript differs from golden: " \
           "case game-1, line 1" in err
    assert "no listing written" in err
    assert not target.exists() and out == ""


@pytest.mark.parametrize(("words", "message"), [
    (["--lang", "bsl"], "only an article port has a printed text"),
    (["--lang", "cobol"], "no port of freecell for --lang cobol"),
    ([], "name a port with --lang"),
    (["--lang", "java", "--cases", "game-5"], "freecell has no case 'game-5'"),
    (["--lang", "bsl-article", "--cases", "game-2"], "does not print case game-2"),
])
def test_usage_errors(project_copy: Path, capsys, words: list[str], message: str) -> None:
    extra = ["--as-printed"] if words == ["--lang", "bsl"] else []
    code, _, err = portcheck(capsys, "listing", "freecell", *words, *extra)
    assert code == 2
    assert message in one_error_line(err)


def test_html_listing_is_self_contained(project_copy: Path, capsys, tmp_path: Path) -> None:
    target = tmp_path / "kumir.html"
    code, _, _ = portcheck(capsys, "listing", "freecell", "--lang", "kumir", "--format",
                           "html", "-o", str(target))
    assert code == 0
    page = target.read_text("utf-8")
    assert "<style>" in page and "<script" not in page
    assert not re.search(r"""(?:src|href)\s*=\s*["']?(?:https?:)?//""", page)
    assert '<span class="k">нц</span>' in page  # highlighted by the KuMir lexer
    assert 'id="L56"' in page and "J♦ 2♦ 9♥" in page


def test_side_by_side(project_copy: Path, capsys, tmp_path: Path) -> None:
    target = tmp_path / "all.html"
    code, _, _ = portcheck(capsys, "listing", "freecell", "--all-languages", "--cases",
                           "game-617", "--format", "html", "-o", str(target))
    assert code == 0
    page = target.read_text("utf-8")
    folders = ("bsl", "bsl-article", "java", "kumir", "pascal", "python")
    for folder in folders:
        assert f"ports/freecell/{folder}/" in page
    # Each program is rendered for game 617 and run: a column whose toolchain is missing
    # here says so, naming the package, and shows no output (a skip, not a claim).
    missing = {language: missing_toolchain(language) for language in ("java", "pascal")}
    ran = len(folders) - sum(1 for why in missing.values() if why)
    assert page.count("J♦ K♠ K♣ 4♥") == ran  # game 617's last line, once a column that ran
    for why in filter(None, missing.values()):
        assert f"Not run here ({why}): no output to show." in page
    assert "runtime: None" not in page
    code, _, err = portcheck(capsys, "listing", "freecell", "--all-languages")
    assert code == 2 and "--all-languages writes html or pdf" in err


def test_tex_fragment_compiles(project_copy: Path, capsys, tmp_path: Path) -> None:
    code, fragment, _ = portcheck(capsys, "listing", "freecell", "--lang", "bsl-article",
                                  "--as-printed", "--format", "tex")
    assert code == 0
    assert "\\begin{Verbatim}[commandchars=\\\\\\{\\}" in fragment
    assert "\\documentclass" not in fragment
    xelatex = shutil.which("xelatex")
    need(xelatex, "xelatex not found: install texlive-xetex to compile the LaTeX fragment")
    (tmp_path / "listing.tex").write_text(standalone(fragment), encoding="utf-8")
    done = subprocess.run([xelatex, "-interaction=nonstopmode", "-halt-on-error",
                           "listing.tex"], cwd=tmp_path, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stdout[-2000:]
    log = (tmp_path / "listing.log").read_text(encoding="utf-8", errors="replace")
    assert "Missing character" not in log  # every Cyrillic letter and suit is in the font
    assert (tmp_path / "listing.pdf").read_bytes().startswith(b"%PDF-")


def test_pdf_listing(project_copy: Path, capsys, tmp_path: Path) -> None:
    why = available()
    need(why is None, f"no PDF here: {why}")
    target = tmp_path / "java.pdf"
    code, _, _ = portcheck(capsys, "listing", "freecell", "--lang", "java", "--format", "pdf",
                           "-o", str(target))
    assert code == 0
    assert target.read_bytes().startswith(b"%PDF-")
    pdftotext = shutil.which("pdftotext")
    need(pdftotext, "pdftotext not found: install poppler-utils to read the PDF back")
    text = subprocess.run([pdftotext, "-layout", str(target), "-"], capture_output=True,
                          text=True, check=True).stdout
    assert "public class Freecell" in text and "T♥ Q♣ 3♥ 9♦" in text
    assert "Recorded from a run of this program" in text


def test_a_listing_for_inputs_that_are_no_golden_case(project_copy: Path, capsys) -> None:
    """A lesson's own example: the template rendered and run for game 5, its output checked
    against the reference computed now."""
    assert "game-5" not in freecell.CASES
    code, out, err = portcheck(capsys, "listing", "freecell", "--lang", "python", "game=5")
    assert code == 0, err
    assert "    deal(5)\n" in out and "deal(617)" not in out  # the program for game 5 only
    assert freecell.output(5) in out
    assert "it matches the reference's output for game=5, computed here (no golden case)." \
        in out


def test_a_listing_for_inputs_of_a_golden_case_matches_its_golden(project_copy: Path,
                                                                  capsys) -> None:
    code, out, _ = portcheck(capsys, "listing", "freecell", "--lang", "python", "game=617")
    assert code == 0
    assert "it matches the goldens game-617." in out


def test_a_listing_for_inputs_is_refused_when_the_run_is_wrong(project_copy: Path,
                                                              capsys) -> None:
    template = project_copy / "templates" / "python" / "freecell.py.j2"
    template.write_text(template.read_text(encoding="utf-8").replace('"♣♦♥♠"', '"♣♦♠♥"'),
                        encoding="utf-8")
    code, out, err = portcheck(capsys, "listing", "freecell", "--lang", "python", "game=5")
    assert code == 1 and out == ""
    assert "differs from the reference: case game-5, line 1" in err
    assert "no listing written" in err


@pytest.mark.parametrize(("words", "message"), [
    (["--lang", "bsl-article", "game=5"], "bsl-article is not a template port"),
    (["--lang", "python", "game=0"], "game: 0 is out of range 1..2147483647"),
    (["--lang", "python", "game=5", "--cases", "game-1"], "or --cases, not both"),
])
def test_listing_inputs_usage_errors(project_copy: Path, capsys, words: list[str],
                                     message: str) -> None:
    code, _, err = portcheck(capsys, "listing", "freecell", *words)
    assert code == 2 and message in one_error_line(err)


def test_every_language_side_by_side_for_inputs(project_copy: Path, capsys,
                                                tmp_path: Path) -> None:
    target = tmp_path / "deal5.html"
    code, _, err = portcheck(capsys, "listing", "freecell", "--all-languages", "game=5",
                             "--format", "html", "-o", str(target))
    assert code == 0, err
    page = target.read_text(encoding="utf-8")
    assert page.count("computed here (no golden case)") >= 4  # python and the embedded
    assert "bsl-article" not in page  # an article's program cannot be rendered for game 5
