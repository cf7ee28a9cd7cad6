"""What a person at a terminal sees and does: portcheck's own output streams, coloured diffs,
the progress line, program text clipped for a report, sizes written as people write them, and
the signals (Ctrl-C, SIGTERM, SIGHUP) that stop portcheck."""
