"""Publishing the suite: teaching listings of ports (``portcheck listing``), the static
verification site (``portcheck report``), the algorithms' reference pages, and the Pygments
lexers of the languages Pygments does not know (``lexers/``)."""
