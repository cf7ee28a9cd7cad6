"""``portcheck listing ALGO --lang L [NAME=VALUE…]``: a port as a teaching listing
(highlighted source, then its output as verified) in Markdown, HTML, LaTeX or PDF; with
inputs, for a case that need not be a golden one (the template rendered and run for it,
checked against the reference computed now: a lesson's own example); ``--all-languages``:
every port side by side (``portcheck.publish``)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from portcheck.cli.options import (
    ALGO,
    LANG,
    NAME_VALUE,
    add_run_options,
    case_ids,
    check_engine,
    command,
    settings_of,
)
from portcheck.errors import CheckFailed, UsageError
from portcheck.files.yamlio import write_atomic
from portcheck.publish.formats import FORMATS, SIDE_BY_SIDE_FORMATS
from portcheck.suite.ports import Port, find_ports
from portcheck.suite.project import Project, find_project
from portcheck.terminal import output as terminal

if TYPE_CHECKING:
    from portcheck.publish.listing import Listing

NAME = "listing"
TRAILING = "inputs"


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = command(sub, NAME, "a port as a teaching listing: highlighted source, then its "
                           "output as verified",
                "A port's program with its output as verified (md, html, tex, pdf); with "
                "inputs (NAME=VALUE), a template port rendered and run for them and checked "
                "against the reference on the fly; --all-languages: every port side by side.",
                [("portcheck listing freecell --lang java", "Markdown on stdout"),
                 ("portcheck listing freecell --lang pascal --cases game-617 --format html "
                  "-o deal.html", ""),
                 ("portcheck listing queens --lang kumir n=6 --format pdf -o queens6.pdf",
                  "inputs that are no golden case"),
                 ("portcheck listing freecell --all-languages --format pdf -o freecell.pdf",
                  "")],
                ALGO, NAME_VALUE, LANG)
    p.add_argument("algorithm", metavar="ALGO")
    p.add_argument("inputs", nargs="*", metavar="NAME=VALUE",
                   help="inputs of one case, golden or not: a template port is rendered and "
                        "run for it, and its output checked against the reference computed "
                        "now")
    which = p.add_mutually_exclusive_group()
    which.add_argument("--lang", metavar="L", help="the language or port folder (bsl-article)")
    which.add_argument("--all-languages", action="store_true",
                       help="every port side by side (html or pdf)")
    p.add_argument("--format", choices=FORMATS, default="md")
    p.add_argument("--cases", action="append", metavar="ID,ID",
                   help="only these cases (a template port is rendered and run for them)")
    p.add_argument("--as-printed", action="store_true",
                   help="an article port as the article printed it, its errata marked")
    p.add_argument("-o", "--output", metavar="FILE", help="default: standard output")
    add_run_options(p)


def handle(args: argparse.Namespace) -> int:
    # imported here: Pygments, the HTML templates and WeasyPrint, which every other command
    # would pay for at start-up
    from portcheck.publish.formats.html import handout, side_by_side
    from portcheck.publish.formats.pdf import pdf
    from portcheck.publish.listing import build_listing
    from portcheck.verify.checks import CheckContext  # nor `listing --help` the checks

    project = find_project()
    algorithm = project.algorithm(args.algorithm)
    ports = [p for p in find_ports(project) if p.algorithm == algorithm.name]
    context = CheckContext(project, settings_of(args))
    cases = case_ids(args.cases) or []
    case = algorithm.case_from_args(args.inputs) if args.inputs else None
    if case is not None and cases:
        raise UsageError("give the inputs of one case (NAME=VALUE) or --cases, not both")
    if case is not None and args.all_languages:
        ports = [p for p in ports if p.template is not None]
        if not ports:
            raise UsageError(f"{algorithm.name} has no template port: only a template can be "
                             "rendered for other inputs")
    if args.all_languages:
        if args.format not in SIDE_BY_SIDE_FORMATS:
            raise UsageError(f"--all-languages writes {' or '.join(SIDE_BY_SIDE_FORMATS)}, "
                             f"not {args.format}")
        printing = [port for port in _printing(ports, cases)
                    if case is None or port.why_not(case) is None]
        check_engine(args.engine, (port.language for port in printing))
        listings = [build_listing(context, port, cases or None, inputs=case)
                    for port in printing]
        _refuse_failed(listings)
        title = f"{algorithm.title}: every language"
        if args.format == "html":
            return _emit(side_by_side(title, listings), args.output)
        return _emit(pdf(handout(title, listings)), args.output)
    port = choose_port(project, ports, algorithm.name, args.lang)
    check_engine(args.engine, [port.language])
    listing = build_listing(context, port, cases or None, printed=args.as_printed,
                            inputs=case)
    _refuse_failed([listing])
    return _emit(format_listing(listing, args.format), args.output)


def _printing(ports: list[Port], cases: list[str]) -> list[Port]:
    """The ports that can show ``cases``: templates (rendered for them) and the others
    that print all of them."""
    if not ports:
        raise UsageError("this algorithm has no ports")
    chosen = [p for p in ports if not cases or p.template is not None
              or all(c in p.cases for c in cases)]
    if not chosen:
        raise UsageError(f"no port prints the cases {', '.join(cases)}")
    return chosen


def format_listing(listing: Listing, form: str) -> str | bytes:
    from portcheck.publish.formats.html import html
    from portcheck.publish.formats.latex import tex
    from portcheck.publish.formats.markdown import markdown
    from portcheck.publish.formats.pdf import pdf

    if form == "md":
        return markdown(listing)
    if form == "html":
        return html(listing)
    if form == "tex":
        return tex(listing)
    return pdf(html(listing))


def choose_port(project: Project, ports: list[Port], algorithm: str,
                lang: str | None) -> Port:
    """The port ``--lang`` names: a port folder (``bsl-article``), else the one port of
    that language."""
    folders = ", ".join(p.folder.name for p in ports) or "none"
    if lang is None:
        raise UsageError(f"name a port with --lang (ports of {algorithm}: {folders}), "
                         "or use --all-languages")
    by_folder = [p for p in ports if p.folder.name == lang]
    matching = by_folder or [p for p in ports if p.language == lang]
    if len(matching) != 1:
        problem = "no port" if not matching else "several ports"
        raise UsageError(f"{problem} of {algorithm} for --lang {lang} (its ports: {folders})")
    return matching[0]


def _refuse_failed(listings: list[Listing]) -> None:
    """A listing shows output as verified: a port that fails is reported, not printed."""
    from portcheck.publish.verification import Outcome

    failed = [listing for listing in listings
              if listing.verification.outcome == Outcome.FAILED]
    for listing in failed:
        for result in listing.verification.failures:
            print(f"FAIL {listing.port.id}::{result.kind}: {result.message}", file=sys.stderr)
            if result.detail:
                print(result.detail.rstrip(), file=sys.stderr)
    if failed:
        print("portcheck: no listing written: its output is not verified", file=sys.stderr)
        raise CheckFailed()


def _emit(content: str | bytes, output: str | None) -> int:
    if output is None:
        if isinstance(content, bytes):
            if sys.stdout.isatty():
                raise UsageError("a PDF is not for the terminal: give -o FILE.pdf")
            sys.stdout.buffer.write(content)
        else:
            terminal.write_program_text(content)
        return 0
    path = Path(output)
    try:
        write_atomic(path, content)
    except OSError as error:
        raise UsageError(f"{path}: cannot write: {error.strerror}") from None
    print(f"wrote {path}", file=sys.stderr)
    return 0
