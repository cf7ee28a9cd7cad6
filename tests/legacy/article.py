"""Only for tests/bsl, which imports this helper by its bare name until it moves to
interpreters/tests: the helper is ``tests.helpers.article`` (delete this file then)."""

from tests.helpers.article import article_deals

__all__ = ["article_deals"]
