"""The processes portcheck starts, contained: each ends with everything it started
(``containment``), found in the process table (``proctable``).  Below the runners and the
suite: a port's run and the reference's process are both contained by it."""
