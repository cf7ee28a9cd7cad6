"""The rules of Exercism's test-runner ``results.json`` (version 3) that portcheck's
``--format json`` follows (docs/grading.md), as one assertion a test makes of a document."""

from __future__ import annotations

from typing import Any

STATUSES = ("pass", "fail", "error")
OUTPUT_LIMIT = 500


def assert_results_json(document: Any) -> None:
    """``document`` is one results.json object by the interface's rules: ``version`` 3, a
    top-level ``status`` that follows its tests', a ``message`` exactly when it is
    ``error``; each test a ``name``, a ``status``, a ``message`` null exactly when it
    passed, a ``test_code``, and an ``output`` of at most 500 characters where there is
    one."""
    assert isinstance(document, dict)
    assert document["version"] == 3
    tests = document["tests"]
    assert isinstance(tests, list)
    statuses = [test["status"] for test in tests]
    if not tests or all(status == "error" for status in statuses):
        assert document["status"] == "error"
    else:
        assert document["status"] == ("pass" if set(statuses) == {"pass"} else "fail")
    if document["status"] == "error":
        assert isinstance(document["message"], str) and document["message"]
    else:
        assert document.get("message") is None
    names = [test["name"] for test in tests]
    assert len(names) == len(set(names)), "each test named once"
    for test in tests:
        assert isinstance(test["name"], str) and test["name"]
        assert test["status"] in STATUSES
        assert isinstance(test["test_code"], str) and test["test_code"]
        if test["status"] == "pass":
            assert test["message"] is None
        else:
            assert isinstance(test["message"], str) and test["message"]
        if "output" in test:
            assert isinstance(test["output"], str) and len(test["output"]) <= OUTPUT_LIMIT
        assert set(test) <= {"name", "status", "message", "output", "test_code", "task_id"}
