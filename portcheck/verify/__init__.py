"""Verification: the run plan of each port, its checks (transcript, run, fresh, deep,
limits) and how a program is run for them, the checks of many ports run at once, and the
report, the JUnit XML and the results they are made of."""
