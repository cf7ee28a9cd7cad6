"""Only for tests/bsl, tests/kumir and tests/arsac, which import this helper by its bare name
until they move to interpreters/tests: the helper is ``tests.helpers.reference`` (delete this
file then)."""

from tests.helpers.reference import REPO, dice, freecell

__all__ = ["REPO", "dice", "freecell"]
