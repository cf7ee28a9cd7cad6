"""Parameter types (``portcheck.suite.params``) and how the command line builds a case from them:
a word input's errors list the words, an input with a default may be left out, and the case
is named by the inputs in the order the algorithm declares them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from portcheck.errors import UsageError
from portcheck.suite.algorithms import Algorithm
from portcheck.suite.params import ChoiceParam, IntParam


def algorithm(**params: object) -> Algorithm:
    return Algorithm("demo", "Demo", Path("demo.py"), params, {}, {})  # type: ignore[arg-type]


def test_an_unknown_word_lists_the_known_ones() -> None:
    with pytest.raises(ValueError, match=r"'nope' is not one of classic\|letters"):
        ChoiceParam(("classic", "letters")).parse("nope")


def test_a_default_must_be_one_of_the_choices() -> None:
    with pytest.raises(ValueError, match="default 'maybe' is not one of the choices"):
        ChoiceParam(("forbidden", "allowed"), default="maybe")


def test_an_input_with_a_default_may_be_left_out() -> None:
    demo = algorithm(fleet=ChoiceParam(("classic", "pair")), seed=IntParam(0, 9),
                     touching=ChoiceParam(("forbidden", "allowed"), default="forbidden"))
    case = demo.case_from_args(["seed=7", "fleet=pair"])
    assert case.params == {"fleet": "pair", "seed": 7, "touching": "forbidden"}
    assert case.id == "fleet-pair-seed-7-touching-forbidden"
    assert demo.case_from_args(["fleet=pair", "seed=7", "touching=allowed"]).params[
        "touching"] == "allowed"


def test_an_input_without_a_default_is_still_required() -> None:
    demo = algorithm(fleet=ChoiceParam(("classic",)),
                     touching=ChoiceParam(("forbidden", "allowed"), default="forbidden"))
    with pytest.raises(UsageError, match=r"missing input fleet \(inputs: fleet=classic, "
                                         r"touching=forbidden\|allowed \(default forbidden\)\)"):
        demo.case_from_args([])


def test_a_choice_subclass_carries_its_extra_fields_as_data() -> None:
    """battleship's ``FleetChoice`` carries its fleets for the templates
    (``params.fleet.fleets``): they cross from the reference's process as plain data, each
    object with its fields and properties, and no code."""
    import dataclasses

    from portcheck.suite.params import param_data, param_from_data

    @dataclasses.dataclass(frozen=True)
    class Box:
        rows: tuple[str, ...]

        @property
        def height(self) -> int:
            return len(self.rows)

    @dataclasses.dataclass(frozen=True)
    class BoxChoice(ChoiceParam):
        boxes: tuple[Box, ...] = ()

    told = param_from_data(json.loads(json.dumps(param_data(
        BoxChoice(("a",), "h", boxes=(Box(("..", "#.")),))))))
    assert isinstance(told, ChoiceParam) and told.choices == ("a",)
    box = told.boxes[0]  # type: ignore[attr-defined]
    assert (box.rows, box.height) == (("..", "#."), 2)
