"""Nothing outside the run's own folder is written, replaced or read into a report (issue
29): files portcheck writes replace only regular files (never a link, a device, a FIFO);
files of the suite are regular files really inside it; a FIFO or a link to ``/dev/zero``
among them, or given as ``--stdin``/``--normalize``, is one line, not a hang."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from portcheck.errors import UsageError
from tests.helpers.cli import one_error_line, portcheck, portcheck_process, write

PYTHON_PORT = Path("ports/freecell/python")


# --- what portcheck writes ------------------------------------------------------------------


def _listing(capsys: pytest.CaptureFixture[str], target: Path) -> tuple[int, str]:
    code, _, err = portcheck(capsys, "listing", "freecell", "--lang", "python", "-o",
                             str(target))
    return code, err


def test_an_output_that_is_a_link_is_refused_and_left_alone(
        project_copy: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    precious = write(tmp_path / "precious.txt", "keep me\n")
    link = tmp_path / "out.md"
    link.symlink_to(precious)
    code, err = _listing(capsys, link)
    assert code == 2
    assert "a symbolic link" in one_error_line(err)
    assert link.is_symlink() and precious.read_text(encoding="utf-8") == "keep me\n"


def test_an_output_link_to_a_descriptor_is_refused(project_copy: Path, tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    """``--junit-xml /proc/self/fd/1`` replaced the link with a file of mode 0666."""
    link = tmp_path / "fd"
    link.symlink_to("/proc/self/fd/1")
    code, _, err = portcheck(capsys, "verify", "freecell", "--lang", "python",
                             "--junit-xml", str(link))
    assert code == 2
    assert "a symbolic link" in one_error_line(err)
    assert link.is_symlink()


def test_an_output_that_is_a_fifo_or_device_is_not_replaced(
        project_copy: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``listing -o /dev/full`` replaced the device node with a regular file; a FIFO
    stands in for the device here (a test may not touch /dev)."""
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    code, err = _listing(capsys, fifo)
    assert code == 2
    assert "a FIFO" in one_error_line(err)
    assert stat.S_ISFIFO(fifo.lstat().st_mode)
    code, err = _listing(capsys, Path("/dev/full"))
    assert code == 2 and "a character device" in one_error_line(err)
    assert stat.S_ISCHR(Path("/dev/full").lstat().st_mode)


def test_a_golden_that_is_a_link_is_not_replaced(project_copy: Path, tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    golden = project_copy / "golden" / "freecell.yaml"
    elsewhere = tmp_path / "elsewhere.yaml"
    elsewhere.write_bytes(golden.read_bytes().replace(b"game-1:", b"game-1:", 1))
    text = elsewhere.read_text(encoding="utf-8")
    cut = text.index("  game-617:")
    elsewhere.write_text(text[:cut], encoding="utf-8")  # a case missing: update would write
    golden.unlink()
    golden.symlink_to(elsewhere)
    code, _, err = portcheck(capsys, "golden", "update", "freecell")
    assert code == 2
    assert "a symbolic link" in err or "outside" in err
    assert golden.is_symlink()
    assert elsewhere.read_text(encoding="utf-8") == text[:cut]


# --- what portcheck reads -------------------------------------------------------------------


def test_a_transcript_linked_out_of_the_suite_is_never_read(
        project_copy: Path, capsys: pytest.CaptureFixture[str]) -> None:
    transcript = project_copy / PYTHON_PORT / "transcript.txt"
    transcript.unlink()
    transcript.symlink_to("/etc/passwd")
    for words in (("verify", "freecell", "--lang", "python"),
                  ("listing", "freecell", "--lang", "python")):
        code, out, err = portcheck(capsys, *words)
        assert code == 2, out
        assert "outside the port's folder" in one_error_line(err)
        assert "root:" not in out + err


@pytest.mark.parametrize("which", ["port.yaml", "transcript.txt", "golden"])
def test_a_suite_file_that_is_a_fifo_is_one_line_not_a_hang(project_copy: Path,
                                                             which: str) -> None:
    path = (project_copy / "golden" / "freecell.yaml" if which == "golden"
            else project_copy / PYTHON_PORT / which)
    path.unlink()
    os.mkfifo(path)
    done = portcheck_process("verify", "freecell", "--lang", "python", cwd=project_copy,
                             timeout=60)
    assert done.returncode == 2, done.stdout + done.stderr
    assert "not a regular file" in one_error_line(done.stderr)


@pytest.mark.parametrize("which", ["transcript.txt", "golden"])
def test_a_suite_file_linked_to_dev_zero_is_one_line(project_copy: Path, which: str) -> None:
    path = (project_copy / "golden" / "freecell.yaml" if which == "golden"
            else project_copy / PYTHON_PORT / which)
    path.unlink()
    path.symlink_to("/dev/zero")
    done = portcheck_process("verify", "freecell", "--lang", "python", cwd=project_copy,
                             timeout=60)
    assert done.returncode == 2, done.stdout + done.stderr
    line = one_error_line(done.stderr)
    assert "outside" in line or "a character device" in line


def test_a_template_piece_that_is_a_fifo_is_one_line(project_copy: Path) -> None:
    piece = project_copy / "templates" / "python" / "_freecell_fifo.j2"
    os.mkfifo(piece)
    template = project_copy / "templates" / "python" / "freecell.py.j2"
    write(template, '{% include "python/_freecell_fifo.j2" %}\n'
          + template.read_text(encoding="utf-8"))
    done = portcheck_process("render", "check", "freecell", "--lang", "python",
                             cwd=project_copy, timeout=60)
    assert done.returncode == 2, done.stdout + done.stderr
    assert "not a regular file" in one_error_line(done.stderr)


@pytest.mark.parametrize("option", ["--stdin", "--normalize"])
def test_dev_zero_as_an_input_file_is_one_line(project_copy: Path, option: str) -> None:
    done = portcheck_process("check", "freecell", str(PYTHON_PORT / "freecell.py"),
                             "--cases", "game-1", option, "/dev/zero", cwd=project_copy,
                             timeout=60)
    assert done.returncode == 2, done.stdout + done.stderr
    assert "/dev/zero: a character device, not a regular file" in one_error_line(done.stderr)


# --- one line for what YAML or Python cannot read -------------------------------------------


@pytest.mark.parametrize("text, line, words", [
    ("note: a\x00b\n", 8, "U+0000 is not allowed"),
    (f"note: {'9' * 5000}\n", 8, "a whole number of 5000 digits"),
])
def test_what_yaml_cannot_read_is_one_line_with_its_line(
        project_copy: Path, capsys: pytest.CaptureFixture[str], text: str, line: int,
        words: str) -> None:
    port_yaml = project_copy / PYTHON_PORT / "port.yaml"
    write(port_yaml, port_yaml.read_text(encoding="utf-8") + text)
    code, _, err = portcheck(capsys, "verify", "freecell", "--lang", "python")
    assert code == 2
    error = one_error_line(err)
    assert error.startswith(f"portcheck: error: {port_yaml}:{line}:"), error
    assert words in error


def test_a_huge_number_in_a_golden_is_one_line(project_copy: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    golden = project_copy / "golden" / "freecell.yaml"
    text = golden.read_text(encoding="utf-8")
    write(golden, text.replace("game: 1\n", f"game: {'1' * 4400}\n", 1))
    code, _, err = portcheck(capsys, "golden", "check", "freecell")
    assert code == 2
    assert "a whole number of 4400 digits" in one_error_line(err)


# --- report -o DIR ----------------------------------------------------------------------------


def test_report_never_deletes_a_sibling_it_did_not_make(tmp_path: Path) -> None:
    """An earlier report is moved aside to a name made for it; ``.site.old``, whatever it
    holds, was deleted."""
    from portcheck.publish.site import MARKER, _replace

    target = write(tmp_path / "site" / MARKER, "written by portcheck report\n").parent
    sibling = write(tmp_path / ".site.old" / "notes.txt", "mine\n").parent
    work = write(tmp_path / "new" / "index.html", "<p>new</p>\n").parent
    _replace(work, target)
    assert (sibling / "notes.txt").read_text(encoding="utf-8") == "mine\n"
    assert (target / "index.html").is_file()
    assert sorted(p.name for p in tmp_path.iterdir()) == [".site.old", "site"]


def test_report_to_a_link_is_refused_and_the_folder_left_alone(
        project_copy: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    real = write(tmp_path / "real" / "keep.txt", "keep\n").parent
    link = tmp_path / "site"
    link.symlink_to(real)
    code, _, err = portcheck(capsys, "report", "-o", str(link))
    assert code == 2 and "a symbolic link" in one_error_line(err)
    assert link.is_symlink() and (real / "keep.txt").read_text(encoding="utf-8") == "keep\n"


def test_a_full_disk_under_report_names_the_folder(project_copy: Path, tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    import errno

    from portcheck.publish import site
    from portcheck.suite.project import find_project
    from portcheck.verify.checks import CheckContext
    from portcheck.verify.execution import RunSettings

    def full(*_: object) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(site.Pages, "write_all", full)
    project = find_project()
    target = tmp_path / "out" / "site"
    with pytest.raises(UsageError) as raised:
        site.write_site(project, CheckContext(project, RunSettings()), [], [], target)
    assert str(raised.value) == f"{target}: cannot write the report: No space left on device"
    assert list(target.parent.iterdir()) == []  # the half-made site is gone


# --- caches: data portcheck sealed, never code someone planted ---------------------------------


def test_a_planted_build_entry_is_never_run(tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """A shared or restored build cache: an entry with a manifest that matches its files
    but was not sealed by this user's portcheck (a binary that prints the goldens would be
    a false pass) is thrown away and built again."""
    import hashlib
    import json

    from portcheck.runners.cache import MANIFEST, BuildCache, write_manifest

    monkeypatch.setenv("PORTCHECK_CACHE_KEY", str(tmp_path / "key"))
    from portcheck.files import sealed

    sealed.key.cache_clear()
    cache = BuildCache(tmp_path / "cache")
    entry = cache.entry_dir("fpc", "k" * 64)
    binary = write(entry / "freecell", "#!/bin/sh\ncat golden.txt\n")
    data = binary.read_bytes()
    (entry / MANIFEST).write_text(json.dumps(
        {"freecell": [len(data), hashlib.sha256(data).hexdigest()]}), encoding="utf-8")
    assert cache.lookup("fpc", "k" * 64) is None  # planted: discarded
    assert not entry.exists()
    write(entry / "freecell", "built here\n")
    write_manifest(entry)  # what this portcheck publishes is found again
    assert cache.lookup("fpc", "k" * 64) == entry
    sealed.key.cache_clear()
