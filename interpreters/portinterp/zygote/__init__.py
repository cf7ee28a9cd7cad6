"""The zygote: a process that has imported every interpreter once and forks a child per
run (``server``), each child becoming the run (``child``); ``python -m portinterp.zygote FD``
starts it.  The messages between a harness and the zygote are ``protocol``'s."""
