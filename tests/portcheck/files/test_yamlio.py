"""The suite's YAML files are parsed once per run (``portcheck.files.yamlio``), even when
threads read one at the same time."""

from __future__ import annotations

from pathlib import Path

import pytest

from portcheck.cli.main import main
from portcheck.files import yamlio


def test_verify_reads_each_file_of_the_suite_once(project_copy: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    parsed: list[Path] = []
    real_parse = yamlio._parse

    def counting(path: Path, text: str) -> yamlio.YamlDocument:
        parsed.append(path)
        return real_parse(path, text)

    monkeypatch.setattr(yamlio, "_parse", counting)
    monkeypatch.setattr(yamlio, "_READ", {})
    assert main(["verify", "freecell"]) == 0
    assert sorted(p.name for p in parsed).count("freecell.yaml") == 1
    # the golden, and the one port.yaml (bsl-article's: the template ports need none)
    assert len(parsed) == len(set(parsed)) == 1 + 1


def test_threads_that_read_one_file_at_once_parse_it_once(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """verify's golden check and its ports' checks read the same golden at the same time:
    the second waits for the first's parse instead of parsing it again."""
    import threading
    import time

    path = tmp_path / "one.yaml"
    path.write_text("a: 1\n", encoding="utf-8")
    parsed: list[Path] = []
    real_parse = yamlio._parse

    def slow(path: Path, text: str) -> yamlio.YamlDocument:
        parsed.append(path)
        time.sleep(0.2)  # long enough for the other thread to ask meanwhile
        return real_parse(path, text)

    monkeypatch.setattr(yamlio, "_parse", slow)
    monkeypatch.setattr(yamlio, "_READ", {})
    documents: list[yamlio.YamlDocument] = []
    threads = [threading.Thread(target=lambda: documents.append(yamlio.read_yaml(path)))
               for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert parsed == [path]
    assert len(documents) == 4 and all(d.data == {"a": 1} for d in documents)
