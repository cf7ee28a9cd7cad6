"""Mutation testing: how many mutants of a port's program its golden cases catch
(``portcheck mutate``; docs/mutation.md)."""
