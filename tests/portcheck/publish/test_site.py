"""``portcheck report -o DIR``, read in headless Chromium as a teacher would read it: every
page loads with no console error, every link resolves (the page exists, and so does the
element a ``#fragment`` names), and a screenshot of the matrix is taken.  The copy of the
project has one port broken, so the failure's diff page is read too."""

from __future__ import annotations

import re
import shutil
import struct
import subprocess
from collections.abc import Callable
from functools import cache
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urldefrag, urlparse

import pytest

from portcheck.publish.formats.pdf import available
from tests.helpers.browser import Chromium, find_chromium
from tests.helpers.cli import one_error_line, portcheck, portcheck_process
from tests.helpers.needs import missing_toolchain, need
from tests.helpers.reference import REPO, freecell

SCREENSHOTS = REPO / "tests" / ".screenshots"


class Ids(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.ids: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.ids.update(value for name, value in attrs if name == "id" and value)


@cache
def ids_of(page: Path) -> set[str]:
    parser = Ids()
    parser.feed(page.read_text(encoding="utf-8"))
    return parser.ids


def broken(link: str, site: Path) -> str | None:
    """Why ``link`` (as the browser resolved it) does not resolve inside ``site``."""
    url, fragment = urldefrag(link)
    parsed = urlparse(url)
    if parsed.scheme != "file":
        return "leaves the site (a page must need no network)"
    path = Path(unquote(parsed.path))
    if not path.resolve().is_relative_to(site.resolve()):
        return "points outside the site"
    if not path.is_file():
        return "no such page"
    if fragment and unquote(fragment) not in ids_of(path):
        return f"no element #{fragment}"
    return None


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory, build_cache: Path,
         copy_slice: Callable[[Path], None]) -> Path:
    """The report of the FreeCell slice with the Pascal port's transcript broken, made once
    for the module's tests, which only read it (a ``portcheck report`` of six ports, with
    its PDF handout, was 20-30 s of each test's setup under CI's load).  A process of its
    own, as a user runs it: nothing the command sets stays in this one.  The project it
    reports is beside it, ``site.parent / "project"``."""
    folder = tmp_path_factory.mktemp("report")
    project = folder / "project"
    copy_slice(project)
    transcript = project / "ports/freecell/pascal/transcript.txt"
    transcript.write_text(transcript.read_text("utf-8").replace("T♣", "T♦", 1), "utf-8")
    target = folder / "site"
    made = portcheck_process("report", "-o", str(target), cwd=project, timeout=600,
                             env={"PORTCHECK_ROOT": str(project),
                                  "PORTCHECK_CACHE": str(build_cache)})
    code, out = made.returncode, made.stdout
    assert code == 1, made.stdout + made.stderr  # the broken port fails the report
    # The broken Pascal port fails whether or not fpc is here (its transcript is wrong); a
    # port whose toolchain is missing is "not runnable here", not passed.
    java_missing = missing_toolchain("java")
    if java_missing is None:
        assert "6 ports: 5 passed, 1 failed, 0 not runnable here" in out
    else:
        assert "6 ports: 4 passed, 1 failed, 1 not runnable here" in out
    return target


def test_report_pages(site: Path) -> None:
    index = (site / "index.html").read_text("utf-8")
    assert '<td class="failed"><a href="ports/freecell/pascal.html">failed</a>' in index
    assert '<a href="diffs/freecell/pascal.html">diff</a>' in index
    java_missing = missing_toolchain("java")
    if java_missing is None:
        assert "javac/java" in index and "transcript only," not in index  # every port ran
    else:  # the Java cell says why it did not run, naming the package
        assert '<td class="not-runnable-here"><a href="ports/freecell/java.html">' in index
        assert f'title="{java_missing}">transcript only</span>' in index
    diff = (site / "diffs/freecell/pascal.html").read_text("utf-8")
    assert "case game-1, line 6" in diff
    assert '<span class="add">+6♦ 8♠ 8♦ Q♠ 6♣ 3♦ 8♣ T♦</span>' in diff  # coloured
    goldens = (site / "goldens.html").read_text("utf-8")
    assert "printed output of Игра(617)" in goldens
    assert (site / "ports/freecell/index.html").is_file()  # every language side by side


def test_report_in_chromium(site: Path) -> None:
    chromium = find_chromium()
    need(chromium, "chromium not found: install Debian's chromium to read the report")
    browser = Chromium(chromium)
    try:
        seen, todo, problems = set(), [(site / "index.html").as_uri()], []
        first = None
        while todo:
            url = todo.pop()
            if url in seen:
                continue
            seen.add(url)
            visit = browser.visit(url, screenshot=first is None)
            first = first or visit
            problems += [f"{url}: {p}" for p in visit.problems]
            for link in visit.links:
                why = broken(link, site)
                if why:
                    problems.append(f"{url}: link {link}: {why}")
                elif urldefrag(link)[0] not in seen:
                    todo.append(urldefrag(link)[0])
    finally:
        browser.close()
    assert problems == []
    pages = {p.as_uri() for p in site.rglob("*.html")}
    assert pages <= seen  # every page is reachable from the matrix
    assert first is not None
    assert_picture(first.screenshot, 1280, 900)
    SCREENSHOTS.mkdir(exist_ok=True)
    (SCREENSHOTS / "report-index.png").write_bytes(first.screenshot)


def assert_picture(png: bytes, width: int, height: int) -> None:
    """A real screenshot: a PNG of the window's size, not one flat colour."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    assert struct.unpack(">II", png[16:24]) == (width, height)
    assert len(png) > 20_000  # a blank page compresses to a few hundred bytes


def test_the_checker_finds_what_is_wrong(tmp_path: Path) -> None:
    """The browser check can fail: a console error and a dead link are found."""
    chromium = find_chromium()
    need(chromium, "chromium not found: install Debian's chromium to read the report")
    page = tmp_path / "bad.html"
    page.write_text('<!DOCTYPE html><html><body><a href="gone.html">x</a><a href="#nope">y'
                    '</a><script>console.error("broken page")</script></body></html>',
                    encoding="utf-8")
    browser = Chromium(chromium)
    try:
        visit = browser.visit(page.as_uri())
    finally:
        browser.close()
    assert any("broken page" in p for p in visit.problems)
    assert [broken(link, tmp_path) for link in visit.links] == ["no such page",
                                                                "no element #nope"]


def test_report_refuses_a_folder_that_is_not_a_report(project_copy: Path, capsys,
                                                      tmp_path: Path) -> None:
    precious = tmp_path / "home"
    precious.mkdir()
    (precious / "thesis.tex").write_text("years of work", encoding="utf-8")
    code, _, err = portcheck(capsys, "report", "-o", str(precious))
    assert code == 2 and "not empty and not an earlier report" in one_error_line(err)
    assert (precious / "thesis.tex").read_text(encoding="utf-8") == "years of work"


A4_LANDSCAPE_PX = round((297 - 2 * 10) / 25.4 * 96)  # the page's width within its margins
COLUMNS = """(() => {
  const width = document.documentElement.clientWidth;
  const boxes = [...document.querySelectorAll('.columns > section')]
    .map(s => s.getBoundingClientRect());
  return {width, scroll: document.documentElement.scrollWidth,
          left: Math.min(...boxes.map(b => b.left)), right: Math.max(...boxes.map(b => b.right)),
          sections: boxes.length, across: new Set(boxes.map(b => Math.round(b.left))).size,
          cut: [...document.querySelectorAll('.columns pre')]
                 .filter(p => p.scrollWidth > p.clientWidth + 1).length};
})()"""


def chromium_or_skip() -> Chromium:
    chromium = find_chromium()
    need(chromium, "chromium not found: install Debian's chromium to read the report")
    assert chromium is not None
    return Chromium(chromium)


def test_side_by_side_fits_a_1280_px_screen(site: Path) -> None:
    """Every language of the algorithm within the window: once 2.5 of 5 columns showed and
    the rest, and long lines, were cut off."""
    browser = chromium_or_skip()
    try:
        tab = browser.tab((site / "ports/freecell/index.html").as_uri(), 1280, 900)
        layout = tab.evaluate(COLUMNS)
        shot = tab.screenshot()
    finally:
        browser.close()
    assert layout["sections"] == 6  # bsl, bsl-article, java, kumir, pascal, python
    assert 1280 - 20 <= layout["width"] <= 1280  # the window, less its scroll bar
    assert layout["scroll"] <= layout["width"]  # nothing wider: no sideways scrolling
    assert 0 <= layout["left"] and layout["right"] <= layout["width"]
    assert layout["across"] == 2 and layout["cut"] == 0  # two columns, every line wrapped
    assert_picture(shot, 1280, 900)
    SCREENSHOTS.mkdir(exist_ok=True)
    (SCREENSHOTS / "report-side-by-side.png").write_bytes(shot)


def test_side_by_side_prints_on_a4_landscape(site: Path, tmp_path: Path) -> None:
    """Laid out for print (an A4 landscape page within its margins), every column is on the
    page; printed to PDF, the pages are A4 landscape and hold every language, every line of
    every program to its last word (Chromium leaves out of the PDF what falls off a page)."""
    need(shutil.which("pdfinfo") and shutil.which("pdftotext"),
         "pdfinfo and pdftotext not found: install Debian's poppler-utils")
    browser = chromium_or_skip()
    try:
        tab = browser.tab((site / "ports/freecell/index.html").as_uri(), A4_LANDSCAPE_PX,
                          800, media="print")
        layout = tab.evaluate(COLUMNS)
        printed = tab.print_to_pdf(preferCSSPageSize=True, printBackground=True)
    finally:
        browser.close()
    assert layout["sections"] == 6
    assert 0 <= layout["left"] and layout["right"] <= A4_LANDSCAPE_PX
    assert layout["scroll"] <= A4_LANDSCAPE_PX and layout["cut"] == 0
    assert layout["across"] == 2
    pdf = tmp_path / "freecell.pdf"
    pdf.write_bytes(printed)
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True)
    width, height = page_size(info.stdout)
    assert (round(width), round(height)) in ((842, 595), (842, 596))  # A4, landscape
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True,
                          text=True, check=True).stdout
    for title in ("1C", "1C — article", "Java", "КуМир", "Free Pascal", "Python"):
        assert re.search(rf"(^|\s){re.escape(title)}(\s|$)", text, re.M), title
    assert "J♦ K♠ K♣ 4♥" in text  # the outputs, printed
    words = printed_words(pdf)
    assert len(words) > 1000  # every program and output, not a page of headings
    # No column cut off: every word printed lies on its page, clear of its edges.
    beyond = [w for w in words if w[1] < 0 or w[2] > w[0]]
    assert not beyond, beyond[:5]
    plain = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True,
                           check=True).stdout
    programs = [p for p in (site.parent / "project/ports/freecell").glob("*/*")
                if p.suffix in (".bsl", ".java", ".kum", ".pas", ".py")]
    assert len(programs) == 6
    for program in programs:
        ends = [line.split()[-1] for line in program.read_text("utf-8-sig").splitlines()
                if line.strip()]
        assert [end for end in ends if end not in plain] == [], program
    SCREENSHOTS.mkdir(exist_ok=True)
    (SCREENSHOTS / "report-side-by-side.pdf").write_bytes(printed)


def printed_words(pdf: Path) -> list[tuple[float, float, float, str]]:
    """(page width, left, right, text) of every word of ``pdf``, from pdftotext -bbox."""
    found = subprocess.run(["pdftotext", "-bbox", str(pdf), "-"], capture_output=True,
                           text=True, check=True).stdout
    words, width = [], 0.0
    for line in found.splitlines():
        if page := re.search(r'<page width="([0-9.]+)"', line):
            width = float(page.group(1))
        elif word := re.search(r'<word xMin="([-0-9.]+)" yMin="[-0-9.]+" '
                               r'xMax="([-0-9.]+)" yMax="[-0-9.]+">(.*)</word>', line):
            words.append((width, float(word.group(1)), float(word.group(2)), word.group(3)))
    return words


def page_size(pdfinfo: str) -> tuple[float, float]:
    found = re.search(r"Page size:\s+([0-9.]+) x ([0-9.]+) pts", pdfinfo)
    assert found, pdfinfo
    return float(found.group(1)), float(found.group(2))


def test_failures_are_red_and_columns_are_headed_by_languages(site: Path) -> None:
    browser = chromium_or_skip()
    try:
        tab = browser.tab((site / "index.html").as_uri())
        colours = tab.evaluate("[...document.querySelectorAll('td.failed, td.failed a')]"
                               ".map(e => getComputedStyle(e).color)")
        headers = tab.evaluate("[...document.querySelectorAll('.matrix thead th')]"
                               ".map(th => th.innerText.replace(/\\s+/g, ' ').trim())")
    finally:
        browser.close()
    assert colours and set(colours) == {"rgb(180, 35, 24)"}  # --fail, the link too
    assert headers == ["algorithm", "1C", "1C article", "Java", "КуМир", "Free Pascal",
                       "Python"]


def test_the_goldens_page_shows_the_expected_outputs(site: Path) -> None:
    goldens = (site / "goldens.html").read_text(encoding="utf-8")
    assert "<th>expected output</th>" in goldens
    assert f'<pre class="output">{freecell.output(617)}</pre>' in goldens


def test_a_pdf_handout_per_algorithm(site: Path) -> None:
    need(available() is None, f"no PDF here: {available()}")
    need(shutil.which("pdfinfo"), "pdfinfo not found: install Debian's poppler-utils")
    handout = site / "handouts" / "freecell.pdf"
    assert handout.read_bytes().startswith(b"%PDF")
    info = subprocess.run(["pdfinfo", str(handout)], capture_output=True, text=True,
                          check=True).stdout
    width, height = page_size(info)
    assert width > height  # landscape
    index = (site / "index.html").read_text(encoding="utf-8")
    assert 'href="handouts/freecell.pdf"' in index
    side = (site / "ports/freecell/index.html").read_text(encoding="utf-8")
    assert 'href="../../handouts/freecell.pdf"' in side
