"""The order verify starts its ports in (``portcheck.verify.schedule``): the slowest first, as
the last verify timed them; timings that cannot be read are no timings."""

from __future__ import annotations

from pathlib import Path

from portcheck.verify.schedule import load_timings, save_timings, slowest_first


def test_slowest_first_and_timings_that_cannot_be_read(tmp_path: Path) -> None:
    class Port:
        def __init__(self, name: str) -> None:
            self.id = name

    ports = [Port(name) for name in ("a", "b", "c", "d")]
    path = tmp_path / "timings.json"
    save_timings({"a": 1.0, "b": 5.0, "c": 0.5}, path)
    save_timings({"c": 7.0}, path)
    assert load_timings(path) == {"a": 1.0, "b": 5.0, "c": 7.0}
    assert [p.id for p in slowest_first(ports, load_timings(path))] == ["d", "c", "b", "a"]
    path.write_text("{not json", encoding="utf-8")
    assert load_timings(path) == {}
    assert [p.id for p in slowest_first(ports, {})] == ["a", "b", "c", "d"]
