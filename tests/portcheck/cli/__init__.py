"""Tests of the command line: one file per subcommand, test_main.py for what every
subcommand shares."""
