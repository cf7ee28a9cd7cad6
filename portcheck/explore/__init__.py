"""Exploring beyond the cases: template ports run on random inputs against the reference
(``fuzz``, a failing input shrunk) and on every input of a range (``exhaustive``)."""
