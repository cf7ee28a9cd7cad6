"""The report's matrix: algorithms down, port folders across, one verification a cell."""

from __future__ import annotations

from dataclasses import dataclass, field

from portcheck.publish.verification import Outcome, Verification
from portcheck.suite.languages import Language


@dataclass(frozen=True)
class Cell:
    verification: Verification
    listing: str  # the port's listing page, relative to the site's root
    diff: str | None  # the page of its failures, when it failed

    @property
    def outcome(self) -> Outcome:
        return self.verification.outcome

    @property
    def css(self) -> str:
        return self.outcome.value.replace(" ", "-")

    @property
    def run_seconds(self) -> float | None:
        run = self.verification.result("run")
        return run.seconds if run is not None and run.seconds else None


@dataclass(frozen=True)
class Row:
    algorithm: str
    title: str
    cells: list[Cell | None]  # one per column; None: no port of that name
    side_by_side: str  # the algorithm's page of every port, relative to the root

    @property
    def handout(self) -> str:
        """The algorithm's PDF handout, relative to the root."""
        return f"handouts/{self.algorithm}.pdf"


@dataclass(frozen=True)
class Column:
    """A column of the matrix: a port folder, headed by its language's title (``1C``,
    ``КуМир``) and, for a folder that is not the language's own, what the folder adds
    (``article``)."""

    folder: str
    title: str
    note: str = ""


@dataclass(frozen=True)
class Matrix:
    columns: list[str]
    rows: list[Row]
    headers: list[Column] = field(default_factory=list)

    def count(self, outcome: Outcome) -> int:
        return sum(1 for row in self.rows for cell in row.cells
                   if cell is not None and cell.outcome == outcome)


def listing_page(verification: Verification) -> str:
    port = verification.port
    return f"ports/{port.algorithm}/{port.folder.name}.html"


def diff_page(verification: Verification) -> str:
    port = verification.port
    return f"diffs/{port.algorithm}/{port.folder.name}.html"


def algorithm_page(algorithm: str) -> str:
    return f"ports/{algorithm}/index.html"


def build_matrix(titles: dict[str, str], verifications: list[Verification]) -> Matrix:
    """``titles``: every algorithm (name -> title), those without ports included."""
    columns = sorted({v.port.folder.name for v in verifications})
    cells = {(v.port.algorithm, v.port.folder.name): Cell(
        v, listing_page(v), diff_page(v) if v.outcome == Outcome.FAILED else None)
        for v in verifications}
    rows = [Row(name, title, [cells.get((name, column)) for column in columns],
                algorithm_page(name))
            for name, title in sorted(titles.items())]
    languages = {v.port.folder.name: v.port.lang for v in verifications}
    return Matrix(columns, rows, [header(folder, languages[folder]) for folder in columns])


def header(folder: str, language: Language) -> Column:
    note = "" if folder == language.name else folder.removeprefix(f"{language.name}-")
    return Column(folder, language.title, note)
